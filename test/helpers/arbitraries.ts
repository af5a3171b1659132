/**
 * fast-check arbitraries for property tests: valid Kubernetes workloads of every kind pod-sequencer
 * handles (0-6 init containers and containers, with hooks, probes, commands, volumes, env,
 * security contexts), other items a package holds, valid PodSequence configs, and the
 * ResourceList text they make, written in varied YAML styles with comments.
 *
 * Replay: every property reads its seed from POD_SEQUENCER_FC_SEED (and POD_SEQUENCER_FC_PATH,
 * POD_SEQUENCER_FC_RUNS); a failure prints the seed and path to pass back. See fcParams().
 */
import fc from 'fast-check';
import { Document, isPair, isScalar, Scalar, stringify, visit } from 'yaml';
import { rng as prng } from '../../bench/prng.mjs';

type Obj = Record<string, unknown>;

/** fast-check settings: a fixed seed unless POD_SEQUENCER_FC_SEED says otherwise. */
export function fcParams<T>(runs: number): fc.Parameters<T> {
  const env = process.env;
  return {
    seed: env.POD_SEQUENCER_FC_SEED ? Number(env.POD_SEQUENCER_FC_SEED) : 20251121,
    numRuns: env.POD_SEQUENCER_FC_RUNS ? Number(env.POD_SEQUENCER_FC_RUNS) : runs,
    ...(env.POD_SEQUENCER_FC_PATH ? { path: env.POD_SEQUENCER_FC_PATH } : {}),
    endOnFailure: true,
  };
}

export const APP_NAMES = ['app', 'web', 'worker', 'api', 'migrate', 'report'];
export const APP_IMAGE = 'registry.example.com/app:1.4.2';
/** Sidecars by container name, with their usual images. `log-shipper` is only a sidecar when a generic entry names it. */
export const SIDECAR_IMAGES: Record<string, string> = {
  'istio-proxy': 'docker.io/istio/proxyv2:1.24.2',
  'linkerd-proxy': 'cr.l5d.io/linkerd/proxy:edge-24.11.8',
  envoy: 'envoyproxy/envoy:v1.31.2',
  'cloud-sql-proxy': 'gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1',
  daprd: 'daprio/daprd:1.14.4',
  'vault-agent': 'hashicorp/vault:1.18.1',
  'kuma-sidecar': 'kumahq/kuma-dp:2.9.1',
  'log-shipper': 'registry.example.com/log-shipper:2.0',
};
export const SIDECAR_NAMES = Object.keys(SIDECAR_IMAGES);
/** Init containers that are not sidecars (mesh setup, migrations). */
export const INIT_NAMES = ['istio-init', 'linkerd-init', 'init-db', 'setup'];
const VOLUME_NAMES = ['config', 'data', 'secrets', 'cache', 'scratch'];

/** Strings that are awkward for YAML, JSON and shells alike: they must survive untouched. */
export const AWKWARD = [
  'plain',
  '',
  ' leading space',
  'trailing space ',
  'it\'s "quoted"',
  '$HOME ${PATH} $(id) `id`',
  "'; touch /tmp/pwned #",
  'a;b|c&d>e<f',
  'line1\nline2',
  'tab\there',
  '--',
  '-e',
  'R',
  '*',
  '[a]',
  '{a: b}',
  '# not a comment',
  'key: value',
  '- item',
  'yes',
  'null',
  '~',
  '1.0',
  '0x1F',
  '012',
  '&anchor',
  '*alias',
  '!tag',
  '%percent',
  '@at',
  '|',
  '>',
  'ünïcødé ✓ 🚀',
  '\\n\\t',
  'x'.repeat(300),
];

const awkward = fc.oneof(fc.constantFrom(...AWKWARD), fc.string({ maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 6 }));
const argv = fc.array(awkward, { maxLength: 4 });
const port = fc.integer({ min: 1, max: 65535 });
const seconds = fc.integer({ min: 1, max: 30 });
const pathStr = fc.constantFrom('/', '/healthz', '/ready?full=1', '/a%20b', '/x/y');

