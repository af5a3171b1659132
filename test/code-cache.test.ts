/**
 * bin/pod-sequencer.cjs sets a V8 flag (the inlining budget: BENCHMARKS.md, "V8's inlining
 * budget") before it compiles the bundle. V8 keys every code cache by its flags, so a cache
 * written without that flag and read with it is refused without a word, and every run compiles
 * the bundle again. The build writes its cache by running the bin (scripts/code-cache.mjs), so
 * both sides see the same flags; this holds them to it for the Node running the tests;
 * test/node-versions.test.ts does the same for Node 22 and 24.
 *
 * A clone or an install has no build's cache (dist/ is committed and packed without one, and
 * nothing builds at install): on every Node the bin writes one on the first run that finds none
 * it can use, and V8 takes it on the next (issue 38: a fresh clone started 1.88x bare Node on
 * Node 20, 1.47x with the cache). Only a copy the user cannot write is left to Node's compile
 * cache (22.1+), which holds the bundle's top level only.
 */
import { describe, expect, it } from 'vitest';
import { codeCacheStatus } from '../scripts/code-cache.mjs';
import { ROOT, run } from './helpers/cli.js';
import { compileCacheAccepted, freshCopyRuns, readOnlyCopy } from './helpers/code-cache.js';
import { readdirSync } from 'node:fs';
import * as nodeModule from 'node:module';

/** Node 22.1+ has a compile cache of its own; the types installed are Node 20's. */
const enableCompileCache = (nodeModule as { enableCompileCache?: unknown }).enableCompileCache;

describe('the code cache is taken under the flags the bin sets', () => {
  it(`${process.version}: V8 accepts the build's dist/ cache`, () => {
    expect(codeCacheStatus(ROOT)).toBe('accepted');
  });
});

describe('a copy with no code cache (a fresh clone, an install)', () => {
  it(`${process.version}: the first run writes dist/'s cache, and V8 accepts it on the next`, () => {
    const r = freshCopyRuns(process.execPath, 3);
    expect(r.said).toEqual(['none', 'accepted', 'accepted']);
    expect(r.cached).toEqual([true, true, true]);
    expect(r.left, 'no temporary file left beside the cache').toEqual([]);
    expect(new Set(r.stdout).size, 'each run writes the same').toBe(1);
  });
  it(`${process.version}: one the user cannot write is left alone (Node 22.1+: Node's compile cache serves)`, () => {
    const { bin, as, dist } = readOnlyCopy();
    if (enableCompileCache) expect(compileCacheAccepted(process.execPath, bin, as)).toBe(true);
    else {
      const [cmd, ...args] = as([process.execPath, bin, '--version']);
      expect(run(cmd!, args).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    }
    expect(readdirSync(dist).sort()).toEqual(['cli.cjs', 'index.cjs']);
  });
});
