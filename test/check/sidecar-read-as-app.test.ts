/**
 * sidecar-read-as-app: a KEDA ScaledJob whose containers[0] is already a sidecar and that sets no
 * spec.envSourceContainerName. KEDA resolves every trigger's `*FromEnv` value from that container
 * (kedacore/keda@v2.17.0, pkg/scaling/resolver/scale_resolvers.go ResolveContainerEnv), so a
 * variable only the app defines is not found. check warns where the evidence says so, fix names the
 * app there (classic sidecars: 1.28; at 1.30 the proxy goes native and the app is first), and
 * neither says anything without that evidence.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/load.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { RUN_FIX } from '../../src/krm/types.js';

type Obj = Record<string, any>;

const PROXY = `        - name: cloud-sql-proxy
          image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1
          args: ["my-project:us-central1:db"]
`;
const APP = `        - name: consumer
          image: registry.example.com/consumer:1
          command: [/consume, --once]
`;
const RABBIT = `          env:
          - name: RABBITMQ_URL
            valueFrom:
              secretKeyRef: {name: rabbit, key: url}
`;

/** A ScaledJob with these containers (each a block above, with its own env), these trigger metadata lines and spec lines. */
const scaledJob = (containers: string, metadata = '      hostFromEnv: RABBITMQ_URL\n', spec = '') => `apiVersion: keda.sh/v1alpha1
kind: ScaledJob
metadata:
  name: orders
spec:
${spec}  jobTargetRef:
    template:
      spec:
        restartPolicy: Never
        containers:
${containers}  triggers:
  - type: rabbitmq
    metadata:
      queueName: jobs
${metadata}`;

const config = (version: string) => {
  const { config, errors } = loadConfig({
    apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
    kind: 'PodSequence',
    metadata: { name: 'c' },
    spec: { kubernetesVersion: version },
  });
  expect(errors).toEqual([]);
  return config;
};
const run = (text: string, version: string, mode: 'check' | 'apply') => runFiles([readManifest('sj.yaml', [], text)], { ...config(version), mode });
const ours = (text: string, version: string, mode: 'check' | 'apply' = 'check') =>
  run(text, version, mode).findings.filter((f) => f.result.tags?.rule === 'sidecar-read-as-app');
/** The ScaledJob fix writes, or undefined when it changes nothing. */
const fixed = (text: string, version: string): Obj | undefined => {
  const out = run(text, version, 'apply').files[0]!.output;
  return out === undefined ? undefined : (parse(out) as Obj);
};
const said = (text: string, version: string) => run(text, version, 'apply').findings.map((f) => f.result.message);

