/** Which containers are sidecars, and what the config says each should become. */
import type { Check, Config, ProfileName, SidecarSpec } from '../config/types.js';
import { minorOf, nativeSidecarMinor } from '../config/spec.js';
import { globMatcher } from '../workloads/glob.js';
import { profiles } from '../profiles/index.js';
import { podAnnotations, type Container, type Workload } from '../workloads/workload.js';
import { withContainerPorts } from './ports.js';
import { atRelease } from './release.js';
import { withAdmin, type AdminNote } from './bootstrap.js';
import type { InputFacts } from './context.js';

export type Effective = 'native' | 'postStart' | 'wrap' | 'first';

export interface FoundSidecar {
  spec: SidecarSpec;
  name: string;
  /** Currently a native sidecar (an init container with restartPolicy: Always). */
  native: boolean;
  /**
   * Why its injector's layout stays as it is (see injectorLeftUngated): no strategy moves,
   * hooks or probes it, and no rule asks for a gate. A Job still ends it.
   */
  keep?: string;
  /** What a result should say about its endpoints (Envoy with no admin listener: no gate, and what would make one). */
  note?: AdminNote;
}

export function specFor(c: Container, cfg: Config): SidecarSpec | undefined {
  let table = TABLES.get(cfg);
  if (!table) TABLES.set(cfg, (table = tableOf(cfg)));
  const named = table.byName.get(c.name);
  // Names only (the default table): one lookup, nothing worth keeping.
  if (table.globs.length === 0) return named === undefined ? undefined : cfg.sidecars[named];
  // Asked for every container by several steps and rules: each container's answer is kept while
  // its name and image are the same strings, and each config's globs are compiled once.
  const seen = SEEN.get(c);
  if (seen && seen.cfg === cfg && seen.name === c.name && seen.image === c.image) return seen.spec;
  let first = named ?? cfg.sidecars.length;
  for (const g of table.globs) {
    if (g.index >= first) break;
    if (g.test(c)) first = g.index;
  }
  const spec = cfg.sidecars[first];
  SEEN.set(c, { cfg, name: c.name, image: c.image, spec });
  return spec;
}

/**
 * A config's sidecar table as tests, the first matching entry winning: entries that name a
 * container by a literal name (no glob character, no image: the whole default table) in one Map,
 * the others one test each, in table order. Most containers are none of them (issue 28).
 */
interface SidecarTable {
  byName: Map<string, number>;
  globs: { index: number; test: (c: Container) => boolean }[];
}

