/**
 * `check` says what `fix` will do (issue 39): a finding the configured fix removes is at most a
 * warning, names fix as its fix and says it resolves it; what fix cannot solve stays an error
 * without that fix; check on fix's output is quiet (test/pod/dry-run.test.ts on the corpus).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { RUN_FIX } from '../../src/krm/types.js';

const job = (containers: string) => `apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
${containers}`;
const app = '      - name: app\n        image: app:1\n        command: ["/migrate"]\n';
const config = (spec: object) => {
  const { config, errors } = loadConfig({ apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'c' }, spec });
  expect(errors).toEqual([]);
  return config;
};
const run = (text: string, spec: object, mode: 'check' | 'apply') => runFiles([readManifest('job.yaml', [], text)], { ...config(spec), mode });
const blocks = (text: string, spec: object) => run(text, spec, 'check').findings.filter((f) => f.result.tags?.rule === 'job-sidecar-blocks-completion');

describe('check agrees with fix', () => {
  for (const mesh of ['istio', 'linkerd'] as const) {
    it(`a ${mesh}-injected Job at 1.30, which fix makes native: a warning that says fix resolves it`, () => {
      const spec = { kubernetesVersion: '1.30', mesh: { [mesh]: {} } };
      const [found] = blocks(job(app), spec);
      expect(found?.result.severity).toBe('warning');
      expect(found?.result.detail).toMatch(/The configured fix resolves it, so it is a warning here, not an error\.$/);
      expect(found?.result.fix).toBe(RUN_FIX);
      // And fix does: the Job's output has no such finding.
      const output = run(job(app), spec, 'apply').files[0]!.output!;
      expect(output).toContain(mesh === 'istio' ? 'sidecar.istio.io/nativeSidecar: "true"' : 'config.alpha.linkerd.io/proxy-enable-native-sidecar: "true"');
      expect(blocks(output, spec)).toEqual([]);
    });
  }

  it('what fix cannot solve stays an error, and fix is not offered as its fix', () => {
    // A classic sidecar with no shutdown endpoint on 1.28: fix has no way to end it.
    const kuma = job(`${app}      - name: kuma-sidecar\n        image: kumahq/kuma-dp:2.9.0\n`);
    const [found] = blocks(kuma, { kubernetesVersion: '1.28' });
    expect(found?.result.severity).toBe('error');
    expect(found?.result.fix).not.toBe(RUN_FIX);
  });

  it('a severity the config gives the rule wins', () => {
    const [found] = blocks(job(app), { kubernetesVersion: '1.30', mesh: { istio: {} }, rules: { 'job-sidecar-blocks-completion': 'error' } });
    expect(found?.result.severity).toBe('error');
  });
});
