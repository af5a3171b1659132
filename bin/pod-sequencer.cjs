#!/usr/bin/env node
'use strict';
// Runs the bundled CLI (dist/cli.cjs) with V8's code cache for it, which the build makes by
// running the bundle once (scripts/build.mjs): compiling the bundle is a good part of a small
// run, and Node 20 has no module.enableCompileCache. The cache is used only when it was made
// from these exact bytes (sha256) and V8 accepts it (same Node version and flags); otherwise
// the bundle is compiled as usual. POD_SEQUENCER_CODE_CACHE_OUT=FILE writes a new cache to
// FILE when the run ends (the build's use only).
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

const cache = out ? undefined : readCache();
if (!cache && !out) {
  require(bundle);
} else {
  const { createHash } = require('node:crypto');
  const { Script } = require('node:vm');
  const { wrap } = require('node:module');
  const source = readFileSync(bundle);
  const digest = createHash('sha256').update(source).digest();
  const cachedData = cache && digest.equals(cache.subarray(0, 32)) ? cache.subarray(32) : undefined;
  const script = new Script(wrap(source.toString('utf8')), { filename: bundle, cachedData });
  if (out) {
    // After the run, so the cache also holds the functions the run compiled.
    delete process.env.POD_SEQUENCER_CODE_CACHE_OUT;
    process.on('exit', () => writeFileSync(out, Buffer.concat([digest, script.createCachedData()])));
  }
  const module = { exports: {}, filename: bundle, id: bundle, loaded: false };
  script.runInThisContext()(module.exports, require, module, bundle, dirname(bundle));
}
