/**
 * @needs node22 node24
 * Users run Node 22 and 24 (20 is past its end of life): the built function must write the same
 * bytes under each. Every golden filter case runs through the CLI under each Node binary (from
 * the npm registry; .ci/run installs them, see test/helpers/tools.ts) and must print its goldens
 * (expected.yaml, expected.txt), which test/golden.test.ts holds for the Node running the tests.
 * Every check fixture runs under each and is compared with its output under the Node running
 * the tests. (Comparing with the goldens, not with a third run, keeps a third of the spawns out.)
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../bench/gen.mjs';
import { BIN, ROOT, run } from './helpers/cli.js';
import { compileCacheAccepted, freshCopyRuns, readOnlyCopy } from './helpers/code-cache.js';
import { TOOLS } from './helpers/tools.js';

const NODES = { 'Node 22': TOOLS.node22.command, 'Node 24': TOOLS.node24.command };
const FILTER = join(ROOT, 'fixtures', 'filter');
const input = (name: string) => readFileSync(join(FILTER, name, 'input.yaml'), 'utf8');
// The CLI answers a stream of plain manifests as post-render does (src/cli.ts, isStream); the
// goldens hold what the filter answers, so only ResourceLists (block or JSON) compare with them.
const filterCases = readdirSync(FILTER)
  .sort()
  .filter((name) => /^kind:[ \t]*['"]?(?:ResourceList|List)\b/m.test(input(name)) || /"kind"\s*:\s*"(?:ResourceList|List)"/.test(input(name)));
const checkCases = readdirSync(join(ROOT, 'fixtures', 'check')).sort();

/** What the goldens say the CLI prints: stdout, and the exit code with stderr as expected.txt holds them. */
function golden(name: string): string {
  const expected = readFileSync(join(FILTER, name, 'expected.txt'), 'utf8');
  return `${name}\n${readFileSync(join(FILTER, name, 'expected.yaml'), 'utf8')}\n${expected.replace(/^(exit \d+\n)\n$/, '$1')}`;
}

function filterOutput(node: string, name: string): string {
  const r = run(node, [BIN], { input: input(name) });
  return `${name}\n${r.stdout}\nexit ${r.code}\n${r.stderr}`;
}

function checkOutputs(node: string): string[] {
  return checkCases.map((name) => {
    const r = run(node, [BIN, 'check', '--format', 'json', join('fixtures', 'check', name)], { cwd: ROOT });
    return `${name}\nexit ${r.code}\n${r.stdout}\n${r.stderr}`;
  });
}

describe('output is byte-identical across Node versions', () => {
  let here: string[] = [];
  beforeAll(() => {
    here = checkOutputs(process.execPath);
  }, 180_000);

  it('compares every ResourceList golden case', () => {
    expect(filterCases.length).toBeGreaterThan(50);
    expect(readdirSync(FILTER).length - filterCases.length).toBeLessThan(3);
  });

  for (const [label, node] of Object.entries(NODES)) {
    it(`${label} (${run(node, ['--version']).stdout.trim()}) writes what ${process.version} writes`, () => {
      for (const name of filterCases) expect(filterOutput(node, name)).toBe(golden(name));
      const there = checkOutputs(node);
      expect(there.length).toBe(checkCases.length);
      for (const [i, out] of there.entries()) expect(out).toBe(here[i]);
    }, 180_000);
  }
});

describe('the code cache on Node 22 and 24 (bin/pod-sequencer.cjs, docs/decisions.md)', () => {
  for (const [label, node] of Object.entries(NODES)) {
    it(`${label}: a fresh copy writes its own code cache on the first run, V8 takes it on the next, and the runs print alike`, () => {
      const r = freshCopyRuns(node, 3);
      expect(r.said).toEqual(['none', 'accepted', 'accepted']);
      expect(r.cached).toEqual([true, true, true]);
      expect(r.left).toEqual([]);
      expect(new Set(r.stdout).size).toBe(1);
    });
    // The bin puts V8's inlining budget back to the default it knows (920) before it writes a
    // cache after a large run set a smaller one (src/inlining.ts): the same default on this Node.
    it(`${label}: a large first run, which sets V8's inlining budget, writes a cache the next run takes`, () => {
      expect(freshCopyRuns(node, 2, { inputs: [generate(400)] }).said).toEqual(['none', 'accepted']);
    });
    it(`${label}: a copy the user cannot write keeps Node's compile cache under XDG_CACHE_HOME/pod-sequencer, and a run from it prints what a cold run prints`, () => {
      const { bin, as } = readOnlyCopy();
      const cacheHome = mkdtempSync(join(tmpdir(), 'pod-seq-xdg-'));
      chmodSync(cacheHome, 0o777);
      const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: cacheHome };
      delete env.NODE_COMPILE_CACHE;
      delete env.NODE_DISABLE_COMPILE_CACHE;
      const name = filterCases[0]!;
      const [cmd, ...args] = as([node, bin]);
      const cold = run(cmd!, args, { input: input(name), env });
      const dir = join(cacheHome, 'pod-sequencer', 'node-compile-cache');
      expect(existsSync(dir) && readdirSync(dir).length, `nothing written under ${dir}`).toBeGreaterThan(0);
      const warm = run(cmd!, args, { input: input(name), env });
      expect(`${warm.code}\n${warm.stdout}${warm.stderr}`).toBe(`${cold.code}\n${cold.stdout}${cold.stderr}`);
      expect(`${name}\n${warm.stdout}\nexit ${warm.code}\n${warm.stderr}`).toBe(golden(name));
      expect(compileCacheAccepted(node, bin, as), 'V8 refuses it if the flags the bin sets differ').toBe(true);
    });
  }
});
