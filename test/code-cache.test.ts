/**
 * V8 keys every code cache by its flags, so a cache written under one flag and read without it
 * is refused without a word, and every run compiles the bundle again. The CLI sets one, the
 * inlining budget, in large runs after the bundle is compiled (src/inlining.ts), and the bin
 * puts V8's default back before it writes a cache. The build writes its cache by running the bin
 * (scripts/code-cache.mjs); this holds both sides to the same flags for the Node running the
 * tests; test/node-versions.test.ts does the same for Node 22 and 24.
 *
 * A clone or an install has no build's cache (dist/ is committed and packed without one, and
 * nothing builds at install): on every Node the bin writes one on the first run that finds none
 * it can use, and V8 takes it on the next (issue 38: a fresh clone started 1.88x bare Node on
 * Node 20, 1.47x with the cache). Only a copy the user cannot write is left to Node's compile
 * cache (22.1+), which holds the bundle's top level only.
 */
import { describe, expect, it } from 'vitest';
import { codeCacheStatus } from '../scripts/code-cache.mjs';
import { generate } from '../bench/gen.mjs';
import { LARGE_INPUT } from '../src/inlining.js';
import { ROOT, run } from './helpers/cli.js';
import { compileCacheAccepted, freshCopy, freshCopyRuns, readOnlyCopy } from './helpers/code-cache.js';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as nodeModule from 'node:module';
import { Script } from 'node:vm';

/** Node 22.1+ has a compile cache of its own; the types installed are Node 20's. */
const enableCompileCache = (nodeModule as { enableCompileCache?: unknown }).enableCompileCache;

