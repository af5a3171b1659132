/**
 * Meshes injected at admission, as pod facts: whether an injector will add its sidecar to this
 * pod (the markers each injector really reads, where it reads them), whether it will be native,
 * and what a Job wrapper waits on and calls to end it. The transforms that set annotations are in
 * src/sequence/mesh.ts; check rules and explain read these facts without importing a transform
 * (docs/architecture.md).
 */
import { meshDefaults } from '../config/resolve.js';
import type { Check, MeshDapr, MeshLinkerd, MeshSettings, MeshVault, Shutdown } from '../config/types.js';
import { profiles } from '../profiles/index.js';
import { getPath, type ObjectMeta, podAnnotations } from '../workloads/workload.js';
import { onHostNetwork, SYSTEM_NAMESPACES } from './host.js';
import type { Ctx } from './context.js';
import { specFor } from './sidecars.js';

/** The meshes `spec.mesh` can name, in the order they are handled and listed. */
export const MESHES = ['istio', 'linkerd', 'kuma', 'dapr', 'vault'] as const;
export type MeshName = (typeof MESHES)[number];

/** A webhook-injected sidecar this pod will get (see meshedSidecars). */
export interface MeshedSidecar {
  profile: MeshName;
  /** The container name the injector gives it. */
  container: string;
  /** The pod template asks the injector for a native sidecar: it ends with the Job by itself. */
  native: boolean;
  /** What a Job wrapper waits on; absent for the Vault agent, which has no readiness endpoint. */
  readiness?: Check;
  /**
   * How a Job wrapper ends it; absent when it needs no ending (native) or cannot be ended: the
   * endpoint is switched off by config or by the pod template, or the mesh has none (Kuma).
   */
  shutdown?: Shutdown;
  /** Why we think this pod is meshed, for results. */
  reason: string;
}

/**
 * A label or annotation an injector reads to decide whether to inject a pod. '*': any value
 * means yes. `in`: where the injector reads it; `offOnly`: it can turn injection off but not on
 * (read by the injector only once its webhook has selected the pod).
 */
interface Marker {
  key: string;
  in: 'label' | 'annotation' | 'both';
  on: string[] | '*';
  off: string[];
  offOnly?: boolean;
}

// Sources: Istio's sidecar injector webhooks select by label (objectSelector on the pod's
// sidecar.istio.io/inject and istio.io/rev, namespaceSelector on istio-injection and
// istio.io/rev); the pod annotation is read by the injector afterwards, so it can only say no
// (istio.io docs, "Installing the sidecar", "Controlling the injection policy"). Linkerd's
// proxy injector reads the linkerd.io/inject annotation of the pod, then of its Namespace
// (linkerd.io docs, "Automatic proxy injection"). Kuma reads kuma.io/sidecar-injection as a
// label (2.x) or an annotation (older). Dapr and the Vault agent injector read annotations only.
const istioInject: Marker = { key: 'sidecar.istio.io/inject', in: 'label', on: ['true'], off: ['false'] };
const istioInjectAnnotation: Marker = { key: 'sidecar.istio.io/inject', in: 'annotation', on: ['true'], off: ['false'], offOnly: true };
const istioRev: Marker = { key: 'istio.io/rev', in: 'label', on: '*', off: [] };
/** Ambient mode: ztunnel carries the pod's traffic, no sidecar is injected. */
const istioAmbient: Marker = { key: 'istio.io/dataplane-mode', in: 'label', on: [], off: ['ambient'] };
const linkerdInject: Marker = { key: 'linkerd.io/inject', in: 'annotation', on: ['enabled', 'ingress'], off: ['disabled'] };
const kumaInject: Marker = { key: 'kuma.io/sidecar-injection', in: 'both', on: ['enabled', 'true'], off: ['disabled', 'false'] };

/**
 * Where each injector looks, first marker with a value deciding. An empty `namespace` list means
 * the injector acts only on pods that ask for it (Dapr, the Vault agent).
 */
const INJECTION: Record<MeshName, { pod: Marker[]; namespace: Marker[] }> = {
  // istio-injection wins over istio.io/rev on a Namespace, as in Istio's webhook selectors.
  istio: {
    pod: [istioInject, istioInjectAnnotation, istioAmbient, istioRev],
    namespace: [{ key: 'istio-injection', in: 'label', on: ['enabled'], off: ['disabled'] }, istioAmbient, istioRev],
  },
  linkerd: { pod: [linkerdInject], namespace: [linkerdInject] },
  kuma: { pod: [kumaInject], namespace: [kumaInject] },
  dapr: { pod: [{ key: 'dapr.io/enabled', in: 'annotation', on: ['true'], off: ['false'] }], namespace: [] },
  vault: { pod: [{ key: 'vault.hashicorp.com/agent-inject', in: 'annotation', on: ['true'], off: ['false'] }], namespace: [] },
};

