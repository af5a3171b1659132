import { findSidecars } from '../../pod/sidecars.js';
import { parseWrapper } from '../../shell/index.js';
import { podField } from '../../workloads/workload.js';
import { RUN_FIX } from '../../krm/types.js';
import type { Rule } from '../rule.js';

export const sidecarNotFirst: Rule = {
  id: 'sidecar-not-first',
  severity: 'warning',
  needs: ['sidecar'],
  summary: 'a known sidecar starts after an app container with no readiness gate',
  check(ctx, report) {
    const containers = ctx.w.pod.containers ?? [];
    const sidecars = findSidecars(ctx.w, ctx.cfg, ctx.facts).filter((s) => !s.native);
    const names = new Set(sidecars.map((s) => s.name));
    for (const s of sidecars) {
      if (s.keep) continue; // the injector placed it so on purpose
      // An app whose wrapper waits for this sidecar (strategy wrap, Job wrappers) is gated.
      const firstApp = containers.findIndex(
        (c) => !names.has(c.name) && !parseWrapper((c.command ?? []).map(String))?.spec.checks.some((k) => k.name === s.name),
      );
      const i = containers.findIndex((c) => c.name === s.name);
      if (firstApp >= 0 && i > firstApp) {
        report(
          {
            summary: `sidecar ${s.name} starts after app ${containers[firstApp]!.name}, which may call out before it is ready`,
            detail: `The kubelet starts containers in order and waits for none of them to be ready. pod-sequencer puts the ${s.spec.profile} sidecar first and holds the app until it is ready (strategy postStart), or makes it native.`,
            fix: RUN_FIX,
          },
          podField(ctx.w, 'containers', i),
        );
      }
    }
  },
};
