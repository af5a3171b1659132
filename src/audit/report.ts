/**
 * audit's outputs. Text: the summary a person reads first (counts by rule and namespace, the
 * worst owners, the webhook chain), then each finding with its evidence and fix. JSON: the
 * contract's `{findings: [{rule, severity, kind, namespace, name, message, fix}], summary}`.
 * SARIF and JUnit are check's own writers (src/check/sarif.ts, junit.ts), fed the findings as
 * check's findings: placed in the input they were read from, named by their object.
 */
import { formatJunit } from '../check/junit.js';
import { formatSarif } from '../check/sarif.js';
import type { Config, FailOn } from '../config/types.js';
import type { Finding } from '../files/read.js';
import { atOrAbove } from '../krm/results.js';
import type { Severity } from '../krm/types.js';
import { printable } from '../yaml/text.js';
import type { AuditFinding, AuditReport } from './index.js';
import { idText } from './objects.js';

/** A file or document that could not be read: said with its place and what to do. */
export interface InputProblem {
  path: string;
  message: string;
}

/** How many owners and namespaces the text summary lists. */
const TOP = 10;

const counted = (list: readonly AuditFinding[]) => list.filter((f) => f.suppressed === undefined);

export function severities(list: readonly AuditFinding[]): Record<Severity, number> {
  const c: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of counted(list)) c[f.severity]++;
  return c;
}

/** Exit 1 when an unsuppressed finding (or an input that could not be read) is at or above `failOn`. */
export function fails(report: AuditReport, problems: readonly InputProblem[], failOn: FailOn): boolean {
  return (problems.length > 0 && atOrAbove('error', failOn)) || counted(report.findings).some((f) => atOrAbove(f.severity, failOn));
}

