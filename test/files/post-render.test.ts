/**
 * post-render's chart-file lookup (src/files/post-render.ts, chartDocuments): the stream is
 * split once and each finding's document found by binary search (issue 38); it must answer as
 * the per-finding scan it replaced, kept here as the oracle, on random streams.
 */
import { describe, expect, it } from 'vitest';
import { rng } from '../../bench/prng.mjs';
import { chartDocuments } from '../../src/files/post-render.js';

const FILENAME = /^\s*postrenderer\.helm\.sh\/postrender-filename: ['"]?([^'"]+)['"]?\s*$/;

/** The scan before issue 38: the whole stream split again for each line asked about. */
function documentOfBefore(text: string, line: number): { file: string; first: number } | undefined {
  const lines = text.split('\n');
  let start = line - 1;
  while (start > 0 && !/^---(?:[ \t]|$)/.test(lines[start]!)) start--;
  let end = line;
  while (end < lines.length && !/^---(?:[ \t]|$)/.test(lines[end]!)) end++;
  const body = /^---(?:[ \t]|$)/.test(lines[start] ?? '') ? start + 1 : start;
  for (let i = start; i < end; i++) {
    const source = /^# Source: (.+)$/.exec(lines[i]!);
    if (source) return { file: source[1]!.trim(), first: i + 2 };
    const annotated = FILENAME.exec(lines[i]!);
    if (annotated) return { file: annotated[1]!.trim(), first: body + 1 };
  }
  return undefined;
}

/** Separators (with comments, and look-alikes), both framings, CRLF leftovers, plain lines. */
const LINES = [
  '---',
  '--- # c',
  '---\t',
  '---x',
  ' ---',
  '# Source: shop/templates/a.yaml',
  '# Source: shop/templates/b.yaml\r',
  '# Source:  c.yaml  ',
  '    postrenderer.helm.sh/postrender-filename: "shop/templates/d.yaml"',
  "    postrenderer.helm.sh/postrender-filename: 'e.yaml'",
  'kind: Deployment',
  '  name: web',
  '',
  'a: 1\r',
];

describe('post-render chart-file lookup', () => {
  it('gives the per-finding scan answer for every line of 1,000 random streams (and past their end)', () => {
    for (let seed = 1; seed <= 1000; seed++) {
      const r = rng(seed);
      const n = Math.floor(r() * 40);
      const text = Array.from({ length: n }, () => LINES[Math.floor(r() * LINES.length)]).join('\n') + (r() < 0.5 ? '\n' : '');
      const documentOf = chartDocuments(text);
      // Twice over, in random order: an answer remembered for a document is the one it gave first.
      const asked = Array.from({ length: 2 * (n + 3) }, () => 1 + Math.floor(r() * (n + 3)));
      for (const line of asked) expect([seed, line, documentOf(line)]).toEqual([seed, line, documentOfBefore(text, line)]);
    }
  });
});
