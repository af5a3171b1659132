/**
 * A small parser for the plain block-style YAML that Kubernetes manifests are written in, some
 * thirty times cheaper than composing a `yaml` Document. It returns the same plain value as
 * `parseDocument(text, { uniqueKeys: true }).toJS()`, or undefined whenever the text steps
 * outside the subset it fully understands (anchors and aliases other than on one-line scalars,
 * tags, quoted scalars over several lines with a blank line or an escaped break in them, flow
 * collections or plain scalars over several lines with a comment, a blank line or an indicator
 * in them, complex keys,
 * tabs, CR, directives, document markers, duplicate keys, block scalars with indentation
 * indicators, ...) or is malformed.
 * Callers then use `yaml`, which also produces the error message. Never a wrong value: tests
 * compare it with `yaml` on fixtures, generated manifests and fuzzed text.
 */

import { LIMITS } from './limits.js';

/** Thrown (one shared instance, no stack) when the text is outside the subset. */
const UNSURE: unknown = Object.freeze({ unsure: true });

/**
 * `indent` > 0: `text` is an item cut from its list as it stands, its first line starting at
 * column `indent` (after its `- `), the others keeping their indentation; the value is that of
 * the item dedented by `indent`, without making that copy.
 */
export function fastParse(text: string, indent = 0, spans?: Spans, plainText = false): FastParsed | undefined {
  // Tabs, CR, BOM, NEL, control characters: yaml has rules for each; leave them to it.
  // (`plainText`: the caller tested the whole input it cut `text` from, once.)
  if (!plainText && ODD_CHARS.test(text)) return undefined;
  const value = parseValue(text, indent, spans);
  if (value === UNSURE) return undefined;
  const anchors = PARSER.anchors;
  return anchors !== undefined && anchors.size > 0 ? { value, anchors: new Set(anchors.keys()) } : { value };
}

/** fastParse's value, or UNSURE: no result object (readers of many items call this). */
function parseValue(text: string, indent: number, spans: Spans | undefined): unknown {
  try {
    return PARSER.reset(text, indent, spans).document();
  } catch (e) {
    // RangeError: a stack overflow on absurd nesting, past the depth check; yaml words it.
    if (e === UNSURE || e instanceof RangeError) return UNSURE;
    throw e;
  }
}

/**
 * The value of an item cut from a list as it stands (see fastParse's `indent`) whose characters
 * the caller has tested (`plainChars`), or undefined: fastParse without its result object, for
 * readers of many items. Anchors are fine here: an item is parsed on its own.
 */
export function fastItemValue(text: string, indent: number): unknown {
  const value = parseValue(text, indent, undefined);
  return value === UNSURE ? undefined : value;
}

export interface FastParsed {
  value: unknown;
  /** The names of the text's anchors (on one-line scalars), when it has any. */
  anchors?: ReadonlySet<string>;
}

/**
 * Where a block collection's entries are in the text, for editing it as text (patch.ts). Offsets
 * are into the parsed text; a line's end is the offset of its '\n' (or the text's length).
 */
export interface Entry {
  /** The map key (maps only). */
  key?: string;
  /** Start of the comment and blank lines right above the entry (`at` when it shares a line with a `- `). */
  lead: number;
  /** The key, or the `-`. */
  at: number;
  /** After the key's `:` (maps only). */
  keyEnd: number;
  /**
   * Where the value starts on the entry's first line, or on the next line for a flow collection
   * alone there; -1 when a nested collection starts on a later line, or there is none.
   */
  vAt: number;
  /** End of an inline scalar or flow collection (before the spaces and comment after it). */
  vEnd: number;
  /**
   * End of the entry's last line: its last content line, or the comment lines after a nested
   * collection that are indented at least as far as its entries (yaml keeps them at that
   * collection's end: see `tailAt`).
   */
  end: number;
  /** Start of those comment lines, or -1. */
  tailAt: number;
  /**
   * The value's shape: `scalar` (one line, plain or quoted), `flow` (one-line flow collection, after
   * its key or `-` or alone on the next line),
   * `block` (block scalar), `nested` (collection on the following lines), `inline` (collection
   * starting on the `- ` line), `null` (nothing).
   */
  shape: 'scalar' | 'flow' | 'block' | 'nested' | 'inline' | 'null';
}

export interface CollectionSpan {
  /** Column of the entries' keys or dashes. */
  col: number;
  entries: Entry[];
}

/** Block maps and sequences of a parsed value (by identity) -> where their entries are. */
export type Spans = Map<object, CollectionSpan>;

const ODD_CHARS = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff]/;

/** Whether fastParse can read `text` at all as far as its characters go (see `plainText`). */
export function plainChars(text: string): boolean {
  return !ODD_CHARS.test(text);
}
/** Deeper nesting than any manifest: left to yaml, whose reader refuses it by name (limits.ts). */
const MAX_DEPTH = LIMITS.nesting;
const SPACE = 32;
const HASH = 35;
const DASH = 45;
const COLON = 58;

class Parser {
  private s = '';
  /** Start of the current line, its end (index of '\n' or length), and its indent. */
  private pos = 0;
  private end = 0;
  private ind = 0;
  private depth = 0;
  private afterKey = 0;
  /** End of the last content line consumed, for spans (comments and blank lines are not content). */
  private contentEnd = -1;
  /** Where a collection starts on a `- ` line, for spans. */
  private inlineAt = -1;
  /** Shape and inline extent of the value parsed last, for spans. */
  private vShape: Entry['shape'] = 'null';
  private vAt = -1;
  private vEnd = -1;
  /** Column of the nested collection parsed last (shapes `nested`, `inline`). */
  private vCol = -1;
  /** Anchored scalars so far, by name (made at the first), and the aliases read (bounded as yaml bounds them: limits.ts). */
  anchors: Map<string, unknown> | undefined = undefined;
  private aliasCount = 0;

