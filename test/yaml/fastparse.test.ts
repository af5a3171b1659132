/**
 * fastParse must give exactly yaml's value (`parseDocument(text, { uniqueKeys: true }).toJS()`)
 * or undefined: on fixtures, generated manifests, random values in every style `yaml` writes,
 * and fuzzed text (where "undefined" is the usual right answer).
 */
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseDocument, stringify } from 'yaml';
import { generate } from '../../bench/gen.mjs';
import { fastParse } from '../../src/yaml/fastparse.js';
import { readFull } from '../../src/krm/io.js';
import { cases, fcParams, renderItem } from '../helpers/arbitraries.js';
import { fixtureSources } from '../helpers/golden.js';
import { mutate } from './mutate.js';

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'filter');

/** yaml's value, or undefined when yaml reports an error. */
function reference(text: string): { value: unknown } | undefined {
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length > 0) return undefined;
  try {
    return { value: doc.toJS({ maxAliasCount: 1000 }) };
  } catch {
    return undefined;
  }
}

/** The property: same value as yaml, or undefined. Returns whether fastParse answered. */
function agrees(text: string): boolean {
  const fast = fastParse(text);
  if (fast === undefined) return false;
  const ref = reference(text);
  if (!ref || !isDeepStrictEqual(fast.value, ref.value)) {
    expect.fail(
      `fastParse differs from yaml on:\n${JSON.stringify(text)}\nfast: ${JSON.stringify(fast.value)}\nyaml: ${ref ? JSON.stringify(ref.value) : 'error'}`,
    );
  }
  return true;
}

function itemTexts(source: string): string[] {
  try {
    return readFull(source).items.map((i) => i.text);
  } catch {
    return [];
  }
}

