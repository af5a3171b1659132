/**
 * `check` is the dry run of `fix` (docs/decisions.md): the rules that need the fix's own verdict
 * run the transforms on a copy of the workload, once per workload, and read what they report.
 * This is the one place where check imports a transform (test/architecture.test.ts).
 */
import type { Result } from '../krm/types.js';
import { makeCtx, type Ctx } from '../pod/context.js';
import { sequenceWorkload } from '../sequence/index.js';
import { makeWorkload, type Workload } from '../workloads/workload.js';
import { copyValue, deepEqual } from '../yaml/sync.js';

interface Run {
  results: Result[];
  /** The workload as `fix` leaves it (a copy), if its template could be read again. */
  fixed: Workload | undefined;
  /** fix changes the workload (a decision it reports, such as keeping a sidecar classic, is no change). */
  changed: boolean;
}

const runs = new WeakMap<Ctx, Run>();

function runOf(ctx: Ctx): Run {
  let run = runs.get(ctx);
  if (run === undefined) {
    const results: Result[] = [];
    const fixed = makeWorkload(copyValue(ctx.w.obj), ctx.w.templatePath, ctx.w.site);
    // sequenceWorkload says whether a step reported; only a different object is a change.
    const changed =
      fixed !== undefined && sequenceWorkload(makeCtx({ ...ctx.cfg, mode: 'apply' }, fixed, results, ctx.facts)) && !deepEqual(fixed.obj, ctx.w.obj);
    run = { results, fixed, changed };
    runs.set(ctx, run);
  }
  return run;
}

/** The results `fix` gives this workload, the input left as it is. */
export function dryRun(ctx: Ctx): Result[] {
  return runOf(ctx).results;
}

/** The workload as `fix` would write it (a copy; the input is left as it is), if fix changes it. */
export function fixedWorkload(ctx: Ctx): Workload | undefined {
  const run = runOf(ctx);
  return run.changed ? run.fixed : undefined;
}

/** A change `fix` makes (an info result without a rule id), as opposed to a finding. */
export const isChange = (r: Result): boolean => r.severity === 'info' && r.tags?.rule === undefined && r.tags?.note === undefined;
