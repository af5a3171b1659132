/**
 * The fast reader (line scanner + per-item parse) against the full parse, on every fixture,
 * the fixture packages, the benchmark's inputs, generated ResourceLists and fuzzed text: the
 * same items (spans, texts, kinds), functionConfig and results span, and the same final
 * output; or it declines and leaves the input to the full parse. It must never accept input
 * the full parse rejects (the full parse words the error, with line and column).
 */
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../bench/gen.mjs';
import { loadConfig } from '../../src/config/load.js';
import { readFast, readFull, readResourceList, writeResourceList, type ResourceListInput } from '../../src/krm/io.js';
import { scanResourceList } from '../../src/yaml/scan.js';
import { processItems } from '../../src/process.js';
import { cases, fcParams, renderList } from '../helpers/arbitraries.js';
import { fixtureSources } from '../helpers/golden.js';
import { mutate } from './mutate.js';

const ROOT = join(__dirname, '..', '..');
const FIXTURES = join(ROOT, 'fixtures', 'filter');

type Outcome = 'fast' | 'fallback' | 'error';

function view(input: ResourceListInput): unknown {
  // Each item as plain data, its (lazy) text included.
  const items = input.items.map(({ index, start, end, indent, kind, apiVersion, text }) => ({ index, start, end, indent, kind, apiVersion, text }));
  return { items, functionConfig: input.functionConfig, resultsSpan: input.resultsSpan, flow: input.flow };
}

/** What the filter would print for this reading of the input. */
function output(input: ResourceListInput): string {
  try {
    const { config, errors } = loadConfig(input.functionConfig);
    if (errors.length > 0) return `config errors ${JSON.stringify(errors)}`;
    const { replacements, results } = processItems(input.items, config);
    return writeResourceList(input, replacements, results);
  } catch (e) {
    return `throws ${(e as Error).message}`;
  }
}

function compare(source: string): Outcome {
  const fast = readFast(source);
  let full: ResourceListInput;
  try {
    full = readFull(source);
  } catch (e) {
    if (fast) expect.fail(`the fast path accepted input the full parse rejects (${(e as Error).message}):\n${source}`);
    return 'error';
  }
  if (!fast) return 'fallback';
  expect(view(fast), source).toStrictEqual(view(full));
  expect(output(fast), source).toBe(output(full));
  return 'fast';
}

/** A kpt package's files as kpt sends them: every document an item, head comments after `- `. */
function packageList(dir: string): string {
  let text = 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n';
  for (const file of readdirSync(dir).sort()) {
    const docs = readFileSync(join(dir, file), 'utf8').split(/^---\n/m);
    for (const doc of docs) {
      text += doc
        .replace(/\n$/, '')
        .split('\n')
        .map((l, i) => (i === 0 ? `- ${l}` : l === '' ? l : `  ${l}`))
        .join('\n');
      text += '\n';
    }
  }
  return text;
}

/** The items block moved two columns right (`items:\n  - a: 1`), as some writers do. */
function indentItems(list: string): string {
  const [head, rest] = list.split(/(?<=^items:\n)/m) as [string, string];
  const cut = rest.search(/^\S/m);
  const block = cut < 0 ? rest : rest.slice(0, cut);
  return head + block.replace(/^(?=.)/gm, '  ') + (cut < 0 ? '' : rest.slice(cut));
}

