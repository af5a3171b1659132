import { dryRun, isChange } from '../dry-run.js';
import { fixChangesSomething } from '../fixes.js';
import { RUN_FIX } from '../../krm/types.js';
import type { Rule } from '../rule.js';

/**
 * What `fix` would change in a workload where no other rule names a problem: pod-sequencer's own
 * waits and wrappers out of date with the config (a dependency's budget changed, a wrapper no
 * longer needed once the sidecar is native), or an injected mesh's settings (hold, native) not
 * yet asked for. It makes `check` the dry run of `fix` (docs/decisions.md): every item `fix`
 * changes is reported, each change with the message `fix` gives it.
 */
export const pendingChange: Rule = {
  id: 'pending-change',
  severity: 'info',
  // Only `check` runs the fix on a copy to see what it would say.
  needs: ['checkMode'],
  summary:
    '`fix` would change this workload (its own waits or wrappers are out of date, or an injected mesh lacks a setting) though no other rule names a problem',
  check(ctx, report, prior) {
    // A decision fix reports on every run (a sidecar kept classic) is no change: fix is idempotent.
    if (ctx.cfg.mode !== 'check' || prior > 0 || !fixChangesSomething(ctx)) return;
    for (const r of dryRun(ctx).filter(isChange)) report({ summary: `fix would have ${r.message}`, detail: r.detail, fix: RUN_FIX }, r.field?.path ?? '');
  },
};
