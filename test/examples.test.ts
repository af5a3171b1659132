/**
 * @needs kpt git
 * Every kpt package under examples/ is a test case in the kpt functions catalog's format: it is
 * copied into a fresh git repository and run twice through the real `kpt fn eval`, as its
 * `.expected/config.yaml` says (`testType: eval`, `execPath`, `args`, `fnConfig`, `exitCode`).
 * After each run, `git diff` of the package must equal `.expected/diff.patch` and, after the
 * first, kpt's `--results-dir` file must equal `.expected/results.yaml` (the second run must
 * change nothing and report no change). A package with a kustomization.yaml is also built with
 * the real kustomize, compared with `.expected/kustomize.yaml`.
 *
 * Regenerate on purpose, then read the diff:
 *   UPDATE_GOLDEN=1 npx vitest run test/examples.test.ts
 *
 * Differences from the catalog's Go runner: results.yaml shows the exec path as written in
 * config.yaml (not the absolute path kpt prints), and the second run is not expected to repeat
 * the first run's change results, since there is nothing left to change.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { KUSTOMIZE, ROOT, run } from './helpers/cli.js';
import { UPDATE } from './helpers/golden.js';

const EXAMPLES = join(ROOT, 'examples');
const packages = readdirSync(EXAMPLES)
  .filter((name) => existsSync(join(EXAMPLES, name, 'Kptfile')))
  .sort();

interface CaseConfig {
  testType?: string;
  execPath?: string;
  args?: Record<string, string | number | boolean>;
  fnConfig?: string;
  exitCode?: number;
  includeMetaResources?: boolean;
}

const git = (cwd: string, ...args: string[]) => {
  const r = run('git', ['-c', 'user.name=examples', '-c', 'user.email=examples@localhost', '-c', 'commit.gpgsign=false', ...args], { cwd });
  if (r.code !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

/** The package's changes since the first commit, as the catalog runner prints them. */
function packageDiff(pkg: string): string {
  git(pkg, 'add', '-A');
  return git(pkg, 'diff', '--cached', 'HEAD').trim();
}

/** Compare with an expected file, where a missing file means empty; UPDATE_GOLDEN=1 rewrites. */
function expectFile(path: string, actual: string): void {
  const text = actual === '' ? '' : `${actual}\n`;
  if (UPDATE) {
    if (text) writeFileSync(path, text);
    else rmSync(path, { force: true });
    return;
  }
  const expected = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const hint = 'regenerate with UPDATE_GOLDEN=1 npx vitest run test/examples.test.ts; if `kpt fn render` ran at the repository root, restore examples/ first';
  expect(text, `${path} (${hint})`).toBe(expected);
}

