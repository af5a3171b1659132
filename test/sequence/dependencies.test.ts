/** Dependency waits: placement, ownership, the mesh UID workaround, annotations, and their two rules. */
import { describe, expect, it } from 'vitest';
import { runRules } from '../../src/check/index.js';
import type { Result } from '../../src/krm/types.js';
import { ConfigMaps, makeCtx, noFacts, Services, type InputFacts } from '../../src/pod/context.js';
import { sequenceWorkload } from '../../src/sequence/index.js';
import { makeWorkload, type Container, type PodSpec } from '../../src/workloads/workload.js';
import { loadConfig, messages, typed } from '../config/helpers.js';

const app: Container = { name: 'app', image: 'registry.example.com/app:1' };

function configOf(spec: Record<string, unknown>) {
  // Classic sidecars unless the case says otherwise (the UID workaround is for classic meshes).
  const { config, errors } = loadConfig(typed({ kubernetesVersion: '1.28', ...spec }));
  expect(errors).toEqual([]);
  return config;
}

/** Runs the pipeline (apply mode, then the rules) on one Deployment. */
function apply(
  spec: Record<string, unknown>,
  pod: PodSpec,
  opts: { annotations?: Record<string, string>; podAnnotations?: Record<string, string>; facts?: InputFacts } = {},
) {
  const obj = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', ...(opts.annotations && { annotations: opts.annotations }) },
    spec: { template: { ...(opts.podAnnotations && { metadata: { annotations: opts.podAnnotations } }), spec: structuredClone(pod) } },
  };
  const w = makeWorkload(obj, ['spec', 'template'])!;
  const results: Result[] = [];
  const ctx = makeCtx(configOf(spec), w, results, opts.facts ?? noFacts());
  if (ctx.cfg.mode === 'apply') sequenceWorkload(ctx);
  runRules(ctx);
  const init = w.pod.initContainers ?? [];
  return { obj, pod: w.pod, results, names: init.map((c) => c.name), wait: (name: string) => init.find((c) => c.name === `seq-wait-${name}`)! };
}

const rule = (results: Result[], id: string) => results.filter((r) => r.tags?.rule === id);
const uid = (c: Container) => (c.securityContext as { runAsUser: number }).runAsUser;

