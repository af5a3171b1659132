/**
 * Pods as the API server hands them to a mutating webhook, made from manifests: each pod template
 * of each object (the engine's own sites, src/workloads/kinds.ts) becomes the Pod its controller
 * would create (the template's metadata and spec, the controller's restartPolicy, a namespace, a
 * generated name), wrapped in an AdmissionReview admission.k8s.io/v1 (k8s.io/api admission/v1
 * types.go: uid, kind, resource, operation, namespace, object, userInfo, dryRun, options).
 */
import { parseAllDocuments } from 'yaml';
import { workloadsOf } from '../../src/process.js';
import { sitesFor } from '../../src/workloads/kinds.js';
import { getPath } from '../../src/workloads/workload.js';

type Obj = Record<string, unknown>;

export interface MadePod {
  /** `file: Kind/name [template path]`, for messages. */
  from: string;
  pod: Obj;
}

let serial = 0;

/** Every pod the objects in `text` would make. Views (Argo, Tekton templates) make none here. */
export function podsOf(text: string, from = ''): MadePod[] {
  const out: MadePod[] = [];
  for (const doc of parseAllDocuments(text, { uniqueKeys: false })) {
    if (doc.errors.length > 0) continue;
    const obj = doc.toJS({ maxAliasCount: -1 }) as unknown;
    for (const o of objectsOf(obj)) out.push(...podsOfObject(o, from));
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

function podsOfObject(o: Obj, from: string): MadePod[] {
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
