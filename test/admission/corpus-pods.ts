/**
 * Pods as the API server would send them to the webhook, built from what others wrote: every pod
 * template of the vendor corpus (test/vendor/corpus/*.json; Istio's injector outputs
 * `pkg/kube/inject/testdata/inject/*.injected` among them: the pod as Istio's webhook leaves it)
 * and of fixtures/, as a Pod with the template's labels and annotations. Also the filter run on one
 * such pod, as the webhook's engine runs it (src/run.ts runFilter: the pod alone in a ResourceList).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { runFilter } from '../../src/run.js';
import { sitesFor } from '../../src/workloads/kinds.js';
import { expand } from '../../src/workloads/paths.js';
import { ROOT } from '../helpers/cli.js';
import { availableCorpus, cite, corpusEntries } from '../helpers/vendor-corpus.js';
import { get, schemaErrors, templateOf } from '../properties/k8s.js';

export type Obj = Record<string, unknown>;

export interface CorpusPod {
  /** Where it came from: `repo@commit:path` or the fixture's path, and the object. */
  from: string;
  pod: Obj;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every object of a YAML text: documents, a ResourceList's or List's items. Unreadable documents are left out. */
function objectsOf(text: string): Obj[] {
  let docs;
  try {
    docs = parseAllDocuments(text, { uniqueKeys: false });
  } catch {
    return [];
  }
  const list = Array.isArray(docs) ? docs : [docs];
  return list.flatMap((d) => {
    if (d.errors.length > 0) return [];
    let o: unknown;
    try {
      o = d.toJS({ maxAliasCount: 100 });
    } catch {
      return [];
    }
    if (!isObj(o)) return [];
    return Array.isArray(o.items) && (o.kind === 'ResourceList' || o.kind === 'List') ? o.items.filter(isObj) : [o];
  });
}

/** The pod templates of an object (built-in kinds and the catalog's), each as `{metadata, spec}`. */
function templatesOf(o: Obj): { metadata?: Obj; spec: Obj }[] {
  if (o.kind === 'Pod' && isObj(o.spec)) return [{ metadata: isObj(o.metadata) ? o.metadata : {}, spec: o.spec }];
  const core = templateOf(o);
  if (core) return [core];
  const sites = (sitesFor(String(o.apiVersion), String(o.kind), []) ?? []).filter((s) => s.shape === 'pod');
  return sites.flatMap((s) => expand(o, s.steps).flatMap((p) => (isObj(get(o, p)) && isObj((get(o, p) as Obj).spec) ? [get(o, p) as Obj] : []))) as {
    metadata?: Obj;
    spec: Obj;
  }[];
}

/** A template as the Pod its controller creates: its labels and annotations, the object's namespace. */
function asPod(o: Obj, t: { metadata?: Obj; spec: Obj }, k: number): Obj {
  const meta = isObj(o.metadata) ? o.metadata : {};
  const tm = t.metadata ?? {};
  const metadata: Obj = { name: `${String(meta.name ?? 'pod')}-${k}`, namespace: String(meta.namespace ?? 'default') };
  if (isObj(tm.labels)) metadata.labels = tm.labels;
  if (isObj(tm.annotations)) metadata.annotations = tm.annotations;
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec: structuredClone(t.spec) };
}

/**
 * Pods the API server can decode (its JSON into the Pod type): a field of the wrong type (the
 * hostile fixtures' scalar containers) is refused before any admission webhook sees the pod.
 */
const decodes = (pod: Obj) => !(schemaErrors(pod) ?? []).some((e) => / must be (?!equal)/.test(e));

function podsIn(from: string, text: string): CorpusPod[] {
  return objectsOf(text).flatMap((o) =>
    templatesOf(o)
      .map((t, k) => ({ from: `${from} ${String(o.kind)}/${String((o.metadata as Obj | undefined)?.name)}`, pod: asPod(o, t, k) }))
      .filter(({ pod }) => Array.isArray((pod.spec as Obj).containers) && decodes(pod)),
  );
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? yamlFiles(p) : /\.ya?ml$/.test(name) ? [p] : [];
  });
}

let cached: CorpusPod[] | undefined;

export function corpusPods(): CorpusPod[] {
  if (cached) return cached;
  const vendor = availableCorpus(corpusEntries(), 'vendor corpus').flatMap(({ e, text }) => podsIn(cite(e), text));
  // fixtures/hostile/ is input no API server decodes into a Pod (scalars for containers) or no JS
  // CEL evaluator takes as a map (`__proto__` keys): the server's hostile-request tests cover it.
  const fixtures = yamlFiles(join(ROOT, 'fixtures'))
    .filter((f) => !f.includes('/hostile/'))
    .flatMap((f) => podsIn(f.slice(ROOT.length + 1), readFileSync(f, 'utf8')));
  cached = [...vendor, ...fixtures];
  return cached;
}

/** The filter's output for this one pod under `config` (undefined config: the defaults), and its results. */
export function filterPod(pod: Obj, config?: unknown): { out: Obj; errors: string[]; changed: boolean } {
  const list = { apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: [pod] };
  const r = runFilter(stringify(list), { config });
  if (!r.stdout) return { out: pod, errors: r.results.map((x) => x.message), changed: false };
  const out = (objectsOf(r.stdout)[0] ?? pod) as Obj;
  const errors = r.results.filter((x) => x.severity === 'error').map((x) => x.message);
  return { out, errors, changed: JSON.stringify(out) !== JSON.stringify(pod) };
}