/** Annotations that ask for a native sidecar, the first present one deciding (Linkerd: GA, beta, alpha). */
export const NATIVE_KEYS: Record<MeshName, string[]> = {
  istio: ['sidecar.istio.io/nativeSidecar'],
  linkerd: [
    'config.linkerd.io/proxy-enable-native-sidecar',
    'config.beta.linkerd.io/proxy-enable-native-sidecar',
    'config.alpha.linkerd.io/proxy-enable-native-sidecar',
  ],
  kuma: [], // a control-plane setting in Kuma, not a pod annotation
  dapr: ['dapr.io/enable-native-sidecar'],
  vault: [],
};

/** Linkerd's native-sidecar annotation by the first minor that reads it (newest first). */
export const LINKERD_NATIVE: [since: number, key: string][] = [
  [20, 'config.linkerd.io/proxy-enable-native-sidecar'],
  [19, 'config.beta.linkerd.io/proxy-enable-native-sidecar'],
  [15, 'config.alpha.linkerd.io/proxy-enable-native-sidecar'],
];
/**
 * Without mesh.linkerd.version: 2.19's beta key. It is the one key that gives a native proxy on
 * both 2.19 and 2.20 (where native is on by default anyway), and Linkerd's docs name it.
 */
export const DEFAULT_LINKERD_MINOR = 19;

export const ANNOTATION = {
  istioConfig: 'proxy.istio.io/config',
  istioHold: 'holdApplicationUntilProxyStarts',
  linkerdAwait: 'config.linkerd.io/proxy-await',
  linkerdShutdown: 'config.linkerd.io/proxy-admin-shutdown',
  kumaWait: 'kuma.io/wait-for-dataplane-ready',
  vaultPrePopulate: 'vault.hashicorp.com/agent-pre-populate-only',
  vaultQuit: 'vault.hashicorp.com/agent-enable-quit',
};

/**
 * Whether the injector will add its sidecar to this pod, and why we think so. `evidence`: a marker
 * in the input (on the pod template or its Namespace) asks for injection, as opposed to a
 * configured mesh with nothing in the input to say otherwise.
 */
export interface Injection {
  meshed: boolean;
  reason: string;
  evidence?: boolean;
}

export function injection(ctx: Ctx, mesh: MeshName): Injection {
  const container = profiles[mesh].containerName!;
  const inManifest = [...(ctx.w.pod.initContainers ?? []), ...(ctx.w.pod.containers ?? [])].some(
    (c) => c.name === container || specFor(c, ctx.cfg)?.profile === mesh,
  );
  // A pod that already has the sidecar (pre-injected) is handled by `sidecars`, not here.
  if (inManifest) return { meshed: false, reason: `${container} is already in the manifest` };
  if (onHostNetwork(ctx.w)) return { meshed: false, reason: 'the pod uses the host network (hostNetwork: true), which no mesh injects' };
  const namespace = ctx.w.ref.namespace ?? 'default';
  if (SYSTEM_NAMESPACES.includes(namespace) && (mesh === 'istio' || mesh === 'linkerd')) {
    return { meshed: false, reason: `${mesh}'s injector leaves the system namespace ${namespace} alone` };
  }
  const facts = INJECTION[mesh];
  const pod = readMarkers(facts.pod, podLabels(ctx), podAnnotations(ctx.w), 'the pod template');
  if (pod) return pod;
  if (facts.namespace.length === 0) {
    return { meshed: false, reason: `the pod template does not ask for ${mesh} injection (${facts.pod[0]!.key})` };
  }
  const name = ctx.w.ref.namespace ?? 'default';
  const ns = ctx.facts.namespaces.get(name);
  if (!ns) return { meshed: true, reason: `mesh.${mesh} is configured and the input has no Namespace ${name} to say otherwise` };
  const where = `Namespace ${name}`;
  return (
    readMarkers(facts.namespace, ns.labels, ns.annotations, where) ?? {
      meshed: false,
      reason: `${where} in the input does not enable ${mesh} injection`,
    }
  );
}

function readMarkers(markers: Marker[], labels: Record<string, string>, annotations: Record<string, string>, where: string): Injection | undefined {
  for (const m of markers) {
    const [kind, raw] =
      m.in !== 'annotation' && m.key in labels ? ['label', labels[m.key]] : m.in !== 'label' && m.key in annotations ? ['annotation', annotations[m.key]] : [];
    if (raw === undefined || raw === null) continue;
    const v = String(raw);
    const meshed = m.on === '*' ? v !== '' : m.on.includes(v) ? true : m.off.includes(v) ? false : undefined;
    if (meshed === undefined || (meshed && m.offOnly)) continue;
    return { meshed, reason: `${where} has ${kind} ${m.key}: ${JSON.stringify(v)}`, ...(meshed && { evidence: true }) };
  }
  return undefined;
}

