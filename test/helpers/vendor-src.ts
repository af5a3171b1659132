/**
 * The vendor sources the fact tables cite (`owner/repo@ref:path`, src/profiles/*.ts), read from
 * the first place that has them:
 *   1. `<shared>/vendor-src/<owner>+<name>/<ref>/<path>` and `<owner>+<name>/TAGS` (the tag list),
 *      copied into the steering repo's shared/ (see its README: a file not there did not exist at
 *      that ref);
 *   2. a snapshot of the repository, `$POD_SEQUENCER_MIRROR/<owner>+<name>/repo` (what `fetch` makes).
 * A repository in neither place: its tests skip, by name, or under POD_SEQUENCER_REQUIRE_VENDOR=1
 * (`.ci/run`) run and fail, naming the file shared/ lacks.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mirrorDir, mustHave, sharedDir, slug } from './vendor-corpus.js';

export const SOURCE = /^([\w.-]+\/[\w.-]+)@([^:\s]+):(\S+)$/;

const srcDir = (repo: string) => join(sharedDir(), 'vendor-src', slug(repo));
const gitDir = (repo: string) => join(mirrorDir(), slug(repo), 'repo');
const inShared = (repo: string) => existsSync(join(srcDir(repo), 'TAGS'));
const inMirror = (repo: string) => existsSync(gitDir(repo));

/** Whether this machine has the repository's sources (shared/ or a snapshot). */
export const hasSources = (repo: string) => inShared(repo) || inMirror(repo);

/**
 * Leave a test out for want of the repository's sources: never under POD_SEQUENCER_REQUIRE_VENDOR=1,
 * unless shared/ awaits them (test/vendor/awaited.txt).
 */
export const lacksSources = (repo: string) => !hasSources(repo) && !mustHave(`vendor-src/${slug(repo)}/`);

function git(repo: string, args: string[]): string | undefined {
  if (!inMirror(repo)) return undefined;
  try {
    return execFileSync('git', ['--git-dir', gitDir(repo), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 << 20 });
  } catch {
    return undefined;
  }
}

/** The file's text at `ref`; undefined when it is not there at that ref (or nowhere here). */
export function readSource(repo: string, ref: string, path: string): string | undefined {
  const shared = join(srcDir(repo), ref, path);
  if (existsSync(shared)) return readFileSync(shared, 'utf8');
  return git(repo, ['show', `${ref}:${path}`]);
}

/** `owner/repo@ref:path` read as `readSource` does. */
export function readCited(source: string): string | undefined {
  const [, repo, ref, path] = SOURCE.exec(source) ?? [];
  return repo ? readSource(repo, ref!, path!) : undefined;
}

/** Where a missing source should be: the path shared/ lacks, for failure messages. */
export function whereMissing(source: string): string {
  const [, repo, ref, path] = SOURCE.exec(source) ?? [];
  return `${join(srcDir(repo ?? '?'), ref ?? '?', path ?? '?')} (nor in ${gitDir(repo ?? '?')})`;
}

/** Where the tag list is read from, for failure messages. */
export const whereTags = (repo: string) => (inShared(repo) ? join(srcDir(repo), 'TAGS') : `${join(srcDir(repo), 'TAGS')} (absent) or ${gitDir(repo)}`);

const tagLists = new Map<string, string[]>();
/** The repository's tags: shared/'s TAGS, else the snapshot's `git tag`. */
export function tagsOf(repo: string): string[] {
  if (!tagLists.has(repo)) {
    const tags = inShared(repo) ? readFileSync(join(srcDir(repo), 'TAGS'), 'utf8') : (git(repo, ['tag']) ?? '');
    tagLists.set(repo, tags.split('\n').filter(Boolean));
  }
  return tagLists.get(repo)!;
}
