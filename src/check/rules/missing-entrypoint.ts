import { dryRun } from '../dry-run.js';
import type { Rule } from '../rule.js';

/**
 * In apply mode the wrap step itself reports this (and leaves the workload unchanged). In check
 * mode the fix runs on a copy, so the finding is exactly what `fix` would stop on.
 */
export const missingEntrypoint: Rule = {
  id: 'missing-entrypoint',
  severity: 'error',
  // Only `check` runs the fix on a copy to see what it would say.
  needs: ['checkMode'],
  summary: 'container must be wrapped but has no `command` and no configured entrypoint',
  check(ctx, report) {
    if (ctx.cfg.mode !== 'check') return;
    for (const r of dryRun(ctx)) if (r.tags?.rule === 'missing-entrypoint') report({ summary: r.message, detail: r.detail, fix: r.fix }, r.field?.path ?? '');
  },
};