function tableOf(cfg: Config): SidecarTable {
  const table: SidecarTable = { byName: new Map(), globs: [] };
  cfg.sidecars.forEach((s, index) => {
    if (s.name !== undefined && s.image === undefined && !/[*?[\\]/.test(s.name)) {
      if (!table.byName.has(s.name)) table.byName.set(s.name, index);
    } else table.globs.push({ index, test: matcherOf(s) });
  });
  return table;
}

/** A sidecar entry as a test of a container: its name glob, else its image glob. */
function matcherOf(s: SidecarSpec): (c: Container) => boolean {
  const name = s.name !== undefined ? globMatcher(s.name) : undefined;
  const image = s.image !== undefined ? globMatcher(s.image) : undefined;
  return (c) => (name !== undefined && name(c.name)) || (image !== undefined && c.image !== undefined && image(c.image));
}

const TABLES = new WeakMap<Config, SidecarTable>();
const SEEN = new WeakMap<Container, { cfg: Config; name: string; image: string | undefined; spec: SidecarSpec | undefined }>();

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
export function findSidecars(w: Workload, cfg: Config, facts: InputFacts): FoundSidecar[] {
  const pod = w.pod;
  const found: FoundSidecar[] = [];
  const add = (c: Container, spec: SidecarSpec, native: boolean) => {
    const keep = injectorLeftUngated(w, c, spec);
    const { spec: read, note } = adminFacts(atRelease(spec, c, cfg), c, w, facts);
    found.push({ spec: withContainerPorts(read, c), name: c.name, native, ...(keep && { keep }), ...(note && { note }) });
  };
  for (const c of pod.initContainers ?? []) {
    const spec = isNativeSidecar(c) ? specFor(c, cfg) : undefined;
    if (spec) add(c, spec, true);
  }
  for (const c of pod.containers ?? []) {
    const spec = specFor(c, cfg);
    if (spec) add(c, spec, false);
  }
  if (found.length === 0) return found;
  const sidecars = found.filter((s) => !isTheWorkload(w.ref.name, s.name) && !(s.spec.profile === 'istio' && istioGateway(w)) && !servesThePod(w, s, found));
  const apps = (pod.containers ?? []).filter((c) => !sidecars.some((s) => !s.native && s.name === c.name));
  return apps.length > 0 ? sidecars : [];
}

/** withAdmin, once per container, spec and input: several steps and rules ask, and it may parse a bootstrap. */
function adminFacts(spec: SidecarSpec, c: Container, w: Workload, facts: InputFacts): ReturnType<typeof withAdmin> {
  let known = ADMIN.get(w.pod);
  if (!known) ADMIN.set(w.pod, (known = new Map()));
  const seen = known.get(c);
  if (seen && seen.spec === spec && seen.facts === facts) return seen.out;
  const out = withAdmin(spec, c, w, facts);
  known.set(c, { spec, facts, out });
  return out;
}

/**
 * Keyed by the pod, and no value holds its key: an entry whose value reaches its own key (the
 * pod through a container) outlives every young-generation GC until a full one (V8's scavenger
 * keeps such an ephemeron's value), and the webhook's pauses grew with it (docs/architecture.md).
 */
const ADMIN = new WeakMap<Workload['pod'], Map<Container, { spec: SidecarSpec; facts: InputFacts; out: ReturnType<typeof withAdmin> }>>();

/**
 * The injector chose not to gate the app on this proxy, so its layout is the vendor's and stays
 * (docs/decisions.md, "Evidence before names"). Linkerd puts the proxy first with a
 * `linkerd-await` postStart hook unless the pod says `config.linkerd.io/proxy-await: disabled`;
 * a proxy Linkerd injected (the pod template carries `linkerd.io/proxy-version`) without that
 * hook was left ungated on purpose. Linkerd's own identity controller is such a pod: its proxy
 * cannot become ready before identity issues its certificate, so gating would deadlock it.
 */
function injectorLeftUngated(w: Workload, c: Container, spec: SidecarSpec): string | undefined {
  if (spec.profile !== 'linkerd') return undefined;
  const annotations = podAnnotations(w);
  if (annotations['config.linkerd.io/proxy-await'] === 'disabled') {
    return 'the pod template has config.linkerd.io/proxy-await: disabled';
  }
  if (annotations['linkerd.io/proxy-version'] !== undefined && !c.lifecycle?.postStart && !c.startupProbe) {
    return 'Linkerd injected it (linkerd.io/proxy-version) without its linkerd-await hook, as it does where the app must not wait for the proxy';
  }
  return undefined;
}

/**
 * Istio's gateway injection template makes `istio-proxy` the gateway itself, not a sidecar: the
 * gateway chart asks for it with `inject.istio.io/templates: gateway` and an `istio-proxy`
 * container whose image is `auto` (istio/istio@1.31.0-alpha.0-109-g86c9f01fd73:
 * manifests/charts/gateway/values.yaml, templates/deployment.yaml). Helpers beside it (the chart's
 * additional containers) do not make it a sidecar.
 */
function istioGateway(w: Workload): boolean {
  const templates = String(podAnnotations(w)['inject.istio.io/templates'] ?? '');
  return templates.split(',').some((t) => t.trim() === 'gateway');
}

/**
 * A container of a profile that may be the workload (Envoy) is the workload when it alone serves
 * the pod's ports: no other container, sidecars aside, declares any. Contour's envoy beside the
 * contour control plane is one (projectcontour/contour examples, linkerd/linkerd2
 * cli/cmd/testdata/inject_contour.golden.yml): gating Envoy first would hold back the control
 * plane it takes its configuration from.
 */
function servesThePod(w: Workload, s: FoundSidecar, found: FoundSidecar[]): boolean {
  if (!profiles[s.spec.profile as ProfileName]?.mayBeTheWorkload) return false;
  const all = [...(w.pod.initContainers ?? []), ...(w.pod.containers ?? [])];
  const serves = (name: string) => {
    const ports = all.find((c) => c.name === name)?.ports;
    return Array.isArray(ports) && ports.length > 0;
  };
  const apps = (w.pod.containers ?? []).filter((c) => !found.some((f) => f.name === c.name));
  return serves(s.name) && !apps.some((c) => serves(c.name));
}

function isTheWorkload(workload: string, container: string): boolean {
  return workload === container || workload.startsWith(`${container}-`);
}

/** "1.30" -> 30; undefined when no target version is configured. */
export function minorVersion(cfg: Config): number | undefined {
  // Asked by several steps and rules of every workload: read once per config.
  let minor = MINORS.get(cfg);
  if (!minor || minor.version !== cfg.kubernetesVersion) MINORS.set(cfg, (minor = { version: cfg.kubernetesVersion, of: minorOf(cfg.kubernetesVersion) }));
  return minor.of;
}

const MINORS = new WeakMap<Config, { version: string | undefined; of: number | undefined }>();

export const NATIVE_SIDECARS_SINCE = nativeSidecarMinor;

export function nativeSupported(cfg: Config): boolean {
  const minor = minorVersion(cfg);
  return minor !== undefined && minor >= NATIVE_SIDECARS_SINCE;
}

/**
 * `auto` means native when the target cluster has native sidecars on by default (1.29+). A config
 * without `kubernetesVersion` gets the assumed release (config/spec.ts assumedKubernetesVersion,
 * so native); a Config built by hand without one keeps what the manifest shows: a native sidecar
 * stays native, a classic one classic. The per-pod opt-outs and the other evidence rules decide
 * after this (sequence/index.ts strategyOf).
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