function podLabels(ctx: Ctx): Record<string, string> {
  const meta = getPath(ctx.w.obj, [...ctx.w.templatePath, 'metadata']) as ObjectMeta | undefined;
  return meta?.labels ?? {};
}

/** A mesh whose sidecar this pod will get from an injector, with the settings it is handled by. */
export interface ActiveMesh<M extends MeshName = MeshName> {
  mesh: M;
  reason: string;
  settings: MeshSettings[M];
}

/**
 * The meshes whose sidecar this pod will get: the configured ones, and, with their defaults, the
 * ones the input proves will inject (a Namespace labelled for injection, a marker the injector
 * reads on the pod template) — evidence turns a mesh on unless `mesh.<name>.enabled` is false
 * (issue 14; docs/decisions.md, "Evidence turns a mesh on").
 */
export function meshesOf(ctx: Ctx): ActiveMesh[] {
  return MESHES.flatMap((mesh): ActiveMesh[] => {
    const configured = ctx.cfg.mesh[mesh];
    if (configured?.enabled === false) return [];
    const { meshed, reason, evidence } = injection(ctx, mesh);
    if (!meshed || (!configured && !evidence)) return [];
    if (configured) return [{ mesh, reason, settings: configured }];
    return [
      { mesh, reason: `${reason}, so ${mesh} is handled with its default settings (mesh.${mesh}.enabled: false turns this off)`, settings: meshDefaults[mesh] },
    ];
  });
}

/** The settings `mesh` is handled with in this pod, or undefined when it does not inject here. */
export function settingsOf<M extends MeshName>(ctx: Ctx, mesh: M): MeshSettings[M] | undefined {
  return meshesOf(ctx).find((m) => m.mesh === mesh)?.settings as MeshSettings[M] | undefined;
}

export const isTrue = (v: unknown) => String(v).toLowerCase() === 'true';

/**
 * The pod template's own answer to "native sidecar?" for a mesh's sidecar already in the manifest
 * (kube-injected): the first native key present, with its value; a per-pod choice wins over
 * `auto` (issue 14).
 */
export function nativeChoice(ctx: Ctx, profile: string): { key: string; native: boolean } | undefined {
  if (!(MESHES as readonly string[]).includes(profile)) return undefined;
  const annotations = podAnnotations(ctx.w);
  const key = NATIVE_KEYS[profile as MeshName].find((k) => annotations[k] !== undefined && annotations[k] !== null);
  return key === undefined ? undefined : { key, native: isTrue(annotations[key]) };
}

export function nativeAsked(mesh: MeshName, annotations: Record<string, string>): boolean {
  const key = NATIVE_KEYS[mesh].find((k) => annotations[k] !== undefined);
  return key !== undefined && isTrue(annotations[key]);
}

/**
 * The webhook-injected sidecars this pod will get, as its annotations stand now (call it after
 * sequenceWorkload's mesh step to see what that step asked for). For Job wrappers and rules.
 */
export function meshedSidecars(ctx: Ctx): MeshedSidecar[] {
  const annotations = podAnnotations(ctx.w);
  return meshesOf(ctx).flatMap(({ mesh, reason, settings }): MeshedSidecar[] => {
    // Pre-populate-only: the agent runs as an init container and there is no sidecar at all.
    if (mesh === 'vault' && isTrue(annotations[ANNOTATION.vaultPrePopulate])) return [];
    const p = profiles[mesh];
    const native = nativeAsked(mesh, annotations);
    const shutdown = !native && shutdownEnabled(mesh, settings, annotations) ? p.shutdown : undefined;
    // Copies: callers may adjust them without touching the shared profile.
    const readiness = p.readiness && structuredClone(p.readiness);
    return [
      { profile: mesh, container: p.containerName!, native, ...(readiness && { readiness }), ...(shutdown && { shutdown: structuredClone(shutdown) }), reason },
    ];
  });
}

/** Whether the sidecar's shutdown endpoint exists in this pod and config allows calling it. */
function shutdownEnabled(mesh: MeshName, settings: MeshSettings[MeshName], annotations: Record<string, string>): boolean {
  switch (mesh) {
    case 'istio':
      return true; // /quitquitquit is always there (Istio >= 1.3)
    case 'linkerd':
      return (settings as MeshLinkerd).shutdown === true && annotations[ANNOTATION.linkerdShutdown] === 'enabled';
    case 'dapr':
      return (settings as MeshDapr).shutdown === true;
    case 'vault':
      return (settings as MeshVault).quit === true && isTrue(annotations[ANNOTATION.vaultQuit]);
    case 'kuma':
      return false;
  }
}
