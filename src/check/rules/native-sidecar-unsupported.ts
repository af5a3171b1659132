import { minorVersion, NATIVE_SIDECARS_SINCE } from '../../pod/sidecars.js';
import { podField } from '../../workloads/workload.js';
import type { Rule } from '../rule.js';

export const nativeUnsupported: Rule = {
  id: 'native-sidecar-unsupported',
  severity: 'error',
  summary: '`restartPolicy: Always` init containers while kubernetesVersion < 1.29',
  check(ctx, report) {
    const minor = minorVersion(ctx.cfg);
    if (minor === undefined || minor >= NATIVE_SIDECARS_SINCE) return;
    (ctx.w.pod.initContainers ?? []).forEach((c, i) => {
      if (c.restartPolicy !== 'Always') return;
      report(
        `init container ${c.name} is a native sidecar (restartPolicy: Always), but Kubernetes ${ctx.cfg.kubernetesVersion} has no native sidecars on by default (1.29+): the pod would hang in Init; raise kubernetesVersion or use strategy postStart`,
        podField(ctx.w, 'initContainers', i),
      );
    });
  },
};
