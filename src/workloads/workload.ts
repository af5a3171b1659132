/**
 * The plain-object view of one workload that every transform and rule works on.
 * Transforms mutate `obj` (through `pod` and `podMeta`, which point into it).
 */
import type { ResourceRef } from '../krm/types.js';
import { copyValue } from '../yaml/sync.js';
import { podOwner, POD_OWNERS } from './catalog.js';
import { BUILTIN_SITES, type Site } from './kinds.js';
import { formatPath, type Path } from './paths.js';
import { CONTAINER, describe, fieldsProblem, JOB, META as META_FIELDS, POD, problemAt, type ShapeProblem } from './shape.js';

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
  /** Path from the root to the pod template; [] for a Pod. List items by index. */
  templatePath: Path;
  /** Where the pod's own metadata is (`templatePath` + metadata, but for some controllers' shapes). */
  metaPath: Path;
  /**
   * The object at `metaPath` but its last key, which holds the pod's `metadata`: transforms change
   * it in place and never replace it, so the pod's metadata is read from here, not by walking
   * `metaPath` (several times for every workload: issue 28).
   */
  metaHolder: Record<string, unknown>;
  /** The kind's site this template was found at (workloads/kinds.ts): what its pods do. */
  site: Site;
  /**
   * The pod spec is a view made from the template's fields (Argo, Tekton): transforms must not
   * change it, only the pod's metadata.
   */
  view: boolean;
  /** A view's containers from the template's own `sidecars` list (Argo, Tekton). */
  viewSidecars?: readonly string[];
  obj: Record<string, unknown>;
  metadata: ObjectMeta;
  /** Pod template metadata (created when a transform needs to write to it). */
  podMeta(this: Workload): ObjectMeta;
  pod: PodSpec;
  /**
   * Its pods run to completion and this tool ends their sidecars: Job, CronJob, a Pod whose
   * restartPolicy is Never/OnFailure, a catalog site that completes (JobSet, PyTorchJob...).
   * False where the controller ends sidecars itself (Argo Workflows, Tekton).
   */
  jobLike: boolean;
  /** The pod's effective restartPolicy (Kubernetes default: Always; Jobs have no default). */
  restartPolicy: string;
  /** Where to set it: the pod spec's field, or the one beside the template the controller copies (Kubeflow). */
  restartPolicyAt: string;
}

/** Dotted field path (`spec.template.spec.containers[0]`) of something inside the pod spec. */
export function podField(w: Workload, ...rest: (string | number)[]): string {
  let out = prefix(w.templatePath, 'spec');
  for (const r of rest) out += typeof r === 'number' ? `[${r}]` : `.${r}`;
  return out;
}

/** Dotted path of the pod template's metadata. */
export function podMetaField(w: Workload, ...rest: string[]): string {
  let out = prefix(w.metaPath, null);
  for (const r of rest) out += `.${r}`;
  return out;
}

/** Why a template's controller, not this tool, ends its sidecars (for results). */
export function controllerWhy(w: Workload): string {
  return w.site.controllerNote ?? `spec.workloadKinds says sidecarsEndedBy: controller for ${w.kind} (${w.ref.apiVersion})`;
}

/** Where the template is inside its object, as results name it (`spec.pytorchReplicaSpecs.Worker.template`). */
export function templateField(w: Workload): string {
  return formatPath(w.templatePath);
}

/**
 * `spec.template.spec`, once per path: asked for by every step and rule of every workload. The
 * paths of built-in kinds are shared arrays (workloads/kinds.ts), so there are few.
 */
function prefix(path: Path, last: 'spec' | null): string {
  const known = namesOf(path);
  return last ? known.spec : known.self;
}

/** What is made of a template path once, not for every workload: its field paths as results name them, its metadata path. */
interface PathNames {
  self: string;
  spec: string;
  restartPolicy: string;
  meta: Path;
}

