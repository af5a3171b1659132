/**
 * This repository as users reach it by git (a clone, `npm install git+…`, pre-commit's `repo:`):
 * a throwaway repository whose one commit holds the working tree as its next commit would, the
 * files git tracks or would track (`git ls-files --cached --others --exclude-standard`), dist/
 * included: it is committed (docs/decisions.md), and `npm test` has just built it.
 */
import { copyFileSync, existsSync, lstatSync, mkdirSync, readlinkSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT, run } from './cli.js';

/** git with no user or system config (hooksPath, signing, templates) and a fixed identity. */
export const GIT_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
};

export function git(args: string[], cwd: string, env: NodeJS.ProcessEnv = GIT_ENV): string {
  const r = run('git', args, { cwd, env });
  if (r.code !== 0) throw new Error(`git ${args.join(' ')} in ${cwd}: ${r.stderr}`);
  return r.stdout;
}

/** Writes the repository into `dir` (created); returns its commit. */
export function repoOfWorkingTree(dir: string): string {
  if (!existsSync(join(ROOT, 'dist', 'cli.cjs'))) throw new Error('no dist/cli.cjs: run `npm run build:dist` first (`npm test` does)');
  const files = git(['ls-files', '-z', '--cached', '--others', '--exclude-standard'], ROOT)
    .split('\0')
    .filter((f) => f !== '' && existsSync(join(ROOT, f))); // a tracked file deleted in the working tree is not in the next commit
  for (const f of files) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    // A symlink is committed as a link, as git does (a contributor's .cache linked to a shared one).
    if (lstatSync(join(ROOT, f)).isSymbolicLink()) symlinkSync(readlinkSync(join(ROOT, f)), join(dir, f));
    else copyFileSync(join(ROOT, f), join(dir, f)); // keeps the mode: bin/, helm-plugin/ stay executable
  }
  git(['init', '-q'], dir);
  git(['add', '-A'], dir);
  git(['commit', '-qm', 'pod-sequencer'], dir);
  return git(['rev-parse', 'HEAD'], dir).trim();
}
