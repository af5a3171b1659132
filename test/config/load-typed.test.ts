import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { defaultConfig, loadConfig, typed } from './helpers.js';

// The full example of the public config interface (docs/reference.md), with `selector: {...}` filled in.
const fullExample = `
apiVersion: fn.pod-sequencer.dev/v1alpha1
kind: PodSequence
metadata:
  name: ordering
  annotations:
    config.kubernetes.io/local-config: "true"
    config.kubernetes.io/function: "exec: {path: ./pod-sequencer}"
spec:
  mode: apply
  kubernetesVersion: "1.30"
  selector:
    kinds: [Deployment, Job]
    names: ["web-*"]
    namespaces: [prod]
    labels: {tier: backend}
  exclude: {names: ["legacy-*"]}
  workloadKinds:
    - {apiVersion: argoproj.io/v1alpha1, kind: Rollout, podTemplatePath: spec.template}
  sidecars:
    - profile: istio
      name: istio-proxy
      image: "*/proxyv2:*"
      strategy: auto
      readiness: {http: "http://127.0.0.1:15021/healthz/ready"}
      waitCommand: [pilot-agent, wait]
      shutdown: {http: "http://127.0.0.1:15020/quitquitquit", method: POST}
      timeoutSeconds: 120
      onTimeout: fail
  mesh:
    istio:   {hold: true, native: auto}
    linkerd: {await: true, native: auto, shutdown: true}
  dependencies:
    - name: config-center
      http: "http://apollo-configservice.my-namespace.svc.cluster.local:6166/info"
      timeoutSeconds: 300
      periodSeconds: 2
      selector: {names: ["web-*"]}
  jobs:
    terminateSidecars: true
    entrypoints:
      - {container: migrate, command: ["/app/migrate"]}
      - {image: "registry.example.com/etl:*", command: ["/usr/local/bin/etl"]}
  tools:
    delivery: inject
    image: "busybox:1.37.0-musl"
    resources: {requests: {cpu: 10m, memory: 16Mi}, limits: {memory: 32Mi}}
`;