  /** Column of the root collection: what a dedented copy would have at column 0. */
  private base = 0;
  private spans: Spans | undefined = undefined;

  /** Ready to parse `s` (see fastParse), every field as new. */
  reset(s: string, base: number, spans: Spans | undefined): this {
    this.s = s;
    this.base = base;
    this.spans = spans;
    this.pos = this.end = this.ind = this.depth = this.afterKey = this.aliasCount = 0;
    this.contentEnd = this.inlineAt = this.vAt = this.vEnd = this.vCol = -1;
    this.vShape = 'null';
    this.anchors = undefined;
    return this;
  }

  /** Records the entry just parsed (its value's shape is in `vShape`, `vAt`, `vEnd`). */
  private entry(entries: Entry[], lead: number, at: number, keyEnd: number, key?: string): void {
    const tailAt = this.vShape === 'nested' || this.vShape === 'inline' ? this.tail(this.vCol) : -1;
    entries.push({ key, lead, at, keyEnd, vAt: this.vAt, vEnd: this.vEnd, end: this.contentEnd, tailAt, shape: this.vShape });
  }

  /**
   * Comment lines right after a nested collection (at column `col`), up to a blank line or one
   * indented less: yaml keeps them as that collection's trailing comment. Consumes them as part
   * of the entry; returns where they start, or -1.
   */
  private tail(col: number): number {
    const s = this.s;
    let tailAt = -1;
    let p = this.contentEnd + 1;
    while (p < this.pos) {
      const nl = s.indexOf('\n', p);
      let i = p;
      while (s.charCodeAt(i) === SPACE) i++;
      if (i === nl || s.charCodeAt(i) !== HASH || i - p < col) break;
      if (tailAt < 0) tailAt = p;
      this.contentEnd = nl;
      p = nl + 1;
    }
    return tailAt;
  }

  private shape(shape: Entry['shape'], vAt = -1, vEnd = -1): void {
    this.vShape = shape;
    this.vAt = vAt;
    this.vEnd = vEnd;
  }

  document(): unknown {
    if (this.base > 0) {
      // The first line holds the first key at column `base` (its `- ` cut off).
      this.pos = -this.base;
      this.end = this.s.indexOf('\n');
      if (this.end < 0) this.end = this.s.length;
      const c = this.s.charCodeAt(0);
      if (this.end === 0 || c === SPACE || c === HASH) throw UNSURE;
      this.ind = this.base;
      if (isMarker(this.s, 0)) throw UNSURE;
    } else if (!this.nextSignificant()) {
      throw UNSURE;
    }
    if (this.ind !== this.base) throw UNSURE;
    const c = this.s.charCodeAt(this.pos + this.base);
    if (c === 91 || c === 123) return this.flowRoot(this.pos + this.base);
    const value = this.blockNode(this.base);
    if (this.pos < this.s.length) throw UNSURE; // something less indented than the root
    return value;
  }

  /**
   * A whole node in flow style on one line (`- {apiVersion: v1, kind: ConfigMap, ...}`, as some
   * generators write items): its value, so such items need no `yaml` Document (a whole list of
   * them, composed by `yaml`, costs ten times a block one). Only for a value: a caller asking
   * for spans edits block collections, and a flow root has none.
   */
  private flowRoot(i: number): unknown {
    if (this.spans) throw UNSURE;
    const flow = new Flow(this.s, i, this.end, undefined, this.depth);
    const value = flow.node();
    let after = flow.i;
    while (after < this.end && this.s.charCodeAt(after) === SPACE) after++;
    if (after < this.end && !(this.s.charCodeAt(after) === HASH && this.s.charCodeAt(after - 1) === SPACE)) throw UNSURE;
    this.nextLine();
    if (this.nextSignificant()) throw UNSURE; // more content: not one node
    return value;
  }

  /** Moves `pos` to the start of `pos`'s line's successor (the line was content). */
  private nextLine(): void {
    this.contentEnd = this.end;
    this.pos = this.end + 1;
  }

  /** Makes the line holding offset `i` the current one (a flow collection or a plain scalar over several lines ended there). */
  private toLineOf(i: number): void {
    const s = this.s;
    this.pos = s.lastIndexOf('\n', i - 1) + 1;
    const nl = s.indexOf('\n', i);
    this.end = nl < 0 ? s.length : nl;
    let k = this.pos;
    while (s.charCodeAt(k) === SPACE) k++;
    this.ind = k - this.pos;
  }

  /**
   * Skips blank and comment lines from `pos`; sets `end` and `ind` of the line it stops at.
   * Returns false at the end of the text.
   */
  private nextSignificant(): boolean {
    const s = this.s;
    while (this.pos < s.length) {
      let nl = s.indexOf('\n', this.pos);
      if (nl < 0) nl = s.length;
      let i = this.pos;
      while (i < nl && s.charCodeAt(i) === SPACE) i++;
      if (i < nl && s.charCodeAt(i) !== HASH) {
        this.end = nl;
        this.ind = i - this.pos;
        if (this.ind === this.base && isMarker(s, i)) throw UNSURE;
        return true;
      }
      this.pos = nl + 1;
    }
    this.pos = s.length;
    this.end = s.length;
    this.ind = -1;
    return false;
  }

