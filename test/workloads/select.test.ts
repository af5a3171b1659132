import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/index.js';
import type { WorkloadKind } from '../../src/config/types.js';
import { sitesFor } from '../../src/workloads/kinds.js';
import { expand } from '../../src/workloads/paths.js';
import { isSelected, matches } from '../../src/workloads/select.js';
import { makeWorkload } from '../../src/workloads/workload.js';

function deployment(meta: Record<string, unknown>, podMeta: Record<string, unknown> = {}) {
  return makeWorkload({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: meta, spec: { template: { metadata: podMeta, spec: { containers: [] } } } }, [
    'spec',
    'template',
  ])!;
}

/** The concrete template paths an object's kind has (sites expanded against the object). */
const pathsOf = (apiVersion: string, kind: string, extra: WorkloadKind[], obj: Record<string, unknown> = {}) => {
  const sites = sitesFor(apiVersion, kind, extra);
  return sites && sites.flatMap((s) => expand(obj, s.steps));
};

describe('sitesFor', () => {
  it('knows every built-in kind, only in core API groups', () => {
    const cron = { spec: { jobTemplate: { spec: { template: {} } } } };
    expect(pathsOf('batch/v1', 'CronJob', [], cron)).toEqual([['spec', 'jobTemplate', 'spec', 'template']]);
    expect(pathsOf('v1', 'Pod', [])).toEqual([[]]);
    expect(pathsOf('v1', 'PodTemplate', [], { template: {} })).toEqual([['template']]);
    expect(sitesFor('example.com/v1', 'Deployment', [])).toBeUndefined();
    expect(sitesFor('v1', 'Service', [])).toBeUndefined();
  });

  it('adds configured workload kinds by apiVersion and kind; they replace a catalog row', () => {
    const extra = [{ apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', podTemplatePath: 'spec.workloadRef.template' }];
    expect(sitesFor('argoproj.io/v1alpha1', 'Rollout', extra)!.map((s) => [s.pattern, s.origin])).toEqual([['spec.workloadRef.template', 'config']]);
    expect(sitesFor('argoproj.io/v1alpha1', 'Rollout', [])!.map((s) => [s.pattern, s.origin])).toEqual([['spec.template', 'catalog']]);
    expect(sitesFor('argoproj.io/v1', 'Rollout', extra)).toBeUndefined();
  });

  it('expands lists and maps into one path per template, in document order', () => {
    const jobset = { spec: { replicatedJobs: [{ template: { spec: { template: {} } } }, { template: { spec: { template: {} } } }, { template: {} }] } };
    expect(pathsOf('jobset.x-k8s.io/v1alpha2', 'JobSet', [], jobset)).toEqual([
      ['spec', 'replicatedJobs', 0, 'template', 'spec', 'template'],
      ['spec', 'replicatedJobs', 1, 'template', 'spec', 'template'],
    ]);
    const pytorch = { spec: { pytorchReplicaSpecs: { Master: { template: {} }, Worker: { template: {} } } } };
    expect(pathsOf('kubeflow.org/v1', 'PyTorchJob', [], pytorch)).toEqual([
      ['spec', 'pytorchReplicaSpecs', 'Master', 'template'],
      ['spec', 'pytorchReplicaSpecs', 'Worker', 'template'],
    ]);
    // A list where a map is expected (or the reverse) holds no template.
    expect(pathsOf('kubeflow.org/v1', 'PyTorchJob', [], { spec: { pytorchReplicaSpecs: [{ template: {} }] } })).toEqual([]);
  });
});

describe('selection', () => {
  const w = deployment({ name: 'web-a', namespace: 'prod', labels: { tier: 'backend' } });

  it('matches every named criterion', () => {
    expect(matches({ kinds: ['Deployment'], names: ['web-*'], namespaces: ['pr*'], labels: { tier: 'backend' } }, w)).toBe(true);
    expect(matches({ kinds: ['Job'] }, w)).toBe(false);
    expect(matches({ names: ['api-*'] }, w)).toBe(false);
    expect(matches({ namespaces: ['staging'] }, w)).toBe(false);
    expect(matches({ labels: { tier: 'frontend' } }, w)).toBe(false);
  });

  it('treats a missing namespace as default', () => {
    expect(matches({ namespaces: ['default'] }, deployment({ name: 'x' }))).toBe(true);
  });

  it('exclude wins over selector; skip annotation on workload or pod template', () => {
    const cfg = { ...defaultConfig(), selector: { names: ['web-*'] }, exclude: { namespaces: ['prod'] } };
    expect(isSelected(w, cfg)).toBe(false);
    expect(isSelected(w, defaultConfig())).toBe(true);
    expect(isSelected(deployment({ name: 'a', annotations: { 'pod-sequencer.dev/skip': 'true' } }), defaultConfig())).toBe(false);
    expect(isSelected(deployment({ name: 'a' }, { annotations: { 'pod-sequencer.dev/skip': 'true' } }), defaultConfig())).toBe(false);
  });
});
