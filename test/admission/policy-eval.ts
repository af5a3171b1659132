/**
 * The companion ValidatingAdmissionPolicy evaluated as the API server does (variables in order,
 * then each validation; a false one yields its messageExpression, else its message), by
 * @bufbuild/cel (test/admission/cel-eval.ts).
 */
import { policyValidations, policyVariables } from '../../src/admission/policy.js';
import type { Config } from '../../src/config/types.js';
import { celBool, celEval } from './cel-eval.js';

/** The messages of the validations the pod fails (empty: it passes). */
export function policyFailures(cfg: Config, pod: unknown): string[] {
  const variables: Record<string, unknown> = {};
  for (const v of policyVariables(cfg)) variables[v.name] = celEval(v.expression, { object: pod, variables });
  return policyValidations().flatMap((v) => {
    if (celBool(v.expression, { object: pod, variables })) return [];
    return [v.messageExpression ? String(celEval(v.messageExpression, { object: pod, variables })) : v.message];
  });
}