const NAMES = new WeakMap<Path, PathNames>();
function namesOf(path: Path): PathNames {
  let known = NAMES.get(path);
  if (!known) {
    const spec = formatPath([...path, 'spec']);
    NAMES.set(path, (known = { self: formatPath(path), spec, restartPolicy: `${spec}.restartPolicy`, meta: [...path, 'metadata'] }));
  }
  return known;
}

const LONG_RUNNING: Site = BUILTIN_SITES.Deployment!;
const POD_SITE: Site = BUILTIN_SITES.Pod!;

/** A Pod that Argo or Tekton made (catalog.ts POD_OWNERS): their controllers end its sidecars. */
const OWNED_POD_SITES = new Map(POD_OWNERS.map((o) => [o, { ...POD_SITE, sidecarsEndedBy: 'controller', controllerNote: o.controllerNote } as Site]));

function ownedPodSite(metadata: unknown): Site | undefined {
  if (!isObject(metadata) || (metadata.ownerReferences === undefined && metadata.labels === undefined)) return undefined;
  const owner = podOwner(metadata);
  return owner && OWNED_POD_SITES.get(owner);
}

/** Kinds whose own spec is a Job's (shape.ts JOB): Job, and CronJob's jobTemplate by the same table. */
const JOB_KINDS = new Set(['Job', 'CronJob']);

/**
 * Builds the model, or undefined when the object has no pod spec at that path. `site`: what the
 * kind's template there does (default: the built-in kind's, else long-running). Made for every
 * workload, most of which are then left as they are: no spread in the literals (a spread makes
 * the rest of a literal be defined one property at a time), no array or string made per object.
 */
export function makeWorkload(obj: Record<string, unknown>, templatePath: Path, site?: Site): Workload | undefined {
  const kind = String(obj.kind);
  site ??= BUILTIN_SITES[kind] ?? LONG_RUNNING;
  if (site === POD_SITE && templatePath.length === 0) site = ownedPodSite(obj.metadata) ?? site;
  const template = getPath(obj, templatePath);
  if (!template) return undefined;
  const view = site.shape !== 'pod' ? podView(template, templatePath, site) : undefined;
  if (site.shape === 'pod' ? !isObject(template.spec) : !view) return undefined;
  const names = namesOf(templatePath);
  const metaPath = view?.metaPath ?? names.meta;
  const metaHolder = metaPath === names.meta ? template : getPath(obj, metaPath.slice(0, -1));
  if (!metaHolder) return undefined;
  const metadata = (isObject(obj.metadata) ? obj.metadata : {}) as ObjectMeta;
  const pod = view?.pod ?? (template.spec as PodSpec);
  const beside = site.restartPolicyField ? besidePolicy(obj, templatePath, site) : undefined;
  const restartPolicy = beside ?? ownPolicy(pod, site);
  const w: Workload = {
    ref: refOf(obj, kind, metadata),
    file: fileOf(metadata.annotations),
    kind,
    templatePath,
    metaPath,
    metaHolder,
    site,
    view: view !== undefined,
    obj,
    metadata,
    podMeta: podMetaOf,
    pod,
    jobLike: completes(kind, site, restartPolicy) && site.sidecarsEndedBy === 'tool',
    restartPolicy,
    restartPolicyAt: beside !== undefined ? formatPath([...templatePath.slice(0, -1), site.restartPolicyField!]) : names.restartPolicy,
  };
  if (view) w.viewSidecars = view.sidecars;
  return w;
}

/** `w.podMeta()`: one function for every workload, not a closure made with each. */
function podMetaOf(this: Workload): ObjectMeta {
  const holder = this.metaHolder;
  if (!isObject(holder.metadata)) prepend(holder, 'metadata', {});
  return holder.metadata as ObjectMeta;
}

function refOf(obj: Record<string, unknown>, kind: string, metadata: ObjectMeta): ResourceRef {
  const ref: ResourceRef = { apiVersion: String(obj.apiVersion), kind, name: String(metadata.name ?? '') };
  if (metadata.namespace) ref.namespace = String(metadata.namespace);
  return ref;
}

