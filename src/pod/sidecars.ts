/** Which containers are sidecars, and what the config says each should become. */
import type { Check, Config, SidecarSpec } from '../config/types.js';
import { minorOf, nativeSidecarMinor } from '../config/spec.js';
import { matchGlob } from '../workloads/glob.js';
import type { Container, Workload } from '../workloads/workload.js';
import { withContainerPorts } from './ports.js';
import { atRelease } from './release.js';

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

/**
 * Sidecars in pod order: native ones (init containers) first, then classic ones. The manifest's
 * evidence comes before names (docs/decisions.md, "Evidence before names"):
 * - a sidecar is a helper beside an app container: in a pod with no other container (an Istio
 *   gateway is one `istio-proxy`), no container is a sidecar;
 * - a container named like a sidecar in a workload of that name is the workload itself
 *   (Contour's `envoy` DaemonSet, Envoy Gateway's `envoy-…` Deployments run Envoy as their job).
 */
export function findSidecars(w: Pick<Workload, 'pod' | 'ref'>, cfg: Config): FoundSidecar[] {
  const pod = w.pod;
  const found: FoundSidecar[] = [];
  for (const c of pod.initContainers ?? []) {
    const spec = isNativeSidecar(c) ? specFor(c, cfg) : undefined;
    if (spec) found.push({ spec: withContainerPorts(atRelease(spec, c, cfg), c), name: c.name, native: true });
  }
  for (const c of pod.containers ?? []) {
    const spec = specFor(c, cfg);
    if (spec) found.push({ spec: withContainerPorts(atRelease(spec, c, cfg), c), name: c.name, native: false });
  }
  const sidecars = found.filter((s) => !isTheWorkload(w.ref.name, s.name));
  const apps = (pod.containers ?? []).filter((c) => !sidecars.some((s) => !s.native && s.name === c.name));
  return apps.length > 0 ? sidecars : [];
}

function isTheWorkload(workload: string, container: string): boolean {
  return workload === container || workload.startsWith(`${container}-`);
}

/** "1.30" -> 30; undefined when no target version is configured. */
export function minorVersion(cfg: Config): number | undefined {
  return minorOf(cfg.kubernetesVersion);
}

export const NATIVE_SIDECARS_SINCE = nativeSidecarMinor;

export function nativeSupported(cfg: Config): boolean {
  const minor = minorVersion(cfg);
  return minor !== undefined && minor >= NATIVE_SIDECARS_SINCE;
}

/**
 * `auto` means native when the target cluster has native sidecars on by default (1.29+). With no
 * `kubernetesVersion`, the manifest is the evidence: a sidecar that is already native stays
 * native (the cluster runs them), a classic one stays classic (nothing says the cluster can).
 */
export function effectiveStrategy(spec: SidecarSpec, cfg: Config, nowNative = false): Effective {
  if (spec.strategy !== 'auto') return spec.strategy;
  if (minorVersion(cfg) === undefined) return nowNative ? 'native' : 'postStart';
  return nativeSupported(cfg) ? 'native' : 'postStart';
}

export function containerIndex(list: Container[] | undefined, name: string): number {
  return (list ?? []).findIndex((c) => c.name === name);
}

/** `GET http://…` or `TCP host:port`: how a readiness check reads in results and explain. */
export function describeCheck(check: Check | undefined): string {
  if (check?.http) return `GET ${check.http}`;
  if (check?.tcp) return `TCP ${check.tcp}`;
  return 'no readiness check';
}
