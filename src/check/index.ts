import { onWindows, WINDOWS_NOTE } from '../pod/host.js';
import type { Ctx } from '../sequence/context.js';
import { podField } from '../workloads/workload.js';
import type { Rule } from './rule.js';
import { dependencyNotAwaited } from './rules/dependency-not-awaited.js';
import { jobSidecarBlocksCompletion } from './rules/job-sidecar-blocks-completion.js';
import { missingEntrypoint } from './rules/missing-entrypoint.js';
import { initNetworkUnderMesh } from './rules/init-network-under-mesh.js';
import { nativeUnsupported } from './rules/native-sidecar-unsupported.js';
import { processNamespaceSharing } from './rules/process-namespace-sharing.js';
import { sidecarNoReadinessGate } from './rules/sidecar-no-readiness-gate.js';
import { sidecarNotFirst } from './rules/sidecar-not-first.js';
import { sleepOrdering } from './rules/sleep-ordering.js';

export type { Rule } from './rule.js';

/** Every rule, in the order of the table in docs/results.md. Add a rule: one file under rules/, one line here. */
export const rules: Rule[] = [
  sidecarNotFirst,
  sidecarNoReadinessGate,
  jobSidecarBlocksCompletion,
  missingEntrypoint,
  initNetworkUnderMesh,
  processNamespaceSharing,
  sleepOrdering,
  nativeUnsupported,
  dependencyNotAwaited,
];

export function runRules(ctx: Ctx): void {
  // A Windows pod is left as it is (sequence/index.ts says why, in apply mode): no rule may
  // promise a fix that will not come.
  if (onWindows(ctx.w)) {
    if (ctx.cfg.mode === 'check') ctx.report('warning', WINDOWS_NOTE, podField(ctx.w, 'nodeSelector'));
    return;
  }
  for (const rule of rules) {
    rule.check(ctx, (message, fieldPath) => ctx.report(rule.severity, message, fieldPath, rule.id));
  }
}
