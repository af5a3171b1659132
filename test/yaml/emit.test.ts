/**
 * The hand-written `results:` block and new nodes must be byte-identical to yaml's stringify of
 * them with the tool's one quoting rule applied (src/yaml/plain.ts: quoteForReaders).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Document, Scalar, visit, type Node } from 'yaml';
import { BlockEmitter, blockScalar, flowScalar, scalar, stringifyResults } from '../../src/yaml/emit.js';
import { quoteForReaders, stringifyForReaders } from '../../src/yaml/plain.js';
import type { Result } from '../../src/krm/types.js';
import { AWKWARD, fcParams } from '../helpers/arbitraries.js';

const yamlResults = (results: Result[]) => stringifyForReaders({ results }, { lineWidth: 0, indentSeq: false, aliasDuplicateObjects: false });
const stringify = (v: unknown, o: { lineWidth: number }) => stringifyForReaders(v, o);

/** Strings rich in what decides YAML quoting. */
const tricky = fc.oneof(
  fc.constantFrom(
    ...AWKWARD,
    'true',
    'Null',
    '~',
    '0o17',
    '0x1F',
    '1e3',
    '.5',
    '-.inf',
    '.NaN',
    '12',
    '+1',
    '-',
    '?',
    '- a',
    'a: b',
    'a #b',
    'a:',
    'a ',
    ' a',
    '---',
    '... x',
    "it's",
    'say "hi"',
    `"both' `,
    'back\\slash',
    'é',
    '',
  ),
  fc.string({
    unit: fc.constantFrom('a', ' ', ':', '#', '-', '?', "'", '"', '\\', '[', '{', ',', '&', '*', '!', '|', '>', '%', '@', '`', '0', '.', 'e', '\n', '\t'),
  }),
  fc.string(),
);

const result: fc.Arbitrary<Result> = fc.record(
  {
    message: tricky,
    severity: fc.constantFrom('error', 'warning', 'info'),
    resourceRef: fc.record(
      { apiVersion: tricky, kind: tricky, name: tricky, namespace: fc.option(tricky, { nil: undefined }) },
      { requiredKeys: ['apiVersion', 'kind', 'name'] },
    ),
    field: fc.record({ path: tricky, currentValue: fc.jsonValue({ maxDepth: 1 }), proposedValue: tricky }, { requiredKeys: ['path'] }),
    file: fc.record({ path: tricky, index: fc.oneof(fc.nat(), fc.double()) }, { requiredKeys: ['path'] }),
    tags: fc.dictionary(fc.oneof(fc.constantFrom('rule', 'true', '1', 'a b', 'x-y.z/w'), fc.string()), tricky, { maxKeys: 3 }),
  },
  { requiredKeys: ['message', 'severity'] },
) as fc.Arbitrary<Result>;

describe('stringifyResults', () => {
  it('writes what yaml writes', () => {
    fc.assert(
      fc.property(fc.array(result, { minLength: 1, maxLength: 4 }), (results) => {
        expect(stringifyResults(results)).toBe(yamlResults(results));
      }),
      fcParams(800),
    );
  });

  it('a result left to yaml (a non-ASCII message) among results written fast: the list as yaml writes it (issue 38)', () => {
    const fast = (n: number) => ({ message: `moved ${n}`, severity: 'info', resourceRef: { apiVersion: 'v1', kind: 'Pod', name: `p${n}` } }) as Result;
    const slow = { message: 'made it native\nKubernetes 1.29 runs native sidecars.', severity: 'info', field: { path: 'spec' } } as Result;
    const results = [fast(1), slow, fast(2), slow, { ...slow, message: 'ünïcode' }, fast(3)];
    expect(stringifyResults(results)).toBe(yamlResults(results));
  });

  it('writes a message of several lines as the `|-` literal yaml writes (issue 38: every change at 1.29+ has its reason on a second line)', () => {
    const message = 'made istio-proxy a native sidecar (initContainers, restartPolicy: Always)\nKubernetes 1.30 runs native sidecars.';
    const r = { message, severity: 'info', resourceRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, field: { path: 'spec' } } as Result;
    const written = stringifyResults([r, { ...r, message: 'one line' } as Result]);
    expect(written).toBe(yamlResults([r, { ...r, message: 'one line' } as Result]));
    expect(written.split('\n').slice(0, 4)).toEqual([
      'results:',
      '- message: |-',
      '    made istio-proxy a native sidecar (initContainers, restartPolicy: Always)',
      '    Kubernetes 1.30 runs native sidecars.',
    ]);
    const line = fc.string({ unit: fc.constantFrom('a', ' ', ':', '#', '-', "'", '"', '|', '>', '.', '\t'), maxLength: 8 });
    fc.assert(
      fc.property(fc.array(line, { minLength: 2, maxLength: 4 }), fc.constantFrom('', '\n', '\n\n'), (lines, end) => {
        const results = [{ message: lines.join('\n') + end, severity: 'info', field: { path: 'x' } } as Result];
        expect(stringifyResults(results)).toBe(yamlResults(results));
      }),
      fcParams(800),
    );
  });

  it('quotes the words a YAML 1.1 or 1.2 reader reads as null or a boolean, and only those (the letter-first lookup)', () => {
    const words = [
      'null',
      'Null',
      'NULL',
      'nULL',
      'true',
      'True',
      'TRUE',
      'tRUE',
      'false',
      'False',
      'FALSE',
      'yes',
      'No',
      'on',
      'Off',
      'y',
      'n',
      'nullx',
      'Truex',
      'inf',
      'nan',
      'NaN',
      'e3',
      'x1',
    ];
    const quoted = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE', 'yes', 'No', 'on', 'Off', 'y', 'n']);
    for (const w of words) {
      expect(scalar(w) === w).toBe(!quoted.has(w));
      expect(`k:\n  v: ${scalar(w)}\n`).toBe(stringify({ k: { v: w } }, { lineWidth: 0 }));
      expect(stringifyResults([{ message: w, severity: 'info', tags: { [w]: w } } as Result])).toBe(
        yamlResults([{ message: w, severity: 'info', tags: { [w]: w } } as Result]),
      );
    }
  });

  it('writes one-line ASCII scalars itself, as yaml does in a block map', () => {
    fc.assert(
      fc.property(tricky, (s) => {
        const mine = scalar(s);
        if (mine !== undefined) expect(`k:\n  v: ${mine}\n`).toBe(stringify({ k: { v: s } }, { lineWidth: 0 }));
      }),
      fcParams(1500),
    );
  });
});

