import type { RuleId, Severity } from '../krm/types.js';
import type { Ctx } from '../pod/context.js';

/**
 * A lint rule from the findings table in docs/results.md. Rules see one workload and report through
 * `report`; the same rules run in `mode: check` (on the input) and after `apply` (on the
 * output, so they show what the function could not fix).
 */
export interface Rule {
  id: RuleId;
  severity: Severity;
  /** One line for docs, `explain` and SARIF. */
  summary: string;
  /** `prior`: findings the rules before this one reported for the workload (pending-change reads it). */
  check(ctx: Ctx, report: (message: string, fieldPath: string) => void, prior: number): void;
}