  /** A map or sequence whose first entry is on the current line at column `indent`. */
  private blockNode(indent: number): unknown {
    if (++this.depth > MAX_DEPTH) throw UNSURE;
    const value = this.isSeqEntry(this.pos + indent) ? this.seq(indent) : this.map(indent);
    this.depth--;
    return value;
  }

  private isSeqEntry(i: number): boolean {
    const s = this.s;
    if (s.charCodeAt(i) !== DASH) return false;
    const c = i + 1 < this.end ? s.charCodeAt(i + 1) : SPACE;
    return c === SPACE;
  }

  private map(indent: number): Record<string, unknown> {
    const obj: Record<string, unknown> = {};
    const entries: Entry[] | undefined = this.spans ? [] : undefined;
    if (entries) this.spans!.set(obj, { col: indent, entries });
    for (let first = true; ; first = false) {
      if (this.ind !== indent) throw UNSURE;
      const at = this.pos + indent;
      const lead = at === this.inlineAt ? at : this.contentEnd + 1;
      if (this.isSeqEntry(at)) throw UNSURE;
      const key = this.key(at);
      const keyEnd = this.afterKey;
      // The first key of a map cannot be a duplicate (nor `__proto__`: checkKey): no lookup.
      if (first) obj[key] = this.value(keyEnd, indent, true);
      else setKey(obj, key, this.value(keyEnd, indent, true));
      if (entries) this.entry(entries, lead, at, keyEnd, key);
      if (this.ind < indent) return obj; // also -1 at the end
    }
  }

  private seq(indent: number): unknown[] {
    const arr: unknown[] = [];
    const s = this.s;
    const entries: Entry[] | undefined = this.spans ? [] : undefined;
    if (entries) this.spans!.set(arr, { col: indent, entries });
    for (;;) {
      // Less indented, or a key after a compact sequence: the caller decides.
      if (this.ind < indent || !this.isSeqEntry(this.pos + indent)) {
        if (this.ind <= indent) return arr;
        throw UNSURE;
      }
      const at = this.pos + indent;
      const lead = at === this.inlineAt ? at : this.contentEnd + 1;
      let i = at + 1;
      while (i < this.end && s.charCodeAt(i) === SPACE) i++;
      if (i >= this.end || s.charCodeAt(i) === HASH) {
        arr.push(this.nestedOrNull(indent, false, i >= this.end));
      } else {
        if (this.isSeqEntry(i) || this.startsKey(i)) {
          // A sequence or map whose first entry shares the line with `- `.
          this.ind = i - this.pos;
          this.inlineAt = i;
          const col = this.ind;
          arr.push(this.blockNode(col));
          this.shape('inline', i);
          this.vCol = col;
        } else {
          arr.push(this.value(i, indent, false));
        }
      }
      if (entries) this.entry(entries, lead, at, -1);
      if (this.ind < indent) return arr;
    }
  }

  /** Whether the text at `i` is an implicit key followed by `:` on this line. */
  private startsKey(i: number): boolean {
    const s = this.s;
    const c = s.charCodeAt(i);
    if (c === 91 || c === 123) return false; // a flow collection
    if (c === 34 || c === 39) {
      const close = quotedEnd(s, i, this.end);
      if (close < 0) return false;
      let j = close;
      while (j < this.end && s.charCodeAt(j) === SPACE) j++;
      return s.charCodeAt(j) === COLON;
    }
    for (let j = i; j < this.end; j++) {
      const d = s.charCodeAt(j);
      if (d === COLON && (j + 1 >= this.end || s.charCodeAt(j + 1) === SPACE)) return true;
      if (d === HASH && s.charCodeAt(j - 1) === SPACE) return false;
    }
    return false;
  }

  /** Reads a block mapping key at `i`; sets `afterKey` to the index after its `:`. */
  private key(i: number): string {
    const s = this.s;
    const c = s.charCodeAt(i);
    if (c === 34 || c === 39) {
      const close = quotedEnd(s, i, this.end);
      if (close < 0) throw UNSURE;
      const key = c === 34 ? doubleQuoted(s, i + 1, close - 1) : s.slice(i + 1, close - 1).replaceAll("''", "'");
      let j = close;
      while (j < this.end && s.charCodeAt(j) === SPACE) j++;
      if (s.charCodeAt(j) !== COLON || !(j + 1 >= this.end || s.charCodeAt(j + 1) === SPACE)) throw UNSURE;
      this.afterKey = j + 1;
      return checkKey(key);
    }
    if (!plainStart(s, i, this.end)) throw UNSURE;
    for (let j = i; j < this.end; j++) {
      const d = s.charCodeAt(j);
      if (d === COLON && (j + 1 >= this.end || s.charCodeAt(j + 1) === SPACE)) {
        let e = j;
        while (s.charCodeAt(e - 1) === SPACE) e--;
        this.afterKey = j + 1;
        const known = knownKey(s, i, e);
        if (known !== undefined) return known;
        const raw = s.slice(i, e);
        if (raw.length > 1000 || raw === '<<' || typeof plainScalar(raw) !== 'string') throw UNSURE;
        return checkKey(raw);
      }
      if (d === HASH && s.charCodeAt(j - 1) === SPACE) break;
    }
    throw UNSURE;
  }

