/**
 * A pod's dependencies as facts (`spec.dependencies` and the `pod-sequencer.dev/dependencies`
 * annotation): which it waits for, which it must not (its own Service), and which classic mesh
 * proxies capture its traffic before they are up. The waits themselves are written by
 * src/sequence/dependencies.ts.
 */
import { dependencyDefaults, dependencyHost } from '../config/dependencies.js';
import { dependencyName, parseDependencyUrl } from '../config/index.js';
import type { Dependency } from '../config/types.js';
import { profiles } from '../profiles/index.js';
import { matches } from '../workloads/select.js';
import { podAnnotations, podField, podLabels, podMetaField, type Container } from '../workloads/workload.js';
import type { Ctx } from './context.js';
import { meshedSidecars, MESHES, type MeshName } from './mesh.js';
import { resolvesClusterNames } from './host.js';
import { specFor } from './sidecars.js';
import { appContainers } from './apps.js';
import { scriptsRun, scriptWaitingFor } from './scripts.js';
import { parseDependencyWait } from '../shell/index.js';
import { awaitedBy, handWrittenWaits, WAIT_PREFIX } from './waits.js';

export const DEPENDENCIES_ANNOTATION = 'pod-sequencer.dev/dependencies';
/** Init containers one workload may get for its dependencies. */
export const MAX_DEPENDENCIES = 50;

export { isWaitContainer, WAIT_PREFIX } from './waits.js';

type Target = { http?: string; tcp?: string; dns?: string };
export const sameTarget = (a: Target, b: Target): boolean => a.http === b.http && a.tcp === b.tcp && a.dns === b.dns;

/** "GET http://db/health", "TCP db:5432", "DNS db". */
export function describeTarget(t: Target): string {
  return t.http !== undefined ? `GET ${t.http}` : t.tcp !== undefined ? `TCP ${t.tcp}` : `DNS ${t.dns}`;
}

/** Annotation values may hold newlines; results are one line each. */
export const oneLine = (s: string): string => s.replace(/[\x00-\x1f\x7f]/g, (c) => JSON.stringify(c).slice(1, -1));

export interface AnnotationProblem {
  text: string;
  path: string;
  /** Not an error but a dependency left out (the workload's own Service, a name the pod cannot resolve): a warning. */
  self?: boolean;
}

/**
 * The dependencies this workload waits for: the configured ones whose selector matches it, then
 * the annotation's (workload first, then pod template), skipping targets already listed. Names
 * derived from annotation hosts avoid the configured names.
 */
