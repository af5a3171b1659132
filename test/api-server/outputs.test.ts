/**
 * The API server as a reader (issue 39): every object the filter, `fix`, `patches` and the
 * webhook write, for the vendor corpus (test/vendor/corpus/*.json), the examples (examples/) and
 * the golden cases (fixtures/filter/), under kubernetesVersion 1.28, 1.30, 1.33 and unset, held
 * to the API server of the target release:
 *   - strictly to its OpenAPI document (test/helpers/openapi.ts: a field it lacks is refused, as
 *     the API server's strict field validation refuses it); a custom kind's pod templates, at the
 *     catalog's paths (src/workloads/catalog.ts), to io.k8s.api.core.v1.PodTemplateSpec, and an
 *     Argo template's containers to io.k8s.api.core.v1.Container;
 *   - to the pod rules that what the function writes can break (test/helpers/pod-rules.ts, each
 *     citing its function of kubernetes/kubernetes@v1.33.0, pkg/apis/core/validation/validation.go).
 * Input and output are compared at the same release: an error the output has and the input had
 * not fails, named by producer, file, object, release and error; what was already invalid stays
 * out of it. A few minimal inputs of what those lack (edgeInputs) go through the same runs;
 * what is known and still open is in OPEN, each entry failing once it no longer happens.
 * `patches` is applied as kustomize applies it (its strategic-merge `ensure`, then the JSON 6902
 * operations, with fast-json-patch), the webhook's patch to the pod the API server sent.
 *
 * Unset: the OpenAPI of 1.28 (no field newer than the oldest document here) and of 1.34, and
 * the pod rules of 1.29 and 1.34. With no kubernetesVersion the function assumes 1.29 or later
 * (src/config/spec.ts assumedKubernetesVersion, docs/decisions.md: every release still supported
 * upstream and by EKS, GKE and AKS), so the oldest release it must write for is 1.29: shared/ has
 * no 1.29 document, and 1.28's has every field 1.29 has that the function writes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fjp from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadEngine, type Engine } from '../../src/admission/review.js';
import { loadConfig } from '../../src/config/load.js';
import { assumedKubernetesVersion } from '../../src/config/spec.js';
import type { Config } from '../../src/config/types.js';
import { PathError, type ManifestFile } from '../../src/files/read.js';
import { readable } from '../helpers/manifests.js';
import { runFiles } from '../../src/files/run.js';
import { computePatches, type ObjectPatch } from '../../src/patches/index.js';
import { readResourceList } from '../../src/krm/io.js';
import { dotted, workloadsOf } from '../../src/process.js';
import { runFilter } from '../../src/run.js';
import { sitesFor } from '../../src/workloads/kinds.js';
import { getPath } from '../../src/workloads/workload.js';
import { podsOf, reviewed, type MadePod } from '../helpers/admission.js';
import { ROOT } from '../helpers/cli.js';
import { builtinsDir, definitionErrors, hasDocument, openapiErrors } from '../helpers/openapi.js';
import { metadataErrors, podSpecErrors } from '../helpers/pod-rules.js';
import { availableCorpus, cite, corpusEntries, mustHave, sharedDir } from '../helpers/vendor-corpus.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One check: the OpenAPI document of `schema` and the pod rules of minor `rules`. */
interface Check {
  schema: string;
  rules: number;
}
const floor = Number(assumedKubernetesVersion.split('.')[1]);
const VERSIONS: Record<string, { version?: string; checks: Check[] }> = {
  '1.28': { version: '1.28', checks: [{ schema: '1.28', rules: 28 }] },
  '1.30': { version: '1.30', checks: [{ schema: '1.30', rules: 30 }] },
  '1.33': { version: '1.33', checks: [{ schema: '1.33', rules: 33 }] },
  unset: {
    checks: [
      { schema: '1.28', rules: floor },
      { schema: '1.34', rules: 34 },
    ],
  },
};
const label = (c: Check) => (c.schema === `1.${c.rules}` ? c.schema : `1.${c.rules} (OpenAPI of ${c.schema})`);
const SCHEMA_RELEASES = [...new Set(Object.values(VERSIONS).flatMap((v) => v.checks.map((c) => c.schema)))];

// ---- what one object's errors are at one check

const ARGO_EXTRAS = ['mirrorVolumeMounts', 'source']; // UserContainer, ScriptTemplate (argo-workflows pkg/apis/workflow/v1alpha1)

