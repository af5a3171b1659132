/**
 * Builders (and parsers, for idempotency) of the commands that run our scripts.
 *
 * Shape of every command: [...shellPrefix(env), SCRIPT, MARKER, BUSYBOX, ...params], where
 * BUSYBOX is the injected busybox's path ('' in image mode). Values only ever travel as params.
 * SCRIPT is composed for the command (scripts.ts): only what its delivery, check kinds and
 * records need. parse* never look at it, so they also recognise commands of older versions;
 * parseWrapper only tells the shared form (SCRIPT a call of the pod's one wrapper) apart.
 */
import {
  dependencyScript,
  hookChainScript,
  hookWaitScript,
  HOOK_MARKER,
  SHARED_WRAP_CALL,
  TOOLS_MARKER,
  toolsScript,
  WAIT_MARKER,
  WRAP_MARKER,
  wrapScript,
  type WrapperShape,
} from './scripts.js';
import type { DependencyWait, ReadyCheck, ShellEnv, ShutdownCall, WrapperSpec } from './types.js';

export function busyboxPath(env: ShellEnv): string {
  return `${env.toolsDir.replace(/\/+$/, '')}/busybox`;
}

export function shellPrefix(env: ShellEnv): string[] {
  return env.delivery === 'inject' ? [busyboxPath(env), 'sh', '-c'] : ['sh', '-c'];
}

function command(env: ShellEnv, script: string, marker: string, params: string[]): string[] {
  return [...shellPrefix(env), script, marker, env.delivery === 'inject' ? busyboxPath(env) : '', ...params];
}