const probe = fc.oneof(
  fc.record({ httpGet: fc.record({ path: pathStr, port: fc.oneof(port, fc.constant('http')) }), periodSeconds: seconds }, { requiredKeys: ['httpGet'] }),
  fc.record({ tcpSocket: fc.record({ port }), initialDelaySeconds: seconds }, { requiredKeys: ['tcpSocket'] }),
  fc.record({ exec: fc.record({ command: fc.array(awkward, { minLength: 1, maxLength: 3 }) }), failureThreshold: seconds }, { requiredKeys: ['exec'] }),
);

const handler = fc.oneof(
  fc.record({ exec: fc.record({ command: fc.array(awkward, { minLength: 1, maxLength: 3 }) }) }),
  fc.record({ httpGet: fc.record({ path: pathStr, port }) }),
);

/** postStart hooks a sidecar may already carry, ours from an earlier run among them. */
const sidecarPostStart = fc.oneof(
  handler,
  fc.constant({ exec: { command: ['pilot-agent', 'wait'] } }),
  fc.constant({ exec: { command: ['/cloud-sql-proxy', 'wait'] } }),
);

const lifecycle = (postStart: fc.Arbitrary<unknown>) =>
  fc
    .record({ postStart, preStop: fc.oneof(handler, fc.record({ sleep: fc.record({ seconds }) })) }, { requiredKeys: [] })
    .filter((l) => Object.keys(l).length > 0);

const env = fc.uniqueArray(
  fc.oneof(
    fc.record({ name: fc.constantFrom('A', 'B_2', 'CONFIG_URL', 'LONG'), value: awkward }),
    fc.record({ name: fc.constantFrom('POD_IP', 'NODE'), valueFrom: fc.constant({ fieldRef: { fieldPath: 'status.podIP' } }) }),
  ),
  { maxLength: 3, selector: (e) => e.name },
);

const ports = fc
  .uniqueArray(
    fc.record({
      containerPort: port,
      name: fc.option(fc.constantFrom('http', 'grpc', 'admin'), { nil: undefined }),
      protocol: fc.option(fc.constant('TCP'), { nil: undefined }),
    }),
    {
      maxLength: 2,
      selector: (p) => p.name ?? p.containerPort,
    },
  )
  .map((ps) => ps.map(dropUndefined));

const securityContext = fc.record(
  {
    runAsNonRoot: fc.boolean(),
    runAsUser: fc.integer({ min: 1000, max: 65534 }),
    readOnlyRootFilesystem: fc.boolean(),
    allowPrivilegeEscalation: fc.boolean(),
    capabilities: fc.constant({ drop: ['ALL'] }),
  },
  { requiredKeys: [] },
);

const resources = fc.record({ requests: fc.constant({ cpu: '100m', memory: '64Mi' }), limits: fc.constant({ memory: '128Mi' }) }, { requiredKeys: [] });

type Role = 'app' | 'sidecar' | 'init' | 'native';

interface ContainerDraft {
  name: string;
  role: Role;
}

/** One container; `mounts` picks among the pod's volumes (by position). */
function container(d: ContainerDraft, volumes: string[]): fc.Arbitrary<Obj> {
  const probes = d.role === 'init' ? fc.constant({}) : fc.record({ readinessProbe: probe, livenessProbe: probe, startupProbe: probe }, { requiredKeys: [] });
  const hooks = d.role === 'init' ? fc.constant(undefined) : fc.option(lifecycle(d.role === 'app' ? handler : sidecarPostStart), { nil: undefined });
  return fc
    .record({
      base: fc.record(
        {
          command:
            d.role === 'sidecar' || d.role === 'native'
              ? fc.constant(undefined)
              : fc.option(
                  argv.filter((a) => a.length > 0),
                  { nil: undefined },
                ),
          args: argv,
          env,
          ports: d.role === 'init' ? fc.constant([]) : ports,
          securityContext,
          resources,
          workingDir: fc.constant('/work'),
          imagePullPolicy: fc.constantFrom('IfNotPresent', 'Always'),
        },
        { requiredKeys: [] },
      ),
      probes,
      lifecycle: hooks,
      mounts: fc.array(fc.boolean(), { maxLength: volumes.length, minLength: volumes.length }),
      readOnly: fc.boolean(),
    })
    .map(({ base, probes, lifecycle, mounts, readOnly }) => {
      const image = d.role === 'sidecar' || d.role === 'native' ? SIDECAR_IMAGES[d.name] : APP_IMAGE;
      const c: Obj = { name: d.name, image, ...dropUndefined(base), ...probes };
      for (const k of ['args', 'env', 'ports'] as const) if (Array.isArray(c[k]) && (c[k] as unknown[]).length === 0) delete c[k];
      if (lifecycle) c.lifecycle = lifecycle;
      const volumeMounts = volumes.filter((_, i) => mounts[i]).map((v) => ({ name: v, mountPath: `/mnt/${v}`, ...(readOnly ? { readOnly: true } : {}) }));
      if (volumeMounts.length > 0) c.volumeMounts = volumeMounts;
      if (d.role === 'native') c.restartPolicy = 'Always';
      return c;
    });
}

