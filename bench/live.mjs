// A generated cluster dump for `audit` in `npm run bench` (bench/run.mjs, the audit case): what
// `kubectl get pods,jobs,cronjobs,deployments,statefulsets,daemonsets,nodes,mutatingwebhookconfigurations
// -A -o json` prints for `pods` pods, deterministic. 10 pods per owner; owners rotate through
// Deployments, StatefulSets, DaemonSets and CronJobs (with their Jobs); 4 in 10 carry Istio's
// classic proxy, 1 in 10 a native one; one CronJob pod in 5 is stuck on its proxy, one Deployment
// pod in 20 restarted before its proxy; 100 nodes on three kubelet releases. Each pod carries
// what the API server adds (uid, managedFields, status), as a real dump does.
import { rng } from './prng.mjs';

const KINDS = ['Deployment', 'StatefulSet', 'DaemonSet', 'CronJob'];
const T = Date.parse('2026-05-01T00:00:00Z');
const at = (s) => new Date(T + s * 1000).toISOString().replace(/\.000Z$/, 'Z');
const PROXY = {
  name: 'istio-proxy',
  image: 'docker.io/istio/proxyv2:1.24.2',
  args: ['proxy', 'sidecar'],
  resources: { requests: { cpu: '10m', memory: '40Mi' } },
};

function appContainer(i) {
  return {
    name: `app-${i % 7}`,
    image: `registry.example.com/team/app-${i}:1.${i % 10}.0`,
    command: ['/app/server', '--port=8080'],
    ports: [{ containerPort: 8080, name: 'http', protocol: 'TCP' }],
    env: [
      { name: 'CONFIG_URL', value: 'http://config.shared.svc:8080' },
      { name: 'LOG_FORMAT', value: 'json' },
    ],
    readinessProbe: { httpGet: { path: '/ready', port: 8080, scheme: 'HTTP' }, periodSeconds: 5, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 },
    resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } },
    terminationMessagePath: '/dev/termination-log',
    terminationMessagePolicy: 'File',
    imagePullPolicy: 'IfNotPresent',
    volumeMounts: [{ name: 'kube-api-access', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true }],
  };
}

function templateOf(i, sidecar, job) {
  const containers = [appContainer(i)];
  const initContainers = [];
  if (sidecar === 'classic') containers.push(PROXY);
  if (sidecar === 'native')
    initContainers.push({
      ...PROXY,
      restartPolicy: 'Always',
      startupProbe: { httpGet: { path: '/healthz/ready', port: 15021 }, periodSeconds: 1, failureThreshold: 120 },
    });
  return {
    metadata: { labels: { app: `svc-${i}`, tier: 'backend' } },
    spec: {
      ...(job ? { restartPolicy: 'Never' } : {}),
      ...(initContainers.length ? { initContainers } : {}),
      containers,
      serviceAccountName: `svc-${i}`,
      dnsPolicy: 'ClusterFirst',
      schedulerName: 'default-scheduler',
      terminationGracePeriodSeconds: 30,
    },
  };
}

const running = (name, s, extra = {}) => ({
  name,
  ready: true,
  started: true,
  restartCount: 0,
  image: 'x',
  imageID: 'x@sha256:0',
  containerID: `containerd://${name}${s}`,
  state: { running: { startedAt: at(s) } },
  ...extra,
});
const terminated = (name, s, e, code = 0) => ({
  name,
  ready: false,
  started: false,
  restartCount: 0,
  image: 'x',
  imageID: 'x',
  state: { terminated: { exitCode: code, reason: code ? 'Error' : 'Completed', startedAt: at(s), finishedAt: at(e) } },
});

function podStatus(tpl, kind, k, r) {
  const apps = tpl.spec.containers.filter((c) => c.name !== 'istio-proxy');
  const proxy = tpl.spec.containers.some((c) => c.name === 'istio-proxy');
  const native = (tpl.spec.initContainers ?? []).some((c) => c.restartPolicy === 'Always');
  const init = (tpl.spec.initContainers ?? []).map((c) => running(c.name, 2));
  const conditions = [
    { type: 'Initialized', status: 'True', lastTransitionTime: at(1) },
    { type: 'Ready', status: 'True', lastTransitionTime: at(10) },
  ];
  if (kind === 'CronJob') {
    if (proxy && k % 5 === 0)
      return { phase: 'Running', startTime: at(0), conditions, containerStatuses: [...apps.map((c) => terminated(c.name, 3, 600)), running('istio-proxy', 2)] };
    return {
      phase: 'Succeeded',
      startTime: at(0),
      conditions,
      initContainerStatuses: native ? init.map((c) => terminated(c.name, 2, 601)) : [],
      containerStatuses: tpl.spec.containers.map((c) => terminated(c.name, 3, 600)),
    };
  }
  const race = proxy && k % 20 === 0;
  const statuses = apps.map((c) =>
    race
      ? running(c.name, 30, { restartCount: 1, lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: at(1), finishedAt: at(2) } } })
      : running(c.name, 4),
  );
  if (proxy) statuses.push(running('istio-proxy', 3));
  return {
    phase: 'Running',
    startTime: at(0),
    conditions,
    ...(init.length ? { initContainerStatuses: init } : {}),
    containerStatuses: statuses,
    hostIP: '10.0.0.1',
    podIP: `10.1.${k % 250}.${r() < 0.5 ? 1 : 2}`,
    qosClass: 'Burstable',
  };
}

