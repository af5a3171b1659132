import { isMap, isScalar, isSeq, parseDocument, Scalar, visit } from 'yaml';
import { rng } from '../../bench/prng.mjs';

/**
 * A fixture's ResourceList in another layout: indentation 2 or 4, either sequence style,
 * comments above keys and after values, blank lines, other quoting; only in its items.
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
  }
  // yaml writes an item whose map has a comment above it as `- ` and the map on the next line.
  return doc.toString({ indent, indentSeq, lineWidth: 0 }).replace(/- \n +/g, '- ');
}