const volume = (name: string) =>
  fc.constantFrom<Obj>(
    { name, emptyDir: {} },
    { name, configMap: { name: `${name}-cm` } },
    { name, secret: { secretName: `${name}-secret` } },
    { name, emptyDir: { medium: 'Memory', sizeLimit: '64Mi' } },
  );

/** Pod template annotations that steer meshes and pod-sequencer, and some that mean nothing to it. */
const podAnnotations = fc.record(
  {
    'sidecar.istio.io/inject': fc.constantFrom('true', 'false'),
    'linkerd.io/inject': fc.constantFrom('enabled', 'disabled'),
    'dapr.io/enabled': fc.constant('true'),
    'vault.hashicorp.com/agent-inject': fc.constant('true'),
    'proxy.istio.io/config': fc.constantFrom(
      'concurrency: 2\n',
      '{"concurrency": 2}',
      'holdApplicationUntilProxyStarts: false\n',
      '# tuned\nconcurrency: 4\nterminationDrainDuration: 5s\n',
    ),
    'pod-sequencer.dev/skip': fc.constant('true'),
    'example.com/note': awkward,
  },
  { requiredKeys: [] },
);

export type WorkloadKind =
  'Pod' | 'Deployment' | 'StatefulSet' | 'DaemonSet' | 'ReplicaSet' | 'ReplicationController' | 'Job' | 'CronJob' | 'PodTemplate' | 'Rollout';
export const WORKLOAD_KINDS: WorkloadKind[] = [
  'Pod',
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'ReplicaSet',
  'ReplicationController',
  'Job',
  'CronJob',
  'PodTemplate',
  'Rollout',
];
const JOB_LIKE = new Set<WorkloadKind>(['Job', 'CronJob']);

/** A pod spec: unique container names, init containers first in the pool split. */
const podSpec = (kind: WorkloadKind) =>
  fc
    .record({
      inits: fc.shuffledSubarray([...INIT_NAMES, ...SIDECAR_NAMES, 'migrate'], { maxLength: 6 }),
      mains: fc.shuffledSubarray([...APP_NAMES.filter((n) => n !== 'migrate'), ...SIDECAR_NAMES], { maxLength: 6 }),
      volumes: fc.subarray(VOLUME_NAMES, { maxLength: 3 }),
    })
    .map(({ inits, mains, volumes }) => ({ inits: inits.filter((n) => !mains.includes(n)), mains, volumes }))
    .chain(({ inits, mains, volumes }) =>
      fc.record({
        initContainers: fc.tuple(...inits.map((name) => container({ name, role: SIDECAR_NAMES.includes(name) ? 'native' : 'init' }, volumes))),
        containers: fc.tuple(...mains.map((name) => container({ name, role: SIDECAR_NAMES.includes(name) ? 'sidecar' : 'app' }, volumes))),
        volumes: fc.tuple(...volumes.map(volume)),
        extra: fc.record(
          {
            restartPolicy: JOB_LIKE.has(kind)
              ? fc.constantFrom('Never', 'OnFailure')
              : kind === 'Pod'
                ? fc.constantFrom('Always', 'Never', 'OnFailure')
                : fc.constant('Always'),
            securityContext: fc.constant({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } }),
            terminationGracePeriodSeconds: seconds,
            serviceAccountName: fc.constant('app'),
            shareProcessNamespace: fc.boolean(),
          },
          { requiredKeys: JOB_LIKE.has(kind) ? ['restartPolicy'] : [] },
        ),
      }),
    )
    .map(({ initContainers, containers, volumes, extra }) => {
      const spec: Obj = { ...dropUndefined(extra), containers };
      if (initContainers.length > 0) spec.initContainers = initContainers;
      if (volumes.length > 0) spec.volumes = volumes;
      return spec;
    });

