/**
 * The heart of a run: for each item that holds a pod template, build the workload, transform
 * it (apply mode), lint it, and, only if it changed, carry the change into its parsed tree and
 * serialise that one item. Everything else stays text.
 */
import { isAlias, isPair, isScalar, isSeq, visit, type Alias, type Document, type Node } from 'yaml';
import { parseDocument } from './yaml/document.js';
import { rulesCanAct, runRules } from './check/index.js';
import type { Config } from './config/types.js';
import { fastParse, type Spans } from './yaml/fastparse.js';
import { patchItem } from './yaml/patch.js';
import { isListKind, MAX_ALIASES, readResourceList, sourceOffset, writeResourceList, type ResourceListInput } from './krm/io.js';
import { deepEqual, nodeName, syncDocument, type Before, type NodePool } from './yaml/sync.js';
import { FatalError, type ResourceRef, type Result } from './krm/types.js';
import { fromMessage } from './krm/results.js';
import { EnvReaders, makeCtx, noFacts, settlePaths, type InputFacts, type PodCtx } from './pod/context.js';
import { sequenceWorkload, stepsCanAct } from './sequence/index.js';
import { allowsUnnamedContainers, sitesFor, type Site } from './workloads/kinds.js';
import { envReaderOf } from './workloads/catalog.js';
import { expand, type Path } from './workloads/paths.js';
import { isSelected } from './workloads/select.js';
import {
  fileOf,
  getPath,
  isObject,
  makeWorkload,
  nameUnnamed,
  podField,
  shapeProblem,
  type Container,
  type ObjectMeta,
  type Workload,
} from './workloads/workload.js';
import { FACT_KINDS, objectProblem } from './workloads/shape.js';
import { isChange } from './check/dry-run.js';

/**
 * How changed items are written: as text edits (patch.ts), else through a yaml Document. A seam
 * for the tests that hold the two paths to each other, and counts for the benchmark's notes.
 */
export const writePath = { textEdits: true, patched: 0, declined: 0 };

export interface ItemText {
  text: string;
  kind?: string;
  apiVersion?: string;
  /** The item's value, already parsed from `text` (fastParse's), if the reader kept it: once; processing changes it. */
  takeValue?(): Record<string, unknown> | undefined;
  /**
   * The caller reads the changed value, not text (the admission webhook diffs it into a JSON
   * patch, src/admission/review.ts): the value is handed over and no text is written; the
   * item's replacement is then ''. The text a file run writes reads as this value (test/admission/corpus.test.ts).
   */
  valueOut?(value: Record<string, unknown>): void;
  /**
   * The item's value as it came, made again by the caller without text (the webhook parses the
   * request's body again): the engine's value before any change, where reading `text` would write
   * the pod as YAML only to parse it back. Not the live value: the engine only reads it, and
   * copies what it restores from it (src/sequence/all-or-nothing.ts restore).
   */
  valueBefore?(): Record<string, unknown>;
}

export interface Processed {
  /** Item index -> new text, only for items that changed. */
  replacements: Map<number, string>;
  results: Result[];
  /** For each result, the index of the item it is about (plain files map results to documents). */
  itemOf: number[];
  /** For each result, where its object is inside that item: `items[3].` in a List, else ''. */
  within: string[];
}

/** Input that cannot be processed, found inside one item; `offset` is in the item's own text. */
export class ItemError extends FatalError {
  constructor(
    message: string,
    readonly index: number,
    readonly offset?: number,
  ) {
    super(message);
  }
}

/** An error thrown while item `index` was read or processed: an ItemError names the item. */
function inItem(index: number, e: unknown): unknown {
  return e instanceof ItemError ? new ItemError(`items[${index}]: ${e.message}`, index, e.offset) : e;
}

/** What a caller of processItems may be told while it runs. */
export interface Hooks {
  /**
   * An item that cannot be processed (an ItemError) is handed to it and left out, its results
   * with it, and the rest go on; without it the error ends the run. One pass either way: a
   * caller that refused items runs again without them (files/run.ts), not once per item.
   */
  refuse?: (e: ItemError) => void;
  /** After each item of the input (not of a List inside it): items done, of all. */
  progress?: (done: number, total: number) => void;
}

export function processItems(items: readonly ItemText[], cfg: Config, facts: InputFacts = readFacts(items), hooks: Hooks = {}): Processed {
  const out = processLevel(items, cfg, facts, hooks);
  // The objects found unreadable while the run read them (readFacts), each at its own item; once.
  for (const p of facts.problems.splice(0)) {
    out.results.push(p.result);
    out.itemOf.push(p.index);
    out.within.push(p.within);
  }
  return out;
}

