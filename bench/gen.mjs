// Deterministic ResourceLists for the benchmark and for the fast-vs-slow reader tests.
// Items look like what kpt sends (orchestrator annotations), with comments and varied
// formatting: head comments, inline comments, flow maps, quoted scalars, block scalars,
// compact and indented sequences, blank lines between items.

import { rng } from './prng.mjs';

const SIDECARS = [
  { name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.24.2', args: '["proxy", "sidecar"]' },
  { name: 'linkerd-proxy', image: 'cr.l5d.io/linkerd/proxy:edge-25.1.1' },
  { name: 'cloud-sql-proxy', image: 'gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1', args: '[--port=5432, "proj:region:db"]' },
  { name: 'envoy', image: 'envoyproxy/envoy:v1.31.2' },
];

const WORKLOAD_KINDS = [
  ['apps/v1', 'Deployment'],
  ['apps/v1', 'StatefulSet'],
  ['apps/v1', 'DaemonSet'],
];

function annotations(i, file, pad) {
  return (
    `${pad}annotations:\n` +
    `${pad}  config.kubernetes.io/index: '${i % 7}'\n` +
    `${pad}  internal.config.kubernetes.io/path: '${file}'\n` +
    `${pad}  internal.config.kubernetes.io/id: '${i}'\n`
  );
}

/** `- ` lines under `key:` at `pad`: compact (same column) or indented by two. */
function seqPad(pad, indented) {
  return indented ? pad + '  ' : pad;
}

function appContainer(n, pad, r) {
  const p = pad + '  ';
  let s = `${pad}- name: app-${n}\n`;
  s += r() < 0.5 ? `${p}image: "registry.example.com/team/app-${n}:1.${n % 10}.0"\n` : `${p}image: registry.example.com/team/app-${n}:1.${n % 10}.0\n`;
  s += `${p}command: [/app/server, --port=8080]\n`;
  if (r() < 0.5) s += `${p}args: ['--log-level=info']   # verbose in staging only\n`;
  s += `${p}ports:\n${p}- containerPort: 8080\n${p}  name: http\n`;
  s += `${p}env:\n`;
  s += `${p}# where the config center lives\n`;
  s += `${p}- name: CONFIG_URL\n${p}  value: 'http://config.shared.svc:8080'\n`;
  s += `${p}- {name: LOG_FORMAT, value: json}\n`;
  s += `${p}readinessProbe:\n${p}  httpGet: {path: /ready, port: 8080}\n${p}  periodSeconds: 5\n`;
  s += `${p}resources:\n${p}  requests: {cpu: 100m, memory: 128Mi}\n${p}  limits:\n${p}    memory: "256Mi"\n`;
  return s;
}

function workload(i, r, withSidecar, meta) {
  const [apiVersion, kind] = WORKLOAD_KINDS[i % WORKLOAD_KINDS.length];
  const indentedSeqs = r() < 0.3;
  const name = `svc-${i}`;
  let s = `- apiVersion: ${apiVersion}\n  kind: ${kind}\n  metadata:\n`;
  s += `    name: ${name}${r() < 0.3 ? '   # owned by team ' + (i % 13) : ''}\n    namespace: ns-${i % 17}\n`;
  s += r() < 0.5 ? `    labels: {app: ${name}, tier: backend}\n` : `    labels:\n      app: ${name}\n      tier: "backend"\n`;
  s += annotations(i, meta.file, '    ');
  s += `  spec:\n`;
  if (kind === 'StatefulSet') s += `    serviceName: ${name}\n`;
  if (kind !== 'DaemonSet') s += `    replicas: ${1 + (i % 5)}\n`;
  s += `    selector:\n      matchLabels:\n        app: ${name}\n`;
  s += `    template:\n      metadata:\n        labels:\n          app: ${name}\n`;
  s += `      spec:\n        serviceAccountName: ${name}\n        containers:\n`;
  const cp = seqPad('        ', indentedSeqs);
  if (r() < 0.4) s += `${cp}# the app\n`;
  s += appContainer(i, cp, r);
  if (withSidecar) {
    const sc = SIDECARS[i % SIDECARS.length];
    s += `${cp}# injected by hand, years ago\n`;
    s += `${cp}- name: ${sc.name}\n${cp}  image: ${sc.image}\n`;
    if (sc.args) s += `${cp}  args: ${sc.args}\n`;
  }
  s += `        volumes:\n${seqPad('        ', indentedSeqs)}- name: config\n${seqPad('        ', indentedSeqs)}  configMap: {name: ${name}-config}\n`;
  return s;
}

function service(i, r, meta) {
  let s = `- apiVersion: v1\n  kind: Service\n  metadata:\n    name: svc-${i}\n    namespace: ns-${i % 17}\n`;
  s += annotations(i, meta.file, '    ');
  s += `  spec:\n    selector: {app: svc-${i}}\n    ports:\n`;
  s += `    - port: 80\n      targetPort: 8080   # the app port\n      protocol: TCP\n`;
  if (r() < 0.3) s += `    - name: metrics\n      port: 9090\n`;
  return s;
}

function configMap(i, r, meta) {
  let s = `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: cfg-${i}\n    namespace: ns-${i % 17}\n`;
  s += annotations(i, meta.file, '    ');
  s += `  data:\n    flag: "true"\n    count: '${i % 100}'\n`;
  s += `    app.properties: |\n      # properties, not YAML: - item: [x\n      server.port=8080\n      feature.x=${r() < 0.5}\n\n      cache.size=${i % 1000}\n`;
  if (r() < 0.5) s += `    long: >-\n      folded text\n      that continues\n`;
  return s;
}

function secret(i, meta) {
  return (
    `- apiVersion: v1\n  kind: Secret\n  metadata:\n    name: sec-${i}\n    namespace: ns-${i % 17}\n` +
    annotations(i, meta.file, '    ') +
    `  type: Opaque\n  data:\n    password: ${Buffer.from('s3cret-' + i).toString('base64')}\n    username: YWRtaW4=\n`
  );
}

/** An item the function leaves alone. */
function untouched(i, r, meta) {
  const pick = r();
  if (pick < 0.3) return service(i, r, meta);
  if (pick < 0.55) return configMap(i, r, meta);
  if (pick < 0.7) return secret(i, meta);
  return workload(i, r, false, meta);
}

/** The function config: at 1.28 postStart waits (classic sidecars), at 1.29+ native sidecars (issue 38's M30 and L30). */
const functionConfig = (kubernetesVersion) => `functionConfig:
  apiVersion: fn.pod-sequencer.dev/v1alpha1
  kind: PodSequence
  metadata:
    name: ordering
  spec:
    kubernetesVersion: "${kubernetesVersion}"   # ${Number(kubernetesVersion.split('.')[1]) < 29 ? 'postStart waits, not native sidecars' : 'native sidecars'}
`;

/**
 * A ResourceList of `count` items, `changedShare` of them workloads with a sidecar listed last
 * (which the function changes), the rest untouched.
 */
export function generate(count, { changedShare = 0.4, seed = 1, small = false, kubernetesVersion = '1.28' } = {}) {
  if (small) return generateSmall(count, kubernetesVersion);
  const r = rng(seed);
  let out = 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n';
  // Spread changed items evenly, so every prefix has the same mix.
  let changed = 0;
  for (let i = 0; i < count; i++) {
    const meta = { file: `pkg-${Math.floor(i / 50)}/resources.yaml` };
    if (i % 10 === 3) out += `# resource ${i}\n`;
    if (i % 25 === 7) out += '\n';
    if ((changed + 1) / count <= changedShare && (i + 1) * changedShare >= changed + 1) {
      out += workload(i, r, true, meta);
      changed++;
    } else {
      out += untouched(i, r, meta);
    }
  }
  return out + functionConfig(kubernetesVersion);
}

/**
 * `count` small items with nothing to do (issue 28: the per-item cost): Services, ConfigMaps and
 * Deployments with one container and no sidecar, a few lines each, no annotations.
 */
function generateSmall(count, kubernetesVersion) {
  let out = 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n';
  for (let i = 0; i < count; i++) {
    const k = i % 3;
    if (k === 0)
      out += `- apiVersion: v1\n  kind: Service\n  metadata:\n    name: svc-${i}\n  spec:\n    selector:\n      app: a${i}\n    ports:\n    - port: 80\n`;
    else if (k === 1) out += `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: cfg-${i}\n  data:\n    key: value-${i}\n`;
    else
      out +=
        `- apiVersion: apps/v1\n  kind: Deployment\n  metadata:\n    name: web-${i}\n  spec:\n    selector:\n      matchLabels:\n        app: a${i}\n` +
        `    template:\n      metadata:\n        labels:\n          app: a${i}\n      spec:\n        containers:\n        - name: web\n          image: registry.example.com/web:1\n`;
  }
  return out + functionConfig(kubernetesVersion);
}

/**
 * The same items as a multi-document file (what `fix` and `check` read): each item dedented, a
 * `---` before it, the comments between items kept; the ResourceList's header and functionConfig
 * left out.
 */
export function toDocuments(list) {
  const lines = list.split('\n');
  const out = [];
  for (const line of lines.slice(lines.indexOf('items:') + 1)) {
    if (/^[A-Za-z]/.test(line)) break; // functionConfig:
    if (line.startsWith('- ')) out.push('---', line.slice(2));
    else out.push(line.startsWith('  ') ? line.slice(2) : line);
  }
  return out.join('\n') + '\n';
}

export const SIZES = [
  { name: 'S', count: 20, changedShare: 0.4 },
  { name: 'M', count: 1000, changedShare: 0.4 },
  { name: 'L', count: 10000, changedShare: 0.4, fix: true },
  // The same items at kubernetesVersion 1.30: sidecars become native init containers, and every
  // change's message has its reason on a second line (issue 38 measured these).
  { name: 'M30', count: 1000, changedShare: 0.4, kubernetesVersion: '1.30' },
  { name: 'L30', count: 10000, changedShare: 0.4, kubernetesVersion: '1.30' },
  { name: 'L0', count: 10000, changedShare: 0 },
  { name: 'L0s', count: 10000, changedShare: 0, small: true },
];

/**
 * YAML shapes that once cost more than their size (issue 20): each at a base size in MB and at
 * twice that, so `npm run bench` can hold time to the input (2x the input, < 2.5x the time).
 */
const LIST = 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n';
const mb = (n) => Math.floor(n * 1e6);
const lines = (bytes, width, join) => Array.from({ length: Math.floor(bytes / (width + 1)) }, () => 'y'.repeat(width)).join(join);
const WORKLOAD = (value) =>
  `- apiVersion: apps/v1\n  kind: Deployment\n  metadata:\n    name: web\n  spec:\n    template:\n      spec:\n        containers:\n        - name: web\n          image: web:1\n          env:\n          - name: BIG\n            value: ${value}\n        - name: istio-proxy\n          image: proxy\n`;

export const SHAPES = {
  /** `- {apiVersion: v1, kind: ConfigMap, ...}` per line: 49 s for 15 MB before the fix. */
  'flow items': (size) =>
    LIST + Array.from({ length: Math.floor(mb(size) / 75) }, (_, i) => `- {apiVersion: v1, kind: ConfigMap, metadata: {name: c${i}}, data: {k: v}}\n`).join(''),
  /** The same items in block style: the reference. */
  'block items': (size) =>
    LIST +
    Array.from({ length: Math.floor(mb(size) / 75) }, (_, i) => `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: c${i}\n  data:\n    k: v\n`).join(
      '',
    ),
  /** One-line JSON: quadratic before (each item's column searched back along the one line). */
  'one-line JSON': (size) =>
    JSON.stringify({
      apiVersion: 'config.kubernetes.io/v1',
      kind: 'ResourceList',
      items: Array.from({ length: Math.floor(mb(size) / 85) }, (_, i) => ({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: `c${i}` },
        data: { k: 'v' },
      })),
    }),
  /** A flow sequence over many lines inside a ConfigMap. */
  'multi-line flow sequence': (size) =>
    LIST +
    `- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: c}\n  data: {k: [${Array.from({ length: Math.floor(mb(size) / 15) }, (_, i) => `i${i}`).join(',\n    ')}]}\n`,
  /** A plain scalar in a workload that changes. */
  'plain scalar': (size) => LIST + WORKLOAD('x'.repeat(mb(size))),
  /** A double-quoted scalar over many lines in a workload that changes (5.9 s for 10 MB before). */
  'multi-line quoted scalar': (size) => LIST + WORKLOAD(`"${lines(mb(size), 79, '\n              ')}"`),
};
