import { onWindows, windowsField, windowsNote } from '../pod/host.js';
import { makeCtx, type Ctx, type PodCtx } from '../pod/context.js';
import { RUN_FIX, type Message, type Severity } from '../krm/types.js';
import { fixChangesSomething } from './fixes.js';
import { dryRun, fixedWorkload } from './dry-run.js';
import { controllerWhy, podAnnotations, podField, podMetaField, templateField } from '../workloads/workload.js';
import { meshedSidecars } from '../pod/mesh.js';
import { findSidecars } from '../pod/sidecars.js';
import { forgetSummary, IGNORE_PREFIX, maskOf, summaryOf } from '../pod/summary.js';
import type { Rule, RuleInfo } from './rule.js';
import { dependencyNotAwaited } from './rules/dependency-not-awaited.js';
import { jobSidecarBlocksCompletion } from './rules/job-sidecar-blocks-completion.js';
import { missingEntrypoint } from './rules/missing-entrypoint.js';
import { initNetworkUnderMesh } from './rules/init-network-under-mesh.js';
import { pendingChange } from './rules/pending-change.js';
import { nativeUnsupported } from './rules/native-sidecar-unsupported.js';
import { processNamespaceSharing } from './rules/process-namespace-sharing.js';
import { sidecarNoReadinessGate } from './rules/sidecar-no-readiness-gate.js';
import { sidecarNotFirst } from './rules/sidecar-not-first.js';
import { sleepOrdering } from './rules/sleep-ordering.js';
import { initContainerProbeForbidden } from './rules/init-container-probe-forbidden.js';
import { restartPolicyOnContainer } from './rules/restart-policy-on-container.js';
import { nativeSidecarStartupProbeNever } from './rules/native-sidecar-startup-probe-never.js';
import { nativeSidecarPrestop } from './rules/native-sidecar-prestop.js';
import { prestopExceedsGracePeriod } from './rules/prestop-exceeds-grace-period.js';
import { onfailureClassicSidecar } from './rules/onfailure-classic-sidecar.js';
import { istioHoldIgnoredNative } from './rules/istio-hold-ignored-native.js';
import { nativeSidecarInCustomKind } from './rules/native-sidecar-in-custom-kind.js';
import { sidecarStopsBeforeApp } from './rules/sidecar-stops-before-app.js';
import { sidecarReadAsApp } from './rules/sidecar-read-as-app.js';
import { sidecarEndpointsUnknown } from './rules/sidecar-endpoints-unknown.js';
import { handledByScript } from './rules/handled-by-script.js';
import { liveRuleInfos } from './live-rules.js';

export type { Rule, RuleInfo } from './rule.js';

/** Every rule, in the order of the table in docs/results.md. Add a rule: one file under rules/, one line here, its page in docs/rules/, then `npm run gen:rules`. */
export const rules: Rule[] = [
  sidecarNotFirst,
  sidecarNoReadinessGate,
  jobSidecarBlocksCompletion,
  missingEntrypoint,
  initNetworkUnderMesh,
  processNamespaceSharing,
  sleepOrdering,
  nativeUnsupported,
  dependencyNotAwaited,
  initContainerProbeForbidden,
  restartPolicyOnContainer,
  nativeSidecarStartupProbeNever,
  nativeSidecarPrestop,
  prestopExceedsGracePeriod,
  onfailureClassicSidecar,
  istioHoldIgnoredNative,
  nativeSidecarInCustomKind,
  sidecarStopsBeforeApp,
  sidecarReadAsApp,
  // Last: it speaks only where no rule above found anything.
  pendingChange,
  // After pending-change: a note on what the input does not show, never a reason to hide a change.
  sidecarEndpointsUnknown,
  handledByScript,
];

/**
 * Every rule a finding can name: the rules above, then invalid-suppression, which runRules
 * reports itself while it reads the suppressions. The config's `spec.rules`, the schema's rule
 * enum (scripts/gen-rules.mjs), SARIF's driver and docs/rules/ all follow this list.
 */
export const ruleInfos: readonly RuleInfo[] = [
  ...rules,
  {
    id: 'invalid-suppression',
    severity: 'warning',
    summary: 'a `pod-sequencer.dev/ignore.<rule-id>` annotation names no rule or gives no reason (empty, `"true"`, `"false"`): it suppresses nothing',
  },
  // `check` reports it itself (files/run.ts invalidInput) for a file or document it cannot read,
  // and checks every other file. No workload to annotate, no resource for a baseline entry: only
  // spec.rules changes it (files/commands.ts withLevel).
  {
    id: 'invalid-input',
    severity: 'error',
    byAnnotation: false,
    summary:
      'a file or document that cannot be read (malformed YAML, invalid UTF-8, too large, unreadable) or processed (a YAML merge key in a workload): nothing in it was checked',
  },
  // Reported by `pod-sequencer audit` from live objects' status (src/audit/).
  ...liveRuleInfos,
];

