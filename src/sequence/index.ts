/**
 * The transforms, in the order they must run for one workload. Each is a small function over
 * the plain-object workload; this file only decides which sidecars each one gets.
 */
import type { Ctx } from './context.js';
import { applyMesh } from './mesh.js';
import { makeNative } from './native.js';
import { moveSidecarsFirst } from './order.js';
import { addPostStartWaits } from './post-start.js';
import { effectiveStrategy, findSidecars, type FoundSidecar } from './sidecars.js';
import { syncTools } from './tools.js';

export function sequenceWorkload(ctx: Ctx): void {
  const sidecars = findSidecars(ctx.w.pod, ctx.cfg);
  const by = (...strategies: string[]): FoundSidecar[] =>
    sidecars.filter((s) => strategies.includes(effectiveStrategy(s.spec, ctx.cfg)));

  applyMesh(ctx);
  moveSidecarsFirst(ctx, by('first', 'postStart'));
  addPostStartWaits(ctx, by('postStart'));
  makeNative(ctx, by('native'));
  syncTools(ctx);
}