/** processItems on one level: the input's items, or a List's (its facts are the whole input's). */
function processLevel(items: readonly ItemText[], cfg: Config, facts: InputFacts, { refuse, progress }: Hooks = {}): Processed {
  const out: Processed = { replacements: new Map<number, string>(), results: [], itemOf: [], within: [] };
  // An index loop, no closure per item: most items are no workload, and most workloads are left as they are.
  for (let index = 0; index < items.length; index++) {
    const before = out.results.length;
    try {
      processAt(index, items[index]!, cfg, facts, out);
    } catch (e) {
      if (!(refuse && e instanceof ItemError)) throw e;
      refuse(e);
      out.results.length = out.itemOf.length = out.within.length = before;
    }
    progress?.(index + 1, items.length);
  }
  return out;
}

/** One item of processLevel: its replacement and results into `out`. */
function processAt(index: number, item: ItemText, cfg: Config, facts: InputFacts, out: Processed): void {
  const { replacements, results, itemOf, within } = out;
  const list = listOf(item);
  if (list) {
    const sub = inList(index, list, () => processLevel(list.items, cfg, facts));
    sub.results.forEach((r, k) => {
      results.push(r);
      itemOf.push(index);
      within.push(`items[${sub.itemOf[k]}].${sub.within[k]}`);
    });
    if (sub.replacements.size > 0) replacements.set(index, forgetListKptIds(writeResourceList(list, sub.replacements, [])));
    return;
  }
  const sites = sitesFor(item.apiVersion, item.kind, cfg.workloadKinds);
  if (!sites) return;
  const before = results.length;
  let text: string | undefined;
  try {
    text = processItem(item, sites, cfg, results, facts);
  } catch (e) {
    throw inItem(index, e);
  }
  if (text !== undefined) replacements.set(index, text);
  sayNotes(facts, results, before);
  while (itemOf.length < results.length) {
    itemOf.push(index);
    within.push('');
  }
}

/**
 * The run's once-only notes (noteOnce) not yet given, on the first workload a decision for which
 * rested on them, whose results start at `from`: the kubernetesVersion the config did not give and
 * what was assumed (issue 31; docs/decisions.md, "Native sidecars by default"), mesh.consul.version.
 */
function sayNotes(facts: InputFacts, results: Result[], from: number): void {
  if (!facts.notes) return;
  const about = results.slice(from).find((r) => r.resourceRef);
  for (const [setting, note] of facts.notes) {
    if (note.said) continue;
    note.said = true;
    results.push({
      severity: 'info',
      ...fromMessage(note.message),
      // Not a change (a second run says it again where the same decision rests on it): tagged so.
      tags: { assumed: setting },
      ...(about?.resourceRef ? { resourceRef: about.resourceRef } : {}),
      ...(about?.file ? { file: about.file } : {}),
    });
  }
}

const lists = new WeakMap<ItemText, ResourceListInput | null>();

/**
 * The objects inside a `kind: List` or typed list item (kubectl get -o yaml), read by the same
 * reader as the ResourceList; undefined for other items and for lists that are not lists of
 * objects (left alone, as any unknown kind is).
 */
export function listOf(item: ItemText): ResourceListInput | undefined {
  if (!isListKind(item.kind) || item.kind === 'ResourceList') return undefined;
  let list = lists.get(item);
  if (list === undefined) {
    try {
      list = readResourceList(item.text);
    } catch (e) {
      if (!(e instanceof FatalError)) throw e;
      list = null;
    }
    lists.set(item, list);
  }
  return list ?? undefined;
}

/** An error inside a list's item, placed in the list item's own text. */
function inList<T>(index: number, list: ResourceListInput, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof ItemError)) throw e;
    const sub = list.items[e.index];
    const offset = sub && e.offset !== undefined ? sourceOffset(list.source, sub, e.offset) : undefined;
    throw new ItemError(`items[${index}].${e.message}`, index, offset);
  }
}

/**
 * A changed list loses kpt's ids on the list object itself (see forgetKptIds): its own
 * `metadata.annotations` lines, found by indentation, the items' own being deeper.
 */
function forgetListKptIds(text: string): string {
  const lines = text.split('\n');
  const meta = lines.findIndex((l) => /^metadata:\s*$/.test(l));
  if (meta < 0) return text;
  const indentOf = (l: string) => l.length - l.trimStart().length;
  let ann = -1;
  for (let i = meta + 1; i < lines.length && (lines[i] === '' || indentOf(lines[i]!) > 0); i++) {
    if (ann < 0 && /^\s+annotations:\s*$/.test(lines[i]!)) ann = i;
    else if (ann >= 0 && indentOf(lines[i]!) <= indentOf(lines[ann]!)) break;
    else if (ann >= 0 && KPT_IDS.some((k) => lines[i]!.trimStart().startsWith(`${k}:`))) lines[i] = '\0';
  }
  return lines.filter((l) => l !== '\0').join('\n');
}

