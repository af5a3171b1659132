/**
 * Writes a changed item as edits to its own text, instead of a `yaml` Document round trip.
 *
 * Given the item's text, where its entries are (fastParse's spans), its value before and after
 * the transforms, this renders the new text: every entry whose value did not change is copied
 * byte for byte (with the comments and blank lines above it); changed collections are rendered
 * entry by entry; changed scalars keep their quoting style and trailing comment; new nodes are
 * written by `yaml` exactly as the Document path would write them. The rules for where things
 * go are the Document path's (sync.ts): kept keys keep their order, a new key goes before the
 * next key that already exists, named list items keep their text (and comments) when they move,
 * even to the other container list.
 *
 * On input in `yaml`'s own layout the result is byte-identical to the Document path's; on
 * other layouts it differs only in keeping the source's layout (indentation, spacing before
 * comments, sequence style) where the Document path re-prints it. Anything it is not sure of
 * (a comment where a block scalar must now start, a changed number written in hex, ...) makes
 * it decline: the caller then takes the Document path. Tests hold it to that path.
 */
import { Document, isScalar, Scalar, type Node, type YAMLMap, type YAMLSeq } from 'yaml';
import { BlockEmitter, blockScalar, flowScalar, plainKey } from './emit.js';
import { quoteForReaders } from './plain.js';
import { fastParse, type CollectionSpan, type Entry, type Spans } from './fastparse.js';
import { createNode, deepEqual, isPlainObject, nameOf, needsBlock, styleScalar } from './sync.js';

export interface PatchInput {
  /** The item's text (standalone, its root map at column 0). */
  text: string;
  /** fastParse's spans of `before`, parsed from `text`. */
  spans: Spans;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /**
   * Paths of the lists whose named items may move to another of them (the pod template's
   * container lists).
   */
  poolPaths: readonly (readonly (string | number)[])[];
  /** yaml's `indentSeq` for new sequences: false when the source writes `- ` at its key's column. */
  indentSeq: boolean;
}

/** The item's new text (ending in a newline, as the Document path's), or undefined to decline. */
export function patchItem(p: PatchInput): string | undefined {
  try {
    const patch = new Patch(p);
    const text = patch.map(p.before, p.spans.get(p.before), p.after, 0).join('\n') + '\n';
    return MAYBE_ANCHORS.test(p.text) && !keepsAnchors(p.text, text, p.after) ? undefined : text;
  } catch (e) {
    if (e === DECLINE) return undefined;
    throw e;
  }
}

/** `&name` or `*name` somewhere: the text may have anchors or aliases (a glob such as `*.yaml` too, which costs one check). */
const MAYBE_ANCHORS = /[&*][\w.-]/;

/**
 * An item with anchors or aliases (fastParse reads them on one-line scalars) keeps every anchor
 * (an alias in another item of a ResourceList may use it) and still reads as the new value (a
 * moved entry could put an alias before its anchor). Else the Document path decides.
 */
function keepsAnchors(before: string, after: string, value: unknown): boolean {
  const old = fastParse(before)?.anchors;
  if (old === undefined) return true; // no anchor, so no alias either
  const now = fastParse(after);
  return now !== undefined && [...old].every((a) => now.anchors?.has(a)) && deepEqual(now.value, value);
}

const DECLINE: unknown = Object.freeze({ decline: true });

function decline(): never {
  throw DECLINE;
}

/** An entry as it stands in the source, with the column of its collection there. */
interface Source {
  entry: Entry;
  old: unknown;
  col: number;
}

const YAML_OPTIONS = { lineWidth: 0, flowCollectionPadding: false } as const;

class Patch {
  private readonly src: string;
  private readonly spans: Spans;
  private readonly pool = new Map<string, Source>();
  /** First entries whose trivia is their collection's, or (a moved first list item) their own. */
  private readonly listOwned = new Set<Entry>();
  private readonly itemOwned = new Set<Entry>();
  /**
   * yaml's `indentSeq` for the new lists written where the rendering is: the style of the lists
   * of the nearest map being rendered that has one (map()), else the item's own majority.
   */
  private indentSeq: boolean;
  /** One Document, reused, for the nodes only yaml can write. */
  private yamlDoc: Document | undefined;

