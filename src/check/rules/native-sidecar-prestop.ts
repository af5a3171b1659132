import { preStopEnds } from '../../pod/stop.js';
import { isNativeSidecar } from '../../pod/sidecars.js';
import { podField } from '../../workloads/workload.js';
import type { Rule } from '../rule.js';

/**
 * A native sidecar's preStop runs when the pod starts terminating, at the same time as the app's
 * (KEP-753), not after the app has exited: a preStop that quits, kills or closes the sidecar's
 * listeners takes it away while the app still drains. Linkerd removed exactly such a hook from
 * its native proxy (linkerd/linkerd2#11465); the kubelet already sends the native sidecar SIGTERM
 * once the app containers have exited.
 */
export const nativeSidecarPrestop: Rule = {
  id: 'native-sidecar-prestop',
  severity: 'warning',
  needs: ['native'],
  summary: "a native sidecar's preStop quits, drains or kills it while the app still drains",
  check(ctx, report) {
    (ctx.w.pod.initContainers ?? []).forEach((c, i) => {
      if (!isNativeSidecar(c)) return;
      const ends = preStopEnds(c);
      if (!ends) return;
      report(
        {
          summary: `native sidecar ${c.name} ends itself in preStop, while the app still drains and needs it`,
          detail: `Its hook (\`${ends.what}\`) runs as soon as the pod starts terminating. Remove it: the kubelet stops ${c.name} with SIGTERM only after the app containers have exited.`,
        },
        `${podField(ctx.w, 'initContainers', i)}.${ends.field}`,
      );
    });
  },
};
