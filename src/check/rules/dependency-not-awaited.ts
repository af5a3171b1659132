import { DEPENDENCIES_ANNOTATION, dependenciesOf, describeTarget, sameTarget, WAIT_PREFIX } from '../../pod/dependencies.js';
import { parseDependencyWait } from '../../shell/index.js';
import { podField } from '../../workloads/workload.js';
import { RUN_FIX } from '../../krm/types.js';
import type { Rule } from '../rule.js';

/**
 * A dependency of this workload (config, or its annotation) that no init container of ours waits
 * for (matched by target, whatever their name). One the pod's own init container already loops on
 * is not a dependency here at all (dependenciesOf, pod/waits.ts).
 */
export const dependencyNotAwaited: Rule = {
  id: 'dependency-not-awaited',
  severity: 'warning',
  needs: ['dependency'],
  summary: 'a configured dependency has no wait in a selected workload',
  check(ctx, report) {
    const { deps, problems } = dependenciesOf(ctx);
    if (deps.length === 0 && problems.length === 0) return; // most workloads
    const waits = (ctx.w.pod.initContainers ?? []).flatMap((c) => parseDependencyWait((c.command ?? []).map(String))?.dep ?? []);
    for (const d of deps) {
      if (waits.some((w) => sameTarget(w, d))) continue;
      report(
        {
          summary: `dependency ${d.name} has no wait in this pod, so the app may start before it is up`,
          detail: `${d.name} is ${describeTarget(d)}. pod-sequencer adds init container ${WAIT_PREFIX}${d.name}, which waits for it.`,
          fix: RUN_FIX,
        },
        podField(ctx.w, 'initContainers'),
      );
    }
    // In apply mode the transform has already reported these as errors.
    if (ctx.cfg.mode !== 'check') return;
    for (const p of problems) report(p.self ? p.text : `annotation ${DEPENDENCIES_ANNOTATION}: ${p.text}, so nothing waits for it`, p.path);
  },
};