function seconds(n: number, what: string): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} must be a whole number of seconds >= 0, got ${n}`);
  return String(n);
}

/** [kind, target] of a check that must have exactly one kind. */
function target(c: { name: string; http?: string; tcp?: string; dns?: string }): [string, string] {
  const kinds = (['http', 'tcp', 'dns'] as const).filter((k) => c[k] !== undefined);
  if (kinds.length !== 1) throw new Error(`check for ${c.name} needs exactly one of http, tcp or dns`);
  return [kinds[0], c[kinds[0]]!];
}

function nonEmpty(argv: string[], what: string): string[] {
  if (argv.length === 0) throw new Error(`${what} must not be empty`);
  return argv;
}

function nonBlank(s: string, what: string): string {
  if (!/\S/.test(s)) throw new Error(`${what} must not be blank`);
  return s;
}

export function postStartWait(check: ReadyCheck, env: ShellEnv, then?: string[]): string[] {
  const [kind, t] = target(check);
  const params = ['wait', kind, t, seconds(check.timeoutSeconds, 'timeoutSeconds'), check.onTimeout, check.name];
  return command(env, hookWaitScript(env.delivery, kind), HOOK_MARKER, [...params, '--', ...(then ?? [])]);
}

/** With no `then`, the wait command needs no shell at all and is returned as it is. */
export function chain(first: string[], then: string[], env: ShellEnv): string[] {
  nonEmpty(first, 'wait command');
  if (then.length === 0) return [...first];
  return command(env, hookChainScript(env.delivery), HOOK_MARKER, ['chain', String(first.length), ...first, ...then]);
}

export function dependencyWait(dep: DependencyWait, env: ShellEnv): string[] {
  const [kind, t] = target(dep);
  const period = Math.max(1, Number(seconds(dep.periodSeconds, 'periodSeconds')));
  return command(env, dependencyScript(env.delivery, kind), WAIT_MARKER, [dep.name, kind, t, seconds(dep.timeoutSeconds, 'timeoutSeconds'), String(period)]);
}

const HEADER_NAME = /^[A-Za-z0-9_-]+$/;
/** Letters first: our own variables start with "_", and the script reads this one through eval. */
const VAR_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** A quit record, after the header and tries records that apply to it (when it has them). */
function quitRecords(s: ShutdownCall): string[] {
  const out: string[] = [];
  if (s.header) {
    if (!HEADER_NAME.test(s.header.name))
      throw new Error(`shutdown header of ${s.name}: ${JSON.stringify(s.header.name)} is not a header name (letters, digits, - and _)`);
    if (!VAR_NAME.test(s.header.fromEnv))
      throw new Error(`shutdown header of ${s.name}: ${JSON.stringify(s.header.fromEnv)} is not an environment variable name`);
    out.push('header', s.header.name, s.header.fromEnv);
  }
  const attempts = s.attempts ?? 1;
  if (!Number.isSafeInteger(attempts) || attempts < 1) throw new RangeError(`attempts of ${s.name} must be a whole number >= 1, got ${attempts}`);
  if (attempts > 1) out.push('tries', String(attempts));
  return [...out, 'quit', s.method, s.http, s.name];
}

/**
 * inline: the command carries its whole script. shared (inject delivery only): the command runs
 * the pod's one shared wrapper, which the `seq-tools` init container writes (sharedWrapper).
 */
export type WrapperForm = 'inline' | 'shared';

export function wrapperCommand(spec: WrapperSpec, env: ShellEnv, form: WrapperForm = 'inline'): string[] {
  const records: string[] = [];
  for (const c of spec.checks) {
    const [kind, t] = target(c);
    records.push('ready', kind, t, seconds(c.timeoutSeconds, 'timeoutSeconds'), c.onTimeout, c.name);
  }
  if (spec.mode === 'job') for (const s of spec.shutdown) records.push(...quitRecords(s));
  if (spec.mode === 'job') for (const k of spec.kill ?? []) records.push('kill', nonBlank(k.process, 'process name'), k.name);
  const script = form === 'shared' && env.delivery === 'inject' ? SHARED_WRAP_CALL : wrapScript(env.delivery, shapeOf(spec));
  // An empty argv is allowed: an image with no ENTRYPOINT, whose `args` are the whole command.
  return command(env, script, WRAP_MARKER, [spec.mode, spec.shutdownOn, ...records, '--', ...spec.argv]);
}

/** What a wrapper's script must handle for this spec (never a value). */
function shapeOf(spec: WrapperSpec): WrapperShape {
  return {
    mode: spec.mode,
    // ready records are http or tcp: any other kind is refused by the script, as it always was
    kinds: spec.checks.map((c) => target(c)[0]).filter((k) => k === 'http' || k === 'tcp'),
    shutdown: spec.shutdown.length > 0,
    post: spec.shutdown.some((s) => s.method !== 'GET'),
    header: spec.shutdown.some((s) => s.header),
    retry: spec.shutdown.some((s) => (s.attempts ?? 1) > 1),
    kill: (spec.kill ?? []).length > 0,
  };
}

/**
 * The shared wrapper of a pod whose wrapped containers run these specs (all of one mode): the
 * union of what each needs, for inject delivery.
 */
export function sharedWrapper(specs: WrapperSpec[]): string {
  const shapes = specs.map(shapeOf);
  const mode = shapes[0]?.mode;
  if (!mode || shapes.some((s) => s.mode !== mode)) throw new Error('a shared wrapper needs wrappers, all of one mode');
  const any = (k: 'shutdown' | 'post' | 'header' | 'retry' | 'kill') => shapes.some((s) => s[k]);
  const shape = {
    mode,
    kinds: [...new Set(shapes.flatMap((s) => s.kinds))],
    shutdown: any('shutdown'),
    post: any('post'),
    header: any('header'),
    retry: any('retry'),
    kill: any('kill'),
  };
  return wrapScript('inject', shape, true);
}

/** The `seq-tools` command that copies BUSYBOX into toolsDir and writes the shared wrapper there. */
export function toolsInstall(busybox: string, toolsDir: string, wrapper: string): string[] {
  return [busybox, 'sh', '-c', toolsScript(), TOOLS_MARKER, busybox, toolsDir.replace(/\/+$/, ''), nonBlank(wrapper, 'shared wrapper')];
}

/** A toolsInstall command: its busybox, tools directory and shared wrapper; null if it is not one. */
export function parseToolsInstall(cmd: string[]): { busybox: string; toolsDir: string; wrapper: string } | null {
  if (cmd.length !== 8 || cmd[1] !== 'sh' || cmd[2] !== '-c' || cmd[4] !== TOOLS_MARKER || cmd[0] !== cmd[5]) return null;
  return { busybox: cmd[5], toolsDir: cmd[6], wrapper: cmd[7] };
}

/** Splits one of our commands into env, marker and params; null if it is not shaped like ours. */
function split(cmd: string[]): { env: ShellEnv; marker: string; params: string[] } | null {
  let env: ShellEnv;
  let i: number;
  if (cmd[0]?.endsWith('/busybox') && cmd[1] === 'sh' && cmd[2] === '-c') {
    env = { delivery: 'inject', toolsDir: cmd[0].slice(0, -'/busybox'.length) || '/' };
    i = 3;
  } else if ((cmd[0] === 'sh' || cmd[0]?.endsWith('/sh')) && cmd[1] === '-c') {
    env = { delivery: 'image', toolsDir: '/.seq' };
    i = 2;
  } else return null;
  const marker = cmd[i + 1];
  const bb = cmd[i + 2];
  if (cmd.length < i + 3 || bb !== (env.delivery === 'inject' ? cmd[0] : '')) return null;
  return { env, marker, params: cmd.slice(i + 3) };
}

const isSeconds = (s: string | undefined): s is string => s !== undefined && /^(0|[1-9][0-9]*)$/.test(s);
const onTimeoutOf = (s: string | undefined) => (s === 'fail' || s === 'continue' ? s : null);

function readyCheck(kind: string, t: string, timeout: string, onTimeout: string, name: string): ReadyCheck | null {
  const o = onTimeoutOf(onTimeout);
  if ((kind !== 'http' && kind !== 'tcp') || !isSeconds(timeout) || !o) return null;
  return { name, [kind]: t, timeoutSeconds: Number(timeout), onTimeout: o };
}

/** Record tags in a wrapper's parameters; 0.1.0 and before wrote R, S and K, still read on a rerun. */
const RECORD: Record<string, 'ready' | 'quit' | 'kill' | 'header' | 'tries' | undefined> = Object.assign(Object.create(null), {
  ready: 'ready',
  quit: 'quit',
  kill: 'kill',
  header: 'header',
  tries: 'tries',
  R: 'ready',
  S: 'quit',
  K: 'kill',
});

/** What header and tries records say about the quit record that follows them. */
type Pending = Pick<ShutdownCall, 'header' | 'attempts'>;

/** `shared`: the command runs the pod's shared wrapper (wrapperCommand's shared form). */
export function parseWrapper(command: string[]): { spec: WrapperSpec; env: ShellEnv; shared?: true } | null {
  const s = split(command);
  if (!s || s.marker !== WRAP_MARKER) return null;
  const [mode, shutdownOn, ...rest] = s.params;
  if ((mode !== 'exec' && mode !== 'job') || (shutdownOn !== 'success' && shutdownOn !== 'always')) return null;
  const spec: WrapperSpec = { mode, shutdownOn, checks: [], shutdown: [], argv: [] };
  let pending: Pending | null = null;
  let i = 0;
  while (rest[i] !== '--') {
    const [tag, a, b, c, d, e] = rest.slice(i, i + 6);
    const kind = RECORD[tag];
    if (kind !== 'quit' && kind !== 'header' && kind !== 'tries' && pending) return null;
    if (kind === 'ready' && i + 6 < rest.length) {
      const check = readyCheck(a, b, c, d, e);
      if (!check) return null;
      spec.checks.push(check);
      i += 6;
    } else if (kind === 'quit' && i + 4 < rest.length && (a === 'POST' || a === 'GET')) {
      spec.shutdown.push({ name: c, http: b, method: a, ...(pending ?? {}) });
      pending = null;
      i += 4;
    } else if (kind === 'header' && i + 3 < rest.length && !pending?.header && HEADER_NAME.test(a) && VAR_NAME.test(b)) {
      pending = { ...(pending ?? {}), header: { name: a, fromEnv: b } };
      i += 3;
    } else if (kind === 'tries' && i + 2 < rest.length && !pending?.attempts && isSeconds(a) && Number(a) >= 1) {
      pending = { ...(pending ?? {}), attempts: Number(a) };
      i += 2;
    } else if (kind === 'kill' && i + 3 < rest.length && spec.mode === 'job') {
      (spec.kill ??= []).push({ name: b, process: a });
      i += 3;
    } else return null;
  }
  if (pending) return null;
  spec.argv = rest.slice(i + 1);
  return { spec, env: s.env, ...(s.env.delivery === 'inject' && command[3] === SHARED_WRAP_CALL ? { shared: true as const } : {}) };
}

export function parseHook(command: string[]): { then?: string[] } | null {
  const s = split(command);
  if (!s || s.marker !== HOOK_MARKER) return null;
  const p = s.params;
  let then: string[];
  if (p[0] === 'wait') {
    if (p.length < 7 || p[6] !== '--' || !readyCheck(p[1], p[2], p[3], p[4], p[5])) return null;
    then = p.slice(7);
  } else if (p[0] === 'chain') {
    if (!isSeconds(p[1])) return null;
    const n = Number(p[1]);
    if (n < 1 || p.length < 2 + n) return null;
    then = p.slice(2 + n);
  } else return null;
  return then.length ? { then } : {};
}

/** Same recognition for dependencyWait commands (idempotency of `seq-wait-*`, explain output). */
export function parseDependencyWait(command: string[]): { dep: DependencyWait; env: ShellEnv } | null {
  const s = split(command);
  if (!s || s.marker !== WAIT_MARKER || s.params.length !== 5) return null;
  const [name, kind, t, timeout, period] = s.params;
  if ((kind !== 'http' && kind !== 'tcp' && kind !== 'dns') || !isSeconds(timeout) || !isSeconds(period)) return null;
  return {
    dep: { name, [kind]: t, timeoutSeconds: Number(timeout), periodSeconds: Number(period) },
    env: s.env,
  };
}
