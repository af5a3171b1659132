/**
 * The ports a sidecar really listens on, read from its own container: a flag in its command or
 * args, else its environment, else the vendor's default (issue 15: a port set by a flag or an env
 * var is the port). Where each port lives is data: the `ports` rows of the vendor tables
 * (src/profiles/), each with the releases it holds for and its source.
 */
import type { Check, ProbeBlock, ProfileName, Shutdown, SidecarSpec } from '../config/types.js';
import type { PathSource, PortSource } from '../profiles/types.js';
import { profileAt } from '../profiles/index.js';
import type { Container } from '../workloads/workload.js';

/** `--flag=V` or `--flag V` (also with one dash, as Go's flag packages accept) in command + args. */
function flagValue(c: Container, flag: string): string | undefined {
  const argv = [...(c.command ?? []), ...(c.args ?? [])].map(String);
  const names = [flag, flag.replace(/^--/, '-')];
  for (const [i, a] of argv.entries()) {
    for (const n of names) {
      if (a.startsWith(`${n}=`)) return a.slice(n.length + 1);
      if (a === n && i + 1 < argv.length) return argv[i + 1];
    }
  }
  return undefined;
}

function envValue(c: Container, name: string): string | undefined {
  const env = (c as { env?: { name?: unknown; value?: unknown }[] }).env;
  const found = Array.isArray(env) ? env.find((e) => e?.name === name && typeof e.value === 'string') : undefined;
  return found?.value as string | undefined;
}

/**
 * The spec with its URLs on the ports this container sets. A URL is moved only while it is on
 * the vendor's default port (a URL the config sets itself stays). The vendor's `wait` runs in the
 * same container, so it sees the env var itself; a port set by a flag is passed to it too
 * (`cloud-sql-proxy wait` reads `--http-port`, cmd/root.go runWaitCmd).
 */
export function withContainerPorts(spec: SidecarSpec, c: Container): SidecarSpec {
  let out = fromOwnProbe(spec, c);
  for (const row of profileAt(spec.profile, spec.version).ports) {
    const flag = row.flag === undefined ? undefined : flagValue(c, row.flag);
    const port = flag ?? (row.env === undefined ? undefined : envValue(c, row.env));
    const moved = onPort(out, row, port);
    if (moved === out) continue;
    const waitCommand = row.url === 'readiness' && out.waitCommand && flag ? [...out.waitCommand, `${row.flag}=${flag}`] : out.waitCommand;
    out = { ...moved, ...(waitCommand && { waitCommand }) };
  }
  for (const row of profileAt(spec.profile, spec.version).paths) if (row.flag) out = onPath(out, row, flagValue(c, row.flag));
  return out;
}

/**
 * A webhook-injected sidecar's URLs on the ports and paths its pod's annotations set: the injector
 * reads them (Istio's `status.sidecar.istio.io/port`, Linkerd's `config.linkerd.io/admin-port`,
 * the Vault agent's cache listener port, consul-k8s's graceful port and path; the `ports` and
 * `paths` rows of src/profiles/ with an `annotation`).
 */
export function withPodSettings<T extends Urls>(s: T, profile: ProfileName, version: string | undefined, annotations: Record<string, unknown>): T {
  const p = profileAt(profile, version);
  let out = s;
  for (const row of p.ports) {
    if (row.annotation === undefined) continue;
    const value = annotations[row.annotation];
    out = onPort(out, row, value === undefined || value === null ? undefined : String(value));
  }
  for (const row of p.paths) out = onPath(out, row, annotations[row.annotation]);
  return out;
}

/**
 * The services of a pod that gets one sidecar per service (the profile's `perService`: consul-k8s's
 * multi-port pods), split as the injector splits them; none for a pod that gets one sidecar.
 */
export function perServiceNames(profile: ProfileName, version: string | undefined, annotations: Record<string, unknown>): string[] {
  const rule = profileAt(profile, version).perService;
  const value = rule && annotations[rule.annotation];
  const names = typeof value === 'string' ? value.split(rule!.separator) : [];
  return names.length > 1 ? names : [];
}

/** `s` with the port of each of its URLs up by `step` (the sidecar of a pod's service at index `step`). */
export function portsUp<T extends Urls>(s: T, step: number): T {
  const up = (http: string) => {
    const url = new URL(http);
    url.port = String(Number(url.port || (url.protocol === 'https:' ? 443 : 80)) + step);
    return url.toString();
  };
  let out = s;
  if (step && s.readiness?.http) out = withUrl(out, 'readiness', up(s.readiness.http));
  if (step && s.shutdown?.http) out = withUrl(out, 'shutdown', up(s.shutdown.http));
  return out;
}

interface Urls {
  readiness?: Check;
  shutdown?: Shutdown;
}