  constructor(p: PatchInput) {
    this.src = p.text;
    this.spans = p.spans;
    this.indentSeq = p.indentSeq;
    // Several pod templates in one object (a JobSet's jobs) may each have a container of the
    // same name: such a name stays out of the pool, so no template takes another's node.
    const templateOf = new Map<string, string>();
    const shared = new Set<string>();
    for (const path of p.poolPaths) {
      const list = valueAt(p.before, path);
      const span = Array.isArray(list) ? p.spans.get(list) : undefined;
      if (!span || span.entries.length !== (list as unknown[]).length) continue;
      this.ownFirstTrivia(list as unknown[], span, valueAt(p.after, path));
      const template = JSON.stringify(path.slice(0, -2));
      (list as unknown[]).forEach((old, i) => {
        const name = nameOf(old);
        if (name === undefined) return;
        if ((templateOf.get(name) ?? template) !== template) shared.add(name);
        templateOf.set(name, template);
        if (!this.pool.has(name)) this.pool.set(name, { entry: span.entries[i]!, old, col: span.col });
      });
    }
    for (const name of shared) this.pool.delete(name);
  }

  /**
   * Comments and blank lines above a collection's first entry are the collection's (yaml keeps
   * them on it), so they stay at its top whatever happens to that entry. Except (sync.ts) when a
   * list's first item is a named map that is no longer first: they go with that item.
   */
  private ownFirstTrivia(old: unknown, span: CollectionSpan, value: unknown): void {
    const first = span.entries[0];
    if (!first || this.listOwned.has(first) || this.itemOwned.has(first)) return;
    const follows = Array.isArray(old) && isPlainObject(old[0]) && !(Array.isArray(value) && value.length > 0 && nameOf(value[0]) === nameOf(old[0]));
    (follows ? this.itemOwned : this.listOwned).add(first);
  }

  /** The collection's own comment and blank lines (above its first entry), moved to column `col`. */
  private headTrivia(span: CollectionSpan | undefined, col: number): string {
    const first = span?.entries[0];
    if (!first || !this.listOwned.has(first)) return '';
    return shiftLines(' \n' + this.src.slice(first.lead, lineStart(this.src, first.at)), col - span.col).slice(2);
  }

  /** A block map's entries as text, at column `col`; each piece is whole lines, without the last '\n'. */
  map(old: Record<string, unknown> | undefined, span: CollectionSpan | undefined, value: Record<string, unknown>, col: number): string[] {
    const keys = Object.keys(value).filter((k) => value[k] !== undefined);
    const kept = (span?.entries ?? []).filter((e) => Object.hasOwn(value, e.key!) && value[e.key!] !== undefined);
    const keptKeys = new Set(kept.map((e) => e.key!));
    const order: (Entry | string)[] = [...kept];
    keys.forEach((key, i) => {
      if (keptKeys.has(key)) return;
      // Before the next key that already exists, as sync.ts puts it.
      const next = keys.slice(i + 1).find((k) => keptKeys.has(k));
      const at = next === undefined ? -1 : order.findIndex((x) => typeof x !== 'string' && x.key === next);
      order.splice(at < 0 ? order.length : at, 0, key);
    });
    if (span) this.ownFirstTrivia(old, span, value);
    const inherited = this.indentSeq;
    this.indentSeq = this.seqStyle(old, span) ?? inherited;
    const pieces = order.map((x) =>
      typeof x === 'string' ? this.newPair(x, value[x], col) : this.pair({ entry: x, old: old![x.key!], col: span!.col }, value[x.key!], col),
    );
    this.indentSeq = inherited;
    pieces[0] = this.headTrivia(span, col) + pieces[0];
    return pieces;
  }

