/**
 * Stand-ins for sidecar images. A container is a known sidecar when its name is its vendor's
 * usual container name or its image matches the vendor's image (the tables of src/profiles/), or
 * when the test names it as a custom sidecar (the function config's `sidecars`). Its ready and
 * quit endpoints, ports and wait command come from the same tables, with the port moved where the
 * table says a flag, env var or pod annotation moves it, each at the release its image tag names;
 * nothing here is hard-coded per vendor.
 */
import type { Check, Shutdown } from '../../../src/config/types.js';
import { profileAt, profiles, TABLES, type ProfileName } from '../../../src/profiles/index.js';
import { imageRelease } from '../../../src/pod/release.js';
import type { AddressSource, PathSource, PortSource, Switch } from '../../../src/profiles/types.js';
import type { Container } from '../../../src/workloads/workload.js';

export interface SidecarKind {
  /** The vendor table's name, or `custom:<name>` for one the test declares. */
  profile: string;
  readiness?: string;
  /** A TCP readiness check (`host:port`): the stand-in listens on that port only once ready. */
  readinessTcp?: string;
  shutdown?: { url: string; method: 'GET' | 'POST' };
  /**
   * It listens on loopback only: its vendor's default address, or the one its flag or env var
   * gives (the table's listenAddress), is loopback. The kubelet's probes, sent to the pod IP, miss it.
   */
  loopbackOnly?: boolean;
  /** The ready endpoint its vendor would serve, off here: the container lacks these flags (the table's readinessArgs). */
  readinessOff?: { url: string; lacks: string[] };
  /** The vendor's wait command (its first word): run in the sidecar, it waits for its readiness. */
  waitCommand?: string;
}

/** A sidecar the function config declares (spec.sidecars): a name or image glob and its endpoints. */
export interface CustomSidecar {
  /** A vendor table's name: its endpoints and wait command unless given here. */
  profile?: string;
  name?: string;
  image?: string;
  readiness?: Check;
  shutdown?: Shutdown;
  waitCommand?: string[];
}

