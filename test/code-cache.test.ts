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
import { compileCacheAccepted, freshCopy, freshCopyRuns, readOnlyCopy } from './helpers/code-cache.js';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
