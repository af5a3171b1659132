/**
 * @uses helm3 helm4
 * Real Helm runs the post-renderer (docs/integrations.md, "Helm"): Helm 3.17.2 with
 * `--post-renderer <exe> --post-renderer-args post-render`, Helm 4.1.4 with the plugin in
 * helm-plugin/ installed by `helm plugin install` from the package `npm pack` makes. Binaries:
 * `node scripts/install-test-helm.mjs` (`.ci/run` runs it); without them these tests skip with one
 * line (vitest.config.ts). Charts: real ones, by reference (test/helm/charts.json, read as the
 * vendor corpus is: shared/vendor first, then a snapshot), each with two vendors' Jobs added as
 * templates (test/helm/corpus/helm.json, tag hook-job) so the filter has work to do. Helm runs with
 * its home, config, cache, data and plugins in a temporary directory: nothing of the user's is read
 * or written.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { BIN, ROOT } from '../helpers/cli.js';
import { helm3Chunks } from '../helpers/helm.js';
import { needlessLines } from '../helpers/layout.js';
import { canUse, TOOLS } from '../helpers/tools.js';
import { itHereOrAwaited } from '../helpers/vendor-it.js';
import { availableCorpus, corpusEntries, type CorpusEntry } from '../helpers/vendor-corpus.js';

interface Chart {
  repo: string;
  commit: string;
  /** The chart's directory in the repository ('' for its root). */
  chart: string;
  license: string;
  what: string;
  /** Every file of the chart, as repository paths. */
  files: string[];
}

const charts = JSON.parse(readFileSync(join(__dirname, 'charts.json'), 'utf8')) as Chart[];
const jobs = availableCorpus(
  corpusEntries(join(__dirname, 'corpus')).filter((e) => e.tags?.includes('hook-job')),
  'helm corpus (Jobs)',
);

/** The chart's files written under a fresh directory, plus the vendors' Jobs as templates; undefined when a file is not here. */
function materialize(c: Chart): string | undefined {
  const entries: CorpusEntry[] = c.files.map((path) => ({ repo: c.repo, commit: c.commit, path, license: c.license, what: c.what }));
  const files = availableCorpus(entries, `chart ${c.repo}:${c.chart || '.'}`);
  if (files.length < entries.length) return undefined;
  const dir = join(mkdtempSync(join(tmpdir(), 'pod-seq-chart-')), 'chart');
  for (const { e, text } of files) {
    const to = join(dir, c.chart ? e.path.slice(c.chart.length + 1) : e.path);
    mkdirSync(dirname(to), { recursive: true });
    writeFileSync(to, text);
  }
  jobs.forEach(({ text }, i) => writeFileSync(join(dir, 'templates', `vendor-job-${i}.yaml`), text));
  return dir;
}

/** Helm's homes in a temporary directory (helm/helm pkg/helmpath: HELM_*_HOME, HELM_PLUGINS). */
function helmEnv(config: string): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'pod-seq-helm-home-'));
  return {
    PATH: [dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
    HOME: home,
    HELM_CONFIG_HOME: join(home, 'config'),
    HELM_CACHE_HOME: join(home, 'cache'),
    HELM_DATA_HOME: join(home, 'data'),
    // Helm 4.1.4 installs into $HELM_DATA_HOME/plugins whatever HELM_PLUGINS says, and lists and
    // runs from HELM_PLUGINS: the two must agree (as they do by default).
    HELM_PLUGINS: join(home, 'data', 'plugins'),
    POD_SEQUENCER_CONFIG: config,
    POD_SEQUENCER_REPORT: '',
  };
}

