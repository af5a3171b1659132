/**
 * @uses kpt
 * The npm package as users get it: `npm pack`, install the tarball into an empty project, then
 * use the installed command (with the real kpt, on an example) and the library from CommonJS,
 * ESM and TypeScript. Dependencies come from the npm cache (`npm install` filled it).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, run } from './helpers/cli.js';
import { helm4Stream, runHelm4Plugin } from './helpers/helm.js';
import { canUse } from './helpers/tools.js';

const npm = (args: string[], cwd: string) => {
  // --ignore-scripts: `npm test` has built dist/ already, and a second build here would race
  // with other test files reading it.
  const r = run('npm', [...args, '--ignore-scripts', '--no-audit', '--no-fund'], { cwd });
  if (r.code !== 0) throw new Error(`npm ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

describe('npm package', () => {
  let consumer = '';
  let files: string[] = [];

  beforeAll(() => {
    const out = mkdtempSync(join(tmpdir(), 'pod-seq-pack-'));
    const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', out], ROOT)) as { filename: string; files: { path: string }[] }[];
    files = packed[0]!.files.map((f) => f.path).sort();
    consumer = join(out, 'consumer');
    cpSync(join(ROOT, 'examples', 'istio-sidecar-last'), join(out, 'example'), { recursive: true });
    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), '{ "name": "consumer", "private": true }\n');
    npm(['install', '--prefer-offline', join(out, packed[0]!.filename)], consumer);
  }, 180_000);

  it('contains what users need and nothing else', () => {
    for (const f of [
      'package.json',
      'README.md',
      'LICENSE',
      'CHANGELOG.md',
      'bin/pod-sequencer.cjs',
      'dist/cli.cjs',
      'dist/index.cjs',
      'dist/types/index.d.ts',
      'schema/podsequence.schema.json',
      'helm-plugin/plugin.yaml',
      'helm-plugin/pod-sequencer-helm',
      'helm-plugin/pod-sequencer-helm.cmd',
    ]) {
      expect(files, f).toContain(f);
    }
    expect(files.filter((f) => /^(src|test|fixtures|examples|scripts|build|node_modules)\//.test(f))).toEqual([]);
  });

  it.skipIf(!canUse('kpt'))('installs the pod-sequencer command, which kpt runs on an example', () => {
    expect(run('npx', ['--no-install', 'pod-sequencer', '--version'], { cwd: consumer }).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const example = join(consumer, '..', 'example');
    const r = run('kpt', ['fn', 'eval', example, '--exec', join(consumer, 'node_modules', '.bin', 'pod-sequencer')]);
    expect(r.code, r.stderr).toBe(0);
    const out = readFileSync(join(example, 'deployment.yaml'), 'utf8');
    // No kubernetesVersion: istio-proxy becomes a native sidecar with a startupProbe.
    expect(out.indexOf('initContainers:')).toBeLessThan(out.indexOf('- name: istio-proxy'));
    expect(out).toContain('restartPolicy: Always');
  });

  it('ships the Helm 4 plugin: `helm plugin install ./node_modules/pod-sequencer/helm-plugin` runs this package', () => {
    const src = join(consumer, 'node_modules', 'pod-sequencer', 'helm-plugin');
    expect(statSync(join(src, 'pod-sequencer-helm')).mode & 0o111).toBe(0o111);
    const plugins = mkdtempSync(join(tmpdir(), 'pod-seq-helm-plugins-'));
    symlinkSync(src, join(plugins, 'helm-plugin')); // what Helm 4's local installer does
    const input = helm4Stream({
      'shop/templates/deployment.yaml':
        'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n      - name: web\n        image: web:1\n      - name: istio-proxy\n        image: proxyv2:1\n',
    });
    const r = runHelm4Plugin(join(plugins, 'helm-plugin'), input, [], { PATH: `${dirname(process.execPath)}:/usr/bin:/bin` });
    expect(r.error, r.discardedStderr).toBeUndefined();
    expect(r.manifests!.indexOf('initContainers:')).toBeLessThan(r.manifests!.indexOf('- name: istio-proxy')); // native: no kubernetesVersion
  });

  const manifests = JSON.stringify([
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: {
        template: {
          spec: {
            containers: [
              { name: 'web', image: 'web:1' },
              { name: 'istio-proxy', image: 'proxyv2:1' },
            ],
          },
        },
      },
    },
  ]);
  // init containers | containers: with no kubernetesVersion istio-proxy becomes a native sidecar.
  const names = '["initContainers", "containers"].map((k) => (out.manifests[0].spec.template.spec[k] ?? []).map((c) => c.name).join(",")).join(" | ")';

  it('is a library for require()', () => {
    const code = `const { sequence, ConfigError } = require('pod-sequencer'); const out = sequence(${manifests}); console.log(${names});
      try { sequence([], { kind: 'ConfigMap', data: { mode: 'nope' } }); } catch (e) { console.log(e instanceof ConfigError, e.results[0].field.path); }`;
    const r = run(process.execPath, ['-e', code], { cwd: consumer });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('istio-proxy | web\ntrue data.mode\n');
  });

  it('is a library for import', () => {
    const code = `import { sequence } from 'pod-sequencer'; const out = sequence(${manifests}); console.log(${names});`;
    const r = run(process.execPath, ['--input-type=module', '-e', code], { cwd: consumer });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('istio-proxy | web\n');
  });

  it('ships types that TypeScript (ESM and CommonJS) checks against', () => {
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const opts = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext'];
    const good = `import { sequence, ConfigError, type Result, type PodSequenceConfig } from 'pod-sequencer';
const config: PodSequenceConfig = { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', spec: { kubernetesVersion: '1.30' } };
const { manifests, results }: { manifests: object[]; results: Result[] } = sequence([], config);
export const n: number = manifests.length + results.length + (new ConfigError([]).results.length);
`;
    writeFileSync(join(consumer, 'good.mts'), good);
    writeFileSync(join(consumer, 'good.cts'), good);
    writeFileSync(
      join(consumer, 'bad.mts'),
      `import { sequence } from 'pod-sequencer';\nsequence([], { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', spec: { strategy: 'first' } });\n`,
    );
    // One compiler run (each costs seconds): the good files check clean, the bad one fails on its field.
    const r = run(process.execPath, [tsc, ...opts, 'good.mts', 'good.cts', 'bad.mts'], { cwd: consumer });
    expect(r.code).not.toBe(0);
    const errors = r.stdout.split('\n').filter((l) => /error TS\d+/.test(l));
    expect(errors.length, r.stdout).toBeGreaterThan(0);
    for (const line of errors) expect(line, r.stdout).toMatch(/^bad\.mts\(2,/);
    expect(r.stdout).toContain('strategy');
  });
});
