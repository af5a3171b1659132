#!/usr/bin/env node
'use strict';
// Runs the bundled CLI (dist/cli.cjs) with V8's code cache for it, which the build makes by
// running the bundle once (scripts/build.mjs): compiling the bundle is a good part of a small
// run, and Node 20 has no module.enableCompileCache. The cache is used only when it was made
// from these exact bytes and V8 accepts it (same Node version and flags); otherwise the bundle
// is compiled as usual. The cache file starts with the bundle it was made from (its length,
// then its bytes): comparing those is exact and needs no hash, and loading node:crypto for one
// took longer than the rest of this file (BENCHMARKS.md). POD_SEQUENCER_CODE_CACHE_OUT=FILE
// writes a new cache to FILE when the run ends, and POD_SEQUENCER_CODE_CACHE_CHECK=1 says on stderr
// whether V8 took the cache (the build's use only).
// On Node 22.1+ Node's own compile cache is used instead: an installed copy has no cache of
// ours (nothing builds on install: docs/decisions.md "Committed dist/"), and ours would be for
// the Node that built it. Node's is kept in the user's cache directory rather than Node's
// default under the shared temp dir (code another user wrote there would run as this one);
// NODE_COMPILE_CACHE, when set, is Node's and wins.
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

// A run is short: most of its code runs before V8's optimising compiler (TurboFan) has finished
// with it, and TurboFan's jobs take longest where it inlines most (7-27 ms each for the YAML
// reader's methods, on the compiler thread that shares 2 cores with the run). A smaller inlining
// budget than V8's default (920 bytes of bytecode per function) gets optimised code sooner:
// BENCHMARKS.md, "V8's inlining budget". Set before the bundle is compiled, so the code caches
// (ours and Node's, both keyed by V8's flags) are made and read with the same flags; a budget
// the user gives in NODE_OPTIONS or on the command line wins.
const INLINING = '--max-inlined-bytecode-size-cumulative';
if (![...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes(INLINING) || a.includes('turbo-inlining'))) {
  require('node:v8').setFlagsFromString(`${INLINING}=200`);
}

const bundle = join(__dirname, '..', 'dist', 'cli.cjs');
const out = process.env.POD_SEQUENCER_CODE_CACHE_OUT;

if (!existsSync(bundle)) {
  process.stderr.write(
    `pod-sequencer: ${bundle} is missing, so this copy cannot run.\n` +
      '  Installed from git: use a commit that has dist/ (every commit since dist/ was committed does).\n' +
      '  In a clone: npm install, then npm run build:dist.\n',
  );
  process.exit(2);
}

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

const { enableCompileCache } = require('node:module');
const cache = out || enableCompileCache ? undefined : readCache();
if (enableCompileCache && !out) {
  if (!process.env.NODE_COMPILE_CACHE) {
    const base = process.env.XDG_CACHE_HOME || join(require('node:os').homedir(), '.cache');
    enableCompileCache(join(base, 'pod-sequencer', 'node-compile-cache'));
  }
  require(bundle);
} else if (!cache && !out) {
  require(bundle);
} else {
  const { Script } = require('node:vm');
  const { wrap } = require('node:module');
  const source = readFileSync(bundle);
  const cachedData = cache && madeFrom(cache, source) ? cache.subarray(4 + source.length) : undefined;
  const script = new Script(wrap(source.toString('utf8')), { filename: bundle, cachedData });
  // The build asks whether V8 took the cache it wrote (scripts/code-cache.mjs): a flag set above
  // that differed between writing and reading would make V8 refuse it, silently.
  if (process.env.POD_SEQUENCER_CODE_CACHE_CHECK)
    process.stderr.write(`code cache: ${!cachedData ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted'}\n`);
  if (out) {
    // After the run, so the cache also holds the functions the run compiled.
    delete process.env.POD_SEQUENCER_CODE_CACHE_OUT;
    process.on('exit', () => writeFileSync(out, Buffer.concat([lengthOf(source), source, script.createCachedData()])));
  }
  const module = { exports: {}, filename: bundle, id: bundle, loaded: false };
  script.runInThisContext()(module.exports, require, module, bundle, dirname(bundle));
}
