/**
 * restart-policy-on-container (issue 39): an error where the target release refuses a
 * container's own restartPolicy (before ContainerRestartRules, 1.34) or where it keeps a Job from
 * completing; a warning that names the gate elsewhere (JobSet's in-place restart examples).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';

const pod = (kind: 'Job' | 'Deployment', policy: string) => `apiVersion: ${kind === 'Job' ? 'batch/v1' : 'apps/v1'}
kind: ${kind}
metadata:
  name: w
spec:
  template:
    spec:
      ${kind === 'Job' ? 'restartPolicy: Never' : 'restartPolicy: Always'}
      containers:
      - name: worker
        image: registry.example.com/worker:1
        command: [/work]
        restartPolicy: ${policy}
`;

function found(text: string, spec: object) {
  const { config, errors } = loadConfig({ apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'c' }, spec });
  expect(errors).toEqual([]);
  return runFiles([readManifest('w.yaml', [], text)], { ...config, mode: 'check' })
    .findings.filter((f) => f.result.tags?.rule === 'restart-policy-on-container')
    .map((f) => [f.result.severity, f.result.message]);
}

describe('restart-policy-on-container', () => {
  it('restartPolicy: Never on a Job container: a warning naming the gate, unless the stated release refuses it', () => {
    const text = pod('Job', 'Never');
    const gated = ['warning', 'container worker sets restartPolicy: Never: accepted only with the ContainerRestartRules feature gate'];
    expect(found(text, {})).toEqual([gated]);
    expect(found(text, { kubernetesVersion: '1.34' })).toEqual([gated]);
    expect(found(text, { kubernetesVersion: '1.35' })).toEqual([gated]);
    expect(found(text, { kubernetesVersion: '1.30' })).toEqual([
      ['error', 'container worker sets restartPolicy: Never: the API server of Kubernetes 1.30 refuses it'],
    ]);
  });

  it('restartPolicy: Always on a Job container is an error at any release: the Job never completes', () => {
    expect(found(pod('Job', 'Always'), { kubernetesVersion: '1.35' })).toEqual([
      ['error', 'container worker sets restartPolicy: Always: refused, or restarted on every exit, so this Job never completes'],
    ]);
    expect(found(pod('Deployment', 'Always'), { kubernetesVersion: '1.35' }).map(([s]) => s)).toEqual(['warning']);
  });

  it('a severity the config gives the rule wins', () => {
    expect(found(pod('Job', 'Never'), { rules: { 'restart-policy-on-container': 'error' } }).map(([s]) => s)).toEqual(['error']);
  });
});