/** Workload metadata: orchestrator annotations round-trip untouched. */
const metadata = (name: string) =>
  fc
    .record(
      {
        namespace: fc.constantFrom('default', 'shop', 'mesh-on', 'mesh-off'),
        labels: fc.constant({ app: name, tier: 'backend' }),
        annotations: fc.record(
          {
            'config.kubernetes.io/index': fc.constant('0'),
            'internal.config.kubernetes.io/path': fc.constant(`${name}.yaml`),
            'pod-sequencer.dev/skip': fc.constantFrom('true', 'false'),
            'example.com/note': awkward,
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    )
    .map((m) => ({ name, ...m }));

/** A workload of `kind` named `name`, as a plain object. */
export function workload(kind: WorkloadKind, name: string): fc.Arbitrary<Obj> {
  return fc
    .record({
      metadata: metadata(name),
      spec: podSpec(kind),
      template: fc.record({ labels: fc.constant({ app: name }), annotations: podAnnotations }, { requiredKeys: ['labels'] }),
    })
    .map(({ metadata, spec, template }) => {
      const tmpl = { metadata: template, spec };
      switch (kind) {
        case 'Pod':
          return { apiVersion: 'v1', kind, metadata: { ...metadata, annotations: { ...(metadata.annotations ?? {}), ...(template.annotations ?? {}) } }, spec };
        case 'PodTemplate':
          return { apiVersion: 'v1', kind, metadata, template: tmpl };
        case 'ReplicationController':
          return { apiVersion: 'v1', kind, metadata, spec: { replicas: 2, selector: { app: name }, template: tmpl } };
        case 'Job':
          return { apiVersion: 'batch/v1', kind, metadata, spec: { backoffLimit: 2, template: tmpl } };
        case 'CronJob':
          return { apiVersion: 'batch/v1', kind, metadata, spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: tmpl } } } };
        case 'Rollout':
          return { apiVersion: 'argoproj.io/v1alpha1', kind, metadata, spec: { selector: { matchLabels: { app: name } }, template: tmpl } };
        case 'StatefulSet':
          return { apiVersion: 'apps/v1', kind, metadata, spec: { serviceName: name, selector: { matchLabels: { app: name } }, template: tmpl } };
        default:
          return { apiVersion: 'apps/v1', kind, metadata, spec: { selector: { matchLabels: { app: name } }, template: tmpl } };
      }
    });
}

/** Items a package holds that are not workloads: they must come back byte-identical. */
const otherItem = (name: string) =>
  fc.constantFrom<Obj>(
    { apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { selector: { app: name }, ports: [{ port: 80, targetPort: 8080 }] } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { 'app.yaml': 'a: 1\nb: [x]\n', flag: 'true' } },
    {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'mesh-on', labels: { 'istio-injection': 'enabled' }, annotations: { 'linkerd.io/inject': 'enabled' } },
    },
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'mesh-off', labels: { 'istio-injection': 'disabled' } } },
    { apiVersion: 'kpt.dev/v1', kind: 'Kptfile', metadata: { name: 'pkg', annotations: { 'config.kubernetes.io/local-config': 'true' } } },
    { resources: ['a.yaml'], namePrefix: 'x-' },
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, annotations: { 'config.kubernetes.io/local-config': 'true' } } },
  );

export interface Case {
  items: Obj[];
  config?: Obj;
  style: Style;
}

