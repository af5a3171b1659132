/** A change between two texts: lines only in the first, then lines only in the second, at one place. */
export interface Hunk {
  removed: string[];
  added: string[];
}

/** A line diff (longest common subsequence), as its hunks in order. */
export function lineDiff(a: string, b: string): Hunk[] {
  const x = a.split('\n');
  const y = b.split('\n');
  // lcs[i][j]: length of the longest common subsequence of x[i..] and y[j..].
  const lcs = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const hunks: Hunk[] = [];
  let hunk: Hunk | undefined;
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      hunk = undefined;
      i++;
      j++;
      continue;
    }
    if (!hunk) hunks.push((hunk = { removed: [], added: [] }));
    if (j >= y.length || (i < x.length && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) hunk.removed.push(x[i++]!);
    else hunk.added.push(y[j++]!);
  }
  return hunks;
}