  /**
   * The value that starts at `i` on the current line (after `key:` or `- `) of a collection at
   * column `indent`, with the lines it spans; leaves the parser on the next significant line.
   */
  private value(i: number, indent: number, inMap: boolean): unknown {
    const s = this.s;
    while (i < this.end && s.charCodeAt(i) === SPACE) i++;
    if (i >= this.end || s.charCodeAt(i) === HASH) return this.nestedOrNull(indent, inMap, i >= this.end);
    let c = s.charCodeAt(i);
    let value: unknown;
    let after: number;
    // `&name scalar` and `*name` (Linkerd's chart names its proxy container by an alias): only
    // on one-line scalars; an anchor on a collection, a block scalar or a key is left to yaml.
    const start = i;
    let anchor: string | undefined;
    if (c === 38 /* & */) {
      const e = anchorEnd(s, i + 1, this.end);
      anchor = s.slice(i + 1, e);
      if (anchor === '' || s.charCodeAt(e) !== SPACE || this.anchors?.has(anchor)) throw UNSURE;
      i = e;
      while (i < this.end && s.charCodeAt(i) === SPACE) i++;
      c = s.charCodeAt(i);
      if (i >= this.end || !(c === 34 || c === 39 || plainStart(s, i, this.end))) throw UNSURE;
    } else if (c === 42 /* * */) {
      const e = anchorEnd(s, i + 1, this.end);
      const name = s.slice(i + 1, e);
      if (!this.anchors?.has(name) || ++this.aliasCount > LIMITS.aliases) throw UNSURE;
      return this.scalarEnd(this.anchors.get(name), 'scalar', start, e, indent);
    }
    if (c === 124 || c === 62) {
      const text = this.blockScalar(i, indent); // | >
      this.shape('block', i);
      return text;
    }
    let shape: Entry['shape'] = 'scalar';
    if (c === 34 || c === 39) {
      after = quotedEnd(s, i, this.end);
      if (after < 0) ({ value, after } = this.quotedLines(i, indent));
      else value = quotedText(s, c, i + 1, after - 1);
    } else if (c === 91 || c === 123) {
      const flow = new Flow(s, i, s.length, this.spans, this.depth, indent);
      value = flow.node();
      after = flow.i;
      shape = 'flow';
      if (after > this.end) this.toLineOf(after);
    } else {
      if (!plainStart(s, i, this.end)) throw UNSURE;
      let j = i;
      let e = i;
      for (; j < this.end; j++) {
        const d = s.charCodeAt(j);
        if (d === SPACE) continue;
        if (d === HASH && s.charCodeAt(j - 1) === SPACE) break;
        if (d === COLON && (j + 1 >= this.end || s.charCodeAt(j + 1) === SPACE)) throw UNSURE; // `a: b: c`
        e = j + 1;
      }
      const more = j >= this.end && anchor === undefined ? this.plainLines(indent) : undefined;
      value = more ? plainScalar(`${s.slice(i, e)} ${more.words}`) : (known(KNOWN_VALUES, s, i, e) ?? plainScalar(s.slice(i, e)));
      after = more ? more.after : e;
    }
    if (anchor !== undefined) {
      if (shape !== 'scalar') throw UNSURE;
      (this.anchors ??= new Map()).set(anchor, value);
    }
    return this.scalarEnd(value, shape, start, after, indent);
  }

  /**
   * The lines a plain scalar goes on over, after its first (`args: --a` then `  --b`): each
   * indented past the collection at `indent`, none blank, none with `: ` or ` #` or
   * starting with an indicator; yaml folds them into one line, a space between each. Undefined
   * when the next line is not such a line; the first line is then the whole scalar. Moves the
   * parser to the last line. Anything else on those lines is left to yaml.
   */
  private plainLines(indent: number): { words: string; after: number } | undefined {
    const s = this.s;
    const words: string[] = [];
    let p = this.end + 1;
    let after = -1;
    while (p < s.length) {
      let nl = s.indexOf('\n', p);
      if (nl < 0) nl = s.length;
      let k = p;
      while (k < nl && s.charCodeAt(k) === SPACE) k++;
      // Less indented: the next entry. A comment line ends the scalar (what follows is scalarEnd's).
      if (k - p <= indent || s.charCodeAt(k) === HASH) break;
      let e = nl;
      while (e > k && s.charCodeAt(e - 1) === SPACE) e--;
      const line = s.slice(k, e);
      if (k === nl || !plainStart(s, k, nl) || line.includes(': ') || line.includes(' #') || line.endsWith(':') || s.charCodeAt(k) === DASH) throw UNSURE;
      words.push(line);
      after = e;
      p = nl + 1;
    }
    if (words.length === 0) return undefined;
    this.toLineOf(after);
    return { words: words.join(' '), after };
  }

  /**
   * A quoted scalar that closes on a later line (`note: "a long` then `  value"`): every line
   * after the first indented past the collection at `indent`, none blank; yaml folds each line
   * break into one space and drops the spaces around it. A blank line (a kept break), a line
   * ending in a backslash (an escaped break, in double quotes) or an empty first or middle line
   * is left to yaml. Moves the parser to the line the scalar closes on.
   */
  private quotedLines(i: number, indent: number): { value: string; after: number } {
    const s = this.s;
    const q = s.charCodeAt(i);
    const parts: string[] = [];
    let from = i + 1;
    let lineEnd = this.end;
    for (;;) {
      const after = closingQuote(s, q, from, lineEnd);
      if (after >= 0) {
        parts.push(quotedText(s, q, from, after - 1));
        this.toLineOf(after);
        return { value: parts.join(' '), after };
      }
      let e = lineEnd;
      while (e > from && s.charCodeAt(e - 1) === SPACE) e--;
      if (e === from || s.charCodeAt(e - 1) === 92 /* \ */) throw UNSURE;
      parts.push(quotedText(s, q, from, e));
      const p = lineEnd + 1;
      if (p >= s.length) throw UNSURE;
      lineEnd = s.indexOf('\n', p);
      if (lineEnd < 0) lineEnd = s.length;
      from = p;
      while (from < lineEnd && s.charCodeAt(from) === SPACE) from++;
      if (from === lineEnd || from - p <= indent) throw UNSURE;
    }
  }

