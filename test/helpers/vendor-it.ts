/**
 * `it` for a test that reads vendor files (test/helpers/vendor-corpus.ts). Where every file is
 * here, the test. Where one is missing: under POD_SEQUENCER_REQUIRE_VENDOR=1 (`.ci/run`) a test
 * that fails naming it, unless shared/ awaits it (test/vendor/awaited.txt); otherwise no test and
 * one line naming it (no skipped test: `.ci/run` refuses skips).
 */
import { it } from 'vitest';
import { cite, mustHave, readCorpusFile, sharedDir, sharedPathOf, type CorpusEntry } from './vendor-corpus.js';

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
 * `it` when every text a test reads is here, else no test and one line naming it. A corpus file
 * that shared/ should hold and does not is still a failure under POD_SEQUENCER_REQUIRE_VENDOR=1:
 * test/vendor/invariants.test.ts reads every file of the lists through `availableCorpus`.
 */
export function itIfHere(...texts: unknown[]): (name: string, fn: () => unknown, timeout?: number) => void {
  if (texts.every((t) => t !== undefined)) return (name, fn, timeout) => it(name, fn, timeout);
  return (name) => console.log(`no test "${name}": a vendor file it reads is not here (test/helpers/vendor-corpus.ts)`);
}