export function dependenciesOf(ctx: Ctx): { deps: Dependency[]; problems: AnnotationProblem[]; handled?: HandledDependency[] } {
  const w = ctx.w;
  const deps = ctx.cfg.dependencies.filter((d) => !d.selector || matches(d.selector, w));
  // Most workloads: nothing configured for them, no annotation. Nothing below can add one.
  const none = (a: Record<string, unknown> | undefined) => a?.[DEPENDENCIES_ANNOTATION] === undefined || a[DEPENDENCIES_ANNOTATION] === null;
  if (deps.length === 0 && none(w.metadata.annotations) && none(podAnnotations(w))) return { deps, problems: [] };
  const taken = new Set(deps.map((d) => d.name));
  const problems: AnnotationProblem[] = [];
  const sources: [Record<string, unknown> | undefined, string][] = [[w.metadata.annotations, 'metadata.annotations']];
  // A bare Pod is its own template: read its annotations once.
  if (w.metaPath.length > 1) sources.push([podAnnotations(w), podMetaField(w, 'annotations')]);
  for (const [annotations, at] of sources) {
    const value = annotations?.[DEPENDENCIES_ANNOTATION];
    if (value === undefined || value === null) continue;
    const path = `${at}[${JSON.stringify(DEPENDENCIES_ANNOTATION)}]`;
    for (const url of String(value)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const parsed = parseDependencyUrl(url);
      if (typeof parsed === 'string') problems.push({ text: oneLine(parsed), path });
      else if (!deps.some((d) => sameTarget(d, parsed))) {
        deps.push({ name: dependencyName(dependencyHost(parsed), taken), ...parsed, ...dependencyDefaults });
      }
    }
  }
  // Bounded: each dependency is an init container; thousands in an annotation (74 KB of text)
  // would become megabytes of manifest (issue 20).
  if (deps.length > MAX_DEPENDENCIES) {
    problems.push({
      text: `${deps.length} dependencies for one workload, more than the ${MAX_DEPENDENCIES} pod-sequencer writes init containers for; list the ones the app needs at start`,
      path: `${w.metadata.annotations?.[DEPENDENCIES_ANNOTATION] !== undefined ? 'metadata.annotations' : podMetaField(w, 'annotations')}[${JSON.stringify(DEPENDENCIES_ANNOTATION)}]`,
    });
    return { deps: [], problems };
  }
  // On the host network, cluster names resolve only with ClusterFirstWithHostNet: a wait for one
  // would never end.
  if (!resolvesClusterNames(w)) {
    const cluster = deps.filter((d) => isClusterName(dependencyHost(d)));
    for (const d of cluster) {
      problems.push({
        text: `dependency ${d.name} (${describeTarget(d)}) names a cluster Service, which this hostNetwork pod cannot resolve (dnsPolicy is not ClusterFirstWithHostNet), so no wait is added`,
        path: podField(w, 'hostNetwork'),
        self: true,
      });
    }
    deps.splice(0, deps.length, ...deps.filter((d) => !cluster.includes(d)));
  }
  // No workload waits for itself: a dependency on its own Service is dropped, with a warning
  // that `check` and the filter both give.
  const own = deps.map((d) => ownService(ctx, dependencyHost(d)));
  own.forEach((service, i) => {
    if (!service) return;
    const d = deps[i]!;
    problems.push({
      text: `dependency ${d.name} (${describeTarget(d)}) is this workload's own Service ${service}: a pod that waits for itself never starts, so no wait is added`,
      path: podField(w, 'initContainers'),
      self: true,
    });
  });
  // A dependency the pod's own init container already loops on (Kong's wait-for-postgres) is handled.
  // One whose seq-wait an earlier run added stays ours (a rerun changes nothing).
  const waits = handWrittenWaits(w);
  const ours = (d: Dependency) => (w.pod.initContainers ?? []).some((c) => c.name === WAIT_PREFIX + d.name);
  const kept = deps.filter((d, i) => !own[i] && (ours(d) || !awaitedBy(d, waits)));
  const handled = awaitedByScripts(ctx, kept);
  return { deps: kept.filter((d) => !handled.some((h) => h.dep === d)), problems, ...(handled.length > 0 && { handled }) };
}

/** A dependency an app's own script already waits for, and that script (`ConfigMap db-init key init.sh`). */
export interface HandledDependency {
  dep: Dependency;
  from: string;
}

/**
 * Dependencies an app container's script already waits for (src/pod/scripts.ts scriptWaitingFor:
 * a loop on `nc -z db 5432`, `pg_isready`, `until curl …`): no `seq-wait-*` is added for them
 * (issue 27). One pod-sequencer already wrote stays ours, and is kept up to date.
 */
function awaitedByScripts(ctx: Ctx, deps: Dependency[]): HandledDependency[] {
  if (deps.length === 0) return [];
  const ours = (ctx.w.pod.initContainers ?? []).flatMap((c) => parseDependencyWait((c.command ?? []).map(String))?.dep ?? []);
  const scripts = appContainers(ctx.w, ctx.cfg).flatMap((a) => scriptsRun(ctx.w, a.c, ctx.facts));
  if (scripts.length === 0) return [];
  return deps.flatMap((dep) => {
    if (ours.some((o) => sameTarget(o, dep))) return [];
    const s = scriptWaitingFor(scripts, dep);
    return s ? [{ dep, from: s.from }] : [];
  });
}

