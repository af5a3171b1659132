/**
 * The baseline of a repository that already has findings (issue 18): `check --write-baseline
 * FILE` records them, `check --baseline FILE` suppresses exactly those, so CI fails only on new
 * ones. A finding is known by what it is about, never by its line (moving lines keeps matching):
 * rule, file (relative to the working directory, `/`-separated), kind, namespace, name, container.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { isSuppressed } from '../krm/results.js';
import { sha256, type Finding } from '../files/read.js';

export interface BaselineEntry {
  rule: string;
  file: string;
  kind: string;
  namespace: string | null;
  name: string;
  container: string | null;
}

export interface Baseline {
  version: 1;
  tool: 'pod-sequencer';
  findings: BaselineEntry[];
}

const FIELDS = ['rule', 'file', 'kind', 'namespace', 'name', 'container'] as const;

/** `path` as the baseline writes it: relative to `cwd` when inside it, with `/` on every OS. */
export function baselinePath(path: string, cwd: string): string {
  if (path.startsWith('<')) return path; // <stdin>
  const rel = relative(cwd, resolve(cwd, path));
  const inside = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  return (inside ? rel : resolve(cwd, path)).split(sep).join('/');
}

/** What a finding is about; undefined for a result without a rule or a resource (not a finding). */
export function entryOf(f: Finding, cwd: string): BaselineEntry | undefined {
  const rule = f.result.tags?.rule;
  const ref = f.result.resourceRef;
  if (!rule || !ref) return undefined;
  return { rule, file: baselinePath(f.path, cwd), kind: ref.kind, namespace: ref.namespace ?? null, name: ref.name, container: f.container ?? null };
}

const keyOf = (e: BaselineEntry) => JSON.stringify(FIELDS.map((k) => e[k]));

/** A fingerprint of what a finding is about, the same wherever its line moves (SARIF partialFingerprints). */
export function fingerprint(f: Finding, cwd: string): string | undefined {
  const e = entryOf(f, cwd);
  return e && sha256(keyOf(e));
}

/** The baseline of these findings (those an annotation suppresses are not in it): sorted, so it diffs well. */
export function makeBaseline(findings: readonly Finding[], cwd: string): Baseline {
  const entries = findings.flatMap((f) => (isSuppressed(f.result) ? [] : (entryOf(f, cwd) ?? [])));
  entries.sort((a, b) => {
    for (const k of FIELDS) {
      const [x, y] = [a[k] ?? '', b[k] ?? ''];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
  return { version: 1, tool: 'pod-sequencer', findings: entries };
}

export function formatBaseline(b: Baseline): string {
  const rows = b.findings.map((e) => `    ${JSON.stringify(Object.fromEntries(FIELDS.map((k) => [k, e[k]])))}`);
  return `{\n  "version": 1,\n  "tool": "pod-sequencer",\n  "findings": [${rows.length ? `\n${rows.join(',\n')}\n  ` : ''}]\n}\n`;
}

/** The baseline in `text`, or the reason it is not one (the caller names the file). */
export function parseBaseline(text: string): Baseline | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return `not JSON (${(e as Error).message})`;
  }
  const o = data as Partial<Baseline> | null;
  if (typeof o !== 'object' || o === null || o.tool !== 'pod-sequencer' || o.version !== 1 || !Array.isArray(o.findings)) {
    return 'not a pod-sequencer baseline: expected {"version": 1, "tool": "pod-sequencer", "findings": [...]}; write one with check --write-baseline FILE';
  }
  for (const [i, e] of o.findings.entries()) {
    const bad = FIELDS.find((k) => !(typeof e?.[k] === 'string' || ((k === 'namespace' || k === 'container') && e?.[k] === null)));
    if (bad) return `findings[${i}].${bad}: expected a string${bad === 'namespace' || bad === 'container' ? ' or null' : ''}`;
  }
  return o as Baseline;
}

/**
 * Marks the findings the baseline lists as suppressed (kind baseline). Each entry matches one
 * finding at most, so a second finding of the same kind in the same place is new and still fails.
 */
export function applyBaseline(findings: readonly Finding[], baseline: Baseline, cwd: string, file: string): void {
  const left = new Map<string, number>();
  for (const e of baseline.findings) left.set(keyOf(e), (left.get(keyOf(e)) ?? 0) + 1);
  for (const f of findings) {
    const e = isSuppressed(f.result) ? undefined : entryOf(f, cwd);
    const n = e ? (left.get(keyOf(e)) ?? 0) : 0;
    if (n === 0) continue;
    left.set(keyOf(e!), n - 1);
    f.result.tags = { ...f.result.tags, suppressed: `listed in the baseline ${file}`, suppressedBy: 'baseline' };
  }
}
