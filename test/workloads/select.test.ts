import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/index.js';
import { templatePathFor } from '../../src/workloads/kinds.js';
import { isSelected, matches } from '../../src/workloads/select.js';
import { makeWorkload } from '../../src/workloads/workload.js';

function deployment(meta: Record<string, unknown>, podMeta: Record<string, unknown> = {}) {
  return makeWorkload({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: meta, spec: { template: { metadata: podMeta, spec: { containers: [] } } } }, [
    'spec',
    'template',
  ])!;
}

describe('templatePathFor', () => {
  it('knows every built-in kind, only in core API groups', () => {
    expect(templatePathFor('batch/v1', 'CronJob', [])).toEqual(['spec', 'jobTemplate', 'spec', 'template']);
    expect(templatePathFor('v1', 'Pod', [])).toEqual([]);
    expect(templatePathFor('v1', 'PodTemplate', [])).toEqual(['template']);
    expect(templatePathFor('example.com/v1', 'Deployment', [])).toBeUndefined();
    expect(templatePathFor('v1', 'Service', [])).toBeUndefined();
  });

  it('adds configured workload kinds by apiVersion and kind', () => {
    const extra = [{ apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', podTemplatePath: 'spec.template' }];
    expect(templatePathFor('argoproj.io/v1alpha1', 'Rollout', extra)).toEqual(['spec', 'template']);
    expect(templatePathFor('argoproj.io/v1', 'Rollout', extra)).toBeUndefined();
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
