/**
 * ResourceList I/O that never re-serialises what it does not change.
 *
 * Reading yields each item as a span of the original text. Writing splices replacement text
 * for changed items into the original, so untouched items, comments between them, the header
 * and functionConfig come back byte-identical.
 */
import { isMap, isScalar, isSeq, type Document, type Node, type Pair } from 'yaml';
import { parseDocument } from '../yaml/document.js';
import { stringifyResults } from '../yaml/emit.js';
import { stringifyForReaders } from '../yaml/plain.js';
import { fastItemValue, fastParse, plainChars } from '../yaml/fastparse.js';
import { LIMITS, NESTING_ERROR, tooDeep, yamlErrorText } from '../yaml/limits.js';
import { scanResourceList, type ItemSpan } from '../yaml/scan.js';
import { danglingAlias, streamError } from '../yaml/stream.js';
import { dedent, indent, LineIndex, type Position } from '../yaml/text.js';
import { FatalError, type Result } from './types.js';

export interface RawItem {
  index: number;
  /** The item as a standalone YAML document (dedented). */
  text: string;
  /** Span of the item in the source (from its first key to the end of its last line). */
  start: number;
  end: number;
  /** Column of the item's first key: what its continuation lines are indented by. */
  indent: number;
  kind?: string;
  apiVersion?: string;
  /**
   * The item's value as read (fastParse's, equal to `yaml`'s), kept for items that may hold a
   * pod template (a `spec` map) so processing need not parse them again: handed out once (the
   * taker may change it), then undefined. Not an own key (a method of lazy items).
   */
  takeValue?(): Record<string, unknown> | undefined;
}

export interface ResourceListInput {
  source: string;
  items: RawItem[];
  functionConfig: unknown;
  /** Span of an existing top-level `results:` entry, replaced on output. */
  resultsSpan?: [number, number];
  /** A flow-style (e.g. JSON) list cannot be spliced: it is re-emitted as block YAML. */
  flow: boolean;
  /** The whole document, kept only for flow input. */
  doc?: Document;
}

export const MAX_ALIASES = LIMITS.aliases;

/**
 * A list of objects: the ResourceList itself, `kind: List` (what `kubectl get -o yaml` writes) and
 * typed lists (`DeploymentList`). The same reader reads them all; process.ts opens the ones that
 * arrive as items.
 */
export function isListKind(kind: string | undefined): boolean {
  return kind !== undefined && kind.endsWith('List');
}

export function readResourceList(source: string): ResourceListInput {
  if (source.trim() === '') {
    throw new FatalError('no input: expected a ResourceList on stdin (see `pod-sequencer --help`)');
  }
  const broken = streamError(source);
  if (broken) throw new FatalError(broken.message, new LineIndex(source).linePos(broken.offset));
  const input = readFast(source) ?? readFull(source);
  const over = input.items[LIMITS.documents];
  if (over)
    throw new FatalError(`more than ${LIMITS.documents} items (the limit for one ResourceList): split the package`, new LineIndex(source).linePos(over.start));
  return input;
}

/**
 * The fast path, for the block layout kpt and kustomize write: a line scanner splits the items
 * (scan.ts), each item is parsed on its own (fastparse.ts, else `yaml`) to validate it and read
 * its kind, and `yaml` parses only the rest (header, functionConfig, results). Undefined when
 * the scanner is unsure or anything is wrong: the full parse then decides, and words the error.
 */
