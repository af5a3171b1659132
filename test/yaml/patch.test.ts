/**
 * Changed items are written as text edits (src/yaml/patch.ts), with the yaml Document path as the
 * fallback. The two must agree: same results, and items whose texts differ only in layout that
 * the Document path re-prints (yaml normalises both to the same text). On input already in
 * yaml's layout they must be byte-identical.
 */
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { generate } from '../../bench/gen.mjs';
import { readResourceList } from '../../src/krm/io.js';
import { compactSequences, writePath } from '../../src/process.js';
import { runFilter, type FilterOutcome } from '../../src/run.js';
import { cases, fcParams, renderList } from '../helpers/arbitraries.js';
import { fixtureSources } from '../helpers/golden.js';
import { restyle } from '../helpers/restyle.js';

function bothPaths(input: string): { text: FilterOutcome; doc: FilterOutcome; patched: number; declined: number } {
  const { patched, declined } = writePath;
  try {
    writePath.textEdits = false;
    const doc = runFilter(input);
    writePath.textEdits = true;
    const text = runFilter(input);
    return { text, doc, patched: writePath.patched - patched, declined: writePath.declined - declined };
  } finally {
    writePath.textEdits = true;
  }
}

const normalize = (t: string, indentSeq: boolean) => parseDocument(t).toString({ lineWidth: 0, flowCollectionPadding: false, indentSeq });

/** Whether yaml writes this item exactly as it is written. */
const inYamlLayout = (t: string) => normalize(t, !compactSequences(t)) === t + '\n';

/** Returns how many changed items differ in bytes (layout kept by the text path). */
function expectAgree(input: string, text: FilterOutcome, doc: FilterOutcome): number {
  expect(text.exitCode).toBe(doc.exitCode);
  expect(text.stderr).toEqual(doc.stderr);
  if (text.stdout === doc.stdout) return 0;
  const a = readResourceList(text.stdout).items;
  const b = readResourceList(doc.stdout).items;
  const orig = readResourceList(input).items;
  expect(a.length).toBe(b.length);
  let differ = 0;
  for (const [i, item] of a.entries()) {
    if (item.text === b[i]!.text) continue;
    differ++;
    const source = orig[i]!.text;
    expect(inYamlLayout(source), `item ${i} is in yaml's layout: the paths must agree byte for byte`).toBe(false);
    const indentSeq = !compactSequences(source);
    expect(normalize(item.text, indentSeq), `item ${i}`).toBe(normalize(b[i]!.text, indentSeq));
  }
  expect(text.stdout.replace(/^results:[^]*/m, '')).not.toBe('');
  expect(text.results).toEqual(doc.results);
  return differ;
}

describe('text edits agree with the Document path', () => {
  it('on every golden input and output', () => {
    let patched = 0;
    let declined = 0;
    for (const { key, source } of fixtureSources()) {
      const r = bothPaths(source);
      patched += r.patched;
      declined += r.declined;
      try {
        expectAgree(source, r.text, r.doc);
      } catch (e) {
        throw new Error(`${key}: ${(e as Error).message}`);
      }
    }
    console.log(`fixtures: ${patched} items patched, ${declined} declined`);
    expect(patched).toBeGreaterThan(100);
    expect(declined).toBeLessThan(patched / 10);
  });

  it('on the golden inputs in other layouts', () => {
    const inputs = fixtureSources().filter(
      (f) => f.key.endsWith('input.yaml') && !f.source.trimStart().startsWith('{') && parseDocument(f.source).errors.length === 0,
    );
    let patched = 0;
    let declined = 0;
    fc.assert(
      fc.property(fc.nat(inputs.length - 1), fc.integer(), fc.constantFrom(2, 4), fc.boolean(), (i, seed, indent, indentSeq) => {
        const input = restyle(inputs[i]!.source, seed, indent, indentSeq);
        const r = bothPaths(input);
        patched += r.patched;
        declined += r.declined;
        expectAgree(input, r.text, r.doc);
      }),
      fcParams(400),
    );
    console.log(`restyled fixtures: ${patched} items patched, ${declined} declined`);
    expect(patched).toBeGreaterThan(200);
  });

  it('on the benchmark inputs', () => {
    for (const seed of [1, 2, 3]) {
      const input = generate(60, { seed });
      const r = bothPaths(input);
      expectAgree(input, r.text, r.doc);
      expect(r.declined).toBe(0);
      expect(r.patched).toBeGreaterThan(10);
    }
  });

  it('on generated lists in every style', () => {
    let patched = 0;
    let declined = 0;
    fc.assert(
      fc.property(cases, (c) => {
        const input = renderList(c);
        const r = bothPaths(input);
        patched += r.patched;
        declined += r.declined;
        expectAgree(input, r.text, r.doc);
      }),
      fcParams(300),
    );
    console.log(`generated: ${patched} items patched, ${declined} declined`);
  });
});
