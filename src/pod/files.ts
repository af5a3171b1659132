/**
 * The files a container reads from the input itself: a path under one of its volumeMounts whose
 * volume is a ConfigMap (or a projected volume of ConfigMaps) that the input holds. Envoy's
 * bootstrap (src/pod/bootstrap.ts) and the scripts a Job runs (src/pod/scripts.ts) are read so.
 * Where each key lands is Kubernetes' own rule: the key's name under the mount path, or the
 * `items[].path` a volume maps it to; a `subPath` mount is the one file or directory it names.
 */
import { isObject, type Container, type Workload } from '../workloads/workload.js';
import type { InputFacts } from './context.js';

/** The file's text and where it came from (`ConfigMap envoy-config key envoy.yaml`). */
export interface FileText {
  text: string;
  from: string;
}

/** Why a path the container loads cannot be read from the input, as it reads in results. */
export interface Unread {
  missing: string;
}

/**
 * The text of `path` as the container sees it, when a ConfigMap of the input backs it; `Unread`
 * when a ConfigMap volume backs it but the input lacks that ConfigMap or key; undefined when no
 * ConfigMap volume does (an image's own file, an emptyDir, a Secret: nothing in the input says).
 */
export function mountedFile(w: Workload, c: Container, path: string, facts: InputFacts): FileText | Unread | undefined {
  if (!path.startsWith('/')) return undefined;
  const file = normalize(path);
  const mount = mountOf(c, file);
  if (!mount) return undefined;
  const volume = (w.pod.volumes ?? []).find((v) => isObject(v) && v.name === mount.name);
  const sources = volume ? configMapSources(volume) : [];
  if (sources.length === 0) return undefined;
  const rest = file === mount.mountPath ? '' : file.slice(mount.mountPath.length + 1);
  const rel = [mount.subPath, rest].filter((p) => p !== '').join('/');
  const misses: string[] = [];
  for (const src of sources) {
    const key = keyAt(src, rel);
    if (key === undefined) continue;
    const cm = facts.configMaps.get(w.ref.namespace, src.name);
    if (!cm) misses.push(`ConfigMap ${src.name} is not in the input`);
    else if (cm.data[key] === undefined) misses.push(`ConfigMap ${src.name} has no key ${key}`);
    else return { text: cm.data[key], from: `ConfigMap ${src.name} key ${key}` };
  }
  return misses.length > 0 ? { missing: misses.join('; ') } : undefined;
}

export const isUnread = (f: FileText | Unread | undefined): f is Unread => f !== undefined && 'missing' in f;

/** `/a//b/./c/` -> `/a/b/c`; `..` steps up (the kubelet resolves the path the same way). */
function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `/${out.join('/')}`;
}

interface Mount {
  name: string;
  mountPath: string;
  subPath: string;
}

/** The container's mount that holds `file`: the deepest mount path that is it or a directory above it. */
function mountOf(c: Container, file: string): Mount | undefined {
  let best: Mount | undefined;
  for (const m of Array.isArray(c.volumeMounts) ? c.volumeMounts : []) {
    if (!isObject(m) || typeof m.name !== 'string' || typeof m.mountPath !== 'string') continue;
    const mountPath = normalize(m.mountPath);
    const holds = file === mountPath || file.startsWith(mountPath === '/' ? '/' : `${mountPath}/`);
    if (!holds || (best && best.mountPath.length >= mountPath.length)) continue;
    const subPath = typeof m.subPath === 'string' ? normalize(m.subPath).slice(1) : '';
    best = { name: m.name, mountPath, subPath };
  }
  return best;
}

interface ConfigMapSource {
  name: string;
  items?: { key: string; path: string }[];
}

/** A `configMap` volume, or the ConfigMaps of a `projected` volume, in the order the kubelet lays them out. */
function configMapSources(volume: Record<string, unknown>): ConfigMapSource[] {
  const one = (v: unknown): ConfigMapSource[] => {
    if (!isObject(v) || typeof v.name !== 'string') return [];
    const items = Array.isArray(v.items)
      ? v.items.filter((i): i is { key: string; path: string } => isObject(i) && typeof i.key === 'string' && typeof i.path === 'string')
      : undefined;
    return [{ name: v.name, ...(items && { items }) }];
  };
  if (volume.configMap !== undefined) return one(volume.configMap);
  const projected = volume.projected;
  if (!isObject(projected) || !Array.isArray(projected.sources)) return [];
  return projected.sources.flatMap((s) => (isObject(s) ? one(s.configMap) : []));
}

/** The key that lands at `rel` inside the volume: by `items` when the volume lists them, else a key of that name. */
function keyAt(src: ConfigMapSource, rel: string): string | undefined {
  if (src.items) return src.items.find((i) => normalize(i.path).slice(1) === rel)?.key;
  return rel !== '' && !rel.includes('/') ? rel : undefined;
}
