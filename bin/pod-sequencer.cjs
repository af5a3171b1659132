#!/usr/bin/env node
'use strict';
// Runs the bundled CLI (dist/cli.cjs) with V8's code cache for it, which the build makes by
// running the bundle once (scripts/build.mjs): compiling the bundle is a good part of a small
// run, and Node 20 has no module.enableCompileCache. The cache is used only when it was made
// from these exact bytes and V8 accepts it (same Node version and flags); otherwise the bundle
// is compiled as usual. The cache file starts with the bundle it was made from (its length,
// then its bytes): comparing those is exact and needs no hash, and loading node:crypto for one
// took longer than the rest of this file (BENCHMARKS.md). POD_SEQUENCER_CODE_CACHE_OUT=FILE
// writes a new cache to FILE when the run ends (the build's use only).
const { readFileSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const bundle = join(__dirname, '..', 'dist', 'cli.cjs');
const out = process.env.POD_SEQUENCER_CODE_CACHE_OUT;

function readCache() {
  try {
    return readFileSync(`${bundle}.cache`);
  } catch {
    return undefined;
  }
}

/** The cache's header: the length of the bundle it was made from, then that bundle. */
function lengthOf(source) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(source.length);
  return b;
}

function madeFrom(cache, source) {
  const end = 4 + source.length;
  return cache.length > end && cache.readUInt32LE(0) === source.length && source.equals(cache.subarray(4, end));
}

const cache = out ? undefined : readCache();
if (!cache && !out) {
  require(bundle);
} else {
  const { Script } = require('node:vm');
  const { wrap } = require('node:module');
  const source = readFileSync(bundle);
  const cachedData = cache && madeFrom(cache, source) ? cache.subarray(4 + source.length) : undefined;
  const script = new Script(wrap(source.toString('utf8')), { filename: bundle, cachedData });
  if (out) {
    // After the run, so the cache also holds the functions the run compiled.
    delete process.env.POD_SEQUENCER_CODE_CACHE_OUT;
    process.on('exit', () => writeFileSync(out, Buffer.concat([lengthOf(source), source, script.createCachedData()])));
  }
  const module = { exports: {}, filename: bundle, id: bundle, loaded: false };
  script.runInThisContext()(module.exports, require, module, bundle, dirname(bundle));
}
