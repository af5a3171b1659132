/**
 * Kuma 2.14+ injects kuma-sidecar as a native sidecar by default on Kubernetes 1.29+
 * (kumahq/kuma@v2.14.0:pkg/config/app/kuma-cp/kuma-cp.defaults.yaml `sidecarContainers: true`;
 * pkg/plugins/runtime/k8s/plugin.go, sidecarContainerVersion 1.29; off in 2.13). A Kuma-injected
 * Job there completes by itself: job-sidecar-blocks-completion stays quiet. With the release
 * unknown, or a Kubernetes version below 1.29, the conservative path: classic, and the error, which
 * names the setting when only the release is missing (an unset kubernetesVersion is taken as 1.29+). (An `info` result would repeat on every run, where a
 * second run must report nothing: test/golden.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import type { Config } from '../../src/config/types.js';
import type { Result } from '../../src/krm/types.js';
import { makeCtx } from '../../src/pod/context.js';
import { meshedSidecars } from '../../src/pod/mesh.js';
import { runRules } from '../../src/check/index.js';
import { sequenceWorkload } from '../../src/sequence/index.js';
import { makeWorkload } from '../../src/workloads/workload.js';

function config(kuma: Record<string, unknown>, kubernetesVersion?: string, mesh = 'kuma'): Config {
  const spec = { mesh: { [mesh]: kuma }, ...(kubernetesVersion && { kubernetesVersion }) };
  const { config, errors } = loadConfig({ apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'c' }, spec });
  expect(errors).toEqual([]);
  return config;
}

const KUMA = { 'kuma.io/sidecar-injection': 'enabled' };
const job = (labels: Record<string, string> = KUMA) => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name: 'migrate', namespace: 'shop' },
  spec: {
    template: {
      metadata: { labels },
      spec: { restartPolicy: 'Never', containers: [{ name: 'app', command: ['/migrate'] }] },
    },
  },
});

function run(cfg: Config, labels?: Record<string, string>) {
  const obj = job(labels);
  const w = makeWorkload(obj, ['spec', 'template'])!;
  const results: Result[] = [];
  const ctx = makeCtx(cfg, w, results);
  sequenceWorkload(ctx);
  runRules(ctx);
  return { meshed: meshedSidecars(ctx), results, command: w.pod.containers![0]!.command };
}
const blocked = (results: Result[]) => results.find((r) => r.tags?.rule === 'job-sidecar-blocks-completion');

describe('Kuma native sidecars by default', () => {
  it('Kuma 2.14.0+ on Kubernetes 1.29+: native, so the Job completes; no error, no wrapper', () => {
    for (const [version, k8s] of [
      ['2.14.0', '1.29'],
      ['2.14.3', '1.33'],
    ]) {
      const { meshed, results, command } = run(config({ version }, k8s));
      expect(meshed).toMatchObject([{ profile: 'kuma', container: 'kuma-sidecar', native: true }]);
      expect(blocked(results)).toBeUndefined();
      expect(command).toEqual(['/migrate']);
    }
  });

  it('Kuma 2.13 (opt-in there), or Kubernetes 1.28: classic, and the error stays', () => {
    for (const [version, k8s] of [
      ['2.13.8', '1.30'],
      ['2.14.0', '1.28'],
    ]) {
      const { meshed, results } = run(config({ version }, k8s));
      expect(meshed[0]!.native).toBe(false);
      expect(blocked(results)?.detail).toMatch(/kuma has no shutdown endpoint/);
      expect(blocked(results)?.detail).not.toContain('set mesh.kuma.version');
    }
  });

  it('release unknown on Kubernetes 1.29+: the conservative path (classic), and the error says which and how to tell', () => {
    const { meshed, results } = run(config({}, '1.30'));
    expect(meshed[0]!.native).toBe(false);
    expect(blocked(results)?.detail).toContain(
      'or, if your kuma control plane is 2.14.0 or later (it injects a native sidecar by default on Kubernetes 1.29 or later), set mesh.kuma.version to its release',
    );
  });

  it('kubernetesVersion unset is taken as 1.29 or later: Kuma 2.14 injects it native; 1.28: classic, no hint about a default that cannot apply', () => {
    const unset = run(config({ version: '2.14.0' }));
    expect(unset.meshed[0]!.native).toBe(true);
    expect(blocked(unset.results)).toBeUndefined();
    const { meshed, results } = run(config({ version: '2.14.0' }, '1.28'));
    expect(meshed[0]!.native).toBe(false);
    expect(blocked(results)).toBeDefined();
    expect(blocked(results)?.message).not.toContain('mesh.kuma.version');
  });
});

/**
 * Istio 1.27+: ENABLE_NATIVE_SIDECARS defaults to "auto", native where the kubelet is 1.33 or
 * later (istio/istio@1.27.0:pilot/pkg/features/pilot.go; pkg/kube/inject/webhook.go, minVersion 33).
 */
describe('Istio native sidecars by default', () => {
  const ISTIO = { 'sidecar.istio.io/inject': 'true' };
  it('Istio 1.27+ on Kubernetes 1.33+: native, so the Job completes; no error, no wrapper', () => {
    for (const [version, k8s] of [
      ['1.27.0', '1.33'],
      ['1.30.1', '1.34'],
    ]) {
      const { meshed, results, command } = run(config({ version }, k8s, 'istio'), ISTIO);
      expect(meshed).toMatchObject([{ profile: 'istio', container: 'istio-proxy', native: true }]);
      expect(blocked(results)).toBeUndefined();
      expect(command).toEqual(['/migrate']);
    }
  });

  it('Kubernetes 1.28: classic, and the Job wrapper asks the proxy to quit', () => {
    for (const [version, k8s] of [
      ['1.26.2', '1.28'],
      ['1.30.0', '1.28'],
    ]) {
      const { meshed, command } = run(config({ version }, k8s, 'istio'), ISTIO);
      expect(meshed[0]!.native).toBe(false);
      expect(command?.join(' ')).toContain('quitquitquit');
    }
  });
});
