/** Fills defaults and profile facts into a valid spec, giving the Config every transform reads. */
import { profileNames, profiles } from '../profiles/index.js';
import { dependencyDefaults, dependencyHost, dependencyName } from './dependencies.js';
import { assumedKubernetesVersion, type Quantities, type SidecarInput, type SpecInput } from './spec.js';
import type { Config, Dependency, MeshSettings, Resources, SidecarSpec } from './types.js';

export const defaultToolsImage = 'busybox:1.37.0-musl';
const defaultResources = { requests: { cpu: '10m', memory: '16Mi' }, limits: { memory: '32Mi' } };

/** Drops keys whose value is undefined, so resolved objects hold only what applies. */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

const clone = <T>(v: T): T => (v === undefined ? v : structuredClone(v));

/** One sidecar entry merged over its profile's defaults. */
export function mergeSidecar(s: SidecarInput, index: number): SidecarSpec {
  const profile = profiles[s.profile ?? 'generic'];
  // The profile's wait command polls the profile's endpoint: wrong once readiness points elsewhere.
  const ownReadiness = s.readiness !== undefined && JSON.stringify(s.readiness) !== JSON.stringify(profile.readiness);
  const shutdown = s.shutdown ?? profile.shutdown;
  return defined({
    profile: profile.name,
    name: s.name ?? (s.image === undefined ? profile.containerName : undefined),
    image: s.image,
    strategy: s.strategy ?? 'auto',
    readiness: clone(s.readiness ?? profile.readiness),
    waitCommand: clone(s.waitCommand ?? (ownReadiness ? undefined : profile.waitCommand)),
    shutdown: shutdown?.http !== undefined ? { ...shutdown, method: shutdown.method ?? 'POST' } : clone(shutdown),
    timeoutSeconds: s.timeoutSeconds ?? profile.timeoutSeconds,
    onTimeout: s.onTimeout ?? 'fail',
    index,
  });
}

/** Every built-in profile that has a usual container name, the default set docs/reference.md lists. */
function defaultSidecars(): SidecarSpec[] {
  return profileNames.filter((name) => profiles[name].containerName).map((name) => mergeSidecar({ profile: name }, -1));
}

export function defaultConfig(): Config {
  return resolve({});
}

function resolveDependencies(deps: SpecInput['dependencies'] = []): Dependency[] {
  // Explicit names first, so a derived name never takes one the user wrote.
  const taken = new Set(deps.flatMap((d) => (d.name ? [d.name] : [])));
  return deps.map((d) =>
    defined({
      name: d.name ?? dependencyName(dependencyHost(d), taken),
      http: d.http,
      tcp: d.tcp,
      dns: d.dns,
      timeoutSeconds: d.timeoutSeconds ?? dependencyDefaults.timeoutSeconds,
      periodSeconds: d.periodSeconds ?? dependencyDefaults.periodSeconds,
      selector: clone(d.selector),
    }),
  );
}

function mergeQuantities(base: Record<string, string>, over: Quantities = {}): Record<string, string> {
  return { ...base, ...Object.fromEntries(Object.entries(over).map(([k, v]) => [k, String(v)])) };
}

function resolveResources(r: { requests?: Quantities; limits?: Quantities } = {}): Resources {
  return {
    requests: mergeQuantities(defaultResources.requests, r.requests),
    limits: mergeQuantities(defaultResources.limits, r.limits),
  };
}

/** Each mesh's settings when the config names it without them, or when the input proves it injects. */
export const meshDefaults: Readonly<MeshSettings> = {
  istio: { hold: true, native: 'auto' },
  linkerd: { await: true, native: 'auto', shutdown: true },
  kuma: { waitReady: true },
  dapr: { native: false, shutdown: true },
  vault: { prePopulateOnly: false, quit: true },
  consul: { native: 'auto', shutdown: true },
};

function resolveMesh(mesh: SpecInput['mesh'] = {}): Config['mesh'] {
  return defined({
    istio: mesh.istio && { ...meshDefaults.istio, ...mesh.istio },
    linkerd: mesh.linkerd && { ...meshDefaults.linkerd, ...mesh.linkerd },
    kuma: mesh.kuma && { ...meshDefaults.kuma, ...mesh.kuma },
    dapr: mesh.dapr && { ...meshDefaults.dapr, ...mesh.dapr },
    vault: mesh.vault && { ...meshDefaults.vault, ...mesh.vault },
    consul: mesh.consul && { ...meshDefaults.consul, ...mesh.consul },
  });
}

/** `spec` must have passed the schema and the semantic checks. */
export function resolve(spec: SpecInput): Config {
  return defined({
    mode: spec.mode ?? 'apply',
    kubernetesVersion: spec.kubernetesVersion ?? assumedKubernetesVersion,
    kubernetesVersionAssumed: spec.kubernetesVersion === undefined ? assumedKubernetesVersion : undefined,
    selector: clone(spec.selector),
    exclude: clone(spec.exclude),
    workloadKinds: clone(spec.workloadKinds) ?? [],
    sidecars: spec.sidecars ? spec.sidecars.map(mergeSidecar) : defaultSidecars(),
    mesh: resolveMesh(spec.mesh),
    dependencies: resolveDependencies(spec.dependencies),
    jobs: {
      terminateSidecars: spec.jobs?.terminateSidecars ?? true,
      entrypoints: clone(spec.jobs?.entrypoints) ?? [],
    },
    tools: {
      delivery: spec.tools?.delivery ?? 'inject',
      image: spec.tools?.image ?? defaultToolsImage,
      resources: resolveResources(spec.tools?.resources),
    },
    rules: { ...spec.rules },
    check: defined({ failOn: spec.check?.failOn ?? 'error', baseline: spec.check?.baseline }),
    stopOrder: { sidecarsLast: spec.stopOrder?.sidecarsLast ?? false },
  });
}