/** New nodes as patch.ts's yaml path writes them: createNode, `|` for multi-line strings, lineWidth 0. */
function yamlNode(wrap: unknown, indentSeq: boolean): string {
  const doc = new Document();
  const node = doc.createNode(wrap) as Node;
  visit(node, { Scalar: (_, s) => void (typeof s.value === 'string' && s.value.includes('\n') && (s.type = Scalar.BLOCK_LITERAL)) });
  quoteForReaders(node, () => true);
  doc.contents = node as never;
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false, indentSeq }).slice(0, -1);
}

const script = fc
  .array(fc.oneof(fc.constantFrom('set -eu', '  exec "$@"', '', 'echo "a: b" # c', '---', '... x', ' ', "it's"), fc.string({ maxLength: 12 })), {
    minLength: 1,
    maxLength: 5,
  })
  .chain((lines) => fc.constantFrom(lines.join('\n'), lines.join('\n') + '\n', lines.join('\n') + '\n\n', '\n' + lines.join('\n')));
const key = fc.oneof(fc.constantFrom('name', 'command', 'proxy.istio.io/config', 'true', '1', 'a b', 'x-y.z/w', '_k'), fc.string({ maxLength: 6 }));
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tricky,
    script,
    fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 3 }),
  ),
}));

describe('BlockEmitter', () => {
  it('writes new nodes as yaml writes them, or leaves them to yaml', () => {
    let mine = 0;
    fc.assert(
      fc.property(key, value, fc.boolean(), (k, v, indentSeq) => {
        const e = new BlockEmitter(indentSeq);
        const pair = e.pair(k, v);
        if (pair !== undefined) {
          mine++;
          expect(pair).toBe(yamlNode({ [k]: v }, indentSeq));
        }
        const item = new BlockEmitter(indentSeq).item(v);
        if (item !== undefined) expect(item).toBe(yamlNode([v], indentSeq));
      }),
      fcParams(3000),
    );
    expect(mine).toBeGreaterThan(400);
  });

  it('writes flow list items as yaml writes them, or leaves them to yaml', () => {
    let mine = 0;
    fc.assert(
      fc.property(fc.oneof(tricky, fc.integer(), fc.boolean(), fc.constant(null), fc.double()), (v) => {
        const s = flowScalar(v);
        if (s === undefined) return;
        mine++;
        const doc = new Document();
        doc.contents = doc.createNode([v], { flow: true }) as never;
        quoteForReaders(doc.contents, () => true);
        expect(`[${s}]`).toBe(doc.toString({ lineWidth: 0, flowCollectionPadding: false }).slice(0, -1));
      }),
      fcParams(3000),
    );
    expect(mine).toBeGreaterThan(500);
  });

  it('leaves an object used twice to yaml (it writes an alias)', () => {
    const shared = { a: 1 };
    expect(new BlockEmitter(false).pair('k', [shared, shared])).toBeUndefined();
  });
});

describe('blockScalar', () => {
  it('answers the same for a script met again, at each indent (its answers are remembered)', () => {
    const script = 'set -eu\nexec "$@"\n';
    for (let round = 0; round < 3; round++) {
      expect(blockScalar(script, 4)).toBe('|\n    set -eu\n    exec "$@"');
      expect(blockScalar(script, 2)).toBe('|\n  set -eu\n  exec "$@"');
      expect(blockScalar(' leading space\nx', 2)).toBeUndefined(); // left to yaml, remembered as such
    }
    for (let i = 0; i < 600; i++) expect(blockScalar(`a\nb${i}`, i % 70)).toBe(`|-\n${' '.repeat(i % 70)}a\n${' '.repeat(i % 70)}b${i}`);
  });
});
