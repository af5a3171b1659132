/**
 * Waits the manifest already has (issue 27): an init container of the user's own that loops until
 * a host answers, as Kong's migrations Job does for postgres
 * (`until timeout 1 bash 9<>/dev/tcp/${KONG_PG_HOST}/${KONG_PG_PORT}; do ... done`,
 * Kong/kubernetes-ingress-controller config/variants/postgres/migration.yaml). A dependency such a
 * loop already waits for is handled: no `seq-wait-*` is added beside it and no rule asks for one.
 *
 * Read from the container's argv with its own literal env values put in for `$VAR`, `${VAR}` and
 * `$(VAR)` (the kubelet's expansion and the shell's agree for these). Only loops count (`until`,
 * `while`, `for`) and tools that loop by themselves (`wait-for`, `wait-for-it`, `dockerize
 * -wait`): a single `nc -z` or `pg_isready` in a pod that is not restarted would fail it, not wait.
 */
import { splitHostPort } from '../config/values.js';
import type { Dependency } from '../config/types.js';
import type { Container, Workload } from '../workloads/workload.js';
import { argvOf } from './commands.js';
import { isNativeSidecar } from './sidecars.js';

/** The init containers pod-sequencer writes for dependencies: `seq-wait-<name>`. */
export const WAIT_PREFIX = 'seq-wait-';
export const isWaitContainer = (c: Container): boolean => c.name.startsWith(WAIT_PREFIX);

/** A host (and port, when the wait names one) an init container waits for. */
export interface HandWait {
  container: string;
  host: string;
  port?: number;
}

const HOST = '([A-Za-z0-9][A-Za-z0-9._-]*)';
/** Patterns that need a loop around them: [regex, group of the host, group of the port, default port]. */
const IN_LOOP: [RegExp, number, number, number?][] = [
  [new RegExp(`/dev/tcp/${HOST}/(\\d+)`, 'g'), 1, 2],
  [new RegExp(`\\b(?:nc|ncat|netcat)\\b(?:\\s+-\\S+(?:\\s+\\d+)?)*\\s+${HOST}\\s+(\\d+)\\b`, 'g'), 1, 2],
  [new RegExp(`\\bpg_isready\\b[^;&|\\n]*?-h\\s*${HOST}(?:[^;&|\\n]*?-p\\s*(\\d+))?`, 'g'), 1, 2, 5432],
  [new RegExp(`\\b(?:curl|wget)\\b[^;&|\\n]*?https?://${HOST}(?::(\\d+))?`, 'g'), 1, 2],
  [new RegExp(`\\b(?:nslookup|getent\\s+hosts|dig|host)\\s+${HOST}`, 'g'), 1, 0],
];
/** Tools that loop by themselves. */
const LOOPING: RegExp[] = [
  new RegExp(`\\b(?:wait-for(?:-it)?(?:\\.sh)?|dockerize\\b[^;&|\\n]*?-wait)\\s+(?:(?:tcp|https?)://)?${HOST}:(\\d+)`, 'g'),
  new RegExp(`\\b(?:wait-for(?:-it)?(?:\\.sh)?)\\s+(?:-h\\s+|--host=)${HOST}\\s+(?:-p\\s+|--port=)(\\d+)`, 'g'),
];
const LOOP = /\b(?:until|while|for)\b/;

/**
 * Programs that, run in a loop until they succeed, wait for a database their env names (vendor
 * facts): Kong's `while true; do kong migrations list; ... done` (its ingress controller's
 * wait-for-migrations) reaches postgres at KONG_PG_HOST:KONG_PG_PORT.
 */
export const PROGRAM_WAITS: readonly {
  program: RegExp;
  host: { env: string; default: string };
  port: { env: string; default: number };
  source: string;
  quote: string;
  also: { source: string; quote: string }[];
}[] = [
  {
    program: /\bkong\s+migrations\b/,
    host: { env: 'KONG_PG_HOST', default: '127.0.0.1' },
    port: { env: 'KONG_PG_PORT', default: 5432 },
    source: 'Kong/kong@3.9.3:kong.conf.default',
    quote: '#pg_port = 5432                  # Port of the Postgres server.',
    also: [
      { source: 'Kong/kong@3.9.3:kong.conf.default', quote: '#pg_host = 127.0.0.1             # Host of the Postgres server.' },
      { source: 'Kong/kong@3.9.3:kong.conf.default', quote: '# All environment variables prefixed with `KONG_` and capitalized will override' },
    ],
  },
];

/** The user's own init containers' waits, in order. */
export function handWrittenWaits(w: Workload): HandWait[] {
  const out: HandWait[] = [];
  for (const c of w.pod.initContainers ?? []) {
    if (isWaitContainer(c) || isNativeSidecar(c)) continue;
    const text = expand(
      argvOf(c)
        .map((x) => x.text)
        .join(' '),
      envOf(c),
    );
    const looped = LOOP.test(text);
    for (const [re, h, p, dflt] of looped ? IN_LOOP : []) {
      for (const m of text.matchAll(re)) out.push(wait(c, m[h]!, p ? (m[p] ?? (dflt !== undefined ? String(dflt) : undefined)) : undefined));
    }
    for (const re of LOOPING) for (const m of text.matchAll(re)) out.push(wait(c, m[1]!, m[2]));
    const env = envOf(c);
    for (const p of looped ? PROGRAM_WAITS : []) {
      if (p.program.test(text)) out.push(wait(c, env.get(p.host.env) ?? p.host.default, env.get(p.port.env) ?? String(p.port.default)));
    }
  }
  return out;
}

function wait(c: Container, host: string, port: string | undefined): HandWait {
  return { container: c.name, host: host.toLowerCase(), ...(port !== undefined && { port: Number(port) }) };
}

/** Whether one of `waits` is for `dep`'s host (and port, when both name one). */
export function awaitedBy(dep: Dependency, waits: readonly HandWait[]): HandWait | undefined {
  const target = targetOf(dep);
  if (!target) return undefined;
  return waits.find((x) => sameHost(x.host, target.host) && (target.port === undefined || x.port === undefined || x.port === target.port));
}

function targetOf(dep: Dependency): { host: string; port?: number } | undefined {
  if (dep.tcp !== undefined) {
    const hp = splitHostPort(dep.tcp);
    return hp && { host: hp.host.toLowerCase(), port: Number(hp.port) };
  }
  if (dep.http !== undefined) {
    try {
      const u = new URL(dep.http);
      return { host: u.hostname.toLowerCase(), port: Number(u.port || (u.protocol === 'https:' ? 443 : 80)) };
    } catch {
      return undefined;
    }
  }
  return dep.dns !== undefined ? { host: dep.dns.toLowerCase() } : undefined;
}

/** `postgres` and `postgres.kong.svc.cluster.local` name the same Service from inside its namespace. */
function sameHost(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return !short.includes('.') && long.startsWith(`${short}.`) && /\.svc(\.cluster\.local)?$|^[^.]+\.[^.]+$/.test(long);
}

/** The container's env values written in the manifest (not valueFrom). */
function envOf(c: Container): Map<string, string> {
  const env = new Map<string, string>();
  for (const e of (c.env as { name?: unknown; value?: unknown }[] | undefined) ?? []) {
    if (typeof e?.name === 'string' && typeof e.value === 'string') env.set(e.name, e.value);
  }
  return env;
}

function expand(text: string, env: Map<string, string>): string {
  return text.replace(
    /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|\(([A-Za-z_][A-Za-z0-9_]*)\)|([A-Za-z_][A-Za-z0-9_]*))/g,
    (all, a, b, c) => env.get(a ?? b ?? c) ?? all,
  );
}
