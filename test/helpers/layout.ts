/**
 * The layout invariant of a changed document (docs/decisions.md, "Layout of changed documents"):
 * every line outside the nodes whose value changed stays byte for byte. An oracle independent of
 * the writer: the changed nodes are found by comparing the values before and after (yaml's
 * reading of the old text, the new text's value), the kept lines by a line diff.
 */
import { isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import { isDeepStrictEqual } from 'node:util';

/** Indices (0-based) of the lines of `a` that a longest-common-subsequence line diff removes. */
export function removedLines(a: string, b: string): number[] {
  const x = a.split('\n');
  const y = b.split('\n');
  const lcs = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length) {
    if (j < y.length && x[i] === y[j]) {
      i++;
      j++;
    } else if (j >= y.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!) out.push(i++);
    else j++;
  }
  return out;
}

/**
 * The lines of `before` that a change from `before` to `after` (one YAML document each) removed
 * or rewrote although they lie outside every node whose value changed: each as `line N: text`.
 * A changed node is the deepest one whose value differs: a scalar, a map entry gone, a list item
 * gone, moved or changed; a flow collection counts whole; a list whose named items changed order
 * counts whole. The comment and blank lines right above a changed node go with it.
 */
export function needlessLines(before: string, after: string): string[] {
  const doc = parseDocument(before);
  const value: unknown = parseDocument(after).toJS();
  const lines = before.split('\n');
  const starts = [0];
  for (let i = before.indexOf('\n'); i >= 0; i = before.indexOf('\n', i + 1)) starts.push(i + 1);
  const lineOf = (offset: number) => {
    let n = 0;
    while (n + 1 < starts.length && starts[n + 1]! <= offset) n++;
    return n;
  };
  const changed = new Set<number>();
  const mark = (from: number, to: number) => {
    let first = lineOf(from);
    // the comment and blank lines above go with the node
    while (first > 0 && /^\s*(#.*)?$/.test(lines[first - 1]!)) first--;
    // `to` is the end of the node: its last line is the one holding the character before it
    const last = lineOf(Math.max(from, to - 1));
    for (let l = first; l <= last; l++) changed.add(l);
  };
  walk(doc, doc.contents as Node | null, value, mark);
  return removedLines(before, after)
    .filter((l) => !changed.has(l))
    .map((l) => `line ${l + 1}: ${JSON.stringify(lines[l])}`);
}

type Mark = (from: number, to: number) => void;

function walk(doc: Document, node: Node | null, value: unknown, mark: Mark): void {
  if (!node?.range) return;
  if (isDeepStrictEqual(node.toJS(doc), value)) return;
  const [from, , to] = node.range;
  if (isMap(node) && !node.flow && isObject(value)) {
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
      const v = pair.value as Node | null;
      const start = (pair.key as Node | null)?.range?.[0] ?? from;
      const end = v?.range?.[2] ?? (pair.key as Node | null)?.range?.[2] ?? to;
      if (key === undefined || !Object.hasOwn(value, key)) mark(start, end);
      else if (!v?.range || (isScalar(v) && v.value === null)) mark(start, end);
      else if (!isMap(v) && !isSeq(v))
        mark(start, end); // a scalar: its key's line holds it
      else walk(doc, v, value[key], mark);
    }
    return;
  }
  if (isSeq(node) && !node.flow && Array.isArray(value)) {
    const items = node.items as Node[];
    const names = items.map((n) => (isMap(n) ? (n.toJS(doc) as Record<string, unknown>).name : undefined));
    const newNames = value.map((v) => (isObject(v) ? v.name : undefined));
    const kept = names.filter((n) => typeof n === 'string' && newNames.includes(n));
    const order = newNames.filter((n) => kept.includes(n));
    if (!isDeepStrictEqual(kept, order)) return mark(from, to);
    items.forEach((item, i) => {
      const name = names[i];
      const j = typeof name === 'string' ? newNames.indexOf(name) : i < value.length ? i : -1;
      // gone, or moved (a line diff cannot tell a moved block from lines removed and added)
      if (j < 0 || (typeof name === 'string' && j !== i)) mark(item.range![0], item.range![2]);
      else if (!isMap(item) && !isSeq(item)) mark(item.range![0], item.range![2]);
      else walk(doc, item, value[j], mark);
    });
    return;
  }
  mark(from, to);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
