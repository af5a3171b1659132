/**
 * Where the pod runs, as its spec says: the host's network, a Windows node, a system namespace.
 * Each limits what a wait, a wrapper or a mesh can do there (docs/decisions.md, "Evidence before
 * names").
 */
import type { Message } from '../krm/types.js';
import type { Workload } from '../workloads/workload.js';

/** The pod runs on Windows nodes (nodeSelector kubernetes.io/os): POSIX sh waits cannot run. */
export function onWindows(w: Workload): boolean {
  const selector = w.pod.nodeSelector as Record<string, unknown> | undefined;
  return selector?.['kubernetes.io/os'] === 'windows';
}

export const WINDOWS_NOTE: Message = {
  summary: 'Windows pod (nodeSelector kubernetes.io/os: windows): left unchanged',
  detail: 'The waits and wrappers pod-sequencer writes are POSIX shell in Linux images.',
};

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
