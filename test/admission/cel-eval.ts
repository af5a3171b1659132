/**
 * CEL as the API server evaluates the admission objects' expressions, by an independent evaluator
 * (@bufbuild/cel, standard CEL only: src/admission/cel.ts says why the expressions need no more).
 * An expression that does not compile or errors on a pod fails the test that asked, named.
 */
import { isCelError, run } from '@bufbuild/cel';

/** The value of `expression` with these variables bound; an error is thrown with the expression. */
export function celEval(expression: string, vars: Record<string, unknown>): unknown {
  let v: unknown;
  try {
    // The object as the API server holds it: JSON (no undefined, no Date, no Map).
    const bound = 'object' in vars ? { ...vars, object: JSON.parse(JSON.stringify(vars.object)) as unknown } : vars;
    v = run(expression, bound as never);
  } catch (e) {
    throw new Error(`CEL does not compile: ${(e as Error).message}\n${expression}`);
  }
  if (isCelError(v)) throw new Error(`CEL error: ${v.message}\n${expression}`);
  return v;
}

export function celBool(expression: string, vars: Record<string, unknown>): boolean {
  const v = celEval(expression, vars);
  if (typeof v !== 'boolean') throw new Error(`CEL gave ${typeof v}, not a bool\n${expression}`);
  return v;
}
