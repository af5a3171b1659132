/**
 * The dump as audit reads it: pods, the owners that hold their templates, nodes and mutating
 * webhook configurations, indexed once. Only the fields a finding reads are typed here; every
 * other field the API server adds (managedFields, resourceVersion, uid, defaults) is carried
 * along and never compared.
 */
import { BUILTIN_SITES } from '../workloads/kinds.js';
import { expand } from '../workloads/paths.js';
import { getPath } from '../workloads/workload.js';
import type { LiveObject } from './input.js';

export interface ContainerState {
  running?: { startedAt?: string };
  terminated?: { exitCode?: number; reason?: string; startedAt?: string; finishedAt?: string };
  waiting?: { reason?: string; message?: string };
}

export interface ContainerStatus {
  name: string;
  ready?: boolean;
  started?: boolean;
  restartCount?: number;
  state?: ContainerState;
  lastState?: ContainerState;
}

export interface PodStatus {
  phase?: string;
  startTime?: string;
  conditions?: { type: string; status: string; lastTransitionTime?: string }[];
  containerStatuses?: ContainerStatus[];
  initContainerStatuses?: ContainerStatus[];
}

/** Kind/namespace/name, the way findings and the summary name an object. */
export interface ObjectId {
  kind: string;
  namespace?: string;
  name: string;
}

export const idText = (o: ObjectId) => `${o.kind}/${o.namespace ? `${o.namespace}/` : ''}${o.name}`;

/** The kinds whose objects hold the templates pods are made from (what `kubectl get` is asked for). */
const OWNER_KINDS = new Set(['Job', 'CronJob', 'Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet']);

export interface Dump {
  pods: LiveObject[];
  nodes: Map<string, LiveObject>;
  webhooks: LiveObject[];
  /** Owners by `Kind/namespace/name`. */
  owners: Map<string, LiveObject>;
  /** Owners by uid (ownerReferences name the uid too). */
  byUid: Map<string, LiveObject>;
  /** The newest timestamp in the dump (ms): about when it was taken. */
  newest?: number;
  /** Objects of kinds audit does not read, by kind (said in the summary, never an error). */
  other: Map<string, number>;
}

const meta = (o: LiveObject) =>
  o.metadata as {
    name?: string;
    namespace?: string;
    uid?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    ownerReferences?: OwnerRef[];
    creationTimestamp?: string;
  };

export interface OwnerRef {
  kind?: string;
  name?: string;
  uid?: string;
  controller?: boolean;
}

export function nameOf(o: LiveObject): ObjectId {
  const m = meta(o);
  return { kind: o.kind, ...(m.namespace ? { namespace: m.namespace } : {}), name: String(m.name ?? '') };
}

export const labelsOf = (o: LiveObject): Record<string, string> => meta(o).labels ?? {};
export const annotationsOf = (o: LiveObject): Record<string, string> => meta(o).annotations ?? {};
export const statusOf = (o: LiveObject): PodStatus => (o.status ?? {}) as PodStatus;

export function indexDump(objects: readonly LiveObject[]): Dump {
  const dump: Dump = { pods: [], nodes: new Map(), webhooks: [], owners: new Map(), byUid: new Map(), other: new Map() };
  for (const o of objects) {
    if (o.kind === 'Pod') dump.pods.push(o);
    else if (o.kind === 'Node') dump.nodes.set(String(meta(o).name), o);
    else if (o.kind === 'MutatingWebhookConfiguration') dump.webhooks.push(o);
    else if (OWNER_KINDS.has(o.kind)) {
      dump.owners.set(idText(nameOf(o)), o);
      const uid = meta(o).uid;
      if (uid) dump.byUid.set(uid, o);
    } else dump.other.set(o.kind, (dump.other.get(o.kind) ?? 0) + 1);
  }
  dump.newest = newestTime(dump);
  return dump;
}

/**
 * About when the dump was taken: its newest timestamp. Nodes' heartbeats (every few seconds to a
 * minute) come first; without nodes, the newest container start or end and condition change.
 */
function newestTime(dump: Dump): number | undefined {
  let newest: number | undefined;
  const see = (t: unknown) => {
    if (typeof t !== 'string') return;
    const ms = Date.parse(t);
    if (!Number.isNaN(ms) && (newest === undefined || ms > newest)) newest = ms;
  };
  for (const n of dump.nodes.values()) for (const c of (n.status?.conditions ?? []) as { lastHeartbeatTime?: string }[]) see(c.lastHeartbeatTime);
  for (const p of dump.pods) {
    const s = statusOf(p);
    see(s.startTime);
    for (const c of s.conditions ?? []) see(c.lastTransitionTime);
    for (const list of [s.containerStatuses, s.initContainerStatuses]) {
      for (const c of list ?? []) {
        see(c.state?.running?.startedAt);
        see(c.state?.terminated?.finishedAt);
        see(c.lastState?.terminated?.finishedAt);
      }
    }
  }
  return newest;
}