describe('sidecar-read-as-app', () => {
  it('sidecar first, hostFromEnv defined only on the app: a warning naming the resource, the container, the variable and the fix', () => {
    const text = scaledJob(PROXY + APP + RABBIT);
    for (const version of ['1.28', '1.30']) {
      const [found, ...more] = ours(text, version);
      expect(more).toEqual([]);
      expect(found!.result.severity).toBe('warning');
      expect(found!.result.message).toBe('ScaledJob orders reads RABBITMQ_URL from sidecar cloud-sql-proxy (containers[0]), which does not define it');
      expect(found!.result.message.length).toBeLessThanOrEqual(120);
      expect(found!.result.field?.path).toBe('spec.jobTargetRef.template.spec.containers[0]');
      expect(found!.result.detail).toContain('cloud-sql-proxy defines no RABBITMQ_URL (spec.triggers[0].metadata.hostFromEnv); consumer does.');
      expect(found!.result.detail).toContain('Set spec.envSourceContainerName: consumer.');
      // fix removes it at both releases (1.28: it names the app; 1.30: the proxy goes native and the app is first).
      expect(found!.result.detail).toMatch(/The configured fix resolves it\.$/);
      expect(found!.result.fix).toBe(RUN_FIX);
    }
  });

  it('fix at 1.28 keeps the proxy first and names the app; at 1.30 the proxy is native and the app is first', () => {
    const text = scaledJob(PROXY + APP + RABBIT);
    const classic = fixed(text, '1.28')!;
    expect(classic.spec.envSourceContainerName).toBe('consumer');
    expect(classic.spec.jobTargetRef.template.spec.containers.map((c: Obj) => c.name)).toEqual(['cloud-sql-proxy', 'consumer']);
    expect(said(text, '1.28')).toContain('set spec.envSourceContainerName: consumer, since sidecar cloud-sql-proxy (containers[0]) lacks RABBITMQ_URL');
    const native = fixed(text, '1.30')!;
    expect(native.spec.envSourceContainerName).toBeUndefined();
    expect(native.spec.jobTargetRef.template.spec.containers.map((c: Obj) => c.name)).toEqual(['consumer']);
    // Quiet on fix's output, and fix is idempotent.
    for (const version of ['1.28', '1.30']) {
      const out = run(text, version, 'apply').files[0]!.output!;
      expect(ours(out, version)).toEqual([]);
      expect(run(out, version, 'apply').files[0]!.output).toBeUndefined();
    }
  });

  it('sidecar first, no trigger names a *FromEnv variable: nothing, and fix leaves the field unset', () => {
    const text = scaledJob(PROXY + APP + RABBIT, '      host: amqp://rabbit:5672\n');
    for (const version of ['1.28', '1.30']) expect(ours(text, version)).toEqual([]);
    expect(fixed(text, '1.28')!.spec.envSourceContainerName).toBeUndefined();
  });

  it('the app first: nothing (fix, moving the proxy first at 1.28, names the app as before)', () => {
    const text = scaledJob(APP + RABBIT + PROXY);
    for (const version of ['1.28', '1.30']) expect(ours(text, version)).toEqual([]);
    expect(fixed(text, '1.28')!.spec.envSourceContainerName).toBe('consumer');
  });

  it('envSourceContainerName already set: nothing, and the value stays', () => {
    for (const name of ['consumer', 'cloud-sql-proxy']) {
      const text = scaledJob(PROXY + APP + RABBIT, undefined, `  envSourceContainerName: ${name}\n`);
      for (const version of ['1.28', '1.30']) expect(ours(text, version)).toEqual([]);
      expect(fixed(text, '1.28')!.spec.envSourceContainerName).toBe(name);
    }
  });

  it('envSourceContainerName "" or null names no container (KEDA reads containers[0]): the same warning, and fix names the app', () => {
    for (const value of ['""', 'null']) {
      const text = scaledJob(PROXY + APP + RABBIT, undefined, `  envSourceContainerName: ${value}\n`);
      expect(ours(text, '1.28').map((f) => f.result.severity)).toEqual(['warning']);
      expect(fixed(text, '1.28')!.spec.envSourceContainerName).toBe('consumer');
    }
  });

  it('envFrom on containers[0]: no claim that it lacks the variable; an info, and fix changes no field', () => {
    const proxyEnvFrom = `${PROXY}          envFrom:
          - secretRef: {name: proxy-config}
`;
    const text = scaledJob(proxyEnvFrom + APP + RABBIT);
    const [found, ...more] = ours(text, '1.28');
    expect(more).toEqual([]);
    expect(found!.result.severity).toBe('info');
    expect(found!.result.message).toBe('ScaledJob orders reads RABBITMQ_URL from sidecar cloud-sql-proxy (containers[0]), not from app consumer');
    expect(found!.result.message).not.toMatch(/does not define/);
    expect(found!.result.detail).toContain('cloud-sql-proxy may define RABBITMQ_URL (spec.triggers[0].metadata.hostFromEnv) only through envFrom');
    expect(found!.result.detail).toContain('set spec.envSourceContainerName: consumer');
    expect(fixed(text, '1.28')!.spec.envSourceContainerName).toBeUndefined();
    // fix says it too, on its output (the sidecar stays first at 1.28).
    expect(ours(text, '1.28', 'apply').map((f) => f.result.severity)).toEqual(['info']);
  });

  it('an explicit env entry on containers[0] decides over its envFrom; the app only through envFrom is an info', () => {
    const proxyOwn = `${PROXY}          envFrom:
          - secretRef: {name: proxy-config}
          env:
          - {name: RABBITMQ_URL, value: ""}
`;
    // An empty value is set as "", which a scaler takes as not found: the sidecar surely lacks it.
    expect(ours(scaledJob(proxyOwn + APP + RABBIT), '1.28').map((f) => f.result.severity)).toEqual(['warning']);
    const appEnvFrom = `${APP}          envFrom:
          - configMapRef: {name: consumer-env}
`;
    const [found] = ours(scaledJob(PROXY + appEnvFrom), '1.28');
    expect(found!.result.severity).toBe('info');
    expect(found!.result.detail).toContain(
      'cloud-sql-proxy defines no RABBITMQ_URL (spec.triggers[0].metadata.hostFromEnv); an app container may, through envFrom.',
    );
    expect(fixed(scaledJob(PROXY + appEnvFrom), '1.28')!.spec.envSourceContainerName).toBeUndefined();
  });

  it('the sidecar defines the variable itself: nothing (KEDA finds it there)', () => {
    const proxyOwn = `${PROXY}          env:
          - {name: RABBITMQ_URL, value: "amqp://rabbit:5672"}
`;
    expect(ours(scaledJob(proxyOwn + APP + RABBIT), '1.28')).toEqual([]);
    // A fieldRef is skipped by KEDA: the sidecar does not give it.
    const proxyFieldRef = `${PROXY}          env:
          - name: RABBITMQ_URL
            valueFrom: {fieldRef: {fieldPath: metadata.name}}
`;
    expect(ours(scaledJob(proxyFieldRef + APP + RABBIT), '1.28').map((f) => f.result.severity)).toEqual(['warning']);
  });

  it('naming the app would lose a variable the sidecar gives: still the warning, but fix leaves the choice', () => {
    const proxyOwn = `${PROXY}          env:
          - {name: RABBITMQ_PASSWORD, value: "from-proxy"}
`;
    const text = scaledJob(proxyOwn + APP + RABBIT, '      hostFromEnv: RABBITMQ_URL\n      passwordFromEnv: RABBITMQ_PASSWORD\n');
    const [found] = ours(text, '1.28');
    expect(found!.result.severity).toBe('warning');
    expect(found!.result.detail).toContain('But consumer does not define RABBITMQ_PASSWORD');
    expect(found!.result.fix).toBe('spec.envSourceContainerName: consumer');
    expect(fixed(text, '1.28')!.spec.envSourceContainerName).toBeUndefined();
  });

  it('a native sidecar that fix makes classic (1.28) goes first: fix names the app that was first', () => {
    const text = scaledJob(APP + RABBIT).replace(
      '        containers:\n',
      `        initContainers:
        - name: cloud-sql-proxy
          image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1
          args: ["my-project:us-central1:db", --health-check, --http-address=0.0.0.0]
          restartPolicy: Always
          startupProbe:
            httpGet: {path: /startup, port: 9090}
        containers:
`,
    );
    const out = fixed(text, '1.28')!;
    expect(out.spec.jobTargetRef.template.spec.containers.map((c: Obj) => c.name)).toEqual(['cloud-sql-proxy', 'consumer']);
    expect(out.spec.envSourceContainerName).toBe('consumer');
  });
});

