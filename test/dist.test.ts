/**
 * @needs git
 * dist/ is committed (docs/decisions.md): an install from git without devDependencies (pre-commit
 * 4.6.1+, `npm install -g git+…`) uses it as is: nothing builds at install. So it must be exactly what
 * the committed sources build: HEAD's tree, exported and built here, gives HEAD's dist/ byte for
 * byte. It reads HEAD, not the working tree: uncommitted edits are judged once committed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, run } from './helpers/cli.js';
import { git } from './helpers/git-repo.js';

const FIX = 'run `npm run build:dist` (after `npm install`) and commit dist/ with the sources';
/** Written per Node where the package is built or installed, never committed (.gitignore). */
const uncommitted = (f: string) => /^dist\/cli\.cjs\.(?:.+\.)?cache$/.test(f);

function filesUnder(dir: string, base: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p, base) : [relative(base, p)];
  });
}

describe('committed dist/', () => {
  const head = mkdtempSync(join(tmpdir(), 'pod-seq-dist-'));
  let committed: string[] = [];
  let built: string[] = [];

  beforeAll(() => {
    const tar = join(head, 'head.tar');
    git(['archive', '--format=tar', '-o', tar, 'HEAD'], ROOT);
    mkdirSync(join(head, 'tree'));
    expect(run('tar', ['-xf', tar, '-C', join(head, 'tree')]).code).toBe(0);
    symlinkSync(join(ROOT, 'node_modules'), join(head, 'tree', 'node_modules'));
    const r = run(process.execPath, [join(head, 'tree', 'scripts', 'build.mjs')], { cwd: join(head, 'tree') });
    expect(r.code, `building HEAD's sources: ${r.stderr}`).toBe(0);
    committed = git(['ls-tree', '-r', '--name-only', 'HEAD', 'dist/'], ROOT).split('\n').filter(Boolean).sort();
    built = filesUnder(join(head, 'tree', 'dist'), join(head, 'tree'))
      .filter((f) => !uncommitted(f))
      .sort();
  }, 180_000);

  it('holds the files a fresh build of the committed sources writes, no more, no fewer', () => {
    expect(built).toContain('dist/cli.cjs');
    expect(committed, `HEAD's dist/ is not the build's file list: ${FIX}`).toEqual(built);
  });

  it('is byte for byte what that build writes', () => {
    const stale = built.filter((f) => committed.includes(f) && !readFileSync(join(head, 'tree', f)).equals(gitBlob(f)));
    expect(stale, `HEAD's dist/ differs from a fresh build of HEAD's sources: ${FIX}`).toEqual([]);
  });
});

function gitBlob(path: string): Buffer {
  return execFileSync('git', ['cat-file', 'blob', `HEAD:${path}`], { cwd: ROOT, maxBuffer: 64 * 2 ** 20 });
}