  /** The end of a one-line value (from `at` to `after`): only a comment may follow on the line, then no more-indented continuation. */
  private scalarEnd(value: unknown, shape: Entry['shape'], at: number, after: number, indent: number): unknown {
    const s = this.s;
    this.shape(shape, at, after);
    while (after < this.end && s.charCodeAt(after) === SPACE) after++;
    if (after < this.end && !(s.charCodeAt(after) === HASH && s.charCodeAt(after - 1) === SPACE)) throw UNSURE;
    this.nextLine();
    if (this.nextSignificant() && this.ind > indent) throw UNSURE;
    return value;
  }

  /**
   * After `key:` or `-` with nothing else on the line (`bare`: not even a comment): a nested
   * block node, a one-line flow collection alone on the next line (Helm's `toYaml` writes
   * `annotations:` then `{}`), or null.
   */
  private nestedOrNull(indent: number, inMap: boolean, bare: boolean): unknown {
    this.nextLine();
    let value: unknown = null;
    let col = -1;
    if (!this.nextSignificant()) value = null;
    else if (this.ind > indent && isFlowStart(this.s.charCodeAt(this.pos + this.ind))) return this.flowBelow(indent, inMap, bare);
    else if (this.ind > indent) value = this.blockNode((col = this.ind));
    // `key:` followed by `- ` at the key's own column: a compact sequence.
    else if (inMap && this.ind === indent && this.isSeqEntry(this.pos + indent)) value = this.seq((col = indent));
    this.shape(value === null ? 'null' : 'nested');
    this.vCol = col;
    return value;
  }

  /**
   * A flow collection on the line right after its bare `key:` or `-`: parsed as if it stood
   * after them (shape `flow`, `vAt` on its own line). Comments or blank lines between the two
   * are left to yaml.
   */
  private flowBelow(indent: number, inMap: boolean, bare: boolean): unknown {
    if (!bare || this.pos !== this.contentEnd + 1) throw UNSURE;
    return this.value(this.pos + this.ind, indent, inMap);
  }

  /** `|` or `>` with optional chomping indicator (no indentation indicator), then its lines. */
  private blockScalar(i: number, indent: number): string {
    const s = this.s;
    const folded = s.charCodeAt(i) === 62;
    let j = i + 1;
    let chomp = '';
    if (j < this.end && (s[j] === '-' || s[j] === '+')) chomp = s[j++]!;
    const h = j;
    while (j < this.end && s.charCodeAt(j) === SPACE) j++;
    if (j < this.end && !(s.charCodeAt(j) === HASH && j > h)) throw UNSURE;
    // Collect the lines: empty ones, and those indented more than the parent collection.
    const lines: string[] = [];
    let p = this.end + 1;
    let trim = -1;
    let lastEnd = -1;
    // The longest whitespace-only line before the first content line (yaml's rule: no longer than it).
    let leading = 0;
    while (p < s.length) {
      let nl = s.indexOf('\n', p);
      if (nl < 0) nl = s.length;
      let k = p;
      while (k < nl && s.charCodeAt(k) === SPACE) k++;
      if (k === nl) {
        // A whitespace-only line (Helm leaves them where a template's `{{ }}` printed nothing):
        // empty when it is no longer than the content's indent, else a line of spaces (YAML
        // 1.2 l-empty, l-nb-literal-text), as yaml reads it.
        if (trim < 0) leading = Math.max(leading, nl - p);
        if (trim < 0 || nl - p <= trim) lines.push('');
        else {
          lines.push(s.slice(p + trim, nl));
          lastEnd = nl;
        }
      } else {
        const ind = k - p;
        if (ind <= indent) break;
        if (trim < 0) {
          trim = ind;
          if (leading > trim) throw UNSURE; // yaml: needs an indentation indicator
        } else if (ind < trim) throw UNSURE;
        lines.push(s.slice(p + trim, nl));
        lastEnd = nl;
      }
      p = nl + 1;
    }
    let last = lines.length;
    while (last > 0 && lines[last - 1] === '') last--;
    if (last === 0) throw UNSURE;
    this.contentEnd = lastEnd;
    if (chomp === '+' && last < lines.length) throw UNSURE; // kept trailing lines: where they end is subtle
    let value = '';
    if (!folded) {
      value = lines.slice(0, last).join('\n');
    } else {
      // yaml's folding (compose/resolve-block-scalar.js), over lines already dedented by `trim`.
      let sep = '';
      let prevMoreIndented = false;
      let first = 0;
      while (lines[first] === '') {
        value += '\n';
        first++;
      }
      for (let k = first; k < last; k++) {
        const line = lines[k]!;
        if (line.charCodeAt(0) === SPACE) {
          if (sep === ' ') sep = '\n';
          else if (!prevMoreIndented && sep === '\n') sep = '\n\n';
          value += sep + line;
          sep = '\n';
          prevMoreIndented = true;
        } else if (line === '') {
          if (sep === '\n') value += '\n';
          else sep = '\n';
        } else {
          value += sep + line;
          sep = ' ';
          prevMoreIndented = false;
        }
      }
    }
    if (chomp !== '-') value += '\n';
    this.pos = Math.min(p, s.length);
    // Positioned on the line after the scalar (blank lines before it belong to the scalar).
    if (this.nextSignificant() && this.ind > indent) throw UNSURE;
    return value;
  }
}