describe('typed PodSequence', () => {
  test('the full example of the config reference resolves', () => {
    const { config, errors } = loadConfig(parse(fullExample));
    expect(errors).toEqual([]);
    expect(config).toMatchInlineSnapshot(`
      {
        "check": {
          "failOn": "error",
        },
        "dependencies": [
          {
            "http": "http://apollo-configservice.my-namespace.svc.cluster.local:6166/info",
            "name": "config-center",
            "periodSeconds": 2,
            "selector": {
              "names": [
                "web-*",
              ],
            },
            "timeoutSeconds": 300,
          },
        ],
        "exclude": {
          "names": [
            "legacy-*",
          ],
        },
        "jobs": {
          "entrypoints": [
            {
              "command": [
                "/app/migrate",
              ],
              "container": "migrate",
            },
            {
              "command": [
                "/usr/local/bin/etl",
              ],
              "image": "registry.example.com/etl:*",
            },
          ],
          "terminateSidecars": true,
        },
        "kubernetesVersion": "1.30",
        "mesh": {
          "istio": {
            "hold": true,
            "native": "auto",
          },
          "linkerd": {
            "await": true,
            "native": "auto",
            "shutdown": true,
          },
        },
        "mode": "apply",
        "rules": {},
        "selector": {
          "kinds": [
            "Deployment",
            "Job",
          ],
          "labels": {
            "tier": "backend",
          },
          "names": [
            "web-*",
          ],
          "namespaces": [
            "prod",
          ],
        },
        "sidecars": [
          {
            "image": "*/proxyv2:*",
            "index": 0,
            "name": "istio-proxy",
            "onTimeout": "fail",
            "profile": "istio",
            "readiness": {
              "http": "http://127.0.0.1:15021/healthz/ready",
            },
            "shutdown": {
              "http": "http://127.0.0.1:15020/quitquitquit",
              "method": "POST",
            },
            "strategy": "auto",
            "timeoutSeconds": 120,
            "waitCommand": [
              "pilot-agent",
              "wait",
            ],
          },
        ],
        "stopOrder": {
          "sidecarsLast": false,
        },
        "tools": {
          "delivery": "inject",
          "image": "busybox:1.37.0-musl",
          "resources": {
            "limits": {
              "memory": "32Mi",
            },
            "requests": {
              "cpu": "10m",
              "memory": "16Mi",
            },
          },
        },
        "workloadKinds": [
          {
            "apiVersion": "argoproj.io/v1alpha1",
            "kind": "Rollout",
            "podTemplatePath": "spec.template",
          },
        ],
      }
    `);
  });

  test('an empty spec, a null spec and no spec all give the defaults', () => {
    for (const doc of [typed({}), typed(null), { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence' }]) {
      expect(loadConfig(doc)).toEqual({ config: defaultConfig(), errors: [] });
    }
  });

  test('a sidecars list replaces the default set; each entry is merged over its profile', () => {
    const { config, errors } = loadConfig(
      typed({
        sidecars: [
          { profile: 'linkerd', strategy: 'native', timeoutSeconds: 30 },
          { profile: 'envoy', image: '*/envoy:*' },
          { profile: 'generic', name: 'my-proxy', readiness: { tcp: '127.0.0.1:7000' }, onTimeout: 'continue' },
        ],
      }),
    );
    expect(errors).toEqual([]);
    expect(config.sidecars).toEqual([
      {
        profile: 'linkerd',
        name: 'linkerd-proxy',
        strategy: 'native',
        readiness: { http: 'http://127.0.0.1:4191/ready' },
        waitCommand: ['/usr/lib/linkerd/linkerd-await', '--timeout=2m', '--port=4191'],
        shutdown: { http: 'http://127.0.0.1:4191/shutdown', method: 'POST' },
        timeoutSeconds: 30,
        onTimeout: 'fail',
        index: 0,
      },
      {
        // An image glob alone: the profile's container name is not added. No readiness or quit
        // URL: Envoy's admin listener is read from the bootstrap in the manifest (src/pod/bootstrap.ts).
        profile: 'envoy',
        image: '*/envoy:*',
        strategy: 'auto',
        timeoutSeconds: 120,
        onTimeout: 'fail',
        index: 1,
      },
      {
        profile: 'generic',
        name: 'my-proxy',
        strategy: 'auto',
        readiness: { tcp: '127.0.0.1:7000' },
        timeoutSeconds: 120,
        onTimeout: 'continue',
        index: 2,
      },
    ]);
  });

  test("a changed readiness drops the profile's wait command, which polls the old endpoint", () => {
    const sidecar = (readiness: unknown) => loadConfig(typed({ sidecars: [{ profile: 'istio', readiness }] })).config.sidecars[0];
    expect(sidecar({ http: 'http://127.0.0.1:15099/ready' }).waitCommand).toBeUndefined();
    expect(sidecar({ http: 'http://127.0.0.1:15021/healthz/ready' }).waitCommand).toEqual(['pilot-agent', 'wait']);
  });

  test('sidecars: [] tracks no sidecar; a signal shutdown has no method', () => {
    expect(loadConfig(typed({ sidecars: [] })).config.sidecars).toEqual([]);
    const { config } = loadConfig(typed({ sidecars: [{ profile: 'istio', shutdown: { signal: { process: 'pilot-agent' } } }] }));
    expect(config.sidecars[0].shutdown).toEqual({ signal: { process: 'pilot-agent' } });
  });

  test('dependencies: defaults, names derived from hosts and kept unique', () => {
    const { config, errors } = loadConfig(
      typed({
        dependencies: [
          { tcp: 'db.prod.svc.cluster.local:5432' },
          { name: 'db', dns: 'db.other' },
          { http: 'https://db.example.com/health', timeoutSeconds: 0, periodSeconds: 5 },
          { tcp: '10.0.0.7:6379' },
        ],
      }),
    );
    expect(errors).toEqual([]);
    expect(config.dependencies).toEqual([
      { name: 'db-2', tcp: 'db.prod.svc.cluster.local:5432', timeoutSeconds: 300, periodSeconds: 2 },
      { name: 'db', dns: 'db.other', timeoutSeconds: 300, periodSeconds: 2 },
      { name: 'db-3', http: 'https://db.example.com/health', timeoutSeconds: 0, periodSeconds: 5 },
      { name: '10-0-0-7', tcp: '10.0.0.7:6379', timeoutSeconds: 300, periodSeconds: 2 },
    ]);
  });

  test('mesh entries get their defaults; kuma, dapr and vault too', () => {
    const { config, errors } = loadConfig(
      typed({ mesh: { istio: {}, linkerd: { native: false, version: '2.16' }, kuma: {}, dapr: { native: true }, vault: {} } }),
    );
    expect(errors).toEqual([]);
    expect(config.mesh).toEqual({
      istio: { hold: true, native: 'auto' },
      linkerd: { await: true, native: false, shutdown: true, version: '2.16' },
      kuma: { waitReady: true },
      dapr: { native: true, shutdown: true },
      vault: { prePopulateOnly: false, quit: true },
    });
  });

  test('tools.resources merge over the defaults per resource; numbers become strings', () => {
    const { config, errors } = loadConfig(typed({ tools: { delivery: 'image', resources: { limits: { memory: '64Mi', cpu: 1 } } } }));
    expect(errors).toEqual([]);
    expect(config.tools).toEqual({
      delivery: 'image',
      image: 'busybox:1.37.0-musl',
      resources: { requests: { cpu: '10m', memory: '16Mi' }, limits: { memory: '64Mi', cpu: '1' } },
    });
  });

  test('metadata from orchestrators is accepted', () => {
    const doc = typed(
      { mode: 'check' },
      {
        name: 'x',
        namespace: 'ns',
        annotations: { 'config.kubernetes.io/local-config': 'true', 'internal.config.kubernetes.io/path': 'fn.yaml' },
        uid: '123',
      },
    );
    expect(loadConfig(doc).errors).toEqual([]);
    expect(loadConfig(doc).config.mode).toBe('check');
  });

  test('resolved objects are fresh copies: changing one does not change the profiles', () => {
    const first = loadConfig(undefined).config;
    first.sidecars[0].waitCommand!.push('--oops');
    first.tools.resources.requests!.cpu = '1';
    expect(loadConfig(undefined).config).toEqual(defaultConfig());
    expect(defaultConfig().sidecars[0].waitCommand).toEqual(['pilot-agent', 'wait']);
  });
});

describe('no config', () => {
  test('undefined and null give the defaults', () => {
    expect(loadConfig(undefined)).toEqual({ config: defaultConfig(), errors: [] });
    expect(loadConfig(null)).toEqual({ config: defaultConfig(), errors: [] });
  });

  test('defaults: every profile with a container name, auto; inject; busybox; no deps, no mesh', () => {
    const config = defaultConfig();
    expect(config.sidecars.map((s) => [s.profile, s.name, s.strategy, s.onTimeout, s.index])).toEqual([
      ['istio', 'istio-proxy', 'auto', 'fail', -1],
      ['linkerd', 'linkerd-proxy', 'auto', 'fail', -1],
      ['envoy', 'envoy', 'auto', 'fail', -1],
      ['cloud-sql-proxy', 'cloud-sql-proxy', 'auto', 'fail', -1],
      ['dapr', 'daprd', 'auto', 'fail', -1],
      ['vault', 'vault-agent', 'auto', 'fail', -1],
      ['kuma', 'kuma-sidecar', 'auto', 'fail', -1],
      ['consul', 'consul-dataplane', 'auto', 'fail', -1],
    ]);
    const { sidecars, ...rest } = config;
    expect(rest).toEqual({
      mode: 'apply',
      // Unset: taken as the first release with native sidecars on by default, and marked as assumed.
      kubernetesVersion: '1.29',
      kubernetesVersionAssumed: '1.29',
      workloadKinds: [],
      mesh: {},
      dependencies: [],
      jobs: { terminateSidecars: true, entrypoints: [] },
      tools: {
        delivery: 'inject',
        image: 'busybox:1.37.0-musl',
        resources: { requests: { cpu: '10m', memory: '16Mi' }, limits: { memory: '32Mi' } },
      },
      rules: {},
      check: { failOn: 'error' },
      stopOrder: { sidecarsLast: false },
    });
    expect(sidecars.find((s) => s.profile === 'kuma')).toEqual({
      profile: 'kuma',
      name: 'kuma-sidecar',
      strategy: 'auto',
      readiness: { http: 'http://127.0.0.1:9901/ready' },
      waitCommand: ['kuma-dp', 'wait', '--url', 'http://localhost:9901/ready'],
      timeoutSeconds: 180,
      onTimeout: 'fail',
      index: -1,
    });
  });
});
