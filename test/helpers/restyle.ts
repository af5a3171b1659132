import { isMap, isScalar, isSeq, parseDocument, Scalar, visit, type Document } from 'yaml';
import { rng } from '../../bench/prng.mjs';

/**
 * A fixture's ResourceList in another layout: indentation 2 or 4, either sequence style and
 * both mixed (Helm: a template's own lists indented, `toYaml`'s compact), comments above keys
 * and after values, blank lines, other quoting, empty collections alone on the line below their
 * key (`annotations:` then `{}`), empty values (`key:`), and aliases (Linkerd's `name:
 * *containerName`); only in its items, and never changing a value.
 */
export function restyle(source: string, seed: number, indent: number, indentSeq: boolean): string {
  const rnd = rng(seed);
  const doc = parseDocument(source);
  const items = doc.get('items', true);
  if (!isSeq(items)) return source;
  for (const item of items.items) {
    let first = true;
    visit(item as never, {
      Pair(_, pair) {
        if (first) return void (first = false); // a comment there would sit above the `-`
        if (!isScalar(pair.key)) return;
        const r = rnd();
        if (r < 0.08) pair.key.commentBefore = ` about ${String(pair.key.value)}`;
        else if (r < 0.12) pair.key.spaceBefore = true;
        if (isScalar(pair.value) && rnd() < 0.08) pair.value.comment = ' note';
        // (Not on lists: yaml then writes the first item as `- ` and the map on the next line.)
        if (isMap(pair.value) && !pair.value.flow && rnd() < 0.05) pair.value.commentBefore = ' first';
      },
      Scalar(_, sc) {
        if (typeof sc.value !== 'string' || sc.value.includes('\n')) return;
        const r = rnd();
        if (r < 0.1) sc.type = Scalar.QUOTE_DOUBLE;
        else if (r < 0.2 && !sc.value.includes('\\')) sc.type = Scalar.QUOTE_SINGLE;
      },
    });
    if (rnd() < 0.3) addAlias(doc, item);
  }
  // yaml writes an item whose map has a comment above it as `- ` and the map on the next line.
  const text = doc.toString({ indent, indentSeq, lineWidth: 0 }).replace(/- \n +/g, '- ');
  return relayout(text, rnd, indentSeq);
}

/** The first string value met twice in the item: anchored where it first stands, an alias at the second. */
function addAlias(doc: Document, item: unknown): void {
  const seen = new Map<string, Scalar>();
  visit(item as never, {
    Pair(_, pair) {
      const v = pair.value;
      // Fields only (`name`, `value`), not annotation keys: kpt's ids are cut from a List's text.
      if (!isScalar(pair.key) || !/^[a-zA-Z]+$/.test(String(pair.key.value))) return undefined;
      if (!isScalar(v) || typeof v.value !== 'string' || v.value.includes('\n') || v.comment) return undefined;
      const earlier = seen.get(v.value);
      if (!earlier) return void seen.set(v.value, v);
      earlier.anchor = 'same';
      pair.value = doc.createAlias(earlier, 'same');
      return visit.BREAK;
    },
  });
}

/**
 * Layouts yaml does not write: an empty collection alone on the line below its key, `key:` for
 * `key: null`, and (when lists are indented) some lists compact.
 */
function relayout(text: string, rnd: () => number, indentSeq: boolean): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let scalarCol = -1; // inside a block scalar's lines, deeper than this: kept as they are
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (scalarCol >= 0 && (line === '' || line.startsWith(' '.repeat(scalarCol + 1)))) {
      out.push(line);
      continue;
    }
    scalarCol = /(?:: |^ *- )[|>][-+]?$/.test(line) ? line.length - line.trimStart().length : -1;
    const below = /^( *)([^\s#-][^\n]*): (\{\}|\[\])$/.exec(line);
    if (below && rnd() < 0.5) {
      out.push(`${below[1]}${below[2]}:`, `${below[1]}  ${below[3]}`);
      continue;
    }
    if (/^ *[^\s#-][^\n]*: null$/.test(line) && rnd() < 0.5) {
      out.push(line.slice(0, -5));
      continue;
    }
    out.push(line);
    const key = /^( *)[^\s#-][^\n]*:$/.exec(line);
    const col = key ? key[1]!.length : -1;
    if (!indentSeq || !key || !lines[i + 1]?.startsWith(' '.repeat(col + 2) + '- ') || rnd() >= 0.3) continue;
    // Compact: the list's lines (all indented deeper than its key) move left by 2.
    for (; i + 1 < lines.length && (lines[i + 1] === '' || lines[i + 1]!.startsWith(' '.repeat(col + 2))); i++) out.push(lines[i + 1]!.slice(2));
  }
  return out.join('\n');
}
