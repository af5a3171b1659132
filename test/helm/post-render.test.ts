/**
 * `pod-sequencer post-render` as Helm runs it (docs/integrations.md, "Helm"): Helm 3 pipes the
 * rendered chart with `# Source:` comments and stores the answer byte for byte; Helm 4 sends
 * each document with its filename annotation and discards stderr. The protocol is played by the
 * test (stream in, bytes out, exit codes, the report file), for the cases a real chart does not
 * reach; real Helm 3 and 4 run the post-renderer in test/helm/real-helm.test.ts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, BIN } from '../helpers/cli.js';

const chunks = {
  cm: `---\n# Source: shop/templates/configmap.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: shop   # untouched\ndata: {a: "1"}\n`,
  web: `---\n# Source: shop/templates/deployment.yaml\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n      - name: web\n        image: web:1\n      - name: istio-proxy\n        image: docker.io/istio/proxyv2:1.24.2\n`,
  hook: `---\n# Source: shop/templates/migrate-job.yaml\napiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\n  annotations:\n    helm.sh/hook: pre-upgrade\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: migrate\n        image: app:1\n        command: [./migrate]\n      - name: cloud-sql-proxy\n        image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1\n        args: ["--port=5432", "p:r:db"]\n`,
  config: `---\n# Source: shop/templates/pod-sequencer.yaml\napiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata:\n  name: seq\nspec:\n  kubernetesVersion: "1.30"\n`,
};
const stream = (...parts: string[]) => parts.join('');
const postRender = (input: string, args: string[] = [], env: NodeJS.ProcessEnv = {}) =>
  run(process.execPath, [BIN, 'post-render', ...args], { input, env: { ...process.env, POD_SEQUENCER_CONFIG: '', POD_SEQUENCER_REPORT: '', ...env } });
// Classic sidecars (kubernetesVersion 1.28): the Job wrapper and the moved proxy are what these cases check.
const CLASSIC = join(mkdtempSync(join(tmpdir(), 'pod-seq-helm-cfg-')), 'classic.yaml');
writeFileSync(CLASSIC, 'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata: {name: c}\nspec: {kubernetesVersion: "1.28"}\n');

describe('post-render (Helm 3 stream)', () => {
  it('untouched chunks byte-identical; changed ones keep their separator and # Source: line; the hook Job ends its sidecar', () => {
    const r = postRender(stream(chunks.cm, chunks.web, chunks.hook), ['--config', CLASSIC]);
    expect(r.code, r.stderr).toBe(0);
    const parts = r.stdout.split(/(?=^---\n)/m);
    expect(parts).toHaveLength(3);
    expect(parts[0]).toBe(chunks.cm);
    expect(parts[1]!.startsWith('---\n# Source: shop/templates/deployment.yaml\n')).toBe(true);
    expect(parts[1]!.indexOf('- name: istio-proxy')).toBeLessThan(parts[1]!.indexOf('- name: web\n'));
    expect(parts[2]).toContain('pod-sequencer-wrap');
    expect(parts[2]).toContain('helm.sh/hook: pre-upgrade');
    expect(r.stderr).toMatch(/^shop\/templates\/deployment\.yaml:\d+: info /m);
  });

  it('a PodSequence document in the stream is the config, and is removed from the output; --config and the env var win over it', () => {
    const withDoc = postRender(stream(chunks.web, chunks.config));
    expect(withDoc.code, withDoc.stderr).toBe(0);
    expect(withDoc.stdout).not.toContain('kind: PodSequence');
    expect(withDoc.stdout).toContain('restartPolicy: Always'); // 1.30: native
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-helm-'));
    const cfg = join(dir, 'c.yaml');
    writeFileSync(cfg, 'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata: {name: x}\nspec:\n  kubernetesVersion: "1.28"\n');
    for (const r of [
      postRender(stream(chunks.web, chunks.config), ['--config', cfg]),
      postRender(stream(chunks.web, chunks.config), [], { POD_SEQUENCER_CONFIG: cfg }),
    ]) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toContain('restartPolicy: Always');
    }
    const two = postRender(stream(chunks.config, chunks.config));
    expect(two.code).toBe(1);
    expect(two.stdout).toBe('');
  });

  it('errors: nothing on stdout, exit 1, a line naming where; never empty output with exit 0', () => {
    const bad = postRender(stream(chunks.cm, '---\n# Source: shop/templates/bad.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  name: b\n'));
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^shop\/templates\/bad\.yaml \(<stdin>:\d+:\d+\): malformed YAML in document 2: Map keys must be unique/);
    const failOn = postRender(stream(chunks.web), ['--fail-on', 'info']);
    expect(failOn.code).toBe(1);
    expect(failOn.stdout).toBe('');
    const empty = postRender('');
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe('');
  });

  it('--report FILE keeps the findings (Helm 4 discards stderr)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-helm-'));
    const report = join(dir, 'report.txt');
    const r = postRender(stream(chunks.web), ['--report', report]);
    expect(r.code).toBe(0);
    expect(readFileSync(report, 'utf8')).toBe(r.stderr);
    const fromEnv = join(dir, 'env-report.txt');
    const viaEnv = postRender(stream(chunks.web), [], { POD_SEQUENCER_REPORT: fromEnv });
    expect(viaEnv.code).toBe(0);
    expect(readFileSync(fromEnv, 'utf8')).toBe(viaEnv.stderr);
  });

  it("findings give the line inside the template's own rendered document, not the stream's (issue 31)", () => {
    // Helm 3 framing: line 1 is the line after `# Source:`; the ConfigMap before it does not count.
    const r = postRender(stream(chunks.cm, chunks.web), ['--config', CLASSIC]);
    expect(r.code, r.stderr).toBe(0);
    const web = r.stdout.slice(r.stdout.indexOf('# Source: shop/templates/deployment.yaml\n')).split('\n').slice(1);
    const lines = [...r.stderr.matchAll(/^shop\/templates\/deployment\.yaml:(\d+): info moved sidecar istio-proxy/gm)].map((m) => Number(m[1]));
    expect(lines).toHaveLength(1);
    expect(web[lines[0]! - 1]).toBe('      containers:'); // the field the result names, in the document's own numbering
  });

  it('--report is written on every failure: a bad config, malformed input, --fail-on (issue 31)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-report-fail-'));
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata: {name: c}\nspec: {kubernetesVersion: banana}\n');
    const cases: [string, string[], RegExp][] = [
      [stream(chunks.web), ['--config', bad], /kubernetesVersion/],
      [`${chunks.cm}---\n# Source: shop/templates/x.yaml\na: [\n`, [], /malformed YAML/],
      [stream(chunks.web), ['--config', CLASSIC, '--fail-on', 'info'], /finding\(s\) at or above --fail-on info: nothing written/],
    ];
    for (const [input, args, reason] of cases) {
      const report = join(dir, `report-${args.length}-${input.length}.txt`);
      const r = postRender(input, [...args, '--report', report]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(readFileSync(report, 'utf8')).toMatch(reason);
      expect(readFileSync(report, 'utf8')).toBe(r.stderr);
    }
  });

  it('a report file that cannot be written: exit 1, nothing on stdout, one line saying which', () => {
    const r = postRender(stream(chunks.web), ['--report', '/nonexistent-dir/report.txt']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('--report /nonexistent-dir/report.txt: cannot write the file (ENOENT)\n');
  });
});

describe('post-render: the Helm 3 hook note (helm/helm#7891)', () => {
  const note =
    /^shop\/templates\/migrate-job\.yaml: note: hook Job migrate is fixed in this stream; applied as it is, it runs fixed, but `helm install --post-renderer` with Helm 3 never passes hooks to the post-renderer \(helm\/helm#7891\) and deploys it unfixed: install through this stream, or with Helm 4's pod-sequencer plugin$/m;

  it('a hook Job that needs a fix in Helm 3 framing gets the note, on stderr and in the report; its output comes back unchanged, with no note', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-helm-'));
    const report = join(dir, 'report.txt');
    const first = postRender(stream(chunks.cm, chunks.hook), ['--report', report]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(note);
    expect(readFileSync(report, 'utf8')).toMatch(note);
    const again = postRender(first.stdout);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(first.stdout);
    expect(again.stderr).not.toMatch(/note:/);
  });

  it('no note for a hook that needs nothing, a Job that is no hook, or Helm 4 framing', () => {
    const plainJob = chunks.hook.replace('  annotations:\n    helm.sh/hook: pre-upgrade\n', '');
    const helm4 = chunks.hook
      .replace('# Source: shop/templates/migrate-job.yaml\n', '')
      .replace(
        '    helm.sh/hook: pre-upgrade\n',
        "    helm.sh/hook: pre-upgrade\n    postrenderer.helm.sh/postrender-filename: 'shop/templates/migrate-job.yaml'\n",
      );
    for (const input of [stream(chunks.cm), stream(plainJob), helm4]) {
      const r = postRender(input);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/note:/);
    }
  });
});

describe('post-render (Helm 4: documents carry their filename annotation)', () => {
  it('findings name the chart file from postrenderer.helm.sh/postrender-filename', () => {
    const doc = chunks.web
      .replace('# Source: shop/templates/deployment.yaml\n', '')
      .replace('  name: web\n', "  name: web\n  annotations:\n    postrenderer.helm.sh/postrender-filename: 'shop/templates/deployment.yaml'\n");
    const r = postRender(doc);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^shop\/templates\/deployment\.yaml:\d+: info /m);
    expect(r.stdout).toContain("postrenderer.helm.sh/postrender-filename: 'shop/templates/deployment.yaml'");
  });
});

describe('streams on stdin for every command (issue 17)', () => {
  const input = stream(chunks.cm, chunks.web);
  const bin = (args: string[]) => run(process.execPath, [BIN, ...args], { input, env: { ...process.env, POD_SEQUENCER_CONFIG: CLASSIC } });

  it('the filter reads plain manifests on stdin as a stream and answers the same stream, fixed', () => {
    const r = bin([]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith(chunks.cm)).toBe(true);
    expect(r.stdout.indexOf('- name: istio-proxy')).toBeLessThan(r.stdout.indexOf('- name: web\n'));
    expect(r.stderr.split('\n')[0]).toBe(
      'pod-sequencer: note: stdin holds plain manifests, not a ResourceList: answered as `pod-sequencer post-render` (the Helm post-renderer) does',
    );
  });

  it('check - reads stdin, naming it <stdin>; fix - writes the fixed stream to stdout', () => {
    const check = bin(['check', '--config', CLASSIC, '-']);
    expect(check.stdout).toMatch(/^<stdin>:\d+:\d+: warning \[sidecar-not-first\]/m);
    const fix = bin(['fix', '--config', CLASSIC, '-']);
    expect(fix.code, fix.stderr).toBe(0);
    expect(fix.stdout).toBe(bin([]).stdout);
  });
});
