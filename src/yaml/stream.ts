/**
 * The rules of a YAML stream that hold between documents, checked on the lines that start at
 * column 0 with `%`, `---` or `...` (YAML 1.2.2, chapter 9, l-yaml-stream). The readers cut a
 * stream into documents at those lines and read each document on its own, so these rules are
 * checked here, once per stream, before any document is read:
 *
 * - a directive (`%…`) stands only where a document may begin (the stream's start, or after
 *   `...`), and the directives are followed by `---` (9MMA, B63P, MUS6: the yaml-test-suite's ids);
 * - `%YAML` is `%YAML <major>.<minor>`, a comment after it set off by a space, once per document
 *   (H7TQ, MUS6/00, SF5V);
 * - nothing but a comment follows `...` on its line (3HFZ);
 * - a block collection does not start on the `---` line (`--- key: value`, `--- - a`: 9KBC, CXX2).
 *
 * `%TAG` directives are refused with the reason (docs/decisions.md, "%TAG directives"): they
 * would have to be carried from the stream's head into every document the readers cut out.
 * Other (reserved) directives are allowed and ignored, as the spec says.
 */
import { isAlias, isCollection, isMap, isPair, type Alias } from 'yaml';
import { parseDocument } from './document.js';

export interface StreamError {
  /** Offset of the line or character the rule is broken at. */
  offset: number;
  /** What is wrong, starting with `malformed YAML stream:` or, for what is valid but refused, `unsupported YAML:`. */
  message: string;
}

/** Lines at column 0 that start with `%`, `---` or `...` (the only ones looked at). */
const MARKERS = /^(?:%|---|\.\.\.)/gm;