/** A list of 1-5 items, mostly workloads, with unique names. */
export const items = fc
  .array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...WORKLOAD_KINDS) }, { weight: 1, arbitrary: fc.constant('other' as const) }), {
    minLength: 1,
    maxLength: 5,
  })
  .chain((kinds) => fc.tuple(...kinds.map((k, i) => (k === 'other' ? otherItem(`item-${i}`) : workload(k, `${k.toLowerCase()}-${i}`)))));

const http = fc.constantFrom(
  'http://127.0.0.1:8081/ready',
  'http://localhost:9000/healthz?x=1',
  'https://[::1]:8443/ready',
  'http://config.shop.svc.cluster.local:8080/info',
);
const tcp = fc.constantFrom('127.0.0.1:5432', 'db.shop.svc:5432', '[::1]:6379');
const strategy = fc.constantFrom('auto', 'native', 'postStart', 'first', 'wrap');
const profileEntry = fc.oneof(
  fc.record(
    {
      profile: fc.constantFrom('istio', 'linkerd', 'envoy', 'cloud-sql-proxy', 'dapr', 'vault', 'kuma'),
      strategy,
      timeoutSeconds: fc.integer({ min: 1, max: 300 }),
      onTimeout: fc.constantFrom('fail', 'continue'),
    },
    { requiredKeys: ['profile'] },
  ),
  fc
    .record(
      {
        profile: fc.constant('generic'),
        name: fc.constant('log-shipper'),
        strategy,
        readiness: fc.oneof(fc.record({ http }), fc.record({ tcp })),
        waitCommand: fc.option(fc.array(awkward, { minLength: 1, maxLength: 3 }), { nil: undefined }),
        shutdown: fc.option(fc.oneof(fc.record({ http, method: fc.constantFrom('POST', 'GET') }), fc.constant({ signal: { process: 'log-shipper' } })), {
          nil: undefined,
        }),
      },
      { requiredKeys: ['profile', 'name', 'readiness'] },
    )
    .map(dropUndefined),
);

