/** KRM wire types (functions spec: kubernetes-sigs/kustomize api-conventions/functions-spec.md). */
export type Severity = 'error' | 'warning' | 'info';
export interface ResourceRef {
    apiVersion: string;
    kind: string;
    name: string;
    namespace?: string;
}
export interface Result {
    /** The summary: one short line (aim at 100 characters) saying what is wrong and what follows. */
    message: string;
    /** Why, in as many sentences as it takes (a finding's explanation; a change's reason). Not on the KRM wire as a field: see krm/results.ts wireResult. */
    detail?: string;
    /** The fix as something to run or write: a command (`pod-sequencer fix x.yaml`) or a config line (`restartPolicy: Never`). */
    fix?: string;
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
/**
 * What a rule or transform reports (issue 31): `summary` becomes the result's message, the first
 * line every output shows; `detail` the why; `fix` a command or a config line, only where one exists.
 */
export interface Message {
    summary: string;
    detail?: string;
    fix?: string;
    /**
     * A decision that changes nothing (a strategy a kind refuses, an app kept first): the same run
     * on the output says it again, so it is no change (src/check/dry-run.ts isChange); tagged `note`.
     */
    note?: true;
}
/** What a summary aims at (issue 31): a first line that fits a CI log or an editor's problem list. */
export declare const SUMMARY_LENGTH = 100;
/**
 * The fix "run pod-sequencer fix on this file": where the file is known (`check`) it becomes
 * `pod-sequencer fix <the file>` (files/commands.ts); in a KRM run, the config line `mode: apply`.
 */
export declare const RUN_FIX = "pod-sequencer fix <file>";
/** A rule id from the findings table in docs/results.md. */
export type RuleId = 'sidecar-not-first' | 'sidecar-no-readiness-gate' | 'job-sidecar-blocks-completion' | 'missing-entrypoint' | 'init-network-under-mesh' | 'process-namespace-sharing' | 'sleep-ordering' | 'native-sidecar-unsupported' | 'dependency-not-awaited' | 'pending-change' | 'init-container-probe-forbidden' | 'restart-policy-on-container' | 'native-sidecar-startup-probe-never' | 'native-sidecar-prestop' | 'prestop-exceeds-grace-period' | 'onfailure-classic-sidecar' | 'istio-hold-ignored-native' | 'native-sidecar-in-custom-kind' | 'sidecar-stops-before-app' | 'sidecar-read-as-app' | 'sidecar-endpoints-unknown' | 'handled-by-script' | 'invalid-suppression' | 'invalid-input' | 'start-order-race' | 'native-sidecar-stuck-init' | 'native-sidecar-stripped' | 'sequencing-drift' | 'kubelet-sidecar-defect' | 'mutating-webhook-reinvocation' | 'admission-webhook-missing';
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
