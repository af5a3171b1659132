/**
 * post-render on what Helm really sends (test/helm/corpus/helm.json, read through
 * test/helpers/vendor-corpus.ts; nothing of it is committed): Helm's own `helm template` golden
 * files at v3.21.4 and v4.0.0 (the `# Source:` framing, test hooks), the same charts in Helm 4's
 * plugin framing (test/helpers/helm.ts, itself checked against Helm's TestAnnotateAndMerge
 * cases), and vendors' Jobs under Istio and cloud-sql-proxy put into those charts as pre-upgrade
 * hooks. Linkerd's hook Job is in fixtures/helm/shop/rendered.yaml (test/helm/argocd.test.ts).
 * Files not available here skip with one line (fail under POD_SEQUENCER_REQUIRE_VENDOR=1).
 */
import { describe, expect, it } from 'vitest';
import { BIN, run } from '../helpers/cli.js';
import { annotate, FILENAME_ANNOTATION, helm3Chunk, helm3Chunks, helm3ToHelm4, helm4PluginProblems, helm4Stream, platformCommand } from '../helpers/helm.js';
import { availableCorpus, cite, corpusEntries, type CorpusEntry } from '../helpers/vendor-corpus.js';
import { describeWithVendor } from '../helpers/vendor-it.js';
import { join } from 'node:path';

const entries = corpusEntries(join(__dirname, 'corpus'));
const available = availableCorpus(entries, 'helm corpus');
const tagged = (tag: string) => available.filter((f) => f.e.tags?.includes(tag));
/** The list's first entry with `tag`, whether or not its file is here (describeWithVendor names it). */
const listed = (tag: string) => entries.find((e) => e.tags?.includes(tag));

const postRender = (input: string, args: string[] = []) =>
  run(process.execPath, [BIN, 'post-render', ...args], {
    input,
    env: { ...process.env, POD_SEQUENCER_CONFIG: '', POD_SEQUENCER_REPORT: '', HELM_PLUGIN_DIR: '' },
  });

/** A vendor's Job as a chart's pre-upgrade hook (the annotation Helm reads, as charts write it). */
const asHook = (job: string) =>
  annotate(job.replace(/^---\n/, '').replace(/\n---\s*$/, '\n'), '"helm.sh/hook"', 'pre-upgrade').replace(`'pre-upgrade'`, 'pre-upgrade');

/** What each vendor's hook Job must get so it completes. */
const FIXED: Record<string, RegExp> = {
  // The Job ends istio-proxy when its work ends: a native sidecar (no kubernetesVersion: 1.29 or later), or a wrapper.
  istio: /restartPolicy: Always|pod-sequencer-wrap|Job wrapper/,
  'cloud-sql-proxy': /startupProbe:|postStart:/, // the app starts once the proxy is ready
};

describeWithVendor("Helm 4's own postrenderer/v1 fixture", [listed('helm4-plugin')], () => {
  const fixture = tagged('helm4-plugin')[0];
  it('passes the loader rules test/helm/plugin.test.ts holds ours to, and its command is chosen as ours is', () => {
    expect(helm4PluginProblems(fixture!.text)).toEqual([]);
    expect(platformCommand(fixture!.text, 'linux', 'amd64', { HELM_PLUGIN_DIR: '/p' }, {})).toEqual({ main: '/p/sed-test.sh', args: [] });
  });
});