/**
 * One parser for every call, reset each time: a new one per item (with its anchor map) was an
 * object or two per item for the young generation to copy, and a constructor to warm up.
 */
const PARSER = new Parser();

/** A flow collection that opens and closes on one line. */
class Flow {
  constructor(
    private readonly s: string,
    public i: number,
    private readonly end: number,
    private readonly spans: Spans | undefined,
    /** Block collections around it: the limit counts every level. */
    private depth: number,
    /**
     * The column of the block collection it is a value in, when it may go on over later lines
     * (`command: ["/x", "--a",` then `"--b"]`): each of those lines must be indented past it, and
     * hold no comment; a blank line, or a scalar broken over lines, is left to yaml. Undefined:
     * one line only.
     */
    private readonly indent?: number,
  ) {}

  /** End of the line that `i` is on (a scalar never goes past it); one line only: `end`. */
  private lineEnd(i: number): number {
    if (this.indent === undefined) return this.end;
    const nl = this.s.indexOf('\n', i);
    return nl < 0 ? this.end : nl;
  }

  node(): unknown {
    const c = this.s.charCodeAt(this.i);
    if (c !== 91 && c !== 123) return this.scalar(false);
    if (++this.depth > MAX_DEPTH) throw UNSURE;
    const value = c === 91 ? this.seq() : this.map();
    this.depth--;
    return value;
  }

  private spaces(): void {
    const s = this.s;
    for (;;) {
      while (this.i < this.end && s.charCodeAt(this.i) === SPACE) this.i++;
      if (this.indent === undefined || this.i >= this.end || s.charCodeAt(this.i) !== 10) return;
      // A line break inside the collection: the next line goes on with it, indented past the block.
      let j = this.i + 1;
      while (j < this.end && s.charCodeAt(j) === SPACE) j++;
      const c = s.charCodeAt(j);
      if (j >= this.end || c === 10 || c === HASH || j - this.i - 1 <= this.indent) throw UNSURE;
      this.i = j;
    }
  }

  private seq(): unknown[] {
    const arr: unknown[] = [];
    // Spans of a flow list: each item's extent (`vAt`, `vEnd`); `col` -1.
    const entries: Entry[] | undefined = this.spans ? [] : undefined;
    if (entries) this.spans!.set(arr, { col: -1, entries });
    this.i++;
    this.spaces();
    if (this.s.charCodeAt(this.i) === 93) {
      this.i++;
      return arr;
    }
    for (;;) {
      this.spaces();
      const at = this.i;
      arr.push(this.node());
      if (entries) entries.push({ lead: at, at, keyEnd: -1, vAt: at, vEnd: this.i, end: this.i, tailAt: -1, shape: 'scalar' });
      this.spaces();
      const c = this.s.charCodeAt(this.i++);
      if (c === 93) return arr;
      if (c !== 44) throw UNSURE; // a pair (`[a: 1]`), comment or line end inside
      this.spaces();
      if (this.s.charCodeAt(this.i) === 93) throw UNSURE; // trailing comma
    }
  }

  private map(): Record<string, unknown> {
    const obj: Record<string, unknown> = {};
    this.i++;
    this.spaces();
    if (this.s.charCodeAt(this.i) === 125) {
      this.i++;
      return obj;
    }
    for (;;) {
      this.spaces();
      const k = this.s.charCodeAt(this.i);
      const quoted = k === 34 || k === 39;
      const key = this.scalar(true);
      if (typeof key !== 'string' || key === '<<' || key.length > 1000) throw UNSURE;
      checkKey(key);
      this.spaces();
      // `:` then a space; JSON-style `"a":1` is fine after a quoted key.
      if (this.s.charCodeAt(this.i) !== COLON) throw UNSURE;
      this.i++;
      if (!quoted && this.s.charCodeAt(this.i) !== SPACE) throw UNSURE;
      this.spaces();
      const v = this.s.charCodeAt(this.i);
      if (v === 44 || v === 125) throw UNSURE; // empty value
      setKey(obj, key, this.node());
      this.spaces();
      const c = this.s.charCodeAt(this.i++);
      if (c === 125) return obj;
      if (c !== 44) throw UNSURE;
      this.spaces();
      if (this.s.charCodeAt(this.i) === 125) throw UNSURE;
    }
  }

  /** A quoted or plain scalar inside a flow collection; `asKey` allows a following `:`. */
  private scalar(asKey: boolean): unknown {
    const s = this.s;
    const c = s.charCodeAt(this.i);
    if (c === 34 || c === 39) {
      const close = quotedEnd(s, this.i, this.lineEnd(this.i));
      if (close < 0) throw UNSURE;
      const v = c === 34 ? doubleQuoted(s, this.i + 1, close - 1) : s.slice(this.i + 1, close - 1).replaceAll("''", "'");
      this.i = close;
      return v;
    }
    // In flow, `-`, `?` and `:` start a plain scalar only before a safe character.
    if ((c === DASH || c === 63 || c === COLON) && isFlowIndicator(s.charCodeAt(this.i + 1))) throw UNSURE;
    const end = this.lineEnd(this.i);
    if (!plainStart(s, this.i, end) || c === 91 || c === 123 || c === 93 || c === 125 || c === 44) throw UNSURE;
    const start = this.i;
    let e = start;
    let j = start;
    for (; j < end; j++) {
      const d = s.charCodeAt(j);
      if (d === 44 || d === 91 || d === 93 || d === 123 || d === 125) break;
      if (d === SPACE) continue;
      if (d === HASH && s.charCodeAt(j - 1) === SPACE) throw UNSURE;
      if (d === COLON) {
        const n = j + 1 < end ? s.charCodeAt(j + 1) : SPACE;
        if (n === SPACE || n === 44 || n === 91 || n === 93 || n === 123 || n === 125) {
          if (!asKey) throw UNSURE; // a pair inside a sequence, or `a: b: c`
          break;
        }
      }
      e = j + 1;
    }
    this.i = e;
    return plainScalar(s.slice(start, e));
  }
}