/**
 * Namespaces are few and small: parse just those. ConfigMaps and Services are kept unread until a
 * container loads a file from one (src/pod/files.ts) or a workload waits for a dependency
 * (src/pod/dependencies.ts ownService). Each is held to its table (shape.ts FACT_KINDS) when it
 * is read: one with a field of the wrong type is left out, with an error at that field.
 * `list`: where a List's items are (readFacts reads inside Lists).
 */
export function readFacts(items: readonly ItemText[], facts = noFacts(), list?: { index: number; within: string }): InputFacts {
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!; // an index loop: no pair per item from entries()
    const inner = listOf(item);
    if (inner) readFacts(inner.items, facts, placeIn(list, index));
    if (item.apiVersion !== 'v1') {
      const reader = envReaderOf(item.apiVersion, item.kind);
      if (reader) (facts.envReaders ??= new EnvReaders()).add(reader, () => fastParse(item.text)?.value ?? toValue(parseDocument(item.text)));
      continue;
    }
    if (item.kind === 'ConfigMap') {
      const at = placeIn(list, index);
      facts.configMaps.add(() => checkedFact(facts, at, fastParse(item.text)?.value ?? parseDocument(item.text).toJS({ maxAliasCount: MAX_ALIASES })));
    } else if (item.kind === 'Service') {
      // The reader's value is let go now (a value kept to the end is copied by every young-generation
      // GC, one of them in the middle of processing: issue 28); the rare workload that waits for a
      // dependency has the Services read again from their text.
      item.takeValue?.();
      const at = placeIn(list, index);
      facts.services.add(() => checkedFact(facts, at, fastParse(item.text)?.value ?? toValue(parseDocument(item.text))));
    } else if (item.kind === 'Namespace') readNamespace(item, facts, index, placeIn(list, index));
  }
  return facts;
}

/** Where item `index` of a level is: its own index at the top, inside a List the List's and `items[k].`. */
function placeIn(list: { index: number; within: string } | undefined, index: number): { index: number; within: string } {
  return list ? { index: list.index, within: `${list.within}items[${index}].` } : { index, within: '' };
}

function readNamespace(item: ItemText, facts: InputFacts, index: number, at: { index: number; within: string }): void {
  let obj: unknown;
  try {
    obj = item.takeValue?.() ?? toValue(parseDocument(item.text));
  } catch (e) {
    throw inItem(index, e);
  }
  const meta = (checkedFact(facts, at, obj) as { metadata?: ObjectMeta } | null)?.metadata;
  if (typeof meta?.name === 'string') facts.namespaces.set(meta.name, { labels: meta.labels ?? {}, annotations: meta.annotations ?? {} });
}

/**
 * The object as read, or null when a field it is read for has the wrong type (a Namespace whose
 * `labels` is a string): then an error at that field joins facts.problems, and the object says
 * nothing to the run. The workloads that would have read it are still processed.
 */
function checkedFact(facts: InputFacts, at: { index: number; within: string }, obj: unknown): unknown {
  if (!isObject(obj)) return obj;
  const kind = String(obj.kind);
  const bad = objectProblem(obj, FACT_KINDS[kind]!);
  if (!bad) return obj;
  const meta = isObject(obj.metadata) ? obj.metadata : {};
  const ref: ResourceRef = { apiVersion: 'v1', kind, name: typeof meta.name === 'string' ? meta.name : '' };
  if (typeof meta.namespace === 'string') ref.namespace = meta.namespace;
  const path = dotted(bad.path);
  const file = isObject(meta.annotations) ? fileOf(meta.annotations as Record<string, string>) : undefined;
  const result: Result = {
    severity: 'error',
    message: `${path}: ${bad.text}; this ${kind} is not read (${FACT_USE[kind]})`,
    resourceRef: ref,
    field: { path },
  };
  if (file) result.file = file;
  facts.problems.push({ ...at, result });
  return null;
}

/** What the run does not learn from a fact object it cannot read, for its error. */
const FACT_USE: Record<string, string> = {
  Namespace: 'its labels and annotations say nothing about mesh injection into its workloads',
  ConfigMap: 'no container is seen to load a file from it',
  Service: 'no workload is seen to be behind it',
};

/**
 * Every pod template of an object: one workload each, in the order of the kind's sites and then
 * of the object's lists and maps (a JobSet's replicated jobs, a PyTorchJob's Master and Worker).
 */