  /**
   * How the source's map writes its block lists: indented (`true`) or with `- ` at the key's
   * column, read from its first list; undefined when it has none. A Helm template's own lists
   * and the ones its `toYaml` prints often differ in one document: a new list follows its
   * neighbours, not the document's majority.
   */
  private seqStyle(old: Record<string, unknown> | undefined, span: CollectionSpan | undefined): boolean | undefined {
    if (!old || !span) return undefined;
    for (const e of span.entries) {
      const v = e.shape === 'nested' ? old[e.key!] : undefined;
      const list = Array.isArray(v) ? this.spans.get(v) : undefined;
      if (list) return list.col > span.col;
    }
    return undefined;
  }

  /** A block sequence's items as text, `- ` at column `col`. */
  seq(old: unknown[] | undefined, span: CollectionSpan | undefined, value: unknown[], col: number): string[] {
    const used = new Set<number>();
    const sourceAt = (i: number): Source => {
      used.add(i);
      return { entry: span!.entries[i]!, old: old![i], col: span!.col };
    };
    if (span) this.ownFirstTrivia(old, span, value);
    const pieces = value.map((v, i) => {
      const name = nameOf(v);
      let from: Source | undefined;
      if (name !== undefined) {
        const at = old && span ? old.findIndex((o, j) => !used.has(j) && nameOf(o) === name) : -1;
        from = at >= 0 ? sourceAt(at) : this.takeFromPool(name);
      } else if (old && span && i < old.length && !used.has(i) && deepEqual(old[i], v)) {
        from = sourceAt(i);
      }
      return from ? this.item(from, v, col) : this.newItem(v, col);
    });
    pieces[0] = this.headTrivia(span, col) + pieces[0];
    return pieces;
  }

  private takeFromPool(name: string): Source | undefined {
    const from = this.pool.get(name);
    this.pool.delete(name);
    return from;
  }

  /** A map entry that exists in the source, now holding `value`, at column `col`. */
  private pair(from: Source, value: unknown, col: number): string {
    if (deepEqual(from.old, value)) return this.copy(from, col);
    const { entry } = from;
    const head = this.trivia(from, col) + pad(col) + this.src.slice(entry.at, entry.keyEnd);
    return head + this.value(from, value, col, entry.keyEnd);
  }

  /** A list item that exists in the source, now holding `value`, its `-` at column `col`. */
  private item(from: Source, value: unknown, col: number): string {
    if (deepEqual(from.old, value)) return this.copy(from, col);
    const { entry, old } = from;
    const head = this.trivia(from, col) + pad(col) + '-';
    if (entry.shape === 'inline' && isPlainObject(old) && isPlainObject(value) && hasKeys(value)) {
      // `- key: ...`: the map's first line shares the dash's.
      const span = this.spans.get(old) ?? decline();
      const mapCol = span.col + col - from.col;
      const [first, ...rest] = this.map(old, span, value, mapCol);
      if (!first!.startsWith(pad(mapCol)) || first!.charCodeAt(mapCol) === 35 /* # */) decline();
      return [head + this.src.slice(entry.at + 1, entry.vAt) + first!.slice(mapCol), ...rest].join('\n') + this.tail(from, col);
    }
    if (entry.shape === 'nested' && isPlainObject(old) && isPlainObject(value) && firstKey(value) !== undefined && firstKey(value) === firstKey(old)) {
      // `- # comment` with the map on the next line: how yaml (and kpt) write a comment above a
      // list item's first key. yaml keeps that comment on the key, so the text path may keep it
      // on the dash's line only while the same key stays first.
      return head + this.value(from, value, col, entry.at + 1);
    }
    if (entry.shape === 'inline' || entry.shape === 'nested') decline(); // rare shapes: `- - x`, a map below a bare `-` whose first key changed
    return head + this.value(from, value, col, entry.at + 1);
  }