const YAML_DIRECTIVE = /^%YAML[ \t]+[0-9]+\.[0-9]+(?:[ \t]+(?:#.*)?)?$/;

/** The first rule of the stream broken in `source` (LF line breaks), or undefined. */
export function streamError(source: string): StreamError | undefined {
  // Between documents (at the start, or after `...`): `%` lines are directives.
  let between = true;
  /** Offset of the first directive not yet followed by `---`, and whether %YAML was among them. */
  let directives = -1;
  let sawYaml = false;
  let docStarted = false; // content of a bare document seen since `between` began
  let last = 0;
  MARKERS.lastIndex = 0;
  for (let m = MARKERS.exec(source); m !== null; m = MARKERS.exec(source)) {
    const at = m.index;
    const eol = source.indexOf('\n', at);
    const line = source.slice(at, eol < 0 ? source.length : eol);
    if (!docStarted && hasContent(source, last, at)) docStarted = true;
    last = eol < 0 ? source.length : eol + 1;
    if (line.startsWith('%')) {
      // Inside a document, after its first content: a plain scalar's continuation line, the parser's to judge.
      if (docStarted) continue;
      // As a document's first line a plain scalar cannot start with `%`: a directive out of place.
      if (!between) return { offset: at, message: 'malformed YAML stream: a directive inside a document: end the document before it with `...`' };
      if (directives < 0) directives = at;
      if (line.startsWith('%YAML') && /^%YAML(?:[ \t]|$)/.test(line)) {
        if (!YAML_DIRECTIVE.test(line))
          return {
            offset: at,
            message: 'malformed YAML stream: a malformed %YAML directive: it must read `%YAML 1.2` (a comment after it set off by a space)',
          };
        if (sawYaml) return { offset: at, message: 'malformed YAML stream: a second %YAML directive for the same document (YAML allows one)' };
        sawYaml = true;
      } else if (/^%TAG(?:[ \t]|$)/.test(line)) {
        return {
          offset: at,
          message:
            'unsupported YAML: %TAG directives are not supported: pod-sequencer reads each document on its own and does not carry tag handles into them; write the tags in full (!<tag:…>) (docs/decisions.md)',
        };
      }
      continue;
    }
    const after = line.charCodeAt(3);
    if (line.length > 3 && after !== 32 && after !== 9 && after !== 13) continue; // `---x`, `...x`: content, not a marker
    if (line.startsWith('...')) {
      if (!/^\.\.\.[ \t]*(?:#.*)?\r?$/.test(line))
        return { offset: at + 3, message: 'malformed YAML stream: text after the document end marker `...` (only a comment may follow it on its line)' };
      if (directives >= 0) return { offset: directives, message: 'malformed YAML stream: a directive must be followed by a document (`---`)' };
      between = true;
      docStarted = false;
      continue;
    }
    // `---`: the directives before it (if any) are its own, with nothing between
    if (directives >= 0 && docStarted)
      return { offset: directives, message: 'malformed YAML stream: directives must be followed by the document start marker `---`' };
    directives = -1;
    sawYaml = false;
    between = false;
    const rest = line.slice(3);
    docStarted = hasContent(rest, 0, rest.length);
    const bad = blockOnMarkerLine(rest);
    if (bad !== undefined)
      return { offset: at + 3 + bad, message: 'malformed YAML stream: a block collection cannot start on the `---` line: put it on the next line' };
  }
  if (between && !docStarted && hasContent(source, last, source.length)) docStarted = true;
  if (directives >= 0 && !docStarted) return { offset: directives, message: 'malformed YAML stream: a directive must be followed by a document (`---`)' };
  if (directives >= 0 && docStarted)
    return { offset: directives, message: 'malformed YAML stream: directives must be followed by the document start marker `---`' };
  return undefined;
}

/** Whether `source[from, to)` holds a line that is neither blank nor a comment. */
function hasContent(source: string, from: number, to: number): boolean {
  for (let pos = from; pos < to;) {
    const eol = source.indexOf('\n', pos);
    const next = eol < 0 || eol >= to ? to : eol + 1;
    let i = pos;
    while (i < next && (source[i] === ' ' || source[i] === '\t' || source[i] === '\r')) i++;
    if (i < next && source[i] !== '\n' && source[i] !== '#') return true;
    pos = next;
  }
  return false;
}

/**
 * Where on the `---` line (the text after the marker) a block collection starts, or undefined:
 * after the node's properties (`&anchor`, `!tag`), a `- `, `? ` or `: ` entry, or a key of an
 * implicit block map (found by reading the line alone: yaml then sees a block map).
 */
function blockOnMarkerLine(rest: string): number | undefined {
  const props = /^(?:[ \t]+(?:[&!][^ \t]*))*[ \t]*/.exec(rest)![0];
  const body = rest.slice(props.length).replace(/\r$/, '');
  if (body === '' || body.startsWith('#')) return undefined;
  if (/^[-?:](?:[ \t]|$)/.test(body)) return props.length;
  // Only a line that could hold an implicit key (`: ` or a final `:`) is read.
  if (!/:(?:[ \t]|$)/.test(body)) return undefined;
  const doc = parseDocument(body, { prettyErrors: false });
  return isMap(doc.contents) && !doc.contents.flow ? props.length : undefined;
}

/**
 * An alias with no anchor of its name before it in the document (`*nope`), if any. `yaml`
 * reports one only when the value is built (toJS), and the readers build only workloads: an
 * untouched item with a dangling alias would pass through. Walked in document order, without
 * recursion (call after the nesting limit is checked).
 */
export function danglingAlias(root: unknown): Alias | undefined {
  const anchors = new Set<string>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isAlias(node)) {
      if (!anchors.has(node.source)) return node;
      continue;
    }
    const anchor = (node as { anchor?: unknown } | null)?.anchor;
    if (typeof anchor === 'string') anchors.add(anchor);
    if (!isCollection(node)) continue;
    const items = node.items as unknown[];
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      if (isPair(item)) stack.push(item.value, item.key);
      else stack.push(item);
    }
  }
  return undefined;
}
