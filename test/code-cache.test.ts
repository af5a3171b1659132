/**
 * bin/pod-sequencer.cjs sets a V8 flag (the inlining budget: BENCHMARKS.md, "V8's inlining
 * budget") before it compiles the bundle. V8 keys every code cache by its flags, so a cache
 * written without that flag and read with it is refused without a word, and every run compiles
 * the bundle again. The build writes its cache by running the bin (scripts/code-cache.mjs), so
 * both sides see the same flags; this holds them to it for the Node running the tests (the
 * build's own cache before Node 22.1, Node's compile cache after); test/node-versions.test.ts
 * does the same for Node 22 and 24.
 */
import * as nodeModule from 'node:module';
import { describe, expect, it } from 'vitest';
import { codeCacheStatus } from '../scripts/code-cache.mjs';
import { ROOT } from './helpers/cli.js';
import { compileCacheAccepted } from './helpers/code-cache.js';

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