describe('the fast reader', () => {
  it('agrees with the full parse on every fixture, and reads nearly all of them itself', () => {
    const outcomes: Record<string, Outcome> = {};
    for (const { key, source } of fixtureSources()) {
      if (source !== '') outcomes[key] = compare(source);
    }
    const declined = Object.entries(outcomes)
      .filter(([, o]) => o !== 'fast')
      .map(([k]) => k);
    // JSON, `items: []` (both answered in block style by the full path) and broken input.
    expect(declined).toEqual(expect.arrayContaining(['json-input/input.yaml', 'empty-items/input.yaml', 'malformed-yaml/input.yaml']));
    expect(declined.length).toBeLessThan(Object.keys(outcomes).length / 10);
  });

  it('reads the fixture packages as kpt sends them (head comments after `- `)', () => {
    for (const pkg of readdirSync(join(ROOT, 'fixtures', 'packages'))) {
      const list = packageList(join(ROOT, 'fixtures', 'packages', pkg));
      expect(compare(list)).toBe('fast');
      expect(compare(indentItems(list))).toBe('fast');
    }
  });

  it('reads the benchmark inputs itself, in both sequence layouts', () => {
    for (const seed of [1, 2]) {
      for (const changedShare of [0.4, 0]) {
        const list = generate(30, { seed, changedShare });
        expect(compare(list)).toBe('fast');
        expect(compare(indentItems(list))).toBe('fast');
        expect(compare(list.replace(/\n$/, ''))).toBe('fast');
        expect(compare(`${list}results:\n- message: old\n  severity: info\n`)).toBe('fast');
        expect(compare(list.replace(/^items:\n/m, 'items:\n# first\n\n'))).toBe('fast');
        expect(compare(list.replaceAll('\n', '\r\n'))).toBe('fallback');
      }
    }
  });

  it('agrees with the full parse on generated ResourceLists in varied styles', () => {
    let fast = 0;
    fc.assert(
      fc.property(cases, (c) => {
        if (compare(renderList(c)) === 'fast') fast++;
      }),
      fcParams(60),
    );
    expect(fast).toBeGreaterThan(50);
  });

  it('never accepts what the full parse rejects, nor reads fuzzed input differently', () => {
    const bases = [
      generate(6, { seed: 5, changedShare: 0.5 }),
      indentItems(generate(4, { seed: 6, changedShare: 0.5 })),
      readFileSync(join(FIXTURES, 'istio-last-deployment', 'input.yaml'), 'utf8'),
      readFileSync(join(FIXTURES, 'wide-sequences-untouched-items', 'input.yaml'), 'utf8'),
      packageList(join(ROOT, 'fixtures', 'packages', 'shop')),
    ];
    const seen: Record<Outcome, number> = { fast: 0, fallback: 0, error: 0 };
    fc.assert(
      fc.property(fc.constantFrom(...bases), fc.integer(), fc.integer({ min: 1, max: 3 }), (base, seed, n) => {
        seen[compare(mutate(base, seed, n))]++;
      }),
      fcParams(300),
    );
    expect(seen.fast).toBeGreaterThan(40);
    expect(seen.error).toBeGreaterThan(30);
  });

  it('skips runs of content lines with its regex exactly as it reads them line by line', () => {
    const bases = [
      generate(8, { seed: 7, changedShare: 0.5 }),
      indentItems(generate(6, { seed: 8, changedShare: 0 })),
      generate(6, { seed: 9, changedShare: 0.5 })
        .replace(/^- {1}/gm, '-   ')
        .replace(/^ {2}(?=\S)/gm, '    '),
      readFileSync(join(FIXTURES, 'wide-sequences-untouched-items', 'input.yaml'), 'utf8'),
      packageList(join(ROOT, 'fixtures', 'packages', 'shop')),
    ];
    let found = 0;
    fc.assert(
      fc.property(fc.constantFrom(...bases), fc.integer(), fc.integer({ min: 0, max: 4 }), (base, seed, n) => {
        const source = n === 0 ? base : mutate(base, seed, n);
        const skipped = scanResourceList(source);
        expect(skipped, source).toStrictEqual(scanResourceList(source, true));
        if (skipped) found++;
      }),
      fcParams(400),
    );
    expect(found).toBeGreaterThan(100);
  });

  const HEAD = 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n';
  const A = '- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n  data:\n    k: |\n      text\n';
  const B = '- apiVersion: v1\n  kind: Service\n  metadata: {name: b}\n';
  it.each([
    ['plain', HEAD + A + B, 'fast'],
    ['comments at column 0 and blank lines between items', HEAD + A + '\n# about b\n\n' + B, 'fast'],
    ['a comment at the item column after it', HEAD + A + '  # tail of a\n' + B, 'fallback'],
    ['a deeper comment after it', HEAD + A + '      # deep\n' + B, 'fallback'],
    ['a whitespace-only line after it', HEAD + A + '   \n' + B, 'fallback'],
    ['a kept block scalar before a blank line', HEAD + A.replace('|', '|+') + '\n' + B, 'fallback'],
    ['a head comment after `- `', HEAD + '- # head\n  # more\n  ' + A.slice(2) + B, 'fast'],
    ['an item ending in an empty value', HEAD + B + '  status:\n' + A, 'fallback'],
    ['an anchor on an item', HEAD + '- &x apiVersion: v1\n  kind: Service\n', 'fallback'],
    ['a flow item', HEAD + '- {apiVersion: v1, kind: Service}\n', 'fast'],
    [
      'flow items between block ones, the last without a newline',
      HEAD + A + '- {apiVersion: v1, kind: Service}\n' + B + '-   {kind: A, x: [1, {y: 2}]}',
      'fast',
    ],
    [
      'a flow workload that changes',
      HEAD + '- {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {containers: [{name: app}, {name: istio-proxy}]}}\n',
      'fast',
    ],
    ['a flow item over two lines', HEAD + '- {apiVersion: v1,\n   kind: Service}\n', 'fallback'],
    ['a flow item with a comment', HEAD + '- {apiVersion: v1, kind: Service} # c\n', 'fallback'],
    ['a flow item with trailing spaces', HEAD + '- {apiVersion: v1, kind: Service}  \n' + B, 'fallback'],
    ['a flow item with text after it', HEAD + '- {apiVersion: v1, kind: Service} x}\n', 'error'],
    ['a flow sequence as an item', HEAD + '- [a, b]\n', 'error'],
    ['flow items', 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: [{kind: A}]\n', 'fallback'],
    ['no items', 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n', 'fallback'],
    ['empty items', 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\nfunctionConfig:\n  data: {}\n', 'fast'],
    ['items first', 'items:\n' + B + 'kind: ResourceList\napiVersion: config.kubernetes.io/v1\n', 'fast'],
    ['kind: List', HEAD.replace('ResourceList', 'List') + B, 'fast'],
    ['not a ResourceList', HEAD.replace('ResourceList', 'Deployment') + B, 'error'],
    ['a document marker inside', HEAD + A + '---\n' + B, 'error'],
    ['a document marker at the item column', HEAD + A + '  ---\n' + B, 'error'],
    ['a directive', '%YAML 1.2\n---\n' + HEAD + B, 'fallback'],
    ['a tab', HEAD + B + '\t\n', 'fallback'],
    ['duplicate keys in an untouched item', HEAD + B + '  kind: Secret\n', 'error'],
    ['malformed untouched item', HEAD + '- apiVersion: v1\n  kind: Service\n  spec: {ports: [1, 2}\n', 'error'],
    ['malformed workload', HEAD + '- apiVersion: apps/v1\n  kind: Deployment\n  spec: "open\n', 'error'],
    ['an item that is not a mapping', HEAD + '- just text\n', 'error'],
    ['content left of the item indent', HEAD + '-   apiVersion: v1\n    kind: Service\n  x: 1\n', 'error'],
    ['an alias to another item', HEAD + '- &a\n  kind: Service\n- *a\n', 'error'],
    ['an anchor used by another item', HEAD + '- kind: Service\n  spec: &s {a: 1}\n- kind: Service\n  spec: *s\n', 'fallback'],
    ['functionConfig and results around items', 'results: []\n' + HEAD + B + 'functionConfig:\n  data: {a: "1"}\n', 'fast'],
    ['a broken functionConfig', HEAD + B + 'functionConfig: {a: 1\n', 'error'],
    ['duplicate items keys', HEAD + B + 'items:\n' + B, 'error'],
  ])('%s', (_, source, outcome) => {
    expect(compare(source)).toBe(outcome);
  });

  it('reports malformed input with the full parse message, line and column', () => {
    const source = HEAD + '- apiVersion: v1\n  kind: Service\n  spec: {ports: [1, 2}\n';
    expect(() => readResourceList(source)).toThrow(/^line \d+, column \d+: malformed YAML/);
  });

  it('finds spans from the first key to the end of the last content line', () => {
    const source = HEAD + '# c\n- # head\n  kind: A\n  x:\n  - 1\n\n-   kind: B\n    y: 2';
    const scan = scanResourceList(source)!;
    expect(scan.items.map((i) => [source.slice(i.start, i.end), i.indent])).toEqual([
      ['kind: A\n  x:\n  - 1\n', 2],
      ['kind: B\n    y: 2', 4],
    ]);
  });
});
