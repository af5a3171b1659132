/**
 * Meshes injected at admission, as pod facts: whether an injector will add its sidecar to this
 * pod (the markers each injector really reads, where it reads them), whether it will be native,
 * and what a Job wrapper waits on and calls to end it. The transforms that set annotations are in
 * src/sequence/mesh.ts; check rules and explain read these facts without importing a transform
 * (docs/architecture.md).
 */
import { meshDefaults } from '../config/resolve.js';
import type { Check, Config, MeshConsul, MeshDapr, MeshLinkerd, MeshSettings, MeshVault, Shutdown } from '../config/types.js';
import { profileAt, profiles, tableOf, type MeshName } from '../profiles/index.js';
import { configuredRelease } from './release.js';
import { factAt } from '../profiles/versions.js';
import { perServiceNames, portsUp, withPodSettings } from './ports.js';
import type { Marker, SwitchName } from '../profiles/types.js';
import { podAnnotations, podLabels, podMetadata } from '../workloads/workload.js';
import { onHostNetwork, SYSTEM_NAMESPACES } from './host.js';
import type { Ctx, PodCtx } from './context.js';
import { minorVersion, specFor } from './sidecars.js';
import { minorOf } from '../config/spec.js';

/** The meshes `spec.mesh` can name, in the order they are handled and listed. */
export const MESHES = ['istio', 'linkerd', 'kuma', 'dapr', 'vault', 'consul'] as const satisfies readonly MeshName[];
export type { MeshName };

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
 * Where each injector looks, first marker with a value deciding (the vendor tables' injection
 * rows). An empty `namespace` list means the injector acts only on pods that ask for it (Dapr,
 * the Vault agent).
 */
const INJECTION = Object.fromEntries(
  MESHES.map((m) => {
    const rows = (tableOf(m).injection ?? []).map((r) => r.value);
    return [m, { pod: rows.filter((r) => r.at === 'pod'), namespace: rows.filter((r) => r.at === 'namespace') }];
  }),
) as Record<MeshName, { pod: Marker[]; namespace: Marker[] }>;

/** Annotations that ask for a native sidecar, the first present one deciding (Linkerd: GA, beta, alpha): every release's. */
export const NATIVE_KEYS = Object.fromEntries(MESHES.map((m) => [m, profiles[m].nativeKeys])) as Record<MeshName, string[]>;

/** The annotation a mesh's switch is written to (src/profiles/*.ts `switches`). */
function switchKey(mesh: MeshName, name: SwitchName): { key: string; field?: string } {
  const row = tableOf(mesh).switches?.find((r) => r.value.name === name);
  if (!row) throw new Error(`no ${name} switch in the ${mesh} table`);
  return row.value;
}