export function readFast(source: string): ResourceListInput | undefined {
  const scan = scanResourceList(source);
  if (!scan) return undefined;
  const [from, to] = scan.block;
  const rest = readRest(source.slice(0, from) + source.slice(to), scan.itemsKey, from, to - from);
  if (!rest) return undefined;
  const items: RawItem[] = [];
  const plain = plainChars(source); // one test of the whole list, not one per item
  // An index loop: `entries()` makes an iterator result and a pair per item, costly before V8 optimises the loop.
  for (let index = 0; index < scan.items.length; index++) {
    const span = scan.items[index]!;
    const cut = source.slice(span.start, span.end);
    const fast = plain || plainChars(cut) ? fastItemValue(cut, span.indent) : undefined;
    // An item fastParse declines is read by yaml (refused there if in flow style); anything but
    // a mapping sends the list to the full parse, which words the error.
    const value = fast ?? yamlValue(dedent(cut, span.indent), false);
    if (!isPlainMap(value)) return undefined;
    items.push(lazyItem(source, index, span, value, fast !== undefined));
  }
  return { source, items, functionConfig: rest.functionConfig, resultsSpan: rest.resultsSpan, flow: false };
}

/**
 * Most items are never looked at again: their dedented text is made only when asked for. Also
 * the documents of plain files (src/files/read.ts): one item model for every reader.
 */
export function lazyItem(source: string, index: number, span: ItemSpan, value: Record<string, unknown>, fast: boolean): RawItem {
  const spec = value.spec;
  const kept = fast && spec !== null && typeof spec === 'object' && !Array.isArray(spec) ? value : undefined;
  return new LazyItem(source, index, span, str(value.kind), str(value.apiVersion), kept);
}

/**
 * A class, not an object literal with a getter: a literal's getter is defined anew on every
 * item (a closure and an accessor per object), which cost more than reading a small item. The
 * source, the text once made and the kept value are private fields; `text` and `takeValue` are
 * on the prototype, so compare items by their fields, text included (test/yaml/scan.test.ts).
 */
class LazyItem implements RawItem {
  index: number;
  readonly start: number;
  readonly end: number;
  readonly indent: number;
  readonly kind: string | undefined;
  readonly apiVersion: string | undefined;
  readonly #source: string;
  #text: string | undefined;
  #value: Record<string, unknown> | undefined;

  constructor(
    source: string,
    index: number,
    span: ItemSpan,
    kind: string | undefined,
    apiVersion: string | undefined,
    value: Record<string, unknown> | undefined,
  ) {
    this.index = index;
    this.start = span.start;
    this.end = span.end;
    this.indent = span.indent;
    this.kind = kind;
    this.apiVersion = apiVersion;
    this.#source = source;
    this.#value = value;
  }

  get text(): string {
    return (this.#text ??= dedent(this.#source.slice(this.start, this.end), this.indent));
  }

  takeValue(): Record<string, unknown> | undefined {
    const v = this.#value;
    this.#value = undefined;
    return v;
  }
}

/**
 * Everything but the items block (header, functionConfig, results), parsed on its own; offsets
 * past `cut` are `removed` characters further on in the source.
 */
function readRest(text: string, itemsKey: number, cut: number, removed: number): { functionConfig: unknown; resultsSpan?: [number, number] } | undefined {
  // Usually plain block YAML without results: no need for yaml (nor its start-up) at all. In
  // text fastParse accepts, every column-0 line is a top-level key: `items:` is the scanner's.
  const fast = fastParse(text)?.value as Record<string, unknown> | undefined;
  if (fast && typeof fast === 'object' && !Array.isArray(fast) && !Object.hasOwn(fast, 'results')) {
    const ok = Object.hasOwn(fast, 'items') && fast.items === null && isListKind(str(fast.kind));
    return ok ? { functionConfig: fast.functionConfig } : undefined;
  }
  const doc = parseDocument(text, { uniqueKeys: true });
  const root = doc.contents;
  if (doc.errors.length > 0 || !isMap(root) || root.flow || !isListKind(str(root.get('kind'))) || tooDeep(root, 1)) return undefined;
  const itemsPair = root.items.find((p) => keyOf(p) === 'items');
  if (!itemsPair || (itemsPair.key as Node).range?.[0] !== itemsKey || !isEmptyValue(itemsPair.value)) return undefined;
  let functionConfig: unknown;
  try {
    const fc = root.get('functionConfig', true) as Node | undefined;
    functionConfig = fc ? fc.toJS(doc, { maxAliasCount: MAX_ALIASES }) : undefined;
  } catch {
    return undefined;
  }
  const resultsPair = root.items.find((p) => keyOf(p) === 'results');
  if (!resultsPair) return { functionConfig };
  const shift = (o: number) => (o >= cut ? o + removed : o);
  const [a, b] = pairSpan(text, resultsPair);
  return { functionConfig, resultsSpan: [shift(a), shift(b)] };
}

/**
 * The value of one item's or document's standalone text, read as the readers read it (fastParse,
 * else `yaml` with unique keys and bounded aliases), when it is a valid mapping; else undefined.
 * For what reads an item again after a run (explain's timelines, before and after).
 */
export function itemValue(text: string): Record<string, unknown> | undefined {
  const value = fastParse(text)?.value ?? yamlValue(text, true);
  return isPlainMap(value) ? value : undefined;
}

function yamlValue(text: string, flow: boolean): unknown {
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length > 0 || !isMap(doc.contents) || (doc.contents.flow && !flow) || tooDeep(doc.contents)) return undefined;
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch {
    return undefined;
  }
}

