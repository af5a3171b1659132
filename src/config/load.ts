/**
 * Reads the function config (typed PodSequence, ConfigMap, or nothing) into the resolved Config.
 * Validation uses the standalone validator generated at build time (scripts/build-validator.mjs).
 */
import type { ResourceRef, Result } from '../krm/types.js';
import { semanticProblems } from './checks.js';
import { configMapPath, specFromConfigMap } from './configmap.js';
import { defaultConfig, resolve } from './resolve.js';
import { schemaProblems } from './schema-errors.js';
import { apiVersion, isObject, kind, type Problem, type SpecInput } from './spec.js';
import type { Config } from './types.js';
import validate from './validate.generated.js';

export interface LoadOptions {
  /** File the config came from (--config FILE), put into each result's `file`. */
  source?: string;
}

/**
 * `config` is usable only when `errors` is empty; otherwise it is the default config, so a
 * caller that forgets to check cannot act on half of a broken config.
 */
export function loadConfig(fnConfig: unknown, opts: LoadOptions = {}): { config: Config; errors: Result[] } {
  if (fnConfig === undefined || fnConfig === null) return { config: defaultConfig(), errors: [] };
  const { spec, problems } = read(fnConfig);
  const errors = dedupe(problems).map((p) => toResult(p, fnConfig, opts));
  return { config: errors.length ? defaultConfig() : resolve(spec as SpecInput), errors };
}

const accepted = `PodSequence (apiVersion ${apiVersion}) or ConfigMap`;

function read(fnConfig: unknown): { spec: unknown; problems: Problem[] } {
  if (!isObject(fnConfig)) {
    return { spec: {}, problems: [{ path: '', text: `the function config must be a ${accepted} object, not ${typeof fnConfig}` }] };
  }
  if (fnConfig.kind === 'ConfigMap') {
    const { spec, problems } = specFromConfigMap(fnConfig.data);
    const doc = { apiVersion, kind, spec };
    const derived = [...validated(doc), ...semanticProblems(spec)].map(inConfigMap);
    return { spec, problems: [...problems, ...derived] };
  }
  if (fnConfig.kind === kind) {
    const spec = fnConfig.spec ?? {};
    return { spec, problems: [...validated(fnConfig), ...semanticProblems(spec)] };
  }
  const what = fnConfig.kind === undefined ? 'has no kind' : `kind '${String(fnConfig.kind)}' is not accepted`;
  return { spec: {}, problems: [{ path: 'kind', text: `the function config ${what}; use ${accepted}` }] };
}

/**
 * A problem of the derived spec, placed at its ConfigMap key. In `rules` the rule id is all that
 * tells the entries apart: it stays in the message (`data.rules: sleep-ordering: 'loud' is ...`).
 */
function inConfigMap(p: Problem): Problem {
  const rule = /^spec\.rules\.(.+)$/.exec(p.path);
  const named = !rule || p.text.includes(`'${rule[1]}'`);
  return { ...p, path: configMapPath(p.path), ...(named ? {} : { text: `${rule[1]}: ${p.text}` }) };
}

function validated(doc: Record<string, unknown>): Problem[] {
  // `spec: null` (an empty `spec:` in YAML) means no settings, as an omitted spec does.
  const data = doc.spec === null ? { ...doc, spec: {} } : doc;
  return validate(data) ? [] : schemaProblems(validate.errors ?? [], data);
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path}\n${p.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toResult(p: Problem, fnConfig: unknown, opts: LoadOptions): Result {
  const result: Result = { message: p.path ? `${p.path}: ${p.text}` : p.text, severity: 'error' };
  const ref = refOf(fnConfig);
  if (ref) result.resourceRef = ref;
  if (p.path) result.field = { path: p.path };
  if (opts.source) result.file = { path: opts.source };
  if (p.tags) result.tags = p.tags;
  return result;
}

function refOf(o: unknown): ResourceRef | undefined {
  if (!isObject(o) || !isObject(o.metadata)) return undefined;
  const { apiVersion: av, kind: k } = o;
  const { name, namespace } = o.metadata;
  if (typeof av !== 'string' || typeof k !== 'string' || typeof name !== 'string') return undefined;
  return typeof namespace === 'string' ? { apiVersion: av, kind: k, name, namespace } : { apiVersion: av, kind: k, name };
}
