/**
 * Envoy's admin listener, read from the bootstrap its container loads (issue 27): Envoy has none
 * unless the bootstrap's `admin` block gives an address, so its readiness (`/ready`) and quit
 * (`/quitquitquit`) endpoints exist only there. The bootstrap is the file `-c`/`--config-path`
 * names, when a ConfigMap of the input backs it (src/pod/files.ts), with `--config-yaml` merged
 * over it; which flags and paths is data (the `bootstrapAdmin` row of src/profiles/envoy.ts).
 */
import { parse } from 'yaml';
import type { Message } from '../krm/types.js';
import type { ProbeBlock, SidecarSpec } from '../config/types.js';
import { profileAt } from '../profiles/index.js';
import type { BootstrapAdmin } from '../profiles/types.js';
import { LIMITS } from '../yaml/limits.js';
import { isObject, type Container, type Workload } from '../workloads/workload.js';
import { argvOf, shellScript } from './commands.js';
import type { InputFacts } from './context.js';
import { isUnread, mountedFile } from './files.js';
import { LOOPBACK } from './ports.js';

/** What the input says of the admin listener; `from` names the bootstrap as results show it. */
export type AdminEvidence =
  | { kind: 'tcp'; address: string; port: number; from: string; v6only?: boolean }
  | { kind: 'pipe'; path: string; from: string }
  | { kind: 'none'; from: string }
  | { kind: 'unknown'; why: string };

const ANY = /^(0\.0\.0\.0|::|\[::\])$/;

/** The admin listener the container's bootstrap declares. */
export function adminOf(w: Workload, c: Container, facts: InputFacts, b: BootstrapAdmin): AdminEvidence {
  const argv = commandWords(c);
  const path = lastFlag(argv, b.pathFlags);
  const inline = lastFlag(argv, [b.inlineFlag]);
  if (path === undefined && inline === undefined) {
    return { kind: 'unknown', why: `its command names no bootstrap (${[...b.pathFlags, b.inlineFlag].join(', ')})` };
  }
  let file: { value: Record<string, unknown>; from: string } | undefined;
  if (path !== undefined) {
    const read = mountedFile(w, c, path, facts);
    if (read === undefined) return { kind: 'unknown', why: `its bootstrap ${path} is not from a ConfigMap in the input` };
    if (isUnread(read)) return { kind: 'unknown', why: `its bootstrap ${path}: ${read.missing}` };
    if (/\.pb(_text)?$/.test(path)) return { kind: 'unknown', why: `its bootstrap ${path} is a protobuf file, which pod-sequencer does not read` };
    const value = parseBootstrap(read.text);
    if (value === undefined) return { kind: 'unknown', why: `its bootstrap (${read.from}) is not a YAML or JSON map` };
    file = { value, from: `${read.from}, loaded by ${path}` };
  }
  // --config-yaml is merged over the file: its admin address, where it gives one, wins.
  const over = inline === undefined ? undefined : parseBootstrap(inline);
  if (inline !== undefined && over === undefined) return { kind: 'unknown', why: `its ${b.inlineFlag} is not a YAML or JSON map` };
  const overAddress = addressIn(over);
  if (overAddress !== undefined) return listener(overAddress, b.inlineFlag);
  return file ? listener(addressIn(file.value), file.from) : { kind: 'none', from: b.inlineFlag };
}

/** The words of the container's argv, and of the script when it runs `sh -c SCRIPT` (`exec envoy -c …`). */
function commandWords(c: Container): string[] {
  const argv = argvOf(c);
  const script = shellScript(argv);
  return script ? [...argv.map((w) => w.text), ...shellWords(script.text)] : argv.map((w) => w.text);
}

