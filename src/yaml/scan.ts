/**
 * A line scanner that finds the items of a block-style ResourceList without parsing it: the
 * `items:` line, and for each `- ` entry under it the span `yaml` would give that item's node
 * (from its first key to the end of its last content line). It knows only the layout kpt and
 * kustomize write, and returns undefined for anything else (flow or JSON input, tabs or CR,
 * directives or document markers, anchors or tags on an item, comments whose ownership `yaml`
 * decides by subtle rules, ...): the caller then takes the full-parse path.
 *
 * It checks structure only; every item's text is still parsed on its own (see io.ts).
 */

export interface ItemSpan {
  /** Offset of the item's first key, and the end of its last content line. */
  start: number;
  end: number;
  /** Column of the first key. */
  indent: number;
}

export interface ScannedList {
  /** Offset of the `items:` line. */
  itemsKey: number;
  /** `[from, to)`: the lines of the items block (all of them, comments included). */
  block: [number, number];
  items: ItemSpan[];
}

const SPACE = 32;
const HASH = 35;
const DASH = 45;
/** `|+`, `>-+`, `|2+`: a keep-chomping block scalar keeps trailing empty lines. */
const KEEP_CHOMP = /[|>][0-9-]?\+/;
/** A last line whose value is empty (`key:`, `-`, a lone anchor or tag): yaml's span stops before its newline. */
const EMPTY_END = /(?::|(?:^|\s)-|(?:^|\s)[&!]\S*) *\n?$/;

/**
 * `lineByLine`: read every content line in the loop below instead of skipping runs of ordinary
 * ones with `CONTENT` (the tests hold the two to the same answer).
 */
export function scanResourceList(source: string, lineByLine = false): ScannedList | undefined {
  if (source.includes('\r') || source.charCodeAt(0) === 0xfeff) return undefined;
  const n = source.length;
  // Top-level lines before `items:`: find it; refuse directives and document markers.
  let pos = 0;
  let itemsKey = -1;
  while (pos < n) {
    const eol = lineEnd(source, pos);
    const c = source.charCodeAt(pos);
    if (c === 37 || isMarker(source, pos, eol)) return undefined; // %YAML, ---, ...
    if (source.startsWith('items:', pos)) {
      if (!restIsEmpty(source, pos + 6, eol)) return undefined; // `items: []`, `items: null`
      itemsKey = pos;
      pos = eol + 1;
      break;
    }
    pos = eol + 1;
  }
  if (itemsKey < 0) return undefined;
  const blockStart = Math.min(pos, n);

  const items: ItemSpan[] = [];
  let seqIndent = -1;
  let item: ItemSpan | undefined;
  let flowItem = false;
  // Lines since the open item's last content line: `yaml` gives an item the comments that
  // follow it, and blank lines to a keep-chomping block scalar, by subtle rules. Accept only
  // empty lines, and comments at or left of the `-`, which never belong to the item.
  let pendEmpty = false;
  let pendSpaces = false;
  let pendMin = Infinity;
  let pendMax = -1;

  const close = (): boolean => {
    if (!item) return true;
    if (pendSpaces || pendMax > seqIndent) return false;
    if (pendEmpty && KEEP_CHOMP.test(source.slice(item.start, item.end))) return false;
    if (mayEndEmpty(source, item.end) && EMPTY_END.test(source.slice(source.lastIndexOf('\n', item.end - 2) + 1, item.end))) return false;
    items.push(item);
    item = undefined;
    return true;
  };

  while (pos < n) {
    const whole = seqIndent >= 0 && !lineByLine ? wholeItem(source, pos, seqIndent) : -1;
    if (whole > pos) {
      // The commonest item, read whole (see ITEM): what the lines below do for its `- ` line
      // (close the item before, open this one) and its content lines.
      if (!close()) return undefined;
      item = { start: pos + seqIndent + 2, end: whole, indent: seqIndent + 2 };
      flowItem = false;
      pos = whole;
      pendEmpty = pendSpaces = false;
      pendMin = Infinity;
      pendMax = -1;
      continue;
    }
    const eol = lineEnd(source, pos);
    let i = pos;
    while (i < eol && source.charCodeAt(i) === SPACE) i++;
    const col = i - pos;
    if (i === eol) {
      if (eol > pos) pendSpaces = true;
      else pendEmpty = true;
      pos = eol + 1;
      continue;
    }
    const c = source.charCodeAt(i);
    if (c === 9) return undefined; // a tab after the indentation
    if (c === HASH) {
      pendMin = Math.min(pendMin, col);
      pendMax = Math.max(pendMax, col);
      pos = eol + 1;
      continue;
    }
    const dash = c === DASH && (i + 1 === eol || source.charCodeAt(i + 1) === SPACE);
    if (seqIndent < 0 && dash) seqIndent = col;
    if (dash && col === seqIndent) {
      if (!close()) return undefined;
      const block = openItem(source, i + 1, eol, seqIndent);
      const next = block ?? openFlowItem(source, i + 1, eol);
      if (!next) return undefined;
      item = next.item;
      flowItem = !block;
      pos = next.pos;
      if (block && !lineByLine) pos = item.end = skipContent(source, pos, item.indent, item.end);
    } else if (item && col > seqIndent) {
      if (flowItem) return undefined; // a flow item over several lines
      // Content left of the item's first key, or comments there (they would move when the
      // item is dedented), or a line that is a marker once dedented: not for this scanner.
      if (col < item.indent || pendMin < item.indent) return undefined;
      if (col === item.indent && (c === 37 || isMarker(source, i, eol))) return undefined;
      item.end = eol < n ? eol + 1 : n;
      pos = eol + 1;
      if (!lineByLine) pos = item.end = skipContent(source, pos, item.indent, item.end);
    } else if (col === 0) {
      break; // the next top-level key (checked by the caller's parse of everything but items)
    } else {
      return undefined;
    }
    pendEmpty = pendSpaces = false;
    pendMin = Infinity;
    pendMax = -1;
  }
  if (!close()) return undefined;
  return { itemsKey, block: [blockStart, Math.min(pos, n)], items };
}

