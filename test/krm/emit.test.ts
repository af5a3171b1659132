/** The hand-written `results:` block must be byte-identical to yaml's stringify of it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { scalar, stringifyResults } from '../../src/krm/emit.js';
import type { Result } from '../../src/krm/types.js';
import { AWKWARD, fcParams } from '../helpers/arbitraries.js';

const yamlResults = (results: Result[]) => stringify({ results }, { lineWidth: 0, indentSeq: false, aliasDuplicateObjects: false });

/** Strings rich in what decides YAML quoting. */
const tricky = fc.oneof(
  fc.constantFrom(...AWKWARD, 'true', 'Null', '~', '0o17', '0x1F', '1e3', '.5', '-.inf', '.NaN', '12', '+1', '-', '?', '- a', 'a: b', 'a #b', 'a:', 'a ', ' a', '---', '... x', "it's", 'say "hi"', `"both' `, 'back\\slash', 'é', ''),
  fc.string({ unit: fc.constantFrom('a', ' ', ':', '#', '-', '?', "'", '"', '\\', '[', '{', ',', '&', '*', '!', '|', '>', '%', '@', '`', '0', '.', 'e', '\n', '\t') }),
  fc.string(),
);

const result: fc.Arbitrary<Result> = fc.record(
  {
    message: tricky,
    severity: fc.constantFrom('error', 'warning', 'info'),
    resourceRef: fc.record({ apiVersion: tricky, kind: tricky, name: tricky, namespace: fc.option(tricky, { nil: undefined }) }, { requiredKeys: ['apiVersion', 'kind', 'name'] }),
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