export function workloadsOf(obj: Record<string, unknown>, sites: readonly Site[]): Workload[] {
  // Index loops, not flatMap or for-of (an iterator each): this runs for every workload, most of them left as they are.
  const out: Workload[] = [];
  for (let s = 0; s < sites.length; s++) {
    const site = sites[s]!;
    const paths = expand(obj, site.steps);
    for (let p = 0; p < paths.length; p++) {
      const w = makeWorkload(obj, paths[p]!, site);
      if (w) out.push(w);
    }
  }
  return out;
}

/** A workload to transform and check, with the containers nameUnnamed named for it. */
interface Ready {
  w: Workload;
  unnamed: readonly Container[];
}

const NONE: readonly Container[] = [];

/**
 * Returns the item's new text, or undefined when it is unchanged (or not a workload). The item's
 * text is read only if the workload changed or is refused (it is made on demand), and its value
 * is the reader's when it kept one.
 */
export function processItem(item: ItemText, sites: readonly Site[], cfg: Config, results: Result[], facts: InputFacts = noFacts()): string | undefined {
  const parsed = item.takeValue?.();
  // Most items fit fastParse's subset (same value as yaml's): build a Document only to write a change.
  const fast = parsed ? { value: parsed } : fastParse(item.text);
  const doc = fast ? undefined : parseItem(item.text);
  const obj = fast ? fast.value : toValue(doc!);
  if (!isObject(obj)) return undefined;
  const workloads = workloadsOf(obj, sites);
  const ready: Ready[] = [];
  let checked: Record<string, unknown> | undefined;
  for (let i = 0; i < workloads.length; i++) {
    const w = workloads[i]!;
    if (!isSelected(w, cfg)) continue;
    // Taken before unnamed containers get their stand-in names (nameUnnamed), which are taken off again.
    if (VERIFY && cfg.mode === 'apply') checked ??= structuredClone(obj);
    const unnamedOk = allowsUnnamed(w);
    // fastParse declines `<<` keys (src/yaml/fastparse.ts checkKey): only a yaml value may hold one.
    const bad = shapeProblem(w, unnamedOk) ?? (!fast && item.text.includes('<<') ? mergeKey(obj, []) : undefined) ?? (doc ? nonStringKey(doc) : undefined);
    if (bad) {
      // One workload's bad field never stops the others (issue 27): an error on it, the template as it was.
      makeCtx(cfg, w, results, facts).report('error', `${dotted(bad.path)}: ${bad.text}; this ${w.kind} is left as it is`, dotted(bad.path));
      continue;
    }
    const unnamed = unnamedOk ? nameUnnamed(w) : NONE;
    // Most workloads: no step and no rule can act (a test of the pod's summary), nothing more is
    // made for them. A transform changes only its own template, so another template's summary
    // taken now is the one it would have later.
    if (idle({ cfg, w, facts })) {
      unname(unnamed);
      continue;
    }
    ready.push({ w, unnamed });
  }
  if (ready.length === 0) return undefined;
  const start = results.length;
  const first = ready[0]!.w;
  try {
    return sequenceItem(ready, { item, fast: fast !== undefined, parsed: parsed !== undefined, doc, checked }, obj, cfg, results, facts);
  } catch (e) {
    if (e instanceof ItemError) {
      // Found while writing it (aliases that would expand past the limit): this item only.
      results.length = start;
      makeCtx(cfg, first, results, facts).report('error', `${e.message}; this ${first.kind} is left as it is`);
      return undefined;
    }
    if (e instanceof FatalError || VERIFY) throw e;
    // A bug must not cost the other items their output: this item is reported and left as it was.
    results.length = start;
    makeCtx(cfg, first, results, facts).report(
      'error',
      `internal error while processing this ${first.kind} (${(e as Error).message}); it is left as it is. Please report this with the input that caused it`,
    );
    return undefined;
  }
}

/** Whether the kind names an unnamed container itself (Knative: kinds.ts, the catalog's namesOptional). */
export function allowsUnnamed(w: Workload): boolean {
  if (w.site.namesOptional === true) return true;
  // Built-in kinds are of core groups (kinds.ts isCoreApiVersion), never one of those kinds'.
  return w.site.origin !== 'builtin' && allowsUnnamedContainers(w.ref.apiVersion, w.kind);
}

/** Dotted field path: `spec.template.spec.containers[0].image`. */
export function dotted(path: readonly (string | number)[]): string {
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
    .join('')
    .slice(1);
}

interface Source {
  item: ItemText;
  fast: boolean;
  parsed: boolean;
  doc: Document | undefined;
  /** The object as read, under POD_SEQUENCER_VERIFY: an unchanged-looking workload is compared with it. */
  checked: Record<string, unknown> | undefined;
}

