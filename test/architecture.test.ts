/**
 * The layers of docs/architecture.md, held by the imports: each directory of src/ may import only
 * itself and the layers below it. A move that breaks the order fails here with the file and the
 * import named, before it becomes a cycle a reader has to untangle.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/**
 * Bottom to top, as docs/architecture.md lists them. A directory names its layer; a few files sit
 * in another layer than their directory's (the reader beside the file commands, the per-item
 * pipeline at the root), and say so here.
 */
const LAYERS: string[][] = [
  ['profiles', 'version.ts', 'cache.ts', 'inlining.ts', 'stdio.ts'],
  ['yaml'],
  ['krm', 'files/read.ts'],
  ['shell'],
  ['config'],
  ['workloads'],
  ['pod'],
  ['sequence'],
  ['check'],
  ['process.ts', 'files/run.ts'],
  ['explain', 'patches', 'admission', 'audit'],
  ['files'],
  // audit reads what the file reader and the engine decide (files/read.ts, process.ts) and prints check's formats.
  ['audit'],
  ['cli.ts', 'index.ts', 'run.ts'],
];

/** Known reads of a layer above, each with its reason. Keep this list short. */
const ALLOWED: Record<string, string> = {
  'profiles -> config': 'the vendor tables are typed with the config types (Check, Shutdown)',
  'config -> workloads': 'a selector in the config is validated with the glob matcher, a podTemplatePath with the path syntax (paths.ts)',
  'yaml -> krm': 'the text layer throws the one FatalError (with its position) and emits results, both typed in krm/types.ts',
};

const rank = (layer: string) => LAYERS.findIndex((l) => l.includes(layer));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.d.ts') ? [p] : [];
  });
}

/** The file's own entry in LAYERS if it has one, else its directory's. */
function layerOf(file: string): string {
  const rel = relative(src, file.replace(/\.js$/, '.ts'));
  if (rank(rel) >= 0) return rel;
  const [dir] = rel.split('/');
  return dir!;
}

describe('layers (docs/architecture.md)', () => {
  const violations: string[] = [];
  const used = new Set<string>();
  for (const file of files(src)) {
    const from = layerOf(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^(?:import|export)\b[^;]*?from '(\.[^']+)'/gms)) {
      const to = layerOf(join(dirname(file), m[1]!));
      if (rank(to) <= rank(from)) continue;
      if (ALLOWED[`${from} -> ${to}`]) {
        used.add(`${from} -> ${to}`);
        continue;
      }
      violations.push(`${relative(src, file)} imports ${m[1]} (${from} may not import ${to})`);
    }
  }

  it('every module of src/ is in a known layer', () => {
    expect(
      files(src)
        .filter((f) => rank(layerOf(f)) < 0)
        .map((f) => relative(src, f)),
    ).toEqual([]);
  });

  it('no module imports a layer above its own', () => {
    expect(violations).toEqual([]);
  });

  it('every allowed exception is still needed', () => {
    expect(Object.keys(ALLOWED).filter((k) => !used.has(k))).toEqual([]);
  });

  it('check rules and explain learn facts from src/pod/, not from a transform', () => {
    const offenders = [...files(join(src, 'check')), ...files(join(src, 'explain'))].flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const uses = [...text.matchAll(/from '((?:\.\.\/)+sequence\/[^']+)'/g)].map((m) => m[1]!);
      // The one sanctioned use: a rule that runs the transform on a copy, so check is fix's dry run.
      return uses.filter((u) => !u.endsWith('sequence/index.js')).map((u) => `${relative(src, file)} imports ${u}`);
    });
    expect(offenders).toEqual([]);
  });
});
