import { printable } from '../yaml/text.js';
import { RUN_FIX, type Message, type Result, type Severity } from './types.js';

/** A result from what a rule or transform reported: a plain string is a summary with nothing more. */
export function fromMessage(m: string | Message): Pick<Result, 'message' | 'detail' | 'fix'> {
  if (typeof m === 'string') return { message: m };
  return { message: m.summary, ...(m.detail ? { detail: m.detail } : {}), ...(m.fix ? { fix: m.fix } : {}) };
}

/**
 * The whole text of a result, for outputs with one message field (the KRM ResultList, JSON's
 * `message`, JUnit's body): the summary, then the why, then `fix: …`, one per line, so the first
 * line alone still reads (kpt prints a message as it is, line breaks included).
 */
export function fullMessage(r: Result, fix = r.fix): string {
  return [r.message, r.detail, fix ? `fix: ${fix}` : undefined].filter(Boolean).join('\n');
}

/**
 * A result as it goes into the ResourceList: the rule id after the summary (orchestrators show no
 * tags; suppressions and the rule pages are keyed by it), the why and fix on the lines below,
 * and no fields the KRM functions spec does not define. In a KRM run no file is named, so "run
 * fix on the file" is the config line that makes this function fix.
 */
export function wireResult(r: Result): Result {
  const { detail: _detail, fix, ...rest } = r;
  const rule = r.tags?.rule;
  const summary = rule ? `${r.message} [${rule}]` : r.message;
  const lines = fullMessage({ ...r, message: summary }, fix === RUN_FIX ? 'mode: apply' : fix).split('\n');
  return { ...rest, message: lines.map((l, i) => (i < lines.length - 1 ? asSentence(l) : l)).join('\n') };
}

/**
 * kpt prints a result's message on one line, its line breaks as spaces ("…restartPolicy:
 * Always) Kubernetes 1.29 or later …", issue 39), so each line but the last ends as a sentence.
 */
function asSentence(line: string): string {
  return /[.!?:;]$/.test(line) ? line : `${line}.`;
}

/**
 * One readable result for stderr (kustomize shows only stderr, never results): the summary on
 * its line, the fix indented below it.
 */
export function formatResult(r: Result): string {
  const where = r.resourceRef ? `${r.resourceRef.kind}/${r.resourceRef.namespace ? r.resourceRef.namespace + '/' : ''}${r.resourceRef.name}` : '';
  // Config errors already start with their field path.
  const field = r.field?.path && !r.message.startsWith(r.field.path) ? ` ${r.field.path}` : '';
  const rule = r.tags?.rule ? ` [${r.tags.rule}]` : '';
  const head = [r.severity, rule.trim()].filter(Boolean).join(' ');
  const line = printable(`pod-sequencer: ${head}: ${where}${field}${where || field ? ': ' : ''}${r.message}`);
  return r.fix ? `${line}\n${printable(`  fix: ${r.fix === RUN_FIX ? 'mode: apply' : r.fix}`)}` : line;
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
