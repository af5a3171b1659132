/**
 * `it` for a test that reads vendor files (test/helpers/vendor-corpus.ts). Where every file is
 * here, the test. Where one is missing: under POD_SEQUENCER_REQUIRE_VENDOR=1 (`.ci/run`) a test
 * that fails naming it, unless shared/ awaits it (test/vendor/awaited.txt); otherwise no test and
 * one line naming it (no skipped test: `.ci/run` refuses skips).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './cli.js';
import { cite, corpusEntries, mustHave, readCorpusFile, sharedDir, sharedPathOf, slug, type CorpusEntry } from './vendor-corpus.js';
import { hasSources } from './vendor-src.js';

export function itWithVendor(name: string, files: readonly (CorpusEntry | undefined)[], fn: () => void | Promise<void>, timeout?: number): void {
  if (files.some((e) => e === undefined)) throw new Error(`${name}: a file it reads is not in the corpus lists`);
  const missing = (files as CorpusEntry[]).filter((e) => readCorpusFile(e) === undefined);
  if (missing.length === 0) return void it(name, fn, timeout);
  const names = missing.map((e) => `${sharedDir()}/${sharedPathOf(e)} (${cite(e)})`).join(', ');
  if (missing.some((e) => mustHave(sharedPathOf(e))))
    return void it(name, () => {
      throw new Error(`POD_SEQUENCER_REQUIRE_VENDOR=1: not in shared/ nor a snapshot: ${names}`);
    });
  console.log(`no test "${name}": not in shared/ nor a snapshot: ${names}`);
}

/**
 * `describe` for a group whose tests read vendor files, each guarding its own (itWithVendor,
 * itIfHere): the group where at least one of `files` is here, else no group and one line naming
 * them. vitest fails a describe that registers no test, so the guard that leaves a test out must
 * also leave out a group that would be left empty. Under POD_SEQUENCER_REQUIRE_VENDOR=1 a missing
 * file that shared/ does not await is a failing test in the group, named.
 */
export function describeWithVendor(name: string, files: readonly (CorpusEntry | undefined)[], fn: () => void): void {
  if (files.some((e) => e === undefined)) throw new Error(`${name}: a file it reads is not in the corpus lists`);
  const missing = (files as CorpusEntry[]).filter((e) => readCorpusFile(e) === undefined);
  const names = missing.map((e) => `${sharedDir()}/${sharedPathOf(e)} (${cite(e)})`).join(', ');
  const required = missing.filter((e) => mustHave(sharedPathOf(e)));
  if (required.length > 0)
    return void describe(name, () => {
      it(`${name}: its vendor files`, () => {
        throw new Error(`POD_SEQUENCER_REQUIRE_VENDOR=1: not in shared/ nor a snapshot: ${names}`);
      });
      fn();
    });
  if (missing.length < files.length) return void describe(name, fn);
  console.log(`no tests "${name}": not in shared/ nor a snapshot: ${names}`);
}

/**
 * `describe` when what the group reads is here (`here`), else no group and one line saying what
 * it needs (`needs`): for groups over what a list turned out to hold (availableCorpus, a
 * repository's sources), which already fail, named, under POD_SEQUENCER_REQUIRE_VENDOR=1.
 */
export function describeIfHere(here: boolean, needs: string): (name: string, fn: () => void) => void {
  if (here) return (name, fn) => describe(name, fn);
  return (name) => console.log(`no tests "${name}": it needs ${needs}, and this machine has none`);
}

/**
 * `it` when every text a test reads is here, else no test and one line naming it. A corpus file
 * that shared/ should hold and does not is still a failure under POD_SEQUENCER_REQUIRE_VENDOR=1:
 * test/vendor/invariants.test.ts reads every file of the lists through `availableCorpus`.
 */
export function itIfHere(...texts: unknown[]): (name: string, fn: () => unknown, timeout?: number) => void {
  if (texts.every((t) => t !== undefined)) return (name, fn, timeout) => it(name, fn, timeout);
  return (name) => console.log(`no test "${name}": a vendor file it reads is not here (test/helpers/vendor-corpus.ts)`);
}

/**
 * One test for a group of vendor files: each is here, or awaited in shared/ (test/vendor/awaited.txt).
 * It fails under POD_SEQUENCER_REQUIRE_VENDOR=1 for a file that is neither, and keeps a describe
 * whose other tests all read absent files from being empty (vitest fails an empty suite).
 */
export function itHereOrAwaited(label: string, files: readonly { repo: string; path: string }[]): void {
  const all = corpusEntries().concat(corpusEntries(join(ROOT, 'test', 'helm', 'corpus')));
  it(`${label}: each vendor file it reads is here, or awaited in shared/`, () => {
    const entries = files.map((f) => all.find((e) => e.repo === f.repo && e.path === f.path) ?? (f as CorpusEntry));
    expect(entries.filter((e) => readCorpusFile(e) === undefined && mustHave(sharedPathOf(e))).map(cite)).toEqual([]);
  });
}

/** The same for the repositories whose sources a group of facts cites (test/helpers/vendor-src.ts). */
export function itSourcesHereOrAwaited(label: string, repos: readonly string[]): void {
  it(`${label}: each repository's sources are here, or awaited in shared/`, () => {
    expect([...new Set(repos)].filter((r) => !hasSources(r) && mustHave(`vendor-src/${slug(r)}/`))).toEqual([]);
  });
}
