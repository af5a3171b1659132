/**
 * How a pod stops, as its spec says (pod facts for rules, explain and the stop-order transform):
 * the grace period, what each container's preStop hook does, how long each classic sidecar
 * stays up once the pod starts terminating, and how long the app may still need it.
 *
 * On deletion the kubelet runs every container's preStop hook at once, sends each container
 * SIGTERM when its own hook returns, and SIGKILL when the grace period is over. A classic
 * sidecar therefore stops on its own clock, not after the app; a native sidecar gets SIGTERM
 * only once every app container has exited (docs/sidecars.md, "How a pod stops").
 */
import { parse } from 'yaml';
import type { Ctx } from './context.js';
import { endsItsSidecars, hookArgvs, leadingSleep, showArgv, type Word } from './commands.js';
import { ANNOTATION, meshedSidecars, type MeshName } from './mesh.js';
import { findSidecars } from './sidecars.js';
import { appContainers } from './apps.js';
import { podAnnotations, podField, podMetaField, type Container, type Workload } from '../workloads/workload.js';

/** The Kubernetes default of `terminationGracePeriodSeconds`. */
export const DEFAULT_GRACE_SECONDS = 30;

/**
 * What a sidecar keeps for itself once it gets SIGTERM: the stop-order fix sizes a sidecar's stay
 * to the grace period less this, so it still exits on SIGTERM (not SIGKILL) when the app is slow.
 */
export const EXIT_MARGIN_SECONDS = 5;

/** Istio's default ProxyConfig.terminationDrainDuration (istio/istio@1.28.0:pkg/config/mesh/mesh.go). */
export const ISTIO_DEFAULT_DRAIN_SECONDS = 5;

/** Where the drain settings of each mesh live (docs/sidecars.md, "How a pod stops"). */
export const DRAIN = {
  /** A field of `proxy.istio.io/config` (istio/istio@1.28.0:pkg/envoy/agent.go drains this long after SIGTERM). */
  istioField: 'terminationDrainDuration',
  /** Linkerd renders it as a `preStop: /bin/sleep N` on linkerd-proxy (linkerd/linkerd2@version-2.20:charts/partials/templates/_proxy.tpl). */
  linkerdKey: 'config.alpha.linkerd.io/proxy-wait-before-exit-seconds',
};

export function gracePeriod(w: Workload): number {
  const g = Number(w.pod.terminationGracePeriodSeconds ?? DEFAULT_GRACE_SECONDS);
  return Number.isFinite(g) && g >= 0 ? g : DEFAULT_GRACE_SECONDS;
}

/** A preStop that only waits: the `sleep` action, or `sleep N` first in its exec command. `field`: from the container. */
export function preStopSleep(c: Container): { seconds: number; field: string } | undefined {
  const hook = c.lifecycle?.preStop;
  const action = hook?.sleep as { seconds?: unknown } | undefined;
  if (action && Number.isFinite(Number(action.seconds))) return { seconds: Number(action.seconds), field: 'lifecycle.preStop.sleep.seconds' };
  const argv = preStopArgv(c);
  const delay = argv && leadingSleep(argv);
  return delay ? { seconds: delay.seconds, field: delay.at.field } : undefined;
}

function preStopArgv(c: Container): Word[] | undefined {
  return hookArgvs(c).find((argv) => argv[0]?.field.startsWith('lifecycle.preStop.'));
}

/**
 * A preStop that ends the container's own service right away: a call to a quit or shutdown
 * endpoint (Envoy's and Istio's `/quitquitquit`, Linkerd's `/shutdown`, Dapr's
 * `/v1.0/shutdown`, the Vault agent's `/agent/v1/quit`), Envoy's `/drain_listeners` (which
 * closes the listeners), `linkerd-await --shutdown`, or a kill. Istio's own native preStop
 * (`pilot-agent request POST drain`) is not one: Envoy keeps serving while it drains, as
 * KEP-753 intends (docs/decisions.md, "How pods stop").
 */
