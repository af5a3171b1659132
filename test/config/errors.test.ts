import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { defaultConfig, loadConfig, messages, typed } from './helpers.js';

/** [field.path, message] of each error. */
function errorsOf(spec: unknown): [string | undefined, string][] {
  return loadConfig(typed(spec)).errors.map((e) => [e.field?.path, e.message]);
}

const sidecarFields = 'profile, name, image, strategy, readiness, waitCommand, shutdown, timeoutSeconds, onTimeout';

describe('unknown fields, at every depth', () => {
  test('top level', () => {
    expect(loadConfig({ ...typed({}), data: {} }).errors.map((e) => [e.field?.path, e.message])).toEqual([
      ['data', "data: unknown field 'data'; the fields of the PodSequence are apiVersion, kind, metadata, spec"],
    ]);
  });
  test('spec', () => {
    expect(errorsOf({ sidecar: [] })).toEqual([
      [
        'spec.sidecar',
        "spec.sidecar: unknown field 'sidecar' (did you mean 'sidecars'?); the fields of spec are mode, kubernetesVersion, selector, exclude, workloadKinds, sidecars, mesh, dependencies, jobs, tools, rules, check, stopOrder",
      ],
    ]);
  });
  test('list item and nested object', () => {
    expect(errorsOf({ sidecars: [{ profile: 'istio' }, { profile: 'envoy', readiness: { http: 'http://x/', path: '/ready' }, port: 1 }] })).toEqual([
      ['spec.sidecars[1].port', `spec.sidecars[1].port: unknown field 'port'; the fields of spec.sidecars[1] are ${sidecarFields}`],
      ['spec.sidecars[1].readiness.path', "spec.sidecars[1].readiness.path: unknown field 'path'; the fields of spec.sidecars[1].readiness are http, tcp"],
    ]);
  });
  test('mesh, jobs, tools, selectors', () => {
    expect(
      errorsOf({
        mesh: { istio: { holdApplication: true }, osm: {} },
        jobs: { entrypoints: [{ container: 'x', command: ['a'], args: ['b'] }] },
        tools: { resources: { request: {} } },
        exclude: { name: ['x'] },
        dependencies: [{ tcp: 'db:1', selector: { kind: ['Job'] } }],
      }),
    ).toEqual([
      ['spec.exclude.name', "spec.exclude.name: unknown field 'name' (did you mean 'names'?); the fields of spec.exclude are kinds, names, namespaces, labels"],
      ['spec.mesh.osm', "spec.mesh.osm: unknown field 'osm'; the fields of spec.mesh are istio, linkerd, kuma, dapr, vault, consul"],
      [
        'spec.mesh.istio.holdApplication',
        "spec.mesh.istio.holdApplication: unknown field 'holdApplication'; the fields of spec.mesh.istio are enabled, hold, native, version",
      ],
      [
        'spec.dependencies[0].selector.kind',
        "spec.dependencies[0].selector.kind: unknown field 'kind' (did you mean 'kinds'?); the fields of spec.dependencies[0].selector are kinds, names, namespaces, labels",
      ],
      [
        'spec.jobs.entrypoints[0].args',
        "spec.jobs.entrypoints[0].args: unknown field 'args'; the fields of spec.jobs.entrypoints[0] are container, image, command",
      ],
      [
        'spec.tools.resources.request',
        "spec.tools.resources.request: unknown field 'request' (did you mean 'requests'?); the fields of spec.tools.resources are requests, limits",
      ],
    ]);
  });
});

