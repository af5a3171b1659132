import { type Config, versionAssumed } from '../config/types.js';
import type { Result, RuleId, Severity } from '../krm/types.js';
import type { ShellEnv } from '../shell/index.js';
import type { Workload } from '../workloads/workload.js';

/** What the input as a whole says, beyond one workload (read once per run). */
export interface InputFacts {
  /** Namespace items in the input, by name: their labels and annotations (mesh injection). */
  namespaces: Map<string, { labels: Record<string, string>; annotations: Record<string, string> }>;
  /** Service items in the input: which pods each selects (a workload must not wait for itself). */
  services: { name: string; namespace: string; selector: Record<string, string> }[];
  /**
   * The assumed kubernetesVersion (none in the config) decided something for a workload: `rested`
   * is set by the step that relied on it, `said` once processItems has reported it (once a run).
   */
  assumedVersion?: { rested: boolean; said: boolean };
}

export const noFacts = (): InputFacts => ({ namespaces: new Map(), services: [] });

/** How the target release reads in a result: `Kubernetes 1.30`, or, when the config gives none, `Kubernetes 1.29 or later (assumed)`. */
export function kubernetesText(cfg: Config): string {
  return versionAssumed(cfg) ? `Kubernetes ${cfg.kubernetesVersion} or later (assumed)` : `Kubernetes ${cfg.kubernetesVersion}`;
}

/** A change to this workload rests on the assumed kubernetesVersion: the run says so once (process.ts). */
export function restsOnAssumedVersion(ctx: Ctx): void {
  if (versionAssumed(ctx.cfg)) (ctx.facts.assumedVersion ??= { rested: false, said: false }).rested = true;
}

/** The one result a run gives when an assumed kubernetesVersion decided something. */
export function assumedVersionMessage(cfg: Config): string {
  return `kubernetesVersion not set: assumed ${cfg.kubernetesVersion} or later, where sidecars are native; for classic sidecars set kubernetesVersion: "1.28"`;
}

/** Everything a transform needs for one workload. */
export interface Ctx {
  cfg: Config;
  w: Workload;
  facts: InputFacts;
  shell: ShellEnv;
  /** Report a change or finding about this workload (resourceRef and file are filled in). */
  /** `suppressed`: the reason a suppression annotation gives; the result is kept apart from findings. */
  report(severity: Severity, message: string, fieldPath?: string, rule?: RuleId, suppressed?: string): void;
}

/** Where pod-sequencer's tools volume is mounted, and the init container that fills it. */
export const TOOLS_DIR = '/.seq';
export const TOOLS_CONTAINER = 'seq-tools';

export function makeCtx(cfg: Config, w: Workload, sink: Result[], facts: InputFacts = noFacts()): Ctx {
  return {
    cfg,
    w,
    facts,
    shell: { delivery: cfg.tools.delivery, toolsDir: TOOLS_DIR },
    report(reported, message, fieldPath, rule, suppressed) {
      // `spec.rules` (issue 18): one place, so every output and the exit code see the same
      // severity. Only the finding changes: what a transform did or held back stays (docs/decisions.md).
      const level = rule ? cfg.rules[rule] : undefined;
      if (level === 'off') return;
      const severity = level ?? reported;
      sink.push({
        message,
        severity,
        resourceRef: w.ref,
        ...(fieldPath ? { field: { path: fieldPath } } : {}),
        ...(w.file ? { file: w.file } : {}),
        ...(rule ? { tags: { rule, ...(suppressed !== undefined ? { suppressed } : {}) } } : {}),
      });
    },
  };
}
