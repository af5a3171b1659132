/**
 * Every directory under fixtures/filter/ is a case: input.yaml (a ResourceList) goes through
 * the filter; stdout must equal expected.yaml, and exit code + stderr expected.txt.
 * Regenerate on purpose with `UPDATE_GOLDEN=1 npx vitest run test/golden.test.ts`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFilter } from '../src/run.js';
import { isChange } from '../src/check/dry-run.js';
import { golden, stripResults } from './helpers/golden.js';

const root = join(__dirname, '..', 'fixtures', 'filter');
const cases = readdirSync(root).sort();

describe('golden filter cases', () => {
  it('has fixtures', () => expect(cases.length).toBeGreaterThan(10));

  for (const name of cases) {
    const dir = join(root, name);
    it(name, () => {
      const out = runFilter(readFileSync(join(dir, 'input.yaml'), 'utf8'));
      golden(join(dir, 'expected.yaml'), out.stdout);
      golden(join(dir, 'expected.txt'), `exit ${out.exitCode}\n${out.stderr.join('\n')}\n`);
    });

    // Cases that fail before any output (bad input, bad config) have nothing to re-run.
    const expected = join(dir, 'expected.yaml');
    if (existsSync(expected) && readFileSync(expected, 'utf8') === '') continue;
    it(`${name}: running on its own output changes nothing`, () => {
      const first = runFilter(readFileSync(join(dir, 'input.yaml'), 'utf8'));
      expect(first.stdout).not.toBe('');
      const second = runFilter(stripResults(first.stdout));
      expect(stripResults(second.stdout)).toBe(stripResults(first.stdout));
      // No changes the second time (findings, which carry a rule id, and the run's notes on unset settings may of course repeat).
      expect(second.results.filter((r) => isChange(r) && !r.tags?.assumed)).toEqual([]);
    });
  }
});