describe('wrong types and values', () => {
  test('wrong types', () => {
    expect(
      errorsOf({
        sidecars: { profile: 'istio' },
        jobs: { terminateSidecars: 'yes' },
        dependencies: [
          { tcp: 'db:1', timeoutSeconds: '30' },
          { tcp: 'db:2', periodSeconds: 1.5 },
        ],
        selector: { labels: { 'app.kubernetes.io/name': 5 } },
      }),
    ).toEqual([
      ['spec.selector.labels["app.kubernetes.io/name"]', 'spec.selector.labels["app.kubernetes.io/name"]: expected a string, got the number 5'],
      ['spec.sidecars', 'spec.sidecars: expected a list, got a map'],
      ['spec.dependencies[0].timeoutSeconds', "spec.dependencies[0].timeoutSeconds: expected a whole number, got the string '30'"],
      ['spec.dependencies[1].periodSeconds', 'spec.dependencies[1].periodSeconds: expected a whole number, got the number 1.5'],
      ['spec.jobs.terminateSidecars', "spec.jobs.terminateSidecars: expected true or false, got the string 'yes'"],
    ]);
  });

  test('a spec that is not a map', () => {
    expect(errorsOf([])).toEqual([['spec', 'spec: expected a map, got a list']]);
  });

  test('bad enums', () => {
    expect(errorsOf({ sidecars: [{ profile: 'nginx' }, { profile: 'istio', strategy: 'early', onTimeout: 'ignore' }] })).toEqual([
      [
        'spec.sidecars[0].profile',
        "spec.sidecars[0].profile: 'nginx' is not accepted; use one of istio, linkerd, envoy, cloud-sql-proxy, dapr, vault, kuma, consul, generic",
      ],
      ['spec.sidecars[1].strategy', "spec.sidecars[1].strategy: 'early' is not accepted; use one of auto, native, postStart, wrap, first"],
      ['spec.sidecars[1].onTimeout', "spec.sidecars[1].onTimeout: 'ignore' is not accepted; use one of fail, continue"],
    ]);
    // A name on Object.prototype is no profile either.
    expect(errorsOf({ sidecars: [{ profile: 'toString', strategy: 'native' }] }).map(([path]) => path)).toEqual(['spec.sidecars[0].profile']);
    expect(errorsOf({ mesh: { linkerd: { native: 'yes' } }, tools: { delivery: 'copy' } })).toEqual([
      ['spec.mesh.linkerd.native', "spec.mesh.linkerd.native: 'yes' is not accepted; use one of auto, true, false"],
      ['spec.tools.delivery', "spec.tools.delivery: 'copy' is not accepted; use one of inject, image"],
    ]);
  });

  test('a quoted "true" where true is meant', () => {
    expect(messages(parse('{apiVersion: fn.pod-sequencer.dev/v1alpha1, kind: PodSequence, spec: {mesh: {istio: {native: "true"}}}}'))).toEqual([
      "spec.mesh.istio.native: 'true' is not accepted; use one of auto, true, false (true and false without quotes)",
    ]);
  });

  test('kubernetesVersion: unquoted number and bad format', () => {
    const doc = parse('{apiVersion: fn.pod-sequencer.dev/v1alpha1, kind: PodSequence, spec: {kubernetesVersion: 1.30}}');
    expect(messages(doc)).toEqual([
      'spec.kubernetesVersion: got the number 1.3; write the version as a quoted string such as "1.30" (unquoted, YAML reads 1.30 as the number 1.3)',
    ]);
    expect(errorsOf({ kubernetesVersion: '1.30.2' })).toEqual([
      ['spec.kubernetesVersion', `spec.kubernetesVersion: '1.30.2' is not accepted; use a Kubernetes minor version such as "1.30"`],
    ]);
  });

  test('ranges, empty strings and lists, patterns', () => {
    expect(
      errorsOf({
        sidecars: [{ profile: 'istio', timeoutSeconds: 0, waitCommand: [] }],
        dependencies: [{ name: 'Config_Center', tcp: 'db:1', periodSeconds: 0 }],
        workloadKinds: [{ apiVersion: 'argoproj.io/v1alpha1', kind: '', podTemplatePath: 'spec/template' }],
        tools: { image: ' ', resources: { requests: { memory: '16MB' } } },
      }),
    ).toEqual([
      ['spec.workloadKinds[0].kind', 'spec.workloadKinds[0].kind: must not be empty'],
      [
        'spec.workloadKinds[0].podTemplatePath',
        "spec.workloadKinds[0].podTemplatePath: 'spec/template' can never match: it uses '/'; join field names with dots: spec.template",
      ],
      ['spec.sidecars[0].waitCommand', 'spec.sidecars[0].waitCommand: must list at least 1 item'],
      ['spec.sidecars[0].timeoutSeconds', 'spec.sidecars[0].timeoutSeconds: 0 is too small; use a whole number of at least 1'],
      [
        'spec.dependencies[0].name',
        "spec.dependencies[0].name: 'Config_Center' is not accepted; use lowercase letters, digits and -, starting and ending with a letter or digit, at most 54 characters (it names the init container seq-wait-<name>)",
      ],
      ['spec.dependencies[0].periodSeconds', 'spec.dependencies[0].periodSeconds: 0 is too small; use a whole number of at least 1'],
      ['spec.tools.image', 'spec.tools.image: must not be empty'],
      [
        'spec.tools.resources.requests.memory',
        "spec.tools.resources.requests.memory: '16MB' is not a Kubernetes quantity; use for example 10m, 100Mi, 1Gi or 0.5",
      ],
    ]);
  });

  test('missing required fields', () => {
    expect(errorsOf({ workloadKinds: [{ kind: 'Rollout' }], jobs: { entrypoints: [{ command: ['/x'] }, { image: 'etl:*' }] } })).toEqual([
      ['spec.workloadKinds[0].apiVersion', 'spec.workloadKinds[0].apiVersion: is required'],
      ['spec.workloadKinds[0].podTemplatePath', 'spec.workloadKinds[0].podTemplatePath: is required'],
      ['spec.jobs.entrypoints[0]', 'spec.jobs.entrypoints[0]: needs container or image (or both) to say which containers it is for'],
      ['spec.jobs.entrypoints[1].command', 'spec.jobs.entrypoints[1].command: is required'],
    ]);
  });
});

