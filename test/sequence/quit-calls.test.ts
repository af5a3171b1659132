/**
 * The quit calls a Job wrapper makes (issue 15): Dapr's API token header and the env var the app
 * needs for it, the Vault agent's retried quit. The scripts that send them are tested in
 * test/shell/; this holds what the transforms put into the wrapper's spec and the manifest.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import type { Config } from '../../src/config/types.js';
import type { Result } from '../../src/krm/types.js';
import { makeCtx } from '../../src/pod/context.js';
import { meshedSidecars } from '../../src/pod/mesh.js';
import { findSidecars } from '../../src/pod/sidecars.js';
import { sequenceWorkload } from '../../src/sequence/index.js';
import { manifestJobSidecars, meshJobSidecar, QUIT_ATTEMPTS, shutdownCalls } from '../../src/sequence/job-exit.js';
import { makeWorkload, type Container, type PodSpec } from '../../src/workloads/workload.js';

/** Classic sidecars unless the spec says otherwise: quit calls are for them. */
function config(spec: Record<string, unknown> = {}): Config {
  spec = { kubernetesVersion: '1.28', ...spec };
  const { config, errors } = loadConfig({ apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'c' }, spec });
  expect(errors).toEqual([]);
  return config;
}

const job = (containers: Container[], annotations: Record<string, string> = {}) => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name: 'j' },
  spec: { template: { metadata: { annotations }, spec: { restartPolicy: 'Never', containers } } },
});

function ctxOf(obj: Record<string, unknown>, cfg: Config) {
  const w = makeWorkload(obj, ['spec', 'template'])!;
  const results: Result[] = [];
  return { ctx: makeCtx(cfg, w, results), w, results };
}

function apply(obj: Record<string, unknown>, cfg: Config) {
  const { ctx, w, results } = ctxOf(obj, cfg);
  sequenceWorkload(ctx);
  return { pod: w.pod as PodSpec, results };
}

const daprMesh = config({ mesh: { dapr: { native: false, shutdown: true } } });
const daprPod = { 'dapr.io/enabled': 'true', 'dapr.io/api-token-secret': 'dapr-api' };
const envOf = (pod: PodSpec, name = 'app') => (pod.containers!.find((c) => c.name === name) as { env?: unknown[] }).env;

describe('Dapr API token (dapr/dapr@v1.18.0:pkg/security/consts/consts.go, pkg/injector/patcher/sidecar_container.go)', () => {
  it("the quit call of an injected daprd sends dapr-api-token from the app's DAPR_API_TOKEN", () => {
    const { ctx } = ctxOf(job([{ name: 'app', command: ['/app'] }], daprPod), daprMesh);
    const calls = shutdownCalls(ctx, meshedSidecars(ctx).map(meshJobSidecar));
    expect(calls).toEqual([
      { name: 'daprd', http: 'http://127.0.0.1:3500/v1.0/shutdown', method: 'POST', header: { name: 'dapr-api-token', fromEnv: 'DAPR_API_TOKEN' } },
    ]);
  });

  it('no annotation, no header', () => {
    const { ctx } = ctxOf(job([{ name: 'app', command: ['/app'] }], { 'dapr.io/enabled': 'true' }), daprMesh);
    expect(shutdownCalls(ctx, meshedSidecars(ctx).map(meshJobSidecar))[0]).not.toHaveProperty('header');
  });

  it("the app gets DAPR_API_TOKEN from the annotation's Secret, key token (the injector gives it to daprd only)", () => {
    const { pod, results } = apply(job([{ name: 'app', command: ['/app'] }], daprPod), daprMesh);
    expect(envOf(pod)).toEqual([{ name: 'DAPR_API_TOKEN', valueFrom: { secretKeyRef: { name: 'dapr-api', key: 'token' } } }]);
    const said = results.find((r) => r.message.startsWith('added env DAPR_API_TOKEN'));
    expect(said).toMatchObject({ severity: 'info', field: { path: 'spec.template.spec.containers[0].env' } });
    expect(said!.message).toContain('Secret dapr-api, key token (annotation dapr.io/api-token-secret)');
  });

  it("an app's own DAPR_API_TOKEN stays, and running again adds nothing", () => {
    const own = { name: 'DAPR_API_TOKEN', valueFrom: { secretKeyRef: { name: 'mine', key: 'api' } } };
    const first = apply(job([{ name: 'app', command: ['/app'], env: [own] } as Container], daprPod), daprMesh);
    expect(envOf(first.pod)).toEqual([own]);
    expect(first.results.some((r) => r.message.includes('added env DAPR_API_TOKEN'))).toBe(false);
    const obj = job([{ name: 'app', command: ['/app'] }], daprPod);
    apply(obj, daprMesh);
    const again = apply(obj, daprMesh);
    expect(again.results.filter((r) => r.severity === 'info')).toEqual([]);
    expect(envOf(again.pod)).toHaveLength(1);
  });

  it('a daprd already in the manifest with its own DAPR_API_TOKEN: the app gets a copy of that entry', () => {
    const token = { name: 'DAPR_API_TOKEN', valueFrom: { secretKeyRef: { name: 's', key: 'token' } } };
    const daprd = { name: 'daprd', image: 'docker.io/daprio/daprd:1.16.2', env: [token] } as Container;
    const cfg = config({ sidecars: [{ profile: 'dapr' }] });
    const obj = job([{ name: 'app', command: ['/app'] }, daprd]);
    const { ctx } = ctxOf(structuredClone(obj), cfg);
    const calls = shutdownCalls(ctx, manifestJobSidecars(findSidecars(ctx.w, cfg, ctx.facts)));
    expect(calls[0]).toMatchObject({ name: 'daprd', header: { name: 'dapr-api-token', fromEnv: 'DAPR_API_TOKEN' } });
    expect(envOf(apply(obj, cfg).pod)).toEqual([token]);
  });
});

describe('Vault agent quit retry (hashicorp/vault-k8s@v1.7.0:agent-inject/agent/container_sidecar.go)', () => {
  const vaultMesh = config({ mesh: { vault: { quit: true } } });
  const vaultPod = { 'vault.hashicorp.com/agent-inject': 'true', 'vault.hashicorp.com/agent-enable-quit': 'true' };

  it(`the agent's quit call is tried ${QUIT_ATTEMPTS} times: nothing holds the app until the agent listens`, () => {
    const { ctx } = ctxOf(job([{ name: 'app', command: ['/app'] }], vaultPod), vaultMesh);
    expect(shutdownCalls(ctx, meshedSidecars(ctx).map(meshJobSidecar))).toEqual([
      { name: 'vault-agent', http: 'http://127.0.0.1:8200/agent/v1/quit', method: 'POST', attempts: QUIT_ATTEMPTS },
    ]);
    expect(QUIT_ATTEMPTS).toBeGreaterThan(1);
  });

  it("other sidecars' quit calls are made once", () => {
    const cfg = config({ mesh: { istio: {} } });
    const { ctx } = ctxOf(job([{ name: 'app', command: ['/app'] }], { 'sidecar.istio.io/inject': 'true' }), cfg);
    const calls = shutdownCalls(ctx, meshedSidecars(ctx).map(meshJobSidecar));
    expect(calls.map((c) => c.name)).toEqual(['istio-proxy']);
    expect(calls[0]).not.toHaveProperty('attempts');
  });
});
