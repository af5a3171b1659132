/**
 * Real manifests written by vendors' own tools and by real projects, for invariant tests.
 *
 * The workplace's rule for fetched repositories is that developers commit none of their files
 * (data files belong only in the steering repo's shared/). So the corpus is committed as a list
 * of references (`test/vendor/corpus/*.json`: repo, commit, path, license, what it is), and each
 * file is read at test time from the first place that has it:
 *   1. `../shared/vendor/<owner>+<name>/<path>` (shared/ sits beside the clone, in CI too);
 *   2. a local snapshot of the repository: `$POD_SEQUENCER_MIRROR/<owner>+<name>/repo` (a bare
 *      git directory; default /work/.mirror), at the listed commit.
 * A test whose file is in neither place skips with one visible line naming it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

const slug = (repo: string) => repo.replace('/', '+');

/** The file's text, or undefined when neither shared/ nor a local snapshot has it. */
export function readCorpusFile(e: CorpusEntry): string | undefined {
  const shared = join(root, '..', 'shared', 'vendor', slug(e.repo), e.path);
  if (existsSync(shared)) return readFileSync(shared, 'utf8');
  const gitDir = join(process.env.POD_SEQUENCER_MIRROR ?? '/work/.mirror', slug(e.repo), 'repo');
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

/** `repo@commit:path`, as sources are cited everywhere in this project. */
export const cite = (e: CorpusEntry) => `${e.repo}@${e.commit.slice(0, 12)}:${e.path}`;
