/**
 * `check` is the dry run of `fix` (docs/decisions.md): the rules that need the fix's own verdict
 * run the transforms on a copy of the workload, once per workload, and read what they report.
 * This is the one place where check imports a transform (test/architecture.test.ts).
 */
import type { Result } from '../krm/types.js';
import { makeCtx, type Ctx } from '../pod/context.js';
import { sequenceWorkload } from '../sequence/index.js';
import { makeWorkload } from '../workloads/workload.js';
import { copyValue } from '../yaml/sync.js';

const runs = new WeakMap<Ctx, Result[]>();

/** The results `fix` gives this workload, the input left as it is. */
export function dryRun(ctx: Ctx): Result[] {
  let results = runs.get(ctx);
  if (results === undefined) {
    results = [];
    const w = makeWorkload(copyValue(ctx.w.obj), ctx.w.templatePath, ctx.w.site);
    if (w) sequenceWorkload(makeCtx({ ...ctx.cfg, mode: 'apply' }, w, results, ctx.facts));
    runs.set(ctx, results);
  }
  return results;
}

/** A change `fix` makes (an info result without a rule id), as opposed to a finding. */
export const isChange = (r: Result): boolean => r.severity === 'info' && r.tags?.rule === undefined;
