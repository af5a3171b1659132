/**
 * `pod-sequencer webhook manifests`: what to `kubectl apply -f -` to run the admission webhook
 * (docs/webhook.md): Namespace, ServiceAccount, the config in a ConfigMap, Deployment, Service,
 * PodDisruptionBudget, the MutatingWebhookConfiguration, the TLS objects of the chosen route
 * (cert-manager, or the kube-webhook-certgen Jobs: src/admission/certgen.ts), and the companion
 * ValidatingAdmissionPolicy (src/admission/policy.ts). Only data: no I/O but what the caller
 * passes in, so the tests call it directly.
 */
import { restrictedSecurityContext } from '../sequence/tools.js';
import { parse, stringify } from 'yaml';
import { loadConfig } from '../config/load.js';
import type { Config } from '../config/types.js';
import { formatResult } from '../krm/results.js';
import { VERSION } from '../version.js';
import { certgenObjects } from './certgen.js';
import { matchConditions } from './match.js';
import { policyObjects } from './policy.js';

export const TLS_ROUTES = ['cert-manager', 'certgen'] as const;
export type TlsRoute = (typeof TLS_ROUTES)[number];
export const FAILURE_POLICIES = ['Ignore', 'Fail'] as const;
export type FailurePolicy = (typeof FAILURE_POLICIES)[number];

export interface ManifestsOptions {
  /** The config file's text and its name (--config FILE); absent: the defaults. */
  config?: { text: string; source: string };
  namespace: string;
  image?: string;
  tls: TlsRoute;
  failurePolicy: FailurePolicy;
}

/** A usage or config error: one message naming the flag, file or field; exit 2, nothing written. */
export class ManifestsError extends Error {}

type Obj = Record<string, unknown>;

/**
 * The MutatingWebhookConfiguration's name. The API server calls mutating webhook configurations
 * in the order of their names (docs/webhook.md, "Where it runs"): `00-` sorts before every mesh
 * injector's (consul-, dapr-, istio-, kuma-, linkerd-, vault-), so the switches the first call
 * sets are there when they inject, and `reinvocationPolicy: IfNeeded` brings it back after them
 * to sequence their sidecars (docs/decisions.md, "The webhook's manifests").
 */
export const WEBHOOK_CONFIGURATION = '00-pod-sequencer';
export const WEBHOOK_NAME = 'pods.pod-sequencer.dev';
export const NAME = 'pod-sequencer-webhook';
export const TLS_SECRET = 'pod-sequencer-webhook-tls';
export const CONFIG_MAP = 'pod-sequencer-config';
/** The namespace label that opts a namespace in, and the pod label that opts a pod out. */
export const OPT_IN = { key: 'pod-sequencer.dev/admission', value: 'enabled' };
export const OPT_OUT = { key: 'pod-sequencer.dev/skip', value: 'true' };
/** Never sent to the webhook, whatever their labels: the control plane's own, and the node leases'. */
export const SYSTEM_NAMESPACES = ['kube-system', 'kube-node-lease'];

const CONFIG_DIR = '/etc/pod-sequencer/config';
const CONFIG_FILE = 'config.yaml';
const TLS_DIR = '/etc/pod-sequencer/tls';
export const PORTS = { https: 8443, metrics: 9090 };
/**
 * The image's user: the Dockerfile's `USER nobody`. A name the kubelet cannot check against
 * runAsNonRoot ("image has non-numeric user"), so the pod states the number.
 */
const NOBODY = 65534;
/**
 * Seconds the API server waits for an answer. The webhook answers in milliseconds (BENCHMARKS.md);
 * with failurePolicy Ignore a replica that hangs costs each pod creation this long (twice with a
 * reinvocation), so it is small, and still far above a TLS handshake and a GC pause on a loaded
 * node (docs/decisions.md, "The webhook's timeout").
 */
export const TIMEOUT_SECONDS = 3;

/**
 * No image is published (Dockerfile: "build and push your own"): the default names the image the
 * Dockerfile builds, by this release's version, which a local cluster (kind, minikube) can be given
 * with `kind load docker-image`; elsewhere `--image` names the registry's copy. The command says so
 * on stderr when --image is not given (docs/decisions.md, "The webhook's default image").
 */
export const DEFAULT_IMAGE = `pod-sequencer:${VERSION}`;

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