function sequenceItem(
  ready: readonly Ready[],
  src: Source,
  obj: Record<string, unknown>,
  cfg: Config,
  results: Result[],
  facts: InputFacts,
): string | undefined {
  const { item, fast, parsed, doc, checked } = src;
  // The value before any change is read again from the text, and only when a transform reported
  // something: each change comes with a result (docs/decisions.md, "Every change is reported"),
  // so an unchanged workload (most of them) costs no copy and no comparison. The tests check
  // that rule on every workload they run (POD_SEQUENCER_VERIFY).
  const original = new Reread(item, fast, parsed);
  const valueBefore = () => original.get().value;
  let acted = false;
  let blocked = false;
  for (let i = 0; i < ready.length; i++) {
    const { w, unnamed } = ready[i]!;
    const start = results.length;
    const ctx = makeCtx(cfg, w, results, facts);
    // Each template is all or nothing on its own: `original` is the object before any of them.
    const changed = cfg.mode === 'apply' && sequenceWorkload(ctx, valueBefore);
    runRules(ctx);
    if (results.length > start) settlePaths(w, results, start);
    if (unnamed.length === 0) {
      acted ||= changed;
      continue;
    }
    const places = unnamed.map((c) => c.name).join(', ');
    unname(unnamed);
    // An annotation on the pod's metadata (a mesh's switch) names no container: only a change to
    // the pod's spec needs the names (issue 39: Knative's Istio opt-in was refused).
    const podBefore = w.view ? original.get().value : getPath(original.get().value, [...w.templatePath, 'spec']);
    if (changed && !deepEqual(podBefore, w.view ? obj : w.pod)) {
      // Moves, waits and wrappers name the containers they act on: without a name there is no fix.
      blocked = true;
      results.splice(start, results.length - start, ...results.slice(start).filter((r) => !isChange(r)));
      ctx.report(
        'error',
        `pod-sequencer would change this ${w.kind}, but ${places} ${unnamed.length > 1 ? 'have' : 'has'} no name, and its changes name the containers they act on: give ${unnamed.length > 1 ? 'each' : 'it'} a name (Knative names one user-container); this ${w.kind} is left as it is`,
        podField(w, 'containers'),
      );
    } else acted ||= changed;
  }
  // An unnamed container's template that would change leaves the whole object as it was: its
  // changes are in `obj` with the others', and a half-written object is worse than none.
  if (blocked) return undefined;
  if (!acted) {
    if (checked && !deepEqual(checked, obj))
      throw new Error(`${ready[0]!.w.kind} ${ready[0]!.w.ref.name} was changed without a result: every change must be reported`);
    return undefined;
  }
  const before = original.get();
  if (deepEqual(before.value, obj)) return undefined;
  forgetKptIds(obj);
  if (item.valueOut) return (item.valueOut(obj), '');
  const text = item.text;
  const workloads = ready.map((r) => r.w);
  if (before.spans && writePath.textEdits) {
    const poolPaths = workloads.flatMap((w) => ['initContainers', 'containers'].map((l) => [...w.templatePath, 'spec', l]));
    const patched = patchItem({ text, spans: before.spans, before: before.value, after: obj, poolPaths, indentSeq: !compactSequences(text) });
    if (patched) return (writePath.patched++, patched);
    writePath.declined++;
  }
  return writeDocument(
    doc ?? parseItem(text),
    text,
    before.value,
    obj,
    workloads.map((w) => w.templatePath),
  );
}

/**
 * Whether nothing would be done or said about the workload: in apply mode no transform step can
 * act, and no rule (sequenceWorkload and runRules would return at once). One test of the pod's
 * summary for most workloads, none of the calls and closures around them (issue 28).
 */
function idle(pod: PodCtx): boolean {
  return (pod.cfg.mode !== 'apply' || !stepsCanAct(pod)) && !rulesCanAct(pod);
}

/** Takes off the stand-in names nameUnnamed gave. */
function unname(unnamed: readonly Container[]): void {
  for (let i = 0; i < unnamed.length; i++) delete (unnamed[i] as { name?: string }).name;
}

/** Set in the tests' environment (vitest.config.ts): an unchanged-looking workload is compared with a copy. */
const VERIFY = process.env.POD_SEQUENCER_VERIFY === '1';

/**
 * The item's value as its text has it, made once on demand: by fastParse with the spans the text
 * edits need (patch.ts) when the item was read by fastParse, else by `yaml`. `plainText`: the
 * reader already tested its characters. An object, not a closure: one is made for every item.
 */
class Reread {
  private made?: { value: Record<string, unknown>; spans?: Spans };

  constructor(
    private readonly item: ItemText,
    private readonly fast: boolean,
    private readonly plainText: boolean,
  ) {}