  /**
   * The text after an entry's `key:` or `-` (from source offset `after`) for its new value:
   * a nested collection rendered entry by entry, a scalar replaced in place, else new text.
   */
  private value(from: Source, value: unknown, col: number, after: number): string {
    const { entry, old } = from;
    const shift = col - from.col;
    const rest = this.src.slice(after, lineEnd(this.src, after)); // spaces and a comment, for a nested value
    if (entry.shape === 'nested' && isPlainObject(old) && isPlainObject(value) && hasKeys(value)) {
      const span = this.spans.get(old) ?? decline();
      return rest + '\n' + this.map(old, span, value, span.col + shift).join('\n') + this.tail(from, col);
    }
    if (entry.shape === 'nested' && Array.isArray(old) && Array.isArray(value) && value.length > 0) {
      const span = this.spans.get(old) ?? decline();
      return rest + '\n' + this.seq(old, span, value, span.col + shift).join('\n') + this.tail(from, col);
    }
    if ((entry.shape === 'scalar' || entry.shape === 'block') && isScalarValue(old) && isScalarValue(value)) {
      return this.src.slice(after, entry.vAt) + this.scalar(entry, old, value, col);
    }
    if (entry.shape === 'flow' && Array.isArray(old) && Array.isArray(value)) return this.flowSeq(from, value, col, after);
    // Anything else is written anew; a comment on the old value (kept by yaml only in some of
    // these cases) is where the two paths could differ: decline then.
    const tail = entry.shape === 'scalar' || entry.shape === 'flow' ? this.src.slice(entry.vEnd, entry.end) : rest;
    if (tail.trim() !== '') decline();
    return this.emitValue(value, col, entry.shape === 'flow');
  }

  /**
   * A flow list, changed: its items that stay in place keep their text (as yaml keeps
   * their nodes); it stays a flow list unless it now holds maps or multi-line strings.
   */
  private flowSeq(from: Source, value: unknown[], col: number, after: number): string {
    const { entry } = from;
    const old = from.old as unknown[];
    const span = this.spans.get(old) ?? decline();
    if (value.some((v) => typeof v === 'object' && v !== null)) decline(); // maps are matched by name: left to yaml
    // One written over several lines keeps them while it stays; changed, where its items would go is left to yaml.
    if (this.src.slice(entry.vAt, entry.vEnd).includes('\n')) decline();
    const kept = (i: number) => (i < old.length && deepEqual(old[i], value[i]) ? this.src.slice(span.entries[i]!.vAt, span.entries[i]!.vEnd) : undefined);
    const tail = this.src.slice(entry.vEnd, entry.end);
    if (!needsBlock(value)) {
      const items = value.map((v, i) => kept(i) ?? this.emitFlowItem(v));
      // (A list alone on the line below its key moves with the entry's column.)
      return shiftLines(this.src.slice(after, entry.vAt), col - from.col) + '[' + items.join(', ') + ']' + tail;
    }
    if (tail.trim() !== '') decline();
    const dash = this.indentSeq ? col + 2 : col;
    return value.map((v, i) => '\n' + (kept(i) !== undefined ? pad(dash) + '- ' + kept(i) : this.newItem(v, dash))).join('');
  }

  /** A scalar as an item of a flow list. */
  private emitFlowItem(value: unknown): string {
    const quick = flowScalar(value);
    if (quick !== undefined) return quick;
    const doc = this.doc();
    const seq = doc.createNode([value], { flow: true }) as YAMLSeq;
    return this.print(seq).slice(1, -1);
  }

  /** A scalar replaced in place: its quoting style kept (as yaml keeps a node's type), its trailing comment too. */
  private scalar(entry: Entry, old: unknown, value: unknown, col: number): string {
    const src = this.src;
    const raw = entry.shape === 'scalar' ? src.slice(entry.vAt, entry.vEnd) : '';
    // An anchor (aliases may read it) or an alias: left to the Document path, which keeps aliases.
    if (raw[0] === '&' || raw[0] === '*') decline();
    // A plain scalar over several lines, changed: how to fold it is the Document path's.
    if (raw.includes('\n')) decline();
    // yaml keeps a number's written format (0x1F, 1.50) on the node: left to it.
    if (typeof old === 'number' && typeof value === 'number' && raw !== String(old)) decline();
    const node = new Scalar(value);
    node.type = typeof value !== 'string' ? Scalar.PLAIN : (STYLES[src[entry.vAt]!] ?? Scalar.PLAIN);
    styleScalar(node);
    const text = quickScalar(node, col) ?? this.emit(node, col).slice(1);
    if (entry.shape === 'block') {
      const header = src.slice(entry.vAt, lineEnd(src, entry.vAt));
      if (header.includes('#')) decline();
      return text;
    }
    const tail = src.slice(entry.vEnd, entry.end);
    if (text.includes('\n') && tail.trim() !== '') decline(); // a comment where a block scalar's lines start
    return text + tail;
  }

