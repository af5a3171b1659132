/** Turning a sidecar's readiness check into Kubernetes probes, and the args it needs. */
import type { Check, SidecarSpec } from '../config/types.js';
import { profileAt } from '../profiles/index.js';
import type { Container } from '../workloads/workload.js';
import type { Ctx } from '../pod/context.js';
import { budgetFlag, withoutBudget } from '../pod/gate.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * A startupProbe for a native sidecar. The kubelet probes the pod IP, so a loopback host in the
 * check is dropped; any other host is kept.
 */
export function startupProbe(check: Check, timeoutSeconds: number): Record<string, unknown> | undefined {
  const common = { periodSeconds: 1, failureThreshold: Math.max(1, timeoutSeconds) };
  if (check.http) {
    const url = new URL(check.http);
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    const httpGet: Record<string, unknown> = { path: url.pathname + url.search, port };
    if (!LOOPBACK.has(url.hostname)) httpGet.host = url.hostname;
    if (url.protocol === 'https:') httpGet.scheme = 'HTTPS';
    return { httpGet, ...common };
  }
  if (check.tcp) {
    const [host, port] = splitHostPort(check.tcp);
    const tcpSocket: Record<string, unknown> = { port };
    if (host && !LOOPBACK.has(host)) tcpSocket.host = host;
    return { tcpSocket, ...common };
  }
  return undefined;
}

export function splitHostPort(hostPort: string): [string, number] {
  const i = hostPort.lastIndexOf(':');
  return [hostPort.slice(0, i), Number(hostPort.slice(i + 1))];
}

/** Readable form of a check for messages: "GET http://127.0.0.1:15021/healthz/ready". */
/**
 * Flags the sidecar needs for the gate we give it (e.g. cloud-sql-proxy serves /startup only
 * with --health-check). Added to `args` when no flag of that name is present; returns the
 * flags it added.
 */
export function ensureArgs(c: Container, flags: readonly string[]): string[] {
  const present = new Set([...(c.command ?? []), ...(c.args ?? [])].map(flagName));
  const missing = flags.filter((f) => !present.has(flagName(f)));
  if (missing.length > 0) c.args = [...(c.args ?? []), ...missing];
  return missing;
}

function flagName(arg: string): string {
  return String(arg).split('=')[0]!;
}

/** What an endpoint needs flags for, as a result says it. */
const NEEDS = {
  readiness: (n: number) => `: its readiness endpoint needs ${n > 1 ? 'them' : 'it'}`,
  probe: () => ' so the kubelet can probe it',
  shutdown: (n: number) => `: its shutdown endpoint needs ${n > 1 ? 'them' : 'it'}`,
};

/**
 * ensureArgs, with the info result that says which flags were added to the sidecar's args and
 * why. Every step that waits on, probes or calls a sidecar's endpoint adds its flags through here.
 */
export function addArgs(ctx: Ctx, c: Container, path: string, flags: readonly string[], why: keyof typeof NEEDS): void {
  const added = ensureArgs(c, flags);
  if (added.length > 0) ctx.report('info', `added ${added.join(' ')} to ${c.name}'s args${NEEDS[why](added.length)}`, `${path}.args`);
}

export function readinessArgs(spec: SidecarSpec, native: boolean): string[] {
  const p = profileAt(spec.profile, spec.version);
  return [...(p.readinessArgs ?? []), ...(native ? (p.probeArgs ?? []) : [])];
}

/**
 * The wait command as written into a hook: the profile's own command gets the configured budget
 * through the vendor's flag (`pilot-agent wait --timeoutSeconds`, `cloud-sql-proxy wait --max`,
 * `linkerd-await --timeout`, `kuma-dp wait --timeout`), replacing the one it had; otherwise the
 * vendor's own budget (60s, 30s, 2m, 180s) would end the wait whatever timeoutSeconds says. A
 * wait command the config wrote itself is left as it is.
 */
export function budgetedWait(spec: SidecarSpec): string[] | undefined {
  const argv = spec.waitCommand;
  const flag = budgetFlag(spec);
  if (!argv || !flag) return argv;
  const value = flag.unit === 'seconds' ? String(spec.timeoutSeconds) : `${spec.timeoutSeconds}s`;
  return [...withoutBudget(argv, spec), `${flag.flag}=${value}`];
}
