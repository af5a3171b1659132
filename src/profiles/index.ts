/**
 * The vendor tables, and the profile of a sidecar at a release: each fact's row that holds for
 * it (src/profiles/versions.ts). `profiles` is the view for an unknown release, which is what
 * the config's defaults are built from.
 */
import { cloudSqlProxy } from './cloud-sql-proxy.js';
import { consul } from './consul.js';
import { dapr } from './dapr.js';
import { envoy } from './envoy.js';
import { generic } from './generic.js';
import { istio } from './istio.js';
import { kuma } from './kuma.js';
import { linkerd } from './linkerd.js';
import type { ProfileName } from './names.generated.js';
import type { Profile, Token, VendorTable } from './types.js';
import { compareVersions, factAt, factsAt } from './versions.js';
import { vault } from './vault.js';

export type { Profile, VendorTable } from './types.js';
export type { MeshName, ProfileName } from './names.generated.js';

/** Every vendor table, in the order profile names are listed (schema, docs). */
export const TABLES: readonly VendorTable[] = [istio, linkerd, envoy, cloudSqlProxy, dapr, vault, kuma, consul, generic];

export function tableOf(name: ProfileName): VendorTable {
  return TABLES.find((t) => t.name === name)!;
}

/**
 * A release on the table's own scheme: `edge-25.4.1` reads as the release whose facts it has (the
 * `edges` rows, src/profiles/linkerd.ts); an edge older than every row, or a table without edge
 * rows, gives undefined (unknown). Any other version is returned as it is.
 */
export function asRelease(name: ProfileName, version: string): string | undefined {
  if (!version.startsWith('edge-')) return version;
  const rows = tableOf(name).edges ?? [];
  return rows.filter((r) => compareVersions(version, r.value.edge) >= 0).at(-1)?.value.as;
}

const clone = <T>(v: T): T => (v === undefined ? v : structuredClone(v));

const computed = new Map<string, Profile>();

/**
 * The profile at `version` (a release in the vendor's scheme), or for an unknown release. Made
 * once per name and release, and frozen: readers share it (every container of every workload
 * asks), so a caller that needs to change a value copies it first.
 */
export function profileAt(name: ProfileName, version?: string): Profile {
  const key = `${name}@${version ?? ''}`;
  let p = computed.get(key);
  if (p === undefined) computed.set(key, (p = deepFreeze(makeProfile(name, version))));
  return p;
}

function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

function makeProfile(name: ProfileName, version?: string): Profile {
  const t = tableOf(name);
  const one = <T>(rows: Parameters<typeof factAt<T>>[0]) => clone(factAt(rows, version)?.value);
  const p: Profile = {
    name,
    version,
    description: t.description,
    timeoutSeconds: t.timeoutSeconds,
    containerName: one(t.containerName),
    readiness: one(t.readiness),
    readinessArgs: one(t.readinessArgs),
    probeArgs: one(t.probeArgs),
    listenAddress: one(t.listenAddress),
    bootstrapAdmin: one(t.bootstrapAdmin),
    waitCommand: one(t.waitCommand),
    waitBudget: one(t.waitBudget),
    shutdown: one(t.shutdown),
    shutdownSwitch: one(t.shutdownSwitch),
    shutdownRetry: one(t.shutdownRetry),
    token: tokenAt(t, version),
    ports: factsAt(t.ports, version).map((r) => clone(r.value)),
    paths: factsAt(t.paths, version).map((r) => clone(r.value)),
    perService: one(t.perService),
    initAfter: (t.setupInit ?? []).map((r) => r.value),
    proxyUid: one(t.proxyUid),
    nativeKeys: factsAt(t.nativeKeys, version).map((r) => r.value),
    // Only for a known release: with none, the conservative path (a classic sidecar).
    nativeByDefault: version === undefined ? undefined : one(t.nativeByDefault),
    mayBeTheWorkload: t.mayBeTheWorkload,
  };
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as unknown as Profile;
}

/** The token header and where the injector puts the token: one value, or none unless both rows hold. */
function tokenAt(t: VendorTable, version?: string): Token | undefined {
  const header = factAt(t.token, version)?.value;
  const secret = factAt(t.tokenSecret, version)?.value;
  return header && secret ? { ...header, secretKey: secret.key, toApps: secret.toApps } : undefined;
}

export const profiles = Object.fromEntries(TABLES.map((t) => [t.name, profileAt(t.name as ProfileName)])) as Record<ProfileName, Profile>;

export const profileNames = TABLES.map((t) => t.name as ProfileName);
