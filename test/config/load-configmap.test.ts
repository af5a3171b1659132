import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { configMap, defaultConfig, loadConfig, messages, parseDependencyList } from './helpers.js';

describe('ConfigMap form', () => {
  test("kpt's empty function-input, with data: {} or no data, gives the defaults", () => {
    expect(loadConfig(configMap({}))).toEqual({ config: defaultConfig(), errors: [] });
    expect(loadConfig({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'function-input' } })).toEqual({
      config: defaultConfig(),
      errors: [],
    });
  });

  test('sidecarsStopLast turns stopOrder.sidecarsLast on or off; anything else names the key', () => {
    expect(loadConfig(configMap({ sidecarsStopLast: 'true' })).config.stopOrder).toEqual({ sidecarsLast: true });
    expect(loadConfig(configMap({ sidecarsStopLast: false })).config.stopOrder).toEqual({ sidecarsLast: false });
    expect(messages(configMap({ sidecarsStopLast: 'yes' }))).toEqual(["data.sidecarsStopLast: 'yes' is not accepted; use true or false"]);
  });

  test('every key', () => {
    const { config, errors } = loadConfig(
      configMap({
        mode: 'check',
        kubernetesVersion: '1.28',
        sidecars: 'istio, cloud-sql-proxy=sqlproxy-*, generic=my-agent',
        dependencies: 'http://config:8080/info, tcp://db.prod.svc.cluster.local:5432, dns://cache, tcp://db:6543',
        terminateJobSidecars: 'false',
        meshIstio: 'hold',
        meshLinkerd: 'await, shutdown',
      }),
    );
    expect(errors).toEqual([]);
    expect(config.mode).toBe('check');
    expect(config.kubernetesVersion).toBe('1.28');
    expect(config.sidecars.map((s) => [s.profile, s.name, s.index])).toEqual([
      ['istio', 'istio-proxy', 0],
      ['cloud-sql-proxy', 'sqlproxy-*', 1],
      ['generic', 'my-agent', 2],
    ]);
    expect(config.dependencies).toEqual([
      { name: 'config', http: 'http://config:8080/info', timeoutSeconds: 300, periodSeconds: 2 },
      { name: 'db', tcp: 'db.prod.svc.cluster.local:5432', timeoutSeconds: 300, periodSeconds: 2 },
      { name: 'cache', dns: 'cache', timeoutSeconds: 300, periodSeconds: 2 },
      { name: 'db-2', tcp: 'db:6543', timeoutSeconds: 300, periodSeconds: 2 },
    ]);
    expect(config.jobs.terminateSidecars).toBe(false);
    // Listed switches on, unlisted off; native stays auto unless listed.
    expect(config.mesh).toEqual({
      istio: { hold: true, native: 'auto' },
      linkerd: { await: true, native: 'auto', shutdown: true },
    });
  });

  test('kustomize passes unquoted true and 5 as YAML booleans and numbers: coerced with String()', () => {
    const cm = parse(`
apiVersion: v1
kind: ConfigMap
metadata:
  name: pod-sequencer
  annotations:
    config.kubernetes.io/local-config: 'true'
    config.kubernetes.io/function: "exec: {path: ./fn}"
data:
  terminateJobSidecars: true
  kubernetesVersion: 1.31
  meshIstio: native
`);
    expect(typeof cm.data.terminateJobSidecars).toBe('boolean');
    expect(typeof cm.data.kubernetesVersion).toBe('number');
    const { config, errors } = loadConfig(cm);
    expect(errors).toEqual([]);
    expect(config.jobs.terminateSidecars).toBe(true);
    expect(config.kubernetesVersion).toBe('1.31');
    expect(config.mesh.istio).toEqual({ hold: false, native: true });
    expect(loadConfig(configMap({ terminateJobSidecars: false, mode: 'apply' })).config.jobs.terminateSidecars).toBe(false);
    expect(loadConfig(configMap({ terminateJobSidecars: 'TRUE' })).errors).toEqual([]);
  });

  test('an unquoted 1.30 arrives as 1.3: ambiguous, so it is an error asking for quotes', () => {
    expect(messages(parse('kind: ConfigMap\ndata: {kubernetesVersion: 1.30}'))).toEqual([
      'data.kubernetesVersion: got the number 1.3; quote the version, for example "1.30" (unquoted, YAML reads 1.30 as the number 1.3)',
    ]);
  });

  test('an empty sidecars list tracks no sidecar; a null value is as if omitted', () => {
    expect(loadConfig(configMap({ sidecars: '' })).config.sidecars).toEqual([]);
    expect(loadConfig(configMap({ sidecars: null }))).toEqual({ config: defaultConfig(), errors: [] });
  });

  test('errors name the ConfigMap key', () => {
    const { errors } = loadConfig(
      configMap({
        mode: 'dry-run',
        sidecars: 'istio, foo, generic, envoy=[x',
        dependencies: 'http://ok:80/, ftp://files, tcp://db, db:5432, dns://bad_name',
        terminateJobSidecars: 'yes',
        meshIstio: 'hold, await',
        meshLinkerd: 'native, hold',
        extra: 'x',
        kubernetesVersion: 'v1.30',
      }),
    );
    expect(errors.map((e) => [e.field?.path, e.message])).toEqual([
      ['data.sidecars', "data.sidecars: 'generic' needs a glob on the container name; write generic=NAME-GLOB"],
      ['data.dependencies', "data.dependencies: 'ftp://files' is not accepted; write http://..., https://..., tcp://host:port or dns://name"],
      ['data.dependencies', "data.dependencies: in 'tcp://db': 'db' is not accepted; use host:port, for example db.prod.svc.cluster.local:5432 or [::1]:5432"],
      ['data.dependencies', "data.dependencies: 'db:5432' is not accepted; write http://..., https://..., tcp://host:port or dns://name"],
      [
        'data.dependencies',
        "data.dependencies: in 'dns://bad_name': 'bad_name' is not a DNS name; use labels of letters, digits and - separated by dots, for example db.prod.svc.cluster.local",
      ],
      ['data.terminateJobSidecars', "data.terminateJobSidecars: 'yes' is not accepted; use true or false"],
      ['data.meshIstio', "data.meshIstio: 'await' is not accepted; use a comma list of hold, native, or off alone"],
      ['data.meshLinkerd', "data.meshLinkerd: 'hold' is not accepted; use a comma list of await, native, shutdown, or off alone"],
      [
        'data.extra',
        "data.extra: unknown key 'extra'; accepted keys: mode, kubernetesVersion, sidecars, dependencies, terminateJobSidecars, meshIstio, meshLinkerd, sidecarsStopLast, rules, failOn, baseline",
      ],
      ['data.mode', "data.mode: 'dry-run' is not accepted; use one of apply, check"],
      ['data.kubernetesVersion', `data.kubernetesVersion: 'v1.30' is not accepted; use a Kubernetes minor version such as "1.30"`],
      ['data.sidecars', "data.sidecars: 'foo' is not accepted; use one of istio, linkerd, envoy, cloud-sql-proxy, dapr, vault, kuma, consul, generic"],
      ['data.sidecars', "data.sidecars: bad glob '[x': the [ at position 1 is never closed; add ] or write \\[ for a literal ["],
    ]);
    expect(errors.every((e) => e.severity === 'error')).toBe(true);
    expect(errors[0].resourceRef).toEqual({ apiVersion: 'v1', kind: 'ConfigMap', name: 'function-input' });
  });

  test('native mesh sidecars on an old cluster', () => {
    const { errors } = loadConfig(configMap({ kubernetesVersion: '1.28', meshIstio: 'native' }));
    expect(errors).toEqual([
      {
        message:
          'data.meshIstio: native sidecars need Kubernetes 1.29 or later, but kubernetesVersion is 1.28; set kubernetesVersion to 1.29 or later, or set native to auto or false',
        severity: 'error',
        resourceRef: { apiVersion: 'v1', kind: 'ConfigMap', name: 'function-input' },
        field: { path: 'data.meshIstio' },
        tags: { rule: 'native-sidecar-unsupported' },
      },
    ]);
  });

  test('values that are maps or lists are errors', () => {
    expect(messages(configMap({ sidecars: ['istio'] }))).toEqual(['data.sidecars: expected a string (ConfigMap values are strings)']);
    expect(messages(configMap('mode=check'))).toEqual([
      'data: expected a map of keys to strings; accepted keys: mode, kubernetesVersion, sidecars, dependencies, terminateJobSidecars, meshIstio, meshLinkerd, sidecarsStopLast, rules, failOn, baseline',
    ]);
  });
});

