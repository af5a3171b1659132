/**
 * Pods as the API server hands them to a mutating webhook, made from manifests: each pod template
 * of each object (the engine's own sites, src/workloads/kinds.ts) becomes the Pod its controller
 * would create (the template's metadata and spec, the controller's restartPolicy, a namespace, a
 * generated name), wrapped in an AdmissionReview admission.k8s.io/v1 (k8s.io/api admission/v1
 * types.go: uid, kind, resource, operation, namespace, object, userInfo, dryRun, options).
 */
import fjp from 'fast-json-patch';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { RECORD_ANNOTATION } from '../../src/admission/record.js';
import { admit, type Answer, type Engine } from '../../src/admission/review.js';
import type { Result } from '../../src/krm/types.js';
import { workloadsOf } from '../../src/process.js';
import { runFilter } from '../../src/run.js';
import { sitesFor } from '../../src/workloads/kinds.js';
import { getPath } from '../../src/workloads/workload.js';

type Obj = Record<string, unknown>;

export interface MadePod {
  /** `file: Kind/name [template path]`, for messages. */
  from: string;
  pod: Obj;
}

let serial = 0;

/**
 * Every pod the objects in `text` would make (of `kinds` only, when given). Views (Argo, Tekton
 * templates) make none here.
 */
export function podsOf(text: string, from = '', kinds?: readonly string[]): MadePod[] {
  const out: MadePod[] = [];
  for (const doc of parseAllDocuments(text, { uniqueKeys: false })) {
    if (doc.errors.length > 0) continue;
    let obj: unknown;
    try {
      obj = doc.toJS({ maxAliasCount: 100 });
    } catch {
      continue; // an alias bomb: no pod an API server would decode
    }
    for (const o of objectsOf(obj)) if (!kinds || kinds.includes(String(o.kind))) out.push(...podsOfObject(o, from));
  }
  return out;
}

/** The objects of a document: itself, or the items of a ResourceList or `kind: List`. */
function objectsOf(v: unknown): Obj[] {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return [];
  const o = v as Obj;
  if ((o.kind === 'ResourceList' || o.kind === 'List') && Array.isArray(o.items)) return o.items.flatMap(objectsOf);
  return [o];
}

/** The pods one object would make. */
export function podsOfObject(o: Obj, from: string): MadePod[] {
  const out: MadePod[] = [];
  const sites = sitesFor(o.apiVersion as string | undefined, o.kind as string | undefined, []);
  if (!sites) return out;
  for (const w of workloadsOf(structuredClone(o), sites)) {
    if (w.view) continue;
    const template = w.templatePath.length === 0 ? o : getPath(o, w.templatePath);
    if (!template || typeof template.spec !== 'object') continue;
    const meta = { ...((template.metadata as Obj | undefined) ?? {}) };
    const ownerMeta = (o.metadata ?? {}) as Obj;
    const name = String(meta.name ?? ownerMeta.name ?? 'pod');
    delete meta.name;
    delete meta.creationTimestamp;
    const spec = structuredClone(template.spec) as Obj;
    if (w.templatePath.length > 0) spec.restartPolicy = w.restartPolicy;
    const pod: Obj = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { generateName: `${name}-`, namespace: String(ownerMeta.namespace ?? 'default'), ...meta },
      spec,
    };
    out.push({ from: `${from}: ${String(o.kind)}/${String(ownerMeta.name ?? '')} ${w.templatePath.join('.')}`, pod });
  }
  return out;
}

export interface ReviewOptions {
  operation?: string;
  dryRun?: boolean;
  kind?: { group: string; version: string; kind: string };
}

/** The AdmissionReview the API server sends for creating `pod`. */
export function reviewOf(pod: Obj, opts: ReviewOptions = {}): Obj {
  const meta = (pod.metadata ?? {}) as Obj;
  return {
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: {
      uid: `0d5a2f4e-0000-4000-8000-${String(++serial).padStart(12, '0')}`,
      kind: opts.kind ?? { group: '', version: 'v1', kind: 'Pod' },
      resource: { group: '', version: 'v1', resource: 'pods' },
      requestKind: opts.kind ?? { group: '', version: 'v1', kind: 'Pod' },
      requestResource: { group: '', version: 'v1', resource: 'pods' },
      name: typeof meta.name === 'string' ? meta.name : '',
      namespace: String(meta.namespace ?? 'default'),
      operation: opts.operation ?? 'CREATE',
      userInfo: { username: 'system:serviceaccount:kube-system:job-controller', uid: 'b5c1', groups: ['system:serviceaccounts', 'system:authenticated'] },
      object: pod,
      oldObject: null,
      dryRun: opts.dryRun ?? false,
      options: { apiVersion: 'meta.k8s.io/v1', kind: 'CreateOptions' },
    },
  };
}

/** The webhook's answer to creating `pod`, and the pod after its patch, applied by fast-json-patch (an independent RFC 6902 library). */
export function reviewed(pod: Obj, engine: Engine): { a: Answer; response: Obj; patch: fjp.Operation[]; after: Obj } {
  const a = admit(JSON.stringify(reviewOf(pod)), engine);
  const response = (JSON.parse(a.body) as { response: Obj }).response;
  const patch = response.patch ? (JSON.parse(Buffer.from(String(response.patch), 'base64').toString('utf8')) as fjp.Operation[]) : [];
  const after = patch.length > 0 ? (fjp.applyPatch(structuredClone(pod), patch, true, false).newDocument as Obj) : pod;
  return { a, response, patch, after };
}

/**
 * What the filter writes for this Pod, with its findings, as the webhook reads it: a pod made
 * from `generateName` is selected by that prefix (docs/decisions.md, "Admission"), so the filter
 * is given it as the name. `pod` undefined: the filter wrote nothing.
 */
export function filtered(pod: Obj, configText: string | undefined): { pod?: Obj; results: Result[] } {
  const config = configText ? parse(configText) : undefined;
  const meta = pod.metadata as Obj;
  const named = meta.name === undefined && meta.generateName !== undefined ? { ...pod, metadata: { ...meta, name: meta.generateName } } : pod;
  const out = runFilter(stringify({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: [named] }), { config });
  if (!out.stdout) return { results: out.results };
  const item = (parse(out.stdout) as { items: Obj[] }).items[0]!;
  if (named !== pod) delete (item.metadata as Obj).name;
  return { pod: item, results: out.results };
}

/** The pod without the webhook's record annotation (and without an annotations map left empty). */
export function withoutRecord(pod: Obj): Obj {
  const copy = structuredClone(pod);
  const annotations = (copy.metadata as Obj | undefined)?.annotations as Obj | undefined;
  if (annotations) {
    delete annotations[RECORD_ANNOTATION];
    if (Object.keys(annotations).length === 0) delete (copy.metadata as Obj).annotations;
  }
  return copy;
}

/** The same JSON value, whatever the order of object keys. */
export function deepSame(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as Obj);
  const kb = Object.keys(b as Obj);
  return ka.length === kb.length && ka.every((k) => deepSame((a as Obj)[k], (b as Obj)[k]));
}