function isFlowStart(c: number): boolean {
  return c === 91 || c === 123;
}

function isFlowIndicator(c: number): boolean {
  return c === 44 || c === 91 || c === 93 || c === 123 || c === 125;
}

/** `---` or `...` at column 0: a document marker, outside the subset (as is a `%` directive). */
function isMarker(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c === 37) return true;
  if ((c !== DASH && c !== 46) || s.charCodeAt(i + 1) !== c || s.charCodeAt(i + 2) !== c) return false;
  const n = s.charCodeAt(i + 3);
  return Number.isNaN(n) || n === SPACE || n === 10;
}

/** Index after the closing quote of the quoted scalar at `i`, or -1 if it does not close on the line. */
function quotedEnd(s: string, i: number, end: number): number {
  return closingQuote(s, s.charCodeAt(i), i + 1, end);
}

/** Index after the quote `q` (34 or 39) that closes a quoted scalar's text from `from`, or -1 before `end`. */
function closingQuote(s: string, q: number, from: number, end: number): number {
  for (let j = from; j < end; j++) {
    const d = s.charCodeAt(j);
    if (q === 34 && d === 92) {
      j++;
      continue;
    }
    if (d === q) {
      if (q === 39 && s.charCodeAt(j + 1) === 39 && j + 1 < end) {
        j++;
        continue;
      }
      return j + 1;
    }
  }
  return -1;
}

const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
};

/** The content of one line of a quoted scalar (`q`: 34 double, 39 single), `s[from, to)`. */
function quotedText(s: string, q: number, from: number, to: number): string {
  return q === 34 ? doubleQuoted(s, from, to) : s.slice(from, to).replaceAll("''", "'");
}

/** The content of a one-line double-quoted scalar, `s[from, to)`. */
function doubleQuoted(s: string, from: number, to: number): string {
  const raw = s.slice(from, to);
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let j = 0; j < raw.length; j++) {
    const ch = raw[j]!;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const e = raw[++j];
    if (e === undefined) throw UNSURE;
    const simple = ESCAPES[e];
    if (simple !== undefined) {
      out += simple;
      continue;
    }
    const len = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
    const hex = raw.slice(j + 1, j + 1 + len);
    if (len === 0 || !/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) throw UNSURE;
    const code = parseInt(hex, 16);
    if (code > 0x10ffff) throw UNSURE;
    out += String.fromCodePoint(code);
    j += len;
  }
  return out;
}

/** Whether a plain scalar may start at `i` (YAML's ns-plain-first, minus what we do not handle). */
/**
 * The end of an anchor's or alias's name starting at `i`: letters, digits, `_ . -` (a narrower
 * set than YAML's ns-anchor-char; anything else after the name makes the caller unsure).
 */
function anchorEnd(s: string, i: number, end: number): number {
  let j = i;
  for (; j < end; j++) {
    const c = s.charCodeAt(j);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 || c === 45)) break;
  }
  return j;
}

function plainStart(s: string, i: number, end: number): boolean {
  const c = s.charCodeAt(i);
  // - ? : only when followed by a non-space: `-1`, `--flag`, `:x`.
  if (c === DASH || c === 63 || c === COLON) return i + 1 < end && s.charCodeAt(i + 1) !== SPACE;
  // , [ ] { } # & * ! | > ' " % @ `
  return !(
    c === 44 ||
    c === 91 ||
    c === 93 ||
    c === 123 ||
    c === 125 ||
    c === HASH ||
    c === 38 ||
    c === 42 ||
    c === 33 ||
    c === 124 ||
    c === 62 ||
    c === 39 ||
    c === 34 ||
    c === 37 ||
    c === 64 ||
    c === 96
  );
}

