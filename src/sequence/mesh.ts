/**
 * Meshes injected at admission (`spec.mesh`): their sidecars are not in the manifests, so the
 * only lever is the pod template's annotations, which ask each injector for the behaviour we
 * want (hold the app, native sidecar, a shutdown endpoint for Jobs). The injectors' facts are
 * data below (docs/sidecars.md, "Meshes injected at admission", and each project's docs); the code decides which pods they apply to.
 *
 * Policy: an annotation the pod template already has wins over the config (it is the user's
 * per-pod choice); we only add missing ones. A contrary value that lets the app start before
 * its proxy is worth a warning; other contrary values are respected silently.
 */
import { linkerdMinorOf } from '../config/spec.js';
import type { Check, Config, Shutdown } from '../config/types.js';
import { profiles } from '../profiles/index.js';
import { getPath, type ObjectMeta, podAnnotations, podMetaField } from '../workloads/workload.js';
import { onHostNetwork, SYSTEM_NAMESPACES } from '../pod/host.js';
import type { Ctx } from './context.js';
import { mergeField } from './embedded-config.js';
import { minorVersion, NATIVE_SIDECARS_SINCE, specFor } from '../pod/sidecars.js';

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
const NATIVE_KEYS: Record<MeshName, string[]> = {
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
const LINKERD_NATIVE: [since: number, key: string][] = [
  [20, 'config.linkerd.io/proxy-enable-native-sidecar'],
  [19, 'config.beta.linkerd.io/proxy-enable-native-sidecar'],
  [15, 'config.alpha.linkerd.io/proxy-enable-native-sidecar'],
];
/**
 * Without mesh.linkerd.version: 2.19's beta key. It is the one key that gives a native proxy on
 * both 2.19 and 2.20 (where native is on by default anyway), and Linkerd's docs name it.
 */
export const DEFAULT_LINKERD_MINOR = 19;

const ANNOTATION = {
  istioConfig: 'proxy.istio.io/config',
  istioHold: 'holdApplicationUntilProxyStarts',
  linkerdAwait: 'config.linkerd.io/proxy-await',
  linkerdShutdown: 'config.linkerd.io/proxy-admin-shutdown',
  kumaWait: 'kuma.io/wait-for-dataplane-ready',
  vaultPrePopulate: 'vault.hashicorp.com/agent-pre-populate-only',
  vaultQuit: 'vault.hashicorp.com/agent-enable-quit',
};

/** Whether the injector will add its sidecar to this pod, and why we think so. */
export function injection(ctx: Ctx, mesh: MeshName): { meshed: boolean; reason: string } {
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

function readMarkers(
  markers: Marker[],
  labels: Record<string, string>,
  annotations: Record<string, string>,
  where: string,
): { meshed: boolean; reason: string } | undefined {
  for (const m of markers) {
    const [kind, raw] =
      m.in !== 'annotation' && m.key in labels ? ['label', labels[m.key]] : m.in !== 'label' && m.key in annotations ? ['annotation', annotations[m.key]] : [];
    if (raw === undefined || raw === null) continue;
    const v = String(raw);
    const meshed = m.on === '*' ? v !== '' : m.on.includes(v) ? true : m.off.includes(v) ? false : undefined;
    if (meshed === undefined || (meshed && m.offOnly)) continue;
    return { meshed, reason: `${where} has ${kind} ${m.key}: ${JSON.stringify(v)}` };
  }
  return undefined;
}

function podLabels(ctx: Ctx): Record<string, string> {
  const meta = getPath(ctx.w.obj, [...ctx.w.templatePath, 'metadata']) as ObjectMeta | undefined;
  return meta?.labels ?? {};
}

/** The configured meshes whose sidecar this pod will get from an injector. */
function meshesOf(ctx: Ctx): { mesh: MeshName; reason: string }[] {
  return MESHES.filter((m) => ctx.cfg.mesh[m] !== undefined).flatMap((mesh) => {
    const { meshed, reason } = injection(ctx, mesh);
    return meshed ? [{ mesh, reason }] : [];
  });
}

const isTrue = (v: unknown) => String(v).toLowerCase() === 'true';

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

function nativeAsked(mesh: MeshName, annotations: Record<string, string>): boolean {
  const key = NATIVE_KEYS[mesh].find((k) => annotations[k] !== undefined);
  return key !== undefined && isTrue(annotations[key]);
}

/**
 * The webhook-injected sidecars this pod will get, as its annotations stand now (call it after
 * sequenceWorkload's mesh step to see what that step asked for). For Job wrappers and rules.
 */
export function meshedSidecars(ctx: Ctx): MeshedSidecar[] {
  const annotations = podAnnotations(ctx.w);
  return meshesOf(ctx).flatMap(({ mesh, reason }): MeshedSidecar[] => {
    // Pre-populate-only: the agent runs as an init container and there is no sidecar at all.
    if (mesh === 'vault' && isTrue(annotations[ANNOTATION.vaultPrePopulate])) return [];
    const p = profiles[mesh];
    const native = nativeAsked(mesh, annotations);
    const shutdown = !native && shutdownEnabled(ctx.cfg, mesh, annotations) ? p.shutdown : undefined;
    // Copies: callers may adjust them without touching the shared profile.
    const readiness = p.readiness && structuredClone(p.readiness);
    return [
      { profile: mesh, container: p.containerName!, native, ...(readiness && { readiness }), ...(shutdown && { shutdown: structuredClone(shutdown) }), reason },
    ];
  });
}

/** Whether the sidecar's shutdown endpoint exists in this pod and config allows calling it. */
function shutdownEnabled(cfg: Config, mesh: MeshName, annotations: Record<string, string>): boolean {
  switch (mesh) {
    case 'istio':
      return true; // /quitquitquit is always there (Istio >= 1.3)
    case 'linkerd':
      return cfg.mesh.linkerd?.shutdown === true && annotations[ANNOTATION.linkerdShutdown] === 'enabled';
    case 'dapr':
      return cfg.mesh.dapr?.shutdown === true;
    case 'vault':
      return cfg.mesh.vault?.quit === true && isTrue(annotations[ANNOTATION.vaultQuit]);
    case 'kuma':
      return false;
  }
}

/** One annotation the config asks for. `field`: a key inside a YAML/JSON annotation value. */
interface Want {
  key: string;
  value: string;
  field?: string;
  why: string;
  /** Holds the app until the proxy is ready: a contrary value the user set is worth a warning. */
  holds?: boolean;
}

/** mesh.<m>.native -> "true", "false", or nothing (auto without a kubernetesVersion: the mesh's own default). */
function nativeWant(ctx: Ctx, mesh: MeshName, native: 'auto' | boolean | undefined, key: string | undefined): Want | undefined {
  if (!key) return undefined;
  const container = profiles[mesh].containerName!;
  if (native === true || native === false) {
    const as = native ? 'a native' : 'a classic';
    return { key, value: String(native), why: `so ${container} is injected as ${as} sidecar: mesh.${mesh}.native is ${native}` };
  }
  // Below 1.29 no injector can give a native sidecar: leave the key off rather than write "false" everywhere.
  const minor = minorVersion(ctx.cfg);
  if (minor === undefined || minor < NATIVE_SIDECARS_SINCE) return undefined;
  return { key, value: 'true', why: `so ${container} is injected as a native sidecar: Kubernetes ${ctx.cfg.kubernetesVersion} runs native sidecars` };
}

function linkerdNativeKey(cfg: Config): string | undefined {
  const minor = linkerdMinorOf(cfg.mesh.linkerd?.version) ?? DEFAULT_LINKERD_MINOR;
  return LINKERD_NATIVE.find(([since]) => minor >= since)?.[1];
}

/**
 * The annotations one mesh needs. A generator: each is applied before the next is computed,
 * so later ones see what earlier ones (or the user) decided, e.g. no shutdown for a native proxy.
 */
function* wants(ctx: Ctx, mesh: MeshName): Generator<Want | undefined> {
  const { cfg, w } = ctx;
  const container = profiles[mesh].containerName!;
  const hold = `so the app starts only once ${container} is ready`;
  const now = () => podAnnotations(w);
  // Ending sidecars is for Job-like pods with classic sidecars, and only under jobs.terminateSidecars.
  const endsJob = () => w.jobLike && cfg.jobs.terminateSidecars && !nativeAsked(mesh, now());
  switch (mesh) {
    case 'istio': {
      const m = cfg.mesh.istio!;
      yield nativeWant(ctx, mesh, m.native, NATIVE_KEYS.istio[0]);
      if (m.hold) yield { key: ANNOTATION.istioConfig, field: ANNOTATION.istioHold, value: 'true', why: hold, holds: true };
      break;
    }
    case 'linkerd': {
      const m = cfg.mesh.linkerd!;
      yield nativeWant(ctx, mesh, m.native, linkerdNativeKey(cfg));
      if (m.await) yield { key: ANNOTATION.linkerdAwait, value: 'enabled', why: hold, holds: true };
      if (m.shutdown && endsJob()) {
        yield {
          key: ANNOTATION.linkerdShutdown,
          value: 'enabled',
          why: `so a Job wrapper can shut ${container} down when the work ends (the endpoint is off by default since Linkerd 2.16)`,
        };
      }
      break;
    }
    case 'kuma':
      if (cfg.mesh.kuma!.waitReady) yield { key: ANNOTATION.kumaWait, value: 'true', why: hold, holds: true };
      break;
    case 'dapr':
      // Dapr adds no startupProbe to a native daprd: it ends with a Job's work but does not hold the app.
      if (cfg.mesh.dapr!.native) yield nativeWant(ctx, mesh, true, NATIVE_KEYS.dapr[0]);
      break;
    case 'vault': {
      const m = cfg.mesh.vault!;
      if (!w.jobLike) break;
      if (m.prePopulateOnly) {
        yield { key: ANNOTATION.vaultPrePopulate, value: 'true', why: `so the pod gets only the agent's init container and no ${container} sidecar to end` };
      }
      // The user's "false" on pre-populate-only leaves a sidecar, which then needs its quit endpoint.
      if (m.quit && endsJob() && !isTrue(now()[ANNOTATION.vaultPrePopulate])) {
        yield { key: ANNOTATION.vaultQuit, value: 'true', why: `so a Job wrapper can shut ${container} down when the work ends (POST /agent/v1/quit)` };
      }
      break;
    }
  }
}

/** The mesh step of sequenceWorkload: add the annotations each injecting mesh needs. */
export function applyMesh(ctx: Ctx): void {
  for (const { mesh, reason } of meshesOf(ctx)) {
    const because = `(${profiles[mesh].containerName} is injected here: ${reason})`;
    for (const want of wants(ctx, mesh)) if (want) apply(ctx, mesh, want, because);
  }
}

function apply(ctx: Ctx, mesh: MeshName, want: Want, because: string): void {
  const current = podAnnotations(ctx.w)[want.key];
  const path = annotationPath(ctx, want.key);
  if (want.field) {
    const merged = mergeField(current === undefined ? undefined : String(current), want.field, want.value === 'true');
    if (merged.kind === 'set') {
      set(ctx, want.key, merged.text);
      const what = `${want.field}: ${want.value}`;
      const how = current === undefined ? `added annotation ${want.key} with ${what}` : `added ${what} to annotation ${want.key} (its other settings kept)`;
      ctx.report('info', `${how} ${want.why} ${because}`, path);
    } else if (merged.kind === 'unreadable') {
      ctx.report(
        'warning',
        `left annotation ${want.key} as is: it is not a YAML or JSON map (${merged.why}), so ${want.field}: ${want.value} could not be merged into it`,
        path,
      );
    } else if (merged.kind === 'other') {
      contrary(ctx, mesh, want, `${want.key} ${want.field}: ${JSON.stringify(merged.current)}`, path);
    }
    return;
  }
  if (current === undefined || current === null) {
    set(ctx, want.key, want.value);
    ctx.report('info', `added annotation ${want.key}: ${JSON.stringify(want.value)} ${want.why} ${because}`, path);
  } else if (String(current).toLowerCase() !== want.value) {
    contrary(ctx, mesh, want, `${want.key}: ${JSON.stringify(String(current))}`, path);
  }
}

/** The user's per-pod value wins; say so only when it lets the app start before its proxy. */
function contrary(ctx: Ctx, mesh: MeshName, want: Want, what: string, path: string): void {
  if (!want.holds || nativeAsked(mesh, podAnnotations(ctx.w))) return;
  const container = profiles[mesh].containerName!;
  ctx.report(
    'warning',
    `left ${what} as is (a per-pod setting wins over mesh.${mesh}), so the app may start before ${container} is ready; remove it to let pod-sequencer set ${want.field ?? want.key} to ${want.value}`,
    path,
  );
}

function set(ctx: Ctx, key: string, value: string): void {
  (ctx.w.podMeta().annotations ??= {})[key] = value;
}

/** `spec.template.metadata.annotations["proxy.istio.io/config"]`: annotation keys hold dots. */
function annotationPath(ctx: Ctx, key: string): string {
  return `${podMetaField(ctx.w, 'annotations')}[${JSON.stringify(key)}]`;
}