describe('the code cache is taken under the flags it was written with', () => {
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
  // A large first run sets V8's smaller inlining budget after the bundle is compiled
  // (src/inlining.ts); the bin puts V8's default back before it writes the cache, or every later
  // run would refuse it. The same bin without that line shows the run did change the flag.
  it(`${process.version}: a large first run (V8's inlining budget set mid-run) writes a cache the next run takes`, () => {
    const large = generate(400);
    expect(large.length).toBeGreaterThan(LARGE_INPUT);
    expect(freshCopyRuns(process.execPath, 2, { inputs: [large] }).said).toEqual(['none', 'accepted']);
    const RESTORE = /^ *if \(!userInlining\(\)\) require\('node:v8'\)\.setFlagsFromString\(.*\n/m;
    const withoutRestore = (bin: string) => {
      expect(bin).toMatch(RESTORE);
      return bin.replace(RESTORE, '');
    };
    expect(freshCopyRuns(process.execPath, 2, { inputs: [large], edit: withoutRestore }).said).toEqual(['none', 'rejected']);
    expect(freshCopyRuns(process.execPath, 2, { edit: withoutRestore }).said, 'a small run sets no flag').toEqual(['none', 'accepted']);
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

/**
 * V8 checks only a cache's source length, so the bin's header says which bundle a cache was made
 * from: the build named in the bundle's last line (scripts/build.mjs), its length and mtime. A
 * cache of any other bundle must not be taken: V8 would run the old bundle's code for the new.
 */
describe('a code cache of another bundle is not taken', () => {
  const TAG = '//# pod-sequencer-build ';
  /** `--version` of a fresh copy, with what the bin said of its cache. */
  const version = (bin: string) => {
    const r = run(process.execPath, [bin, '--version'], { env: { ...process.env, POD_SEQUENCER_CODE_CACHE_CHECK: '1' } });
    return { said: /^code cache: (\w+)$/m.exec(r.stderr)?.[1], out: r.stdout.trim() };
  };
  /** The bundle of a copy after `edit`, with the build's last line `tag` gives it. */
  const rewrite = (bundle: string, edit: (text: string) => string, tag: (body: string) => string) => {
    const text = readFileSync(bundle, 'latin1');
    const body = edit(text.slice(0, text.lastIndexOf(TAG)));
    writeFileSync(bundle, body + tag(body), 'latin1');
  };
  const own = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
  const other = own.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
  const bump = (text: string) => text.replaceAll(JSON.stringify(own), JSON.stringify(other));

  it('a new build of the same length (another release installed over this one) compiles afresh, then writes its own', () => {
    const { dir, bin } = freshCopy();
    expect([version(bin), version(bin)].map((v) => v.said)).toEqual(['none', 'accepted']);
    const bundle = join(dir, 'dist', 'cli.cjs');
    const length = readFileSync(bundle).length;
    rewrite(bundle, bump, (body) => `${TAG}${createHash('sha256').update(body).digest('hex')}\n`);
    expect(readFileSync(bundle).length, 'the same length, which V8 alone would take').toBe(length);
    expect(version(bin)).toEqual({ said: 'none', out: other });
    expect(version(bin)).toEqual({ said: 'accepted', out: other });
  });
  it('a hand edit that keeps the length and the last line is seen by its mtime', () => {
    const { dir, bin } = freshCopy();
    expect([version(bin), version(bin)].map((v) => v.said)).toEqual(['none', 'accepted']);
    const bundle = join(dir, 'dist', 'cli.cjs');
    const last = readFileSync(bundle, 'latin1').split('\n').at(-2)!;
    rewrite(bundle, bump, () => `${last}\n`);
    expect(version(bin)).toEqual({ said: 'none', out: other });
  });
  it("a bundle without the build's last line runs without a cache of ours, and writes none", () => {
    const { dir, bin } = freshCopy();
    rewrite(
      join(dir, 'dist', 'cli.cjs'),
      (t) => t,
      () => '',
    );
    expect([version(bin), version(bin)]).toEqual([
      { said: 'none', out: own },
      { said: 'none', out: own },
    ]);
    expect(readdirSync(join(dir, 'dist')).sort()).toEqual(['cli.cjs', 'index.cjs']);
  });
});

/**
 * How the bin reads the bundle and its cache costs memory touched for the first time, which is
 * start-up time (BENCHMARKS.md, "Start-up"): V8 copies cached data that is not 8-byte aligned, and
 * copies a script it is given in pieces (Node's wrapper added at run time) into one string.
 */
describe('the bundle and its cache, as the bin reads them', () => {
  it("a cache's header is a multiple of 8 bytes, so V8's data after it is aligned", () => {
    const { dir, bin } = freshCopy();
    run(process.execPath, [bin, '--version']);
    const cache = readdirSync(join(dir, 'dist')).find((f) => /^cli\.cjs\..+\.cache$/.test(f));
    const bytes = readFileSync(join(dir, 'dist', cache!));
    const header = bytes.subarray(0, bytes.indexOf(10) + 1).toString('latin1');
    expect(header).toMatch(/^pod-sequencer code cache: [0-9a-f]{64} \d+ [\d.]+ *\n$/);
    expect(header.length % 8).toBe(0);
  });
  it('dist/cli.cjs is one function expression as a script, and runs the CLI when required', () => {
    const text = readFileSync(join(ROOT, 'dist', 'cli.cjs'), 'latin1');
    const fn = new Script(text, { filename: 'cli.cjs' }).runInThisContext() as unknown;
    expect(typeof fn).toBe('function');
    expect((fn as (...a: unknown[]) => unknown).length).toBe(5);
    const own = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
    expect(run(process.execPath, [join(ROOT, 'dist', 'cli.cjs'), '--version']).stdout.trim()).toBe(own);
    const required = run(process.execPath, ['-e', `process.argv.push('cli.cjs', '--version'); require(${JSON.stringify(join(ROOT, 'dist', 'cli.cjs'))})`]);
    expect(required.stdout.trim()).toBe(own);
  });
  it('a training run starts from the cache the one before wrote, so the cache holds what both compiled', () => {
    const sizeAfter = (inputs: string[]) => {
      const { dir, bin } = freshCopy();
      const out = join(dir, 'dist', 'trained.cache');
      for (const input of inputs) run(process.execPath, [bin], { input, env: { ...process.env, POD_SEQUENCER_CODE_CACHE_OUT: out } });
      return readFileSync(out).length;
    };
    const quickstart = readFileSync(join(ROOT, 'examples', 'quickstart', 'resource-list.yaml'), 'utf8');
    // The same items with a function config and classic sidecars: the validator and the waits.
    const classic = `${quickstart}functionConfig:\n  apiVersion: fn.pod-sequencer.dev/v1alpha1\n  kind: PodSequence\n  metadata: {name: t}\n  spec: {kubernetesVersion: "1.28"}\n`;
    const [one, other, both] = [sizeAfter([quickstart]), sizeAfter([classic]), sizeAfter([quickstart, classic])];
    // V8's data for one run varies by a few bytes from run to run; what the first run alone
    // compiled (the defaults' path, without a config) is some 20 KB of it.
    expect(both - Math.max(one, other)).toBeGreaterThan(8192);
  });
});