function isPlainMap(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function isEmptyValue(v: unknown): boolean {
  return v === null || v === undefined || (isScalar(v) && v.value === null && v.source === '');
}

export function readFull(source: string): ResourceListInput {
  const doc = parseDocument(source, { uniqueKeys: true, prettyErrors: true });
  const err = doc.errors[0];
  if (err) {
    const pos = err.linePos?.[0];
    const message = yamlErrorText(err);
    const from = originAt(source, err.pos[0]);
    if (from && pos) throw new FatalError(`${from}: ${message} (line ${pos.line}, column ${pos.col} of the ResourceList it came in)`);
    throw new FatalError(message, pos);
  }
  const root = doc.contents;
  // Items are measured from themselves, as the fast path reads them: the list's root and `items` do not count.
  const deep = tooDeep(root, 2);
  if (deep) throw new FatalError(NESTING_ERROR, nodePos(source, deep));
  const dangling = danglingAlias(root);
  if (dangling) {
    // Named by its item when it is in one (as process.ts names an alias whose anchor is in another item).
    const at = dangling.range?.[0] ?? 0;
    const list = isMap(root) ? root.get('items', true) : undefined;
    const index = isSeq(list) ? (list.items as Node[]).findIndex((n) => n.range && n.range[0] <= at && at < n.range[2]) : -1;
    const where = index >= 0 ? `items[${index}]: ` : '';
    throw new FatalError(`${where}alias *${dangling.source} has no anchor before it: malformed YAML`, nodePos(source, dangling));
  }
  if (!isMap(root)) {
    throw new FatalError('expected a ResourceList (a YAML mapping with `kind: ResourceList` and `items`)');
  }
  const kind = root.get('kind');
  if (typeof kind !== 'string' || !isListKind(kind)) {
    throw new FatalError(
      `expected kind ResourceList (or List), got ${kind === undefined ? 'no kind' : JSON.stringify(kind)}; ` +
        'pod-sequencer reads a KRM ResourceList on stdin: run it through kpt or kustomize, or use `pod-sequencer check|fix FILE`',
      nodePos(source, root),
    );
  }
  const itemsNode = root.get('items', true) as Node | undefined;
  if (itemsNode !== undefined && itemsNode !== null && !isSeq(itemsNode) && !isNullScalar(itemsNode)) {
    throw new FatalError('`items` must be a list of Kubernetes objects', nodePos(source, itemsNode));
  }
  const seq = isSeq(itemsNode) ? itemsNode : undefined;
  // Only a flow (JSON) list is re-emitted; a flow-style item in a block list is spliced like any.
  const flow = Boolean(seq?.flow) || Boolean((root as { flow?: boolean }).flow);
  const items: RawItem[] = [];
  // One index for every item's column: a search back to each item's line start is quadratic
  // when the items share a line (one-line JSON).
  const lines = new LineIndex(source);
  seq?.items.forEach((node, index) => {
    if (!isMap(node)) {
      throw new FatalError(`items[${index}] is not a Kubernetes object (a mapping)`, nodePos(source, node as Node));
    }
    const [nodeStart, end] = node.range ?? [0, 0];
    const start = withProperties(source, nodeStart);
    const indent = lines.linePos(start).col - 1;
    items.push({
      index,
      start,
      end,
      indent,
      text: dedent(source.slice(start, end), indent),
      kind: str(node.get('kind')),
      apiVersion: str(node.get('apiVersion')),
    });
  });
  const resultsPair = root.items.find((p) => keyOf(p) === 'results');
  return {
    source,
    items,
    functionConfig: root.get('functionConfig', true) ? (root.get('functionConfig', true) as Node).toJS(doc, { maxAliasCount: MAX_ALIASES }) : undefined,
    resultsSpan: resultsPair ? pairSpan(source, resultsPair) : undefined,
    flow,
    doc: flow ? doc : undefined,
  };
}

/**
 * The output ResourceList: original text with changed items replaced. `replacements` maps
 * item index to the item's new standalone YAML text.
 */
export function writeResourceList(input: ResourceListInput, replacements: Map<number, string>, results: Result[]): string {
  if (input.flow) return writeFlowInput(input, replacements, results);
  const edits: Edit[] = [...replacements].map(([index, text]) => itemEdit(input.source, input.items[index]!, text));
  if (input.resultsSpan) edits.push({ start: input.resultsSpan[0], end: input.resultsSpan[1], text: '' });
  let out = spliceEdits(input.source, edits);
  if (results.length > 0) {
    if (!out.endsWith('\n')) out += '\n';
    out += stringifyResults(results);
  }
  return out;
}

/** JSON or flow input: emit block YAML (kpt would otherwise write one-line JSON into files). */
function writeFlowInput(input: ResourceListInput, replacements: Map<number, string>, results: Result[]): string {
  const root = input.doc!.toJS() as Record<string, unknown>;
  const items = (root.items as unknown[] | undefined) ?? [];
  for (const [index, text] of replacements) items[index] = parseDocument(text).toJS();
  const out: Record<string, unknown> = { ...root, items };
  delete out.results;
  if (results.length > 0) out.results = results;
  return stringifyForReaders(out, { lineWidth: 0, indentSeq: false, aliasDuplicateObjects: false });
}

/**
 * The user's file an item came from, as kpt names it on each item it sends
 * (`internal.config.kubernetes.io/path` and `…/index`; kustomize and older kpt: `config.kubernetes.io/…`),
 * so an error inside the item can name the file rather than a line of the ResourceList.
 */
export function origin(itemText: string): string | undefined {
  const path = annotation(itemText, 'path');
  if (path === undefined) return undefined;
  const index = annotation(itemText, 'index');
  return index !== undefined && /^\d+$/.test(index) ? `${path} (document ${Number(index) + 1})` : path;
}

function annotation(text: string, name: 'path' | 'index'): string | undefined {
  const m = new RegExp(`^\\s*(?:internal\\.)?config\\.kubernetes\\.io/${name}:[ \\t]*(['"]?)(.*?)\\1[ \\t]*$`, 'm').exec(text);
  return m?.[2];
}

/** The origin of the item whose lines hold `offset`, when the line scanner can find the items. */
function originAt(source: string, offset: number): string | undefined {
  const span = scanResourceList(source)?.items.find((s) => s.start <= offset && offset <= s.end);
  return span ? origin(source.slice(span.start, span.end)) : undefined;
}

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * The one write path of every reader (ResourceList items here, documents of files and streams
 * in src/files/read.ts): the source with each span replaced, everything between kept as it was.
 */
export function spliceEdits(source: string, edits: Edit[]): string {
  let out = '';
  let cursor = 0;
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    out += source.slice(cursor, e.start) + e.text;
    cursor = e.end;
  }
  return out + source.slice(cursor);
}

