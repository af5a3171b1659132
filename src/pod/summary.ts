/**
 * What a pod has that a rule or a transform step acts on, read once per workload: the dispatchers
 * (src/check/index.ts runRules, src/sequence/index.ts transform) skip every step whose `needs`
 * the pod has none of. Most workloads have nothing to do (one app container, no sidecar, no mesh,
 * no init container): they then cost a few field reads, not a call into every rule (issue 28).
 *
 * Each flag over-approximates: it is true whenever a step that declares it could act, so a
 * skipped step is one that would have found nothing. A step that needs something not listed here
 * declares no `needs` and always runs.
 *
 * The summary is one number, a bit per flag, and a step's `needs` one mask (`maskOf`), made once
 * per step: whether a step can act is one `&`, and whether any step of a dispatcher can, one more
 * (a cold run executes this for every workload at the baseline tier: BENCHMARKS.md, issue 28).
 */
import type { Container, Workload } from '../workloads/workload.js';
import { podMetadata } from '../workloads/workload.js';
import type { PodCtx } from './context.js';
import { DEPENDENCIES_ANNOTATION } from './dependencies.js';
import { meshesOf } from './mesh.js';
import { isNativeSidecar, specFor } from './sidecars.js';

const FLAGS = {
  /** A container the config names a sidecar (src/pod/sidecars.ts specFor): regular, or a native sidecar. */
  sidecar: 1 << 0,
  /** A native sidecar: an init container with restartPolicy: Always. */
  native: 1 << 1,
  /** Any init container. */
  init: 1 << 2,
  /** A mesh injects its sidecar here (src/pod/mesh.ts meshesOf). */
  mesh: 1 << 3,
  /** A Job-like pod (runs to completion, its sidecars ended by a tool). */
  job: 1 << 4,
  /** Dependencies configured (any selector) or the dependencies annotation on the workload or its pod. */
  dependency: 1 << 5,
  /** A container, init or regular, with a lifecycle hook. */
  hook: 1 << 6,
  /** A container, init or regular, with a command or args. */
  command: 1 << 7,
  /** A container, init or regular, with volumeMounts. */
  mount: 1 << 8,
  /** The pod template has annotations. */
  annotation: 1 << 9,
  /** A regular container sets restartPolicy (the API server refuses it). */
  restartPolicy: 1 << 10,
  /** A `pod-sequencer.dev/ignore.<rule>` annotation on the workload or its pod template (runRules reads them). */
  suppression: 1 << 11,
  /** The run is `check`: what `fix` would do is found by running the transforms on a copy (check/dry-run.ts). */
  checkMode: 1 << 12,
} as const;

/** Set in every summary: the mask of a step that declares no `needs` (it always runs). */
const ALWAYS = 1 << 30;

export type Need = keyof typeof FLAGS;

/** The flags a pod has, one bit each (FLAGS). */
export type PodSummary = number;

/** The flags of `needs` as one mask; undefined (no needs): ALWAYS, which every summary has. */
export function maskOf(needs: readonly Need[] | undefined): number {
  if (needs === undefined) return ALWAYS;
  let mask = 0;
  for (const need of needs) mask |= FLAGS[need];
  return mask;
}

/** Whether a step that needs any of `needs` (none: it always runs) can act on a pod like `s`. */
export function applies(needs: readonly Need[] | undefined, s: PodSummary): boolean {
  return (maskOf(needs) & s) !== 0;
}

/** Whether the pod has `flag`. */
export function has(s: PodSummary, flag: Need): boolean {
  return (s & FLAGS[flag]) !== 0;
}

export const IGNORE_PREFIX = 'pod-sequencer.dev/ignore.';

/**
 * The summary of the pod as it is now, kept until forgetSummary: a step that changes the pod
 * reports it (docs/decisions.md, "Every change is reported"), and the transform's dispatcher
 * forgets the summary on every report, so the rules after an untouched workload's transforms read
 * the same one. Only the last workload's is kept: it is asked for by process.ts idle, then by
 * both dispatchers, each workload's in a row (a WeakMap entry per workload cost more than the
 * summary itself: issue 28); another workload's in between (a dry run's copy) is read again.
 */
export function summaryOf(ctx: PodCtx): PodSummary {
  if (ctx.w !== last) {
    kept = summarize(ctx);
    last = ctx.w;
  }
  return kept;
}

let last: Workload | undefined;
let kept: PodSummary = 0;

export function forgetSummary(w: Workload): void {
  if (w === last) last = undefined;
}

function summarize(ctx: PodCtx): PodSummary {
  const { w, cfg } = ctx;
  let s = ALWAYS | annotationFlags(w.metadata.annotations, 0) | (cfg.mode === 'check' ? FLAGS.checkMode : 0);
  if (w.jobLike) s |= FLAGS.job;
  if (cfg.dependencies.length > 0) s |= FLAGS.dependency;
  // The pod template's metadata, read once here (podAnnotations walks the path on every call).
  const meta = podMetadata(w);
  s |= annotationFlags(meta?.annotations, FLAGS.annotation);
  const init = w.pod.initContainers;
  for (let i = 0; init && i < init.length; i++) {
    const c = init[i]!;
    s |= FLAGS.init | containerFlags(c);
    if (isNativeSidecar(c)) s |= FLAGS.native | (specFor(c, cfg) ? FLAGS.sidecar : 0);
  }
  const containers = w.pod.containers;
  for (let i = 0; containers && i < containers.length; i++) {
    const c = containers[i]!;
    s |= containerFlags(c) | (specFor(c, cfg) ? FLAGS.sidecar : 0);
    if (c.restartPolicy !== undefined && c.restartPolicy !== null) s |= FLAGS.restartPolicy;
  }
  if (meshesOf(ctx, meta).length > 0) s |= FLAGS.mesh;
  return s;
}

/**
 * The dependencies annotation and suppressions among a workload's or pod template's annotations,
 * and `any` when there is an annotation at all.
 */
function annotationFlags(annotations: Record<string, unknown> | undefined, any: PodSummary): PodSummary {
  let s = 0;
  // for-in, not Object.keys: no array for each of every workload's annotations.
  for (const key in annotations) {
    s |= any;
    if (key === DEPENDENCIES_ANNOTATION && annotations[key] !== null) s |= FLAGS.dependency;
    else if (key.startsWith(IGNORE_PREFIX)) s |= FLAGS.suppression;
  }
  return s;
}

function containerFlags(c: Container): PodSummary {
  let s = 0;
  if (c.lifecycle) s |= FLAGS.hook;
  if (c.command || c.args) s |= FLAGS.command;
  if (c.volumeMounts) s |= FLAGS.mount;
  return s;
}
