/**
 * Comments cite files that exist in the repository (docs/*.md, src/..., fixtures/...), never
 * documents a newcomer cannot open (an outside "domain note", "the contract").
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|mjs|cjs)$/.test(name) ? [p] : [];
  });
}

const sources = ['src', 'scripts', 'bench', 'test'].flatMap((d) => files(join(ROOT, d))).filter((f) => !f.endsWith('citations.test.ts'));
/** A repository path in a comment: `docs/x.md`, `src/a/b.ts`, `fixtures/filter/case/`, ... */
const CITED = /(?<![\w./-])((?:docs|src|test|fixtures|examples|schema|scripts|bench)\/[\w./<>*-]*)/g;
const COMMENT = /\/\/.*$|\/\*[\s\S]*?\*\//gm;

describe('comments cite files that exist', () => {
  it('every repository path named in a comment exists', () => {
    const missing: string[] = [];
    let cited = 0;
    for (const file of sources) {
      for (const comment of readFileSync(file, 'utf8').match(COMMENT) ?? []) {
        for (const [, path] of comment.matchAll(CITED)) {
          if (path!.includes('<') || path!.includes('*')) continue;
          cited++;
          if (!existsSync(join(ROOT, path!.replace(/[.:-]+$/, '')))) missing.push(`${relative(ROOT, file)}: ${path}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(cited).toBeGreaterThan(20);
  });

  it('no comment cites a document outside the repository', () => {
    const outside = sources.filter((f) => /domain\.md|domain note|the contract's|§\d/.test(readFileSync(f, 'utf8')));
    expect(outside.map((f) => relative(ROOT, f))).toEqual([]);
  });
});
