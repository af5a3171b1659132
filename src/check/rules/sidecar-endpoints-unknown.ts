import { findSidecars } from '../../pod/sidecars.js';
import { podField } from '../../workloads/workload.js';
import type { Rule } from '../rule.js';

/**
 * A sidecar whose endpoints the input does not show (Envoy with no admin listener in a bootstrap
 * the input holds: src/pod/bootstrap.ts) gets no readiness gate and no quit call; this says so
 * and what would make one, in `check` and after `fix` alike, at the sidecar as it sits now.
 */
export const sidecarEndpointsUnknown: Rule = {
  id: 'sidecar-endpoints-unknown',
  severity: 'info',
  needs: ['sidecar'],
  summary: 'sidecar whose readiness and quit endpoints the input does not show: no gate, no quit call',
  check(ctx, report) {
    const pod = ctx.w.pod;
    for (const s of findSidecars(ctx.w, ctx.cfg, ctx.facts)) {
      if (!s.note) continue;
      const list = s.native ? 'initContainers' : 'containers';
      report(
        s.note,
        podField(
          ctx.w,
          list,
          (pod[list] ?? []).findIndex((c) => c.name === s.name),
        ),
      );
    }
  },
};