/**
 * A template whose controller ends its sidecars (Argo Workflows, Tekton): one info result that
 * says so, when it has a sidecar or a mesh injects one, at the template's own path.
 */
function leftToController(ctx: Ctx): void {
  const { w } = ctx;
  const declared = w.viewSidecars ?? findSidecars(w, ctx.cfg, ctx.facts).map((s) => s.name);
  const names = [...new Set([...declared, ...meshedSidecars(ctx).map((m) => m.container)])];
  if (names.length === 0) return;
  ctx.report(
    'info',
    {
      summary: `left ${names.join(', ')} to the ${w.kind} controller, which ends its sidecars`,
      detail: `${controllerWhy(w)}. pod-sequencer asks only for start order (mesh annotations on the pod's metadata) and writes no wrapper here.`,
    },
    templateField(w) || 'spec',
  );
}

/** Rules in dispatch order, each one's `needs` as a mask (src/pod/summary.ts), and all of them together. */
interface Dispatch {
  rules: readonly Rule[];
  masks: readonly number[];
  /** What any of them, or the suppressions runRules reads itself, can act on. */
  any: number;
}

function dispatch(list: readonly Rule[]): Dispatch {
  const masks = list.map((r) => maskOf(r.needs));
  return { rules: list, masks, any: masks.reduce((a, m) => a | m, maskOf(['suppression'])) };
}

const ALL_RULES = dispatch(rules);
// A view (Argo, Tekton) is not the pod's spec: the rules written for pod specs would misread
// it. Only pending-change speaks there (in check mode: the mesh annotations fix would add).
const VIEW_RULES = dispatch([pendingChange]);

function dispatchFor(ctx: PodCtx): Dispatch {
  return ctx.w.view ? VIEW_RULES : ALL_RULES;
}

/**
 * Whether runRules could report anything on the workload: the pod has something a rule needs or a
 * suppression annotation, or it is on Windows or its controller ends its sidecars (both said).
 */
export function rulesCanAct(ctx: PodCtx): boolean {
  return onWindows(ctx.w) || ctx.w.site.sidecarsEndedBy === 'controller' || (summaryOf(ctx) & dispatchFor(ctx).any) !== 0;
}

export function runRules(ctx: Ctx): void {
  // A Windows pod is left as it is (sequence/index.ts says why, in apply mode): no rule may
  // promise a fix that will not come.
  const windows = windowsField(ctx.w);
  if (windows) {
    if (ctx.cfg.mode === 'check') ctx.report('warning', windowsNote(ctx.w), podField(ctx.w, windows));
    return;
  }
  if (ctx.w.site.sidecarsEndedBy === 'controller') leftToController(ctx);
  rulesOn(ctx, ctx.cfg.mode === 'check' ? 'fold' : 'all');
}

/**
 * Which rules run, and what becomes of a finding. `fold` (check mode): a finding that `fix`
 * removes says so, gives fix as its fix, and is at most a warning (issue 39: an error is for
 * what fix cannot solve; docs/decisions.md, "check is the dry run of fix"). `left`: only the
 * rules fix can resolve, on fix's output, to see which findings it leaves.
 */
type Pass = 'all' | 'fold' | 'left';

function rulesOn(ctx: Ctx, pass: Pass): void {
  // Read once: each rule declares what the pod must have (rule.needs), most pods have none of it,
  // and then no rule is called (one test: BENCHMARKS.md, issue 28).
  const pod = summaryOf(ctx);
  const { rules: active, masks, any } = dispatchFor(ctx);
  if ((pod & any) === 0) return;
  const suppressed = suppressions(ctx);
  let found = 0;
  let left: Left | undefined;
  // One reporter for every rule (checks are synchronous), not a closure per rule and workload.
  let rule = active[0]!;
  let reason: string | undefined;
  const report = (said: string | Message, fieldPath: string, own?: Severity): void => {
    let message = said;
    let severity = own ?? rule.severity;
    if (pass === 'fold' && FOLDED.has(rule)) {
      left ??= leftAfterFix(ctx);
      const summary = typeof said === 'string' ? said : said.summary;
      if (!left.rules.has(rule.id)) [message, severity] = [resolvedByFix(said, severity === 'error'), severity === 'error' ? 'warning' : severity];
      // The same finding on fix's output: fix does not solve it, so it is not the fix.
      else if (left.said.has(`${rule.id} ${summary}`)) message = withoutRunFix(said);
    }
    // A rule the config turns off reports nothing, so pending-change still shows fix's change.
    if (ctx.cfg.rules[rule.id] !== 'off') found++;
    message = afterApply(ctx, message);
    if (reason === undefined) ctx.report(severity, message, fieldPath, rule.id);
    else ctx.report(severity, message, fieldPath, rule.id, reason);
  };
  for (let i = 0; i < active.length; i++) {
    if ((pod & masks[i]!) === 0) continue;
    rule = active[i]!;
    if (pass === 'left' && !FOLDED.has(rule)) continue;
    reason = suppressed?.get(rule.id);
    rule.check(ctx, report, found);
  }
}

