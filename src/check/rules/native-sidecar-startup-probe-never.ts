import { isNativeSidecar } from '../../pod/sidecars.js';
import { PROBE_WORKER_BUG, startupProbeMayHang } from '../../pod/kubelet-bugs.js';
import { podField } from '../../workloads/workload.js';
import type { Rule } from '../rule.js';

/**
 * A native sidecar with a startupProbe where the kubelet may lose its probe worker
 * (src/pod/kubelet-bugs.ts). pod-sequencer's native strategy gates such a sidecar with its
 * vendor's wait command in a postStart hook instead (src/sequence/native.ts), so this speaks of
 * probes it could not avoid, or that came with the input.
 */
export const nativeSidecarStartupProbeNever: Rule = {
  id: 'native-sidecar-startup-probe-never',
  severity: 'warning',
  needs: ['native'],
  summary:
    '`restartPolicy: Never` pod, native sidecar with a startupProbe, `kubernetesVersion` 1.29–1.34: the app may never start (kubernetes/kubernetes#132826)',
  check(ctx, report) {
    if (!startupProbeMayHang(ctx.cfg, ctx.w)) return;
    (ctx.w.pod.initContainers ?? []).forEach((c, i) => {
      if (!isNativeSidecar(c) || !c.startupProbe) return;
      report(
        {
          summary: `native sidecar ${c.name} with a startupProbe in a restartPolicy: Never pod may stay in Init forever`,
          detail:
            `On Kubernetes ${ctx.cfg.kubernetesVersion}, if ${c.name} exits before its probe succeeds, the kubelet stops probing it and the app never starts (${PROBE_WORKER_BUG.issue}; fixed in 1.35 and in late 1.33 and 1.34 patch releases). ` +
            'Run a fixed kubelet and set kubernetesVersion to match, or bound the pod with activeDeadlineSeconds so a stuck pod fails and the Job retries it.',
        },
        `${podField(ctx.w, 'initContainers', i)}.startupProbe`,
      );
    });
  },
};