export function webhookObjects(opts: ManifestsOptions): Obj[] {
  const ns = opts.namespace;
  if (!DNS_LABEL.test(ns)) throw new ManifestsError(`--namespace ${JSON.stringify(ns)}: not a namespace name (lowercase letters, digits and -, at most 63)`);
  // Its namespace is its own: labelled Pod Security "restricted" and never sent to the webhook,
  // which would be wrong for a namespace that holds other workloads.
  if ([...SYSTEM_NAMESPACES, 'default', 'kube-public'].includes(ns))
    throw new ManifestsError(
      `--namespace ${ns}: the webhook needs a namespace of its own (default pod-sequencer): it labels it restricted and never sees its pods`,
    );
  const image = opts.image ?? DEFAULT_IMAGE;
  if (image === '' || /\s/.test(image)) throw new ManifestsError(`--image ${JSON.stringify(image)}: not an image reference`);
  const { config, text } = readConfig(opts.config);
  const certManager = opts.tls === 'cert-manager';
  const certgen = certManager
    ? undefined
    : certgenObjects(ns, { secret: TLS_SECRET, service: NAME, webhookConfiguration: WEBHOOK_CONFIGURATION, labels: LABELS });
  return [
    namespace(ns),
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(NAME, ns), automountServiceAccountToken: false },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta(CONFIG_MAP, ns), data: { [CONFIG_FILE]: text } },
    ...(certgen ? certgen.before : certManagerObjects(ns)),
    service(ns),
    deployment(ns, image),
    pdb(ns),
    mutatingWebhook(ns, config, opts.failurePolicy, certManager),
    ...(certgen ? certgen.after : []),
    ...policyObjects(config, { namespaceSelector: namespaceSelector(ns), objectSelector: objectSelector(), labels: LABELS }),
  ];
}

/** The objects as one multi-document YAML stream. */
export function renderManifests(objects: readonly Obj[]): string {
  const head = `# pod-sequencer ${VERSION}: the admission webhook (docs/webhook.md). Apply with: kubectl apply -f -\n`;
  return head + objects.map((o) => `---\n${stringify(o, { version: '1.1', lineWidth: 0 })}`).join('');
}