  get(): { value: Record<string, unknown>; spans?: Spans } {
    if (this.made) return this.made;
    if (this.item.valueBefore) return (this.made = { value: this.item.valueBefore() });
    const spans: Spans = new Map();
    const value = this.fast ? (fastParse(this.item.text, 0, spans, this.plainText)?.value as Record<string, unknown> | undefined) : undefined;
    this.made = value ? { value, spans } : { value: toValue(parseItem(this.item.text)) as Record<string, unknown> };
    return this.made;
  }
}

/**
 * The Document path. Aliases stay aliases (Linkerd's `name: *containerName`): an alias whose
 * value did not change keeps its node. If the result no longer reads as the new value (a change
 * moved an anchor after one of its aliases, or changed an anchored node another alias reads, or
 * replaced it), the item is synced again from its text with every alias written out as a copy
 * of its value, anchors kept for aliases in other items.
 */
function writeDocument(doc: Document, text: string, before: unknown, obj: Record<string, unknown>, templates: readonly Path[]): string {
  syncItem(doc, before, obj, templates);
  if (!text.includes('*') || readsAs(doc, obj)) return serialize(doc, text); // no `*`, no alias
  const expanded = parseItem(text);
  expandAliases(expanded, Math.max(65536, text.length));
  syncItem(expanded, before, obj, templates);
  return serialize(expanded, text);
}

function syncItem(doc: Document, before: unknown, obj: Record<string, unknown>, templates: readonly Path[]): void {
  const olds: Before = { value: before, pool: new Map(), holders: new Set() };
  const lists = new Set(templates.flatMap((t) => ['initContainers', 'containers'].map((l) => valueAt(obj, [...t, 'spec', l]))).filter(Array.isArray));
  const pool: NodePool = new Map();
  const shared = new Set<string>();
  for (const t of templates) containerPool(doc, t, olds, pool, shared);
  // A name in several templates (a JobSet's jobs) stays out of the pool (as in yaml/patch.ts).
  for (const name of shared) pool.delete(name);
  syncDocument(doc, obj, pool, olds, lists);
}

/** Whether the Document, its aliases resolved, holds `value`. */
function readsAs(doc: Document, value: unknown): boolean {
  try {
    return deepEqual(doc.toJS({ maxAliasCount: MAX_ALIASES }), value);
  } catch {
    return false; // an alias before its anchor, or without one
  }
}

/**
 * kpt's ids of an item, by which it finds the input item again to restore comments and key order
 * after a function runs (kyaml runtimeutil.FunctionFilter, copyCommentsAndSyncOrder). Inside an
 * item it matches list elements by index: once a container moves, it copies one container's
 * comments and key order onto another. Without the ids kpt takes a changed item exactly as
 * written, and still writes it to the file its path annotation names. Unchanged items keep them.
 */
const KPT_IDS = ['internal.config.kubernetes.io/id', 'config.k8s.io/id'];

function forgetKptIds(obj: Record<string, unknown>): void {
  const annotations = (obj.metadata as ObjectMeta | undefined)?.annotations;
  if (annotations) for (const key of KPT_IDS) delete annotations[key];
}

function parseItem(text: string): Document {
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors[0]) throw new FatalError(`malformed YAML: ${doc.errors[0].message.split('\n')[0]}`, doc.errors[0].linePos?.[0]);
  return doc;
}

/**
 * A YAML merge key (`<<`) anywhere in a workload: Kubernetes' YAML readers merge it, the YAML 1.2
 * reader here does not, so changes could be hidden behind it (an explicit key we add overrides a
 * merged one you wrote). Refused, with its path.
 */
