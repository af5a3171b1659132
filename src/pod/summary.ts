/**
 * What a pod has that a rule or a transform step acts on, read once per workload: the dispatchers
 * (src/check/index.ts runRules, src/sequence/index.ts transform) skip every step whose `needs`
 * the pod has none of. Most workloads have nothing to do (one app container, no sidecar, no mesh,
 * no init container): they then cost a few field reads, not a call into every rule (issue 28).
 *
 * Each flag over-approximates: it is true whenever a step that declares it could act, so a
 * skipped step is one that would have found nothing. A step that needs something not listed here
 * declares no `needs` and always runs.
 */
import type { Container, Workload } from '../workloads/workload.js';
import { podAnnotations } from '../workloads/workload.js';
import type { Ctx } from './context.js';
import { DEPENDENCIES_ANNOTATION } from './dependencies.js';
import { meshesOf } from './mesh.js';
import { isNativeSidecar, specFor } from './sidecars.js';

export interface PodSummary {
  /** A container the config names a sidecar (src/pod/sidecars.ts specFor): regular, or a native sidecar. */
  sidecar: boolean;
  /** A native sidecar: an init container with restartPolicy: Always. */
  native: boolean;
  /** Any init container. */
  init: boolean;
  /** A mesh injects its sidecar here (src/pod/mesh.ts meshesOf). */
  mesh: boolean;
  /** A Job-like pod (runs to completion, its sidecars ended by a tool). */
  job: boolean;
  /** Dependencies configured (any selector) or the dependencies annotation on the workload or its pod. */
  dependency: boolean;
  /** A container, init or regular, with a lifecycle hook. */
  hook: boolean;
  /** A container, init or regular, with a command or args. */
  command: boolean;
  /** A container, init or regular, with volumeMounts. */
  mount: boolean;
  /** The pod template has annotations. */
  annotation: boolean;
  /** A regular container sets restartPolicy (the API server refuses it). */
  restartPolicy: boolean;
}

export type Need = keyof PodSummary;

/** Whether a step that needs any of `needs` (none: it always runs) can act on a pod like `s`. */
export function applies(needs: readonly Need[] | undefined, s: PodSummary): boolean {
  if (needs === undefined) return true;
  for (let i = 0; i < needs.length; i++) if (s[needs[i]!]) return true;
  return false;
}

const summaries = new WeakMap<Workload, PodSummary>();

/**
 * The summary of the pod as it is now. Kept per workload until forgetSummary: a step that changes
 * the pod reports it (docs/decisions.md, "Every change is reported"), and the transform's
 * dispatcher forgets the summary on every report, so the rules after an untouched workload's
 * transforms read the same one.
 */
export function summaryOf(ctx: Ctx): PodSummary {
  let s = summaries.get(ctx.w);
  if (!s) summaries.set(ctx.w, (s = summarize(ctx)));
  return s;
}

export function forgetSummary(w: Workload): void {
  summaries.delete(w);
}

function summarize(ctx: Ctx): PodSummary {
  const { w, cfg } = ctx;
  const s: PodSummary = {
    sidecar: false,
    native: false,
    init: false,
    mesh: meshesOf(ctx).length > 0,
    job: w.jobLike,
    dependency: cfg.dependencies.length > 0 || hasKey(w.metadata.annotations, DEPENDENCIES_ANNOTATION),
    hook: false,
    command: false,
    mount: false,
    annotation: false,
    restartPolicy: false,
  };
  const annotations = podAnnotations(w);
  for (const key in annotations) {
    s.annotation = true;
    if (key === DEPENDENCIES_ANNOTATION && annotations[key] !== null) s.dependency = true;
  }
  const init = w.pod.initContainers ?? [];
  s.init = init.length > 0;
  for (let i = 0; i < init.length; i++) {
    const c = init[i]!;
    containerFacts(s, c);
    if (!isNativeSidecar(c)) continue;
    s.native = true;
    if (specFor(c, cfg)) s.sidecar = true;
  }
  const containers = w.pod.containers ?? [];
  for (let i = 0; i < containers.length; i++) {
    const c = containers[i]!;
    containerFacts(s, c);
    if (c.restartPolicy !== undefined && c.restartPolicy !== null) s.restartPolicy = true;
    if (specFor(c, cfg)) s.sidecar = true;
  }
  return s;
}

function containerFacts(s: PodSummary, c: Container): void {
  if (c.lifecycle) s.hook = true;
  if (c.command || c.args) s.command = true;
  if (c.volumeMounts) s.mount = true;
}

function hasKey(annotations: Record<string, unknown> | undefined, key: string): boolean {
  return annotations?.[key] !== undefined && annotations[key] !== null;
}