function tally(list: readonly AuditFinding[], key: (f: AuditFinding) => string | undefined): [string, number][] {
  const m = new Map<string, number>();
  for (const f of counted(list)) {
    const k = key(f);
    if (k !== undefined) m.set(k, (m.get(k) ?? 0) + 1);
  }
  return [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

export function summaryOf(report: AuditReport, problems: readonly InputProblem[]) {
  const list = report.findings;
  return {
    read: report.read,
    ...severities(list),
    suppressed: list.length - counted(list).length,
    unreadable: problems.length,
    byRule: Object.fromEntries(tally(list, (f) => f.rule)),
    byNamespace: Object.fromEntries(tally(list, (f) => f.object.namespace ?? (f.owner ? undefined : '(cluster)'))),
    worstOwners: tally(list, (f) => f.owner)
      .slice(0, TOP)
      .map(([owner, findings]) => ({
        owner,
        findings,
        stuckPods: counted(list).filter((f) => f.owner === owner && f.rule === 'job-sidecar-blocks-completion').length,
      })),
    webhooks: report.chain.map((e) => ({ configuration: e.configuration, webhook: e.webhook, reinvocationPolicy: e.reinvocationPolicy, podSequencer: e.ours })),
    now: new Date(report.now).toISOString(),
    nowFrom: report.nowFrom,
    ...(report.kubernetesVersion ? { kubernetesVersion: report.kubernetesVersion } : {}),
  };
}

const NOW_FROM = { option: 'given by --now', dump: "the dump's newest timestamp", clock: 'the clock' };

export function formatAuditText(report: AuditReport, problems: readonly InputProblem[], inputs: string): string {
  const s = summaryOf(report, problems);
  const r = report.read;
  const lines = [
    `pod-sequencer audit of ${inputs}: ${r.pods} pods, ${r.owners} owners, ${r.nodes} nodes, ${r.webhooks} mutating webhook configurations`,
    `times against ${s.now} (${NOW_FROM[report.nowFrom]})${report.kubernetesVersion ? `; fixes for Kubernetes ${report.kubernetesVersion}` : ''}`,
    `${s.error} error(s), ${s.warning} warning(s), ${s.info} info${s.suppressed ? `; ${s.suppressed} suppressed` : ''}${problems.length ? `; ${problems.length} input(s) could not be read` : ''}`,
  ];
  const block = (title: string, rows: string[]) => {
    if (rows.length > 0) lines.push('', title, ...rows.map((x) => `  ${x}`));
  };
  block(
    'by rule:',
    Object.entries(s.byRule).map(([k, n]) => `${String(n).padStart(6)}  ${k}`),
  );
  block(
    'by namespace:',
    Object.entries(s.byNamespace)
      .slice(0, TOP)
      .map(([k, n]) => `${String(n).padStart(6)}  ${k}`),
  );
  block(
    'worst owners:',
    s.worstOwners.map((o) => `${String(o.findings).padStart(6)}  ${o.owner}${o.stuckPods ? ` (${o.stuckPods} stuck pod(s))` : ''}`),
  );
  block(
    'mutating webhooks on pods, in the order the API server calls them:',
    report.chain.map((e, i) => `${i + 1}. ${e.configuration}/${e.webhook}  reinvocationPolicy: ${e.reinvocationPolicy}${e.ours ? '  (pod-sequencer)' : ''}`),
  );
  block(
    'could not be read:',
    problems.map((p) => p.message),
  );
  const shown = counted(report.findings);
  if (shown.length > 0) lines.push('', 'findings:');
  for (const f of shown) {
    lines.push(`${f.severity} [${f.rule}] ${idText(f.object)}: ${f.message}`);
    if (f.owner && f.owner !== idText(f.object)) lines.push(`  owner: ${f.owner}`);
    lines.push(`  evidence: ${f.detail}`, `  fix: ${f.fix}`);
  }
  return lines.map(printable).join('\n') + '\n';
}

function row(f: AuditFinding) {
  return {
    rule: f.rule,
    severity: f.severity,
    kind: f.object.kind,
    namespace: f.object.namespace ?? null,
    name: f.object.name,
    message: f.message,
    fix: f.fix,
    detail: f.detail,
    ...(f.owner && f.owner !== idText(f.object) ? { owner: f.owner } : {}),
    ...(f.container ? { container: f.container } : {}),
    evidence: f.evidence,
  };
}

export function formatAuditJson(report: AuditReport, problems: readonly InputProblem[]): string {
  const out = {
    findings: [
      ...counted(report.findings).map(row),
      ...problems.map((p) => ({ rule: 'invalid-input', severity: 'error', kind: null, namespace: null, name: p.path, message: p.message, fix: null })),
    ],
    suppressed: report.findings.filter((f) => f.suppressed !== undefined).map((f) => ({ ...row(f), suppression: f.suppressed })),
    summary: summaryOf(report, problems),
  };
  return JSON.stringify(out, null, 2) + '\n';
}

/** The findings as check's: in the input they were read from, at its start (a dump has no line per object). */
export function asCheckFindings(report: AuditReport, problems: readonly InputProblem[], fallback: string): Finding[] {
  const list: Finding[] = report.findings.map((f) => ({
    path: f.source ?? fallback,
    line: 1,
    col: 1,
    ...(f.container ? { container: f.container } : {}),
    result: {
      severity: f.severity,
      message: `${idText(f.object)}: ${f.message}`,
      detail: f.detail,
      fix: f.fix,
      resourceRef: { apiVersion: '', kind: f.object.kind, name: f.object.name, ...(f.object.namespace ? { namespace: f.object.namespace } : {}) },
      tags: { rule: f.rule, ...(f.suppressed !== undefined ? { suppressed: f.suppressed } : {}) },
    },
  }));
  for (const p of problems) list.push({ path: p.path, line: 1, col: 1, result: { severity: 'error', message: p.message, tags: { rule: 'invalid-input' } } });
  return list;
}

export function formatAuditSarif(
  report: AuditReport,
  problems: readonly InputProblem[],
  opts: { version: string; rules: Config['rules']; cwd: string; fallback: string },
): string {
  return formatSarif(asCheckFindings(report, problems, opts.fallback), [], {
    version: opts.version,
    rules: opts.rules,
    root: opts.cwd,
    cwd: opts.cwd,
  });
}

export function formatAuditJunit(report: AuditReport, problems: readonly InputProblem[], inputs: readonly string[], failOn: FailOn): string {
  return formatJunit(asCheckFindings(report, problems, inputs[0] ?? '<stdin>'), inputs, failOn);
}
