/**
 * Pods as the API server would send them to the webhook, built from what others wrote: every pod
 * template of the vendor corpus (test/vendor/corpus/*.json; Istio's injector outputs
 * `pkg/kube/inject/testdata/inject/*.injected` among them: the pod as Istio's webhook leaves it)
 * and of fixtures/, as the Pod its controller creates (test/helpers/admission.ts podsOf: the
 * template's metadata, a generated name, the controller's restartPolicy). Also the filter run on one
 * such pod, as the webhook's engine runs it (src/run.ts runFilter: the pod alone in a ResourceList).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { runFilter } from '../../src/run.js';
import { podsOf } from '../helpers/admission.js';
import { ROOT } from '../helpers/cli.js';
import { availableCorpus, cite, corpusEntries } from '../helpers/vendor-corpus.js';
import { schemaErrors } from '../properties/k8s.js';

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

/**
 * Pods the API server can decode (its JSON into the Pod type): a field of the wrong type (the
 * hostile fixtures' scalar containers) is refused before any admission webhook sees the pod.
 */
const decodes = (pod: Obj) => !(schemaErrors(pod) ?? []).some((e) => / must be (?!equal)/.test(e));

/** The pods the objects in `text` would make (test/helpers/admission.ts), those the API server decodes. */
function podsIn(from: string, text: string): CorpusPod[] {
  return podsOf(text, from).filter(({ pod }) => Array.isArray((pod.spec as Obj).containers) && decodes(pod));
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