/**
 * Per item indent: a run of the item's ordinary content lines, each ending in a newline. Such a
 * line is indented past the item's first key and starts with neither a space, tab, nor `#`, or
 * is indented exactly as far and starts with none of those nor `%`, `-` or `.` (a marker or a
 * directive once dedented: the loop decides). Skipping those lines with one native match per
 * run instead of a JS loop per line made the scan of L0s (10,000 small items, ~100,000 lines)
 * about 14 -> 9 ms cold: the loop runs at V8's baseline tier for most of a cold run.
 */
const CONTENT: RegExp[] = [];

/**
 * Per sequence indent: an item whose `- ` is followed by one space and a key that starts with a
 * letter, digit, quote or anything else that is no indicator (a subset of `keyStart`'s), its
 * first line ending in a newline, then its ordinary content lines (as `CONTENT`, at the key's
 * column). Reading such an item with one match, not the loop's line and `openItem`, took the
 * scan of L0s from ~7.5 to ~5-6 ms of main-thread CPU cold (line by line: ~12; BENCHMARKS.md).
 */
const ITEM: RegExp[] = [];

/** The end of an item read whole (see ITEM) from `pos`, or -1. */
function wholeItem(source: string, pos: number, seqIndent: number): number {
  const indent = seqIndent + 2;
  const re = (ITEM[seqIndent] ??= new RegExp(` {${seqIndent}}- [^ \\t\\n#&*!\\[\\]{},|>%@\`?:-][^\\n]*\\n${contentLines(indent)}`, 'y'));
  re.lastIndex = pos;
  return re.test(source) ? re.lastIndex : -1;
}

/** The pattern of `CONTENT` (and `ITEM`'s tail) for items whose first key is at column `indent`. */
function contentLines(indent: number): string {
  return `(?: {${indent}}(?:[^ \\t\\n#%.-]| +[^ \\t\\n#])[^\\n]*\\n)*`;
}

/**
 * The end of the run of ordinary content lines (see `CONTENT`) from `pos`, right after a content
 * line of the item (so no comment or blank line is pending); `end` when there is none.
 */
function skipContent(source: string, pos: number, indent: number, end: number): number {
  const re = (CONTENT[indent] ??= new RegExp(contentLines(indent), 'y'));
  re.lastIndex = pos;
  re.test(source);
  return re.lastIndex > pos ? re.lastIndex : end;
}

/**
 * Whether the line that ends at `end` (after its newline, or at the end of the text) may end in
 * an empty value (`EMPTY_END`): its last character `:` or `-`, or an anchor or tag on it. A test
 * before the regex, which otherwise tries every position of every item's last line.
 */
