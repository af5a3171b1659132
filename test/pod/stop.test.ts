/**
 * How a pod stops (src/pod/stop.ts) and the stop-order fix (src/sequence/stop-order.ts): what a
 * preStop does, how long each classic sidecar stays up, what the app needs, and that the fix
 * keeps the user's values, is idempotent and leaves Jobs and native sidecars alone.
 */
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadConfig } from '../../src/config/load.js';
import { makeCtx } from '../../src/pod/context.js';
import { appNeed, classicStays, preStopEnds, preStopSleep } from '../../src/pod/stop.js';
import { runFilter } from '../../src/run.js';
import { makeWorkload, type Container } from '../../src/workloads/workload.js';

const config = (spec: Record<string, unknown> = {}) => {
  const { config, errors } = loadConfig({ apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'c' }, spec });
  expect(errors).toEqual([]);
  return config;
};

const deployment = (pod: Record<string, unknown>, annotations: Record<string, string> = {}, labels: Record<string, string> = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop' },
  spec: { template: { metadata: { labels: { app: 'web', ...labels }, annotations }, spec: pod } },
});

const ctxOf = (obj: Record<string, unknown>, spec: Record<string, unknown> = {}) => makeCtx(config(spec), makeWorkload(obj, ['spec', 'template'])!, []);

const app = (preStop?: unknown): Container => ({ name: 'web', image: 'web:1', ...(preStop ? { lifecycle: { preStop } } : {}) }) as Container;

describe('preStop facts', () => {
  it('reads a sleep as the sleep action, an exec sleep, or a leading sleep in a script', () => {
    expect(preStopSleep(app({ sleep: { seconds: 12 } }))).toEqual({ seconds: 12, field: 'lifecycle.preStop.sleep.seconds' });
    expect(preStopSleep(app({ exec: { command: ['/bin/sleep', '20'] } }))).toEqual({ seconds: 20, field: 'lifecycle.preStop.exec.command[0]' });
    expect(preStopSleep(app({ exec: { command: ['sh', '-c', 'sleep 1m; nginx -s quit'] } }))?.seconds).toBe(60);
    expect(preStopSleep(app({ exec: { command: ['nginx', '-s', 'quit'] } }))).toBeUndefined();
  });

  it("knows a preStop that ends the container from Istio's own drain, which keeps serving", () => {
    expect(preStopEnds(app({ httpGet: { path: '/quitquitquit', port: 15000 } }))?.field).toBe('lifecycle.preStop.httpGet.path');
    expect(preStopEnds(app({ exec: { command: ['sh', '-c', 'kill -TERM 1'] } }))?.field).toBe('lifecycle.preStop.exec.command[2]');
    expect(preStopEnds(app({ exec: { command: ['/usr/lib/linkerd/linkerd-await', '--shutdown', '--', 'sleep', '0'] } }))?.field).toBe(
      'lifecycle.preStop.exec.command[1]',
    );
    expect(preStopEnds(app({ exec: { command: ['pilot-agent', 'request', '--debug-port=15020', 'POST', 'drain'] } }))).toBeUndefined();
  });
});

describe('stop facts', () => {
  const istio = { mesh: { istio: {} } };
  const injected = { 'sidecar.istio.io/inject': 'true' };

  it("an injected istio-proxy stays Istio's default 5s, or the drain in proxy.istio.io/config", () => {
    const pod = { containers: [app({ sleep: { seconds: 15 } })] };
    expect(classicStays(ctxOf(deployment(pod, {}, injected), istio)).map((s) => s.seconds)).toEqual([5]);
    const json = deployment(pod, { 'proxy.istio.io/config': '{"terminationDrainDuration": "60s"}' }, injected);
    expect(classicStays(ctxOf(json, istio)).map((s) => s.seconds)).toEqual([60]);
  });

  it('the app needs its preStop sleep plus a second, or the grace period less 5s for another preStop', () => {
    expect(appNeed(ctxOf(deployment({ containers: [app({ sleep: { seconds: 15 } })] })))?.seconds).toBe(16);
    expect(appNeed(ctxOf(deployment({ terminationGracePeriodSeconds: 60, containers: [app({ exec: { command: ['/drain'] } })] })))?.seconds).toBe(55);
    expect(appNeed(ctxOf(deployment({ containers: [app()] })))).toBeUndefined();
  });

  it('an app whose preStop ends its sidecar orders the stop itself: nothing is asked', () => {
    const pod = {
      containers: [{ name: 'envoy', image: 'envoyproxy/envoy:v1.32.2' }, app({ exec: { command: ['sh', '-c', 'curl -X POST localhost:9901/quitquitquit'] } })],
    };
    expect(appNeed(ctxOf(deployment(pod)))).toBeUndefined();
  });

  it("an app's own shutdown command in its preStop is a drain, not the end of a sidecar", () => {
    const pod = { containers: [{ name: 'envoy', image: 'envoyproxy/envoy:v1.32.2' }, app({ exec: { command: ['/app/web', '--shutdown'] } })] };
    expect(appNeed(ctxOf(deployment(pod)))?.seconds).toBe(25);
  });

  it('Job-like pods have no classic sidecars to keep up: they end with the work', () => {
    const job = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'j' },
      spec: {
        template: { spec: { restartPolicy: 'Never', containers: [{ name: 'envoy', image: 'envoyproxy/envoy:v1.32.2' }, app({ sleep: { seconds: 5 } })] } },
      },
    };
    expect(classicStays(ctxOf(job))).toEqual([]);
  });
});