describeWithVendor('Helm 4 framing as Helm writes it (pkg/action/action_test.go TestAnnotateAndMerge)', [listed('helm4-plugin-input')], () => {
  const src = tagged('helm4-plugin-input')[0];
  it("test/helpers/helm.ts helm4Stream gives Helm's expected stream for every case", () => {
    const body = src!.text.slice(src!.text.indexOf('func TestAnnotateAndMerge('), src!.text.indexOf('func TestSplitAndDeannotate('));
    const cases = [...body.matchAll(/name:\s+"([^"]+)",\s+files:\s+map\[string\]string\{([\s\S]*?)\},\s+expected:\s+`([^`]*)`/g)];
    expect(cases.length).toBeGreaterThanOrEqual(5);
    for (const [, name, files, expected] of cases) {
      const map = Object.fromEntries([...files!.matchAll(/"([^"]+)":\s+`([^`]*)`/g)].map((m) => [m[1]!, m[2]!]));
      expect(helm4Stream(map), name).toBe(expected);
    }
  });
});

describe.each(tagged('helm-template').map((f) => [cite(f.e), f] as const))('%s', (_, { e, text }) => {
  it('Helm 3 framing: comes back byte for byte (nothing to fix), exit 0', () => {
    const r = postRender(text);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(text);
  });

  it('Helm 4 framing: comes back byte for byte, filename annotations kept', () => {
    const helm4 = helm3ToHelm4(text);
    expect(helm4).toContain(FILENAME_ANNOTATION);
    const r = postRender(helm4);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(helm4);
  });

  it('a malformed document: nothing on stdout, exit 1, one line naming its chart file (both framings)', () => {
    const chunks = helm3Chunks(text);
    const i = chunks.findIndex((c) => /^metadata:\n {2}name: /m.test(c.text));
    const broken = chunks.map((c, j) => (j === i ? c.text.replace(/^metadata:\n/m, 'metadata:\n  name: twice\n') : c.text)).join('');
    for (const [input, file] of [
      [broken, chunks[i]!.file],
      [helm3ToHelm4(broken), chunks[i]!.file],
    ] as const) {
      const r = postRender(input);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr.startsWith(`${file} (<stdin>:`), r.stderr).toBe(true);
    }
  });

  // The hook Jobs go into `helm template`'s main golden of each version (the others hold the same framing).
  describe.each((e.path.endsWith('/template.txt') ? tagged('hook-job') : []).map((f) => [cite(f.e), f] as const))(
    'with %s as a pre-upgrade hook',
    (_h, hook) => {
      const vendor = (hook.e.tags ?? []).find((t) => t in FIXED)!;
      const file = hook.e.path.startsWith('examples/') ? 'subchart/templates/migrate-job.yaml' : 'subchart/templates/pi-job.yaml';
      const chunks = helm3Chunks(text);
      const at = Math.floor(chunks.length / 2);
      const hookChunk = helm3Chunk(file, asHook(hook.text));
      const helm3 = [...chunks.slice(0, at).map((c) => c.text), hookChunk, ...chunks.slice(at).map((c) => c.text)].join('');

      it('Helm 3 framing: every other chunk byte-identical; the hook keeps its separator, # Source: and helm.sh annotations, gets the fix and the note', () => {
        const r = postRender(helm3);
        expect(r.code, r.stderr).toBe(0);
        const out = helm3Chunks(r.stdout);
        expect(out.map((c) => c.file)).toEqual([...chunks.slice(0, at).map((c) => c.file), file, ...chunks.slice(at).map((c) => c.file)]);
        out.forEach((c, j) => {
          if (j !== at) expect(c.text).toBe(j < at ? chunks[j]!.text : chunks[j - 1]!.text);
        });
        expect(out[at]!.text.startsWith(`---\n# Source: ${file}\n`)).toBe(true);
        expect(out[at]!.text).toContain('"helm.sh/hook": pre-upgrade');
        expect(out[at]!.text).toMatch(FIXED[vendor]!);
        expect(r.stderr).toMatch(new RegExp(`^${file}:\\d+: info `, 'm'));
        expect(r.stderr).toContain(`${file}: note: hook Job`);
        const again = postRender(r.stdout);
        expect(again.stdout).toBe(r.stdout);
        expect(again.stderr).not.toContain('note:');
      });

      it('Helm 4 framing: the same fix, the filename annotation kept, findings name the file, no Helm 3 note', () => {
        const input = helm3ToHelm4(helm3);
        const r = postRender(input);
        expect(r.code, r.stderr).toBe(0);
        const [inDocs, outDocs] = [input.split(/^---\n/m), r.stdout.split(/^---\n/m)];
        expect(outDocs).toHaveLength(inDocs.length);
        const j = inDocs.findIndex((d) => d.includes(`'${file}'`));
        outDocs.forEach((d, k) => {
          if (k !== j) expect(d).toBe(inDocs[k]);
        });
        expect(outDocs[j]).toContain(`${FILENAME_ANNOTATION}: '${file}'`);
        expect(outDocs[j]).toMatch(FIXED[vendor]!);
        expect(r.stderr).toMatch(new RegExp(`^${file}:\\d+: info `, 'm'));
        expect(r.stderr).not.toContain('note:');
      });
    },
  );
});

describe('the empty-output rule on Helm input', () => {
  it('empty in, empty out (exit 0); comment-only chunks come back as they are; --fail-on never leaves partial output', () => {
    expect(postRender('')).toMatchObject({ code: 0, stdout: '' });
    const comments = '---\n# Source: shop/templates/empty.yaml\n---\n# Source: shop/templates/notes.yaml\n# nothing rendered\n';
    expect(postRender(comments)).toMatchObject({ code: 0, stdout: comments });
    const src = tagged('helm-template')[0];
    if (!src) return;
    const withJob = tagged('hook-job')[0];
    if (!withJob) return;
    const r = postRender(src.text + helm3Chunk('subchart/templates/migrate-job.yaml', asHook(withJob.text)), ['--fail-on', 'info']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
  });
});

export type { CorpusEntry };