function mayEndEmpty(source: string, end: number): boolean {
  let i = end - 1;
  if (source.charCodeAt(i) === 10) i--;
  while (source.charCodeAt(i) === SPACE) i--;
  const c = source.charCodeAt(i);
  if (c === 58 || c === DASH) return true;
  for (; i >= 0 && source.charCodeAt(i) !== 10; i--) {
    const d = source.charCodeAt(i);
    if (d === 38 || d === 33) return true; // & !
  }
  return false;
}

/**
 * After the `-` of an item at `from` (the rest of its line up to `eol`): the item's first key,
 * on this line or after comment lines. Returns the open item and the position after its first
 * line.
 */
function openItem(source: string, from: number, eol: number, seqIndent: number): { item: ItemSpan; pos: number } | undefined {
  let i = from;
  while (i < eol && source.charCodeAt(i) === SPACE) i++;
  let lineStart = source.lastIndexOf('\n', from) + 1;
  if (i === eol || source.charCodeAt(i) === HASH) {
    // `- # comment`: kpt writes a resource's head comment there; the key follows.
    let pos = eol + 1;
    for (;;) {
      if (pos >= source.length) return undefined;
      const e = lineEnd(source, pos);
      let j = pos;
      while (j < e && source.charCodeAt(j) === SPACE) j++;
      if (j < e && j - pos <= seqIndent) return undefined;
      if (j < e && source.charCodeAt(j) !== HASH) {
        lineStart = pos;
        i = j;
        eol = e;
        break;
      }
      pos = e + 1;
    }
  }
  if (!keyStart(source.charCodeAt(i), source.charCodeAt(i + 1))) return undefined;
  const end = eol < source.length ? eol + 1 : source.length;
  return { item: { start: i, end, indent: i - lineStart }, pos: end };
}

/**
 * `- {apiVersion: v1, kind: ConfigMap, ...}`: an item in flow style on one line, as generators
 * write them. Its span ends at its `}` (as `yaml`'s does), so a line ending in anything else, or
 * holding a `#` (a comment after the item moves its end), is left to the full parse; the
 * per-item parse checks the rest. A following more-indented line (a flow item over several
 * lines) is refused by the caller.
 */
function openFlowItem(source: string, from: number, eol: number): { item: ItemSpan; pos: number } | undefined {
  let i = from;
  while (i < eol && source.charCodeAt(i) === SPACE) i++;
  if (source.charCodeAt(i) !== 123 || source.charCodeAt(eol - 1) !== 125) return undefined;
  for (let j = i; j < eol; j++) if (source.charCodeAt(j) === HASH) return undefined;
  const lineStart = source.lastIndexOf('\n', from) + 1;
  return { item: { start: i, end: eol, indent: i - lineStart }, pos: eol < source.length ? eol + 1 : eol };
}

/**
 * Whether an item may start with this character: a plain or quoted key. Not an anchor, tag,
 * alias, flow collection, nested sequence, explicit key or block scalar (`yaml` would start the
 * item's node elsewhere, or the output would switch to flow style).
 */
function keyStart(c: number, next: number): boolean {
  if (c === DASH || c === 63 || c === 58) return next !== SPACE && !Number.isNaN(next) && next !== 10;
  // & * ! [ ] { } , | > % @ ` #
  return !(
    c === 38 ||
    c === 42 ||
    c === 33 ||
    c === 91 ||
    c === 93 ||
    c === 123 ||
    c === 125 ||
    c === 44 ||
    c === 124 ||
    c === 62 ||
    c === 37 ||
    c === 64 ||
    c === 96 ||
    c === HASH
  );
}

function lineEnd(source: string, pos: number): number {
  const nl = source.indexOf('\n', pos);
  return nl < 0 ? source.length : nl;
}

/** Only spaces, or spaces then a comment, from `i` to `eol`. */
function restIsEmpty(source: string, i: number, eol: number): boolean {
  const start = i;
  while (i < eol && source.charCodeAt(i) === SPACE) i++;
  return i === eol || (source.charCodeAt(i) === HASH && i > start);
}

/** `---` or `...` starting at `i`, alone or followed by a space. */
function isMarker(source: string, i: number, eol: number): boolean {
  const c = source.charCodeAt(i);
  if ((c !== DASH && c !== 46) || source.charCodeAt(i + 1) !== c || source.charCodeAt(i + 2) !== c) return false;
  return i + 3 === eol || source.charCodeAt(i + 3) === SPACE;
}