function uncachedErrors(o: Obj, c: Check): string[] | undefined {
  const kind = String(o.kind);
  const apiVersion = String(o.apiVersion);
  const documented = hasDocument(c.schema, apiVersion);
  const sites = sitesFor(apiVersion, kind, []);
  if (!documented && !sites) return undefined;
  const out = documented ? [...openapiErrors(o, c.schema)!] : [];
  out.push(...metadataErrors(o.metadata, `${kind}.metadata`));
  for (const w of sites ? workloadsOf(structuredClone(o), sites) : []) {
    const at = w.templatePath.length ? `${kind}.${dotted(w.templatePath)}` : kind;
    if (w.view) {
      if (w.site.shape === 'argo')
        for (const x of [...(w.pod.initContainers ?? []), ...(w.pod.containers ?? [])])
          out.push(...(definitionErrors(x, 'io.k8s.api.core.v1.Container', c.schema, `${at}.container[${String(x.name)}]`, ARGO_EXTRAS) ?? []));
      out.push(...podSpecErrors(w.pod as unknown as Obj, c.rules, at, { view: true }));
      continue;
    }
    const template = w.templatePath.length ? getPath(o, w.templatePath) : o;
    if (!template || !isObj(template.spec)) continue;
    if (!documented) out.push(...(definitionErrors(template, 'io.k8s.api.core.v1.PodTemplateSpec', c.schema, at) ?? []));
    if (w.templatePath.length) out.push(...metadataErrors(template.metadata, `${at}.metadata`));
    out.push(...podSpecErrors(template.spec, c.rules, `${at}.spec`));
  }
  return out;
}

const cache = new Map<string, string[] | undefined>();
/** The object's errors at one check (undefined: nothing here can validate it), cached by value. */
function objectErrors(o: Obj, c: Check): string[] | undefined {
  const key = `${c.schema} ${c.rules}\0${JSON.stringify(o)}`;
  if (!cache.has(key)) cache.set(key, uncachedErrors(o, c));
  return cache.get(key);
}

/** What one run wrote: each object before and after, named for messages. */
interface Written {
  producer: string;
  from: string;
  before: Obj;
  after: Obj;
}

const nameOf = (o: Obj) => {
  const m = isObj(o.metadata) ? o.metadata : {};
  return `${String(o.kind)} ${m.namespace ? `${String(m.namespace)}/` : ''}${String(m.name ?? m.generateName ?? '?')}`;
};

/** The errors the outputs have and their inputs had not, one line each; and how many objects were checked. */
function newErrors(written: readonly Written[], checks: readonly Check[]): { problems: string[]; checked: number } {
  const problems: string[] = [];
  let checked = 0;
  for (const w of written) {
    if (JSON.stringify(w.before) === JSON.stringify(w.after)) continue;
    let any = false;
    for (const c of checks) {
      const after = objectErrors(w.after, c);
      if (after === undefined) continue;
      any = true;
      const before = new Set(objectErrors(w.before, c) ?? []);
      for (const e of after) if (!before.has(e)) problems.push(`${w.producer}: ${w.from}: ${nameOf(w.before)} @ ${label(c)}: ${e}`);
    }
    if (any) checked++;
  }
  return { problems, checked };
}

// ---- inputs

interface Input {
  /** For messages: `repo@commit:path`, `examples/<name>`, `fixtures/filter/<case>`. */
  name: string;
  /** Files as `fix` reads them. */
  files: { path: string; text: string }[];
  /** The config as written (a PodSequence or a ConfigMap), undefined: the defaults. */
  config?: unknown;
  /** The filter's input as is (a golden case, the quickstart), else made of the files' objects. */
  resourceList?: string;
}

const FN_API = 'fn.pod-sequencer.dev/v1alpha1';

/** The config with kubernetesVersion set to `version` (removed when undefined); undefined when it cannot carry one. */
function withVersion(raw: unknown, version: string | undefined): unknown {
  if (raw === undefined || raw === null)
    return version === undefined ? undefined : { apiVersion: FN_API, kind: 'PodSequence', metadata: { name: 'c' }, spec: { kubernetesVersion: version } };
  if (!isObj(raw)) return undefined;
  const field = raw.kind === 'ConfigMap' ? 'data' : 'spec';
  const inner: Obj = { ...(isObj(raw[field]) ? raw[field] : {}) };
  if (version === undefined) delete inner.kubernetesVersion;
  else inner.kubernetesVersion = version;
  return { ...raw, [field]: inner };
}