/**
 * Reads the workload's dependencies before any transform runs. A bad annotation value is an
 * error, and the whole workload is left as it is (undefined), as for any config error.
 */
export function readDependencies(ctx: Ctx): Dependency[] | undefined {
  const { deps, problems } = dependenciesOf(ctx);
  const bad = problems.filter((p) => !p.self);
  for (const p of problems) {
    if (p.self) ctx.report('warning', p.text, p.path);
    else ctx.report('error', `annotation ${DEPENDENCIES_ANNOTATION}: ${p.text}; fix or remove it (this workload is left unchanged until then)`, p.path);
  }
  return bad.length > 0 ? undefined : deps;
}

/**
 * The Service in the input that `host` names (`svc`, `svc.ns`, `svc.ns.svc[.cluster.local]`) if
 * it selects this workload's own pods: waiting for it would deadlock.
 */
function ownService(ctx: Ctx, host: string): string | undefined {
  const ns = ctx.w.ref.namespace ?? 'default';
  const [name, hostNs = ns, svc, ...rest] = host.toLowerCase().split('.');
  if ((svc !== undefined && svc !== 'svc') || (rest.length > 0 && rest.join('.') !== 'cluster.local')) return undefined;
  const labels = podLabels(ctx.w);
  const s = ctx.facts.services
    .all()
    .find((x) => x.name === name && x.namespace === hostNs && hostNs === ns && Object.entries(x.selector).every(([k, v]) => labels[k] === v));
  return s && `${s.namespace}/${s.name}`;
}

/** A name only cluster DNS answers: one label (`db`) or a Service name (`db.ns.svc…`). */
function isClusterName(host: string): boolean {
  return host !== '' && !/^[\d.]+$|^\[|:/.test(host) && (!host.includes('.') || /\.svc(\.|$)/.test(host));
}

/**
 * Meshes that capture the pod's traffic from the start: those whose table has a proxy UID, whose
 * traffic is not captured (Istio 1337, Linkerd 2102, Kuma 5678; docs/profiles.md).
 */
const CAPTURING: MeshName[] = MESHES.filter((m) => profiles[m].proxyUid !== undefined);

/** A proxy that captures the pod's traffic: init containers that run before it is up cannot reach the network. */
export interface Captor {
  container: string;
  uid: number;
  why: string;
}

const uidOf = (mesh: MeshName): number => profiles[mesh].proxyUid!;

/**
 * The classic (non-native) proxies of capturing meshes this pod has or will get from an injector:
 * they start after every init container, yet the mesh captures traffic from the start.
 */
export function classicCaptors(ctx: Ctx): Captor[] {
  const out: Captor[] = [];
  for (const s of meshedSidecars(ctx)) {
    if (!s.native && CAPTURING.includes(s.profile)) {
      out.push({ container: s.container, uid: uidOf(s.profile), why: `${s.container} is injected as a classic sidecar (${s.reason})` });
    }
  }
  for (const c of ctx.w.pod.containers ?? []) {
    const mesh = captorMesh(ctx, c);
    if (mesh && !out.some((o) => o.uid === uidOf(mesh))) {
      out.push({ container: c.name, uid: uidOf(mesh), why: `${c.name} is a classic sidecar in the manifest` });
    }
  }
  return out;
}

/** The init containers that set the capture up (istio-init, istio-validation, linkerd-init, ...). */
export const captureSetup = CAPTURING.flatMap((m) => profiles[m].initAfter);

/** The capturing mesh a container in the manifest is the proxy of, by its usual name or the config. */
export function captorMesh(ctx: Ctx, c: Container): MeshName | undefined {
  const profile = specFor(c, ctx.cfg)?.profile;
  return CAPTURING.find((m) => c.name === profiles[m].containerName || profile === m);
}