function helm(bin: string, args: string[], env: NodeJS.ProcessEnv): string {
  const r = spawnSync(bin, args, { env, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`helm ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

/** The filter on a stream, as a pipe runs it (`helm template | pod-sequencer post-render`). */
function postRender(stream: string, env: NodeJS.ProcessEnv): string {
  const r = spawnSync(process.execPath, [BIN, 'post-render'], { input: stream, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`post-render exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

function configFile(kubernetesVersion: string, more = ''): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pod-seq-helm-cfg-')), 'podsequence.yaml');
  writeFileSync(
    file,
    `apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata:\n  name: seq\nspec:\n  kubernetesVersion: "${kubernetesVersion}"\n${more}`,
  );
  return file;
}

/** A dependency wait: every workload of the chart changes (an init container added), not only the vendors' Jobs. */
const EVERY_WORKLOAD = '  dependencies:\n    - name: db\n      tcp: "db.example.svc.cluster.local:5432"\n';

/**
 * Issue 31: in every document the filter changed, every line outside the nodes whose value
 * changed is Helm's, byte for byte (test/helpers/layout.ts). Documents are paired by position:
 * the filter adds and removes none.
 */
function expectLayoutKept(plain: string, piped: string): void {
  const split = (t: string) => t.split(/^---\n/m);
  const before = split(plain);
  const after = split(piped);
  expect(after.length).toBe(before.length);
  let changed = 0;
  const needless = before.flatMap((doc, i) => {
    if (doc === after[i]) return [];
    changed++;
    return needlessLines(doc, after[i]!).map((l) => `${/^# Source: (.*)$/m.exec(doc)?.[1] ?? `document ${i}`}: ${l}`);
  });
  expect(changed).toBeGreaterThan(jobs.length); // the chart's own workloads too
  expect(needless).toEqual([]);
}

/** `npm pack` of this package, unpacked as `npm install` would leave it: node_modules/pod-sequencer. */
function packedPackage(): string {
  const out = mkdtempSync(join(tmpdir(), 'pod-seq-helm-pack-'));
  // --ignore-scripts: dist/ is built before the tests (`npm test`); a rebuild here would race other files.
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], { cwd: ROOT, encoding: 'utf8' })) as {
    filename: string;
  }[];
  const pkg = join(out, 'node_modules', 'pod-sequencer');
  mkdirSync(pkg, { recursive: true });
  execFileSync('tar', ['-xzf', join(out, packed!.filename), '-C', pkg, '--strip-components=1']);
  return pkg;
}

const ready = charts.map((c) => ({ c, dir: materialize(c) }));
const name = (c: Chart) => `${c.repo}:${c.chart || '.'}`;

/** Chunks of a Helm 3 stream by their `# Source:` file; several documents of one file stay in order. */
const byFile = (stream: string) => helm3Chunks(stream).map((c) => [c.file, c.text] as const);