function configOf(raw: unknown): Config | undefined {
  const { config, errors } = loadConfig(raw);
  return errors.length > 0 ? undefined : { ...config, mode: 'apply' };
}

/** A document's objects: itself, or a List's items (as kustomize and the patches read them). */
function objectsOf(v: unknown): Obj[] {
  if (!isObj(v)) return [];
  if (typeof v.kind === 'string' && v.kind.endsWith('List') && Array.isArray(v.items)) return v.items.filter(isObj);
  return [v];
}

const parsed = (text: string): unknown => {
  try {
    return parse(text, { uniqueKeys: false, maxAliasCount: 100 });
  } catch {
    return undefined;
  }
};

/** Each object of a document before and after, paired by place. */
function pairs(producer: string, from: string, before: unknown, after: unknown): Written[] {
  const [b, a] = [objectsOf(before), objectsOf(after)];
  if (b.length !== a.length) return [{ producer, from, before: isObj(before) ? before : {}, after: { kind: 'changed the number of objects in a document' } }];
  return b.map((x, i) => ({ producer, from, before: x, after: a[i]! }));
}

/** `fix` on all the inputs' files in one run (one config), and the inputs it changed. */
function fixWrites(inputs: readonly Input[], cfg: Config): { written: Written[]; changed: Input[] } {
  const all = inputs.flatMap((i) => filesOf(i).map((f) => ({ i, f })));
  if (all.length === 0) return { written: [], changed: [] };
  const { files: outcomes } = runFiles(
    all.map((x) => x.f),
    cfg,
    { keepGoing: true },
  );
  const written = outcomes.flatMap(({ file, replacements }, k) =>
    [...replacements].flatMap(([d, text]) =>
      pairs('fix', `${all[k]!.i.name}${all[k]!.i.files.length > 1 ? ` ${file.path}` : ''}`, parsed(file.docs[d]!.text), parsed(text)),
    ),
  );
  const changed = new Set(outcomes.flatMap((o, k) => (o.replacements.size > 0 ? [all[k]!.i] : [])));
  return { written, changed: inputs.filter((i) => changed.has(i)) };
}

/**
 * The strategic-merge `ensure` of a patch (src/patches/diff.ts) as kustomize applies it before the
 * operations: maps merged key by key, lists merged by `name`, a list the base lacks taken whole.
 */
function mergeEnsure(base: Obj, ensure: Obj): void {
  for (const [k, v] of Object.entries(ensure)) {
    const cur = base[k];
    if (Array.isArray(v)) {
      if (!Array.isArray(cur)) base[k] = structuredClone(v);
      else
        for (const e of v.filter(isObj)) {
          const mine = cur.find((x) => isObj(x) && x.name === e.name);
          if (isObj(mine)) mergeEnsure(mine, e);
          else cur.push(structuredClone(e));
        }
    } else if (isObj(v)) {
      if (!isObj(cur)) base[k] = structuredClone(v);
      else mergeEnsure(cur, v);
    } else base[k] = v;
  }
}

const targets = (p: ObjectPatch, o: Obj) => {
  const m = isObj(o.metadata) ? o.metadata : {};
  const apiVersion = p.target.group ? `${p.target.group}/${p.target.version}` : p.target.version;
  return (
    o.apiVersion === apiVersion && o.kind === p.target.kind && m.name === p.target.name && (p.target.namespace ?? undefined) === (m.namespace || undefined)
  );
};

/**
 * `patches` on all the inputs' files at once (one config), applied to the objects with
 * fast-json-patch (an independent RFC 6902 library). An input `patches` refuses (an object the
 * function changes that no target can name, two objects one target would select) is left out,
 * and said: `patches` writes nothing then. Inputs holding a workload without a name run alone.
 */
function patchWrites(inputs: readonly Input[], cfg: Config): { written: Written[]; refused: string[] } {
  const runs = rounds(inputs).map((r) => patchRun(r, cfg));
  return { written: runs.flatMap((r) => r.written), refused: runs.flatMap((r) => r.refused) };
}

/**
 * The inputs in rounds in which no two inputs hold an object of the same kind and name (a
 * target without a namespace selects it in any namespace, and `patches` refuses to write one
 * that selects two); an input holding a workload without a name goes alone (no target names it).
 */
