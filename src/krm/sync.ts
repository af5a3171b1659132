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

/** Nodes of named list items that may move between lists, by name. */
export type NodePool = Map<string, Node>;

export function syncDocument(doc: Document, value: unknown, pool: NodePool = new Map()): void {
  doc.contents = syncNode(doc, doc.contents as Node | null, value, pool) as typeof doc.contents;
}

export function syncNode(doc: Document, node: Node | null, value: unknown, pool: NodePool): Node {
  if (node && !isAlias(node) && deepEqual(node.toJS(doc), value)) return node;
  if (isMap(node) && isPlainObject(value)) {
    syncMap(doc, node, value, pool);
    return node;
  }
  if (isSeq(node) && Array.isArray(value)) {
    syncSeq(doc, node, value, pool);
    return node;
  }
  if (isScalar(node) && !isObjectLike(value)) {
    node.value = value;
    // A quoted style that no longer fits (e.g. a number) falls back to the default.
    if (typeof value !== 'string') node.type = Scalar.PLAIN;
    styleScalar(node);
    return node;
  }
  return createNode(doc, value);
}

/** New nodes: block style, and multi-line strings (scripts) as readable `|` literals. */
function createNode(doc: Document, value: unknown): Node {
  const node = doc.createNode(value) as Node;
  visit(node, { Scalar: (_, s) => void styleScalar(s) });
  return node;
}

function styleScalar(s: Scalar): void {
  if (typeof s.value === 'string' && s.value.includes('\n')) s.type = Scalar.BLOCK_LITERAL;
}

/** A flow list cannot hold block scalars or maps readably: switch it to block style. */
function needsBlock(items: unknown[]): boolean {
  return items.some((v) => isObjectLike(v) || (typeof v === 'string' && v.includes('\n')));
}

function syncMap(doc: Document, map: YAMLMap, value: Record<string, unknown>, pool: NodePool): void {
  map.items = map.items.filter((pair) => {
    const key = keyString(pair);
    return key !== undefined && Object.prototype.hasOwnProperty.call(value, key) && value[key] !== undefined;
  });
  const keys = Object.keys(value).filter((k) => value[k] !== undefined);
  keys.forEach((key, i) => {
    const pair = map.items.find((p) => keyString(p) === key);
    if (pair) {
      pair.value = syncNode(doc, pair.value as Node | null, value[key], pool);
      return;
    }
    // A new key goes where the object has it: before the next key that already exists.
    const next = keys.slice(i + 1).map((k) => map.items.findIndex((p) => keyString(p) === k)).find((at) => at >= 0);
    const created = doc.createPair(key, createNode(doc, value[key])) as Pair<unknown, unknown>;
    map.items.splice(next ?? map.items.length, 0, created);
  });
}

function syncSeq(doc: Document, seq: YAMLSeq, value: unknown[], pool: NodePool): void {
  const old = seq.items as Node[];
  const used = new Set<Node>();
  if (seq.flow && needsBlock(value)) seq.flow = false;
  // yaml writes an emptied block list that carries a comment as `key:\n# c\n[]`, which is not
  // YAML; as a flow list it is `key: [] # c`.
  if (value.length === 0) seq.flow = true;
  // yaml keeps a comment above the first item on the list itself; it describes that item.
  if (seq.commentBefore && value.length > 0 && isMap(old[0]) && nameOf(value[0]) !== nameOf(old[0].toJS(doc))) {
    old[0].commentBefore = [seq.commentBefore, old[0].commentBefore].filter(Boolean).join('\n');
    seq.commentBefore = undefined;
  }
  seq.items = value.map((v, i) => {
    const name = nameOf(v);
    let node: Node | undefined;
    if (name !== undefined) {
      node = old.find((n) => !used.has(n) && nameOf(plain(doc, n)) === name) ?? takeFromPool(pool, name, used);
    } else if (old[i] && !used.has(old[i]!) && deepEqual(old[i]!.toJS(doc), v)) {
      node = old[i]; // unchanged in place: keep its quoting and comments
    }
    if (node) used.add(node);
    return syncNode(doc, node ?? null, v, pool);
  });
}

function takeFromPool(pool: NodePool, name: string, used: Set<Node>): Node | undefined {
  const node = pool.get(name);
  if (!node || used.has(node)) return undefined;
  pool.delete(name);
  return node;
}

function plain(doc: Document, node: Node): unknown {
  return isMap(node) ? { name: (node.get('name') as unknown) ?? undefined } : node.toJS(doc);
}

function nameOf(v: unknown): string | undefined {
  return isPlainObject(v) && typeof v.name === 'string' ? v.name : undefined;
}

function keyString(pair: Pair): string | undefined {
  const k = pair.key as unknown;
  if (isScalar(k)) return String(k.value);
  return typeof k === 'string' ? k : undefined;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isObjectLike(v: unknown): boolean {
  return typeof v === 'object' && v !== null;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return ak.length === bk.length && ak.every((k) => deepEqual(ao[k], bo[k]));
}
