/** Findings of `check` (and `fix`) as text lines, JSON, or SARIF 2.1.0 for code-scanning UIs. */
import { isAbsolute, sep } from 'node:path';
import { isSuppressed } from '../krm/results.js';
import { printable } from '../yaml/text.js';
import { pathToFileURL } from 'node:url';
import type { Severity } from '../krm/types.js';
import type { Finding, Note } from '../files/read.js';
import { rules } from './index.js';

export const FORMATS = ['text', 'json', 'sarif'] as const;
export type Format = (typeof FORMATS)[number];

/** `path:line:col: severity [rule] message`, the shape editors and CI logs link. */
export function findingLine(f: Finding): string {
  const rule = f.result.tags?.rule ? ` [${f.result.tags.rule}]` : '';
  return printable(`${f.path}:${f.line}:${f.col}: ${f.result.severity}${rule} ${f.result.message}`);
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

export function formatText(findings: readonly Finding[], files: number): string {
  return [...shown(findings).map(findingLine), summaryLine(findings, files)].join('\n') + '\n';
}

export function formatJson(findings: readonly Finding[], notes: readonly Note[], files: number): string {
  const row = (f: Finding) => ({
    path: f.path,
    line: f.line,
    column: f.col,
    severity: f.result.severity,
    rule: f.result.tags?.rule,
    message: f.result.message,
    resource: f.result.resourceRef,
    field: f.result.field?.path,
  });
  const out = {
    findings: shown(findings).map(row),
    suppressed: findings
      .filter((f) => isSuppressed(f.result))
      .map((f) => ({ ...row(f), suppression: { kind: 'annotation', reason: f.result.tags!.suppressed } })),
    notes,
    summary: { files, ...counts(findings) },
  };
  return JSON.stringify(out, null, 2) + '\n';
}

const LEVEL: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'note' };

/**
 * SARIF 2.1.0 (OASIS), in the subset GitHub code scanning reads: relative URIs against
 * %SRCROOT% (the directory the tool ran in), 1-based lines and UTF-16 columns, every rule in
 * the driver so the UI can show its summary.
 */
export function formatSarif(findings: readonly Finding[], notes: readonly Note[], version: string): string {
  const ids = rules.map((r) => r.id as string);
  const location = (path: string, line?: number, col?: number) => ({
    physicalLocation: {
      artifactLocation: artifact(path),
      ...(line ? { region: { startLine: line, startColumn: col ?? 1 } } : {}),
    },
  });
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'pod-sequencer',
            version,
            rules: rules.map((r) => ({ id: r.id, shortDescription: { text: r.summary }, defaultConfiguration: { level: LEVEL[r.severity] } })),
          },
        },
        columnKind: 'utf16CodeUnits',
        results: findings.map((f) => {
          const rule = f.result.tags?.rule;
          const ref = f.result.resourceRef;
          return {
            ...(rule ? { ruleId: rule, ...(ids.includes(rule) ? { ruleIndex: ids.indexOf(rule) } : {}) } : {}),
            level: LEVEL[f.result.severity],
            message: { text: f.result.message },
            ...(isSuppressed(f.result) ? { suppressions: [{ kind: 'inSource', justification: f.result.tags!.suppressed }] } : {}),
            locations: [
              {
                ...location(f.path, f.line, f.col),
                ...(ref
                  ? {
                      logicalLocations: [
                        { name: ref.name, kind: 'object', fullyQualifiedName: [ref.apiVersion, ref.kind, ref.namespace, ref.name].filter(Boolean).join('/') },
                      ],
                    }
                  : {}),
              },
            ],
          };
        }),
        invocations: [
          {
            executionSuccessful: true,
            toolExecutionNotifications: notes.map((n) => ({ level: 'note', message: { text: n.message }, locations: [location(n.path, n.line, n.col)] })),
          },
        ],
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}

function artifact(path: string): { uri: string; uriBaseId?: string } {
  if (isAbsolute(path)) return { uri: pathToFileURL(path).href };
  return { uri: path.split(sep).map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
}