function rounds(inputs: readonly Input[]): Input[][] {
  const out: { inputs: Input[]; ids: Set<string> }[] = [];
  for (const i of inputs) {
    const objects = itemsOf(i).flatMap(({ value }) => objectsOf(value));
    const ids = objects.map((o) => `${String(o.apiVersion)} ${String(o.kind)} ${String(isObj(o.metadata) ? o.metadata.name : '')}`);
    const alone = objects.some((o) => sitesFor(String(o.apiVersion), String(o.kind), []) && !(isObj(o.metadata) && o.metadata.name));
    let round = alone ? undefined : out.find((r) => r.ids.size > 0 && ids.every((id) => !r.ids.has(id)));
    if (!round) out.push((round = { inputs: [], ids: new Set() }));
    round.inputs.push(i);
    if (!alone) ids.forEach((id) => round.ids.add(id));
  }
  return out.map((r) => r.inputs);
}

/** One `patches` run over the inputs; refused as a whole, each half alone. */
function patchRun(inputs: readonly Input[], cfg: Config): { written: Written[]; refused: string[] } {
  const fs = inputs.flatMap(filesOf);
  if (fs.length === 0) return { written: [], refused: [] };
  let patches: ObjectPatch[];
  try {
    patches = computePatches(fs, cfg, { keepGoing: true }).patches;
  } catch (e) {
    if (!(e instanceof PathError)) throw e;
    if (inputs.length === 1) return { written: [], refused: [inputs[0]!.name] };
    const half = Math.ceil(inputs.length / 2);
    const [x, y] = [patchRun(inputs.slice(0, half), cfg), patchRun(inputs.slice(half), cfg)];
    return { written: [...x.written, ...y.written], refused: [...x.refused, ...y.refused] };
  }
  const objects = inputs.flatMap((i) => filesOf(i).flatMap((f) => f.docs.flatMap((d) => objectsOf(parsed(d.text)).map((o) => ({ o, from: i.name })))));
  const written: Written[] = [];
  for (const p of patches) {
    const found = objects.find(({ o }) => targets(p, o));
    if (!found) {
      written.push({ producer: 'patches', from: p.where, before: {}, after: { kind: `no object for the target of ${p.where}` } });
      continue;
    }
    const { o: before, from } = found;
    const after = structuredClone(before);
    if (p.ensure) mergeEnsure(after, p.ensure);
    try {
      fjp.applyPatch(after, structuredClone(p.operations) as fjp.Operation[], true, true);
    } catch (e) {
      written.push({ producer: 'patches', from, before, after: { kind: `patch does not apply: ${(e as Error).message.split('\n')[0]}` } });
      continue;
    }
    written.push({ producer: 'patches', from, before, after });
  }
  return { written, refused: [] };
}

const manifests = new Map<Input, ManifestFile[]>();
/** The input's files as `fix` reads them (those the reader refuses left out), read once. */
function filesOf(i: Input): ManifestFile[] {
  if (!manifests.has(i))
    manifests.set(
      i,
      i.files.flatMap((f) => readable(f.path, f.text) ?? []),
    );
  return manifests.get(i)!;
}

/** Kinds whose objects the filter reads (pod templates, facts about them, Lists); the rest it passes through. */
const FACTS = ['Namespace', 'ConfigMap', 'Service'];
const read = (apiVersion: string, kind: string) =>
  kind.endsWith('List') || sitesFor(apiVersion, kind, []) !== undefined || (apiVersion === 'v1' && FACTS.includes(kind));

const itemsCache = new Map<Input, { text?: string; value: unknown }[]>();
/**
 * The items of the filter's input for `i`: a ResourceList's own, else the files' documents the
 * filter reads (what it passes through unread, CRDs among them, is left out of the run: it
 * comes back as it went).
 */
function itemsOf(i: Input): { text?: string; value: unknown }[] {
  if (!itemsCache.has(i)) {
    const list = i.resourceList !== undefined ? parsed(i.resourceList) : undefined;
    const items =
      isObj(list) && Array.isArray(list.items)
        ? list.items.map((value) => ({ value }))
        : filesOf(i).flatMap((f) => f.docs.filter((d) => read(d.apiVersion, d.kind)).map((d) => ({ text: d.text, value: parsed(d.text) })));
    itemsCache.set(i, items);
  }
  return itemsCache.get(i)!;
}

/** A document's text as an item of a block sequence: `- ` then its lines indented by two. */
const asItem = (text: string) => `- ${text.replace(/\n+$/, '').replace(/\n/g, '\n  ')}\n`;

const texts = new Map<string, string[]>();
/**
 * The text of each item of a ResourceList, read once. One that `resourceList` made of several
 * inputs (`made`: each item a `- ` at column 0, its lines indented by two), and the filter's
 * output of it (every item written at the place and indentation it was read at), is cut at those
 * lines; any other is read as the filter reads it (src/krm/io.ts).
 */
