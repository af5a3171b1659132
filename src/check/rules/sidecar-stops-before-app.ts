import { sidecarsStoppingEarly, stayTarget } from '../../pod/stop.js';
import { RUN_FIX } from '../../krm/types.js';
import type { Rule } from '../rule.js';
import { upperFirst } from '../../yaml/text.js';

/**
 * A classic sidecar gets SIGTERM when termination starts, like the app, and stops on its own
 * clock (Istio's proxy drains 5 s, Linkerd's exits at once): an app that drains (a preStop
 * hook, then SIGTERM) loses its proxy halfway (istio/istio#36631, kumahq/kuma#4134,
 * linkerd/linkerd2#3747). Only pods whose app shows it drains are flagged; the numbers and
 * the fix are in src/pod/stop.ts and src/sequence/stop-order.ts.
 */
export const sidecarStopsBeforeApp: Rule = {
  id: 'sidecar-stops-before-app',
  severity: 'warning',
  needs: ['hook'],
  summary: 'a classic sidecar of a long-running pod stops before the app has finished draining',
  check(ctx, report) {
    const found = sidecarsStoppingEarly(ctx);
    if (!found) return;
    const target = stayTarget(ctx, found.need);
    for (const s of found.early) {
      const fix =
        s.from === 'istio'
          ? `set terminationDrainDuration: ${target}s in proxy.istio.io/config`
          : s.from === 'linkerd'
            ? `set config.alpha.linkerd.io/proxy-wait-before-exit-seconds: "${target}"`
            : `give ${s.name} a preStop sleep action of ${target}s (Kubernetes 1.30 or later)`;
      report(
        {
          summary: `classic sidecar ${s.name} stops before the app has drained: the app's last requests fail`,
          detail:
            `${s.name} stops ${s.seconds > 0 ? `about ${s.seconds}s after` : 'as soon as'} the pod starts terminating (${s.why}), but ${found.need.why}. ` +
            `${upperFirst(fix)}, or make ${s.name} a native sidecar, which the kubelet stops after the app; stopOrder.sidecarsLast: true in the config does the first for you.`,
          fix: ctx.cfg.stopOrder.sidecarsLast ? RUN_FIX : 'stopOrder.sidecarsLast: true',
        },
        s.fieldPath,
      );
    }
  },
};
