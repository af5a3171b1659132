/**
 * Apply a changed plain-JS object back onto its yaml Document, touching only what changed.
 *
 * Transforms work on plain objects (easy to read and test); this module carries their result
 * into the parsed tree so comments, key order and quoting of everything else survive. Maps
 * keep their key order (new keys are appended); list items that have a `name` keep their node
 * (and its comments) when they move, even from one list to another (a sidecar moving from
 * `containers` to `initContainers`), via the pool.
 */
import { isAlias, isMap, isScalar, isSeq, Scalar, visit, type Document, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import { isNewNode, quoteForReaders } from './plain.js';

/** Nodes of named list items that may move between lists, by name. */
export type NodePool = Map<string, Node>;

/** No pre-change value known for a node: it is read from the node (`toJS`). */
const UNKNOWN: unique symbol = Symbol('unknown');
type Old = unknown;

/**
 * What the tree held before the change, as a plain value (e.g. a copy taken before the
 * transforms), and the pre-change values of the pool's nodes: with them, unchanged subtrees are
 * found by comparing plain values instead of converting every node on the way down.
 */
export interface Before {
  value: unknown;
  pool: Map<Node, unknown>;
  /**
   * The nodes that hold the pool's nodes (their lists and every node above): once a pooled node
   * has moved and changed, these no longer hold their pre-change value, and are read instead.
   */
  holders: Set<Node>;
}

interface Sync {
  doc: Document;
  pool: NodePool;
  olds: Map<Node, unknown>;
  /** List items already synced once: a second use (a name in two lists) reads the node itself. */
  synced: Set<Node>;
  holders: Set<Node>;
  pooled: Set<Node>;
  /** A pooled node has been synced: `holders` may no longer match their pre-change value. */
  dirty: boolean;
  /**
   * The new lists (by identity) that may take items from the pool: the pod's container lists. A
   * volume mount named like a container (`seq-tools`) must never take that container's node.
   */
  poolLists?: ReadonlySet<unknown>;
}

export function syncDocument(doc: Document, value: unknown, pool: NodePool = new Map(), before?: Before, poolLists?: ReadonlySet<unknown>): void {
  const s: Sync = {
    poolLists,
    doc,
    pool,
    olds: before?.pool ?? new Map(),
    synced: new Set(),
    holders: before?.holders ?? new Set(),
    pooled: new Set(pool.values()),
    dirty: false,
  };
  doc.contents = syncIn(s, doc.contents as Node | null, before ? before.value : UNKNOWN, value) as typeof doc.contents;
  // What the sync wrote (new nodes, changed scalars) is quoted for every reader; the rest keeps its text.
  quoteForReaders(doc.contents, (n) => isNewNode(n) || rewritten.has(n));
}

/** Source scalars given a new value by a sync (weakly held: they go with their document). */
const rewritten = new WeakSet<Scalar>();

/** The node's pre-change value: `old` when known. */
function oldOf(s: Sync, node: Node, old: Old): unknown {
  return old === UNKNOWN ? valueOf(s.doc, node) : old;
}

/**
 * A node's value. Mid-sync the anchor of an alias in it may be out of the tree (its list is
 * being rebuilt): then UNKNOWN, which equals no value, so the node is taken as changed.
 */
function valueOf(doc: Document, node: Node): unknown {
  try {
    return node.toJS(doc);
  } catch (e) {
    if (e instanceof ReferenceError) return UNKNOWN;
    throw e;
  }
}

function syncIn(s: Sync, node: Node | null, old: Old, value: unknown): Node {
  const { doc } = s;
  if (node && s.dirty && s.holders.has(node)) old = UNKNOWN;
  if (node && s.pooled.has(node)) s.dirty = true;
  // An unchanged alias stays one (process.ts checks that the whole still reads as the new value).
  if (node && deepEqual(oldOf(s, node, old), value)) return node;
  if (isMap(node) && isPlainObject(value)) {
    syncMap(s, node, old, value);
    return node;
  }
  if (isSeq(node) && Array.isArray(value)) {
    syncSeq(s, node, old, value);
    return node;
  }
  if (isScalar(node) && !isObjectLike(value)) {
    node.value = value;
    rewritten.add(node);
    // A quoted style that no longer fits (e.g. a number) falls back to the default.
    if (typeof value !== 'string') node.type = Scalar.PLAIN;
    styleScalar(node);
    return node;
  }
  return createNode(doc, value);
}

/** New nodes: block style, and multi-line strings (scripts) as readable `|` literals. */
export function createNode(doc: Document, value: unknown): Node {
  const node = doc.createNode(value) as Node;
  visit(node, { Scalar: (_, s) => void styleScalar(s) });
  return node;
}

export function styleScalar(s: Scalar): void {
  if (typeof s.value === 'string' && s.value.includes('\n')) s.type = Scalar.BLOCK_LITERAL;
}

/** A flow list cannot hold block scalars or maps readably: switch it to block style. */
export function needsBlock(items: unknown[]): boolean {
  return items.some((v) => isObjectLike(v) || (typeof v === 'string' && v.includes('\n')));
}

/**
 * The pre-change values of a map's pairs, by key: only when they line up one to one with the
 * pairs (same count, every key present), else each pair's value is read from its node.
 */
function oldEntries(map: YAMLMap, old: Old): Record<string, unknown> | undefined {
  if (!isPlainObject(old)) return undefined;
  const keys = Object.keys(old);
  if (keys.length !== map.items.length) return undefined;
  for (const pair of map.items) {
    const key = keyString(pair);
    if (key === undefined || !Object.prototype.hasOwnProperty.call(old, key)) return undefined;
  }
  return old;
}

function syncMap(s: Sync, map: YAMLMap, old: Old, value: Record<string, unknown>): void {
  const { doc } = s;
  const olds = old === UNKNOWN ? undefined : oldEntries(map, old);
  map.items = map.items.filter((pair) => {
    const key = keyString(pair);
    return key !== undefined && Object.prototype.hasOwnProperty.call(value, key) && value[key] !== undefined;
  });
  const keys = Object.keys(value).filter((k) => value[k] !== undefined);
  keys.forEach((key, i) => {
    const pair = map.items.find((p) => keyString(p) === key);
    if (pair) {
      pair.value = syncIn(s, pair.value as Node | null, olds ? olds[key] : UNKNOWN, value[key]);
      return;
    }
    // A new key goes where the object has it: before the next key that already exists.
    const next = keys
      .slice(i + 1)
      .map((k) => map.items.findIndex((p) => keyString(p) === k))
      .find((at) => at >= 0);
    const created = doc.createPair(key, fromPool(s, value[key]) ?? createNode(doc, value[key])) as Pair<unknown, unknown>;
    map.items.splice(next ?? map.items.length, 0, created);
  });
}

function syncSeq(s: Sync, seq: YAMLSeq, oldValue: Old, value: unknown[]): void {
  const { doc } = s;
  const old = seq.items as Node[];
  const olds = Array.isArray(oldValue) && oldValue.length === old.length ? oldValue : undefined;
  const oldAt = (i: number): Old => (olds ? olds[i] : UNKNOWN);
  const used = new Set<Node>();
  if (seq.flow && needsBlock(value)) seq.flow = false;
  // yaml writes an emptied block list that carries a comment as `key:\n# c\n[]`, which is not
  // YAML; as a flow list it is `key: [] # c`.
  if (value.length === 0) seq.flow = true;
  // yaml keeps a comment above the first item on the list itself; it describes that item.
  if (seq.commentBefore && value.length > 0 && isMap(old[0]) && nameOf(value[0]) !== nameOf(oldOf(s, old[0], oldAt(0)))) {
    old[0].commentBefore = [seq.commentBefore, old[0].commentBefore].filter(Boolean).join('\n');
    seq.commentBefore = undefined;
  }
  seq.items = value.map((v, i) => {
    const name = nameOf(v);
    let node: Node | undefined;
    let prev: Old = UNKNOWN;
    if (name !== undefined) {
      const at = old.findIndex((n) => !used.has(n) && nameOf(plain(doc, n)) === name);
      if (at >= 0) {
        node = old[at];
        prev = oldAt(at);
      } else if (!s.poolLists || s.poolLists.has(value)) {
        node = takeFromPool(s.pool, name, used);
        if (node && s.olds.has(node)) prev = s.olds.get(node);
      }
    } else if (old[i] && !used.has(old[i]!) && deepEqual(oldOf(s, old[i]!, oldAt(i)), v)) {
      node = old[i]; // unchanged in place: keep its quoting and comments
      prev = oldAt(i);
    }
    if (node) {
      used.add(node);
      if (s.synced.has(node)) prev = UNKNOWN;
      s.synced.add(node);
    }
    return syncIn(s, node ?? null, prev, v);
  });
}

/** A new list that takes named items from the pool (a sidecar moving to a new initContainers list keeps its node). */
function fromPool(s: Sync, value: unknown): Node | undefined {
  if (!Array.isArray(value) || (s.poolLists && !s.poolLists.has(value))) return undefined;
  if (!value.some((v) => nameOf(v) !== undefined && s.pool.has(nameOf(v)!))) return undefined;
  const seq = s.doc.createNode([]) as YAMLSeq;
  syncSeq(s, seq, [], value);
  return seq;
}

function takeFromPool(pool: NodePool, name: string, used: Set<Node>): Node | undefined {
  const node = pool.get(name);
  if (!node || used.has(node)) return undefined;
  pool.delete(name);
  return node;
}

function plain(doc: Document, node: Node): unknown {
  return isMap(node) ? { name: nodeName(doc, node) } : valueOf(doc, node);
}

/** A map node's `name`, read through an alias (Linkerd writes `name: *containerName`). */
export function nodeName(doc: Document, node: unknown): unknown {
  if (!isMap(node)) return undefined;
  const name = node.get('name', true) as unknown;
  const target = isAlias(name) ? name.resolve(doc) : name;
  return isScalar(target) ? (target.value ?? undefined) : undefined;
}

export function nameOf(v: unknown): string | undefined {
  return isPlainObject(v) && typeof v.name === 'string' ? v.name : undefined;
}

function keyString(pair: Pair): string | undefined {
  const k = pair.key as unknown;
  if (isScalar(k)) return String(k.value);
  return typeof k === 'string' ? k : undefined;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isObjectLike(v: unknown): boolean {
  return typeof v === 'object' && v !== null;
}

/**
 * A copy of a plain data value (parsed YAML or JSON: objects, arrays, scalars). Not
 * structuredClone: that is several times slower on such values and goes through a serializer.
 */
export function copyValue<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = copyValue(v[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k in v) out[k] = copyValue((v as Record<string, unknown>)[k]);
  return out as T;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const array = Array.isArray(a);
  if (array !== Array.isArray(b)) return false;
  if (array) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], bb[i])) return false;
    return true;
  }
  // for-in loops, not Object.keys arrays: every unchanged workload is compared with its copy.
  // Values here are plain data (parsed YAML), with no inherited enumerable keys.
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let defined = 0;
  for (const k in ao) {
    if (ao[k] === undefined) continue;
    defined++;
    if (!deepEqual(ao[k], bo[k])) return false;
  }
  for (const k in bo) if (bo[k] !== undefined) defined--;
  return defined === 0;
}