describe('stopOrder.sidecarsLast', () => {
  const run = (item: Record<string, unknown>, spec: Record<string, unknown>) => {
    const out = runFilter(
      stringify({
        apiVersion: 'config.kubernetes.io/v1',
        kind: 'ResourceList',
        items: [item],
        functionConfig: { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'c' }, spec },
      }),
    );
    const items = (parse(out.stdout) as { items: Record<string, unknown>[] }).items;
    return { out, item: items[0]!, results: out.results };
  };
  const annotations = (o: Record<string, unknown>) =>
    (o as { spec: { template: { metadata: { annotations?: Record<string, string> } } } }).spec.template.metadata.annotations ?? {};
  const spec = { kubernetesVersion: '1.30', mesh: { linkerd: { native: false, await: false } }, stopOrder: { sidecarsLast: true } };
  const consumer = deployment({ containers: [app({ exec: { command: ['/app/drain'] } })] }, { 'linkerd.io/inject': 'enabled' });

  it("sets Linkerd's wait-before-exit to the grace period less 5s, once", () => {
    const first = run(consumer, spec);
    expect(annotations(first.item)['config.alpha.linkerd.io/proxy-wait-before-exit-seconds']).toBe('25');
    const again = run(first.item, spec);
    expect(again.item).toEqual(first.item);
    expect(again.results.filter((r) => r.message.includes('wait-before-exit') && r.severity === 'info')).toEqual([]);
  });

  it("keeps the pod's own value, and the rule still says it is short", () => {
    const own = deployment(
      { containers: [app({ exec: { command: ['/app/drain'] } })] },
      { 'linkerd.io/inject': 'enabled', 'config.alpha.linkerd.io/proxy-wait-before-exit-seconds': '3' },
    );
    const { item, results } = run(own, spec);
    expect(annotations(item)['config.alpha.linkerd.io/proxy-wait-before-exit-seconds']).toBe('3');
    expect(results.map((r) => r.tags?.rule)).toContain('sidecar-stops-before-app');
  });

  it('is off by default: the rule warns, nothing changes', () => {
    const { item, results } = run(consumer, { ...spec, stopOrder: {} });
    expect(annotations(item)['config.alpha.linkerd.io/proxy-wait-before-exit-seconds']).toBeUndefined();
    expect(results.map((r) => r.tags?.rule)).toContain('sidecar-stops-before-app');
  });

  it('gives a sidecar in the manifest a preStop sleep action only from Kubernetes 1.30', () => {
    const pod = deployment({ containers: [{ name: 'envoy', image: 'envoyproxy/envoy:v1.32.2' }, app({ sleep: { seconds: 10 } })] });
    const envoy = (o: Record<string, unknown>) =>
      (o as { spec: { template: { spec: { containers: Container[] } } } }).spec.template.spec.containers.find((c) => c.name === 'envoy')!;
    expect(envoy(run(pod, { ...spec, sidecars: [{ profile: 'envoy', name: 'envoy', strategy: 'postStart' }] }).item).lifecycle?.preStop).toEqual({
      sleep: { seconds: 25 },
    });
    const old = run(pod, { ...spec, kubernetesVersion: '1.29', sidecars: [{ profile: 'envoy', name: 'envoy', strategy: 'postStart' }] });
    expect(envoy(old.item).lifecycle?.preStop).toBeUndefined();
    expect(old.results.some((r) => r.message.includes('needs Kubernetes 1.30'))).toBe(true);
  });
});