const ENDS = /\/quitquitquit\b|\/shutdown\b|\/agent\/v1\/quit\b|\/drain_listeners\b|--shutdown\b|(?:^|[\s;&|(`/])(?:p?kill(?:all)?)\s/;

export function preStopEnds(c: Container): { what: string; field: string } | undefined {
  const hook = c.lifecycle?.preStop;
  const path = hook?.httpGet?.path;
  if (typeof path === 'string' && ENDS.test(path)) return { what: `GET ${path}`, field: 'lifecycle.preStop.httpGet.path' };
  const argv = preStopArgv(c);
  if (!argv) return undefined;
  const hit = argv.find((w) => ENDS.test(` ${w.text}`));
  return hit ? { what: showArgv(argv), field: hit.field } : undefined;
}

/** The app's preStop ends a sidecar (a quit call, a kill of its process): read as a Job's own quit call is. */
function preStopEndsASidecar(c: Container): boolean {
  const cmd = c.lifecycle?.preStop?.exec?.command;
  return Array.isArray(cmd) && endsItsSidecars({ name: c.name, command: cmd.map(String) });
}

/** A classic sidecar (in the manifest, or one a mesh webhook will inject) and how long it stays up. */
export interface Stay {
  name: string;
  /** `manifest`: in the pod spec; otherwise the mesh whose webhook injects it. */
  from: 'manifest' | MeshName;
  /** Seconds from the start of termination until it stops serving. */
  seconds: number;
  /** Why, for messages: "Istio's default terminationDrainDuration of 5s after SIGTERM". */
  why: string;
  /** Where a fix goes: the container, or the pod template annotation. */
  fieldPath: string;
  /** The container, for a sidecar in the manifest. */
  c?: Container;
  /** Its profile (`istio`, `cloud-sql-proxy`, ...), for a sidecar in the manifest. */
  profile?: string;
}

/** How long the app may still use its sidecars once termination starts, and why we think so. */
export interface AppNeed {
  seconds: number;
  why: string;
}

/**
 * What the app needs, when its spec shows that it drains: an app container with a preStop hook.
 * A preStop that sleeps N s keeps the app serving (while endpoints update) until SIGTERM at N s,
 * so its sidecars must outlast N; any other preStop (a drain command) may run until the grace
 * period ends, so they must stay until the grace period less the exit margin. Without a preStop
 * nothing says the app drains, and nothing is asked of the sidecars. An app whose preStop ends a
 * sidecar itself (a quit call, a kill) orders its own stop: trusted, as for Jobs.
 */
export function appNeed(ctx: Ctx): AppNeed | undefined {
  // Only a preStop hook makes an app need time (most pods have none): no need to find the apps.
  if (!(ctx.w.pod.containers ?? []).some((c) => c.lifecycle?.preStop)) return undefined;
  const grace = gracePeriod(ctx.w);
  const apps = appContainers(ctx.w, ctx.cfg);
  if (apps.some(({ c }) => preStopEndsASidecar(c))) return undefined;
  let best: AppNeed | undefined;
  for (const { c } of apps) {
    if (!c.lifecycle?.preStop) continue;
    const sleep = preStopSleep(c);
    const need: AppNeed = sleep
      ? { seconds: Math.min(sleep.seconds + 1, grace - 1), why: `app container ${c.name}'s preStop sleeps ${sleep.seconds}s before it gets SIGTERM and drains` }
      : { seconds: grace - EXIT_MARGIN_SECONDS, why: `app container ${c.name} has a preStop hook and may drain until the ${grace}s grace period ends` };
    if (need.seconds > 0 && (!best || need.seconds > best.seconds)) best = need;
  }
  return best;
}

/**
 * How long the stop-order fix keeps a classic sidecar up: the grace period less the exit margin,
 * or just past the app's longest preStop sleep when that is longer (never the whole grace period:
 * the sidecar must still get its SIGTERM before SIGKILL).
 */
export function stayTarget(ctx: Ctx, need: AppNeed): number {
  const grace = gracePeriod(ctx.w);
  return Math.min(Math.max(grace - EXIT_MARGIN_SECONDS, need.seconds), grace - 1);
}

/** The classic sidecars of a long-running pod and how long each stays up. Native ones stop after the app. */
export function classicStays(ctx: Ctx): Stay[] {
  if (ctx.w.jobLike) return [];
  const containers = ctx.w.pod.containers ?? [];
  const out: Stay[] = [];
  for (const s of findSidecars(ctx.w, ctx.cfg, ctx.facts)) {
    if (s.native) continue;
    const index = containers.findIndex((c) => c.name === s.name);
    const c = containers[index]!;
    const sleep = preStopSleep(c)?.seconds ?? 0;
    const drain = s.spec.profile === 'istio' ? istioDrain(ctx) : undefined;
    const seconds = sleep + (drain?.seconds ?? 0);
    const why = [sleep > 0 ? `its preStop sleeps ${sleep}s` : 'no preStop hook', ...(drain ? [drain.why] : [])].join(', then ');
    out.push({ name: s.name, from: 'manifest', seconds, why, fieldPath: podField(ctx.w, 'containers', index), c, profile: s.spec.profile });
  }
  for (const m of meshedSidecars(ctx)) {
    if (m.native) continue;
    const stay = meshStay(ctx, m.profile);
    const key = m.profile === 'istio' ? ANNOTATION.istioConfig : DRAIN.linkerdKey;
    if (stay) out.push({ name: m.container, from: m.profile, ...stay, fieldPath: annotationPath(ctx.w, key) });
  }
  return out;
}

/** Istio's and Linkerd's injected proxies: how long they stay, from the pod template's annotations. */
function meshStay(ctx: Ctx, mesh: MeshName): { seconds: number; why: string } | undefined {
  if (mesh === 'istio') return istioDrain(ctx);
  if (mesh !== 'linkerd') return undefined; // no per-pod drain setting we can read or set
  const raw = podAnnotations(ctx.w)[DRAIN.linkerdKey];
  const n = Number(raw);
  if (raw === undefined || !Number.isInteger(n) || n < 0) return { seconds: 0, why: `Linkerd's proxy exits on SIGTERM, and ${DRAIN.linkerdKey} is not set` };
  return { seconds: n, why: `${DRAIN.linkerdKey}: "${String(raw)}"` };
}

/** `terminationDrainDuration` from `proxy.istio.io/config`, else Istio's default. */
export function istioDrain(ctx: Ctx): { seconds: number; why: string } {
  const value = istioConfig(ctx)[DRAIN.istioField];
  const seconds = value === undefined ? undefined : durationSeconds(value);
  if (seconds === undefined)
    return { seconds: ISTIO_DEFAULT_DRAIN_SECONDS, why: `Istio's default ${DRAIN.istioField} of ${ISTIO_DEFAULT_DRAIN_SECONDS}s after SIGTERM` };
  return { seconds, why: `${DRAIN.istioField}: ${String(value)} in ${ANNOTATION.istioConfig}` };
}

/** The pod template's `proxy.istio.io/config` as a map; {} when absent or unreadable. */
export function istioConfig(ctx: Ctx): Record<string, unknown> {
  const raw = podAnnotations(ctx.w)[ANNOTATION.istioConfig];
  if (raw === undefined || raw === null) return {};
  try {
    const v: unknown = parse(String(raw));
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A protobuf Duration in its JSON form, as Istio reads `proxy.istio.io/config`: "30s", "1.5s" (the `s` is required). */
function durationSeconds(v: unknown): number | undefined {
  const m = /^(\d+(?:\.\d+)?)s$/.exec(String(v).trim());
  return m ? Number(m[1]) : undefined;
}

/** `spec.template.metadata.annotations["proxy.istio.io/config"]`: annotation keys hold dots. */
function annotationPath(w: Workload, key: string): string {
  return `${podMetaField(w, 'annotations')}[${JSON.stringify(key)}]`;
}

/** The classic sidecars that stop before the app is done, with what the app needs. */
export function sidecarsStoppingEarly(ctx: Ctx): { need: AppNeed; early: Stay[] } | undefined {
  const need = appNeed(ctx);
  if (!need) return undefined;
  const early = classicStays(ctx).filter((s) => s.seconds < need.seconds);
  return early.length > 0 ? { need, early } : undefined;
}
