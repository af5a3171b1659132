import { printable } from '../yaml/text.js';
import type { Result, Severity } from './types.js';

/** One readable line per result for stderr (kustomize shows only stderr, never results). */
export function formatResult(r: Result): string {
  const where = r.resourceRef ? `${r.resourceRef.kind}/${r.resourceRef.namespace ? r.resourceRef.namespace + '/' : ''}${r.resourceRef.name}` : '';
  // Config errors already start with their field path.
  const field = r.field?.path && !r.message.startsWith(r.field.path) ? ` ${r.field.path}` : '';
  const rule = r.tags?.rule ? ` [${r.tags.rule}]` : '';
  const head = [r.severity, rule.trim()].filter(Boolean).join(' ');
  return printable(`pod-sequencer: ${head}: ${where}${field}${where || field ? ': ' : ''}${r.message}`);
}

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

/** A severity at or above the threshold (`none`: nothing is). */
export function atOrAbove(severity: Severity, level: Severity | 'none'): boolean {
  return level !== 'none' && RANK[severity] >= RANK[level];
}

/**
 * Whether a run exits 1 at threshold `level` (`--fail-on`, `spec.check.failOn`): an unsuppressed
 * finding at or above it. A change the function made (an untagged info result) is not a
 * finding; an untagged warning or error (a workload left unchanged, a bad annotation) is.
 */
export function failsOn(results: readonly Result[], level: Severity | 'none'): boolean {
  return results.some((r) => !isSuppressed(r) && atOrAbove(r.severity, level) && (r.tags?.rule !== undefined || r.severity !== 'info'));
}

/** A finding a `pod-sequencer.dev/ignore.<rule>` annotation silenced (its reason in `tags.suppressed`). */
export function isSuppressed(r: Result): boolean {
  return r.tags?.suppressed !== undefined;
}