describe('examples (kpt packages, catalog style)', () => {
  it('has the scenarios the README lists', () => {
    expect(packages).toEqual(
      expect.arrayContaining([
        'istio-sidecar-last',
        'istio-native-sidecar',
        'config-center-wait',
        'istio-job',
        'cloud-sql-proxy-job',
        'linkerd-cronjob',
        'lint-only',
        'kustomize-transformer',
      ]),
    );
  });

  for (const name of packages) {
    const src = join(EXAMPLES, name);
    const expectedDir = join(src, '.expected');

    it(`${name}: kpt fn eval twice gives .expected/diff.patch and results.yaml`, () => {
      expect(existsSync(join(src, 'README.md')), 'README.md').toBe(true);
      expect(readFileSync(join(src, '.krmignore'), 'utf8')).toContain('.expected');
      const cfg = parse(readFileSync(join(expectedDir, 'config.yaml'), 'utf8')) as CaseConfig;
      expect(cfg.testType).toBe('eval');
      expect(cfg.execPath, 'execPath').toBeTruthy();

      const tmp = mkdtempSync(join(tmpdir(), `pod-seq-example-${name}-`));
      const pkg = join(tmp, name);
      const results = join(tmp, 'results');
      mkdirSync(results);
      cpSync(src, pkg, { recursive: true });
      git(pkg, 'init', '-q');
      git(pkg, 'add', '-A');
      git(pkg, 'commit', '-q', '-m', 'first');

      // Paths in config.yaml are relative to .expected/, as in the catalog.
      const exec = resolve(expectedDir, cfg.execPath!);
      const args = ['fn', 'eval', pkg, '--results-dir', results, '--exec', exec, '--truncate-output=false'];
      if (cfg.fnConfig) args.push('--fn-config', resolve(expectedDir, cfg.fnConfig));
      if (cfg.includeMetaResources) args.push('--include-meta-resources');
      const kv = Object.entries(cfg.args ?? {}).map(([k, v]) => `${k}=${String(v)}`);
      if (kv.length) args.push('--', ...kv);
      const readResults = () => {
        const file = join(results, 'results.yaml');
        return existsSync(file) ? readFileSync(file, 'utf8').split(exec).join(cfg.execPath!).trim() : '';
      };

      const first = run('kpt', args);
      expect(first.code, first.stderr).toBe(cfg.exitCode ?? 0);
      const diff = packageDiff(pkg);
      const firstResults = readResults();
      expectFile(join(expectedDir, 'diff.patch'), diff);
      expectFile(join(expectedDir, 'results.yaml'), firstResults);

      const second = run('kpt', args);
      expect(second.code, second.stderr).toBe(cfg.exitCode ?? 0);
      expect(packageDiff(pkg), 'the second run changed the package again').toBe(diff);
      // Changes are info results without a rule id; findings (some are info too) and the note of
      // an assumed kubernetesVersion (tags.assumed, said where a finding rests on it) may repeat.
      const again = parse(readResults() || '{}') as { items?: { results?: { severity: string; tags?: { rule?: string; assumed?: string } }[] }[] };
      const changes = (again.items ?? []).flatMap((i) => i.results ?? []).filter((r) => r.severity === 'info' && !r.tags?.rule && !r.tags?.assumed);
      expect(changes, 'the second run reported changes').toEqual([]);
      rmSync(tmp, { recursive: true, force: true });
    });

    if (existsSync(join(src, 'kustomization.yaml'))) {
      it(`${name}: kustomize build runs it as an exec transformer`, () => {
        const r = run(KUSTOMIZE, ['build', '--enable-alpha-plugins', '--enable-exec', src]);
        expect(r.code, r.stderr).toBe(0);
        expectFile(join(expectedDir, 'kustomize.yaml'), r.stdout.trim());
      });
    }
  }
});

describe('the repository root as a kpt package (demo)', () => {
  it('`kpt fn render --allow-exec` renders the examples, and .krmignore keeps everything else out', () => {
    const root = mkdtempSync(join(tmpdir(), 'pod-seq-root-'));
    for (const f of ['Kptfile', '.krmignore', 'examples', 'fixtures']) cpSync(join(ROOT, f), join(root, f), { recursive: true });
    // What a clone has besides: build output, dependencies, YAML that is not KRM. Any of them
    // read by kpt would fail the render.
    mkdirSync(join(root, 'bin'));
    writeFileSync(join(root, 'bin', 'pod-sequencer.cjs'), `#!/usr/bin/env node\nrequire(${JSON.stringify(join(ROOT, 'dist', 'cli.cjs'))});\n`, { mode: 0o755 });
    for (const dir of ['dist', 'node_modules/some-dep']) {
      mkdirSync(join(root, dir), { recursive: true });
      writeFileSync(join(root, dir, 'broken.yaml'), 'kind: [\n');
    }
    writeFileSync(join(root, '.pre-commit-hooks.yaml'), '- id: pod-sequencer-check\n  entry: pod-sequencer check\n');
    const before = readFileSync(join(root, 'examples', 'istio-sidecar-last', 'deployment.yaml'), 'utf8');

    const r = run('kpt', ['fn', 'render', '--allow-exec', '--truncate-output=false'], { cwd: root });
    expect(r.code, r.stderr).toBe(0);
    const after = readFileSync(join(root, 'examples', 'istio-sidecar-last', 'deployment.yaml'), 'utf8');
    expect(after).not.toBe(before);
    // No kubernetesVersion in the example: istio-proxy becomes a native sidecar (docs/decisions.md).
    expect(after.indexOf('initContainers:')).toBeLessThan(after.indexOf('- name: istio-proxy'));
    expect(after).toContain('restartPolicy: Always');
    // The lint-only package's own validator pipeline ran too.
    expect(r.stderr).toContain('[sidecar-not-first]');
    expect(readFileSync(join(root, 'fixtures', 'filter', 'malformed-yaml', 'input.yaml'), 'utf8')).toBe(
      readFileSync(join(ROOT, 'fixtures', 'filter', 'malformed-yaml', 'input.yaml'), 'utf8'),
    );

    const again = run('kpt', ['fn', 'render', '--allow-exec'], { cwd: root });
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(join(root, 'examples', 'istio-sidecar-last', 'deployment.yaml'), 'utf8')).toBe(after);
    rmSync(root, { recursive: true, force: true });
  });
});