function itemTexts(list: string, made: boolean): string[] {
  let items = texts.get(list);
  if (items) return items;
  const start = made ? list.indexOf('\nitems:\n- ') : -1;
  if (start >= 0) {
    const body = list.slice(start + '\nitems:\n'.length);
    const end = body.search(/^(?!- |\s|$)/m);
    items = (end < 0 ? body : body.slice(0, end)).split(/^- /m).slice(1);
  } else items = readResourceList(list).items.map((x) => x.text);
  texts.set(list, items);
  return items;
}

const lists = new Map<string, string>();
/** One ResourceList of the inputs' items (made once, of their texts where they have them), its functionConfig left to `runFilter`'s `config`. */
function resourceList(inputs: readonly Input[], facts: readonly Input[]): string {
  const key = `${inputs.map((i) => i.name).join('\n')}\0${facts.length}`;
  if (!lists.has(key)) {
    const single = inputs.length === 1 && facts.length === 0 ? inputs[0]!.resourceList : undefined;
    const own = new Set(inputs);
    const texts = [
      ...inputs.flatMap(itemsOf).map((x) => x.text ?? stringify(x.value)),
      ...facts
        .filter((f) => !own.has(f))
        .flatMap((f) => filesOf(f).flatMap((m) => m.docs.filter((d) => d.apiVersion === 'v1' && FACTS.includes(d.kind)).map((d) => d.text))),
    ];
    lists.set(key, single ?? `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${texts.map(asItem).join('')}`);
  }
  return lists.get(key)!;
}

/**
 * The filter on one ResourceList of all the inputs' items (one config: `raw` with the version
 * set), as kpt or kustomize would send a package, and the facts (Namespaces, ConfigMaps,
 * Services: what one object of a package tells about another's pods, src/process.ts readFacts)
 * of `facts`: with the corpus, the inputs are the files `fix` changed in one run over all of
 * it, and the rest comes back as it went, byte for byte (README.md). Where the filter refuses
 * the whole list (an item it cannot read), each input alone.
 */
function filterWrites(inputs: readonly Input[], raw: unknown, version: string | undefined, facts: readonly Input[] = []): Written[] {
  const config = withVersion(raw, version);
  if (inputs.length === 0 || (raw !== undefined && config === undefined)) return [];
  const text = resourceList(inputs, facts);
  const r = runFilter(text, config !== undefined ? { config } : {});
  if (!r.stdout) return inputs.length > 1 ? inputs.flatMap((i) => filterWrites([i], raw, version)) : []; // refused: nothing written
  // Items it leaves as they are come back byte for byte (README.md): only the others are read.
  const made = inputs.length > 1 || facts.length > 0;
  const [before, after] = [itemTexts(text, made), itemTexts(r.stdout, made)];
  texts.delete(r.stdout);
  let k = 0;
  return inputs.flatMap((i) =>
    itemsOf(i).flatMap((item) => {
      const at = k++;
      const out = after[at];
      if (out === before[at]) return [];
      return pairs('filter', i.name, item.value, out === undefined ? undefined : parsed(made ? out.replace(/\n {2}/g, '\n') : out));
    }),
  );
}

const podsCache = new Map<Input, MadePod[]>();
/** The pods the input's objects make (test/helpers/admission.ts podsOf), made once. */
function podsOfInput(i: Input): MadePod[] {
  if (!podsCache.has(i)) {
    // The documents the filter reads (a CRD makes no pod), as the webhook's engine reads a pod.
    const docs = (m: ManifestFile) =>
      m.docs
        .filter((d) => read(d.apiVersion, d.kind))
        .map((d) => d.text)
        .join('\n---\n');
    const pods =
      i.resourceList !== undefined
        ? podsOf(i.resourceList, i.name)
        : filesOf(i).flatMap((m) => podsOf(docs(m), i.files.length > 1 ? `${i.name} ${m.path}` : i.name));
    podsCache.set(
      i,
      pods.filter(({ pod }) => Array.isArray((pod.spec as Obj | undefined)?.containers)),
    );
  }
  return podsCache.get(i)!;
}

