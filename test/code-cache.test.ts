/**
 * bin/pod-sequencer.cjs sets a V8 flag (the inlining budget: BENCHMARKS.md, "V8's inlining
 * budget") before it compiles the bundle. V8 keys every code cache by its flags, so a cache
 * written without that flag and read with it is refused without a word, and every run compiles
 * the bundle again. The build writes its cache by running the bin (scripts/code-cache.mjs), so
 * both sides see the same flags; this holds them to it for the Node running the tests (the
 * build's own cache before Node 22.1, Node's compile cache after); test/node-versions.test.ts
 * does the same for Node 22 and 24.
 *
 * A clone or an install has no build's cache (dist/ is committed and packed without one, and
 * nothing builds at install): before Node 22.1 the bin writes one on the first run that finds
 * none it can use, and V8 takes it on the next (issue 38: a fresh clone started 1.88x bare
 * Node on Node 20, 1.47x with the cache).
 */
import * as nodeModule from 'node:module';
import { describe, expect, it } from 'vitest';
import { codeCacheStatus } from '../scripts/code-cache.mjs';
import { ROOT } from './helpers/cli.js';
import { compileCacheAccepted, freshCopyRuns } from './helpers/code-cache.js';

/** Node 22.1+ (the bin uses Node's compile cache there); the types installed are Node 20's. */
const enableCompileCache = (nodeModule as { enableCompileCache?: unknown }).enableCompileCache;

describe('the code cache is taken under the flags the bin sets', () => {
  if (!enableCompileCache) {
    it(`${process.version}: V8 accepts the build's dist/cli.cjs.cache`, () => {
      expect(codeCacheStatus(ROOT)).toBe('accepted');
    });
  } else {
    it(`${process.version}: Node's compile cache, written by one run, is accepted by the next`, () => {
      expect(compileCacheAccepted(process.execPath)).toBe(true);
    });
  }
});

describe('a copy with no code cache (a fresh clone, an install)', () => {
  if (!enableCompileCache) {
    it(`${process.version}: the first run writes dist/cli.cjs.cache, and V8 accepts it on the next`, () => {
      const r = freshCopyRuns(process.execPath, 3);
      expect(r.said).toEqual(['none', 'accepted', 'accepted']);
      expect(r.cached).toEqual([true, true, true]);
      expect(r.left, 'no temporary file left beside the cache').toEqual([]);
      expect(new Set(r.stdout).size, 'each run writes the same').toBe(1);
    });
  } else {
    it(`${process.version}: Node's compile cache is used; nothing is written to dist/`, () => {
      const r = freshCopyRuns(process.execPath, 2);
      expect(r.cached).toEqual([false, false]);
      expect(r.left).toEqual([]);
    });
  }
});