describe.skipIf(!canUse('helm3'))('Helm 3.17.2: --post-renderer pod-sequencer --post-renderer-args post-render', () => {
  itHereOrAwaited(
    'the charts',
    charts.flatMap((c) => c.files.map((path) => ({ repo: c.repo, path, commit: c.commit, license: c.license, what: c.what }))),
  );
  for (const { c, dir } of ready) {
    if (dir === undefined) continue; // availableCorpus named the files
    it(`${name(c)}: the same as helm template | post-render; untouched documents byte for byte`, () => {
      const env = helmEnv(configFile('1.28'));
      const plain = helm(TOOLS.helm3.command, ['template', 'rel', dir!], env);
      const post = helm(TOOLS.helm3.command, ['template', 'rel', dir!, '--post-renderer', BIN, '--post-renderer-args', 'post-render'], env);
      // Helm 3 sends no hooks (helm/helm#7891): the test hooks come out as Helm rendered them,
      // after the post-rendered manifest; the rest is what the pipe gives.
      const isHook = (text: string) => /^\s+["']?helm\.sh\/hook["']?:/m.test(text);
      const piped = byFile(postRender(plain, env));
      const got = byFile(post);
      expect(got.filter(([, t]) => !isHook(t))).toEqual(piped.filter(([, t]) => !isHook(t)));
      expect(got.filter(([, t]) => isHook(t))).toEqual(byFile(plain).filter(([, t]) => isHook(t)));
      // what the filter leaves alone is Helm's bytes; the vendors' Jobs are changed
      const before = new Map(byFile(plain).map(([f, t]) => [t, f]));
      const changed = got.filter(([, t]) => !before.has(t)).map(([f]) => f);
      expect(changed.map((f) => f.replace(/^[^/]+\//, '')).sort()).toEqual(jobs.map((_, i) => `templates/vendor-job-${i}.yaml`).sort());
      expect(got.length).toBe(byFile(plain).length);
    });
    it(`${name(c)}: every changed document keeps its untouched lines byte for byte`, () => {
      const env = helmEnv(configFile('1.28', EVERY_WORKLOAD));
      const plain = helm(TOOLS.helm3.command, ['template', 'rel', dir!], env);
      expectLayoutKept(plain, postRender(plain, env));
    });
  }
});

/**
 * Each chunk as data. Helm 4 writes every document back through kyaml after its post-renderer
 * (helm/helm@v4.1.4 pkg/action/action.go: annotate, post-render, split and de-annotate), so the
 * bytes are Helm's, not ours; and an empty `annotations:` it annotated and de-annotated is gone.
 */
function asData(stream: string) {
  const tidy = (doc: unknown) => {
    const meta = (doc as { metadata?: Record<string, unknown> } | null)?.metadata;
    const a = meta?.annotations;
    if (meta && (a === null || (typeof a === 'object' && Object.keys(a as object).length === 0))) delete meta.annotations;
    return doc;
  };
  return byFile(stream).map(([f, t]) => [f, parseAllDocuments(t).map((d) => tidy(d.toJS()))] as const);
}

describe.skipIf(!canUse('helm4'))('Helm 4.1.4: the plugin from the packed package, --post-renderer pod-sequencer', () => {
  itHereOrAwaited(
    'the charts',
    charts.flatMap((c) => c.files.map((path) => ({ repo: c.repo, path, commit: c.commit, license: c.license, what: c.what }))),
  );
  // one install for the charts: `npm pack`, unpacked as node_modules/pod-sequencer, then
  // `helm plugin install .../helm-plugin` as docs/integrations.md says
  let env: NodeJS.ProcessEnv | undefined;
  const installed = () => {
    if (env) return env;
    env = helmEnv(configFile('1.28'));
    helm(TOOLS.helm4.command, ['plugin', 'install', join(packedPackage(), 'helm-plugin')], env);
    expect(helm(TOOLS.helm4.command, ['plugin', 'list'], env)).toMatch(/^pod-sequencer\s+0\.1\.0\s+postrenderer\/v1/m);
    return env;
  };
  for (const { c, dir } of ready) {
    if (dir === undefined) continue; // availableCorpus named the files
    it(`${name(c)}: the same documents as helm template | post-render, hooks included`, () => {
      const env = installed();
      const plain = helm(TOOLS.helm4.command, ['template', 'rel', dir!], env);
      const post = helm(TOOLS.helm4.command, ['template', 'rel', dir!, '--post-renderer', 'pod-sequencer'], env);
      const piped = postRender(plain, env);
      expect(asData(post)).toEqual(asData(piped));
      // the plugin did the work: the vendors' Jobs differ from Helm's own rendering
      const before = new Map(asData(plain).map(([f, d]) => [f, JSON.stringify(d)]));
      const changed = asData(post)
        .filter(([f, d]) => before.get(f) !== JSON.stringify(d))
        .map(([f]) => f.replace(/^[^/]+\//, ''));
      expect(changed.sort()).toEqual(jobs.map((_, i) => `templates/vendor-job-${i}.yaml`).sort());
    });
    // What Helm 4 hands its post-renderer, as the filter writes it back (Helm then rewrites it
    // through kyaml: those bytes are Helm's).
    it(`${name(c)}: every changed document of Helm 4's stream keeps its untouched lines byte for byte`, () => {
      const env = { ...installed(), POD_SEQUENCER_CONFIG: configFile('1.28', EVERY_WORKLOAD) };
      const plain = helm(TOOLS.helm4.command, ['template', 'rel', dir!], env);
      expectLayoutKept(plain, postRender(plain, env));
    });
  }
});
