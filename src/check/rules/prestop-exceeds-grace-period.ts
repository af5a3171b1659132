import { gracePeriod, preStopSleep } from '../../pod/stop.js';
import { isNativeSidecar } from '../../pod/sidecars.js';
import { podField } from '../../workloads/workload.js';
import type { Rule } from '../rule.js';

/**
 * The grace period counts from the start of the preStop hook (kubernetes/kubernetes#65496: a
 * 5-minute preStop killed after the default 30 s): a preStop that sleeps as long as the grace
 * period, or longer, is cut off by SIGKILL, and the container never gets its SIGTERM to drain.
 */
export const prestopExceedsGracePeriod: Rule = {
  id: 'prestop-exceeds-grace-period',
  severity: 'warning',
  needs: ['hook'],
  summary: 'a preStop sleep ≥ `terminationGracePeriodSeconds` (default 30)',
  check(ctx, report) {
    const grace = gracePeriod(ctx.w);
    const given = ctx.w.pod.terminationGracePeriodSeconds === undefined ? ' (the default)' : '';
    const check = (list: 'initContainers' | 'containers') =>
      (ctx.w.pod[list] ?? []).forEach((c, i) => {
        if (list === 'initContainers' && !isNativeSidecar(c)) return; // hooks of init containers never run
        const sleep = preStopSleep(c);
        if (!sleep || sleep.seconds < grace) return;
        report(
          {
            summary: `${c.name}'s preStop sleeps ${sleep.seconds}s of a ${grace}s grace period: it is killed without a clean stop`,
            detail:
              `terminationGracePeriodSeconds is ${grace}${given}: the kubelet kills the container when it ends, so it never gets SIGTERM to shut down cleanly. ` +
              'Raise terminationGracePeriodSeconds above the sleep plus the time the container needs to stop, or shorten the sleep.',
          },
          `${podField(ctx.w, list, i)}.${sleep.field}`,
        );
      });
    check('initContainers');
    check('containers');
  },
};
