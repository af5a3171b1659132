/**
 * The plain-object view of one workload that every transform and rule works on.
 * Transforms mutate `obj` (through `pod` and `podMeta`, which point into it).
 */
import type { ResourceRef } from '../krm/types.js';
import { CONTAINER, describe, fieldsProblem, JOB, META, POD, type ShapeProblem } from './shape.js';

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
  let out = prefix(w.templatePath, 'spec');
  for (const r of rest) out += typeof r === 'number' ? `[${r}]` : `.${r}`;
  return out;
}

/** Dotted path of the pod template's metadata. */
export function podMetaField(w: Workload, ...rest: string[]): string {
  let out = prefix(w.templatePath, 'metadata');
  for (const r of rest) out += `.${r}`;
  return out;
}

/**
 * `spec.template.spec`, once per template path: asked for by every step and rule of every
 * workload. The paths come from the kinds table (workloads/kinds.ts), so there are few.
 */
function prefix(templatePath: readonly string[], last: 'spec' | 'metadata'): string {
  let known = PREFIXES.get(templatePath);
  if (!known) PREFIXES.set(templatePath, (known = { spec: [...templatePath, 'spec'].join('.'), metadata: [...templatePath, 'metadata'].join('.') }));
  return known[last];
}

const PREFIXES = new WeakMap<readonly string[], { spec: string; metadata: string }>();

/** Builds the model, or undefined when the object has no pod spec at that path. */
export function makeWorkload(obj: Record<string, unknown>, templatePath: readonly string[]): Workload | undefined {
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

/** Pod template labels without creating the metadata. */
export function podLabels(w: Workload): Record<string, string> {
  const template = getPath(w.obj, w.templatePath) as { metadata?: ObjectMeta };
  return template.metadata?.labels ?? {};
}

/**
 * The pod's deadline, when it has one: `activeDeadlineSeconds` on the pod spec, or on the Job spec
 * that holds the template (a Job's, a CronJob's jobTemplate's). A stuck pod fails at it, and the
 * Job retries it.
 */
export function podDeadline(w: Workload): number | undefined {
  const onPod = w.pod.activeDeadlineSeconds;
  if (typeof onPod === 'number') return onPod;
  if (!JOB_KINDS.has(w.kind)) return undefined;
  const job = getPath(w.obj, w.templatePath.slice(0, -1))?.activeDeadlineSeconds;
  return typeof job === 'number' ? job : undefined;
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

/**
 * The first field whose type the transforms and rules rely on, when it is wrong (a list that is
 * not a list, an image that is a mapping): the API server would refuse it too. The types are one
 * table (shape.ts). Path from the object root; undefined when the workload is fine.
 * `unnamed`: the kind allows a container without a name (Knative's, kinds.ts).
 */
export function shapeProblem(w: Workload, unnamed = false): ShapeProblem | undefined {
  // Checked for every workload: paths are built only for a problem.
  const template = getPath(w.obj, w.templatePath);
  const problem =
    metaProblem(w.obj.metadata, ['metadata']) ??
    metaProblem(template?.metadata, [...w.templatePath, 'metadata']) ??
    (JOB_KINDS.has(w.kind) && isObject(w.obj.spec) ? fieldsProblem(w.obj.spec, JOB, ['spec']) : undefined);
  if (problem) return problem;
  const at = [...w.templatePath, 'spec'];
  const pod = w.pod as Record<string, unknown>;
  const podProblem = fieldsProblem(pod, POD, at);
  if (podProblem) return podProblem;
  for (const list of CONTAINER_LISTS) {
    const cs = pod[list];
    if (cs === undefined || cs === null) continue;
    if (!Array.isArray(cs)) return { path: [...at, list], text: `must be a list of containers, not ${describe(cs)}` };
    for (let i = 0; i < cs.length; i++) {
      const p = containerProblem(cs[i], unnamed, [...at, list, i]);
      if (p) return p;
    }
  }
  return undefined;
}

const CONTAINER_LISTS = ['initContainers', 'containers'] as const;

function metaProblem(meta: unknown, at: (string | number)[]): ShapeProblem | undefined {
  if (meta === undefined || meta === null) return undefined;
  if (!isObject(meta)) return { path: at, text: `must be a mapping, not ${describe(meta)}` };
  return fieldsProblem(meta, META, at);
}

function containerProblem(c: unknown, unnamed: boolean, at: (string | number)[]): ShapeProblem | undefined {
  if (!isObject(c)) return { path: at, text: `must be a container (a mapping), not ${describe(c)}` };
  if ((c.name === undefined || c.name === null) && unnamed) return fieldsProblem(c, CONTAINER, at);
  if (typeof c.name !== 'string')
    return { path: [...at, 'name'], text: c.name === undefined ? 'is missing: every container needs a name' : `must be a string, not ${describe(c.name)}` };
  // A name starting with '-' (`--`, `-e`) would read as an option or end the argument list of
  // the scripts that name containers (issue 20); the API server refuses it anyway. Other invalid
  // names (placeholders such as <YOUR-APP> in vendors' examples) are left to the API server.
  if (c.name === '' || c.name.startsWith('-')) {
    return { path: [...at, 'name'], text: `${JSON.stringify(c.name)} is not a valid container name: it must start with a lowercase letter or digit` };
  }
  return fieldsProblem(c, CONTAINER, at);
}

/**
 * Containers of a kind that allows them unnamed (Knative's) are named by their place while the
 * pod is read (`containers[0]`), so results name them so; the names never reach the output.
 */
export function nameUnnamed(w: Workload): Container[] {
  const named: Container[] = [];
  for (const list of ['initContainers', 'containers'] as const) {
    (w.pod[list] ?? []).forEach((c, i) => {
      if (c.name !== undefined && c.name !== null) return;
      c.name = `${list}[${i}]`;
      named.push(c);
    });
  }
  return named;
}