/** A script's words, with '…' and "…" quoting undone; enough to find a flag and its value. */
function shellWords(script: string): string[] {
  const out: string[] = [];
  for (const m of script.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|([^\s'";&|]+)/g)) out.push(m[1] ?? m[2]?.replace(/\\(.)/g, '$1') ?? m[3]!);
  return out;
}

/** The value of the last of `flags` (`--flag V`, `--flag=V`), as Envoy's command line parser takes them. */
function lastFlag(argv: readonly string[], flags: readonly string[]): string | undefined {
  let value: string | undefined;
  argv.forEach((a, i) => {
    for (const f of flags) {
      if (a === f && i + 1 < argv.length) value = argv[i + 1];
      else if (f.startsWith('--') && a.startsWith(`${f}=`)) value = a.slice(f.length + 1);
    }
  });
  return value;
}

function parseBootstrap(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = parse(text, { maxAliasCount: LIMITS.aliases });
    return isObject(v) ? v : v === null || v === undefined ? {} : undefined;
  } catch {
    return undefined;
  }
}

/** `admin.address` of a bootstrap: undefined when it has no admin block or the block no address. */
function addressIn(bootstrap: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const admin = bootstrap?.admin;
  return isObject(admin) && isObject(admin.address) ? admin.address : undefined;
}

function listener(address: Record<string, unknown> | undefined, from: string): AdminEvidence {
  if (!address) return { kind: 'none', from };
  const pipe = address.pipe;
  if (isObject(pipe)) return { kind: 'pipe', path: String(pipe.path ?? ''), from };
  const socket = address.socket_address;
  if (!isObject(socket)) return { kind: 'none', from };
  const port = Number(socket.port_value);
  const host = typeof socket.address === 'string' ? socket.address : '';
  if (!Number.isInteger(port) || port < 1 || port > 65535) return { kind: 'none', from };
  // On `::` Envoy takes IPv6 connections only unless `ipv4_compat` is set (SocketAddress).
  return { kind: 'tcp', address: host, port, from, ...(host.includes(':') && socket.ipv4_compat !== true && { v6only: true }) };
}

/**
 * The spec with the readiness and quit URLs of the admin listener the evidence shows, for a
 * profile whose endpoints live there (Envoy); a URL the config sets itself stays. `unprobeable`
 * is set when the pod IP does not reach the admin (src/pod/ports.ts probeBlocked).
 * `note`: what a result should say about it (no gate, and what would make one).
 */
export function withAdmin(spec: SidecarSpec, c: Container, w: Workload, facts: InputFacts): { spec: SidecarSpec; note?: AdminNote } {
  const b = profileAt(spec.profile, spec.version).bootstrapAdmin;
  if (!b) return { spec };
  const read = adminOf(w, c, facts, b);
  const ev = read.kind === 'unknown' ? (probedAdmin(c, b) ?? read) : read;
  const own = spec.readiness !== undefined;
  if (ev.kind === 'tcp' && (LOOPBACK.test(ev.address) || ANY.test(ev.address))) {
    // Reached from inside the pod (a postStart wait, the Job wrapper): on the family it listens on.
    const origin = `http://${ev.address.includes(':') ? '[::1]' : '127.0.0.1'}:${ev.port}`;
    const out: SidecarSpec = {
      ...spec,
      readiness: spec.readiness ?? { http: origin + b.readinessPath },
      shutdown: spec.shutdown ?? { http: origin + b.shutdownPath, method: 'POST' },
    };
    const blocked = LOOPBACK.test(ev.address) ? onLoopback(ev) : ev.v6only ? ipv6Only(ev) : redirected(w, ev);
    if (blocked) out.unprobeable = blocked;
    return { spec: out };
  }
  if (own) {
    // The config names the admin port: its quit call is on the same listener. Where the bootstrap
    // says there is none, the config still wins (it is the user's word); the wait says so if it fails.
    const url = spec.readiness?.http ? new URL(spec.readiness.http) : undefined;
    const shutdown = spec.shutdown ?? (url?.pathname === b.readinessPath ? { http: url.origin + b.shutdownPath, method: 'POST' as const } : undefined);
    return { spec: { ...spec, ...(shutdown && { shutdown }) } };
  }
  const make = `add an admin block to its bootstrap (admin.address.socket_address, on 127.0.0.1 as Envoy's operations guide advises) or name the admin port in sidecars[].readiness (http://127.0.0.1:<port>${b.readinessPath})`;
  const why = ev.kind === 'unknown' ? `nothing in the input shows an admin listener: ${ev.why}` : describe(ev);
  return {
    spec,
    note: {
      summary: `${c.name} gets no readiness gate and no quit call: no Envoy admin listener is in the input`,
      detail: `Envoy has an admin listener only where its bootstrap declares one, and ${why}. To gate on it, ${make}.`,
    },
  };
}

/**
 * With no bootstrap to read, the container's own probe or preStop hook on an admin path
 * (`httpGet: {path: /ready, port: 9901}`, a preStop POST-less `/quitquitquit`) shows the admin
 * listener and its port; the kubelet sends these to the pod IP, so it listens there too.
 */
function probedAdmin(c: Container, b: BootstrapAdmin): AdminEvidence | undefined {
  const gets = [
    ['readinessProbe', c.readinessProbe],
    ['livenessProbe', c.livenessProbe],
    ['startupProbe', c.startupProbe],
    ['lifecycle.preStop', (c.lifecycle as { preStop?: unknown } | undefined)?.preStop],
  ] as const;
  for (const [field, handler] of gets) {
    const get = (handler as { httpGet?: { path?: unknown; port?: unknown } } | undefined)?.httpGet;
    if ((get?.path === b.readinessPath || get?.path === b.shutdownPath) && typeof get.port === 'number') {
      return { kind: 'tcp', address: '0.0.0.0', port: get.port, from: `its ${field} on ${String(get.path)}, port ${get.port}` };
    }
  }
  return undefined;
}

function onLoopback(ev: { address: string; port: number; from: string }): ProbeBlock {
  return {
    why: `its bootstrap's admin address ${ev.address}:${ev.port} (${ev.from}) keeps its health endpoint on loopback, where the kubelet's probe (sent to the pod IP) cannot reach it`,
    fix: "the bootstrap's admin address to 0.0.0.0 (Envoy's operations guide advises loopback, so keeping it classic is the safer choice)",
  };
}

/**
 * An admin on `::` without `ipv4_compat` takes IPv6 connections only: a probe to an IPv4 pod IP
 * (most clusters) finds nothing there. The postStart wait goes to `[::1]`.
 */
function ipv6Only(ev: { address: string; port: number; from: string }): ProbeBlock {
  return {
    why: `its bootstrap's admin address ${ev.address}:${ev.port} (${ev.from}) takes IPv6 connections only (no ipv4_compat), where the kubelet's probe to an IPv4 pod IP cannot reach it`,
    fix: "the bootstrap's admin socket_address.ipv4_compat: true",
  };
}

/**
 * An admin on all addresses in a pod whose init container redirects traffic (NET_ADMIN: an
 * iptables setup such as OPA-Envoy's proxy_init, open-policy-agent/opa-envoy-plugin quick_start.yaml,
 * which sends every inbound port but the ones it excludes to Envoy's listener): a probe sent to
 * the pod IP may land on that listener instead of the admin, so it is not trusted to reach it.
 */
function redirected(w: Workload, ev: { address: string; port: number }): ProbeBlock | undefined {
  const setup = (w.pod.initContainers ?? []).find((c) => isObject(c) && c.restartPolicy !== 'Always' && addsNetAdmin(c));
  if (!setup) return undefined;
  return {
    why: `init container ${setup.name} adds NET_ADMIN to redirect the pod's traffic, so the kubelet's probe (sent to the pod IP) may reach a proxy listener instead of the admin on ${ev.address}:${ev.port}`,
    fix: `port ${ev.port} excluded from ${setup.name}'s inbound redirect`,
  };
}

function addsNetAdmin(c: Container): boolean {
  const add = (c.securityContext as { capabilities?: { add?: unknown } } | undefined)?.capabilities?.add;
  return Array.isArray(add) && add.some((a) => a === 'NET_ADMIN' || a === 'CAP_NET_ADMIN');
}

/** What the sidecar-endpoints-unknown rule says of a sidecar: no gate, why, and what would make one. */
export type AdminNote = Message;

function describe(ev: Exclude<AdminEvidence, { kind: 'unknown' }>): string {
  if (ev.kind === 'none') return `its bootstrap (${ev.from}) has no admin address`;
  if (ev.kind === 'pipe') return `its bootstrap (${ev.from}) puts the admin on a Unix socket (${ev.path}), which no TCP check reaches`;
  return `its bootstrap (${ev.from}) binds the admin to ${ev.address}:${ev.port}, which neither the pod's loopback nor its IP reaches`;
}
