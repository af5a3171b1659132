/**
 * SARIF 2.1.0 (OASIS) as GitHub code scanning reads it (docs/integrations.md, "GitHub code
 * scanning"): every rule in the driver with its descriptions and help (its whole page); per result its
 * ruleIndex, a region at the field's line and column, and a fingerprint that does not depend on
 * the line, so an alert survives edits above it. URIs are relative to the repository root and
 * carry no uriBaseId, which code scanning resolves against the checkout.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isSuppressed } from '../krm/results.js';
import type { Severity } from '../krm/types.js';
import type { RuleLevel } from '../config/types.js';
import type { Finding, Note } from '../files/read.js';
import { fingerprint } from './baseline.js';
import { ruleInfos } from './index.js';
import { ruleDocs } from './rule-docs.generated.js';
import { suppressionOf } from './report.js';

const LEVEL: Record<Severity | 'off', string> = { error: 'error', warning: 'warning', info: 'note', off: 'none' };

export interface SarifOptions {
  version: string;
  /** spec.rules: each rule's defaultConfiguration follows the config. */
  rules?: Partial<Record<string, RuleLevel>>;
  /** The repository root (URIs are relative to it) and the working directory (paths are relative to it). */
  root: string;
  cwd: string;
}

export function formatSarif(findings: readonly Finding[], notes: readonly Note[], opts: SarifOptions): string {
  const ids = ruleInfos.map((r) => r.id as string);
  const location = (path: string, line?: number, col?: number) => ({
    physicalLocation: {
      artifactLocation: artifact(path, opts),
      ...(line ? { region: { startLine: line, startColumn: col ?? 1 } } : {}),
    },
  });
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'pod-sequencer', version: opts.version, rules: ruleInfos.map((r) => driverRule(r, opts)) } },
        columnKind: 'utf16CodeUnits',
        results: findings.map((f) => {
          const rule = f.result.tags?.rule;
          const ref = f.result.resourceRef;
          const print = fingerprint(f, opts.cwd);
          const suppression = suppressionOf(f);
          return {
            ...(rule ? { ruleId: rule, ...(ids.includes(rule) ? { ruleIndex: ids.indexOf(rule) } : {}) } : {}),
            level: LEVEL[f.result.severity],
            message: message(f),
            ...(f.result.fix ? { properties: { fix: f.result.fix } } : {}),
            ...(isSuppressed(f.result) && suppression
              ? { suppressions: [{ kind: suppression.kind === 'baseline' ? 'external' : 'inSource', justification: suppression.reason }] }
              : {}),
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
            ...(print ? { partialFingerprints: { 'podSequencerFinding/v1': print } } : {}),
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

/**
 * The summary as `text` (what code scanning lists); where there is more, `markdown` (SARIF 2.1.0,
 * section 3.11.4, the message object: shown instead of text where a viewer renders Markdown)
 * adds the why and the fix as code. SARIF's own `fixes` are edits to files, not a command to
 * run, so the fix also goes in the result's property bag.
 */
function message(f: Finding): { text: string; markdown?: string } {
  const r = f.result;
  if (!r.detail && !r.fix) return { text: r.message };
  const fix = r.fix ? `Fix: ${codeSpan(r.fix)}` : undefined;
  return { text: r.message, markdown: [escapeMarkdown(r.message), r.detail && escapeMarkdown(r.detail), fix].filter(Boolean).join('\n\n') };
}

/** Markdown's backslash escapes for the characters that would otherwise format text from a manifest. */
const escapeMarkdown = (s: string) => s.replace(/[\\`*_{}[\]()#+!<>|~-]/g, '\\$&');

/** A code span that holds any backticks inside it (CommonMark: a longer fence). */
function codeSpan(s: string): string {
  const longest = Math.max(0, ...(s.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence} ${s} ${fence}`;
}

function driverRule(r: (typeof ruleInfos)[number], opts: SarifOptions) {
  const doc = ruleDocs[r.id];
  const level = opts.rules?.[r.id] ?? r.severity;
  return {
    id: r.id,
    name: r.id,
    shortDescription: { text: r.summary },
    fullDescription: { text: doc?.description ?? r.summary },
    // The whole rule page (docs/rules/<id>.md), shown in the alert. No helpUri: the project has no
    // published home yet, and a link that answers 404 is worse than none (docs/decisions.md).
    help: { text: doc?.help ?? r.summary, markdown: doc?.help ?? r.summary },
    defaultConfiguration: { level: LEVEL[level], ...(level === 'off' ? { enabled: false } : {}) },
  };
}

/** A path relative to the repository root (`/`-separated, each part percent-encoded); a file URI outside it. */
function artifact(path: string, opts: SarifOptions): { uri: string } {
  if (path.startsWith('<')) return { uri: encodeURIComponent(path) }; // <stdin> without --stdin-filename
  const abs = resolve(opts.cwd, path);
  const rel = relative(opts.root, abs);
  if (rel.startsWith('..') || isAbsolute(rel)) return { uri: pathToFileURL(abs).href };
  return { uri: rel.split(sep).map(encodeURIComponent).join('/') };
}