/** The file kpt or kustomize read the object from (their annotations), if they say. */
export function fileOf(annotations: Record<string, string> | undefined): Workload['file'] {
  const path = annotations?.['internal.config.kubernetes.io/path'] ?? annotations?.['config.kubernetes.io/path'];
  if (!path) return undefined;
  const index = annotations!['internal.config.kubernetes.io/index'] ?? annotations!['config.kubernetes.io/index'];
  return index !== undefined ? { path, index: Number(index) } : { path };
}

function completes(kind: string, site: Site, restartPolicy: string): boolean {
  if (site.origin === 'builtin' && kind === 'Pod') return restartPolicy === 'Never' || restartPolicy === 'OnFailure';
  return site.completes;
}

/**
 * The pod's restartPolicy: a field beside the template that the controller copies into the pod
 * wins (Kubeflow's replica restartPolicy, `ExitCode` as Never: training-operator pkg/core/pod.go
 * SetRestartPolicy); then the template's own (ownPolicy). Undefined when the field is unset and
 * the controller has no default (which overrides the template's too: it writes it into the pod).
 */
function besidePolicy(obj: Record<string, unknown>, templatePath: Path, site: Site): string | undefined {
  const beside = getPath(obj, templatePath.slice(0, -1))?.[site.restartPolicyField!];
  if (typeof beside === 'string') return beside === 'ExitCode' ? 'Never' : beside;
  return site.defaultRestartPolicy;
}

/** The template's own restartPolicy, else the controller's default; Never for other run-to-completion pods (a Job must set one), else Kubernetes' default Always. */
function ownPolicy(pod: PodSpec, site: Site): string {
  if (typeof pod.restartPolicy === 'string') return pod.restartPolicy;
  return site.defaultRestartPolicy ?? (site.completes ? 'Never' : 'Always');
}

/**
 * Argo's and Tekton's templates are not PodTemplateSpecs: their controllers make the pod from
 * the template's container fields (src/workloads/catalog.ts). The view lists those containers in
 * pod order for the rules to read; nothing writes to it. Undefined when the template makes no pod
 * (an Argo steps or dag template).
 */
function podView(template: Record<string, unknown>, templatePath: Path, site: Site): { pod: PodSpec; metaPath: Path; sidecars: string[] } | undefined {
  const at = site.shape === 'tekton' && isObject(template.spec) && Array.isArray(template.spec.steps) ? template.spec : template;
  const containers: Container[] = [];
  const take = (v: unknown, name?: string) => {
    if (isObject(v)) containers.push({ ...(name ? { name } : {}), ...v } as Container);
    else if (Array.isArray(v)) for (const c of v) if (isObject(c)) containers.push(c as Container);
  };
  if (site.shape === 'argo') {
    take(template.container, 'main');
    take(template.script, 'main');
    take(isObject(template.containerSet) ? template.containerSet.containers : undefined);
  } else take(at.steps);
  if (containers.length === 0) return undefined;
  const own = containers.length;
  take(at.sidecars);
  // Tekton names an unnamed sidecar itself (sidecar-<n>): say which one by its place.
  const sidecars = containers.slice(own).map((c, i) => (typeof c.name === 'string' ? c.name : `sidecars[${i}]`));
  const pod: PodSpec = { containers, ...(Array.isArray(template.initContainers) ? { initContainers: template.initContainers as Container[] } : {}) };
  // A TaskRun's embedded taskSpec has no metadata: the TaskRun's own reaches its pod.
  const ownMeta = site.shape === 'argo' || templatePath.length === 0 || templatePath.some((p) => typeof p === 'number');
  return { pod: copyValue(pod), metaPath: ownMeta ? [...templatePath, 'metadata'] : ['metadata'], sidecars };
}

/** Pod template metadata as it is now (a transform may have made it), without creating it. */
export function podMetadata(w: Workload): ObjectMeta | undefined {
  const meta = w.metaHolder.metadata;
  return isObject(meta) ? (meta as ObjectMeta) : undefined;
}

/** Pod template annotations without creating the metadata. */
export function podAnnotations(w: Workload): Record<string, string> {
  return podMetadata(w)?.annotations ?? {};
}