describe('fastParse', () => {
  it('agrees with yaml on every item of every fixture, and parses nearly all of them itself', () => {
    let answered = 0;
    let total = 0;
    for (const { source } of fixtureSources()) {
      for (const text of itemTexts(source)) {
        total++;
        if (agrees(text)) answered++;
      }
    }
    expect(total).toBeGreaterThan(100);
    expect(answered / total).toBeGreaterThan(0.9);
  });

  it('reads an item in place (first line after its `- `) as its dedented copy', () => {
    let answered = 0;
    const sources = [generate(40, { seed: 4, changedShare: 0.4 }), ...readdirSync(FIXTURES).map((n) => readFileSync(join(FIXTURES, n, 'input.yaml'), 'utf8'))];
    for (const source of sources) {
      let items;
      try {
        items = readFull(source).items;
      } catch {
        continue;
      }
      for (const item of items) {
        const cut = source.slice(item.start, item.end);
        const inPlace = fastParse(cut, item.indent);
        if (inPlace === undefined) continue;
        answered++;
        expect(inPlace.value).toStrictEqual(reference(item.text)?.value);
        fc.assert(
          fc.property(fc.integer(), (seed) => {
            // Edits of the cut text keep its first line where it is.
            const mutated = cut.slice(0, cut.indexOf('\n') + 1) + mutate(cut.slice(cut.indexOf('\n') + 1), seed, 2);
            const fast = fastParse(mutated, item.indent);
            if (fast === undefined) return;
            const dedented = mutated
              .split('\n')
              .map((l, i) => (i === 0 ? l : l.slice(Math.min(item.indent, l.length - l.trimStart().length))))
              .join('\n');
            expect(fast.value, mutated).toStrictEqual(reference(dedented)?.value);
          }),
          fcParams(5),
        );
      }
    }
    expect(answered).toBeGreaterThan(100);
  });

  it('reads the keys it holds as literals (KNOWN_KEYS) and their near misses as yaml does', () => {
    const keys = ['name', 'namE', 'nam', 'names', 'kind', 'kin', 'image', 'imagE', 'apiVersion', 'apiversion', 'spec', 'Spec', 'key', 'kex', 'null', 'true'];
    const more = [
      'internal.config.kubernetes.io/path',
      'internal.config.kubernetes.io/pat',
      'internal.config.kubernetes.io/id',
      'config.k8s.io/id',
      'ports',
      'portS',
    ];
    for (const key of [...keys, ...more]) {
      for (const text of [`${key}: 1\n`, `${key} : 1\n`, `a:\n  ${key}: x\n  ${key}x: y\n`, `- ${key}: 1\n  other: 2\n`]) {
        // Only null and true are not string keys: those, and only those, are left to yaml.
        expect(fastParse(text) !== undefined, text).toBe(key !== 'null' && key !== 'true');
        if (fastParse(text)) agrees(text);
      }
      expect(fastParse(`${key}: 1\n${key}: 2\n`), 'a duplicate key').toBeUndefined();
    }
    expect(fastParse('name: a\nnamE: b\nnames: c\n')?.value).toEqual({ name: 'a', namE: 'b', names: 'c' });
  });

  it('parses every item of the benchmark inputs itself', () => {
    for (const seed of [1, 2, 3]) {
      for (const text of itemTexts(generate(60, { seed, changedShare: 0.4 }))) expect(agrees(text)).toBe(true);
    }
  });

  it('agrees with yaml on generated workloads written in varied styles', () => {
    fc.assert(
      fc.property(cases, (c) => {
        for (const item of c.items) agrees(renderItem(item, c.style));
      }),
      fcParams(150),
    );
  });

  const styles = fc.record({
    indentSeq: fc.boolean(),
    defaultStringType: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'),
    defaultKeyType: fc.constantFrom(null, 'PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE'),
    collectionStyle: fc.constantFrom('any', 'block', 'flow'),
    lineWidth: fc.constantFrom(0, 20, 80),
  });
  const values = fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 }), { minKeys: 1, maxKeys: 6 });

  it('agrees with yaml on random values in every style yaml writes', () => {
    let answered = 0;
    fc.assert(
      fc.property(values, styles, (value, opts) => {
        if (agrees(stringify(value, opts as object))) answered++;
      }),
      fcParams(400),
    );
    // Root flow maps and a few block scalar forms are yaml's; the rest must be ours.
    expect(answered).toBeGreaterThan(120);
  });

  it('answers undefined, never a wrong value, on fuzzed text', () => {
    const bases = [
      ...itemTexts(readFileSync(join(FIXTURES, 'istio-last-deployment', 'input.yaml'), 'utf8')),
      ...itemTexts(readFileSync(join(FIXTURES, 'wide-sequences-untouched-items', 'input.yaml'), 'utf8')),
      ...itemTexts(generate(12, { seed: 7, changedShare: 0.4 })),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...bases), fc.integer(), fc.integer({ min: 1, max: 4 }), (base, seed, n) => {
        agrees(mutate(base, seed, n));
      }),
      fcParams(1500),
    );
  });

  it.each([
    ['a: 1\nb: -0\nc: 0o17\nd: 0x1F\ne: .inf\nf: -.Inf\ng: .NaN\nh: 1e3\ni: 1.50\nj: +12\n'],
    ['a: ~\nb: null\nc: Null\nd:\ne: True\nf: FALSE\ng: yes\nh: "1"\n'],
    ["a: \"\\x41\\u00e9\\U0001F600\\t\\\"\\\\\\/\\0\\ \"\nb: 'it''s'\n"],
    ['a: |\n  x\n\n  y\nb: >\n  one\n  two\n\n  three\n    more\n  end\nc: |-\n  z\nd: >+\n  k\ne: 1\n'],
    ['a:\n- 1\n- - 2\n  - 3\n- k: v\n  l: w\n-\n- {x: [1, "2", {y: z}]}\n'],
    ['url: http://a:8080/x?y=1#frag\ncmd: [sh, -c, "echo a: b"]\nk:  v  # comment\n"q k": 1\n\'s k\': 2\n'],
    ['a: 1\n# comment\n\n   # indented comment\nb:\n  # inside\n  c: 2\n'],
    ['constructor: 1\ntoString: 2\nhasOwnProperty: 3\n'],
    // Helm's toYaml: a flow collection alone on the line after its key or `-`.
    ['a:\n  {}\nb:\n    [x, "y"]  # c\nc:\n- d:\n    {e: 1}\n-\n  []\n- f:\n  g:\n    []\n'],
    // Helm leaves whitespace-only lines where a template printed nothing, in block scalars too:
    // empty when no longer than the content's indent, else a line of spaces.
    ['a: |\n  x\n   \n  y\nb: |\n    x\n \n    y\n   \nc: >\n  x\n     \n  y\nd: |-\n  x\n     \ne: 1\n'],
    ['a: |\n  \n  x\nb:\n  - |\n    x\n \n  - y\n'],
    // Anchors and aliases on one-line scalars (Linkerd's chart: `value: &containerName linkerd-proxy`, `name: *containerName`).
    ['a: &x 1\nb: *x\nc:\n  - &y "q"\n  - *y # c\n  - k: *x\nd: &z.1-_ plain text  # c\ne: *z.1-_\n'],
    // Flow collections over several lines (issue 39: `command: ["/x", "--a",` then `"--b"]`).
    ['a: [1,\n  2]\n'],
    ['command: ["/x", "--a",\n    "--b"]  # c\nb: 1\n'],
    ['a:\n  - [x,\n    "y"]\n  - z\nb: {c: 1,\n  d: [2,\n      3]}\n'],
    ['a: [\n  1,\n  2\n  ]\n'],
    // Plain scalars over several lines, folded with a space (issue 39).
    ['a: x\n  y\n  z  \nb: 1\n'],
    ['args:\n  - a=1\n    b=2\n  - c\nd: true\n  false\ne: 1\n  2\n'],
    ['a: x\n  y\n  # c\nb: 1\n'],
    ['a: x\n    # c\nb: 1\n'],
    // Quoted scalars over several lines, each break folded into a space (issue 39).
    ['a: "x\n  y"\n'],
    ['note: "a long  \n     folded \\"quoted\\" value \\u00e9"  # c\nb: 1\n'],
    ["d: 'single\n    quoted, it''s\n    three lines  '\ne:\n  - 'x\n    y'\n  - z\n"],
    ['env:\n- name: X\n  value: "line one\n    line two"\n- name: Y\n  value: \'a\n    # not a comment\n    b\'\n'],
  ])('parses %j like yaml', (text) => {
    expect(agrees(text)).toBe(true);
  });

  it.each([
    ['anchor on a map', 'a: &x\n  b: 1\nc: *x\n'],
    ['anchor on a flow collection', 'a: &x [1]\nc: *x\n'],
    ['anchor on a block scalar', 'a: &x |\n  y\nb: *x\n'],
    ['anchor on a key', '&k a: 1\n'],
    ['alias as a key', 'a: &k b\n*k : 1\n'],
    ['alias before its anchor', 'a: *x\nb: &x 1\n'],
    ['an anchor named twice', 'a: &x 1\nb: &x 2\nc: *x\n'],
    ['more after an alias', 'a: &x 1\nb: *x y\n'],
    ['an anchor with no value', 'a: &x\nb: 1\n'],
    ['an anchor name yaml reads further', 'a: &x/y 1\nb: *x/y\n'],
    ['more aliases than yaml reads (limits.ts)', 'a: &x 1\nb:\n' + '  - *x\n'.repeat(1001)],
    ['tag', 'a: !!str 1\n'],
    ['duplicate key', 'a: 1\na: 2\n'],
    ['a plain scalar broken inside a flow', 'a: [x\n  y]\n'],
    ['a quoted scalar broken inside a flow', 'a: ["x\n  y"]\n'],
    ['a comment inside a flow', 'a: [1, # c\n  2]\n'],
    ['a blank line inside a flow', 'a: [1,\n\n  2]\n'],
    ['a flow line not indented past its key', 'a:\n  b: [1,\n  2]\n'],
    ['multi-line quoted with a blank line', 'a: "x\n\n  y"\n'],
    ['multi-line quoted with an escaped break', 'a: "x\\\n  y"\n'],
    ['multi-line quoted ending a line with a backslash pair', 'a: "x\\\\\n  y"\n'],
    ['multi-line quoted not indented past its key', 'a:\n  b: "x\n  y"\n'],
    ['multi-line quoted with an empty first line', 'a: "\n  y"\n'],
    ['multi-line quoted that never closes', 'a: "x\n  y\n'],
    ['multi-line quoted key', '"a\n  b": 1\n'],
    ['multi-line plain with a blank line', 'a: x\n\n  y\n'],
    ['multi-line plain with a comment', 'a: x\n  y # c\n'],
    ['multi-line plain with a pair', 'a: x\n  y: z\n'],
    ['multi-line plain after a comment', 'a: x\n  # c\n  y\n'],
    ['multi-line plain with an anchor', 'a: &k x\n  y\n'],
    ['multi-line plain with a line that starts with a dash', 'a: x\n  --b\n'],
    ['key on next line value', 'a:\n  plain\n'],
    ['tab', 'a:\t1\n'],
    ['CRLF', 'a: 1\r\n'],
    ['document marker', 'a: 1\n---\nb: 2\n'],
    ['directive', '%YAML 1.2\n---\na: 1\n'],
    ['explicit key', '? a\n: 1\n'],
    ['indentation indicator', 'a: |2\n    x\n'],
    ['__proto__', '__proto__: 1\n'],
    ['number key', '1: a\n'],
    ['mapping in plain', 'a: b: c\n'],
    ['bad indent', 'a:\n    b: 1\n  c: 2\n'],
    ['less indented block scalar line', 'a: |\n    x\n   y\n'],
    ['more-indented whitespace line before a block scalar', 'a: |\n     \n  x\n'],
    ['unclosed flow', 'a: {b: 1\n'],
    ['trailing comma', 'a: [1, 2,]\n'],
    ['pair in flow seq', 'a: [b: 1]\n'],
    ['reserved indicator', 'a: @x\n'],
    ['BOM', '\ufeffa: 1\n'],
    ['flow below a comment', 'a: # c\n  {}\n'],
    ['flow below a blank line', 'a:\n\n  []\n'],
    ['flow below a comment line', 'a:\n  # c\n  []\n'],
    ['more after a flow below its key', 'a:\n  {}\n  b: 1\n'],
    ['flow at its key column', 'a:\n{}\n'],
  ])('leaves %s to yaml', (_, text) => {
    expect(fastParse(text)).toBeUndefined();
  });
});