/** The rules whose findings fix can remove: those before pending-change in the list. */
const FOLDED: ReadonlySet<Rule> = new Set(rules.slice(0, rules.indexOf(pendingChange)));

/** What the rules still find on the workload as `fix` leaves it: their ids, and "id summary". */
interface Left {
  rules: Set<string>;
  said: Set<string>;
}

/**
 * The findings left on fix's output: what its own run reported (missing-entrypoint, ...) and
 * what the rules find on the result, in check mode. Where fix changes nothing, everything is left.
 */
function leftAfterFix(ctx: Ctx): Left {
  const fixed = fixedWorkload(ctx);
  if (!fixed) return { rules: new Set(rules.map((r) => r.id)), said: new Set() };
  const results = dryRun(ctx).filter((r) => r.tags?.rule !== undefined);
  forgetSummary(fixed);
  if (!windowsField(fixed)) rulesOn(makeCtx(ctx.cfg, fixed, results, ctx.facts), 'left');
  return {
    rules: new Set(results.map((r) => r.tags!.rule!)),
    said: new Set(results.map((r) => `${r.tags!.rule!} ${r.message}`)),
  };
}

function withoutRunFix(m: string | Message): string | Message {
  if (typeof m === 'string' || m.fix !== RUN_FIX) return m;
  const { fix: _fix, ...rest } = m;
  return rest;
}

/**
 * A finding fix removes: it says so, and its fix is fix (the rule's own may be a way fix does not
 * take: issue 39, "set the env" where fix makes the proxy native). `lowered`: an error made a warning.
 */
function resolvedByFix(m: string | Message, lowered: boolean): Message {
  const message = typeof m === 'string' ? { summary: m } : m;
  const resolves = `The configured fix resolves it${lowered ? ', so it is a warning here, not an error' : ''}.`;
  return { ...message, detail: message.detail ? `${message.detail} ${resolves}` : resolves, fix: RUN_FIX };
}

/**
 * After `apply` the rules report what the function could not fix: "run pod-sequencer fix" would
 * send the user round in a circle, so that fix is dropped there; and in `check` where fix would
 * change nothing in the workload (its dry run says so).
 */
function afterApply(ctx: Ctx, m: string | Message): string | Message {
  if (typeof m === 'string' || m.fix !== RUN_FIX) return m;
  if (ctx.cfg.mode === 'check' && fixChangesSomething(ctx)) return m;
  const { fix: _fix, ...rest } = m;
  return rest;
}

/**
 * `pod-sequencer.dev/ignore.<rule-id>: "<reason>"` on the workload's or its pod template's
 * annotations silences that rule there, and only there (issue 18). A key naming no rule, or a
 * value that gives no reason (empty, "true", "false"), suppresses nothing and is itself a
 * finding (invalid-suppression), so a typo cannot silence a rule unseen.
 */
function suppressions(ctx: Ctx): Map<string, string> | undefined {
  let out: Map<string, string> | undefined; // made only when a suppression is found: most workloads have none
  let ids: Set<string> | undefined;
  const own = ctx.w.metadata.annotations;
  const pod = ctx.w.metaPath.length > 1 ? podAnnotations(ctx.w) : undefined;
  for (let k = 0; k < 2; k++) {
    const annotations = k === 0 ? own : pod;
    // for-in, not Object.entries: no pair array for each of every workload's annotations.
    for (const key in annotations) {
      if (!key.startsWith(IGNORE_PREFIX)) continue;
      const at = k === 0 ? 'metadata.annotations' : podMetaField(ctx.w, 'annotations');
      const raw = annotations[key];
      const id = key.slice(IGNORE_PREFIX.length);
      ids ??= new Set<string>(ruleInfos.map((r) => r.id));
      const reason = String(raw ?? '').trim();
      const why: Message | undefined = !ids.has(id)
        ? { summary: `annotation ${key} names no rule, so it suppresses nothing`, detail: `Rules: ${[...ids].join(', ')}.` }
        : reason === '' || reason === 'true' || reason === 'false'
          ? {
              summary: `annotation ${key} gives no reason, so it suppresses nothing`,
              detail: 'Write why the rule does not apply here, e.g. "the app retries its connection".',
            }
          : undefined;
      if (why) ctx.report('warning', why, `${at}[${JSON.stringify(key)}]`, 'invalid-suppression');
      else (out ??= new Map()).set(id, reason);
    }
  }
  return out;
}
