import { isNativeSidecar } from '../../pod/sidecars.js';
import { podField } from '../../workloads/workload.js';
import type { Rule } from '../rule.js';

/** The fields the API server allows on an init container only with `restartPolicy: Always`. */
const SIDECAR_ONLY = ['startupProbe', 'readinessProbe', 'livenessProbe', 'lifecycle'] as const;

/**
 * The API server refuses the pod ("may not be set for init containers without
 * restartPolicy=Always"): usually a native sidecar whose `restartPolicy` was lost on the way,
 * dropped by a webhook or a controller built on older Kubernetes types (DataDog/datadog-operator#1116,
 * istio/istio#49054), or a hand-written init container given a probe.
 */
export const initContainerProbeForbidden: Rule = {
  id: 'init-container-probe-forbidden',
  severity: 'error',
  needs: ['init'],
  summary: 'an init container without `restartPolicy: Always` sets a probe or lifecycle hook: the API server rejects the pod',
  check(ctx, report) {
    (ctx.w.pod.initContainers ?? []).forEach((c, i) => {
      if (isNativeSidecar(c)) return;
      for (const field of SIDECAR_ONLY) {
        if (c[field] === undefined || c[field] === null) continue;
        const policy = c.restartPolicy === undefined ? 'no restartPolicy' : `restartPolicy: ${String(c.restartPolicy)}`;
        report(
          {
            summary: `init container ${c.name} sets ${field} with ${policy}: the API server rejects the pod`,
            detail: `Only a native sidecar may set ${field}. If ${c.name} is meant to run beside the app (Kubernetes 1.29 or later), make it one; otherwise remove ${field}.`,
            fix: 'restartPolicy: Always',
          },
          `${podField(ctx.w, 'initContainers', i)}.${field}`,
        );
      }
    });
  },
};