/** An item's (or document's) new standalone text, as an edit of its span: indented back, ending as the span did. */
export function itemEdit(source: string, item: RawItem, text: string): Edit {
  return { start: item.start, end: item.end, text: indent(endLike(source.slice(item.start, item.end), text), item.indent) };
}

/**
 * A replacement ends as the span it replaces did: a flow item's span stops before its line's
 * newline, a block item's includes it.
 */
function endLike(old: string, text: string): string {
  return old.endsWith('\n') ? text : text.replace(/\n$/, '');
}

/** Where an offset in an item's own (dedented) text is in the source it was cut from. */
export function sourceOffset(source: string, item: RawItem, offset: number): number {
  const lines = item.text.slice(0, offset).split('\n');
  if (lines.length === 1) return item.start + offset;
  let pos = item.start;
  for (let i = 1; i < lines.length; i++) pos = source.indexOf('\n', pos) + 1;
  // Continuation lines lost up to `indent` leading spaces when the item was dedented.
  let lost = 0;
  while (lost < item.indent && source.charCodeAt(pos + lost) === 32) lost++;
  return pos + lost + lines.at(-1)!.length;
}

/**
 * Where an item's text starts: at its node (yaml's range), or before the anchor and tag written
 * before it on its `- ` line (`- &a apiVersion: v1`, `- !!map {…}`). Those belong to the item's
 * first key or to its node, and its continuation lines are indented to their column, not the
 * key's: cut at the key, the item would be misread (issue 28).
 */
