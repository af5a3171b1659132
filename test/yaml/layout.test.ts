/**
 * compactSequences (src/process.ts) decides the sequence style of every changed item's new
 * lists. It was a multi-line regex; it is now a line walk, held here to that regex (kept below
 * as the reference) on the fixtures, their restyled variants and fuzzed text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { compactSequences } from '../../src/process.js';
import { fcParams } from '../helpers/arbitraries.js';
import { fixtureSources } from '../helpers/golden.js';
import { restyle } from '../helpers/restyle.js';

/** The regex version, as it was. */
function reference(text: string): boolean {
  let weight = 0;
  let first = 0;
  for (const m of text.matchAll(/^( *)[^\s#-][^\n]*:\n(?: *#[^\n]*\n)*( *)- /gm)) {
    const style = m[1]!.length === m[2]!.length ? 1 : -1;
    weight += style * blockLines(text, m.index + m[0].length - m[2]!.length - 2, m[1]!.length);
    first ||= style;
  }
  return weight === 0 ? first >= 0 : weight > 0;
}

function blockLines(text: string, from: number, col: number): number {
  const deeper = new RegExp(`^(?: {${col + 1}}| {${col}}- | *#| *$)`);
  let n = 0;
  let p = from;
  for (; p < text.length; n++) {
    const nl = text.indexOf('\n', p);
    const line = text.slice(p, nl < 0 ? text.length : nl);
    if (n > 0 && !deeper.test(line)) break;
    p = nl < 0 ? text.length : nl + 1;
  }
  return n;
}

describe('compactSequences', () => {
  it('answers as the regex did on every fixture, in both sequence styles and other indents', () => {
    let compact = 0;
    for (const [i, { source }] of fixtureSources().entries()) {
      const parses = !source.trimStart().startsWith('{') && parseDocument(source).errors.length === 0;
      const variants = parses ? [restyle(source, i, 4, true), restyle(source, i, 2, false), restyle(source, i, 3, true)] : [];
      for (const text of [source, ...variants]) {
        expect(compactSequences(text), text).toBe(reference(text));
        if (reference(text)) compact++;
      }
    }
    expect(compact).toBeGreaterThan(0); // both answers occur
  });

  it('answers as the regex did on fuzzed text', () => {
    const line = fc.oneof(
      fc.constantFrom(
        'a:',
        'a: 1',
        '  b:',
        '- x',
        '  - y',
        '    - z',
        '#c',
        '  # c',
        '',
        '  ',
        ':',
        '::',
        '-a:',
        '#a:',
        '\u00a0a:',
        '\ta:',
        '\x01a:',
        ' - - w',
      ),
      fc.string({ unit: fc.constantFrom(' ', 'a', ':', '-', '#', '\t', '\u00a0'), maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 14 }), fc.boolean(), (lines, nl) => {
        const text = lines.join('\n') + (nl ? '\n' : '');
        expect(compactSequences(text)).toBe(reference(text));
      }),
      fcParams(3000),
    );
  });
});
