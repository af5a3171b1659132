/**
 * @needs kubectl
 * `pod-sequencer patches` through the built binary: the Component directory written, `--check`
 * fresh, stale and missing, regeneration removing only its own stale files, errors that write
 * nothing, the Flux postRenderers block applied by kustomize to a rendered stream, and a drifted
 * base failing the kustomize build on a `test` operation. Builds use both kustomizes
 * (test/helpers/kustomize.ts).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { BIN, ROOT, run, snapshotDir } from '../helpers/cli.js';
import { KUSTOMIZES, objectsById } from '../helpers/kustomize.js';

const example = (p: string) => readFileSync(join(ROOT, 'examples', p), 'utf8');
const config = (version: string) =>
  `apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata: {name: c}\nspec:\n  kubernetesVersion: "${version}"\n`;

/** A scratch overlay: base/ holds the inputs; commands run in it. */
function scratch(version = '1.28'): { dir: string; bin: (args: string[], input?: string) => ReturnType<typeof run> } {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-patches-cli-'));
  mkdirSync(join(dir, 'base'));
  writeFileSync(join(dir, 'base', 'deployment.yaml'), example('istio-sidecar-last/deployment.yaml'));
  writeFileSync(join(dir, 'base', 'job.yaml'), example('cloud-sql-proxy-job/job.yaml'));
  writeFileSync(join(dir, 'pod-sequence.yaml'), config(version));
  writeFileSync(join(dir, 'kustomization.yaml'), 'resources: [base/deployment.yaml, base/job.yaml]\ncomponents: [pod-sequencer-patches]\n');
  return { dir, bin: (args, input) => run(process.execPath, [BIN, ...args], { cwd: dir, input }) };
}

/** Each kustomize's build of `dir` equals its build of the filter's output (`fix -` over the same inputs). */
function expectFilterOutput(dir: string, resources: string[], version: string): void {
  const want = mkdtempSync(join(tmpdir(), 'pod-seq-patches-want-'));
  writeFileSync(join(want, 'pod-sequence.yaml'), config(version));
  resources.forEach((r, i) => {
    const fixed = run(process.execPath, [BIN, 'fix', '--config', 'pod-sequence.yaml', '-'], { cwd: want, input: readFileSync(join(dir, r), 'utf8') });
    expect(fixed.code, fixed.stderr).toBe(0);
    writeFileSync(join(want, `${i}.yaml`), fixed.stdout);
  });
  writeFileSync(join(want, 'kustomization.yaml'), stringify({ resources: resources.map((_, i) => `${i}.yaml`) }));
  for (const k of KUSTOMIZES) {
    const [got, exp] = [k.build(dir), k.build(want)];
    expect(got.code, `${k.name}: ${got.stderr}`).toBe(0);
    expect(exp.code, `${k.name}: ${exp.stderr}`).toBe(0);
    expect(objectsById(got.stdout), k.name).toEqual(objectsById(exp.stdout));
  }
}