describe('placement and ownership', () => {
  it('after mesh setup and native sidecars, before the user init containers, in configured order', () => {
    const pod: PodSpec = {
      initContainers: [
        { name: 'istio-init', image: 'proxyv2', args: ['istio-iptables'] },
        { name: 'migrate', image: 'migrate', command: ['/migrate'] },
      ],
      containers: [app, { name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.24.2' }],
    };
    const { names, wait } = apply({ kubernetesVersion: '1.30', dependencies: [{ tcp: 'db:5432' }, { http: 'http://config/info' }] }, pod);
    expect(names).toEqual(['istio-init', 'istio-proxy', 'seq-wait-db', 'seq-wait-config', 'migrate']);
    // a native proxy carries their traffic: no UID workaround
    expect(uid(wait('db'))).toBe(65534);
  });

  it('a second run changes nothing; a changed list updates and removes only seq-wait-*', () => {
    const spec = { dependencies: [{ tcp: 'db:5432' }, { dns: 'cache' }] };
    const first = apply(spec, { initContainers: [{ name: 'user-init', image: 'x' }], containers: [app] });
    const again = apply(spec, first.pod);
    expect(again.pod).toEqual(first.pod);
    expect(again.results).toEqual([]);

    const changed = apply({ dependencies: [{ tcp: 'db:6432', name: 'db' }] }, first.pod);
    expect(changed.names).toEqual(['seq-wait-db', 'user-init']);
    expect(changed.wait('db').command).toContain('db:6432');
    expect(changed.pod.initContainers![1]).toEqual({ name: 'user-init', image: 'x' });
    expect(changed.results.map((r) => [r.message, r.detail])).toEqual([
      ['updated init container seq-wait-db, so the app waits for db', expect.stringMatching(/^It checks TCP db:6432 every/)],
      ['removed init container seq-wait-cache: its dependency is gone', 'No dependency of this workload is named cache any more.'],
    ]);

    const none = apply({}, changed.pod);
    expect(none.names).toEqual(['user-init']);
  });

  it('waits that only moved are put back, and say so', () => {
    const first = apply({ dependencies: [{ tcp: 'db:5432' }] }, { initContainers: [{ name: 'migrate', image: 'x' }], containers: [app] });
    const swapped = { ...first.pod, initContainers: [...first.pod.initContainers!].reverse() };
    const again = apply({ dependencies: [{ tcp: 'db:5432' }] }, swapped);
    expect(again.names).toEqual(['seq-wait-db', 'migrate']);
    expect(again.results.map((r) => r.message)).toEqual([expect.stringMatching(/^moved the dependency waits to the start/)]);
  });

  it('added containers are restricted and carry the configured image and resources', () => {
    const { wait } = apply(
      { tools: { image: 'registry.example.com/busybox:1', resources: { limits: { memory: '64Mi' } } }, dependencies: [{ dns: 'cache' }] },
      { containers: [app] },
    );
    expect(wait('cache')).toMatchObject({
      image: 'registry.example.com/busybox:1',
      resources: { requests: { cpu: '10m', memory: '16Mi' }, limits: { memory: '64Mi' } },
      securityContext: {
        runAsNonRoot: true,
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
        seccompProfile: { type: 'RuntimeDefault' },
      },
    });
  });

  it('per-dependency selectors', () => {
    const spec = {
      dependencies: [
        { tcp: 'db:5432', selector: { names: ['api'] } },
        { dns: 'cache', selector: { kinds: ['Deployment'] } },
      ],
    };
    expect(apply(spec, { containers: [app] }).names).toEqual(['seq-wait-cache']);
  });
});

describe('config errors', () => {
  it('URLs the URL parser would quietly accept are refused, naming the field', () => {
    expect(
      messages(typed({ dependencies: [{ http: 'http://db/a\nb' }, { http: 'http://db/a b' }, { http: 'http://$(id)/' }, { http: 'http://db/$(id)?x=`id`' }] })),
    ).toEqual([
      "spec.dependencies[0].http: 'http://db/a\\nb' contains whitespace or control characters; percent-encode them (%20)",
      "spec.dependencies[1].http: 'http://db/a b' contains whitespace or control characters; percent-encode them (%20)",
      "spec.dependencies[2].http: '$(id)' is not a host name or IP address; use http://host[:port]/path",
    ]);
  });
});

describe('the pod-sequencer.dev/dependencies annotation', () => {
  it('adds to the configured ones, without doubles or name clashes', () => {
    const { names, wait } = apply(
      { dependencies: [{ http: 'http://config:8080/info' }] },
      { containers: [app] },
      {
        annotations: { 'pod-sequencer.dev/dependencies': 'http://config:8080/info, tcp://config.other:6379' },
        podAnnotations: { 'pod-sequencer.dev/dependencies': 'dns://cache' },
      },
    );
    expect(names).toEqual(['seq-wait-config', 'seq-wait-config-2', 'seq-wait-cache']);
    expect(wait('config-2').command).toContain('config.other:6379');
  });

  it('a bad value is an error naming the annotation, and the workload is left as it is', () => {
    const pod: PodSpec = { containers: [app, { name: 'envoy', image: 'envoyproxy/envoy:v1.31.2' }] };
    const { pod: out, results } = apply({ dependencies: [{ dns: 'cache' }] }, pod, {
      podAnnotations: { 'pod-sequencer.dev/dependencies': 'tcp://db:5432, tcp://db;id:1' },
    });
    expect(out).toEqual(pod);
    const errors = results.filter((r) => r.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/^annotation pod-sequencer\.dev\/dependencies: in 'tcp:\/\/db;id:1': .*this workload is left unchanged/);
    expect(errors[0]!.field?.path).toBe('spec.template.metadata.annotations["pod-sequencer.dev/dependencies"]');
    // what could not be added is also a finding
    expect(rule(results, 'dependency-not-awaited').map((r) => r.message.split(' has no wait')[0])).toEqual(['dependency cache', 'dependency db']);
  });
});

describe('meshes: the UID workaround and init-network-under-mesh', () => {
  const facts = (labels: Record<string, string>): InputFacts => ({
    namespaces: new Map([['default', { labels, annotations: {} }]]),
    services: new Services(),
    configMaps: new ConfigMaps(),
    problems: [],
  });
  const userCurl: Container = { name: 'fetch', image: 'curl', command: ['curl', '-sf', 'http://config/x'] };

  it.each([
    ['istio', { istio: {} }, 1337],
    ['linkerd', { linkerd: {} }, 2102],
    // kumahq/kuma@v2.14.0:pkg/config/app/kuma-cp/kuma-cp.defaults.yaml (sidecar uid: 5678; issue 15)
    ['kuma', { kuma: {} }, 5678],
  ])('%s injected as a classic sidecar: waits run as its proxy UID, and say so', (_m, mesh, proxyUid) => {
    const { wait, results } = apply({ mesh, dependencies: [{ tcp: 'db:5432' }] }, { initContainers: [userCurl], containers: [app] });
    expect(uid(wait('db'))).toBe(proxyUid);
    expect((wait('db').securityContext as { runAsNonRoot: boolean }).runAsNonRoot).toBe(true);
    expect(results.find((r) => r.message.startsWith('added init container seq-wait-db'))!.detail).toContain(`runs as UID ${proxyUid}`);
    // the user's own init container is only reported
    const found = rule(results, 'init-network-under-mesh');
    expect(found.map((r) => r.field?.path)).toEqual(['spec.template.spec.initContainers[1]']);
    expect(found[0]!.detail).toContain(`Run it as UID ${proxyUid}`);
    expect(found[0]!.fix).toBe(`securityContext.runAsUser: ${proxyUid}`);
  });

  it('native via the injector (Kubernetes 1.30), or not meshed: default UID, no finding', () => {
    const native = apply(
      { kubernetesVersion: '1.30', mesh: { istio: {} }, dependencies: [{ tcp: 'db:5432' }] },
      { initContainers: [userCurl], containers: [app] },
    );
    expect(uid(native.wait('db'))).toBe(65534);
    expect(rule(native.results, 'init-network-under-mesh')).toEqual([]);
    const off = apply({ mesh: { istio: {} }, dependencies: [{ tcp: 'db:5432' }] }, { initContainers: [userCurl], containers: [app] }, { facts: facts({}) });
    expect(uid(off.wait('db'))).toBe(65534);
    expect(rule(off.results, 'init-network-under-mesh')).toEqual([]);
  });

  it('a classic proxy in the manifest (Kubernetes 1.28) gets the workaround too', () => {
    const { wait } = apply(
      { kubernetesVersion: '1.28', dependencies: [{ dns: 'cache' }] },
      { containers: [app, { name: 'linkerd-proxy', image: 'cr.l5d.io/linkerd/proxy:edge' }] },
    );
    expect(uid(wait('cache'))).toBe(2102);
  });

  it('two meshes that disagree on the UID: no workaround, and the rule says why', () => {
    const { wait, results } = apply({ mesh: { istio: {}, linkerd: {} }, dependencies: [{ dns: 'cache' }] }, { containers: [app] });
    expect(uid(wait('cache'))).toBe(65534);
    const found = rule(results, 'init-network-under-mesh');
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toBe('init container seq-wait-cache makes network calls the mesh captures before its proxy runs');
    expect(found[0]!.detail).toMatch(/^It calls out \(waits for cache\)/);
    expect(found[0]!.detail).not.toContain('Run it as UID');
    expect(found[0]!.fix).toBeUndefined();
  });

  it('the rule: the proxy UID, no network calls, or a native proxy before it are fine; one after it is not', () => {
    const asProxy = { ...userCurl, securityContext: { runAsUser: 1337 } };
    const quiet: Container = { name: 'copy', image: 'x', command: ['cp', '-r', '/a', '/b'] };
    const check = (pod: PodSpec) => rule(apply({ mode: 'check', mesh: { istio: {} } }, pod).results, 'init-network-under-mesh').map((r) => r.field?.path);
    expect(check({ initContainers: [asProxy, quiet], containers: [app] })).toEqual([]);
    expect(check({ securityContext: { runAsUser: 1337 }, initContainers: [userCurl], containers: [app] })).toEqual([]);
    const proxy: Container = { name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.24.2', restartPolicy: 'Always' };
    const inManifest = (init: Container[]) => rule(apply({ mode: 'check' }, { initContainers: init, containers: [app] }).results, 'init-network-under-mesh');
    expect(inManifest([proxy, userCurl])).toEqual([]);
    expect(inManifest([userCurl, proxy]).map((r) => r.detail)).toEqual([expect.stringContaining('native sidecar istio-proxy starts only after it')]);
  });
});

describe('dependency-not-awaited', () => {
  it('check mode: every dependency without a wait, and bad annotation values', () => {
    const { results } = apply(
      { mode: 'check', dependencies: [{ tcp: 'db:5432' }] },
      { containers: [app] },
      { annotations: { 'pod-sequencer.dev/dependencies': 'dns://cache, htp://typo' } },
    );
    expect(rule(results, 'dependency-not-awaited').map((r) => r.message)).toEqual([
      'dependency db has no wait in this pod, so the app may start before it is up',
      'dependency cache has no wait in this pod, so the app may start before it is up',
      expect.stringMatching(/^annotation pod-sequencer.dev\/dependencies: 'htp:\/\/typo' is not accepted/),
    ]);
  });

  it('a wait for the same target counts whatever its name; one for an old target does not', () => {
    const done = apply({ dependencies: [{ name: 'old-name', tcp: 'db:5432' }] }, { containers: [app] }).pod;
    const lint = (deps: unknown[]) => rule(apply({ mode: 'check', dependencies: deps }, done).results, 'dependency-not-awaited');
    expect(lint([{ name: 'db', tcp: 'db:5432' }])).toEqual([]);
    expect(lint([{ name: 'old-name', tcp: 'db:6432' }])).toHaveLength(1);
  });
});
