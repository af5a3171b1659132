/**
 * The heart of a run: for each item that holds a pod template, build the workload, transform
 * it (apply mode), lint it, and, only if it changed, carry the change into its parsed tree and
 * serialise that one item. Everything else stays text.
 */
import { isMap, isSeq, parseDocument, type Document } from 'yaml';
import { runRules } from './check/index.js';
import type { Config } from './config/types.js';
import { MAX_ALIASES } from './krm/io.js';
import { deepEqual, syncDocument, type NodePool } from './krm/sync.js';
import { FatalError, type Result } from './krm/types.js';
import { makeCtx, noFacts, type InputFacts } from './sequence/context.js';
import { sequenceWorkload } from './sequence/index.js';
import { templatePathFor } from './workloads/kinds.js';
import { isSelected } from './workloads/select.js';
import { isObject, makeWorkload, type ObjectMeta } from './workloads/workload.js';

export interface ItemText {
  text: string;
  kind?: string;
  apiVersion?: string;
}

export interface Processed {
  /** Item index -> new text, only for items that changed. */
  replacements: Map<number, string>;
  results: Result[];
  /** For each result, the index of the item it is about (plain files map results to documents). */
  itemOf: number[];
}

export function processItems(items: readonly ItemText[], cfg: Config): Processed {
  const replacements = new Map<number, string>();
  const results: Result[] = [];
  const itemOf: number[] = [];
  const facts = readFacts(items);
  items.forEach((item, index) => {
    const path = templatePathFor(item.apiVersion, item.kind, cfg.workloadKinds);
    if (!path) return;
    const text = processItem(item.text, path, cfg, results, facts);
    if (text !== undefined) replacements.set(index, text);
    while (itemOf.length < results.length) itemOf.push(index);
  });
  return { replacements, results, itemOf };
}

/** Returns the item's new text, or undefined when it is unchanged (or not a workload). */
/** Namespaces are few and small: parse just those. */
export function readFacts(items: readonly ItemText[]): InputFacts {
  const facts = noFacts();
  for (const item of items) {
    if (item.kind !== 'Namespace' || item.apiVersion !== 'v1') continue;
    const obj = parseDocument(item.text).toJS({ maxAliasCount: MAX_ALIASES }) as { metadata?: ObjectMeta } | null;
    const meta = obj?.metadata;
    if (typeof meta?.name === 'string') facts.namespaces.set(meta.name, { labels: meta.labels ?? {}, annotations: meta.annotations ?? {} });
  }
  return facts;
}

export function processItem(
  text: string,
  templatePath: readonly string[],
  cfg: Config,
  results: Result[],
  facts: InputFacts = noFacts(),
): string | undefined {
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors[0]) throw new FatalError(`malformed YAML: ${doc.errors[0].message.split('\n')[0]}`, doc.errors[0].linePos?.[0]);
  const obj = doc.toJS({ maxAliasCount: MAX_ALIASES }) as unknown;
  if (!isObject(obj)) return undefined;
  const w = makeWorkload(obj, templatePath);
  if (!w || !isSelected(w, cfg)) return undefined;
  const before = structuredClone(obj);
  const ctx = makeCtx(cfg, w, results, facts);
  if (cfg.mode === 'apply') sequenceWorkload(ctx);
  runRules(ctx);
  if (deepEqual(before, obj)) return undefined;
  syncDocument(doc, obj, containerPool(doc, templatePath));
  return serialize(doc, text);
}

/** Container nodes by name, so a container keeps its comments when it moves between lists. */
function containerPool(doc: Document, templatePath: readonly string[]): NodePool {
  const pool: NodePool = new Map();
  for (const list of ['initContainers', 'containers']) {
    const seq = doc.getIn([...templatePath, 'spec', list], true);
    if (!isSeq(seq)) continue;
    for (const node of seq.items) {
      const name = isMap(node) ? node.get('name') : undefined;
      if (typeof name === 'string' && !pool.has(name)) pool.set(name, node as never);
    }
  }
  return pool;
}

/**
 * Serialises a changed item in the style of its source: compact or indented sequences as the
 * source had them, no line folding, flow collections unpadded. Comments at the head of a list
 * item stay above its `-`: that is where kpt (which restores comments itself, matching list
 * items by name) expects them; anywhere else it prints them twice.
 */
function serialize(doc: Document, source: string): string {
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false, indentSeq: !compactSequences(source) });
}

/** kpt and kustomize write `- ` at the parent key's indent ("compact"); yaml's default indents. */
export function compactSequences(text: string): boolean {
  const m = /^( *)[^\s#-][^\n]*:\n(?: *#[^\n]*\n)*( *)- /m.exec(text);
  return m ? m[1]!.length === m[2]!.length : true;
}