describe('accepted edge values', () => {
  test('jobs.entrypoints[].command: [] (an image with no ENTRYPOINT: the args are the whole command)', () => {
    const { config, errors } = loadConfig(typed({ jobs: { entrypoints: [{ image: 'busybox*', command: [] }] } }));
    expect(errors).toEqual([]);
    expect(config.jobs.entrypoints).toEqual([{ image: 'busybox*', command: [] }]);
  });
});

describe('one clear message instead of ajv cascades', () => {
  test('exactly one of http/tcp/dns', () => {
    expect(errorsOf({ dependencies: [{ name: 'a' }, { http: 'http://a/', dns: 'a' }] })).toEqual([
      ['spec.dependencies[0]', 'spec.dependencies[0]: needs one of http, tcp, dns'],
      ['spec.dependencies[1]', 'spec.dependencies[1]: has http and dns; give exactly one of http, tcp, dns'],
    ]);
  });
  test('readiness: both, none, or not a map', () => {
    expect(
      errorsOf({
        sidecars: [
          { profile: 'envoy', readiness: { http: 'http://a/', tcp: 'a:1' } },
          { profile: 'envoy', readiness: {} },
          { profile: 'envoy', readiness: 'http://127.0.0.1:9901/ready' },
        ],
      }),
    ).toEqual([
      ['spec.sidecars[0].readiness', 'spec.sidecars[0].readiness: has http and tcp; give exactly one of http, tcp'],
      ['spec.sidecars[1].readiness', 'spec.sidecars[1].readiness: needs one of http, tcp'],
      ['spec.sidecars[2].readiness', "spec.sidecars[2].readiness: expected a map, got the string 'http://127.0.0.1:9901/ready'"],
    ]);
  });
  test('shutdown: method without http', () => {
    expect(
      errorsOf({
        sidecars: [
          { profile: 'istio', shutdown: { method: 'GET' } },
          { profile: 'istio', shutdown: { signal: { process: 'x' }, method: 'POST' } },
        ],
      }),
    ).toEqual([
      ['spec.sidecars[0].shutdown', 'spec.sidecars[0].shutdown: needs one of http, signal'],
      ['spec.sidecars[1].shutdown.method', 'spec.sidecars[1].shutdown.method: applies only to http; add http or remove method'],
    ]);
  });
});

