/**
 * Real manifests written by vendors' own tools and by real projects, for invariant tests.
 *
 * The workplace's rule for fetched repositories is that developers commit none of their files
 * (data files belong only in the steering repo's shared/). So the corpus is committed as a list
 * of references (`test/vendor/corpus/*.json`: repo, commit, path, license, what it is), and each
 * file is read at test time from the first place that has it:
 *   1. `<shared>/vendor/<owner>+<name>/<path>` (`sharedDir()`: shared/ sits beside the clone, in CI too);
 *   2. a local snapshot of the repository: `$POD_SEQUENCER_MIRROR/<owner>+<name>/repo` (a bare
 *      git directory; default /work/.mirror), at the listed commit.
 * A test whose file is in neither place skips with one visible line naming it; under
 * POD_SEQUENCER_REQUIRE_VENDOR=1 (`.ci/run`) it fails instead (`availableCorpus`), unless the file
 * is awaited in shared/ (`awaited`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CorpusEntry {
  /** owner/name on GitHub. */
  repo: string;
  /** The commit the file was read at (40 hex digits). */
  commit: string;
  /** Path inside the repository. */
  path: string;
  /** SPDX id of the repository's license. */
  license: string;
  /** What it is: which tool wrote it, what it shows. */
  what: string;
  /** Free-form tags for selecting entries (e.g. "istio", "native", "helm3"). */
  tags?: string[];
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const corpusDir = join(root, 'test', 'vendor', 'corpus');

/**
 * Every entry of every list in `dir` (default test/vendor/corpus/, the invariant tests' lists;
 * test/helm/corpus/ holds Helm's renderings), in file then list order.
 */
export function corpusEntries(dir = corpusDir): CorpusEntry[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as CorpusEntry[]);
}

export const slug = (repo: string) => repo.replace('/', '+');

/** `.ci/run` sets it: vendor data that is in neither place fails the tests instead of skipping them. */
export const requireVendor = process.env.POD_SEQUENCER_REQUIRE_VENDOR === '1';

let awaitedList: string[] | undefined;
/**
 * Whether a path under shared/ (`vendor/<owner>+<name>/<path>`, `vendor-src/...`) is one that the
 * lists here name but shared/ does not hold yet: test/vendor/awaited.txt, one prefix a line, each
 * named in a closing note to be copied in. Until it is, a machine without a snapshot of it has no
 * test for it (no test rather than a skipped one: `.ci/run` refuses skips) and says so in a line.
 * Everything else that is missing fails under POD_SEQUENCER_REQUIRE_VENDOR=1.
 */
