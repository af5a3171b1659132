import { printable } from '../yaml/text.js';
import type { Result } from './types.js';

/** One readable line per result for stderr (kustomize shows only stderr, never results). */
export function formatResult(r: Result): string {
  const where = r.resourceRef ? `${r.resourceRef.kind}/${r.resourceRef.namespace ? r.resourceRef.namespace + '/' : ''}${r.resourceRef.name}` : '';
  // Config errors already start with their field path.
  const field = r.field?.path && !r.message.startsWith(r.field.path) ? ` ${r.field.path}` : '';
  const rule = r.tags?.rule ? ` [${r.tags.rule}]` : '';
  const head = [r.severity, rule.trim()].filter(Boolean).join(' ');
  return printable(`pod-sequencer: ${head}: ${where}${field}${where || field ? ': ' : ''}${r.message}`);
}

export function hasErrors(results: readonly Result[]): boolean {
  return results.some((r) => r.severity === 'error' && !isSuppressed(r));
}

/** A finding a `pod-sequencer.dev/ignore.<rule>` annotation silenced (its reason in `tags.suppressed`). */
export function isSuppressed(r: Result): boolean {
  return r.tags?.suppressed !== undefined;
}
