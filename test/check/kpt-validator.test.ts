/**
 * `mode: check` as a kpt validator: `kpt fn render` fails on error findings and shows them.
 * @needs kpt
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, copyPackage, ROOT, run, snapshotDir } from '../helpers/cli.js';

const kptfile = (configMap: string) =>
  `apiVersion: kpt.dev/v1\nkind: Kptfile\nmetadata:\n  name: shop\n  annotations:\n    config.kubernetes.io/local-config: "true"\npipeline:\n  validators:\n  - exec: ${BIN}\n    configMap:\n${configMap}`;

describe('kpt fn render with a pod-sequencer validator', () => {
  it('fails on an error finding, shows it, and changes no file', () => {
    const dir = copyPackage('shop');
    writeFileSync(join(dir, 'native.yaml'), readFileSync(join(ROOT, 'fixtures', 'check', 'native-sidecar-unsupported-positive', 'input.yaml')));
    writeFileSync(join(dir, 'Kptfile'), kptfile('      mode: check\n      kubernetesVersion: "1.28"\n'));
    const before = snapshotDir(dir);
    const r = run('kpt', ['fn', 'render', dir, '--allow-exec', '--truncate-output=false']);
    expect(r.code).not.toBe(0);
    const shown = r.stdout + r.stderr;
    expect(shown).toContain('[error] apps/v1/Deployment/web spec.template.spec.initContainers[0]: init container istio-proxy is a native sidecar');
    expect(shown).toContain('[warning] apps/v1/Deployment/web spec.template.spec.containers[1]: sidecar istio-proxy (istio) starts after app container web');
    // The rule id is in what kpt shows; each result once (kpt shows results; no stderr copy).
    expect(shown).toMatch(/native sidecar.*\[native-sidecar-unsupported\]/);
    expect(shown.split('init container istio-proxy is a native sidecar')).toHaveLength(2);
    expect(snapshotDir(dir)).toEqual(before);
  });

  it('passes with warnings only, still shown, and changes no file', () => {
    const dir = copyPackage('shop');
    writeFileSync(join(dir, 'Kptfile'), kptfile('      mode: check\n'));
    const before = snapshotDir(dir);
    const r = run('kpt', ['fn', 'render', dir, '--allow-exec', '--truncate-output=false']);
    expect(r.code, r.stderr).toBe(0);
    const shown = r.stdout + r.stderr;
    expect(shown).toContain('[warning] apps/v1/Deployment/web spec.template.spec.containers[1]: sidecar istio-proxy (istio) starts after app container web');
    expect(shown.split('starts after app container web')).toHaveLength(2);
    // A successful render re-prints the package with kpt's own printer (spaces before comments
    // collapse) even when no function changed anything: compare with that normalised away.
    const norm = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.replace(/ +#/g, ' #')]));
    expect(norm(snapshotDir(dir))).toEqual(norm(before));
  });

  it('failOn and rules in the config (issue 18): fails on a warning when asked, shows the severity the config gives', () => {
    const dir = copyPackage('shop');
    writeFileSync(join(dir, 'Kptfile'), kptfile('      mode: check\n      failOn: warning\n'));
    const r = run('kpt', ['fn', 'render', dir, '--allow-exec', '--truncate-output=false']);
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toContain(
      '[warning] apps/v1/Deployment/web spec.template.spec.containers[1]: sidecar istio-proxy (istio) starts after app container web',
    );
    writeFileSync(join(dir, 'Kptfile'), kptfile('      mode: check\n      rules: sidecar-not-first=error\n'));
    const raised = run('kpt', ['fn', 'render', dir, '--allow-exec', '--truncate-output=false']);
    expect(raised.code).not.toBe(0);
    expect(raised.stdout + raised.stderr).toContain(
      '[error] apps/v1/Deployment/web spec.template.spec.containers[1]: sidecar istio-proxy (istio) starts after app container web',
    );
    writeFileSync(join(dir, 'Kptfile'), kptfile('      mode: check\n      failOn: warning\n      rules: sidecar-not-first=off\n'));
    const off = run('kpt', ['fn', 'render', dir, '--allow-exec', '--truncate-output=false']);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout + off.stderr).not.toContain('starts after app container web');
  });
});
