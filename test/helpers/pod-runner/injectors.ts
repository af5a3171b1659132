/**
 * Stand-ins for the mesh webhooks that add a sidecar at admission: given a pod template as the
 * function wrote it, the pod as the API server would store it after the vendor's injector ran.
 * Whether a pod is injected comes from the vendor tables' injection markers (src/profiles/*.ts
 * `injection`, each row citing the webhook that reads it); where the sidecar goes, and with which
 * hook or probe, from the injectors' own templates and code, read at the releases named below
 * (/work/shared/vendor-src). Only what decides start and exit order is modelled: the sidecar's
 * name, image, place, restartPolicy, startupProbe, postStart hold and the env that switches its
 * quit endpoint. The network setup init containers (istio-init, linkerd-init) are not added: the
 * runner has no traffic to redirect.
 */
import { parse } from 'yaml';
import { MESHES } from '../../../src/pod/mesh.js';
import { tableOf, type MeshName } from '../../../src/profiles/index.js';
import type { Marker } from '../../../src/profiles/types.js';
import type { Container, ObjectMeta, PodSpec } from '../../../src/workloads/workload.js';

export interface Namespace {
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

export interface Admission {
  pod: PodSpec;
  /** `<container> (<mesh>, native|classic)` for each sidecar added. */
  injected: string[];
}

type Injector = (pod: PodSpec, a: Record<string, string>, kubernetes: string) => { pod: PodSpec; native: boolean; container: string };

const minor = (v: string) => Number(v.split('.')[1] ?? 0);
const truthy = (v: string | undefined) => String(v).toLowerCase() === 'true';

/**
 * istio/istio@1.30.0 manifests/charts/istio-control/istio-discovery/files/injection-template.yaml:
 * `$nativeSidecar := ne (index .ObjectMeta.Annotations "sidecar.istio.io/nativeSidecar" | default
 * (printf "%t" .NativeSidecars)) "false"`, .NativeSidecars being "auto": a kubelet of 1.33 or later
 * (pkg/kube/inject/webhook.go `minVersion := 33`); native: `restartPolicy: Always` and a startupProbe
 * on 15021 /healthz/ready (values.yaml `startupProbe: enabled: true`); else `$holdProxy` (the pod's
 * proxy.istio.io/config holdApplicationUntilProxyStarts) gives the postStart `pilot-agent wait`, and
 * webhook.go reorderPod puts the proxy first ("MoveFirst") with hold, last without; a native proxy
 * goes first among the init containers ("{istio-init/istio-validation} => proxy => rest").
 */
const istio: Injector = (pod, a, kubernetes) => {
  const key = a['sidecar.istio.io/nativeSidecar'];
  const native = key !== undefined ? key !== 'false' : minor(kubernetes) >= 33;
  const config = a['proxy.istio.io/config'];
  const hold = !native && config !== undefined && proxyConfig(config)?.holdApplicationUntilProxyStarts === true;
  const proxy: Container = { name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.30.0', args: ['proxy', 'sidecar'] };
  if (native) {
    const c = { ...proxy, restartPolicy: 'Always', startupProbe: { httpGet: { path: '/healthz/ready', port: 15021 } } };
    return { pod: { ...pod, initContainers: [c, ...(pod.initContainers ?? [])] }, native, container: c.name };
  }
  const c = hold ? { ...proxy, lifecycle: { postStart: { exec: { command: ['pilot-agent', 'wait'] } } } } : proxy;
  const containers = hold ? [c, ...(pod.containers ?? [])] : [...(pod.containers ?? []), c];
  return { pod: { ...pod, containers }, native, container: c.name };
};

/** The pod's proxy.istio.io/config; one that does not parse holds nothing (Istio refuses to apply it). */
function proxyConfig(text: string): { holdApplicationUntilProxyStarts?: unknown } | undefined {
  try {
    const v = parse(text) as unknown;
    return v && typeof v === 'object' ? (v as { holdApplicationUntilProxyStarts?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * linkerd/linkerd2@version-2.15 charts/linkerd-control-plane/values.yaml (`nativeSidecar: false`,
 * `await: true`; the per-pod annotations of pkg/k8s/labels.go override them) and
 * charts/partials/templates/_proxy.tpl: native `restartPolicy: Always`, with a startupProbe on the
 * admin port's /ready only with await (`if and .Values.proxy.nativeSidecar .Values.proxy.await`);
 * classic with await gets the postStart `linkerd-await`, and charts/patch/templates/patch.json adds
 * it at `/spec/containers/0` with await, `/spec/containers/-` without. From version-2.16 the
 * proxy's shutdown endpoint is on only with LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED, set from the
 * proxy-admin-shutdown annotation (`value: {{.Values.proxy.enableShutdownEndpoint | quote}}`).
 * The native proxy is appended to the init containers (not in shared/vendor-src: the 2.15 patch
 * template's native branch is assumed to add it as `/spec/initContainers/-`).
 */
const linkerd: Injector = (pod, a) => {
  const nativeKey = [
    'config.linkerd.io/proxy-enable-native-sidecar',
    'config.beta.linkerd.io/proxy-enable-native-sidecar',
    'config.alpha.linkerd.io/proxy-enable-native-sidecar',
  ].find((k) => a[k] !== undefined);
  const native = nativeKey !== undefined && truthy(a[nativeKey]);
  const awaits = a['config.linkerd.io/proxy-await'] !== 'disabled';
  const port = Number(a['config.linkerd.io/admin-port'] ?? 4191);
  const proxy: Container = {
    name: 'linkerd-proxy',
    image: 'cr.l5d.io/linkerd/proxy:stable-2.16.0',
    env: [{ name: 'LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED', value: String(a['config.linkerd.io/proxy-admin-shutdown'] === 'enabled') }],
  };
  if (native) {
    const c = { ...proxy, restartPolicy: 'Always', ...(awaits && { startupProbe: { httpGet: { path: '/ready', port } } }) };
    return { pod: { ...pod, initContainers: [...(pod.initContainers ?? []), c] }, native, container: c.name };
  }
  const c = awaits
    ? { ...proxy, lifecycle: { postStart: { exec: { command: ['/usr/lib/linkerd/linkerd-await', '--timeout=2m', `--port=${port}`] } } } }
    : proxy;
  const containers = awaits ? [c, ...(pod.containers ?? [])] : [...(pod.containers ?? []), c];
  return { pod: { ...pod, containers }, native, container: c.name };
};

/**
 * dapr/dapr@v1.18.0 pkg/injector/patcher/sidecar_patcher.go: daprd is added at
 * `sidecarPatchPath+"/-"`, the containers' end, or with dapr.io/enable-native-sidecar the init
 * containers' end, and sidecar_container.go gives it `RestartPolicyAlways` there, with no startupProbe.
 */
const dapr: Injector = (pod, a) => {
  const native = truthy(a['dapr.io/enable-native-sidecar']);
  const c: Container = { name: 'daprd', image: 'ghcr.io/dapr/daprd:1.18.0', args: ['./daprd'], ...(native && { restartPolicy: 'Always' }) };
  if (native) return { pod: { ...pod, initContainers: [...(pod.initContainers ?? []), c] }, native, container: c.name };
  return { pod: { ...pod, containers: [...(pod.containers ?? []), c] }, native, container: c.name };
};

/** Go's strconv.ParseBool, which vault-k8s's annotations go through (parseutil.ParseBool). */
const goBool = (v: string | undefined, dflt: boolean) =>
  v === undefined ? dflt : ['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v) ? true : ['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v) ? false : dflt;

/**
 * hashicorp/vault-k8s@v1.7.0 agent-inject/agent/annotations.go: agent-pre-populate (default true)
 * adds the init container vault-agent-init (container_init_sidecar.go), which renders the secrets
 * and exits, "Default is last" among the init containers unless agent-init-first;
 * agent-pre-populate-only (default false) leaves out the sidecar vault-agent
 * (container_sidecar.go), which joins the containers' end, classic, with no probe: nothing holds
 * the app for it. Its quit endpoint exists only with agent-enable-quit (sidecars.ts reads that
 * switch from the vendor table). The init container's stand-in renders nothing and exits 0.
 */
const vault: Injector = (pod, a) => {
  const init: Container = { name: 'vault-agent-init', image: 'hashicorp/vault:1.17.0', command: ['sh', '-c', 'true'] };
  const inits = pod.initContainers ?? [];
  const prePopulate = goBool(a['vault.hashicorp.com/agent-pre-populate'], true);
  const only = goBool(a['vault.hashicorp.com/agent-pre-populate-only'], false);
  const first = goBool(a['vault.hashicorp.com/agent-init-first'], false);
  const initContainers = prePopulate || only ? (first ? [init, ...inits] : [...inits, init]) : inits;
  const agent: Container = { name: 'vault-agent', image: 'hashicorp/vault:1.17.0', args: ['agent'] };
  const containers = only ? (pod.containers ?? []) : [...(pod.containers ?? []), agent];
  return { pod: { ...pod, initContainers, containers }, native: false, container: only ? init.name : agent.name };
};

/**
 * kumahq/kuma@v2.14.0 pkg/plugins/runtime/k8s/webhooks/injector/injector.go: without sidecar
 * containers "inject sidecar as first container", and containers/factory.go gives it the postStart
 * `kuma-dp wait --url http://localhost:<port>/ready` with kuma.io/wait-for-dataplane-ready.
 * Stood in at 2.13.0, whose control plane keeps sidecar containers off (kuma-cp.defaults.yaml
 * gains `sidecarContainers: true` only at 2.14.0) and whose readiness is the admin port 9901: the
 * vendor table's defaults, which sidecars.ts serves.
 */
const kuma: Injector = (pod, a) => {
  // metadata/annotations.go GetEnabledWithDefault: true, yes or enabled; the default is waitForDataplaneReady: false.
  const waits = ['true', 'yes', 'enabled'].includes(a['kuma.io/wait-for-dataplane-ready'] ?? '');
  const port = a['kuma.io/envoy-admin-port'] ?? '9901';
  const c: Container = {
    name: 'kuma-sidecar',
    image: 'docker.io/kumahq/kuma-dp:2.13.0',
    args: ['run'],
    ...(waits && { lifecycle: { postStart: { exec: { command: ['kuma-dp', 'wait', '--url', `http://localhost:${port}/ready`] } } } }),
  };
  return { pod: { ...pod, containers: [c, ...(pod.containers ?? [])] }, native: false, container: c.name };
};

/**
 * hashicorp/consul-k8s@v2.0.3 control-plane/connect-inject/webhook/mesh_webhook.go: with
 * consul.hashicorp.com/enable-consul-dataplane-as-sidecar "true" the dataplane is appended to the
 * init containers (after the pod's own) with restartPolicy Always and a startupProbe
 * (consul_dataplane_sidecar.go: exec `consul-dataplane -check-proxy-health`, stood in for by a GET
 * of the same Envoy readiness, as the runner has no consul-dataplane to exec); otherwise, with
 * proxy lifecycle on (the chart's default), first among the containers ("insert consul-dataplane
 * container first if lifecycle is enabled", CHANGELOG.md 1.2.6), without any hold; with it off, last.
 */
const consul: Injector = (pod, a) => {
  const native = truthy(a['consul.hashicorp.com/enable-consul-dataplane-as-sidecar']);
  const lifecycle = a['consul.hashicorp.com/enable-sidecar-proxy-lifecycle'] === undefined || truthy(a['consul.hashicorp.com/enable-sidecar-proxy-lifecycle']);
  // mesh_webhook.go: a dataplane per service of connect-service (split at ","), each named
  // consul-dataplane-<service>, its admin and graceful ports up by the index
  // (consul_dataplane_sidecar.go); the graceful port and path from the pod's annotations.
  const services = (a['consul.hashicorp.com/connect-service'] ?? '').split(',');
  const multi = services.length > 1;
  const graceful = Number(a['consul.hashicorp.com/sidecar-proxy-lifecycle-graceful-port'] || 20600);
  const path = a['consul.hashicorp.com/sidecar-proxy-lifecycle-graceful-shutdown-path'] || '/graceful_shutdown';
  const proxies: Container[] = (multi ? services : ['']).map((svc, i) => ({
    name: multi ? `consul-dataplane-${svc}` : 'consul-dataplane',
    image: 'hashicorp/consul-dataplane:1.9.0',
    args: [
      '-envoy-admin-bind-address=127.0.0.1',
      ...(multi ? [`-envoy-admin-bind-port=${19000 + i}`] : []),
      `-graceful-port=${graceful + i}`,
      ...(lifecycle ? [`-graceful-shutdown-path=${path}`] : []),
    ],
  }));
  const names = proxies.map((p) => p.name).join(', ');
  if (native) {
    const inits = proxies.map((p, i) => ({
      ...p,
      restartPolicy: 'Always',
      startupProbe: { httpGet: { path: '/ready', port: 19000 + i }, periodSeconds: 1, failureThreshold: 10 },
    }));
    return { pod: { ...pod, initContainers: [...(pod.initContainers ?? []), ...inits] }, native, container: names };
  }
  const containers = lifecycle ? [...proxies, ...(pod.containers ?? [])] : [...(pod.containers ?? []), ...proxies];
  return { pod: { ...pod, containers }, native, container: names };
};

/** The injectors stood in for, in the order src/pod/mesh.ts lists the meshes. */
export const INJECTORS: Partial<Record<MeshName, Injector>> = { istio, linkerd, kuma, dapr, vault, consul };

/**
 * The name of each injector's MutatingWebhookConfiguration, as its install names it: the API
 * server calls the configurations in the order of these names (k8s.io/apiserver
 * pkg/admission/configuration/mutating_webhook_manager.go: "As we are going to run these webhooks
 * in serial, they are sorted here to have a deterministic order.", sorted ByName).
 */
export const WEBHOOK_CONFIGS: Record<keyof typeof INJECTORS, { name: string; source: string }> = {
  istio: {
    name: 'istio-sidecar-injector',
    source: 'istio/istio@1.30.0:manifests/charts/istio-control/istio-discovery/templates/mutatingwebhook.yaml (no revision)',
  },
  linkerd: {
    name: 'linkerd-proxy-injector-webhook-config',
    source: 'linkerd/linkerd2@version-2.16:pkg/k8s/labels.go ProxyInjectorWebhookConfigName = ProxyInjectorWebhookServiceName + "-webhook-config"',
  },
  // Not in shared/vendor-src: kumahq/kuma deployments/charts/kuma/templates/cp-webhooks-and-secrets.yaml.
  kuma: { name: 'kuma-admission-mutating-webhook-configuration', source: 'kumahq/kuma@v2.13.0:deployments/charts/kuma/templates/cp-webhooks-and-secrets.yaml' },
  // Not in shared/vendor-src: the dapr_sidecar_injector subchart's templates.
  dapr: {
    name: 'dapr-sidecar-injector',
    source: 'dapr/dapr@v1.18.0:charts/dapr/charts/dapr_sidecar_injector/templates/dapr_sidecar_injector_webhook_config.yaml',
  },
  consul: {
    name: 'consul-connect-injector',
    source:
      'hashicorp/consul-k8s@v2.0.3:charts/consul/templates/connect-inject-mutatingwebhookconfiguration.yaml ({{ template "consul.fullname" . }}-connect-injector, release consul)',
  },
  vault: {
    name: 'vault-agent-injector-cfg',
    source:
      'hashicorp/vault-k8s@v1.7.0:deploy/injector-deployment.yaml (AGENT_INJECT_TLS_AUTO: vault-agent-injector-cfg, the configuration it keeps the CA of)',
  },
};

/** The stood-in injectors whose configuration the API server calls before (or after) the one named `name`. */
export function injectorsAround(name: string): { before: MeshName[]; after: MeshName[] } {
  const meshes = (Object.keys(INJECTORS) as MeshName[]).sort((a, b) => (WEBHOOK_CONFIGS[a].name < WEBHOOK_CONFIGS[b].name ? -1 : 1));
  return { before: meshes.filter((m) => WEBHOOK_CONFIGS[m].name < name), after: meshes.filter((m) => WEBHOOK_CONFIGS[m].name > name) };
}

/**
 * Where the user switches `mesh`'s injection on, from its table's injection markers: a Namespace
 * that its webhook selects (the first namespace marker with an "on" value), else the pod's own
 * marker (Dapr selects pods only).
 */
export function meshedBy(mesh: MeshName): { namespace?: Namespace; pod?: { labels: Record<string, string>; annotations: Record<string, string> } } {
  const rows = (tableOf(mesh).injection ?? []).map((r) => r.value).filter((m) => Array.isArray(m.on) && m.on.length > 0);
  const put = (m: Marker) => {
    const kv = { [m.key]: (m.on as string[])[0]! };
    return m.in === 'annotation' ? { labels: {}, annotations: kv } : { labels: kv, annotations: {} };
  };
  const ns = rows.find((m) => m.at === 'namespace');
  if (ns) return { namespace: put(ns) };
  const pod = rows.find((m) => m.at === 'pod');
  if (!pod) throw new Error(`the ${mesh} table has no injection marker to switch it on`);
  return { pod: put(pod) };
}

/** The first injection marker with a value decides (src/pod/mesh.ts reads the same rows). */
function marked(rows: Marker[], labels: Record<string, string>, annotations: Record<string, string>): boolean | undefined {
  for (const m of rows) {
    const v = m.in !== 'annotation' && m.key in labels ? labels[m.key] : m.in !== 'label' && m.key in annotations ? annotations[m.key] : undefined;
    if (v === undefined || v === null) continue;
    const on = m.on === '*' ? String(v) !== '' : m.on.includes(String(v)) ? true : m.off.includes(String(v)) ? false : undefined;
    if (on === undefined || (on && m.offOnly)) continue;
    return on;
  }
  return undefined;
}

/**
 * Whether `mesh`'s webhook injects this pod (pod markers, then its Namespace's). With no Namespace
 * in the input, a mesh the function config names (`configured`) is taken to inject the namespace,
 * as the user says it does, where its webhook selects by namespace at all.
 */
export function injects(mesh: MeshName, pod: PodSpec, meta: ObjectMeta, ns: Namespace | undefined, configured = false): boolean {
  const rows = (tableOf(mesh).injection ?? []).map((r) => r.value);
  if (pod.hostNetwork === true) return false;
  const name = tableOf(mesh).containerName?.[0]?.value;
  if ([...(pod.initContainers ?? []), ...(pod.containers ?? [])].some((c) => c.name === name)) return false;
  const onPod = marked(
    rows.filter((r) => r.at === 'pod'),
    meta.labels ?? {},
    meta.annotations ?? {},
  );
  if (onPod !== undefined) return onPod;
  const nsRows = rows.filter((r) => r.at === 'namespace');
  return ns ? (marked(nsRows, ns.labels, ns.annotations) ?? false) : configured && nsRows.length > 0;
}

/** The meshes that inject this pod but have no stand-in injector here (a mesh added to src/pod/mesh.ts MESHES before one is written). */
export function uninjectable(pod: PodSpec, meta: ObjectMeta, ns: Namespace | undefined, configured: readonly MeshName[] = []): MeshName[] {
  return MESHES.filter((m) => !(m in INJECTORS) && injects(m, pod, meta, ns, configured.includes(m)));
}

/**
 * The pod after every injector that selects it has run, in the order the tables list the meshes;
 * `only`: just these injectors (the ones the API server calls before or after another webhook).
 */
export function admit(
  pod: PodSpec,
  meta: ObjectMeta,
  ns: Namespace | undefined,
  kubernetes: string,
  configured: readonly MeshName[] = [],
  only?: readonly MeshName[],
): Admission {
  let out = pod;
  const injected: string[] = [];
  for (const [mesh, inject] of Object.entries(INJECTORS) as [MeshName, Injector][]) {
    if (only && !only.includes(mesh)) continue;
    if (!injects(mesh, out, meta, ns, configured.includes(mesh))) continue;
    const r = inject(out, meta.annotations ?? {}, kubernetes);
    out = r.pod;
    injected.push(`${r.container} (${mesh}, ${r.native ? 'native' : 'classic'})`);
  }
  return { pod: out, injected };
}
