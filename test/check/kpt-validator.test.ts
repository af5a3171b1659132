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
    // An error is for what fix cannot solve (issue 39): a Job whose entrypoint the manifest lacks.
    writeFileSync(join(dir, 'entry.yaml'), readFileSync(join(ROOT, 'fixtures', 'check', 'missing-entrypoint-positive', 'input.yaml')));
    writeFileSync(join(dir, 'Kptfile'), kptfile('      mode: check\n      kubernetesVersion: "1.28"\n'));
    const before = snapshotDir(dir);
    const r = run('kpt', ['fn', 'render', dir, '--allow-exec', '--truncate-output=false']);
    expect(r.code).not.toBe(0);
    const shown = r.stdout + r.stderr;
    expect(shown).toContain(
      '[error] batch/v1/Job/migrate spec.template.spec.containers[1]: container migrate has no command, so it cannot be wrapped: this workload is left unchanged [missing-entrypoint]',
    );
    // What fix resolves is at most a warning, and says what fix does.
    expect(shown).toContain(
      '[warning] apps/v1/Deployment/web spec.template.spec.initContainers[0]: native sidecar istio-proxy on Kubernetes 1.28: the pod would hang in Init',
    );
    expect(shown).toContain(
      '[warning] apps/v1/Deployment/web spec.template.spec.containers[1]: sidecar istio-proxy starts after app web, which may call out before it is ready [sidecar-not-first]',
    );
    // The rule id is in what kpt shows; each result once (kpt shows results; no stderr copy).
    expect(shown).toMatch(/native sidecar.*\[native-sidecar-unsupported\]/);
    // The why and the fix follow the summary and its rule id; kpt 1.0.0-beta.56 joins the
    // message's lines with spaces, its --results-dir file keeps them (docs/decisions.md); each
    // line but the last ends as a sentence, so the summary does not run into the why (issue 39).
    expect(shown).toMatch(
      /\[native-sidecar-unsupported\]\. istio-proxy is an init container with restartPolicy: Always.*.* The configured fix resolves it, so it is a warning here, not an error. fix: mode: apply/,
    );
    expect(shown.split('native sidecar istio-proxy on Kubernetes 1.28: the pod would hang in Init')).toHaveLength(2);
    expect(snapshotDir(dir)).toEqual(before);
  });

  it('passes with warnings only, still shown, and changes no file', () => {
    const dir = copyPackage('shop');
    writeFileSync(join(dir, 'Kptfile'), kptfile('      mode: check\n'));
    const before = snapshotDir(dir);
    const r = run('kpt', ['fn', 'render', dir, '--allow-exec', '--truncate-output=false']);
    expect(r.code, r.stderr).toBe(0);
    const shown = r.stdout + r.stderr;
    expect(shown).toContain(
      '[warning] apps/v1/Deployment/web spec.template.spec.containers[1]: sidecar istio-proxy starts after app web, which may call out before it is ready [sidecar-not-first]',
    );
    expect(shown.split('starts after app web')).toHaveLength(2);
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
      '[warning] apps/v1/Deployment/web spec.template.spec.containers[1]: sidecar istio-proxy starts after app web, which may call out before it is ready [sidecar-not-first]',
    );
    writeFileSync(join(dir, 'Kptfile'), kptfile('      mode: check\n      rules: sidecar-not-first=error\n'));
    const raised = run('kpt', ['fn', 'render', dir, '--allow-exec', '--truncate-output=false']);
    expect(raised.code).not.toBe(0);
    expect(raised.stdout + raised.stderr).toContain(
      '[error] apps/v1/Deployment/web spec.template.spec.containers[1]: sidecar istio-proxy starts after app web, which may call out before it is ready [sidecar-not-first]',
    );
    writeFileSync(join(dir, 'Kptfile'), kptfile('      mode: check\n      failOn: warning\n      rules: sidecar-not-first=off\n'));
    const off = run('kpt', ['fn', 'render', dir, '--allow-exec', '--truncate-output=false']);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout + off.stderr).not.toContain('starts after app web');
  });
});