export const ANNOTATION = {
  istioConfig: switchKey('istio', 'hold').key,
  istioHold: switchKey('istio', 'hold').field!,
  linkerdAwait: switchKey('linkerd', 'await').key,
  linkerdShutdown: switchKey('linkerd', 'shutdown').key,
  kumaWait: switchKey('kuma', 'waitReady').key,
  vaultPrePopulate: switchKey('vault', 'prePopulateOnly').key,
  vaultQuit: switchKey('vault', 'quit').key,
  consulLifecycle: switchKey('consul', 'shutdown').key,
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

export function injection(ctx: PodCtx, mesh: MeshName): Injection {
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
  const pod = readMarkers(facts.pod, podLabels(ctx.w), podAnnotations(ctx.w), 'the pod template');
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

/** Whether the pod template or its Namespace holds any key the mesh's injector reads (whatever its value). */
function anyMarker(ctx: PodCtx, mesh: MeshName, onPod: ReadonlySet<MeshName> | undefined): boolean {
  if (onPod?.has(mesh)) return true;
  const facts = INJECTION[mesh];
  const ns = facts.namespace.length > 0 ? ctx.facts.namespaces.get(ctx.w.ref.namespace ?? 'default') : undefined;
  return ns !== undefined && facts.namespace.some((m) => m.key in ns.labels || m.key in ns.annotations);
}

/** Each pod-marker key (label or annotation) -> the meshes whose injector reads it. */
const POD_MARKER_KEYS = new Map<string, MeshName[]>();
for (const mesh of MESHES) for (const m of INJECTION[mesh].pod) POD_MARKER_KEYS.set(m.key, [...(POD_MARKER_KEYS.get(m.key) ?? []), mesh]);

/**
 * The meshes with a marker key on the pod template: one look at each of its labels and
 * annotations, which are few. Undefined when there is none (most pods: no set made).
 */
function markedOnPod(labels: Record<string, string> | undefined, annotations: Record<string, string> | undefined): Set<MeshName> | undefined {
  let out: Set<MeshName> | undefined;
  for (const key in labels) out = addMarked(out, key);
  for (const key in annotations) out = addMarked(out, key);
  return out;
}

function addMarked(out: Set<MeshName> | undefined, key: string): Set<MeshName> | undefined {
  const meshes = POD_MARKER_KEYS.get(key);
  if (meshes) for (const mesh of meshes) (out ??= new Set()).add(mesh);
  return out;
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
 * (issue 14; docs/decisions.md, "Evidence turns a mesh on"). `meta`: the pod template's metadata,
 * when the caller has it.
 */
export function meshesOf(ctx: PodCtx, meta = podMetadata(ctx.w)): ActiveMesh[] {
  const onPod = markedOnPod(meta?.labels, meta?.annotations);
  // No mesh configured, no marker on the pod, no Namespace in the input to hold one: no mesh
  // injects (most pods; the summary asks for every workload: issue 28).
  if (onPod === undefined && !hasKeys(ctx.cfg.mesh) && !ctx.facts.namespaces.has(ctx.w.ref.namespace ?? 'default')) return [];
  // A loop, not flatMap: asked several times for every workload, and most have no mesh.
  const out: ActiveMesh[] = [];
  for (const mesh of MESHES) {
    const configured = ctx.cfg.mesh[mesh];
    if (configured?.enabled === false) continue;
    // Unconfigured, a mesh is on only with evidence, which is a marker: none, no need to ask more.
    if (!configured && !anyMarker(ctx, mesh, onPod)) continue;
    const { meshed, reason, evidence } = injection(ctx, mesh);
    if (!meshed || (!configured && !evidence)) continue;
    if (configured) out.push({ mesh, reason, settings: configured });
    else
      out.push({
        mesh,
        reason: `${reason}, so ${mesh} is handled with its default settings (mesh.${mesh}.enabled: false turns this off)`,
        settings: meshDefaults[mesh],
      });
  }
  return out;
}

function hasKeys(o: object): boolean {
  for (const _ in o) return true;
  return false;
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
  const key = nativeKeyIn(profile as MeshName, annotations);
  return key === undefined ? undefined : { key, native: isTrue(annotations[key]) };
}

/**
 * The injector's own default, when it makes this pod's sidecar native with no annotation (Kuma
 * 2.14+ on Kubernetes 1.29+): the release and Kubernetes version that say so. Undefined when
 * either is unknown or below: the conservative path, a classic sidecar (job-sidecar-blocks-completion
 * then names the setting: nativeDefaultUnknown).
 */
export function nativeByDefault(ctx: Ctx, mesh: MeshName): { release: string; kubernetes: string } | undefined {
  const release = configuredRelease(ctx.cfg, mesh);
  const row = profileAt(mesh, release).nativeByDefault;
  const minor = minorVersion(ctx.cfg);
  if (!row || release === undefined || minor === undefined || minor < minorOf(row.kubernetes)!) return undefined;
  return { release, kubernetes: ctx.cfg.kubernetesVersion! };
}

/**
 * Whether some release of the mesh makes its sidecar native by default on this pod's Kubernetes,
 * but the configured release is unknown: the releases from which it does, for a result naming the
 * conservative choice; undefined otherwise.
 */
export function nativeDefaultUnknown(ctx: Ctx, mesh: MeshName): { since: string; kubernetes: string } | undefined {
  if (configuredRelease(ctx.cfg, mesh) !== undefined || nativeChoice(ctx, mesh)) return undefined;
  const row = tableOf(mesh).nativeByDefault?.[0];
  const minor = minorVersion(ctx.cfg);
  if (!row?.since || minor === undefined || minor < minorOf(row.value.kubernetes)!) return undefined;
  return { since: row.since, kubernetes: row.value.kubernetes };
}

/**
 * The mesh's native key these annotations set (the first of the table's `nativeKeys` with a
 * value): the one the injector reads, what nativeChoice and nativeAsked judge and a result about
 * the native sidecar points at. A null value (`key:` with nothing) is no value, as the mesh step
 * writes over it.
 */
export function nativeKeyIn(mesh: MeshName, annotations: Record<string, string>): string | undefined {
  return NATIVE_KEYS[mesh].find((k) => annotations[k] !== undefined && annotations[k] !== null);
}

/** The annotations ask for the mesh's sidecar native (nativeKeyIn says "true"). */
export function nativeAsked(mesh: MeshName, annotations: Record<string, string>): boolean {
  const key = nativeKeyIn(mesh, annotations);
  return key !== undefined && isTrue(annotations[key]);
}

/**
 * The pod asks for a native proxy on a configured release known to read that key, so the
 * injector drops a hold (Istio's `$holdProxy := and (hold) (not $nativeSidecar)`). With the
 * release unset an older one may ignore the key and need the hold: the mesh step writes it then,
 * and istio-hold-ignored-native says nothing about it.
 */
export function nativeDecides(ctx: PodCtx, mesh: MeshName): boolean {
  const version = configuredRelease(ctx.cfg, mesh);
  return version !== undefined && factAt(tableOf(mesh).nativeKeys, version) !== undefined && nativeAsked(mesh, podAnnotations(ctx.w));
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
    const release = configuredRelease(ctx.cfg, mesh);
    const p = profileAt(mesh, release);
    const native = nativeChoice(ctx, mesh)?.native ?? nativeByDefault(ctx, mesh) !== undefined;
    const shutdown = !native && shutdownEnabled(ctx.cfg, mesh, settings, annotations) ? p.shutdown : undefined;
    const urls = withPodSettings({ readiness: p.readiness, shutdown }, mesh, release, annotations);
    const one = (container: string, u: typeof urls): MeshedSidecar => ({
      profile: mesh,
      container,
      native,
      // Copies: callers may adjust them without touching the shared profile.
      ...(u.readiness && { readiness: structuredClone(u.readiness) }),
      ...(u.shutdown && { shutdown: structuredClone(u.shutdown) }),
      reason,
    });
    const services = perServiceNames(mesh, release, annotations);
    if (services.length === 0) return [one(p.containerName!, urls)];
    return services.map((svc, i) => one(`${p.containerName!}-${svc}`, portsUp(urls, i)));
  });
}

/** Whether the sidecar's shutdown endpoint exists in this pod and config allows calling it. */
function shutdownEnabled(cfg: Config, mesh: MeshName, settings: MeshSettings[MeshName], annotations: Record<string, string>): boolean {
  switch (mesh) {
    case 'istio':
      return true; // /quitquitquit is always there (Istio >= 1.3)
    case 'linkerd': {
      // Off by default from 2.16 (the switch's annotation turns it on); always on in 2.15.
      const on = profileAt(mesh, configuredRelease(cfg, mesh)).shutdownSwitch?.annotations?.[ANNOTATION.linkerdShutdown];
      return (settings as MeshLinkerd).shutdown === true && (on === undefined || annotations[ANNOTATION.linkerdShutdown] === on);
    }
    case 'consul':
      // The chart's lifecycle default may be off: only the pod's annotation says the endpoint is there.
      return (settings as MeshConsul).shutdown === true && isTrue(annotations[ANNOTATION.consulLifecycle]);
    case 'dapr':
      return (settings as MeshDapr).shutdown === true;
    case 'vault':
      return (settings as MeshVault).quit === true && isTrue(annotations[ANNOTATION.vaultQuit]);
    case 'kuma':
      return false;
  }
}