describe('semantic checks', () => {
  test('bad globs wherever globs go', () => {
    expect(
      errorsOf({
        selector: { names: ['web-[ab'] },
        exclude: { namespaces: ['[z-a]'] },
        sidecars: [{ profile: 'generic', name: 'x[', image: '*/y:[1-', readiness: { tcp: 'a:1' } }],
        jobs: { entrypoints: [{ container: 'm[', command: ['/m'] }] },
        dependencies: [{ dns: 'a', selector: { names: ['['] } }],
      }).map(([path]) => path),
    ).toEqual([
      'spec.selector.names[0]',
      'spec.exclude.namespaces[0]',
      'spec.sidecars[0].name',
      'spec.sidecars[0].image',
      'spec.dependencies[0].selector.names[0]',
      'spec.jobs.entrypoints[0].container',
    ]);
    expect(errorsOf({ selector: { names: ['web-[ab'] } })).toEqual([
      ['spec.selector.names[0]', "spec.selector.names[0]: bad glob 'web-[ab': the [ at position 5 is never closed; add ] or write \\[ for a literal ["],
    ]);
  });

  test('bad URLs, per kind of dependency and in sidecars', () => {
    expect(
      errorsOf({
        dependencies: [
          { http: 'apollo:8080/info' },
          { http: 'ftp://files.example.com/x' },
          { http: 'http://exa mple.com/' },
          { tcp: 'db.prod.svc' },
          { tcp: 'db:99999' },
          { tcp: 'bad_host:5432' },
          { dns: 'db..prod' },
          { dns: 'http://db' },
        ],
        sidecars: [
          { profile: 'envoy', readiness: { http: 'localhost:9901/ready' }, shutdown: { http: '/quitquitquit' } },
          { profile: 'envoy', readiness: { tcp: '127.0.0.1' } },
        ],
      }),
    ).toEqual([
      ['spec.sidecars[0].readiness.http', "spec.sidecars[0].readiness.http: 'localhost:9901/ready' is not accepted: use an http:// or https:// URL"],
      ['spec.sidecars[0].shutdown.http', "spec.sidecars[0].shutdown.http: '/quitquitquit' is not a URL; use http://host[:port]/path or https://..."],
      [
        'spec.sidecars[1].readiness.tcp',
        "spec.sidecars[1].readiness.tcp: '127.0.0.1' is not accepted; use host:port, for example db.prod.svc.cluster.local:5432 or [::1]:5432",
      ],
      ['spec.dependencies[0].http', "spec.dependencies[0].http: 'apollo:8080/info' is not accepted: use an http:// or https:// URL"],
      ['spec.dependencies[1].http', "spec.dependencies[1].http: 'ftp://files.example.com/x' is not accepted: use an http:// or https:// URL"],
      ['spec.dependencies[2].http', "spec.dependencies[2].http: 'http://exa mple.com/' is not a URL; use http://host[:port]/path or https://..."],
      [
        'spec.dependencies[3].tcp',
        "spec.dependencies[3].tcp: 'db.prod.svc' is not accepted; use host:port, for example db.prod.svc.cluster.local:5432 or [::1]:5432",
      ],
      ['spec.dependencies[4].tcp', 'spec.dependencies[4].tcp: port 99999 is out of range; use 1-65535'],
      ['spec.dependencies[5].tcp', "spec.dependencies[5].tcp: 'bad_host' is not a host name or IPv4 address; use host:port"],
      [
        'spec.dependencies[6].dns',
        "spec.dependencies[6].dns: 'db..prod' is not a DNS name; use labels of letters, digits and - separated by dots, for example db.prod.svc.cluster.local",
      ],
      [
        'spec.dependencies[7].dns',
        "spec.dependencies[7].dns: 'http://db' is not a DNS name; use labels of letters, digits and - separated by dots, for example db.prod.svc.cluster.local",
      ],
    ]);
  });

  test('duplicate dependency names', () => {
    expect(
      errorsOf({
        dependencies: [
          { name: 'db', tcp: 'a:1' },
          { name: 'cache', dns: 'c' },
          { name: 'db', tcp: 'b:1' },
        ],
      }),
    ).toEqual([
      [
        'spec.dependencies[2].name',
        "spec.dependencies[2].name: 'db' is also the name of spec.dependencies[0]; names must be unique (each names the init container seq-wait-<name>)",
      ],
    ]);
  });

  test('generic needs name or image', () => {
    expect(
      errorsOf({
        sidecars: [
          { profile: 'generic', readiness: { tcp: 'a:1' } },
          { readiness: { tcp: 'a:1' }, image: 'x' },
        ],
      }),
    ).toEqual([['spec.sidecars[0]', 'spec.sidecars[0]: a generic sidecar needs name or image (a glob on the container name or image) to find its containers']]);
  });

  test('a strategy that waits needs a readiness check', () => {
    const sidecars = [
      { profile: 'generic', name: 'a', strategy: 'native' },
      { profile: 'generic', name: 'b', strategy: 'wrap' },
      { profile: 'generic', name: 'c', strategy: 'postStart' },
      { profile: 'vault', strategy: 'native' },
      { profile: 'generic', name: 'ok1', strategy: 'postStart', waitCommand: ['/wait'] },
      { profile: 'generic', name: 'ok2', strategy: 'first' },
      { profile: 'generic', name: 'ok3' },
      { profile: 'vault' },
    ];
    const text = (s: string, also = '') =>
      `strategy ${s} waits for the sidecar, but it has no readiness check; add readiness: {http: URL} or {tcp: host:port}${also}, or use strategy first or auto`;
    expect(errorsOf({ sidecars })).toEqual([
      ['spec.sidecars[0].strategy', `spec.sidecars[0].strategy: ${text('native')}`],
      ['spec.sidecars[1].strategy', `spec.sidecars[1].strategy: ${text('wrap')}`],
      ['spec.sidecars[2].strategy', `spec.sidecars[2].strategy: ${text('postStart', ' or waitCommand')}`],
      ['spec.sidecars[3].strategy', `spec.sidecars[3].strategy: ${text('native')}`],
    ]);
  });

  test('strategy native before Kubernetes 1.29 is tagged native-sidecar-unsupported', () => {
    const { errors } = loadConfig(
      typed({ kubernetesVersion: '1.28', sidecars: [{ profile: 'istio', strategy: 'native' }], mesh: { linkerd: { native: true } } }),
    );
    expect(errors).toEqual([
      {
        message:
          'spec.sidecars[0].strategy: native sidecars need Kubernetes 1.29 or later, but kubernetesVersion is 1.28; set kubernetesVersion to 1.29 or later, or use strategy auto or postStart',
        severity: 'error',
        resourceRef: { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', name: 'ordering' },
        field: { path: 'spec.sidecars[0].strategy' },
        tags: { rule: 'native-sidecar-unsupported' },
      },
      {
        message:
          'spec.mesh.linkerd.native: native sidecars need Kubernetes 1.29 or later, but kubernetesVersion is 1.28; set kubernetesVersion to 1.29 or later, or set native to auto or false',
        severity: 'error',
        resourceRef: { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', name: 'ordering' },
        field: { path: 'spec.mesh.linkerd.native' },
        tags: { rule: 'native-sidecar-unsupported' },
      },
    ]);
    expect(errorsOf({ kubernetesVersion: '1.20', mesh: { dapr: { native: true } } }).map(([, m]) => m)).toEqual([
      'spec.mesh.dapr.native: native sidecars need Kubernetes 1.29 or later, but kubernetesVersion is 1.20; set kubernetesVersion to 1.29 or later, or set native to false',
    ]);
    expect(errorsOf({ kubernetesVersion: '1.29', sidecars: [{ profile: 'istio', strategy: 'native' }] })).toEqual([]);
    expect(errorsOf({ sidecars: [{ profile: 'istio', strategy: 'native' }] })).toEqual([]);
  });
});

describe('results', () => {
  test('two problems, one schema and one semantic, give two results; the config falls back to defaults', () => {
    const { config, errors } = loadConfig(typed({ mode: 'dry', dependencies: [{ tcp: 'db' }] }));
    expect(errors.map((e) => e.field?.path)).toEqual(['spec.mode', 'spec.dependencies[0].tcp']);
    expect(config).toEqual(defaultConfig());
  });

  test('source goes into file; every result is an error', () => {
    const { errors } = loadConfig(typed({ mode: 'dry', tools: { image: '' } }), { source: 'fn-config.yaml' });
    expect(errors).toHaveLength(2);
    for (const e of errors) {
      expect(e.severity).toBe('error');
      expect(e.file).toEqual({ path: 'fn-config.yaml' });
    }
  });

  test('other kinds, wrong apiVersion, not an object', () => {
    expect(loadConfig({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' } }).errors).toEqual([
      {
        message: "kind: the function config kind 'Secret' is not accepted; use PodSequence (apiVersion fn.pod-sequencer.dev/v1alpha1) or ConfigMap",
        severity: 'error',
        resourceRef: { apiVersion: 'v1', kind: 'Secret', name: 's' },
        field: { path: 'kind' },
      },
    ]);
    expect(messages({ spec: {} })).toEqual(['kind: the function config has no kind; use PodSequence (apiVersion fn.pod-sequencer.dev/v1alpha1) or ConfigMap']);
    expect(messages({ apiVersion: 'fn.pod-sequencer.dev/v1', kind: 'PodSequence' })).toEqual([
      "apiVersion: 'fn.pod-sequencer.dev/v1' is not accepted; use fn.pod-sequencer.dev/v1alpha1",
    ]);
    expect(messages({ kind: 'PodSequence' })).toEqual(['apiVersion: is required; use fn.pod-sequencer.dev/v1alpha1']);
    expect(messages('mode: check')).toEqual([
      'the function config must be a PodSequence (apiVersion fn.pod-sequencer.dev/v1alpha1) or ConfigMap object, not string',
    ]);
  });
});
