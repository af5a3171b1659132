import { probeBlocked } from '../../pod/ports.js';
import { findSidecars } from '../../pod/sidecars.js';
import { postStartHolds } from '../../pod/gate.js';
import { parseWrapper } from '../../shell/index.js';
import { podField } from '../../workloads/workload.js';
import { RUN_FIX } from '../../krm/types.js';
import type { Rule } from '../rule.js';

export const sidecarNoReadinessGate: Rule = {
  id: 'sidecar-no-readiness-gate',
  severity: 'warning',
  needs: ['sidecar'],
  summary: 'sidecar first, but nothing holds the app until it is ready',
  check(ctx, report) {
    const pod = ctx.w.pod;
    const containers = pod.containers ?? [];
    const sidecars = findSidecars(ctx.w, ctx.cfg, ctx.facts);
    for (const s of sidecars) {
      if (!s.spec.readiness && !s.spec.waitCommand) continue; // nothing to wait on (e.g. vault agent)
      if (s.keep) continue; // the injector left it ungated on purpose
      // Strategy first is "only move it to containers[0]" (shared/design/function-config.md): the
      // config asked for no gate, and fix writes none (issue 39: check on fix's output is quiet).
      if (!s.native && s.spec.strategy === 'first') continue;
      if (s.native) {
        const i = (pod.initContainers ?? []).findIndex((c) => c.name === s.name);
        const c = pod.initContainers![i]!;
        if (!c.startupProbe && !c.lifecycle?.postStart) {
          // Where no probe reaches it, pod-sequencer added none (src/sequence/native.ts).
          const blocked = probeBlocked(s.spec, c);
          report(
            {
              summary: `native sidecar ${s.name} has no startupProbe, so the app starts before it is ready`,
              detail: blocked
                ? `No probe can reach it: ${blocked.why}. Set ${blocked.fix}, then pod-sequencer (strategy native) adds the probe.`
                : 'The kubelet starts the app as soon as a native sidecar without a startupProbe has started. pod-sequencer (strategy native) adds one.',
              fix: blocked ? blocked.fix : RUN_FIX,
            },
            podField(ctx.w, 'initContainers', i),
          );
        }
        continue;
      }
      const i = containers.findIndex((c) => c.name === s.name);
      const before = containers.slice(0, i).some((c) => !sidecars.some((x) => x.name === c.name));
      if (before) continue; // sidecar-not-first covers it
      // Or every app after it waits for it in a wrapper (strategy wrap, Job wrappers).
      const wrapped = containers
        .slice(i + 1)
        .every((c) => sidecars.some((x) => x.name === c.name) || parseWrapper((c.command ?? []).map(String))?.spec.checks.some((k) => k.name === s.name));
      // The hook the postStart step writes or keeps holds it, with whatever budget (src/pod/gate.ts).
      if (!postStartHolds(s.spec, containers[i]!) && !wrapped) {
        report(
          {
            summary: `sidecar ${s.name} is first, but nothing holds the app until it is ready`,
            detail:
              'The kubelet starts the next container once this one has started, not once it is ready. pod-sequencer holds the app (strategy postStart) or makes the sidecar native with a startupProbe.',
            fix: RUN_FIX,
          },
          podField(ctx.w, 'containers', i),
        );
      }
    }
  },
};
