/**
 * Kustomize overlay patches among the files `check`/`fix`/`explain` are given (issue 27): a file a
 * kustomization lists under `patches` (`path:`), `patchesStrategicMerge` or `patchesJson6902`
 * is a partial object kustomize merges into a base, not a workload: linted whole it gets false
 * findings (a container without its image or command). Such files are skipped with a note; the
 * function sees the merged objects when it runs in the kustomization (`transformers:`) or on
 * `kustomize build` output. Kustomizations are looked for among the files given and beside each.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parse } from 'yaml';
import type { Note } from './read.js';

/** kustomize's accepted file names (api/konfig/general.go RecognizedKustomizationFileNames). */
export const KUSTOMIZATION_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/** The files listed as patches, by resolved path, each with the kustomization that lists it. */
export function kustomizePatches(paths: readonly string[]): Map<string, string> {
  const kustomizations = new Set<string>();
  for (const p of paths) {
    if (KUSTOMIZATION_NAMES.includes(basename(p))) kustomizations.add(resolve(p));
    for (const n of KUSTOMIZATION_NAMES) {
      const beside = join(dirname(resolve(p)), n);
      if (existsSync(beside)) kustomizations.add(beside);
    }
  }
  const patches = new Map<string, string>();
  for (const k of kustomizations) for (const p of listed(k)) if (!patches.has(p)) patches.set(p, k);
  return patches;
}

function listed(kustomization: string): string[] {
  let doc: unknown;
  try {
    doc = parse(readFileSync(kustomization, 'utf8'));
  } catch {
    return []; // not ours to judge: kustomize reports it
  }
  if (typeof doc !== 'object' || doc === null) return [];
  const k = doc as Record<string, unknown>;
  const out: unknown[] = [];
  for (const key of ['patches', 'patchesJson6902'] as const)
    if (Array.isArray(k[key])) for (const e of k[key] as unknown[]) out.push((e as { path?: unknown } | null)?.path);
  // An item with a newline is an inline patch, not a file.
  if (Array.isArray(k.patchesStrategicMerge)) out.push(...k.patchesStrategicMerge);
  const dir = dirname(kustomization);
  return out.filter((p): p is string => typeof p === 'string' && p !== '' && !p.includes('\n')).map((p) => resolve(dir, p));
}

/** The paths without the patches, each skipped with a note naming its kustomization. */
export function withoutPatches(paths: readonly string[], notes: Note[], cwd = process.cwd()): string[] {
  const patches = kustomizePatches(paths);
  if (patches.size === 0) return [...paths];
  return paths.filter((p) => {
    const by = patches.get(resolve(p));
    if (by === undefined) return true;
    const rel = by.startsWith(cwd + '/') ? by.slice(cwd.length + 1) : by;
    notes.push({
      path: p,
      message: `skipped: a kustomize patch (listed in ${rel}), not a whole object; pod-sequencer sees the merged objects as a kustomize transformer or on \`kustomize build\` output`,
    });
    return false;
  });
}
