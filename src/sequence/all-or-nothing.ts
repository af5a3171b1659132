/**
 * A workload that a transform cannot finish (it reported an `error`, e.g. missing-entrypoint)
 * is left exactly as it was: half of a fix (sidecars moved, but the Job still never ends) is
 * worse than none. Only the errors are reported then; other workloads are not affected.
 */
import { getPath, isObject, podField } from '../workloads/workload.js';
import { REFUSED_TEXT, refusedWrite } from '../pod/refused.js';
import type { Message } from '../krm/types.js';
import { containerAt, type Ctx } from '../pod/context.js';
import { copyValue } from '../yaml/sync.js';

/**
 * `before` gives a copy of ctx.w.obj as it is now, asked for only when the transform fails (the
 * caller may make it from the item's text then; without it a copy is taken here first). It is
 * only read, and nothing of it ends up shared with ctx.w.obj. Returns whether the transform
 * reported anything: each change it makes comes with a result (docs/decisions.md, "Every change
 * is reported"), so without one the workload is as it was.
 */
export function allOrNothing(ctx: Ctx, transform: (ctx: Ctx) => void, before?: () => Record<string, unknown>): boolean {
  const original = before ?? snapshot(ctx.w.obj);
  const held: Parameters<Ctx['report']>[] = [];
  // Each held result keeps the container its path points at now, before later steps move it.
  const hold: Ctx['report'] = (severity, message, path, rule, suppressed, container) =>
    void held.push([severity, message, path, rule, suppressed, container ?? (path !== undefined ? containerAt(ctx.w, path)?.c : undefined)]);
  transform({ ...ctx, report: hold });
  const failed = held.some(([severity]) => severity === 'error');
  const refused = !failed && held.length > 0 ? refusal(ctx, original) : undefined;
  if (failed || refused) restoreTemplate(ctx, original());
  for (const r of held) if (!(failed || refused) || r[0] === 'error') ctx.report(...r);
  if (refused) ctx.report('warning', refused.message, refused.path);
  return held.length > 0;
}

/**
 * A change the kind's controller would refuse (src/pod/refused.ts: Knative's webhook admits no
 * hooks, no container restartPolicy, no init containers by default) is no fix: the workload is
 * left as it was, with a warning that names the field. The strategies already avoid what a site
 * refuses (src/sequence/index.ts); this catches every other step (a dependency wait, a preStop).
 */
function refusal(ctx: Ctx, original: () => Record<string, unknown>): { message: Message; path: string } | undefined {
  const { w } = ctx;
  if (!w.site.refuses || w.view) return undefined;
  const before = getPath(original(), [...w.templatePath, 'spec']);
  const bad = refusedWrite(w.site, before, w.pod);
  if (!bad) return undefined;
  return {
    message: {
      summary: `left this ${w.kind} as it is: the change needs ${REFUSED_TEXT[bad.what]}, which ${w.kind} does not admit`,
      detail: `The workload catalog says what ${w.ref.apiVersion} ${w.kind}'s admission refuses (docs/workload-kinds.md). If yours admits it (Knative's kubernetes.podspec-init-containers flag, for init containers), a spec.workloadKinds line for the kind replaces the catalog's row.`,
    },
    path: podField(w, bad.where),
  };
}

/**
 * Only this workload's template (and its pod metadata) goes back: an object may hold several
 * templates (a JobSet's jobs), and the others keep what was done to them.
 */
function restoreTemplate(ctx: Ctx, source: Record<string, unknown>): void {
  const { obj, templatePath, metaPath } = ctx.w;
  for (const path of [templatePath, metaPath.slice(0, -1)]) {
    const [t, s] = [getPath(obj, path), getPath(source, path)];
    if (t && s) restore(t, s);
  }
}

function snapshot(obj: Record<string, unknown>): () => Record<string, unknown> {
  const copy = copyValue(obj);
  return () => copy;
}

/** Back to `source` in place: ctx.w.pod and podMeta() point into these objects. */
function restore(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const k of Object.keys(target)) if (!(k in source)) delete target[k];
  for (const [k, v] of Object.entries(source)) {
    const t = target[k];
    if (isObject(t) && isObject(v)) restore(t, v);
    else target[k] = copyValue(v);
  }
}
