/** Findings of `check` (and `fix`) as text lines and JSON; SARIF and JUnit are in sarif.ts and junit.ts. */
import { fullMessage, isSuppressed } from '../krm/results.js';
import { printable } from '../yaml/text.js';
import type { Severity } from '../krm/types.js';
import type { Finding, Note } from '../files/read.js';

export const FORMATS = ['text', 'json', 'sarif', 'junit'] as const;
export type Format = (typeof FORMATS)[number];

/** ANSI colours of the severity word in text output (only with --color, or auto on a TTY). */
const COLOR: Record<Severity, string> = { error: '\x1b[1;31m', warning: '\x1b[33m', info: '\x1b[36m' };
const RESET = '\x1b[0m';

export interface TextOptions {
  color?: boolean;
  /** `--verbose`: the why under each finding too (docs/decisions.md, "Short messages"). */
  verbose?: boolean;
}

/**
 * `path:line:col: severity [rule] summary`, the shape editors and CI logs link, then indented
 * below it `why: …` (verbose only) and `fix: …`. With `color` the severity is coloured; the rest
 * is made printable first, so a manifest's own escape sequences never reach the terminal.
 */
export function findingLine(f: Finding, opts: TextOptions = {}): string {
  const rule = f.result.tags?.rule ? ` [${f.result.tags.rule}]` : '';
  const sev = f.result.severity;
  const line = printable(`${f.path}:${f.line}:${f.col}: ${sev}${rule} ${f.result.message}`);
  const at = printable(`${f.path}:${f.line}:${f.col}: `).length;
  const head = opts.color ? `${line.slice(0, at)}${COLOR[sev]}${line.slice(at, at + sev.length)}${RESET}${line.slice(at + sev.length)}` : line;
  return [head, ...detailLines(f.result, opts.verbose)].join('\n');
}

/** The indented lines under a finding's first line: `why: …` when asked for, `fix: …` where there is one. */
export function detailLines(r: Finding['result'], verbose = false): string[] {
  return [...(verbose && r.detail ? [`  why: ${r.detail}`] : []), ...(r.fix ? [`  fix: ${r.fix}`] : [])].map(printable);
}

/** How a suppressed finding was suppressed: by an annotation in the manifest, or by the baseline file. */
export function suppressionOf(f: Finding): { kind: 'annotation' | 'baseline'; reason: string } | undefined {
  const reason = f.result.tags?.suppressed;
  if (reason === undefined) return undefined;
  return { kind: f.result.tags?.suppressedBy === 'baseline' ? 'baseline' : 'annotation', reason };
}

export function noteLine(n: Note): string {
  return printable(`${n.path}${n.line ? `:${n.line}:${n.col}` : ''}: note: ${n.message}`);
}

/** Severities of the findings that count (suppressed ones do not). */
export function counts(findings: readonly Finding[]): Record<Severity, number> {
  const c: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) if (!isSuppressed(f.result)) c[f.result.severity]++;
  return c;
}

const shown = (findings: readonly Finding[]) => findings.filter((f) => !isSuppressed(f.result));

const plural = (n: number, word: string) => `${n} ${word}${n === 1 || word === 'info' ? '' : 's'}`;

export function summaryLine(findings: readonly Finding[], files: number): string {
  const c = counts(findings);
  const quiet = findings.length - shown(findings).length;
  const found = shown(findings).length === 0 ? 'no findings' : `${plural(c.error, 'error')}, ${plural(c.warning, 'warning')}, ${plural(c.info, 'info')}`;
  return `${plural(files, 'file')} checked: ${found}${quiet ? `; ${quiet} suppressed` : ''}`;
}

export function formatText(findings: readonly Finding[], files: number, opts: TextOptions = {}): string {
  return [...shown(findings).map((f) => findingLine(f, opts)), summaryLine(findings, files)].join('\n') + '\n';
}

export function formatJson(findings: readonly Finding[], notes: readonly Note[], files: number): string {
  const row = (f: Finding) => ({
    path: f.path,
    line: f.line,
    column: f.col,
    severity: f.result.severity,
    rule: f.result.tags?.rule,
    // The whole text, as in the ResourceList; its parts beside it (issue 31).
    message: fullMessage(f.result),
    summary: f.result.message,
    ...(f.result.detail ? { detail: f.result.detail } : {}),
    ...(f.result.fix ? { fix: f.result.fix } : {}),
    resource: f.result.resourceRef,
    field: f.result.field?.path,
  });
  const out = {
    findings: shown(findings).map(row),
    suppressed: findings.filter((f) => isSuppressed(f.result)).map((f) => ({ ...row(f), suppression: suppressionOf(f) })),
    notes,
    summary: { files, ...counts(findings) },
  };
  return JSON.stringify(out, null, 2) + '\n';
}