describe('parseDependencyList (also for the pod-sequencer.dev/dependencies annotation)', () => {
  test('names stay unique against names already taken', () => {
    const taken = new Set(['config']);
    const { dependencies, problems } = parseDependencyList(' http://config:8080/info ,tcp://[::1]:5432,, https://Config.example.com', taken);
    expect(problems).toEqual([]);
    expect(dependencies.map((d) => d.name)).toEqual(['config-2', '1', 'config-3']);
    expect(dependencies[1]).toEqual({ name: '1', tcp: '[::1]:5432', timeoutSeconds: 300, periodSeconds: 2 });
    expect([...taken]).toEqual(['config', 'config-2', '1', 'config-3']);
  });

  test('port range and long hosts', () => {
    expect(parseDependencyList('tcp://db:0, tcp://db:65536').problems).toEqual([
      "in 'tcp://db:0': port 0 is out of range; use 1-65535",
      "in 'tcp://db:65536': port 65536 is out of range; use 1-65535",
    ]);
    const long = 'a'.repeat(60);
    const { dependencies } = parseDependencyList(`dns://${long}.svc, dns://${long}.other`);
    expect(dependencies.map((d) => d.name)).toEqual(['a'.repeat(54), `${'a'.repeat(52)}-2`]);
  });
});