/** The config, validated as the server will load it: errors name the file and the field. */
function readConfig(given: ManifestsOptions['config']): { config: Config; text: string } {
  if (!given) return { config: loadConfig(undefined).config, text: DEFAULT_CONFIG };
  let raw: unknown;
  try {
    raw = parse(given.text);
  } catch (e) {
    throw new ManifestsError(`--config ${given.source}: not valid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  const { config, errors } = loadConfig(raw ?? undefined, { source: given.source });
  if (errors.length > 0) throw new ManifestsError(`--config ${given.source}: invalid\n${errors.map(formatResult).join('\n')}`);
  return { config, text: given.text };
}

const DEFAULT_CONFIG = `# The webhook's PodSequence (docs/reference.md): the same config the filter reads.
# Edit it here (kubectl edit configmap ${CONFIG_MAP}); the server reloads it on change.
apiVersion: fn.pod-sequencer.dev/v1alpha1
kind: PodSequence
metadata:
  name: webhook
spec: {}
`;

const LABELS = { 'app.kubernetes.io/name': 'pod-sequencer', 'app.kubernetes.io/component': 'webhook' };

function meta(name: string, ns?: string, extra: Obj = {}): Obj {
  return { name, ...(ns !== undefined && { namespace: ns }), labels: { ...LABELS, 'app.kubernetes.io/version': VERSION }, ...extra };
}

function namespace(ns: string): Obj {
  // Its pods are Pod Security "restricted"; the label enforces that for anything else run here.
  const m = meta(ns);
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { ...m, labels: { ...(m.labels as Obj), 'pod-security.kubernetes.io/enforce': 'restricted' } } };
}

export function namespaceSelector(ns: string): Obj {
  return {
    matchExpressions: [
      { key: OPT_IN.key, operator: 'In', values: [OPT_IN.value] },
      { key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: [...SYSTEM_NAMESPACES, ns] },
    ],
  };
}

export function objectSelector(): Obj {
  return { matchExpressions: [{ key: OPT_OUT.key, operator: 'NotIn', values: [OPT_OUT.value] }] };
}

function service(ns: string): Obj {
  // Only the webhook port: the metrics port stays a named container port, for a scrape config
  // or PodMonitor that reads pods, not a Service anyone in the cluster can reach.
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta(NAME, ns),
    spec: { type: 'ClusterIP', selector: LABELS, ports: [{ name: 'https', port: 443, targetPort: 'https', protocol: 'TCP' }] },
  };
}

function deployment(ns: string, image: string): Obj {
  const probe = (path: string, period: number) => ({
    httpGet: { path, port: 'https', scheme: 'HTTPS' },
    periodSeconds: period,
    timeoutSeconds: 2,
    failureThreshold: 3,
  });
  const container = {
    name: 'webhook',
    image,
    imagePullPolicy: 'IfNotPresent',
    args: [
      'webhook',
      'serve',
      '--config',
      `${CONFIG_DIR}/${CONFIG_FILE}`,
      '--port',
      String(PORTS.https),
      '--tls-cert',
      `${TLS_DIR}/tls.crt`,
      '--tls-key',
      `${TLS_DIR}/tls.key`,
      '--metrics-port',
      String(PORTS.metrics),
    ],
    ports: [
      { name: 'https', containerPort: PORTS.https, protocol: 'TCP' },
      { name: 'metrics', containerPort: PORTS.metrics, protocol: 'TCP' },
    ],
    readinessProbe: probe('/readyz', 5),
    livenessProbe: probe('/healthz', 10),
    // The endpoints controller and every kube-proxy learn of a stopping pod a moment after it
    // gets SIGTERM: it keeps answering for those seconds (the server also finishes what is in flight).
    lifecycle: { preStop: { sleep: { seconds: 5 } } },
    resources: { requests: { cpu: '100m', memory: '64Mi' }, limits: { memory: '256Mi' } },
    securityContext: restrictedSecurityContext(NOBODY),
    // The config and TLS files are directories, not subPath mounts: the kubelet updates those in
    // place, and the server reloads them when they change.
    volumeMounts: [
      { name: 'config', mountPath: CONFIG_DIR, readOnly: true },
      { name: 'tls', mountPath: TLS_DIR, readOnly: true },
    ],
  };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta(NAME, ns),
    spec: {
      replicas: 2,
      selector: { matchLabels: LABELS },
      // A new replica is ready before an old one goes: the webhook keeps answering through an upgrade.
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: { labels: { ...LABELS, [OPT_OUT.key]: OPT_OUT.value } },
        spec: {
          serviceAccountName: NAME,
          // It never calls the API server: no token in the pod.
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          securityContext: { runAsNonRoot: true, runAsUser: NOBODY, runAsGroup: NOBODY, seccompProfile: { type: 'RuntimeDefault' } },
          // Preferred, not required: a one-node cluster still runs both replicas.
          affinity: {
            podAntiAffinity: {
              preferredDuringSchedulingIgnoredDuringExecution: [
                { weight: 100, podAffinityTerm: { labelSelector: { matchLabels: LABELS }, topologyKey: 'kubernetes.io/hostname' } },
              ],
            },
          },
          nodeSelector: { 'kubernetes.io/os': 'linux' },
          terminationGracePeriodSeconds: 30,
          containers: [container],
          volumes: [
            { name: 'config', configMap: { name: CONFIG_MAP } },
            { name: 'tls', secret: { secretName: TLS_SECRET } },
          ],
        },
      },
    },
  };
}

function pdb(ns: string): Obj {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: meta(NAME, ns),
    // A crash-looping replica must not block a node drain (it serves nothing anyway).
    spec: { minAvailable: 1, selector: { matchLabels: LABELS }, unhealthyPodEvictionPolicy: 'AlwaysAllow' },
  };
}

function mutatingWebhook(ns: string, config: Config, failurePolicy: FailurePolicy, certManager: boolean): Obj {
  const conditions = matchConditions(config);
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingWebhookConfiguration',
    metadata: meta(WEBHOOK_CONFIGURATION, undefined, certManager ? { annotations: { 'cert-manager.io/inject-ca-from': `${ns}/${TLS_SECRET}` } } : {}),
    webhooks: [
      {
        name: WEBHOOK_NAME,
        admissionReviewVersions: ['v1'],
        clientConfig: { service: { namespace: ns, name: NAME, path: '/mutate', port: 443 } },
        rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'], scope: 'Namespaced' }],
        namespaceSelector: namespaceSelector(ns),
        objectSelector: objectSelector(),
        ...(conditions.length > 0 && { matchConditions: conditions }),
        sideEffects: 'None',
        failurePolicy,
        timeoutSeconds: TIMEOUT_SECONDS,
        reinvocationPolicy: 'IfNeeded',
        matchPolicy: 'Equivalent',
      },
    ],
  };
}

/**
 * cert-manager's self-signed CA pattern: a selfSigned Issuer signs a CA Certificate, a CA Issuer
 * made from its Secret signs the serving Certificate, and the cainjector copies that CA into the
 * webhook configuration (`cert-manager.io/inject-ca-from`). Renewals rewrite the Secret, which the
 * server reloads.
 */
function certManagerObjects(ns: string): Obj[] {
  const cm = (kind: string, name: string, spec: Obj): Obj => ({ apiVersion: 'cert-manager.io/v1', kind, metadata: meta(name, ns), spec });
  const host = `${NAME}.${ns}.svc`;
  return [
    cm('Issuer', 'pod-sequencer-selfsigned', { selfSigned: {} }),
    cm('Certificate', 'pod-sequencer-ca', {
      isCA: true,
      commonName: 'pod-sequencer-ca',
      secretName: 'pod-sequencer-ca',
      duration: '87600h',
      privateKey: { algorithm: 'ECDSA', size: 256 },
      issuerRef: { name: 'pod-sequencer-selfsigned', kind: 'Issuer', group: 'cert-manager.io' },
    }),
    cm('Issuer', 'pod-sequencer-ca', { ca: { secretName: 'pod-sequencer-ca' } }),
    cm('Certificate', TLS_SECRET, {
      secretName: TLS_SECRET,
      commonName: host,
      dnsNames: [NAME, `${NAME}.${ns}`, host, `${host}.cluster.local`],
      duration: '2160h',
      renewBefore: '360h',
      usages: ['server auth', 'digital signature', 'key encipherment'],
      privateKey: { algorithm: 'ECDSA', size: 256, rotationPolicy: 'Always' },
      issuerRef: { name: 'pod-sequencer-ca', kind: 'Issuer', group: 'cert-manager.io' },
    }),
  ];
}

export interface ManifestsCommandOptions {
  config?: string;
  namespace: string;
  image?: string;
  tls: string;
  failurePolicy: string;
}

/**
 * The command: the stream on stdout, exit 0; a usage or config error on stderr, exit 2, nothing
 * on stdout (a partial stream piped into `kubectl apply` would install half a webhook).
 */
export function manifestsCommand(opts: ManifestsCommandOptions, io: { readFile(path: string): string; out(s: string): void; err(s: string): void }): number {
  try {
    const tls = oneOf('--tls', opts.tls, TLS_ROUTES);
    const failurePolicy = oneOf('--failure-policy', opts.failurePolicy, FAILURE_POLICIES);
    const config = opts.config === undefined ? undefined : { text: readConfigFile(opts.config, io.readFile), source: opts.config };
    const text = renderManifests(
      webhookObjects({ namespace: opts.namespace, tls, failurePolicy, ...(config && { config }), ...(opts.image !== undefined && { image: opts.image }) }),
    );
    if (opts.image === undefined) {
      io.err(
        `pod-sequencer: note: no --image given: the Deployment runs ${DEFAULT_IMAGE}, which no registry publishes; build it from the Dockerfile and pass --image REGISTRY/pod-sequencer:${VERSION} (docs/webhook.md)\n`,
      );
    }
    io.out(text);
    return 0;
  } catch (e) {
    if (!(e instanceof ManifestsError)) throw e;
    io.err(`pod-sequencer: error: ${e.message}\n`);
    return 2;
  }
}

function oneOf<T extends string>(flag: string, v: string, accepted: readonly T[]): T {
  if ((accepted as readonly string[]).includes(v)) return v as T;
  throw new ManifestsError(`${flag} ${JSON.stringify(v)}: use ${accepted.join(' or ')}`);
}

function readConfigFile(path: string, readFile: (path: string) => string): string {
  try {
    return readFile(path);
  } catch (e) {
    throw new ManifestsError(`--config ${path}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
}
