/** Which containers are sidecars, and what the config says each should become. */
import type { Config, SidecarSpec } from '../config/types.js';
import { matchGlob } from '../workloads/glob.js';
import type { Container, PodSpec } from '../workloads/workload.js';

export type Effective = 'native' | 'postStart' | 'wrap' | 'first';

export interface FoundSidecar {
  spec: SidecarSpec;
  name: string;
  /** Currently a native sidecar (an init container with restartPolicy: Always). */
  native: boolean;
}

export function specFor(c: Container, cfg: Config): SidecarSpec | undefined {
  return cfg.sidecars.find(
    (s) => (s.name !== undefined && matchGlob(s.name, c.name)) || (s.image !== undefined && c.image !== undefined && matchGlob(s.image, c.image)),
  );
}

export function isNativeSidecar(c: Container): boolean {
  return c.restartPolicy === 'Always';
}

/** Sidecars in pod order: native ones (init containers) first, then classic ones. */
export function findSidecars(pod: PodSpec, cfg: Config): FoundSidecar[] {
  const found: FoundSidecar[] = [];
  for (const c of pod.initContainers ?? []) {
    const spec = isNativeSidecar(c) ? specFor(c, cfg) : undefined;
    if (spec) found.push({ spec, name: c.name, native: true });
  }
  for (const c of pod.containers ?? []) {
    const spec = specFor(c, cfg);
    if (spec) found.push({ spec, name: c.name, native: false });
  }
  return found;
}

/** "1.30" -> 30; undefined when no target version is configured. */
export function minorVersion(cfg: Config): number | undefined {
  const m = /^1\.(\d+)$/.exec(cfg.kubernetesVersion ?? '');
  return m ? Number(m[1]) : undefined;
}

export const NATIVE_SIDECARS_SINCE = 29;

export function nativeSupported(cfg: Config): boolean {
  const minor = minorVersion(cfg);
  return minor !== undefined && minor >= NATIVE_SIDECARS_SINCE;
}

/** `auto` means native when the target cluster has native sidecars on by default (1.29+). */
export function effectiveStrategy(spec: SidecarSpec, cfg: Config): Effective {
  if (spec.strategy !== 'auto') return spec.strategy;
  return nativeSupported(cfg) ? 'native' : 'postStart';
}

export function containerIndex(list: Container[] | undefined, name: string): number {
  return (list ?? []).findIndex((c) => c.name === name);
}
