/**
 * A workload that a transform cannot finish (it reported an `error`, e.g. missing-entrypoint)
 * is left exactly as it was: half of a fix (sidecars moved, but the Job still never ends) is
 * worse than none. Only the errors are reported then; other workloads are not affected.
 */
import { isObject } from '../workloads/workload.js';
import type { Ctx } from '../pod/context.js';

/**
 * `before` is a copy of ctx.w.obj as it is now (made here when not given); it is only read, and
 * nothing of it ends up shared with ctx.w.obj.
 */
export function allOrNothing(ctx: Ctx, transform: (ctx: Ctx) => void, before: Record<string, unknown> = structuredClone(ctx.w.obj)): void {
  const held: Parameters<Ctx['report']>[] = [];
  transform({ ...ctx, report: (...r) => void held.push(r) });
  const failed = held.some(([severity]) => severity === 'error');
  if (failed) restore(ctx.w.obj, before);
  for (const r of held) if (!failed || r[0] === 'error') ctx.report(...r);
}

/** Back to `source` in place: ctx.w.pod and podMeta() point into these objects. */
function restore(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const k of Object.keys(target)) if (!(k in source)) delete target[k];
  for (const [k, v] of Object.entries(source)) {
    const t = target[k];
    if (isObject(t) && isObject(v)) restore(t, v);
    else target[k] = typeof v === 'object' && v !== null ? structuredClone(v) : v;
  }
}
