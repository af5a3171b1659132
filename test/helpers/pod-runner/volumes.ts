/**
 * Volumes as scratch directories. The kubelet bind-mounts each volume at its mountPath inside the
 * container (kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go `makeMounts`:
 * HostPath -> ContainerPath). Here containers are plain processes sharing the machine's root, so
 * instead of mounting, every string the container is started with (command, args, env values,
 * probe and hook commands, workingDir) has each of its mount paths rewritten to the volume's
 * directory under the pod's temporary directory. Why not mount namespaces: a bind mount needs its
 * mount point (e.g. `/.seq`) to exist in the machine's root, which a test must not create; the
 * rewrite needs no privileges and maps the same way for every container of the pod, so what one
 * container writes at /.seq/x another reads at /.seq/x. What it cannot see: a path the script
 * builds from pieces ("/." + "seq"); the generated scripts do not, and a miss shows up as a
 * missing file in the run, never as a pass.
 *
 * emptyDir is a fresh directory per pod; any other volume (configMap, secret, projected...) is
 * stood in for by an empty directory too. readOnly is not enforced.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Container, PodSpec } from '../../../src/workloads/workload.js';

export type Rewrite = (s: string) => string;

/** The volume directories of the pod, made under `podDir`. */
export function makeVolumes(pod: PodSpec, podDir: string): Map<string, string> {
  const dirs = new Map<string, string>();
  for (const v of pod.volumes ?? []) {
    const dir = join(podDir, 'volumes', v.name.replace(/[^\w.-]/g, '_'));
    mkdirSync(dir, { recursive: true });
    dirs.set(v.name, dir);
  }
  return dirs;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The rewrite of one container's strings: its mount paths, longest first, to their directories. */
export function mountRewrite(c: Container, volumes: ReadonlyMap<string, string>): Rewrite {
  const mounts = (c.volumeMounts ?? [])
    .filter((m) => volumes.has(m.name) && m.mountPath.length > 1)
    .map((m) => ({ from: m.mountPath.replace(/\/+$/, ''), to: join(volumes.get(m.name)!, String(m.subPath ?? '')) }))
    .sort((a, b) => b.from.length - a.from.length);
  if (mounts.length === 0) return (s) => s;
  // A mount path counts where it starts a path: not inside a longer word or path
  // ("x/.seq", "/.sequel"), and followed by "/", the end, or a character no path name has here.
  const re = new RegExp(`(^|[^\\w./-])(${mounts.map((m) => escape(m.from)).join('|')})(?=$|/|[^\\w.-])`, 'g');
  const to = new Map(mounts.map((m) => [m.from, m.to]));
  return (s) => s.replace(re, (_all, before: string, path: string) => before + to.get(path)!);
}