/** A valid PodSequence (or ConfigMap form) as the functionConfig. */
export const config: fc.Arbitrary<Obj | undefined> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc
      .record(
        {
          kubernetesVersion: fc.constantFrom('1.27', '1.28', '1.29', '1.30', '1.33'),
          terminateJobSidecars: fc.constantFrom('true', 'false'),
          sidecars: fc.constantFrom('istio,envoy', 'linkerd=linkerd-*', 'cloud-sql-proxy,daprd'.replace('daprd', 'dapr')),
        },
        { requiredKeys: [] },
      )
      .map((data) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'function-input' }, data })),
  },
  {
    weight: 4,
    arbitrary: fc
      .record(
        {
          mode: fc.constantFrom('apply', 'apply', 'check'),
          kubernetesVersion: fc.constantFrom('1.27', '1.28', '1.29', '1.30', '1.33'),
          sidecars: fc.uniqueArray(profileEntry, { maxLength: 4, selector: (s) => s.profile }),
          mesh: fc.record(
            { istio: fc.constant({}), linkerd: fc.constant({ version: '2.19' }), kuma: fc.constant({}), dapr: fc.constant({}), vault: fc.constant({}) },
            { requiredKeys: [] },
          ),
          dependencies: fc.uniqueArray(
            fc
              .oneof(fc.record({ http }), fc.record({ tcp }), fc.record({ dns: fc.constantFrom('db.shop.svc.cluster.local', 'cache') }))
              .map((d) => ({ ...d, timeoutSeconds: 5 })),
            { maxLength: 2, selector: (d) => JSON.stringify(d) },
          ),
          jobs: fc.record(
            {
              terminateSidecars: fc.boolean(),
              entrypoints: fc.constant([
                { container: 'app', command: ['/app/run'] },
                { image: 'registry.example.com/*', command: ['/entrypoint', '--flag'] },
              ]),
            },
            { requiredKeys: [] },
          ),
          tools: fc.record({ delivery: fc.constantFrom('inject', 'image') }, { requiredKeys: [] }),
          selector: fc.constant({ kinds: WORKLOAD_KINDS.filter((k) => k !== 'ReplicaSet') }),
          exclude: fc.constant({ names: ['statefulset-*'] }),
          workloadKinds: fc.constant([{ apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', podTemplatePath: 'spec.template' }]),
        },
        { requiredKeys: [] },
      )
      .map((spec) => ({ apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'ordering' }, spec: validSpec(spec) })),
  },
);

/** What the config checks refuse: a waiting strategy without a readiness check, native before 1.29. */
function validSpec(spec: Obj & { sidecars?: Obj[]; kubernetesVersion?: string }): Obj {
  const old = spec.kubernetesVersion !== undefined && Number(spec.kubernetesVersion.split('.')[1]) < 29;
  const sidecars = spec.sidecars?.map((s) => {
    if (s.profile === 'vault' && s.strategy !== undefined) return { ...s, strategy: 'first' };
    if (old && s.strategy === 'native') return { ...s, strategy: 'auto' };
    return s;
  });
  return sidecars ? { ...spec, sidecars } : spec;
}

/** How a case is written: the same objects must give the same result in any style. */
export interface Style {
  /** Drives comments, quoting and flow style, node by node. */
  seed: number;
  /** `- ` under the parent key (kpt, kustomize) or indented. */
  indentSeq: boolean;
  /** Column of the top-level `- ` of items. */
  itemsIndent: 0 | 2;
  comments: boolean;
  json: boolean;
}

export const style: fc.Arbitrary<Style> = fc.record({
  seed: fc.integer(),
  indentSeq: fc.boolean(),
  itemsIndent: fc.constantFrom(0 as const, 2 as const),
  comments: fc.boolean(),
  json: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

export const cases: fc.Arbitrary<Case> = fc.record({ items, config, style });

/** One object as YAML text in the given style: comments, quoting and flow collections vary. */
export function renderItem(o: Obj, s: Style): string {
  const rnd = prng(s.seed ^ JSON.stringify(o).length);
  const doc = new Document(o);
  let first = true;
  visit(doc, {
    Pair(_, pair) {
      if (first) return void (first = false); // a comment above the first key would sit above the `-`
      if (s.comments && isScalar(pair.key) && rnd() < 0.08) pair.key.commentBefore = ` about ${String(pair.key.value)}`;
      if (s.comments && isScalar(pair.value) && rnd() < 0.08) pair.value.comment = ' trailing # note';
    },
    Seq(_, seq) {
      if (rnd() < 0.15 && seq.items.every((i) => isScalar(i) && !String(i.value).includes('\n'))) seq.flow = true;
    },
    Map(_, map) {
      if (rnd() < 0.1 && map.items.length < 4 && map.items.every((p) => isPair(p) && isScalar(p.value) && !String(p.value.value).includes('\n')))
        map.flow = true;
    },
    Scalar(_, sc) {
      if (typeof sc.value !== 'string') return;
      const r = rnd();
      if (r < 0.15) sc.type = Scalar.QUOTE_DOUBLE;
      else if (r < 0.25 && !/[\n\\]/.test(sc.value)) sc.type = Scalar.QUOTE_SINGLE;
    },
  });
  return doc.toString({ indentSeq: s.indentSeq, lineWidth: 0 });
}

/** The whole ResourceList text. */
export function renderList(c: Case): string {
  if (c.style.json) {
    const list = { apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: c.items, ...(c.config ? { functionConfig: c.config } : {}) };
    return JSON.stringify(list, null, 1) + '\n';
  }
  const pad = ' '.repeat(c.style.itemsIndent);
  const rnd = prng(c.style.seed);
  let text = 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n';
  for (const item of c.items) {
    if (c.style.comments && rnd() < 0.3) text += `${pad}# a comment between items\n`;
    const body = renderItem(item, c.style).replace(/\n$/, '');
    const indented = body
      .split('\n')
      .map((l, i) => (i === 0 || l === '' ? l : `${pad}  ${l}`))
      .join('\n');
    text += `${pad}- ${indented}\n`;
  }
  if (c.config) {
    const cfg = stringify(c.config, { lineWidth: 0 }).replace(/\n$/, '');
    text += `functionConfig:\n${cfg
      .split('\n')
      .map((l) => `  ${l}`)
      .join('\n')}\n`;
  }
  return text;
}

export function dropUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