const glob = (g: string) => new RegExp(`^${g.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
const imageName = (image: string) => image.replace(/@.*$/, '').replace(/:[^/:]*$/, '');

export function sidecarKind(c: Container, annotations: Record<string, string>, custom: CustomSidecar[] = []): SidecarKind | undefined {
  for (const s of custom) {
    const image = s.image && c.image && (s.image.includes(':') ? c.image : imageName(c.image));
    // An entry with only a profile matches as that profile does (its name or image), with its own endpoints.
    const table = !s.name && !s.image ? TABLES.find((t) => t.name === s.profile) : undefined;
    if ((s.name && glob(s.name).test(c.name)) || (s.image && image && glob(s.image).test(image)) || (table && matches(table, c))) {
      const p = s.profile && s.profile in profiles ? atRelease(s.profile as ProfileName, c) : undefined;
      // The profile's endpoint is off without its flags (below); one the entry gives is its own.
      const off = !s.readiness && (p?.readinessArgs ?? []).some((f) => !hasFlag(c, f));
      const readiness = s.readiness ?? (off ? undefined : p?.readiness);
      const shutdown = s.shutdown ?? p?.shutdown;
      const quit = shutdown?.http ? { url: shutdown.http, method: shutdown.method ?? 'POST' } : undefined;
      return {
        profile: `custom:${s.name ?? s.image ?? s.profile}`,
        readiness: readiness?.http,
        readinessTcp: readiness?.tcp,
        shutdown: quit,
        waitCommand: (s.waitCommand ?? p?.waitCommand)?.[0],
      };
    }
  }
  for (const t of TABLES) {
    if (!matches(t, c)) continue;
    const p = atRelease(t.name as ProfileName, c);
    // Off without the flags the table says it needs (cloud-sql-proxy serves /startup only with
    // --health-check): a wait on it then fails, as on the real image.
    const lacks = (p.readinessArgs ?? []).filter((f) => !hasFlag(c, f));
    const at = (url: 'readiness' | 'shutdown', http: string) =>
      withPath(withPort(http, portOf(p.ports, url, c, annotations)), pathOf(p.paths, url, c, annotations));
    return {
      profile: t.name,
      ...(listensOnLoopback(p.listenAddress, c) && { loopbackOnly: true }),
      readiness: p.readiness?.http && lacks.length === 0 ? at('readiness', p.readiness.http) : undefined,
      ...(p.readiness?.http && lacks.length > 0 && { readinessOff: { url: at('readiness', p.readiness.http), lacks } }),
      shutdown:
        p.shutdown?.http && !switchedOff(p.shutdownSwitch, c, annotations)
          ? { url: at('shutdown', p.shutdown.http), method: p.shutdown.method ?? 'POST' }
          : undefined,
      waitCommand: p.waitCommand?.[0],
    };
  }
  return undefined;
}

/**
 * The quit endpoint is off. Where the sidecar reads its switch from its env (the table's
 * `shutdownSwitch.env`, e.g. LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED): when the env sets it to
 * another value (unset, it is taken to be on: a manifest from before the switch existed). Where
 * the switch is only a pod annotation the injector turns into the sidecar's config (the Vault
 * agent's agent-enable-quit): unless the annotation has its value.
 */
function switchedOff(sw: Switch | undefined, c: Container, annotations: Record<string, string>): boolean {
  if (sw?.env) {
    const own = (c.env as { name: string; value?: string }[] | undefined) ?? [];
    return Object.entries(sw.env).some(([k, v]) => own.some((e) => e.name === k && e.value !== undefined && e.value !== v));
  }
  return Object.entries(sw?.annotations ?? {}).some(([k, v]) => annotations[k] !== v);
}

/** The vendor table's container by its usual name or its image. */
function matches(t: (typeof TABLES)[number], c: Container): boolean {
  const p = profiles[t.name as ProfileName];
  const byName = p.containerName !== undefined && glob(p.containerName).test(c.name);
  return byName || (typeof c.image === 'string' && (t.images ?? []).some((r) => glob(r.value.image).test(imageName(c.image as string))));
}

/**
 * The profile at the release the container's image tag names: that release's endpoints, flags and
 * wait command (no quit endpoint before cloud-sql-proxy 2.1.0, no `wait` before 2.8.0, none of
 * them in v1's gce-proxy). An image without one (a plain name, `latest`) has the newest release's.
 */
function atRelease(name: ProfileName, c: Container) {
  const release = imageRelease(name, typeof c.image === 'string' ? c.image : undefined);
  return release ? profileAt(name, release) : profiles[name];
}

/** The address the table says the sidecar's endpoints listen on (its flag, env var, else default) is loopback. */
function listensOnLoopback(a: AddressSource | undefined, c: Container): boolean {
  if (!a) return false;
  const env = (c.env as { name: string; value?: string }[] | undefined)?.find((e) => e.name === a.env)?.value;
  const address = (a.flag && flagOf(c, a.flag)) ?? env ?? a.default;
  return /^(localhost|127\.|::1$|\[::1\])/.test(address);
}

function hasFlag(c: Container, flag: string): boolean {
  const name = flag.split('=')[0]!;
  return [...(c.command ?? []), ...(c.args ?? [])].some((a) => String(a) === name || String(a).startsWith(`${name}=`));
}

function flagOf(c: Container, flag: string): string | undefined {
  const args = [...(c.command ?? []), ...(c.args ?? [])].map(String);
  const i = args.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
  return i === -1 ? undefined : args[i]!.includes('=') ? args[i]!.slice(flag.length + 1) : args[i + 1];
}

/** The port a PortSource row reads from the container's args or env, or the pod's annotations. */
function portOf(rows: readonly PortSource[], url: 'readiness' | 'shutdown', c: Container, annotations: Record<string, string>): string | undefined {
  for (const r of rows.filter((x) => x.url === url)) {
    const flag = r.flag && flagOf(c, r.flag);
    if (flag) return flag;
    const env = (c.env as { name: string; value?: string }[] | undefined)?.find((e) => e.name === r.env);
    if (env?.value) return env.value;
    if (r.annotation && annotations[r.annotation]) return annotations[r.annotation];
  }
  return undefined;
}

/** The path a PathSource row reads from the container's args, or the pod's annotations. */
function pathOf(rows: readonly PathSource[], url: 'readiness' | 'shutdown', c: Container, annotations: Record<string, string>): string | undefined {
  for (const r of rows.filter((x) => x.url === url)) {
    const path = (r.flag && flagOf(c, r.flag)) || annotations[r.annotation];
    if (path) return path;
  }
  return undefined;
}

const withPath = (url: string, path: string | undefined) => (path ? url.replace(/^(\w+:\/\/[^/]+)\/.*$/, `$1${path}`) : url);
const withPort = (url: string, port: string | undefined) => (port ? url.replace(/:\d+(?=\/|$)/, `:${port}`) : url);
