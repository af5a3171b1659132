/**
 * Live objects for audit's tests, in the shape the API server returns them: a manifest's
 * metadata and spec plus what the server adds (uid, ownerReferences, managedFields, status).
 */
import type { LiveObject } from '../../src/audit/input.js';
import type { ContainerStatus, PodStatus } from '../../src/audit/objects.js';
import type { Container, PodSpec } from '../../src/workloads/workload.js';

export const T0 = Date.parse('2026-05-01T10:00:00Z');
/** An RFC 3339 time `s` seconds after T0. */
export const at = (s: number) => new Date(T0 + s * 1000).toISOString().replace(/\.000Z$/, 'Z');

export const app = (name: string, extra: Partial<Container> = {}): Container => ({
  name,
  image: `registry.example.com/${name}:1`,
  command: [`/app/${name}`],
  ...extra,
});
export const istio = (extra: Partial<Container> = {}): Container => ({
  name: 'istio-proxy',
  image: 'docker.io/istio/proxyv2:1.24.2',
  args: ['proxy', 'sidecar'],
  ...extra,
});

let uids = 0;
const uid = () => `00000000-0000-4000-8000-${String(++uids).padStart(12, '0')}`;

export function cronJob(name: string, ns: string, pod: PodSpec): LiveObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name, namespace: ns, uid: uid(), managedFields: [{ manager: 'kubectl' }] },
    spec: { schedule: '0 * * * *', jobTemplate: { spec: { template: { spec: pod } } } },
    status: {},
  };
}

export function job(name: string, ns: string, pod: PodSpec, owner?: LiveObject): LiveObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name,
      namespace: ns,
      uid: uid(),
      ...(owner
        ? { ownerReferences: [{ apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name, uid: owner.metadata.uid, controller: true }] }
        : {}),
    },
    spec: { template: { spec: pod } },
    status: { active: 1 },
  };
}

export function deployment(name: string, ns: string, pod: PodSpec, annotations?: Record<string, string>): LiveObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: ns, uid: uid(), ...(annotations ? { annotations } : {}) },
    spec: { replicas: 1, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: pod } },
    status: { replicas: 1 },
  };
}

/** A pod made by `owner` (a Job, or a Deployment through a ReplicaSet the dump does not hold). */
export function pod(
  name: string,
  owner: LiveObject | undefined,
  spec: PodSpec,
  status: PodStatus,
  extra: { node?: string; annotations?: Record<string, string> } = {},
): LiveObject {
  const ns = owner ? String(owner.metadata.namespace) : 'default';
  const hash = '5d8f7c9b4';
  const ref =
    owner?.kind === 'Deployment'
      ? { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${String(owner.metadata.name)}-${hash}`, uid: uid(), controller: true }
      : owner
        ? { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name, uid: owner.metadata.uid, controller: true }
        : undefined;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: ns,
      uid: uid(),
      ...(owner?.kind === 'Deployment' ? { labels: { 'pod-template-hash': hash } } : {}),
      ...(extra.annotations ? { annotations: extra.annotations } : {}),
      ...(ref ? { ownerReferences: [ref] } : {}),
      managedFields: [{ manager: 'kubelet', operation: 'Update' }],
    },
    spec: { ...spec, ...(extra.node ? { nodeName: extra.node } : {}) },
    status: status as Record<string, unknown>,
  };
}

export const running = (name: string, since: number, extra: Partial<ContainerStatus> = {}): ContainerStatus => ({
  name,
  ready: true,
  started: true,
  restartCount: 0,
  state: { running: { startedAt: at(since) } },
  ...extra,
});

export const done = (name: string, from: number, to: number, code = 0): ContainerStatus => ({
  name,
  ready: false,
  started: false,
  restartCount: 0,
  state: { terminated: { exitCode: code, reason: code === 0 ? 'Completed' : 'Error', startedAt: at(from), finishedAt: at(to) } },
});

export function node(name: string, kubelet: string, heartbeat = 3600): LiveObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name },
    status: { nodeInfo: { kubeletVersion: kubelet }, conditions: [{ type: 'Ready', status: 'True', lastHeartbeatTime: at(heartbeat) }] },
  };
}

export function webhooks(name: string, hooks: { name: string; reinvocationPolicy?: string; service?: string }[]): LiveObject {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingWebhookConfiguration',
    metadata: { name },
    webhooks: hooks.map((h) => ({
      name: h.name,
      ...(h.reinvocationPolicy ? { reinvocationPolicy: h.reinvocationPolicy } : {}),
      clientConfig: { service: { name: h.service ?? name, namespace: 'system' } },
      rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] }],
      sideEffects: 'None',
    })),
  };
}

export const list = (items: LiveObject[]) => ({ apiVersion: 'v1', kind: 'List', items });