/** The webhook on every pod the input's objects make, its JSON patch applied to the pod (test/helpers/admission.ts). */
function webhookWrites(inputs: readonly Input[], version: string | undefined): Written[] {
  const out: Written[] = [];
  const engines = new Map<string, Engine | undefined>();
  for (const i of inputs) {
    const config = withVersion(i.config, version);
    if (i.config !== undefined && config === undefined) continue;
    const key = JSON.stringify(config ?? null);
    if (!engines.has(key)) {
      try {
        engines.set(key, loadEngine(config === undefined ? undefined : stringify(config), i.name));
      } catch {
        engines.set(key, undefined); // a config the webhook refuses to start with
      }
    }
    const engine = engines.get(key);
    if (!engine) continue;
    for (const { from, pod } of podsOfInput(i)) {
      let r;
      try {
        r = reviewed(pod, engine);
      } catch (e) {
        out.push({ producer: 'webhook', from, before: pod, after: { kind: `patch does not apply: ${(e as Error).message.split('\n')[0]}` } });
        continue;
      }
      if (r.patch.length > 0) out.push({ producer: 'webhook', from, before: pod, after: r.after });
    }
  }
  return out;
}

// ---- the inputs themselves

function exampleInputs(): Input[] {
  const dir = join(ROOT, 'examples');
  return readdirSync(dir)
    .sort()
    .flatMap((name): Input[] => {
      const d = join(dir, name);
      if (!existsSync(join(d, 'Kptfile'))) {
        const rl = join(d, 'resource-list.yaml');
        return existsSync(rl) ? [{ name: `examples/${name}`, files: [], resourceList: readFileSync(rl, 'utf8') }] : [];
      }
      const caseConfig = parse(readFileSync(join(d, '.expected', 'config.yaml'), 'utf8')) as { fnConfig?: string; args?: Record<string, unknown> };
      const fnConfig = caseConfig.fnConfig ? join(d, '.expected', caseConfig.fnConfig) : undefined;
      const config = fnConfig
        ? parse(readFileSync(fnConfig, 'utf8'))
        : caseConfig.args
          ? {
              apiVersion: 'v1',
              kind: 'ConfigMap',
              metadata: { name: 'c' },
              data: Object.fromEntries(Object.entries(caseConfig.args).map(([k, v]) => [k, String(v)])),
            }
          : undefined;
      const files = readdirSync(d)
        .filter((f) => /\.ya?ml$/.test(f) && f !== 'Kptfile' && f !== 'kustomization.yaml' && join(d, f) !== fnConfig)
        .sort()
        .map((f) => ({ path: f, text: readFileSync(join(d, f), 'utf8') }));
      return [{ name: `examples/${name}`, files, config }];
    });
}

function goldenInputs(): Input[] {
  const dir = join(ROOT, 'fixtures', 'filter');
  return readdirSync(dir)
    .sort()
    .flatMap((name): Input[] => {
      const text = readFileSync(join(dir, name, 'input.yaml'), 'utf8');
      const list = parsed(text);
      if (!isObj(list) || !Array.isArray(list.items) || list.items.length === 0) return [];
      const config = list.functionConfig ?? undefined;
      // A case about a config the function refuses has nothing to write under any version.
      if (loadConfig(config).errors.length > 0) return [];
      const files = [{ path: `${name}.yaml`, text: list.items.map((x) => stringify(x)).join('---\n') }];
      return [{ name: `fixtures/filter/${name}`, files, config, resourceList: text }];
    });
}

/**
 * Minimal inputs of what the corpus, the examples and the golden cases lack, each a rule of
 * test/helpers/pod-rules.ts that a change can break: a pod with hostPID that a signal stop gives
 * shareProcessNamespace, a user's container already named like a dependency wait, a sidecar
 * whose readiness probe is not what a startupProbe may be, a Windows pod a change would give
 * Linux-only fields, a grace period shorter than a sleep.
 */