function managed() {
  return [
    {
      manager: 'kube-controller-manager',
      operation: 'Update',
      apiVersion: 'v1',
      time: at(0),
      fieldsType: 'FieldsV1',
      fieldsV1: { 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } }, 'f:spec': { 'f:containers': {} } },
    },
  ];
}

export function liveDump(pods, seed = 7) {
  const r = rng(seed);
  const items = [];
  const owners = Math.ceil(pods / 10);
  let made = 0;
  for (let i = 0; i < owners; i++) {
    const kind = KINDS[i % KINDS.length];
    const ns = `ns-${i % 17}`;
    const sidecar = i % 10 < 4 ? 'classic' : i % 10 === 4 ? 'native' : 'none';
    const tpl = templateOf(i, sidecar, kind === 'CronJob');
    const name = `svc-${i}`;
    const uid = `owner-${i}`;
    const meta = {
      name,
      namespace: ns,
      uid,
      resourceVersion: String(1000 + i),
      generation: 1,
      creationTimestamp: at(-86400),
      labels: { app: name },
      managedFields: managed(),
    };
    const apiVersion = kind === 'CronJob' ? 'batch/v1' : 'apps/v1';
    const spec =
      kind === 'CronJob' ? { schedule: '*/10 * * * *', jobTemplate: { spec: { template: tpl } } } : { selector: { matchLabels: { app: name } }, template: tpl };
    items.push({ apiVersion, kind, metadata: meta, spec, status: {} });
    for (let k = 0; k < 10 && made < pods; k++, made++) {
      let ref;
      if (kind === 'CronJob') {
        const job = `${name}-${29000000 + k}`;
        items.push({
          apiVersion: 'batch/v1',
          kind: 'Job',
          metadata: { name: job, namespace: ns, uid: `job-${i}-${k}`, ownerReferences: [{ apiVersion, kind, name, uid, controller: true }] },
          spec: { template: tpl },
          status: {},
        });
        ref = { apiVersion: 'batch/v1', kind: 'Job', name: job, uid: `job-${i}-${k}`, controller: true };
      } else if (kind === 'Deployment') ref = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${name}-7c9f8d6b5`, uid: `rs-${i}`, controller: true };
      else ref = { apiVersion, kind, name, uid, controller: true };
      items.push({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name: `${name}-${k}`,
          namespace: ns,
          uid: `pod-${i}-${k}`,
          labels: { ...tpl.metadata.labels, 'pod-template-hash': '7c9f8d6b5' },
          ownerReferences: [ref],
          managedFields: managed(),
          creationTimestamp: at(0),
        },
        spec: { ...tpl.spec, nodeName: `node-${(i * 10 + k) % 100}` },
        status: podStatus(tpl, kind, k, r),
      });
    }
  }
  const versions = ['v1.30.6', 'v1.33.2', 'v1.34.3'];
  for (let n = 0; n < 100; n++) {
    items.push({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: `node-${n}` },
      status: { nodeInfo: { kubeletVersion: versions[n % 3] }, conditions: [{ type: 'Ready', status: 'True', lastHeartbeatTime: at(7200) }] },
    });
  }
  const hook = (name, webhook) => ({
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingWebhookConfiguration',
    metadata: { name },
    webhooks: [
      {
        name: webhook,
        clientConfig: { service: { name, namespace: 'x' } },
        rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] }],
      },
    ],
  });
  items.push(hook('istio-sidecar-injector', 'namespace.sidecar-injector.istio.io'), hook('pod-sequencer', 'pods.pod-sequencer.dev'));
  return JSON.stringify({ apiVersion: 'v1', kind: 'List', items, metadata: { resourceVersion: '' } }, null, 4) + '\n';
}

/** The same dump's pods as a multi-document YAML file of manifests, what `check` reads. */
export function podsAsDocuments(dump) {
  const { items } = JSON.parse(dump);
  return items
    .filter((o) => o.kind === 'Pod')
    .map(
      (o) =>
        `apiVersion: v1\nkind: Pod\nmetadata: ${JSON.stringify({ name: o.metadata.name, namespace: o.metadata.namespace })}\nspec: ${JSON.stringify(o.spec)}\n`,
    )
    .join('---\n');
}