function mergeKey(v: unknown, path: (string | number)[]): { path: (string | number)[]; text: string } | undefined {
  if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) {
      const found = mergeKey(x, [...path, i]);
      if (found) return found;
    }
  } else if (isObject(v)) {
    if (Object.hasOwn(v, '<<')) return { path: [...path, '<<'], text: 'YAML merge keys are not supported in workloads: write the merged keys out' };
    for (const [k, x] of Object.entries(v)) {
      const found = mergeKey(x, [...path, k]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * A map key in a workload that is not a string (null, a number, a boolean, a collection): the
 * value read here would turn it into a string (`~:` into `""`, `1:` into `"1"`, colliding with a
 * quoted `"1":`), and a rewrite would write that string. Refused with its path (fastParse
 * declines such keys, so only a yaml Document may hold one). docs/decisions.md, "Keys".
 */
function nonStringKey(doc: Document): { path: (string | number)[]; text: string } | undefined {
  let found: { path: (string | number)[]; text: string } | undefined;
  visit(doc, {
    Pair: (_, pair, ancestors) => {
      const key = pair.key as unknown;
      if (isScalar(key) && typeof key.value === 'string') return undefined;
      const what = isScalar(key) ? (key.value === null ? 'a null key' : `the ${typeof key.value} key ${String(key.value)}`) : 'a collection as a key';
      const path = pathOf(ancestors);
      found = { path, text: `${what}: keys in workloads must be strings, as Kubernetes reads them (quote it)` };
      return visit.BREAK;
    },
  });
  return found;
}

/** The map keys and list indexes down to a node, from visit's ancestors (the key's own map last). */
function pathOf(ancestors: readonly unknown[]): (string | number)[] {
  const path: (string | number)[] = [];
  for (let i = 1; i < ancestors.length; i++) {
    const up = ancestors[i - 1];
    const here = ancestors[i];
    if (isSeq(up)) path.push((up.items as unknown[]).indexOf(here));
    else if (isPair(here) && isScalar(here.key)) path.push(String(here.key.value));
  }
  return path;
}

/**
 * The item's value. Its aliases must resolve inside the item (it is edited on its own), and
 * their expansion is bounded (alias bombs).
 */
function toValue(doc: Document): unknown {
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (e) {
    if (!(e instanceof ReferenceError)) throw e;
    const anchors = new Set<string>();
    let first: Alias | undefined;
    let dangling: Alias | undefined;
    visit(doc, (_, n) => {
      if (!isAlias(n)) return void ((n as Node).anchor && anchors.add((n as Node).anchor!));
      first ??= n;
      if (!anchors.has(n.source)) return ((dangling = n), visit.BREAK);
      return undefined;
    });
    if (dangling) {
      const why = `alias *${dangling.source} has no anchor before it in this item; pod-sequencer edits each item on its own: write the value out (or move the anchor into the item)`;
      throw new ItemError(why, -1, dangling.range?.[0]);
    }
    throw new ItemError(`its aliases expand to more than ${MAX_ALIASES} nodes; refusing a possible alias bomb: write the values out`, -1, first?.range?.[0]);
  }
}

/**
 * Once nodes move or change, an alias may come before its anchor or share a change meant for
 * one place only: in an item we rewrite, each alias becomes a copy of its value (anchors stay,
 * for aliases in other items). Copies are bounded, or a small alias bomb would write a huge item.
 */
function expandAliases(doc: Document, limit: number): void {
  const anchors = new Map<string, Node>();
  let added = 0;
  visit(doc, (_, n) => {
    if (!isAlias(n)) {
      if ((n as Node).anchor) anchors.set((n as Node).anchor!, n as Node);
      return undefined;
    }
    const copy = anchors.get(n.source)?.clone() as Node | undefined;
    if (!copy) return undefined;
    visit(copy, (_k, m) => {
      (m as Node).anchor = undefined;
      added += isScalar(m) ? String(m.value).length + 1 : 1;
    });
    if (added > limit) throw new ItemError(`its aliases expand to more than ${limit} characters when written out: write the values out`, -1, n.range?.[0]);
    return copy;
  });
}

/**
 * Container nodes by name, so a container keeps its comments when it moves between lists; and
 * (in `olds.pool`) each one's value before the change, from the snapshot in `olds.value`.
 */
function containerPool(doc: Document, templatePath: Path, olds: Before, pool: NodePool, shared: Set<string>): void {
  const mine = new Set<string>();
  for (const list of ['initContainers', 'containers']) {
    const path = [...templatePath, 'spec', list];
    const seq = doc.getIn(path, true);
    if (!isSeq(seq)) continue;
    for (let i = 0; i <= path.length; i++) {
      const holder = i === 0 ? doc.contents : doc.getIn(path.slice(0, i), true);
      if (holder && typeof holder === 'object') olds.holders.add(holder as Node);
    }
    const before = valueAt(olds.value, path);
    const aligned = Array.isArray(before) && before.length === seq.items.length;
    seq.items.forEach((node, i) => {
      const name = nodeName(doc, node);
      if (typeof name === 'string' && pool.has(name) && !mine.has(name)) shared.add(name);
      if (typeof name === 'string') mine.add(name);
      if (typeof name === 'string' && !pool.has(name)) {
        pool.set(name, node as never);
        if (aligned) olds.pool.set(node as Node, before[i]);
      }
    });
  }
}

function valueAt(v: unknown, path: Path): unknown {
  for (const key of path) {
    if (typeof key === 'number') {
      if (!Array.isArray(v) || key >= v.length) return undefined;
      v = v[key];
    } else {
      if (!isObject(v) || !Object.hasOwn(v, key)) return undefined;
      v = v[key];
    }
  }
  return v;
}

/**
 * Serialises a changed item in the style of its source: its indent width, compact or indented
 * sequences as most of the source has them, no line folding, flow collections unpadded. yaml's
 * printer takes one sequence style and one width for the whole item: in an item that mixes
 * styles (Helm charts: a template's own lists indented, `toYaml`'s compact), the lists in the
 * other style are re-indented, and a flow collection alone on the line below its key moves up
 * beside it (test/vendor/byte-fidelity.test.ts). The text edits (src/yaml/patch.ts) keep both;
 * this path is taken when they decline. Comments at the head of a list item stay above its
 * `-`: that is where kpt (which restores comments itself, matching list items by name) expects
 * them; anywhere else it prints them twice.
 */
function serialize(doc: Document, source: string): string {
  skipTagScan(doc);
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false, indent: indentWidth(source), indentSeq: !compactSequences(source) });
}

/**
 * yaml's Directives.toString walks the whole tree for the tags it uses, to decide which `%TAG`
 * lines to write; with no `%YAML` line and only the default `!!` handle (never written) its
 * answer is '' whatever the walk finds. Skip the walk then.
 */
function skipTagScan(doc: Document): void {
  const dir = doc.directives;
  if (!dir || dir.yaml.explicit) return;
  const tags = Object.entries(dir.tags);
  if (tags.length === 1 && tags[0]![0] === '!!' && tags[0]![1] === 'tag:yaml.org,2002:') dir.toString = () => '';
}

/**
 * kpt, kustomize and Go's yaml (Helm's `toYaml`) write `- ` at the parent key's indent
 * ("compact"); yaml's default and many templates indent it. The style of most of the text's
 * lists, weighed by their lines (so the pod's container lists count for more than a one-line
 * `drop: [ALL]` list); a tie goes to the first list, no list to compact.
 */
export function compactSequences(text: string): boolean {
  let weight = 0;
  let first = 0;
  // A line-by-line walk (a multi-line regex over every changed item cost more than its render):
  // `key:` alone on its line, comment lines, then the list's first `- `.
  for (let p = 0; p < text.length;) {
    const eol = lineEnd(text, p);
    const keyCol = indentOf(text, p, eol);
    const c = text.charCodeAt(p + keyCol);
    if (p + keyCol < eol - 1 && c !== 35 && c !== 45 && !isSpace(c) && text.charCodeAt(eol - 1) === 58 /* : */ && eol < text.length) {
      let q = eol + 1;
      while (q < text.length && isCommentLine(text, q)) q = lineEnd(text, q) + 1;
      const dashCol = q < text.length ? indentOf(text, q, lineEnd(text, q)) : -1;
      if (dashCol >= 0 && text.startsWith('- ', q + dashCol)) {
        const style = keyCol === dashCol ? 1 : -1;
        weight += style * blockLines(text, q + dashCol, keyCol);
        first ||= style;
        p = lineEnd(text, q) + 1;
        continue;
      }
    }
    p = eol + 1;
  }
  return weight === 0 ? first >= 0 : weight > 0;
}

/**
 * How many lines of the list whose first `- ` is at `from`, under a key at column `col`: that
 * line, then each line indented past `col`, or `- ` at `col`, or a comment or blank line.
 */
function blockLines(text: string, from: number, col: number): number {
  let n = 1;
  for (let p = lineEnd(text, from) + 1; p < text.length; n++) {
    const eol = lineEnd(text, p);
    const ind = indentOf(text, p, eol);
    const c = text.charCodeAt(p + ind);
    const deeper = ind > col || (ind === col && c === 45 && text.charCodeAt(p + ind + 1) === 32) || c === 35 || p + ind === eol;
    if (!deeper) break;
    p = eol + 1;
  }
  return n;
}

function lineEnd(text: string, p: number): number {
  const nl = text.indexOf('\n', p);
  return nl < 0 ? text.length : nl;
}

/** Spaces at the start of the line at `p` (up to `eol`). */
function indentOf(text: string, p: number, eol: number): number {
  let i = p;
  while (i < eol && text.charCodeAt(i) === 32) i++;
  return i - p;
}

/** What `\s` matches in a regex (a key may not start with one). */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(String.fromCharCode(c)));
}

function isCommentLine(text: string, p: number): boolean {
  const eol = lineEnd(text, p);
  return eol < text.length && text.charCodeAt(p + indentOf(text, p, eol)) === 35;
}

/** The text's indent width: how much deeper the first nested map's keys are than their parent key (2 if none). */
export function indentWidth(text: string): number {
  const m = /^( *)[^\s#-][^\n]*:\n(?: *#[^\n]*\n)*( *)[^\s#-]/m.exec(text);
  const width = m ? m[2]!.length - m[1]!.length : 2;
  return width >= 1 && width <= 8 ? width : 2;
}