  /** A new map entry at column `col`. */
  private newPair(key: string, value: unknown, col: number): string {
    // A new list that takes items from the pool (e.g. the first native sidecar moving to initContainers).
    if (Array.isArray(value) && value.some((v) => nameOf(v) !== undefined && this.pool.has(nameOf(v)!))) {
      return pad(col) + this.emitKey(key) + ':\n' + this.seq(undefined, undefined, value, this.indentSeq ? col + 2 : col).join('\n');
    }
    if (this.usesPool(value)) decline();
    const text = new BlockEmitter(this.indentSeq).pair(key, value) ?? this.yamlPair(key, value);
    return pad(col) + reindent(text, col);
  }

  private yamlPair(key: string, value: unknown): string {
    const doc = this.doc();
    const map = doc.createNode({}) as YAMLMap;
    map.items.push(doc.createPair(key, createNode(doc, value)));
    return this.print(map);
  }

  /** A new list item, its `-` at column `col`. */
  private newItem(value: unknown, col: number): string {
    if (this.usesPool(value)) decline();
    return pad(col) + reindent(new BlockEmitter(this.indentSeq).item(value) ?? this.yamlItem(value), col);
  }

  private yamlItem(value: unknown): string {
    const doc = this.doc();
    const seq = doc.createNode([]) as YAMLSeq;
    seq.items.push(createNode(doc, value));
    return this.print(seq);
  }

  /** The text after `key:` for a new value at column `col` (`flow`: the old value was a flow collection). */
  private emitValue(value: unknown, col: number, flow: boolean): string {
    if (this.usesPool(value)) decline();
    const text = flow ? undefined : new BlockEmitter(this.indentSeq).afterKey(value, 0);
    if (text !== undefined) return reindent(text, col);
    const doc = this.doc();
    const node = createNode(doc, value);
    // yaml keeps a flow collection flow, unless a list now holds maps or multi-line strings.
    if (flow && !isScalar(node) && !(Array.isArray(value) && needsBlock(value))) {
      if (!Array.isArray(value)) decline(); // its kept entries' styles are yaml's to decide
      (node as { flow?: boolean }).flow = true;
    }
    return this.emit(node, col);
  }

  /** `node` as the value of a map entry at column `col`: the text after the key's `:`. */
  private emit(node: Node, col: number): string {
    const doc = this.doc();
    const map = doc.createNode({}) as YAMLMap;
    map.items.push(doc.createPair('k', node));
    return reindent(this.print(map).slice(2), col);
  }

  private emitKey(key: string): string {
    // `initContainers` for the first native sidecar of each workload: a Document each cost 25 µs (issue 38).
    if (plainKey(key)) return key;
    const doc = this.doc();
    const map = doc.createNode({}) as YAMLMap;
    map.items.push(doc.createPair(key, null));
    return this.print(map).replace(/:( null)?$/, '');
  }

  /** A collection printed at column 0, without the final newline. */
  private print(node: Node): string {
    const doc = this.doc();
    (doc as { contents: unknown }).contents = node;
    quoteForReaders(node, () => true); // every node here is new text
    return doc.toString({ ...YAML_OPTIONS, indentSeq: this.indentSeq }).slice(0, -1);
  }

  private doc(): Document {
    return (this.yamlDoc ??= new Document());
  }