describe('patches --format kustomize', () => {
  it('writes a Component that kustomize v4 and v5 build into the filter output; --check is then 0', () => {
    const { dir, bin } = scratch('1.30');
    const r = bin(['patches', '--config', 'pod-sequence.yaml', 'base']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('wrote 2 patches to pod-sequencer-patches');
    expect(readdirSync(join(dir, 'pod-sequencer-patches')).sort()).toEqual([
      'deployment-shop-checkout.ensure.yaml',
      'deployment-shop-checkout.yaml',
      'job-shop-db-migrate.ensure.yaml',
      'job-shop-db-migrate.yaml',
      'kustomization.yaml',
    ]);
    const k = parse(readFileSync(join(dir, 'pod-sequencer-patches', 'kustomization.yaml'), 'utf8')) as Record<string, unknown>;
    const deployment = { group: 'apps', version: 'v1', kind: 'Deployment', name: 'checkout', namespace: 'shop' };
    const job = { group: 'batch', version: 'v1', kind: 'Job', name: 'db-migrate', namespace: 'shop' };
    expect(k).toEqual({
      apiVersion: 'kustomize.config.k8s.io/v1alpha1',
      kind: 'Component',
      patches: [
        // Each object's ensure (a strategic merge: both get initContainers, native on 1.30) goes right before its operations.
        { path: 'deployment-shop-checkout.ensure.yaml', target: deployment },
        { path: 'deployment-shop-checkout.yaml', target: deployment },
        { path: 'job-shop-db-migrate.ensure.yaml', target: job },
        { path: 'job-shop-db-migrate.yaml', target: job },
      ],
    });
    // The lists the operations fill: kept where the base has them, created empty where it has not.
    expect(parse(readFileSync(join(dir, 'pod-sequencer-patches', 'job-shop-db-migrate.ensure.yaml'), 'utf8'))).toEqual({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'db-migrate', namespace: 'shop' },
      spec: { template: { spec: { initContainers: [] } } },
    });
    const jobPatch = readFileSync(join(dir, 'pod-sequencer-patches', 'job-shop-db-migrate.yaml'), 'utf8');
    expect(jobPatch.split('\n').slice(0, 4)).toEqual([
      '# Written by `pod-sequencer patches`; do not edit.',
      expect.stringContaining('Job shop/db-migrate (base/job.yaml:'),
      '# Regenerate: pod-sequencer patches --config pod-sequence.yaml base',
      '- op: test',
    ]);
    // Native under 1.30: the proxy moves into initContainers, after a test of its name.
    const ops = parse(jobPatch) as { op: string; path: string; from?: string; value?: unknown }[];
    expect(ops.slice(0, 2)).toEqual([
      { op: 'test', path: '/spec/template/spec/containers/1/name', value: 'cloud-sql-proxy' },
      { op: 'move', from: '/spec/template/spec/containers/1', path: '/spec/template/spec/initContainers/0' },
    ]);
    expectFilterOutput(dir, ['base/deployment.yaml', 'base/job.yaml'], '1.30');

    const check = bin(['patches', '--check', '--config', 'pod-sequence.yaml', 'base']);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stderr).toBe('pod-sequencer-patches is current (2 patches)\n');
    // `patches .` in the overlay's directory: its own output is not read as input.
    const dot = bin(['patches', '--check', '--config', 'pod-sequence.yaml', '.']);
    expect(dot.code, dot.stderr).toBe(0);
    expect(dot.stderr).not.toContain('pod-sequencer-patches/');
    const again = bin(['patches', '--config', 'pod-sequence.yaml', 'base']);
    expect(again.stderr).toContain('nothing written');
  });

  it('--check exits 1 naming what differs, and writes nothing; missing is named too', () => {
    const { dir, bin } = scratch();
    const missing = bin(['patches', '--check', '--config', 'pod-sequence.yaml', 'base']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('pod-sequencer-patches: missing');
    expect(existsSync(join(dir, 'pod-sequencer-patches'))).toBe(false);
    expect(bin(['patches', '--config', 'pod-sequence.yaml', 'base']).code).toBe(0);
    // The base changes: a new app image is no drift for the patch, a new command is.
    writeFileSync(join(dir, 'base', 'job.yaml'), example('cloud-sql-proxy-job/job.yaml').replace('["/app/migrate", "up"]', '["/app/migrate", "up", "--all"]'));
    const before = snapshotDir(dir);
    const stale = bin(['patches', '--check', '--config', 'pod-sequence.yaml', 'base']);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('pod-sequencer-patches: job-shop-db-migrate.yaml: differs');
    expect(stale.stderr).not.toContain('deployment-shop-checkout.yaml');
    expect(stale.stderr).toContain('pod-sequencer-patches is not current: run pod-sequencer patches --config pod-sequence.yaml base');
    expect(snapshotDir(dir)).toEqual(before);
  });

  it('a base that drifted fails the kustomize build on a test operation instead of misapplying', () => {
    const { dir, bin } = scratch();
    expect(bin(['patches', '--config', 'pod-sequence.yaml', 'base']).code).toBe(0);
    // Someone adds a container at the front: every index the patch relies on moved.
    const drifted = example('istio-sidecar-last/deployment.yaml').replace(
      '      containers:\n',
      '      containers:\n      - name: first\n        image: busybox\n',
    );
    expect(drifted).toContain('name: first');
    writeFileSync(join(dir, 'base', 'deployment.yaml'), drifted);
    for (const k of KUSTOMIZES) {
      const r = k.build(dir);
      expect(r.code, k.name).not.toBe(0);
      expect(r.stderr, k.name).toMatch(/testing value \/spec\/template\/spec\/containers\/\d+\/name failed/);
    }
  });

  it('regenerating removes its own stale patch files, keeps files it did not write; nothing to change is an empty Component', () => {
    const { dir, bin } = scratch();
    expect(bin(['patches', '--config', 'pod-sequence.yaml', 'base']).code).toBe(0);
    writeFileSync(join(dir, 'pod-sequencer-patches', 'README.md'), "ours, not the tool's\n");
    // The inputs become what the function writes: nothing left to change.
    for (const f of ['deployment.yaml', 'job.yaml']) {
      const fixed = bin(['fix', '--config', 'pod-sequence.yaml', `base/${f}`]);
      expect(fixed.code, fixed.stderr).toBe(0);
    }
    const r = bin(['patches', '--config', 'pod-sequence.yaml', 'base']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('nothing to change');
    // scratch() is 1.28: the Job's patch and its ensure, the Deployment's patch.
    expect(r.stderr).toContain('removed 3 patch files no longer needed');
    expect(readdirSync(join(dir, 'pod-sequencer-patches')).sort()).toEqual(['README.md', 'kustomization.yaml']);
    expect(parse(readFileSync(join(dir, 'pod-sequencer-patches', 'kustomization.yaml'), 'utf8'))).toEqual({
      apiVersion: 'kustomize.config.k8s.io/v1alpha1',
      kind: 'Component',
      patches: [],
    });
    expect(readdirSync(dir).filter((n) => n.includes('pod-sequencer-') && n !== 'pod-sequencer-patches')).toEqual([]); // no temp dir left
    expectFilterOutput(dir, ['base/deployment.yaml', 'base/job.yaml'], '1.28');
    expect(bin(['patches', '--check', '--config', 'pod-sequence.yaml', 'base']).code).toBe(0);
  });

  it('errors exit non-zero with one clear line and write nothing', () => {
    const { dir, bin } = scratch();
    writeFileSync(join(dir, 'broken-config.yaml'), 'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nspec: {kubernetesVersion: 7}\n');
    const badConfig = bin(['patches', '--config', 'broken-config.yaml', 'base']);
    expect(badConfig.code).toBe(2);
    expect(badConfig.stderr).toContain('--config broken-config.yaml: invalid');
    const flag = bin(['patches', '--frobnicate', 'base']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("unknown option '--frobnicate'");
    const format = bin(['patches', '--format', 'helm', 'base']);
    expect(format.code).toBe(2);
    expect(existsSync(join(dir, 'pod-sequencer-patches'))).toBe(false);

    // A kustomization.yaml we did not write is never replaced.
    mkdirSync(join(dir, 'mine'));
    writeFileSync(join(dir, 'mine', 'kustomization.yaml'), 'resources: []\n');
    const foreign = bin(['patches', '--config', 'pod-sequence.yaml', '--out', 'mine', 'base']);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain('mine/kustomization.yaml: not written by pod-sequencer patches');
    expect(readdirSync(join(dir, 'mine'))).toEqual(['kustomization.yaml']);
  });

  it('a workload the function cannot fix is named on stderr; the others are still patched, exit 0', () => {
    const { dir, bin } = scratch('1.28');
    writeFileSync(join(dir, 'base', 'job.yaml'), example('cloud-sql-proxy-job/job.yaml').replace(/^ +command: \["\/app\/migrate", "up"\]\n/m, ''));
    const r = bin(['patches', '--config', 'pod-sequence.yaml', 'base']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^base\/job\.yaml:\d+:\d+: error \[missing-entrypoint\] container migrate has no command/m);
    expect(readdirSync(join(dir, 'pod-sequencer-patches')).sort()).toEqual(['deployment-shop-checkout.yaml', 'kustomization.yaml']);
  });

  it('an object that one target cannot name alone is an error naming both', () => {
    const { dir, bin } = scratch();
    const noNamespace = example('istio-sidecar-last/deployment.yaml').replace(/^ {2}namespace: shop\n/m, '');
    writeFileSync(join(dir, 'base', 'other.yaml'), noNamespace);
    const r = bin(['patches', '--config', 'pod-sequence.yaml', 'base']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /base\/other\.yaml:\d+: Deployment checkout: a patch target for it would also select Deployment shop\/checkout \(base\/deployment\.yaml:\d+\)/,
    );
    expect(existsSync(join(dir, 'pod-sequencer-patches'))).toBe(false);
  });

  it('values a YAML 1.1 reader would retype (y, on, 0755, 1:30, ~) reach kustomize as the strings they are', () => {
    const { dir, bin } = scratch('1.28');
    // The command is tested, then replaced by the wrapper that carries it: both hold the values.
    // (Not a date: the filter's own writer prints `2024-01-01` plain, which kustomize v4 reads
    // as a timestamp; that is the writer's, src/yaml/emit.ts, and the same in `fix`.)
    const job = example('cloud-sql-proxy-job/job.yaml').replace('["/app/migrate", "up"]', '["/app/migrate", "y", "on", "0755", "1:30", "~", "1e3"]');
    expect(job).toContain('"0755"');
    writeFileSync(join(dir, 'base', 'job.yaml'), job);
    expect(bin(['patches', '--config', 'pod-sequence.yaml', 'base']).code).toBe(0);
    expectFilterOutput(dir, ['base/deployment.yaml', 'base/job.yaml'], '1.28');
  });

  it('objects inside a List are patched as the objects kustomize reads from it', () => {
    const { dir, bin } = scratch();
    const list = stringify({ apiVersion: 'v1', kind: 'List', items: [parse(example('cloud-sql-proxy-job/job.yaml'))] });
    writeFileSync(join(dir, 'base', 'job.yaml'), list);
    expect(bin(['patches', '--config', 'pod-sequence.yaml', 'base']).code).toBe(0);
    expect(readdirSync(join(dir, 'pod-sequencer-patches'))).toContain('job-shop-db-migrate.yaml');
    expectFilterOutput(dir, ['base/deployment.yaml', 'base/job.yaml'], '1.28');
  });
});

describe('patches --format flux', () => {
  it("keeps a value's trailing newline, which kustomize's trim of an inline patch would drop (issue 39)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-patches-flux-nl-'));
    // Istio's hold as the filter writes it, `proxy.istio.io/config: |` ending in a newline: the
    // last value of the patch, where a block scalar lost its `\n` under kustomize.
    const rendered = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata:
      labels: {app: web, sidecar.istio.io/inject: "true"}
    spec:
      containers:
      - name: web
        image: nginx
`;
    writeFileSync(join(dir, 'rendered.yaml'), rendered);
    writeFileSync(join(dir, 'pod-sequence.yaml'), config('1.28'));
    const r = run(process.execPath, [BIN, 'patches', '--format', 'flux', '--config', 'pod-sequence.yaml', '-'], { cwd: dir, input: rendered });
    expect(r.code, r.stderr).toBe(0);
    const [{ patch }] = (parse(r.stdout) as { postRenderers: { kustomize: { patches: { patch: string }[] } }[] }).postRenderers[0]!.kustomize.patches as [
      { patch: string },
    ];
    expect(patch).toContain('holdApplicationUntilProxyStarts: true');
    const patches = (parse(r.stdout) as { postRenderers: { kustomize: { patches: unknown[] } }[] }).postRenderers[0]!.kustomize.patches;
    writeFileSync(join(dir, 'kustomization.yaml'), stringify({ resources: ['rendered.yaml'], patches }));
    expectFilterOutput(dir, ['rendered.yaml'], '1.28');
  });

  it('prints a postRenderers block whose patches kustomize applies to the rendered stream as the filter would', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-patches-flux-'));
    // A chart's rendering: no namespaces (Helm sets them at install), `# Source:` comments.
    const rendered = ['istio-sidecar-last/deployment.yaml', 'cloud-sql-proxy-job/job.yaml']
      .map((p, i) => `# Source: chart/templates/t${i}.yaml\n${example(p).replace(/^ {2}namespace: shop\n/m, '')}`)
      .join('---\n');
    writeFileSync(join(dir, 'rendered.yaml'), rendered);
    writeFileSync(join(dir, 'pod-sequence.yaml'), config('1.28'));
    const r = run(process.execPath, [BIN, 'patches', '--format', 'flux', '--config', 'pod-sequence.yaml', '-'], { cwd: dir, input: rendered });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^# Written by `pod-sequencer patches`; do not edit\.\n/);
    expect(r.stdout).toContain('# Regenerate: <your render command> | pod-sequencer patches --format flux --config pod-sequence.yaml -');
    // Under its key, to paste under the HelmRelease's `spec:` as docs/gitops.md says.
    const block = (parse(r.stdout) as { postRenderers: { kustomize: { patches: { patch: string; target: Record<string, string> }[] } }[] }).postRenderers;
    expect(block).toHaveLength(1);
    const patches = block[0]!.kustomize.patches;
    const job = { group: 'batch', version: 'v1', kind: 'Job', name: 'db-migrate' };
    // The Job's ensure (a strategic merge) right before its operations.
    expect(patches.map((p) => p.target)).toEqual([{ group: 'apps', version: 'v1', kind: 'Deployment', name: 'checkout' }, job, job]);
    expect(parse(patches[1]!.patch)).toMatchObject({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'db-migrate' } });
    expect(typeof patches[0]!.patch).toBe('string');
    // Flux's post-renderer: a kustomization over the rendered objects with these patches.
    writeFileSync(join(dir, 'kustomization.yaml'), stringify({ resources: ['rendered.yaml'], patches }));
    expectFilterOutput(dir, ['rendered.yaml'], '1.28');

    // --out FILE keeps it in a file, and --check holds it current.
    const out = run(process.execPath, [BIN, 'patches', '--format', 'flux', '--config', 'pod-sequence.yaml', '--out', 'post-renderers.yaml', '-'], {
      cwd: dir,
      input: rendered,
    });
    expect(out.code, out.stderr).toBe(0);
    const noHeader = (t: string) => t.replace(/^(?:#.*\n)*/, '');
    expect(noHeader(readFileSync(join(dir, 'post-renderers.yaml'), 'utf8'))).toBe(noHeader(r.stdout));
    const check = (input: string) =>
      run(process.execPath, [BIN, 'patches', '--format', 'flux', '--check', '--config', 'pod-sequence.yaml', '--out', 'post-renderers.yaml', '-'], {
        cwd: dir,
        input,
      });
    expect(check(rendered).code).toBe(0);
    const stale = check(
      rendered.replace('registry.example.com/shop/migrate:3.2.0', 'registry.example.com/shop/migrate:3.3.0').replace('"up"]', '"up", "--v"]'),
    );
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('post-renderers.yaml: differs');
  });

  it('the example gitops package holds a current Component', () => {
    const pkg = mkdtempSync(join(tmpdir(), 'pod-seq-gitops-'));
    cpSync(join(ROOT, 'examples', 'gitops-component'), pkg, { recursive: true });
    const r = run(process.execPath, [BIN, 'patches', '--check', '--config', 'pod-sequence.yaml', 'deployment.yaml', 'job.yaml'], { cwd: pkg });
    expect(r.code, r.stderr).toBe(0);
    // Plain kustomize, no plugin flags, builds what .expected/kustomize.yaml holds.
    const expected = objectsById(readFileSync(join(pkg, '.expected', 'kustomize.yaml'), 'utf8'));
    for (const k of KUSTOMIZES) {
      const built = k.build(pkg);
      expect(built.code, built.stderr).toBe(0);
      expect(objectsById(built.stdout), k.name).toEqual(expected);
    }
  });
});

describe('patches keeps going past an input it cannot read (issue 31), as check, fix and explain do', () => {
  const bad = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n  a: "1"\n  a: "2"\n';
  const invalid = 'base/a-bad.yaml:6:3: error [invalid-input] malformed YAML in document 1: Map keys must be unique';
  const notice = [
    '# INCOMPLETE: these inputs could not be read, so their objects have no patches here even where they need them; fix them and regenerate:',
    '#   base/a-bad.yaml:6:3: malformed YAML in document 1: Map keys must be unique',
  ];
  const bomb = readFileSync(join(ROOT, 'fixtures', 'hostile', 'alias-bomb.yaml'), 'utf8')
    .split('\n')
    .slice(3)
    .map((l) => l.replace(/^(- | {2})/, ''))
    .join('\n');
  const component = (dir: string) => readFileSync(join(dir, 'pod-sequencer-patches', 'kustomization.yaml'), 'utf8');

  it("a directory with one bad file among good ones: check's error, the good files' patches whole, the Component says what it lacks, exit 1", () => {
    const { dir, bin } = scratch('1.28');
    writeFileSync(join(dir, 'base', 'a-bad.yaml'), bad);
    const checked = bin(['check', '--config', 'pod-sequence.yaml', '--fail-on', 'none', 'base']).stdout;
    const r = bin(['patches', '--config', 'pod-sequence.yaml', 'base']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    // The same finding, in the same words, as check's (one reader makes both).
    expect(lines.filter((l) => l.includes('[invalid-input]'))).toEqual([invalid]);
    expect(checked).toContain(invalid);
    expect(lines.at(-1)).toBe('wrote 2 patches to pod-sequencer-patches; 1 input not read (see above), so not patched');
    expect(readFileSync(join(dir, 'base', 'a-bad.yaml'), 'utf8')).toBe(bad);
    expect(component(dir).split('\n').slice(3, 5)).toEqual(notice);
    // The patches of the files read are exactly those of a run without the bad file: kustomize
    // builds them, over the good files, into the filter's output.
    expectFilterOutput(dir, ['base/deployment.yaml', 'base/job.yaml'], '1.28');
    const patchFiles = (d: string) => readdirSync(join(d, 'pod-sequencer-patches')).filter((n) => n !== 'kustomization.yaml');
    const clean = scratch('1.28');
    expect(clean.bin(['patches', '--config', 'pod-sequence.yaml', 'base']).code).toBe(0);
    expect(patchFiles(dir)).toEqual(patchFiles(clean.dir));
    for (const n of patchFiles(dir))
      expect(readFileSync(join(dir, 'pod-sequencer-patches', n), 'utf8')).toBe(readFileSync(join(clean.dir, 'pod-sequencer-patches', n), 'utf8'));
    expect(component(dir).replace(notice.map((l) => `${l}\n`).join(''), '')).toBe(component(clean.dir));

    // --check names the unread file too, and fails even though the directory is what it would write.
    const check = bin(['patches', '--check', '--config', 'pod-sequence.yaml', 'base']);
    expect([check.code, check.stderr.trimEnd().split('\n')]).toEqual([
      1,
      [invalid, 'pod-sequencer-patches is current (2 patches); 1 input not read (see above), so not patched'],
    ]);
    // Once the file reads, the notice is stale: --check says so (the notice is compared, not the header).
    writeFileSync(join(dir, 'base', 'a-bad.yaml'), bad.replace('  a: "2"\n', ''));
    const fixed = bin(['patches', '--check', '--config', 'pod-sequence.yaml', 'base']);
    expect(fixed.code).toBe(1);
    expect(fixed.stderr).toContain('pod-sequencer-patches: kustomization.yaml: differs');
    expect(bin(['patches', '--config', 'pod-sequence.yaml', 'base']).code).toBe(0);
    expect(component(dir)).toBe(component(clean.dir));
  });

  it('spec.rules.invalid-input sets the level: warning writes and exits 0, off leaves a note; the Component names the file either way', () => {
    const { dir, bin } = scratch('1.28');
    writeFileSync(join(dir, 'base', 'a-bad.yaml'), bad);
    writeFileSync(join(dir, 'warn.yaml'), config('1.28') + '  rules: {invalid-input: warning}\n');
    writeFileSync(join(dir, 'off.yaml'), config('1.28') + '  rules: {invalid-input: "off"}\n');
    const warn = bin(['patches', '--config', 'warn.yaml', 'base']);
    expect(warn.code, warn.stderr).toBe(0);
    expect(warn.stderr).toContain(invalid.replace('error', 'warning'));
    expect(component(dir).split('\n').slice(3, 5)).toEqual(notice);
    const off = bin(['patches', '--check', '--config', 'off.yaml', 'base']);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stderr).toContain('base/a-bad.yaml:6:3: note: not patched (invalid-input is off): malformed YAML in document 1: Map keys must be unique');
    expect(off.stderr).not.toContain('[invalid-input]');
  });

  it('--format flux: --out FILE holds the patches read and the notice, exit 1; stdout gets nothing (never partial output in a pipe)', () => {
    const { dir, bin } = scratch('1.28');
    writeFileSync(join(dir, 'base', 'a-bad.yaml'), bad);
    const printed = bin(['patches', '--format', 'flux', '--config', 'pod-sequence.yaml', 'base']);
    expect([printed.code, printed.stdout]).toEqual([1, '']);
    expect(printed.stderr.trimEnd().split('\n')).toEqual([
      invalid,
      'nothing printed; 1 input not read (see above), so not patched: fix the inputs above, or write the block with --out FILE',
    ]);
    const out = bin(['patches', '--format', 'flux', '--config', 'pod-sequence.yaml', '--out', 'post.yaml', 'base']);
    expect(out.code).toBe(1);
    const text = readFileSync(join(dir, 'post.yaml'), 'utf8');
    expect(text.split('\n').slice(3, 5)).toEqual(notice);
    const block = (parse(text) as { postRenderers: { kustomize: { patches: { target: { name: string } }[] } }[] }).postRenderers;
    // The Job's ensure, then its operations.
    expect(block[0]!.kustomize.patches.map((p) => p.target.name)).toEqual(['checkout', 'db-migrate', 'db-migrate']);
    const check = bin(['patches', '--format', 'flux', '--check', '--config', 'pod-sequence.yaml', '--out', 'post.yaml', 'base']);
    expect([check.code, check.stderr.trimEnd().split('\n').at(-1)]).toEqual([1, 'post.yaml is current; 1 input not read (see above), so not patched']);
  });

  it('a stream with one valid document and one the run refuses (an alias bomb): the valid one is patched, the other named at its line', () => {
    const { dir, bin } = scratch('1.28');
    const stream = `${example('istio-sidecar-last/deployment.yaml')}---\n${bomb}`;
    const at = stream.split('\n').findIndex((l) => l.includes('lol1: &l1')) + 1;
    const r = bin(['patches', '--config', 'pod-sequence.yaml', '-'], stream);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`<stdin>:${at}:16: error [invalid-input] its aliases expand to more than`);
    expect(readdirSync(join(dir, 'pod-sequencer-patches')).sort()).toEqual(['deployment-shop-checkout.yaml', 'kustomization.yaml']);
    expect(component(dir)).toContain(`#   <stdin>:${at}:16: its aliases expand to more than`);
  });

  it('a stream with valid documents and one malformed one cannot be read at all: the error, nothing written, exit 1', () => {
    const { dir, bin } = scratch('1.28');
    expect(bin(['patches', '--config', 'pod-sequence.yaml', 'base']).code).toBe(0);
    const before = snapshotDir(dir);
    const stream = `${example('istio-sidecar-last/deployment.yaml')}---\n${bad}`;
    const line = stream.split('\n').length - 1;
    for (const args of [[], ['--check'], ['--format', 'flux']]) {
      const r = bin(['patches', ...args, '--config', 'pod-sequence.yaml', '-'], stream);
      expect([r.code, r.stdout], args.join(' ')).toEqual([1, '']);
      expect(r.stderr.trimEnd().split('\n')).toEqual([
        `<stdin>:${line}:3: error [invalid-input] malformed YAML in document 3: Map keys must be unique`,
        `nothing was read, so nothing was ${args[0] === '--check' ? 'compared' : 'written'}: fix the inputs above and run again`,
      ]);
    }
    // The Component the good stream wrote is left whole.
    expect(snapshotDir(dir)).toEqual(before);
  });
});