/** Adds a key as yaml's toJS does (an own property even for `constructor`); a duplicate is a yaml error. */
function setKey(obj: Record<string, unknown>, key: string, value: unknown): void {
  // (A value is never undefined: undefined here means a new key, unless Object.prototype has it.)
  if (obj[key] === undefined) obj[key] = value;
  else if (Object.hasOwn(obj, key)) throw UNSURE;
  else Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * `__proto__` would need care; `<<` (quoted or not) is a merge key to Kubernetes' readers, which
 * process.ts refuses in workloads with its path: left to yaml, so a fast value never holds one.
 */
function checkKey(key: string): string {
  if (key === '__proto__' || key === '<<') throw UNSURE;
  return key;
}

function allDigits(str: string): boolean {
  for (let i = 0; i < str.length; i++) {
    const c = str.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The plain scalars starting with a letter that the core schema does not read as strings. */
const LETTER_WORDS = new Map<string, null | boolean>([
  ...['null', 'Null', 'NULL'].map((w) => [w, null] as const),
  ...['true', 'True', 'TRUE'].map((w) => [w, true] as const),
  ...['false', 'False', 'FALSE'].map((w) => [w, false] as const),
]);

/**
 * The keys most manifests are made of. A key read from the text is a new string, which V8 must
 * hash and look up in its string table each time it names a property (setKey's `obj[key]`);
 * these literals are already there, so objects are built faster (about a tenth of reading a
 * list). Only speed depends on this list: any other key is read as before.
 */
const KNOWN_KEYS = [
  ...['apiVersion', 'kind', 'metadata', 'name', 'namespace', 'labels', 'annotations', 'spec', 'status', 'data', 'stringData', 'type', 'items'],
  ...['template', 'selector', 'matchLabels', 'replicas', 'serviceName', 'serviceAccountName', 'app', 'tier', 'version', 'component'],
  ...['containers', 'initContainers', 'image', 'imagePullPolicy', 'command', 'args', 'env', 'value', 'valueFrom', 'envFrom', 'workingDir'],
  ...['ports', 'containerPort', 'port', 'targetPort', 'protocol', 'resources', 'requests', 'limits', 'cpu', 'memory', 'volumes', 'volumeMounts'],
  ...['mountPath', 'readOnly', 'configMap', 'secret', 'secretName', 'emptyDir', 'key', 'path', 'httpGet', 'tcpSocket', 'exec', 'scheme'],
  ...['readinessProbe', 'livenessProbe', 'startupProbe', 'periodSeconds', 'initialDelaySeconds', 'timeoutSeconds', 'failureThreshold'],
  ...['securityContext', 'runAsUser', 'runAsNonRoot', 'lifecycle', 'postStart', 'preStop', 'restartPolicy', 'nodeSelector', 'tolerations'],
  ...['affinity', 'strategy', 'clusterIP', 'config.kubernetes.io/index', 'internal.config.kubernetes.io/path', 'internal.config.kubernetes.io/id'],
  ...['config.kubernetes.io/path', 'config.k8s.io/id', 'kustomize.config.k8s.io/id', 'app.kubernetes.io/name', 'app.kubernetes.io/instance'],
];

/**
 * The values most items share (their `apiVersion` and `kind`, ports' protocol, ...), returned as
 * literals for the same reason: kept in each item's value, and compared with literals
 * (`item.kind === 'ConfigMap'`) by everything that reads items. All are strings to the core schema.
 */
const KNOWN_VALUE_LIST = [
  ...['v1', 'apps/v1', 'batch/v1', 'networking.k8s.io/v1', 'rbac.authorization.k8s.io/v1', 'policy/v1', 'autoscaling/v2'],
  ...['Service', 'ConfigMap', 'Secret', 'Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob', 'Pod', 'Namespace'],
  ...['ServiceAccount', 'Ingress', 'Role', 'RoleBinding', 'ClusterRole', 'ClusterRoleBinding', 'PersistentVolumeClaim'],
  ...['TCP', 'UDP', 'IfNotPresent', 'Always', 'Never', 'ClusterIP', 'NodePort', 'LoadBalancer', 'Opaque', 'OnFailure'],
];

/** A list of literals by length and first character. */
function byLengthAndFirst(list: readonly string[]): Map<number, string[]> {
  const table = new Map<number, string[]>();
  for (const k of list) {
    const at = (k.length << 8) | k.charCodeAt(0);
    table.set(at, [...(table.get(at) ?? []), k]);
  }
  return table;
}

const KNOWN = byLengthAndFirst(KNOWN_KEYS);
const KNOWN_VALUES = byLengthAndFirst(KNOWN_VALUE_LIST);

/** The literal for the plain key `s[i, e)` when it is one of KNOWN_KEYS. */
function knownKey(s: string, i: number, e: number): string | undefined {
  return known(KNOWN, s, i, e);
}

/** The literal of `table` that `s[i, e)` is, if any. */
function known(table: Map<number, string[]>, s: string, i: number, e: number): string | undefined {
  const c = s.charCodeAt(i);
  if (c > 255) return undefined;
  const candidates = table.get(((e - i) << 8) | c);
  if (candidates === undefined) return undefined;
  for (const k of candidates) if (s.startsWith(k, i)) return k;
  return undefined;
}

/** A plain scalar under the YAML 1.2 core schema, exactly as `yaml` resolves it. */
export function plainScalar(str: string): unknown {
  const c = str.charCodeAt(0);
  // Most keys and values start with a letter or `/`: of the core tags only null and the booleans
  // can match those (numbers start with a digit, a sign or a dot). Skip the regexes, and skip the
  // lookup (which hashes the string) unless the length and first letter could be one of them.
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 47) {
    if (str.length < 4 || str.length > 5 || !(c === 110 || c === 78 || c === 116 || c === 84 || c === 102 || c === 70)) return str;
    const word = LETTER_WORDS.get(str);
    return word === undefined ? str : word;
  }
  if (c >= 48 && c <= 57 && allDigits(str)) return parseInt(str, 10); // ports, counts: the int tag
  if (/^(?:~|[Nn]ull|NULL)?$/.test(str)) return null;
  if (/^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(str)) return str[0] === 't' || str[0] === 'T';
  if (/^0o[0-7]+$/.test(str)) return parseInt(str.substring(2), 8);
  if (/^[-+]?[0-9]+$/.test(str)) return parseInt(str, 10);
  if (/^0x[0-9a-fA-F]+$/.test(str)) return parseInt(str.substring(2), 16);
  if (/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(str)) {
    return str.slice(-3).toLowerCase() === 'nan' ? NaN : str[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(str)) return parseFloat(str);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(str)) return parseFloat(str);
  return str;
}
