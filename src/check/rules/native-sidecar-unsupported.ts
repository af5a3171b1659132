import { minorVersion, NATIVE_SIDECARS_SINCE } from '../../pod/sidecars.js';
import { podField } from '../../workloads/workload.js';
import type { Rule } from '../rule.js';

export const nativeUnsupported: Rule = {
  id: 'native-sidecar-unsupported',
  severity: 'error',
  needs: ['native'],
  summary: '`restartPolicy: Always` init containers while kubernetesVersion < 1.29',
  check(ctx, report) {
    const minor = minorVersion(ctx.cfg);
    if (minor === undefined || minor >= NATIVE_SIDECARS_SINCE) return;
    (ctx.w.pod.initContainers ?? []).forEach((c, i) => {
      if (c.restartPolicy !== 'Always') return;
      report(
        {
          summary: `native sidecar ${c.name} on Kubernetes ${ctx.cfg.kubernetesVersion}: the pod would hang in Init`,
          detail: `${c.name} is an init container with restartPolicy: Always; native sidecars are on by default from Kubernetes 1.29. If the cluster runs 1.29 or later, raise kubernetesVersion; otherwise use strategy postStart.`,
          fix: 'kubernetesVersion: "1.29"',
        },
        podField(ctx.w, 'initContainers', i),
      );
    });
  },
};
