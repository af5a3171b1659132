/** KRM wire types (functions spec: kubernetes-sigs/kustomize api-conventions/functions-spec.md). */
export type Severity = 'error' | 'warning' | 'info';
export interface ResourceRef {
    apiVersion: string;
    kind: string;
    name: string;
    namespace?: string;
}
export interface Result {
    message: string;
    severity: Severity;
    resourceRef?: ResourceRef;
    field?: {
        path: string;
        currentValue?: unknown;
        proposedValue?: unknown;
    };
    file?: {
        path: string;
        index?: number;
    };
    tags?: Record<string, string>;
}
/** A rule id from the findings table in docs/results.md. */
export type RuleId = 'sidecar-not-first' | 'sidecar-no-readiness-gate' | 'job-sidecar-blocks-completion' | 'missing-entrypoint' | 'init-network-under-mesh' | 'process-namespace-sharing' | 'sleep-ordering' | 'native-sidecar-unsupported' | 'dependency-not-awaited' | 'pending-change' | 'init-container-probe-forbidden' | 'restart-policy-on-container' | 'native-sidecar-startup-probe-never' | 'native-sidecar-prestop' | 'prestop-exceeds-grace-period' | 'onfailure-classic-sidecar' | 'istio-hold-ignored-native' | 'native-sidecar-in-custom-kind' | 'sidecar-stops-before-app' | 'sidecar-endpoints-unknown' | 'handled-by-script' | 'invalid-suppression' | 'invalid-input';
/** Thrown for input we cannot process at all: nothing goes to stdout, exit 1. */
export declare class FatalError extends Error {
    readonly position?: {
        line: number;
        col: number;
    } | undefined;
    constructor(message: string, position?: {
        line: number;
        col: number;
    } | undefined);
}