/** Pod template labels without creating the metadata. */
export function podLabels(w: Workload): Record<string, string> {
  return podMetadata(w)?.labels ?? {};
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

export function getPath(obj: unknown, path: Path): Record<string, unknown> | undefined {
  const v = fieldAt(obj, path);
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined; // isObject, inline: several times per workload
}

/**
 * The value at `path` whatever it is, or undefined when a step is missing or of the wrong kind
 * (a number steps into a list, a name into a map). An index loop: for-of over an array makes an
 * iterator, and this runs several times for every workload.
 */
export function fieldAt(obj: unknown, path: Path): unknown {
  let cur: unknown = obj;
  for (let i = 0; i < path.length; i++) {
    const p = path[i]!;
    // A name never finds an object in a list (its string keys are `length` and methods), so only
    // an index asks whether it steps into a list: an Array.isArray call less per step.
    if (typeof cur !== 'object' || cur === null || (typeof p === 'number' && !Array.isArray(cur))) return undefined;
    cur = (cur as Record<string | number, unknown>)[p];
  }
  return cur;
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
  // Checked for every workload: first without paths, over each object's own keys; only a
  // workload with a problem again, with paths, to name the table's first (shape.ts fieldsProblem).
  return problemIn(w, unnamed, false) && problemIn(w, unnamed, true);
}

function problemIn(w: Workload, unnamed: boolean, paths: boolean): ShapeProblem | undefined {
  const problem =
    metaProblem(w.obj.metadata, paths ? ['metadata'] : null) ??
    metaProblem(w.metaHolder.metadata, paths ? [...w.metaPath] : null) ??
    (JOB_KINDS.has(w.kind) && isObject(w.obj.spec) ? fieldsProblem(w.obj.spec, JOB, paths ? ['spec'] : null) : undefined);
  if (problem || w.view) return problem; // a view's containers are the controller's to check
  const at = paths ? [...w.templatePath, 'spec'] : null;
  const pod = w.pod as Record<string, unknown>;
  const podProblem = fieldsProblem(pod, POD, at);
  if (podProblem) return podProblem;
  for (let l = 0; l < CONTAINER_LISTS.length; l++) {
    const list = CONTAINER_LISTS[l]!;
    const cs = pod[list];
    if (cs === undefined || cs === null) continue;
    if (!Array.isArray(cs)) return problemAt(at, `must be a list of containers, not ${describe(cs)}`, list);
    for (let i = 0; i < cs.length; i++) {
      // One path array for every container, as fieldsProblem does: problems copy it.
      at?.push(list, i);
      const p = containerProblem(cs[i], unnamed, at);
      if (at) at.length -= 2;
      if (p) return p;
    }
  }
  return undefined;
}

const CONTAINER_LISTS = ['initContainers', 'containers'] as const;

function metaProblem(meta: unknown, at: (string | number)[] | null): ShapeProblem | undefined {
  if (meta === undefined || meta === null) return undefined;
  if (!isObject(meta)) return problemAt(at, `must be a mapping, not ${describe(meta)}`);
  return fieldsProblem(meta, META_FIELDS, at);
}

function containerProblem(c: unknown, unnamed: boolean, at: (string | number)[] | null): ShapeProblem | undefined {
  if (!isObject(c)) return problemAt(at, `must be a container (a mapping), not ${describe(c)}`);
  if ((c.name === undefined || c.name === null) && unnamed) return fieldsProblem(c, CONTAINER, at);
  if (typeof c.name !== 'string')
    return problemAt(at, c.name === undefined ? 'is missing: every container needs a name' : `must be a string, not ${describe(c.name)}`, 'name');
  // A name starting with '-' (`--`, `-e`) would read as an option or end the argument list of
  // the scripts that name containers (issue 20); the API server refuses it anyway. Other invalid
  // names (placeholders such as <YOUR-APP> in vendors' examples) are left to the API server.
  if (c.name === '' || c.name.startsWith('-')) {
    return problemAt(at, `${JSON.stringify(c.name)} is not a valid container name: it must start with a lowercase letter or digit`, 'name');
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
