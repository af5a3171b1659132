/**
 * Where the pod runs, as its spec says: the host's network, a Windows node, a system namespace.
 * Each limits what a wait, a wrapper or a mesh can do there (docs/decisions.md, "Evidence before
 * names").
 */
import type { Message } from '../krm/types.js';
import type { Workload } from '../workloads/workload.js';

/**
 * The pod field that puts it on Windows nodes, if one does: `spec.os.name` (the API server then
 * holds the pod to validateWindows: kubernetes/kubernetes pkg/apis/core/validation/validation.go)
 * or a `kubernetes.io/os` node selector. POSIX sh waits and wrappers cannot run there.
 */
export function windowsField(w: Workload): 'os' | 'nodeSelector' | undefined {
  const os = w.pod.os as Record<string, unknown> | undefined;
  if (os?.name === 'windows') return 'os';
  const selector = w.pod.nodeSelector as Record<string, unknown> | undefined;
  return selector?.['kubernetes.io/os'] === 'windows' ? 'nodeSelector' : undefined;
}

export function onWindows(w: Workload): boolean {
  return windowsField(w) !== undefined;
}

/**
 * Why a Windows pod is left as it is, naming the field that says so; for a pod that runs to
 * completion, what would make it finish without a Linux shell (docs/decisions.md, "Where the pod
 * runs limits what it gets").
 */
export function windowsNote(w: Workload): Message {
  const field = windowsField(w) === 'os' ? 'os.name: windows' : 'nodeSelector kubernetes.io/os: windows';
  const base = 'The waits and wrappers pod-sequencer writes are POSIX shell in Linux images; it adds no Linux container and rewrites no command here.';
  const job = w.jobLike
    ? " For the pod to complete while a sidecar runs, the app must end the sidecar itself when its work is done (the sidecar's quit endpoint, for example cloud-sql-proxy's --quitquitquit), or the sidecar must be native (an init container with restartPolicy: Always, Kubernetes 1.29 or later), which ends after the app without a wrapper."
    : '';
  return { summary: `Windows pod (${field}): left unchanged`, detail: base + job };
}
/** The pod uses the node's network: no mesh injects it, and cluster DNS needs ClusterFirstWithHostNet. */
export function onHostNetwork(w: Workload): boolean {
  return w.pod.hostNetwork === true;
}

/** Cluster Service names resolve in this pod (not on the host network without ClusterFirstWithHostNet). */
export function resolvesClusterNames(w: Workload): boolean {
  return !onHostNetwork(w) || w.pod.dnsPolicy === 'ClusterFirstWithHostNet';
}

/** Namespaces the mesh injectors leave alone by default (Istio's and Linkerd's webhooks skip them). */
export const SYSTEM_NAMESPACES = ['kube-system', 'kube-public', 'kube-node-lease'];
