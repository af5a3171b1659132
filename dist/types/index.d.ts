import type { SpecInput } from './config/spec.js';
import type { Result } from './krm/types.js';
/** The typed function config, as in a `PodSequence` file (see schema/podsequence.schema.json). */
export interface PodSequenceConfig {
    apiVersion: 'fn.pod-sequencer.dev/v1alpha1';
    kind: 'PodSequence';
    metadata?: {
        name?: string;
        [key: string]: unknown;
    };
    spec?: SpecInput;
}
/** The ConfigMap form: `mode`, `kubernetesVersion`, `sidecars`, `dependencies`, ... as flat values. */
export interface ConfigMapConfig {
    apiVersion?: 'v1';
    kind: 'ConfigMap';
    metadata?: {
        name?: string;
        [key: string]: unknown;
    };
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
export declare class ConfigError extends Error {
    readonly results: Result[];
    constructor(results: Result[]);
}
/**
 * Fixes start order and sidecar exit in the pod templates of `manifests`, as the KRM function
 * does. No config means the defaults. Error findings are returned as results, not thrown: check
 * `results.some((r) => r.severity === 'error')` if your pipeline should stop on them.
 *
 * @throws ConfigError when the config is invalid.
 * @throws TypeError when `manifests` is not an array of objects.
 */
export declare function sequence(manifests: readonly object[], config?: SequenceConfig | null): SequenceOutput;
export { runFilter } from './run.js';
export type { FilterOutcome, FilterOptions } from './run.js';
export type { ResourceRef, Result, RuleId, Severity } from './krm/types.js';
export type { DependencyInput, SidecarInput, SpecInput } from './config/spec.js';
