import { versionAssumed } from '../../config/types.js';
import type { Severity } from '../../krm/types.js';
import { minorVersion } from '../../pod/sidecars.js';
import { podField } from '../../workloads/workload.js';
import type { Rule } from '../rule.js';

/**
 * The ContainerRestartRules feature gate (KEP-5307), which lets a regular container set its own
 * restartPolicy: alpha and off by default in 1.34, beta and on by default in 1.35
 * (kubernetes/kubernetes pkg/features/kube_features.go: `{Version: "1.34", Default: false,
 * PreRelease: Alpha}`, `{Version: "1.35", Default: true, PreRelease: Beta}`).
 */
const RESTART_RULES = { gate: 'ContainerRestartRules', alpha: 34, onByDefault: 35 } as const;

/**
 * `restartPolicy` on an entry of `containers` (RedHatInsights/clowder#1783: a Job's UI sidecars
 * were given `restartPolicy: Always` in `containers` and the Job hung). Before the gate the API
 * server refuses it; with it, it only says when that container is restarted, and the container is
 * never a sidecar: only an init container with `restartPolicy: Always` is one. An error where the
 * target release refuses it (a stated kubernetesVersion below 1.34) or where it keeps a Job from
 * completing (`Always` in a run-to-completion pod); elsewhere a warning that names the gate
 * (JobSet's in-place restart examples rely on it, issue 39).
 */
export const restartPolicyOnContainer: Rule = {
  id: 'restart-policy-on-container',
  severity: 'error',
  needs: ['restartPolicy'],
  summary: '`restartPolicy` on an entry of `containers`: refused before container restart rules (1.34), never a sidecar',
  check(ctx, report) {
    const minor = versionAssumed(ctx.cfg) ? undefined : minorVersion(ctx.cfg);
    const refused = minor !== undefined && minor < RESTART_RULES.alpha;
    (ctx.w.pod.containers ?? []).forEach((c, i) => {
      if (c.restartPolicy === undefined || c.restartPolicy === null) return;
      const policy = String(c.restartPolicy);
      const hangs = policy === 'Always' && ctx.w.jobLike;
      const sidecar =
        policy === 'Always' ? ` To make ${c.name} a native sidecar, move it to initContainers (restartPolicy: Always there, Kubernetes 1.29 or later).` : '';
      const where = `${podField(ctx.w, 'containers', i)}.restartPolicy`;
      const severity: Severity = refused || hangs ? 'error' : 'warning';
      if (refused) {
        report(
          {
            summary: `container ${c.name} sets restartPolicy: ${policy}: the API server of Kubernetes ${ctx.cfg.kubernetesVersion} refuses it`,
            detail: `A container's own restartPolicy needs the ${RESTART_RULES.gate} feature gate (alpha in 1.34, on by default from 1.35).${sidecar || ' Remove it, or set the pod-level spec.restartPolicy.'}`,
          },
          where,
          severity,
        );
        return;
      }
      report(
        {
          summary: hangs
            ? `container ${c.name} sets restartPolicy: Always: refused, or restarted on every exit, so this ${ctx.w.kind} never completes`
            : `container ${c.name} sets restartPolicy: ${policy}: accepted only with the ${RESTART_RULES.gate} feature gate`,
          detail: `${RESTART_RULES.gate} is alpha and off by default in Kubernetes 1.34, on by default from 1.35; without it the API server refuses the field. It says when this container is restarted and never makes it a sidecar.${sidecar}`,
        },
        where,
        severity,
      );
    });
  },
};
