#!/usr/bin/env node
'use strict';
// Runs the bundled CLI (dist/cli.cjs) with V8's code cache for it (dist/cli.cjs.<V8 version>.cache), which
// the build makes by running the bundle on the examples (scripts/code-cache.mjs), and which a run that finds
// none writes itself when it ends: compiling the bundle is a good part of a small run, Node 20
// has no module.enableCompileCache, and a clone or an install has no build's cache (dist/ is
// committed without one, and nothing builds at install). The cache is used only when it was
// made from these exact bytes and V8 accepts it (V8 checks its own version and flags); a run
// that finds none, a stale one or one V8 refuses writes a new one, beside the bundle, when
// dist/ is writable (a temporary file, then renamed over: a reader never sees half a cache),
// and says nothing when it cannot. V8 itself checks only the source's length, so the cache
// file starts with a header naming what it was made from: the build (the bundle's last line, a
// SHA-256 of the rest that scripts/build.mjs writes), the bundle's length and its mtime (a hand
// edit of dist/cli.cjs that keeps its length). Reading those needs no second copy of the bundle
// and no hash on every run (loading node:crypto for one took longer than the rest of this file:
// BENCHMARKS.md, "Start-up"). A bundle without that last line gets no cache of ours.
// POD_SEQUENCER_CODE_CACHE_OUT=FILE
// writes a new cache to FILE when the run ends (from the one FILE holds, if it was made from this
// bundle), and POD_SEQUENCER_CODE_CACHE_CHECK=1 says on stderr whether V8 took the cache (the
// build's use, and the tests').
// This is so on every Node: V8's cache made after a run holds every function the run compiled,
// where Node's own compile cache (22.1+) holds only the bundle's top level, and the rest is
// compiled again on each run (a small run on Node 24: 75 ms with Node's, 60 with ours; BENCHMARKS.md).
// Only where dist/ holds no cache of ours and cannot (a global install run by another user) does
// Node 22.1+'s compile cache serve, kept in the user's cache directory rather than Node's
// default under the shared temp dir (code another user wrote there would run as this one).
// NODE_COMPILE_CACHE, when set, is Node's and wins.
const { accessSync, closeSync, constants, fstatSync, openSync, readSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

// V8's inlining budget: the CLI sets a smaller one for a large run (src/inlining.ts), after the
// bundle is compiled with its cache. A cache written after such a run would carry that flag
// (V8 keys cached data by its flags) and be refused by every run after it, so the default
// (920 bytes of bytecode on Node 20, 22 and 24) is put back before one is written, unless the
// user gave the flag: then it is the user's on every run. `userInlining` is the test
// src/inlining.ts makes before it sets the flag, written again here: the bin runs before the
// bundle and imports nothing of it, and the two must agree.
const INLINING = '--max-inlined-bytecode-size-cumulative';
const V8_DEFAULT_INLINING = 920;
const userInlining = () => [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes(INLINING) || a.includes('turbo-inlining'));

const bundle = join(__dirname, '..', 'dist', 'cli.cjs');
// One cache per V8 version (V8 refuses another's): a clone run by several Nodes (CI runs 20, 22
// and 24 at once) keeps each one's instead of replacing it at every switch.
const ownCache = `${bundle}.${process.versions.v8}.cache`;
const out = process.env.POD_SEQUENCER_CODE_CACHE_OUT;

/** An open descriptor of `file` and its size and mtime, or undefined when it cannot be opened. */
function open(file) {
  try {
    const fd = openSync(file, 'r');
    const { size, mtimeMs } = fstatSync(fd);
    return { fd, size, mtimeMs };
  } catch {
    return undefined;
  }
}

/** Reads `length` bytes of `fd` into the start of `buf`, then closes it; the bytes read. */
function readInto(fd, buf, length) {
  let n = 0;
  try {
    for (let r = 1; n < length && r > 0; n += r) r = readSync(fd, buf, n, length - n, n);
  } finally {
    closeSync(fd);
  }
  return buf.subarray(0, n);
}

const source = open(bundle);
if (!source) {
  process.stderr.write(
    `pod-sequencer: ${bundle} is missing, so this copy cannot run.\n` +
      '  Installed from git: use a commit that has dist/ (every commit since dist/ was committed does).\n' +
      '  In a clone: npm install, then npm run build:dist.\n',
  );
  process.exit(2);
}

// The bundle's last line: this, then 64 hex digits and a newline (scripts/build.mjs).
const BUILD_TAG = '//# pod-sequencer-build ';
const TAG_LENGTH = BUILD_TAG.length + 65;

/**
 * The header a cache of this bundle starts with, or undefined for a bundle without the build's
 * last line. Padded to a multiple of 8 bytes, so V8's data after it is 8-byte aligned: V8 copies
 * cached data that is not (AlignedCachedData, src/snapshot/code-serializer.cc), 0.6 MB more
 * memory touched on every run (BENCHMARKS.md, "Start-up").
 */
function headerFor(bytes) {
  const tail = bytes.length > TAG_LENGTH ? bytes.toString('latin1', bytes.length - TAG_LENGTH, bytes.length - 1) : '';
  if (!tail.startsWith(BUILD_TAG)) return undefined;
  const text = `pod-sequencer code cache: ${tail.slice(BUILD_TAG.length)} ${bytes.length} ${source.mtimeMs}`;
  return Buffer.from(`${text.padEnd(Math.ceil((text.length + 1) / 8) * 8 - 1)}\n`, 'latin1');
}

function madeFrom(cache, header) {
  return cache.length > header.length && header.equals(cache.subarray(0, header.length));
}

/** Whether this run may write dist/'s cache: a directory the user cannot write (a global install as root) is left alone. */
function writable() {
  try {
    accessSync(dirname(bundle), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The cache to `file`, through a temporary file renamed over it (atomic); any failure leaves things as they were, silently. */
function writeCache(file, data, quiet) {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    if (!quiet) throw e;
  }
}

// The build's training runs (scripts/code-cache.mjs) write POD_SEQUENCER_CODE_CACHE_OUT, each
// starting from the cache the one before wrote, so the cache holds what all of them compiled.
const cacheFile = out || ownCache;
const cache = process.env.NODE_COMPILE_CACHE ? undefined : open(cacheFile);
if (!out && (process.env.NODE_COMPILE_CACHE || (!cache && !writable()))) {
  const { enableCompileCache } = require('node:module');
  if (enableCompileCache && !process.env.NODE_COMPILE_CACHE) {
    const base = process.env.XDG_CACHE_HOME || join(require('node:os').homedir(), '.cache');
    enableCompileCache(join(base, 'pod-sequencer', 'node-compile-cache'));
  }
  closeSync(source.fd);
  if (cache) closeSync(cache.fd);
  require(bundle);
} else {
  // One buffer for both files, the bundle first and then, once it is decoded, the cache: every
  // page of memory a run touches first costs it (BENCHMARKS.md, "Start-up").
  const buf = Buffer.allocUnsafe(Math.max(source.size, cache?.size ?? 0));
  const bytes = readInto(source.fd, buf, source.size);
  const header = headerFor(bytes);
  if (header) {
    // Latin-1: the bundle is ASCII (scripts/build.mjs checks), and Latin-1 decodes 1.3 MB in a
    // third of UTF-8's time (BENCHMARKS.md, "Start-up").
    const text = bytes.toString('latin1');
    const data = cache && readInto(cache.fd, buf, cache.size);
    runScript(text, header, data && madeFrom(data, header) ? data.subarray(header.length) : undefined);
  } else {
    // Not a bundle scripts/build.mjs wrote: run as Node runs a module, with no cache of ours.
    if (cache) closeSync(cache.fd);
    if (process.env.POD_SEQUENCER_CODE_CACHE_CHECK) process.stderr.write('code cache: none\n');
    require(bundle);
  }
}

/** The bundle's `text` compiled with V8's `cachedData` (when there is any), then run. */
function runScript(text, header, cachedData) {
  const { Script } = require('node:vm');
  // The bundle is a function expression that scripts/build.mjs wrote around the CLI: run as a
  // script, it is that function, called below as Node calls a CommonJS module's wrapper; given
  // to require() (Node's compile cache, above), it calls itself. Node's own wrapper, added here,
  // made V8 copy the whole text into one string before compiling it.
  const script = new Script(text, { filename: bundle, cachedData });
  // The build asks whether V8 took the cache it wrote (scripts/code-cache.mjs): a flag that
  // differed between writing and reading would make V8 refuse it, silently.
  if (process.env.POD_SEQUENCER_CODE_CACHE_CHECK)
    process.stderr.write(`code cache: ${!cachedData ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted'}\n`);
  // The build's cache goes to POD_SEQUENCER_CODE_CACHE_OUT; a run with no cache V8 takes writes
  // dist/'s own (once: the next run takes it). After the run, so the cache also holds the
  // functions the run compiled.
  const target = out || ((!cachedData || script.cachedDataRejected) && writable() ? ownCache : undefined);
  if (target) {
    delete process.env.POD_SEQUENCER_CODE_CACHE_OUT;
    process.on('exit', () => {
      if (!userInlining()) require('node:v8').setFlagsFromString(`${INLINING}=${V8_DEFAULT_INLINING}`);
      writeCache(target, Buffer.concat([header, script.createCachedData()]), !out);
    });
  }
  const module = { exports: {}, filename: bundle, id: bundle, loaded: false };
  script.runInThisContext().call(module.exports, module.exports, require, module, bundle, dirname(bundle));
}
