/**
 * Library API, for TypeScript pipelines (cdk8s, Pulumi, your own scripts) that hold manifests as
 * objects rather than files:
 *
 * ```ts
 * import { sequence } from 'pod-sequencer';
 * const { manifests, results } = sequence(objects, { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', spec: { kubernetesVersion: '1.30' } });
 * ```
 *
 * It is the same engine as the KRM function: each manifest is serialised, processed, and only
 * changed ones are parsed back.
 */
import { parseDocument } from './yaml/document.js';
import { loadConfig } from './config/load.js';
import type { SpecInput } from './config/spec.js';
import { MAX_ALIASES } from './krm/io.js';
import { formatResult } from './krm/results.js';
import { stringifyForReaders } from './yaml/plain.js';
import type { Result } from './krm/types.js';
import { processItems } from './process.js';

/** The typed function config, as in a `PodSequence` file (see schema/podsequence.schema.json). */
export interface PodSequenceConfig {
  apiVersion: 'fn.pod-sequencer.dev/v1alpha1';
  kind: 'PodSequence';
  metadata?: { name?: string; [key: string]: unknown };
  spec?: SpecInput;
}

/** The ConfigMap form: `mode`, `kubernetesVersion`, `sidecars`, `dependencies`, ... as flat values. */
export interface ConfigMapConfig {
  apiVersion?: 'v1';
  kind: 'ConfigMap';
  metadata?: { name?: string; [key: string]: unknown };
  data?: Record<string, string | number | boolean>;
}

export type SequenceConfig = PodSequenceConfig | ConfigMapConfig;

export interface SequenceOutput {
  /**
   * The manifests in input order. Unchanged ones are the very objects passed in; changed ones
   * are new objects. The input is never modified.
   */
  manifests: object[];
  /**
   * What changed (`info`) and what was found (`warning`, `error`), as in a KRM `results` list, in
   * parts: `message` is the one-line summary, `detail` the why and `fix` a command or config line
   * (the ResultList joins them into its message).
   */
  results: Result[];
}

/** The config was rejected: `results` holds one `error` per problem, naming the field path. */
export class ConfigError extends Error {
  readonly results: Result[];
  constructor(results: Result[]) {
    super(`pod-sequencer: invalid config:\n${results.map((r) => `  ${formatResult(r)}`).join('\n')}`);
    this.name = 'ConfigError';
    this.results = results;
  }
}

/**
 * Fixes start order and sidecar exit in the pod templates of `manifests`, as the KRM function
 * does. No config means the defaults. Error findings are returned as results, not thrown: check
 * `results.some((r) => r.severity === 'error')` if your pipeline should stop on them.
 *
 * @throws ConfigError when the config is invalid.
 * @throws TypeError when `manifests` is not an array of objects.
 */
export function sequence(manifests: readonly object[], config?: SequenceConfig | null): SequenceOutput {
  if (!Array.isArray(manifests)) throw new TypeError('sequence(manifests): manifests must be an array of Kubernetes objects');
  const items = manifests.map((m, i) => {
    if (typeof m !== 'object' || m === null || Array.isArray(m)) throw new TypeError(`sequence(manifests): manifests[${i}] is not an object`);
    const o = m as { kind?: unknown; apiVersion?: unknown };
    return {
      // No anchors: a manifest that shares sub-objects must still come back as plain YAML.
      text: stringifyForReaders(m, { aliasDuplicateObjects: false, lineWidth: 0 }),
      kind: typeof o.kind === 'string' ? o.kind : undefined,
      apiVersion: typeof o.apiVersion === 'string' ? o.apiVersion : undefined,
    };
  });
  const { config: cfg, errors } = loadConfig(config ?? undefined);
  if (errors.length > 0) throw new ConfigError(errors);
  const { replacements, results } = processItems(items, cfg);
  const out = manifests.map((m, i) => {
    const text = replacements.get(i);
    return text === undefined ? m : (parseDocument(text).toJS({ maxAliasCount: MAX_ALIASES }) as object);
  });
  return { manifests: out, results };
}

export { runFilter } from './run.js';
export type { FilterOutcome, FilterOptions } from './run.js';
export type { ResourceRef, Result, RuleId, Severity } from './krm/types.js';
export type { DependencyInput, SidecarInput, SpecInput } from './config/spec.js';