function edgeInputs(): Input[] {
  const pod = (name: string, spec: Obj, annotations?: Obj): Obj => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, ...(annotations ? { annotations } : {}) },
    spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec } },
  });
  const job = (name: string, spec: Obj): Obj => ({
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name },
    spec: { template: { spec: { restartPolicy: 'Never', ...spec } } },
  });
  const istio = { name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.24.2' };
  const app = { name: 'app', image: 'registry.example.com/app:1', command: ['/app'] };
  const spec = (s: Obj) => ({ apiVersion: FN_API, kind: 'PodSequence', metadata: { name: 'c' }, spec: s });
  const cases: [string, Obj, Obj | undefined][] = [
    [
      'signal-host-pid',
      job('signal', { hostPID: true, containers: [app, istio] }),
      spec({ sidecars: [{ profile: 'istio', shutdown: { signal: { process: 'pilot-agent' } } }] }),
    ],
    [
      'wait-name-taken',
      pod('web', { containers: [app, { name: 'seq-wait-db', image: 'registry.example.com/tool:1' }] }, { 'pod-sequencer.dev/dependencies': 'tcp://db:5432' }),
      undefined,
    ],
    [
      'sidecar-readiness',
      pod('ready', { containers: [app, { ...istio, readinessProbe: { httpGet: { path: '/healthz/ready', port: 15021 }, successThreshold: 3 } }] }),
      undefined,
    ],
    ['windows', pod('win', { os: { name: 'windows' }, containers: [app, istio] }, { 'pod-sequencer.dev/dependencies': 'tcp://db:5432' }), undefined],
    ['short-grace', pod('grace', { terminationGracePeriodSeconds: 3, containers: [app, istio] }), spec({ stopOrder: { sidecarsLast: true } })],
  ];
  return cases.map(([name, obj, config]) => ({ name: `edge ${name}`, files: [{ path: `${name}.yaml`, text: stringify(obj) }], config }));
}

/**
 * Outputs the API server would refuse (or read otherwise than written) that are still open in
 * issue 39, under the kubernetesVersion labels given: each matches problem lines (`producer:
 * file: object @ release: error`). An entry that matches nothing there fails (the list cannot
 * outlive the bug), and so does any other problem.
 */
const OPEN: { versions: readonly string[]; match: RegExp; why: string }[] = [];

function unexplained(problems: readonly string[], version: string): string[] {
  const open = OPEN.filter((o) => o.versions.includes(version));
  const stale = open.filter((o) => !problems.some((p) => o.match.test(p))).map((o) => `no longer seen, remove from OPEN: ${o.match}`);
  return [...problems.filter((p) => !open.some((o) => o.match.test(p))), ...stale];
}

// ---- the tests

const NEEDS = SCHEMA_RELEASES.map((m) => `vendor/kubernetes-sigs+kubectl-validate/pkg/openapiclient/builtins/${m}/`);
const missing = SCHEMA_RELEASES.filter((m) => !existsSync(builtinsDir(m)));

if (missing.length > 0 && !NEEDS.some(mustHave)) {
  const needs = `it needs the API server's OpenAPI documents of Kubernetes ${missing.join(', ')} in shared/ (${sharedDir()}/${NEEDS[0]!.replace(/[^/]+\/$/, '<minor>/')})`;
  console.log(`skipped "the API server reads every output as valid as its input": ${needs}`);
  describe('the API server reads every output as valid as its input (issue 39)', () => {
    it.skip(needs, () => {});
  });
} else {
  describe('the API server reads every output as valid as its input (issue 39)', () => {
    if (missing.length > 0)
      return void it('its OpenAPI documents are here', () => {
        throw new Error(`POD_SEQUENCER_REQUIRE_VENDOR=1: not in shared/: ${missing.map((m) => builtinsDir(m)).join(', ')}`);
      });
    const corpus = availableCorpus(corpusEntries(), 'API server reader: vendor corpus').map(
      ({ e, text }) => ({ name: cite(e), files: [{ path: e.path, text }] }) as Input,
    );
    const examples = exampleInputs();
    const goldens = goldenInputs();
    const edges = edgeInputs();

    for (const [v, { version, checks }] of Object.entries(VERSIONS)) {
      it(`kubernetesVersion ${v}: filter, fix, patches and webhook on ${corpus.length} corpus files, ${examples.length} examples, ${goldens.length} golden cases, ${edges.length} edge cases`, () => {
        const written: Written[] = [];
        const refused: string[] = [];
        // fix: the corpus in one run (one config), each example and golden case with its own;
        // patches on what fix changes (it writes none for the rest: the same run).
        const plain = configOf(withVersion(undefined, version))!;
        const fixed = fixWrites(corpus, plain);
        written.push(...fixed.written);
        const p = patchWrites(fixed.changed, plain);
        written.push(...p.written);
        refused.push(...p.refused);
        for (const i of [...examples, ...goldens, ...edges]) {
          const cfg = configOf(withVersion(i.config, version));
          if (!cfg) continue;
          const f = fixWrites([i], cfg);
          written.push(...f.written);
          if (f.changed.length === 0) continue;
          const q = patchWrites([i], cfg);
          written.push(...q.written);
          refused.push(...q.refused);
        }
        written.push(...filterWrites(fixed.changed, undefined, version, corpus));
        for (const i of [...examples, ...goldens, ...edges]) written.push(...filterWrites([i], i.config, version));
        written.push(...webhookWrites([...corpus, ...examples, ...goldens, ...edges], version));

        const { problems, checked } = newErrors(written, checks);
        const by = (producer: string) => written.filter((w) => w.producer === producer && JSON.stringify(w.before) !== JSON.stringify(w.after)).length;
        console.log(
          `API server reader, kubernetesVersion ${v}: ${checked} changed objects × ${checks.length} release${checks.length > 1 ? 's' : ''} (${checks.map(label).join(', ')}): ` +
            `filter ${by('filter')}, fix ${by('fix')}, patches ${by('patches')}, webhook ${by('webhook')}; ` +
            `patches refused ${refused.length} input${refused.length === 1 ? '' : 's'} (it writes nothing for an object no target can name: ${refused.join(', ') || 'none'}); ${problems.length} new errors`,
        );
        expect(unexplained(problems, v)).toEqual([]);
        // A run that changed nothing validated nothing: the examples and goldens alone change dozens.
        expect(checked).toBeGreaterThan(50);
        // The first run reads and parses the corpus (some 10 s on 2 shared cores); each later one, 2 to 3 s.
      }, 120_000);
    }
  });
}

