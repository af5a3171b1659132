/**
 * @needs node22 node24
 * Users run Node 22 and 24 (20 is past its end of life): the built function must write the same
 * bytes under each. Every golden filter case and every check fixture runs under each Node binary
 * (from the npm registry; .ci/run installs them, see test/helpers/tools.ts) and is compared with
 * the output under the Node running the tests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, run } from './helpers/cli.js';
import { TOOLS } from './helpers/tools.js';

const NODES = { 'Node 22': TOOLS.node22.command, 'Node 24': TOOLS.node24.command };
const filterCases = readdirSync(join(ROOT, 'fixtures', 'filter')).sort();
const checkCases = readdirSync(join(ROOT, 'fixtures', 'check')).sort();

/** What a user sees: exit code, stdout and stderr of each run. */
function outputs(node: string): string[] {
  const filter = filterCases.map((name) => run(node, [BIN], { input: readFileSync(join(ROOT, 'fixtures', 'filter', name, 'input.yaml'), 'utf8') }));
  const check = checkCases.map((name) => run(node, [BIN, 'check', '--format', 'json', join('fixtures', 'check', name)], { cwd: ROOT }));
  return [...filter, ...check].map((r, i) => `${[...filterCases, ...checkCases][i]}\nexit ${r.code}\n${r.stdout}\n${r.stderr}`);
}

describe('output is byte-identical across Node versions', () => {
  let here: string[] = [];
  beforeAll(() => {
    here = outputs(process.execPath);
  });
  for (const [label, node] of Object.entries(NODES)) {
    it(`${label} (${run(node, ['--version']).stdout.trim()}) writes what ${process.version} writes`, () => {
      const there = outputs(node);
      expect(there.length).toBe(filterCases.length + checkCases.length);
      for (const [i, out] of there.entries()) expect(out).toBe(here[i]);
    });
  }
});
