import type { Message, RuleId, Severity } from '../krm/types.js';
import type { Ctx } from '../pod/context.js';
import type { Need } from '../pod/summary.js';

/**
 * A lint rule from the findings table in docs/results.md. Rules see one workload and report through
 * `report`; the same rules run in `mode: check` (on the input) and after `apply` (on the
 * output, so they show what the function could not fix).
 */
export interface Rule extends RuleInfo {
  /**
   * What the pod must have for this rule to find anything (any of them; src/pod/summary.ts):
   * runRules skips the rule on a pod with none. Left out: the rule always runs.
   */
  needs?: readonly Need[];
  /** `prior`: findings the rules before this one reported for the workload (pending-change reads it). */
  /** `report`: a Message (summary, why, fix) or, for a finding that needs nothing more, a summary. */
  /**
   * `severity` on a report: this finding's own, where the facts make it less than the rule's
   * default (restart-policy-on-container: an error only where the release refuses the field).
   */
  check(ctx: Ctx, report: (message: string | Message, fieldPath: string, severity?: Severity) => void, prior: number): void;
}

/** What every output says about a rule: its id, default severity and one-line summary. */
export interface RuleInfo {
  id: RuleId;
  /** The default; `spec.rules.<id>` in the config overrides it (pod/context.ts applies that). */
  severity: Severity;
  /** One line for docs, `explain` and SARIF; its page is docs/rules/<id>.md. */
  summary: string;
  /** False for a finding about no workload (invalid-input): no annotation can suppress it. */
  byAnnotation?: false;
}