  /** Whether `value` holds a list item that is still in the pool (then it is rendered with it). */
  private usesPool(value: unknown): boolean {
    if (this.pool.size === 0 || typeof value !== 'object' || value === null) return false;
    if (Array.isArray(value)) return value.some((v) => (nameOf(v) !== undefined && this.pool.has(nameOf(v)!)) || this.usesPool(v));
    return Object.values(value).some((v) => this.usesPool(v));
  }

  /** An unchanged entry, moved to column `col`: its text (and the comments above it) as they are. */
  private copy(from: Source, col: number): string {
    const { entry } = from;
    return this.trivia(from, col) + pad(col) + shiftLines(this.src.slice(entry.at, entry.end), col - from.col);
  }

  /** The comment lines that end a nested collection (Entry.tailAt), moved to column `col`; with a leading '\n'. */
  private tail(from: Source, col: number): string {
    const { entry } = from;
    if (entry.tailAt < 0) return '';
    return shiftLines('\n' + this.src.slice(entry.tailAt, entry.end), col - from.col);
  }

  /** The comment and blank lines above an entry, moved with it; ends in '\n' unless empty. */
  private trivia(from: Source, col: number): string {
    const start = lineStart(this.src, from.entry.at);
    if (from.entry.lead >= start || this.listOwned.has(from.entry)) return '';
    const text = this.src.slice(from.entry.lead, start);
    return col === from.col ? text : shiftLines(' \n' + text, col - from.col).slice(2);
  }
}

/** A scalar of a given style as yaml writes it, for the common cases; else undefined. */
function quickScalar(node: Scalar, col: number): string | undefined {
  const { value, type } = node;
  if (type === Scalar.PLAIN || type === Scalar.BLOCK_LITERAL) {
    return type === Scalar.PLAIN || (typeof value === 'string' && value.includes('\n')) ? blockScalar(value, col + 2) : undefined;
  }
  if (typeof value !== 'string' || !/^[\x20-\x7e]*$/.test(value)) return undefined;
  if (type === Scalar.QUOTE_DOUBLE) return `"${value.replace(/[\\"]/g, '\\$&')}"`;
  if (type === Scalar.QUOTE_SINGLE) return `'${value.replaceAll("'", "''")}'`;
  return undefined;
}

const STYLES: Record<string, Scalar.Type> = { '"': Scalar.QUOTE_DOUBLE, "'": Scalar.QUOTE_SINGLE, '|': Scalar.BLOCK_LITERAL, '>': Scalar.BLOCK_FOLDED };

/** Indents every line but the first (yaml's output at column 0) to column `col`. */
function reindent(text: string, col: number): string {
  return col === 0 ? text : text.replace(/\n(?=[^\n])/g, '\n' + pad(col));
}

/** Moves every line but the first by `by` columns (left when negative; blank lines stay empty). */
function shiftLines(text: string, by: number): string {
  if (by === 0) return text;
  if (by > 0) return reindent(text, by);
  return text.replace(new RegExp(`\\n {0,${-by}}`, 'g'), '\n');
}

function pad(n: number): string {
  return ' '.repeat(n);
}

function lineStart(s: string, offset: number): number {
  return s.lastIndexOf('\n', offset - 1) + 1;
}

function lineEnd(s: string, offset: number): number {
  const nl = s.indexOf('\n', offset);
  return nl < 0 ? s.length : nl;
}

function valueAt(v: unknown, path: readonly (string | number)[]): unknown {
  for (const key of path) v = typeof key === 'number' ? (Array.isArray(v) ? v[key] : undefined) : isPlainObject(v) ? v[key] : undefined;
  return v;
}

/** The first key that holds a value (yaml leaves out undefined ones). */
function firstKey(v: Record<string, unknown>): string | undefined {
  for (const k in v) if (v[k] !== undefined) return k;
  return undefined;
}

function hasKeys(v: Record<string, unknown>): boolean {
  return Object.keys(v).some((k) => v[k] !== undefined);
}

function isScalarValue(v: unknown): boolean {
  return v === null || typeof v !== 'object';
}
