import { findSidecars } from '../../pod/sidecars.js';
import { parseWrapper } from '../../shell/index.js';
import { podField } from '../../workloads/workload.js';
import type { Rule } from '../rule.js';

export const sidecarNotFirst: Rule = {
  id: 'sidecar-not-first',
  severity: 'warning',
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
          `sidecar ${s.name} (${s.spec.profile}) starts after app container ${containers[firstApp]!.name}, which may call out before the sidecar is ready; run pod-sequencer (strategy postStart or native) to fix`,
          podField(ctx.w, 'containers', i),
        );
      }
    }
  },
};