function withProperties(source: string, nodeStart: number): number {
  // Read right to left from the node, over `&anchor`/`!tag` tokens each followed by blanks, to a
  // `-` with only blanks before it on its line. It reads no further than such a prefix can reach:
  // looking back to the start of the line first made a one-line flow stream quadratic.
  let first = nodeStart;
  for (let props = 0; ; props++) {
    const blanks = skipBack(source, first, (c) => c === ' ' || c === '\t');
    if (blanks === first) return nodeStart; // a property is followed by blanks, and so is `-`
    // An anchor or tag holds no flow indicator (YAML 1.2 ns-anchor-char, ns-tag-char): stop there.
    const token = skipBack(source, blanks, (c) => !' \t\n\r,[]{}'.includes(c));
    const text = source.slice(token, blanks);
    if (text === '-') {
      const indent = skipBack(source, token, (c) => c === ' ' || c === '\t');
      return props > 0 && (indent === 0 || source[indent - 1] === '\n') ? first : nodeStart;
    }
    if (text[0] !== '&' && text[0] !== '!') return nodeStart;
    first = token;
  }
}

/** The offset before the run of characters that `keep` accepts, ending at `end`. */
function skipBack(source: string, end: number, keep: (c: string) => boolean): number {
  let i = end;
  while (i > 0 && keep(source[i - 1]!)) i--;
  return i;
}

function lineStart(source: string, offset: number): number {
  return source.lastIndexOf('\n', offset - 1) + 1;
}

/** A top-level pair spans from its key's line start to the end of its value. */
function pairSpan(source: string, pair: Pair): [number, number] {
  const key = pair.key as Node;
  const value = pair.value as Node | null;
  const start = lineStart(source, key.range![0]);
  const end = value?.range ? value.range[2] : key.range![2];
  return [start, end];
}

function keyOf(pair: Pair): unknown {
  const k = pair.key as { value?: unknown } | null;
  return k && typeof k === 'object' && 'value' in k ? k.value : k;
}

function nodePos(source: string, node: Node): Position | undefined {
  const offset = node.range?.[0];
  return offset === undefined ? undefined : new LineIndex(source).linePos(offset);
}

function isNullScalar(node: Node): boolean {
  return (node as { value?: unknown }).value === null;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
