/**
 * Kubelet bugs that decide what a pod may safely hold, read by the transforms (what to write)
 * and the rules (what to flag) alike, so both give one answer.
 */
import { versionAssumed, type Config } from '../config/types.js';
import { podDeadline, type Workload } from '../workloads/workload.js';
import { minorVersion } from './sidecars.js';

/**
 * kubernetes/kubernetes#132826: in a pod with `restartPolicy: Never`, a native sidecar whose
 * startupProbe has not yet succeeded when the sidecar exits (a crash, or a failed first probe
 * that restarts it) loses its probe worker for good; the sidecar is never "started", so the app
 * never starts and the pod hangs in Init. Native sidecars came in 1.29; fixed by
 * kubernetes/kubernetes#133072 in 1.35 and backported to the 1.33 and 1.34 branches
 * (kubernetes/kubernetes#134800), so a patch level we cannot see decides there: 1.29-1.34 all count.
 */
export const PROBE_WORKER_BUG = { from: 29, to: 34, issue: 'kubernetes/kubernetes#132826' } as const;

/**
 * A startupProbe on a native sidecar of this pod may leave it in Init for good: a Never pod, a
 * kubernetesVersion set in the affected range (an assumed one is no target), and no deadline
 * that would fail a stuck pod so the Job retries it.
 */
export function startupProbeMayHang(cfg: Config, w: Workload): boolean {
  const minor = minorVersion(cfg);
  if (versionAssumed(cfg) || minor === undefined || minor < PROBE_WORKER_BUG.from || minor > PROBE_WORKER_BUG.to) return false;
  return w.restartPolicy === 'Never' && podDeadline(w) === undefined;
}
