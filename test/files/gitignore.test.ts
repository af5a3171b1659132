/**
 * Walking a directory in a git checkout skips what git ignores, as the linters users know do
 * (issue 20): asked of git (`check-ignore`), so tracked files always count and every ignore file
 * counts as git counts it. A file named on the command line is always read; outside a checkout,
 * or without git, the walk is plain.
 * @needs git
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectFiles, type Note } from '../../src/files/read.js';

const doc = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n';

function tree(git: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-ignore-'));
  for (const d of ['a', 'build', 'a/deep']) mkdirSync(join(dir, d), { recursive: true });
  for (const f of ['a/x.yaml', 'a/deep/y.yaml', 'build/out.yaml', 'a/z.gen.yaml', 'a/kept.gen.yaml', 'a/local.yaml']) writeFileSync(join(dir, f), doc);
  writeFileSync(join(dir, '.gitignore'), 'build/\n*.gen.yaml\n');
  writeFileSync(join(dir, 'a', '.gitignore'), 'local.yaml\n');
  if (git) {
    expect(spawnSync('git', ['init', '-q', dir]).status).toBe(0);
    // A tracked file is never ignored, whatever .gitignore says.
    expect(spawnSync('git', ['-C', dir, 'add', '-f', 'a/kept.gen.yaml']).status).toBe(0);
  }
  return dir;
}

const rel = (dir: string, files: string[]) => files.map((f) => f.slice(dir.length + 1)).sort();

describe('directory walks and .gitignore', () => {
  it('in a checkout: ignored files are skipped with one note, tracked ones kept', () => {
    const dir = tree(true);
    const notes: Note[] = [];
    expect(rel(dir, collectFiles([dir], notes))).toEqual(['a/deep/y.yaml', 'a/kept.gen.yaml', 'a/x.yaml']);
    expect(notes).toEqual([{ path: dir, message: 'skipped 3 files that git ignores (.gitignore); name a file to read it' }]);
  });

  it('a subdirectory of a checkout follows the checkout root rules', () => {
    const dir = tree(true);
    expect(rel(dir, collectFiles([join(dir, 'a')], []))).toEqual(['a/deep/y.yaml', 'a/kept.gen.yaml', 'a/x.yaml']);
  });

  it('a file named on the command line is read even when ignored', () => {
    const dir = tree(true);
    expect(collectFiles([join(dir, 'build', 'out.yaml')], [])).toEqual([join(dir, 'build', 'out.yaml')]);
  });

  it('outside a checkout the walk is plain', () => {
    const dir = tree(false);
    const notes: Note[] = [];
    expect(rel(dir, collectFiles([dir], notes))).toHaveLength(6);
    expect(notes).toEqual([]);
  });
});
