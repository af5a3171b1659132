import { isNativeSidecar, minorVersion } from '../../pod/sidecars.js';
import { versionAssumed } from '../../config/types.js';
import { podDeadline, podField } from '../../workloads/workload.js';
import type { Rule } from '../rule.js';

/** The kubelets with kubernetes/kubernetes#132826: native sidecars from 1.29, fixed in 1.35 (and 1.33/1.34 patch releases). */
const AFFECTED = { from: 29, to: 34 };

/**
 * kubernetes/kubernetes#132826: in a pod with `restartPolicy: Never`, a native sidecar whose
 * startupProbe has not yet succeeded when the sidecar exits (a crash, or a failed first probe
 * that restarts it) loses its probe worker for good; the sidecar is never "started", so the app
 * never starts and the pod hangs in Init. Fixed by kubernetes/kubernetes#133072, backported to
 * the 1.33 and 1.34 branches (kubernetes/kubernetes#134800), so a patch level we cannot see
 * decides there: the rule speaks for every 1.29-1.34 target.
 */
export const nativeSidecarStartupProbeNever: Rule = {
  id: 'native-sidecar-startup-probe-never',
  severity: 'warning',
  needs: ['native'],
  summary:
    '`restartPolicy: Never` pod, native sidecar with a startupProbe, `kubernetesVersion` 1.29–1.34: the app may never start (kubernetes/kubernetes#132826)',
  check(ctx, report) {
    const minor = minorVersion(ctx.cfg);
    // An assumed release (no kubernetesVersion) is not a target in the affected range: the rule
    // would otherwise speak on every native Job sidecar, pod-sequencer's own output included.
    if (versionAssumed(ctx.cfg)) return;
    if (ctx.w.restartPolicy !== 'Never' || minor === undefined || minor < AFFECTED.from || minor > AFFECTED.to) return;
    // Already bounded (one of the fixes below): a stuck pod fails at its deadline and the Job retries it.
    if (podDeadline(ctx.w) !== undefined) return;
    (ctx.w.pod.initContainers ?? []).forEach((c, i) => {
      if (!isNativeSidecar(c) || !c.startupProbe) return;
      report(
        {
          summary: `native sidecar ${c.name} with a startupProbe in a restartPolicy: Never pod may stay in Init forever`,
          detail:
            `On Kubernetes ${ctx.cfg.kubernetesVersion}, if ${c.name} exits before its probe succeeds, the kubelet stops probing it and the app never starts (kubernetes/kubernetes#132826; fixed in 1.35 and in late 1.33 and 1.34 patch releases). ` +
            'Run a fixed kubelet, or bound the pod with activeDeadlineSeconds so a stuck pod fails and the Job retries it.',
        },
        `${podField(ctx.w, 'initContainers', i)}.startupProbe`,
      );
    });
  },
};
