/**
 * `fix --dry-run`'s diff (src/files/diff.ts) diffs only the spans the run replaced (issue 38); it
 * must print what jsdiff's createTwoFilesPatch printed for the whole file, byte for byte.
 */
import { applyPatch, createTwoFilesPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { rng } from '../../bench/prng.mjs';
import { fileDiff } from '../../src/files/diff.js';
import { spliceEdits, type Edit } from '../../src/krm/io.js';

/** Lines drawn from a few values, so repeated lines (where a diff could slide) are common. */
const WORDS = ['---', '  name: web', '  image: x', '', '- a', 'containers:', '# note'];

function randomText(r: () => number, lines: number): string {
  const text = Array.from({ length: lines }, () => WORDS[Math.floor(r() * WORDS.length)]!).join('\n');
  return r() < 0.8 ? text + '\n' : text;
}

/** Non-overlapping spans of `source`, each replaced by random text: at line starts or mid-line, growing or shrinking it. */
function randomEdits(r: () => number, source: string, most: number, gap: number): Edit[] {
  const edits: Edit[] = [];
  let at = 0;
  while (at <= source.length && edits.length < most) {
    const start = at + Math.floor(r() * 40);
    if (start > source.length) break;
    const end = Math.min(source.length, start + Math.floor(r() * 30));
    edits.push({ start, end, text: r() < 0.2 ? '' : randomText(r, 1 + Math.floor(r() * 4)) });
    at = end + 1 + Math.floor(r() * gap);
  }
  return edits;
}

const jsdiff = (path: string, a: string, b: string) => createTwoFilesPatch(`a/${path}`, `b/${path}`, a, b).replace(/^=+\n/, '');

/**
 * A multi-document file, and the spans `splice` would replace: some documents' whole text, as
 * itemEdit's, each gaining lines of its own and losing some.
 */
function randomStream(r: () => number, docs: number): { source: string; edits: Edit[] } {
  const body = () =>
    randomText(r, 1 + Math.floor(r() * 12))
      .replace(/^---$/gm, '- b')
      .replace(/\n?$/, '\n');
  const texts = Array.from({ length: docs }, body);
  const edits: Edit[] = [];
  let at = 0;
  texts.forEach((text, i) => {
    if (i > 0) at += 4; // '---\n'
    // A changed document mostly keeps its lines and gains or loses a few, as a fix does.
    if (r() < 0.6) edits.push({ start: at, end: at + text.length, text: mutate(r, text) });
    at += text.length;
  });
  return { source: texts.join('---\n'), edits };
}

const ADDED = ['  restartPolicy: Always', '  startupProbe:', '    periodSeconds: 1', 'initContainers:'];

function mutate(r: () => number, text: string): string {
  const lines = text.split('\n').slice(0, -1);
  for (let n = 1 + Math.floor(r() * 3); n > 0; n--) {
    const at = Math.floor(r() * (lines.length + 1));
    // What fix writes is new to the document (restartPolicy, a startupProbe): no line it had.
    if (r() < 0.6) lines.splice(at, 0, ADDED[Math.floor(r() * ADDED.length)]!);
    else if (lines.length > 1) lines.splice(at, 1);
  }
  return lines.join('\n') + '\n';
}

describe('fix --dry-run diff', () => {
  it('is jsdiff diff of the whole file on 1,000 random streams whose documents changed, as fix changes them', () => {
    for (let seed = 1; seed <= 1000; seed++) {
      const r = rng(seed);
      const { source, edits } = randomStream(r, 1 + Math.floor(r() * 30));
      const output = spliceEdits(source, edits);
      if (output === source) continue;
      expect([seed, fileDiff('f.yaml', source, output, edits, false)]).toEqual([seed, jsdiff('f.yaml', source, output)]);
    }
  });

  // Edits anywhere, among lines that repeat: where a change can be placed more than one way, a
  // span diffed alone may place it otherwise than the whole file's diff (docs/decisions.md,
  // "fix --dry-run diffs each changed span"); it still turns the file into the new one.
  it.each([
    ['short files, dense edits', 60, 12, 20],
    ['long files, sparse edits', 400, 40, 200],
  ])('turns the old text into the new on 1,000 random %s', (_, lines, most, gap) => {
    for (let seed = 1; seed <= 1000; seed++) {
      const r = rng(seed);
      const source = randomText(r, 1 + Math.floor(r() * lines));
      const edits = randomEdits(r, source, most, gap);
      const output = spliceEdits(source, edits);
      if (output === source) continue;
      expect([seed, applyPatch(source, fileDiff('f.yaml', source, output, edits, false))]).toEqual([seed, output]);
    }
  });

  it('changes in neighbouring documents within 8 lines share one hunk, as jsdiff joins them', () => {
    const doc = (n: number) => `kind: Deployment\nmetadata:\n  name: web-${n}\n`;
    const source = [0, 1, 2].map(doc).join('---\n');
    const edits = [0, 1, 2].map((n) => {
      const start = source.indexOf(`web-${n}`);
      return { start, end: start + 5, text: `app-${n}` };
    });
    const out = fileDiff('f.yaml', source, spliceEdits(source, edits), edits, false);
    expect(out.match(/^@@/gm)).toHaveLength(1);
    expect(out).toBe(jsdiff('f.yaml', source, spliceEdits(source, edits)));
  });

  it('an edit at the end of a file without a final line break says so, as jsdiff does', () => {
    const source = 'a\nb\nc';
    const edits = [{ start: 4, end: 5, text: 'd\ne' }];
    const out = fileDiff('f.yaml', source, spliceEdits(source, edits), edits, false);
    expect(out).toContain('\\ No newline at end of file');
    expect(out).toBe(jsdiff('f.yaml', source, 'a\nb\nd\ne'));
  });
});
