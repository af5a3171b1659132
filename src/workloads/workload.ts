/**
 * The plain-object view of one workload that every transform and rule works on.
 * Transforms mutate `obj` (through `pod` and `podMeta`, which point into it).
 */
import type { ResourceRef } from '../krm/types.js';

/** Loose Kubernetes shapes: only the fields we read are named. */
export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  restartPolicy?: string;
  lifecycle?: { postStart?: Handler; preStop?: Handler; [k: string]: unknown };
  startupProbe?: Record<string, unknown>;
  readinessProbe?: Record<string, unknown>;
  securityContext?: Record<string, unknown>;
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean; [k: string]: unknown }[];
  [k: string]: unknown;
}

export interface Handler {
  exec?: { command?: string[] };
  httpGet?: { path?: string; port?: number | string; host?: string; scheme?: string; [k: string]: unknown };
  tcpSocket?: { port?: number | string; host?: string };
  sleep?: { seconds: number };
  [k: string]: unknown;
}

export interface PodSpec {
  containers?: Container[];
  initContainers?: Container[];
  volumes?: { name: string; [k: string]: unknown }[];
  restartPolicy?: string;
  shareProcessNamespace?: boolean;
  [k: string]: unknown;
}

export interface ObjectMeta {
  name?: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  [k: string]: unknown;
}

export interface Workload {
  ref: ResourceRef;
  file?: { path: string; index?: number };
  kind: string;
  /** Path from the root to the pod template; [] for a Pod. */
  templatePath: readonly string[];
  obj: Record<string, unknown>;
  metadata: ObjectMeta;
  /** Pod template metadata (created when a transform needs to write to it). */
  podMeta: () => ObjectMeta;
  pod: PodSpec;
  /** Job, CronJob, or a Pod whose restartPolicy is Never/OnFailure. */
  jobLike: boolean;
  /** The pod's effective restartPolicy (Kubernetes default: Always; Jobs have no default). */
  restartPolicy: string;
}

const JOB_KINDS = new Set(['Job', 'CronJob']);

/** Dotted field path (`spec.template.spec.containers[0]`) of something inside the pod spec. */
export function podField(w: Workload, ...rest: (string | number)[]): string {
  const parts = [...w.templatePath, 'spec'];
  let out = parts.join('.');
  for (const r of rest) out += typeof r === 'number' ? `[${r}]` : `.${r}`;
  return out;
}

/** Dotted path of the pod template's metadata. */
export function podMetaField(w: Workload, ...rest: string[]): string {
  return [...w.templatePath, 'metadata', ...rest].join('.');
}

/** Builds the model, or undefined when the object has no pod spec at that path. */
export function makeWorkload(
  obj: Record<string, unknown>,
  templatePath: readonly string[],
): Workload | undefined {
  const template = getPath(obj, templatePath);
  if (!isObject(template) || !isObject(template.spec)) return undefined;
  const metadata = (isObject(obj.metadata) ? obj.metadata : {}) as ObjectMeta;
  const annotations = metadata.annotations ?? {};
  const kind = String(obj.kind);
  const pod = template.spec as PodSpec;
  const restartPolicy = pod.restartPolicy ?? (JOB_KINDS.has(kind) ? 'Never' : 'Always');
  const pathAnno = annotations['internal.config.kubernetes.io/path'] ?? annotations['config.kubernetes.io/path'];
  const indexAnno = annotations['internal.config.kubernetes.io/index'] ?? annotations['config.kubernetes.io/index'];
  return {
    ref: {
      apiVersion: String(obj.apiVersion),
      kind,
      name: String(metadata.name ?? ''),
      ...(metadata.namespace ? { namespace: String(metadata.namespace) } : {}),
    },
    file: pathAnno ? { path: pathAnno, ...(indexAnno !== undefined ? { index: Number(indexAnno) } : {}) } : undefined,
    kind,
    templatePath,
    obj,
    metadata,
    podMeta: () => {
      if (!isObject(template.metadata)) prepend(template, 'metadata', {});
      return template.metadata as ObjectMeta;
    },
    pod,
    jobLike: JOB_KINDS.has(kind) || (kind === 'Pod' && (restartPolicy === 'Never' || restartPolicy === 'OnFailure')),
    restartPolicy,
  };
}

/** Pod template annotations without creating the metadata. */
export function podAnnotations(w: Workload): Record<string, string> {
  const template = getPath(w.obj, w.templatePath) as { metadata?: ObjectMeta };
  return template.metadata?.annotations ?? {};
}

/** Sets a key first in the object's key order (metadata reads best before spec). */
function prepend(obj: Record<string, unknown>, key: string, value: unknown): void {
  const rest = Object.entries(obj).filter(([k]) => k !== key);
  for (const [k] of rest) delete obj[k];
  obj[key] = value;
  for (const [k, v] of rest) obj[k] = v;
}

export function getPath(obj: unknown, path: readonly string[]): Record<string, unknown> | undefined {
  let cur: unknown = obj;
  for (const p of path) {
    if (!isObject(cur)) return undefined;
    cur = cur[p];
  }
  return isObject(cur) ? cur : undefined;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