/** `s` with the row's URL on `port`, only while that URL is on the vendor's default port; else `s` itself. */
function onPort<T extends Urls>(s: T, row: PortSource, port: string | undefined): T {
  const check = row.url === 'readiness' ? s.readiness : s.shutdown;
  if (!port || !/^\d{1,5}$/.test(port) || port === row.default || !check?.http) return s;
  const url = new URL(check.http);
  if (url.port !== row.default) return s;
  url.port = port;
  return withUrl(s, row.url, url.toString());
}

/** `s` with its `which` URL set to `http`. */
function withUrl<T extends Urls>(s: T, which: 'readiness' | 'shutdown', http: string): T {
  return which === 'shutdown' ? { ...s, shutdown: { ...s.shutdown!, http } } : { ...s, readiness: { ...s.readiness, http } };
}

/** `s` with the row's URL on `path`, only while that URL is on the vendor's default path; else `s` itself. */
function onPath<T extends Urls>(s: T, row: PathSource, path: unknown): T {
  const check = row.url === 'readiness' ? s.readiness : s.shutdown;
  if (typeof path !== 'string' || path === '' || path === row.default || !check?.http) return s;
  const url = new URL(check.http);
  if (url.pathname !== row.default) return s;
  url.pathname = path;
  return withUrl(s, row.url, url.toString());
}

/**
 * The injector's own probe is evidence too: a sidecar whose readinessProbe or startupProbe asks
 * for the readiness path on another port listens there. Kuma 2.14+ probes /ready on its
 * readiness port (9902) once the admin API is on a Unix socket
 * (kumahq/kuma@v2.14.0:pkg/plugins/runtime/k8s/containers/factory.go, probePort); 2.13 and
 * before probe the admin port 9901. The wait command follows the URL.
 */
function fromOwnProbe(spec: SidecarSpec, c: Container): SidecarSpec {
  if (!spec.readiness?.http) return spec;
  const url = new URL(spec.readiness.http);
  const probes = [c.readinessProbe, c.startupProbe] as ({ httpGet?: { path?: unknown; port?: unknown } } | undefined)[];
  const port = probes.map((p) => p?.httpGet).find((g) => g?.path === url.pathname && typeof g.port === 'number')?.port as number | undefined;
  if (port === undefined || String(port) === url.port) return spec;
  const old = `:${url.port}${url.pathname}`;
  url.port = String(port);
  const waitCommand = spec.waitCommand?.map((a) => a.replace(old, `:${port}${url.pathname}`));
  return { ...spec, readiness: { ...spec.readiness, http: url.toString() }, waitCommand };
}

/** A loopback address: a listener there is reachable from the pod's own network namespace only. */
export const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i;

/**
 * Why the kubelet's startupProbe, which it sends to the pod IP, cannot reach the sidecar's health
 * endpoint, and what would let it; undefined when nothing in the manifest says so. The one rule
 * for every sidecar (issue 27): such a sidecar stays classic, held by a postStart wait, which runs
 * in the pod's network namespace (src/sequence/index.ts), and a native one gets no startupProbe
 * (src/sequence/native.ts). The evidence: what src/pod/bootstrap.ts read into the spec (Envoy's
 * admin on 127.0.0.1, or behind an init container that redirects inbound traffic), or the flag or
 * env var of the sidecar's own container (loopbackListener).
 */
export function probeBlocked(spec: SidecarSpec, c: Container): ProbeBlock | undefined {
  if (spec.unprobeable) return spec.unprobeable;
  const setting = loopbackListener(spec, c);
  if (setting === undefined) return undefined;
  const fix = (profileAt(spec.profile, spec.version).probeArgs ?? []).join(' ') || 'a listen address the pod IP reaches';
  return { why: `its ${setting} keeps its health endpoint on loopback, where the kubelet's probe (sent to the pod IP) cannot reach it`, fix };
}

/**
 * The flag or env var by which the sidecar's own container puts its readiness endpoint on a
 * loopback address (`--http-address=127.0.0.1`), as it reads in results; undefined when none
 * does. The vendor's default (cloud-sql-proxy: localhost) does not count: pod-sequencer adds the
 * profile's probe args for a native sidecar, but never overrides an address the user chose.
 */
export function loopbackListener(spec: SidecarSpec, c: Container): string | undefined {
  const a = profileAt(spec.profile, spec.version).listenAddress;
  if (!a) return undefined;
  const flag = a.flag === undefined ? undefined : flagValue(c, a.flag);
  if (flag !== undefined) return LOOPBACK.test(flag) ? `${a.flag}=${flag}` : undefined;
  const env = a.env === undefined ? undefined : envValue(c, a.env);
  return env !== undefined && LOOPBACK.test(env) ? `env ${a.env}=${env}` : undefined;
}
