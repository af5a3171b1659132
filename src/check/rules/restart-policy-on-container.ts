import { podField } from '../../workloads/workload.js';
import type { Rule } from '../rule.js';

/**
 * `restartPolicy` on an entry of `containers` (RedHatInsights/clowder#1783: a Job's UI sidecars
 * were given `restartPolicy: Always` in `containers` and the Job hung). The API server refuses
 * it unless container restart rules are on (KEP-5307, alpha in 1.34); with them it only says when
 * that container is restarted. Either way the container is never a sidecar: only an init
 * container with `restartPolicy: Always` is one.
 */
export const restartPolicyOnContainer: Rule = {
  id: 'restart-policy-on-container',
  severity: 'error',
  needs: ['restartPolicy'],
  summary: '`restartPolicy` on an entry of `containers`: refused before container restart rules, never a sidecar after',
  check(ctx, report) {
    (ctx.w.pod.containers ?? []).forEach((c, i) => {
      if (c.restartPolicy === undefined || c.restartPolicy === null) return;
      const sidecar =
        c.restartPolicy === 'Always'
          ? `To make ${c.name} a native sidecar, move it to initContainers (restartPolicy: Always there, Kubernetes 1.29 or later).`
          : 'Remove it, or set the pod-level spec.restartPolicy.';
      report(
        {
          summary: `container ${c.name} sets restartPolicy: ${String(c.restartPolicy)}: the API server refuses it`,
          detail: `Only with container restart rules enabled (ContainerRestartRules, alpha in Kubernetes 1.34) is it accepted, and even then it does not make a sidecar. ${sidecar}`,
        },
        `${podField(ctx.w, 'containers', i)}.restartPolicy`,
      );
    });
  },
};