/**
 * A KEDA ScaledObject reads its scale target's containers[0] the same way (the catalog's
 * ENV_READERS: `spec.scaleTargetRef`, apps/v1 Deployment when it says no kind), and its
 * envSourceContainerName is the ScaledObject's, not the Deployment's to write: fix keeps the app
 * first (strategy wrap) rather than put a sidecar where KEDA reads env, and check names the field
 * on the ScaledObject where a sidecar is first already.
 */
describe('sidecar-read-as-app: a ScaledObject reading a Deployment', () => {
  const deployment = (containers: string, meta = '  name: consumer\n  namespace: q\n') => `apiVersion: apps/v1
kind: Deployment
metadata:
${meta}spec:
  selector: {matchLabels: {app: c}}
  template:
    metadata: {labels: {app: c}}
    spec:
        containers:
${containers}`;
  const scaledObject = (ref = '{name: consumer}', metadata = '      hostFromEnv: RABBITMQ_URL\n', ns = 'q') => `---
apiVersion: keda.sh/v1alpha1
kind: ScaledObject
metadata: {name: consumer-scaler, namespace: ${ns}}
spec:
  scaleTargetRef: ${ref}
  triggers:
  - type: rabbitmq
    metadata:
      queueName: jobs
${metadata}`;
  const docs = (text: string) => text.split(/^---\n/m).map((d) => parse(d) as Obj);
  const fixedDocs = (text: string) => {
    const out = run(text, '1.28', 'apply').files[0]!.output;
    return out === undefined ? undefined : docs(out);
  };
  const names = (d: Obj) => (d.spec.template.spec.containers as Obj[]).map((c) => c.name);

  it('app first at 1.28: fix keeps it first and wraps its command; the ScaledObject is left as it is', () => {
    const text = deployment(APP + RABBIT + PROXY) + scaledObject();
    const [dep, so] = fixedDocs(text)!;
    expect(names(dep!)).toEqual(['consumer', 'cloud-sql-proxy']);
    expect(dep!.spec.template.spec.containers[0].command.join(' ')).toContain('pod-sequencer-wrap');
    expect(so).toEqual(docs(text)[1]);
    expect(said(text, '1.28')).toContain("kept consumer first and cloud-sql-proxy after it: ScaledObject consumer-scaler reads containers[0]'s env");
    expect(ours(text, '1.28')).toEqual([]);
  });

  it('sidecar first: a warning that names the ScaledObject and its field; fix does not write another object', () => {
    const text = deployment(PROXY + APP + RABBIT) + scaledObject();
    const [found, ...more] = ours(text, '1.28');
    expect(more).toEqual([]);
    expect(found!.result.severity).toBe('warning');
    expect(found!.result.message).toBe(
      'ScaledObject consumer-scaler reads RABBITMQ_URL from sidecar cloud-sql-proxy (containers[0]), which does not define it',
    );
    expect(found!.result.detail).toContain(
      'ScaledObject consumer-scaler reads the first container of Deployment consumer unless its spec.scaleTargetRef.envSourceContainerName',
    );
    expect(found!.result.detail).toContain('Set spec.scaleTargetRef.envSourceContainerName: consumer on ScaledObject consumer-scaler.');
    const out = fixedDocs(text);
    expect(out?.[1]).toEqual(docs(text)[1]);
    expect(ours(text, '1.28', 'apply').map((f) => f.result.message)).toEqual([found!.result.message]);
  });

  it('at 1.30 the proxy goes native, so the app is containers[0]: the finding is a pending change', () => {
    const text = deployment(PROXY + APP + RABBIT) + scaledObject();
    const [found] = ours(text, '1.30');
    expect(found!.result.detail).toContain('The configured fix resolves it');
    const out = run(text, '1.30', 'apply').files[0]!.output!;
    expect(names(docs(out)[0]!)).toEqual(['consumer']);
  });

  it.each([
    ['another target', scaledObject('{name: other}')],
    ['another namespace', scaledObject(undefined, undefined, 'elsewhere')],
    ['another kind', scaledObject('{name: consumer, kind: StatefulSet}')],
    ['a container named already', scaledObject('{name: consumer, envSourceContainerName: consumer}')],
    ['no trigger that reads env', scaledObject(undefined, '      host: amqp://mq\n')],
  ])('%s: the sidecar goes first as usual, and check says nothing of it', (_, so) => {
    const text = deployment(APP + RABBIT + PROXY) + so;
    expect(names(fixedDocs(text)![0]!)).toEqual(['cloud-sql-proxy', 'consumer']);
    const first = deployment(PROXY + APP + RABBIT) + so;
    expect(ours(first, '1.28')).toEqual([]);
  });
});
