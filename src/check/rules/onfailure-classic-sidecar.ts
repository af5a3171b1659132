import { meshedSidecars } from '../../pod/mesh.js';
import { findSidecars } from '../../pod/sidecars.js';
import type { Rule } from '../rule.js';

/**
 * With `restartPolicy: OnFailure` a failed app container is restarted in the same pod, and a
 * classic sidecar is not there for it: one that was asked to quit (or exited 0 after its hold
 * timed out) is not restarted, so the app waits or fails again (istio/istio#45627,
 * defenseunicorns/uds-core#913); its start hold only ever ran once, at pod start. A native
 * sidecar keeps running across the app's restarts; `restartPolicy: Never` retries in a new pod.
 */
export const onfailureClassicSidecar: Rule = {
  id: 'onfailure-classic-sidecar',
  severity: 'warning',
  needs: ['job'],
  summary: 'Job-like pod, `restartPolicy: OnFailure`, classic sidecar: after an in-place restart the sidecar is gone or its hold fails',
  check(ctx, report) {
    const { w, cfg } = ctx;
    if (!w.jobLike || w.restartPolicy !== 'OnFailure') return;
    const classic = [
      ...findSidecars(w, cfg, ctx.facts)
        .filter((s) => !s.native)
        .map((s) => s.name),
      ...meshedSidecars(ctx)
        .filter((m) => !m.native)
        .map((m) => m.container),
    ];
    if (classic.length === 0) return;
    report(
      {
        summary: `restartPolicy: OnFailure with classic sidecar ${classic.join(', ')}: a restarted app may lack it`,
        detail:
          'OnFailure restarts a failed app container in the same pod, but a classic sidecar is not restarted once it exits 0 (its hold timed out, or something asked it to quit after a failed run), and its start hold runs only once, so the restarted app may run without it or wait for it forever. ' +
          'With restartPolicy: Never the Job retries in a new pod (up to backoffLimit); or make the sidecar native (Kubernetes 1.29 or later).',
        fix: 'restartPolicy: Never',
      },
      w.restartPolicyAt,
    );
  },
};
