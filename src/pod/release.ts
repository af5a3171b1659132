/**
 * Which release of its vendor a sidecar is (issue 15: versions from the manifest first): the
 * image tag where the manifest has one (`docker.io/istio/proxyv2:1.24.2`), else
 * `mesh.<name>.version` in the config, else unknown. The spec then takes that release's rows
 * from the vendor table (src/profiles/) for every field the config did not set itself.
 */
import type { Config, SidecarSpec } from '../config/types.js';
import { asRelease, profileAt, profiles, tableOf, type ProfileName } from '../profiles/index.js';
import { holds } from '../profiles/versions.js';
import { matchGlob } from '../workloads/glob.js';
import { BoundedCache } from '../cache.js';
import type { Container } from '../workloads/workload.js';

/** `registry:5000/a/b:tag@sha256:…` -> [`registry:5000/a/b`, `tag`]; no tag -> [name, undefined]. */
export function splitImage(image: string): [string, string | undefined] {
  const bare = image.split('@')[0]!;
  const slash = bare.lastIndexOf('/');
  const colon = bare.lastIndexOf(':');
  return colon > slash ? [bare.slice(0, colon), bare.slice(colon + 1)] : [bare, undefined];
}

/**
 * The release an image's tag names, by the vendor table's image rows (an edge release read as the
 * release whose facts it has, `asRelease`); undefined when it names none (`latest`).
 */
export function imageRelease(profile: ProfileName, image: string | undefined): string | undefined {
  if (image === undefined) return undefined;
  // A package repeats its images: each (profile, image) is read once (tag patterns compile per call).
  return RELEASES.get(`${profile}\0${image}`, () => readRelease(profile, image));
}

const RELEASES = new BoundedCache<string, string | undefined>(10_000);

function readRelease(profile: ProfileName, image: string): string | undefined {
  const [name, tag] = splitImage(image);
  if (tag === undefined) return undefined;
  for (const row of tableOf(profile).images ?? []) {
    if (!matchGlob(row.value.image, name)) continue;
    const version = new RegExp(row.value.tag).exec(tag)?.[1];
    if (version !== undefined && holds(row, version)) return asRelease(profile, version);
  }
  return undefined;
}

/** The configured release of a mesh's sidecar (`mesh.<name>.version`), if the profile is a mesh and one is set. */
export function configuredRelease(cfg: Config, profile: ProfileName): string | undefined {
  const m = cfg.mesh[profile] as { version?: unknown } | undefined;
  return typeof m?.version === 'string' ? m.version : undefined;
}

/** Deep equality of plain data by its JSON text, each object's text made once (specs and profiles are reused). */
const TEXT = new WeakMap<object, string>();
function text(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'undefined';
  let t = TEXT.get(v);
  if (t === undefined) TEXT.set(v, (t = JSON.stringify(v)));
  return t;
}
const same = (a: unknown, b: unknown) => a === b || text(a) === text(b);

/** The profile's shutdown call as a spec holds it (method defaulted), one object per profile. */
const DEFAULT_SHUTDOWN = new Map<ProfileName, unknown>();
function defaultShutdown(profile: ProfileName): unknown {
  const base = profiles[profile].shutdown;
  if (!DEFAULT_SHUTDOWN.has(profile)) DEFAULT_SHUTDOWN.set(profile, base && { ...base, method: base.method ?? 'POST' });
  return DEFAULT_SHUTDOWN.get(profile);
}

/**
 * The spec at this container's release: fields still at the profile's defaults for an unknown
 * release take the release's rows (Kuma 2.14's readiness on 9902; no `wait` before
 * cloud-sql-proxy 2.8.0; no health check or quit endpoint on cloud-sql-proxy v1). Fields the
 * config set itself stay.
 */
export function atRelease(spec: SidecarSpec, c: Container, cfg: Config): SidecarSpec {
  const version = imageRelease(spec.profile, c.image) ?? configuredRelease(cfg, spec.profile);
  if (version === undefined) return spec;
  // One spec per config entry and release, shared by every container that has them (readers
  // copy before they change a spec: src/pod/ports.ts).
  let byVersion = AT_RELEASE.get(spec);
  if (!byVersion) AT_RELEASE.set(spec, (byVersion = new Map()));
  let out = byVersion.get(version);
  if (!out) byVersion.set(version, (out = specAt(spec, version)));
  return out;
}

const AT_RELEASE = new WeakMap<SidecarSpec, Map<string, SidecarSpec>>();

function specAt(spec: SidecarSpec, version: string): SidecarSpec {
  const base = profiles[spec.profile];
  const at = profileAt(spec.profile, version);
  const out: SidecarSpec = { ...spec, version };
  if (same(spec.readiness, base.readiness)) out.readiness = at.readiness;
  if (same(spec.waitCommand, base.waitCommand)) out.waitCommand = at.waitCommand;
  if (base.shutdown && same(spec.shutdown, defaultShutdown(spec.profile))) out.shutdown = at.shutdown;
  for (const k of ['readiness', 'waitCommand', 'shutdown'] as const) if (out[k] === undefined) delete out[k];
  return out;
}