export function awaited(sharedPath: string): boolean {
  awaitedList ??= readFileSync(join(root, 'test', 'vendor', 'awaited.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  return awaitedList.some((prefix) => sharedPath.startsWith(prefix));
}

/** Missing vendor data that must fail the test, not leave it out: under the flag, and not awaited. */
export const mustHave = (sharedPath: string) => requireVendor && !awaited(sharedPath);

/** The path under shared/ where an entry's file belongs. */
export const sharedPathOf = (e: CorpusEntry) => `vendor/${slug(e.repo)}/${e.path}`;

/** Where `fetch` keeps repository snapshots (bare git directories `<owner>+<name>/repo`). */
export const mirrorDir = () => process.env.POD_SEQUENCER_MIRROR ?? '/work/.mirror';

/**
 * The steering repo's shared/: $POD_SEQUENCER_SHARED, else `../shared` beside the clone; a git
 * worktree (its `.git` a file naming `<main>/.git/worktrees/<name>`) looks beside its main clone.
 */
export function sharedDir(): string {
  if (process.env.POD_SEQUENCER_SHARED) return resolve(process.env.POD_SEQUENCER_SHARED);
  const beside = join(root, '..', 'shared');
  if (existsSync(beside)) return beside;
  try {
    const gitdir = /^gitdir: (.+)$/m.exec(readFileSync(join(root, '.git'), 'utf8'))?.[1]?.trim();
    if (gitdir) {
      const main = join(isAbsolute(gitdir) ? gitdir : join(root, gitdir), '..', '..', '..');
      if (existsSync(join(main, '..', 'shared'))) return join(main, '..', 'shared');
    }
  } catch {
    // `.git` is a directory (a plain clone) or absent (an unpacked tarball): beside it is all there is.
  }
  return beside;
}

const texts = new Map<CorpusEntry, string | undefined>();
/** The file's text, or undefined when neither shared/ nor a local snapshot has it. */
export function readCorpusFile(e: CorpusEntry): string | undefined {
  if (!texts.has(e)) texts.set(e, readUncached(e));
  return texts.get(e);
}

function readUncached(e: CorpusEntry): string | undefined {
  const shared = join(sharedDir(), 'vendor', slug(e.repo), e.path);
  if (existsSync(shared)) return readFileSync(shared, 'utf8');
  const gitDir = join(mirrorDir(), slug(e.repo), 'repo');
  if (!existsSync(gitDir)) return undefined;
  try {
    return execFileSync('git', ['--git-dir', gitDir, 'show', `${e.commit}:${e.path}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 << 20,
    });
  } catch {
    return undefined;
  }
}

/**
 * The entries whose file is here, with its text. The rest are named in one line (`label`: what
 * the list is), or, under POD_SEQUENCER_REQUIRE_VENDOR=1, thrown: the test file fails, naming each.
 */
export function availableCorpus(entries: CorpusEntry[], label: string): { e: CorpusEntry; text: string }[] {
  const found = entries.flatMap((e) => {
    const text = readCorpusFile(e);
    return text === undefined ? [] : [{ e, text }];
  });
  if (found.length < entries.length) {
    const absent = entries.filter((e) => !found.some((f) => f.e === e));
    const name = (e: CorpusEntry) => `${sharedDir()}/vendor/${slug(e.repo)}/${e.path} (${cite(e)})`;
    const line = (names: string[]) => `${label}: ${found.length} of ${entries.length} files here; not in shared/ nor ${mirrorDir()}: ${names.join(', ')}`;
    const required = absent.filter((e) => mustHave(sharedPathOf(e)));
    if (required.length > 0) throw new Error(`POD_SEQUENCER_REQUIRE_VENDOR=1: ${line(required.map(name))}`);
    const missing = absent.map(name);
    const more = missing.length > 10 ? [`and ${missing.length - 10} more`] : [];
    console.log(`${line([...missing.slice(0, 10), ...more])} (no tests for those${requireVendor ? '; awaited in shared/: test/vendor/awaited.txt' : ''})`);
  }
  return found;
}

/** `repo@commit:path`, as sources are cited everywhere in this project. */
export const cite = (e: CorpusEntry) => `${e.repo}@${e.commit.slice(0, 12)}:${e.path}`;

/**
 * The texts of many entries at once (undefined where neither place has one): shared/ first, then
 * one `git cat-file --batch` per snapshot instead of one `git show` per file (the yaml-test-suite
 * lists hundreds of small files).
 */
export function readCorpusFiles(entries: readonly CorpusEntry[]): (string | undefined)[] {
  const out: (string | undefined)[] = entries.map((e) => {
    const shared = join(sharedDir(), 'vendor', slug(e.repo), e.path);
    return existsSync(shared) ? readFileSync(shared, 'utf8') : undefined;
  });
  const missing = entries.map((e, i) => i).filter((i) => out[i] === undefined);
  for (const repo of new Set(missing.map((i) => entries[i]!.repo))) {
    const gitDir = join(mirrorDir(), slug(repo), 'repo');
    if (!existsSync(gitDir)) continue;
    const mine = missing.filter((i) => entries[i]!.repo === repo);
    let batch: Buffer;
    try {
      batch = execFileSync('git', ['--git-dir', gitDir, 'cat-file', '--batch'], {
        input: mine.map((i) => `${entries[i]!.commit}:${entries[i]!.path}\n`).join(''),
        stdio: ['pipe', 'pipe', 'ignore'],
        maxBuffer: 256 << 20,
      });
    } catch {
      continue;
    }
    // Each answer: `<sha> blob <size>\n<bytes>\n`, or `<name> missing\n`.
    let pos = 0;
    for (const i of mine) {
      const eol = batch.indexOf(10, pos);
      const header = batch.subarray(pos, eol).toString('utf8');
      pos = eol + 1;
      const m = /^[0-9a-f]+ blob (\d+)$/.exec(header);
      if (!m) continue;
      const size = Number(m[1]);
      out[i] = batch.subarray(pos, pos + size).toString('utf8');
      pos += size + 1;
    }
  }
  return out;
}