/** The pod's owner chain, nearest first, as far as the dump and the naming rules tell. */
export interface Ownership {
  /** The Job a Job pod belongs to (named even when the dump lacks it). */
  job?: ObjectId;
  /** The object whose template the pod was made from, at the top of the chain (a CronJob, a Deployment). */
  top: ObjectId;
  /** That object, when the dump has it. */
  object?: LiveObject;
}

function controllerOf(o: LiveObject): OwnerRef | undefined {
  const refs = meta(o).ownerReferences ?? [];
  return refs.find((r) => r.controller) ?? refs[0];
}

/** One step up: the owner a reference names, from the dump (by uid, else by name). */
function lookUp(dump: Dump, ref: OwnerRef, namespace: string | undefined): { id: ObjectId; object?: LiveObject } {
  const id: ObjectId = { kind: String(ref.kind), ...(namespace ? { namespace } : {}), name: String(ref.name) };
  const object = (ref.uid ? dump.byUid.get(ref.uid) : undefined) ?? dump.owners.get(idText(id));
  return { id, ...(object ? { object } : {}) };
}

/**
 * Pod -> Job -> CronJob, Pod -> ReplicaSet -> Deployment, Pod -> StatefulSet or DaemonSet. The
 * dump has no ReplicaSets (kubectl is not asked for them): a ReplicaSet's name is its
 * Deployment's and the `pod-template-hash` label the pod carries. A Job the dump lacks is its
 * CronJob's when its name is the CronJob's and a number (the controller's naming) and the dump
 * has that CronJob. A pod without an owner is its own template.
 */
export function ownershipOf(dump: Dump, pod: LiveObject): Ownership {
  const ns = meta(pod).namespace;
  const ref = controllerOf(pod);
  if (!ref?.kind || !ref.name) return { top: nameOf(pod), object: pod };
  let step = lookUp(dump, ref, ns);
  if (ref.kind === 'Job') {
    const job = step.id;
    const up = step.object ? controllerOf(step.object) : cronJobByName(dump, job);
    if (up?.kind === 'CronJob' && up.name) {
      const cron = lookUp(dump, up, ns);
      return { job, top: cron.id, ...(cron.object ? { object: cron.object } : {}) };
    }
    return { job, top: job, ...(step.object ? { object: step.object } : {}) };
  }
  if (ref.kind === 'ReplicaSet') {
    const hash = labelsOf(pod)['pod-template-hash'];
    const rs = step.object;
    const up = rs ? controllerOf(rs) : undefined;
    if (up?.kind === 'Deployment' && up.name) step = lookUp(dump, up, ns);
    else if (hash && ref.name.endsWith(`-${hash}`)) {
      const deploy = lookUp(dump, { kind: 'Deployment', name: ref.name.slice(0, -hash.length - 1) }, ns);
      if (deploy.object) step = deploy;
    }
  }
  return { top: step.id, ...(step.object ? { object: step.object } : {}) };
}

function cronJobByName(dump: Dump, job: ObjectId): OwnerRef | undefined {
  const m = /^(.+)-\d+$/.exec(job.name);
  if (!m) return undefined;
  return dump.owners.has(idText({ kind: 'CronJob', namespace: job.namespace, name: m[1]! })) ? { kind: 'CronJob', name: m[1]! } : undefined;
}

/** The pod template an owner holds (CronJob: spec.jobTemplate.spec.template), or the pod itself. */
export function templateOf(o: LiveObject): { metadata?: Record<string, unknown>; spec?: Record<string, unknown> } | undefined {
  // Where each built-in kind keeps its pod template: the kinds table (src/workloads/kinds.ts).
  const site = BUILTIN_SITES[o.kind];
  if (!site) return undefined;
  if (site.steps.length === 0) return { metadata: o.metadata, ...(o.spec ? { spec: o.spec } : {}) };
  const [path] = expand(o, site.steps);
  return path ? getPath(o, path) : undefined;
}

/** Milliseconds of an RFC 3339 time, or undefined. */
export function timeOf(t: string | undefined): number | undefined {
  if (t === undefined) return undefined;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? undefined : ms;
}

/** `3d4h`, `2h5m`, `45s`: how long, as an operator reads it. */
export function duration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d${h}h`;
  if (h > 0) return `${h}h${m}m`;
  if (m > 0) return `${m}m${s % 60}s`;
  return `${s}s`;
}