describe('the comparison can fail', () => {
  const deployment = (containers: unknown[], initContainers?: unknown[]): Obj => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers, ...(initContainers ? { initContainers } : {}) } },
    },
  });
  const here = existsSync(builtinsDir('1.28'));

  it.skipIf(!here)('a field the release lacks, written by a change, is named with its object and release', () => {
    const before = deployment([{ name: 'web', image: 'web:1' }]);
    const after = deployment([{ name: 'web', image: 'web:1', bogusField: true }]);
    const { problems } = newErrors([{ producer: 'fix', from: 'web.yaml', before, after }], VERSIONS['1.28']!.checks);
    expect(problems).toEqual(['fix: web.yaml: Deployment web @ 1.28: Deployment.spec.template.spec.container[web].bogusField: no such field in this release']);
  });

  it.skipIf(!here)('a native sidecar written for 1.28, a sleep hook for 1.29, two handlers: each named; what the input had already is not', () => {
    const proxy = { name: 'proxy', image: 'p:1', restartPolicy: 'Always', startupProbe: { tcpSocket: { port: 15021 }, exec: { command: ['true'] } } };
    const before = deployment([
      { name: 'web', image: 'web:1', bogusField: 1 },
      { name: 'proxy', image: 'p:1' },
    ]);
    const after = deployment([{ name: 'web', image: 'web:1', bogusField: 1, lifecycle: { preStop: { sleep: { seconds: 5 } } } }], [proxy]);
    const lines = newErrors([{ producer: 'webhook', from: 'x', before, after }], [{ schema: '1.28', rules: 28 }, ...VERSIONS.unset!.checks]).problems;
    expect(lines.join('\n')).toMatch(/@ 1\.28: .*container\[proxy\]\.restartPolicy: validateInitContainers: SidecarContainers is off/);
    expect(lines.join('\n')).toMatch(/@ 1\.28: .*container\[proxy\]\.startupProbe: validateInitContainers: may not be set/);
    expect(lines.join('\n')).toMatch(/@ 1\.28: Deployment\.spec\.template\.spec\.container\[web\]\.lifecycle\.preStop\.sleep: no such field/);
    expect(lines.join('\n')).toMatch(/@ 1\.29 \(OpenAPI of 1\.28\): .*preStop\.sleep: validateLifecycle \(validateHandler\): PodLifecycleSleepAction is off/);
    expect(lines.join('\n')).toMatch(
      /@ 1\.34: .*container\[proxy\]\.startupProbe\.tcpSocket: validateStartupProbe \(validateProbe\) \(validateHandler\): may not specify more than 1/,
    );
    expect(lines.join('\n')).not.toMatch(/bogusField/);
  });

  it('a Windows pod: the Linux-only fields a change writes are named (validateWindows)', () => {
    const spec = { os: { name: 'windows' }, shareProcessNamespace: true, containers: [{ name: 'web', image: 'w', securityContext: { runAsUser: 1000 } }] };
    expect(podSpecErrors(spec, 33, 'Pod.spec')).toEqual([
      'Pod.spec.shareProcessNamespace: validateWindows: cannot be set for a windows pod',
      'Pod.spec.container[web].securityContext.runAsUser: validateWindows: cannot be set for a windows pod',
    ]);
  });
});
