/**
 * The start and stop sequence of one pod, as the kubelet would run it: init containers one by
 * one (each to completion, native sidecars until their startupProbe passes), then containers in
 * list order (a postStart hook holds the next one until it returns), then how the pod ends.
 * Read from the pod spec, plus the sidecars a mesh webhook will inject (pod annotations, Namespace
 * labels); the same model feeds the text timeline and the mermaid diagram.
 */
import { argvOf, leadingSleep, programArgv, shellScript, showArgv, type Word } from '../pod/commands.js';
import type { Config, SidecarSpec } from '../config/types.js';
import { makeCtx, noFacts, type Ctx, type InputFacts } from '../pod/context.js';
import { appNeed, classicStays, gracePeriod } from '../pod/stop.js';
import { meshedSidecars } from '../pod/mesh.js';
import { describeCheck } from '../pod/sidecars.js';
import { findSidecars, isNativeSidecar, specFor } from '../pod/sidecars.js';
import { TOOLS_CONTAINER } from '../pod/context.js';
import { parseDependencyWait, parseHook, parseToolsInstall, parseWrapper, SHARED_WRAPPER, type ShutdownCall, type WrapperSpec } from '../shell/index.js';
import { controllerWhy, templateField, type Container, type Handler, type Workload } from '../workloads/workload.js';

export type Role = 'init' | 'tools' | 'dependency' | 'native-sidecar' | 'sidecar' | 'app';

export interface Step {
  role: Role;
  name: string;
  /** What it runs. */
  runs: string;
  /** What the kubelet waits for before it starts the next container. */
  gate: Gate;
  /** A problem worth pointing out. */
  warning?: string;
}

export interface Gate {
  on: 'exit' | 'startupProbe' | 'postStart' | 'nothing';
  detail?: string;
}

export interface Timeline {
  title: string;
  start: Step[];
  /** Sidecars a mesh webhook adds at admission (not in the manifest), and why. */
  injected: string[];
  /** How the pod stops (or, for Jobs, ends) and which exit codes count. */
  stop: string[];
}

export const ROLE_LABEL: Record<Role, string> = {
  init: 'init container',
  tools: 'init container',
  dependency: 'dependency wait',
  'native-sidecar': 'native sidecar',
  sidecar: 'sidecar',
  app: 'app container',
};

export function timeline(w: Workload, cfg: Config, facts: InputFacts = noFacts()): Timeline {
  const pod = w.pod;
  const start: Step[] = [];
  for (const c of pod.initContainers ?? []) start.push(initStep(c, cfg));
  // Sidecars an app's wrapper waits for (strategy wrap, Job wrappers) are gated there instead.
  const awaited = new Set((pod.containers ?? []).flatMap((c) => parseWrapper((c.command ?? []).map(String))?.spec.checks.map((k) => k.name) ?? []));
  // The transforms' and rules' reading of which containers are sidecars (src/pod/sidecars.ts: an
  // Envoy that alone serves the pod is the workload, as in Envoy Gateway's proxy), not a second one.
  const sidecars = new Map(findSidecars(w, cfg, facts).map((s) => [s.name, s.spec]));
  for (const c of pod.containers ?? []) {
    const step = containerStep(c, sidecars.get(c.name), awaited);
    // A view's own sidecars (Argo, Tekton) are sidecars whatever their image.
    if (w.viewSidecars?.includes(c.name)) step.role = 'sidecar';
    const app = start.find((s) => s.role === 'app');
    if (step.role === 'sidecar' && app) step.warning = `starts after app container ${app.name}, which may call out before it is ready`;
    start.push(step);
  }
  const ctx = makeCtx(cfg, w, [], facts);
  const meshed = meshedSidecars(ctx);
  const injected = meshed.map((m) => `${m.container} (${m.profile}, ${m.native ? 'native' : 'classic'} sidecar): ${m.reason}`);
  const sc: Sidecars = {
    native: [...(pod.initContainers ?? []).filter(isNativeSidecar).map((c) => c.name), ...meshed.filter((m) => m.native).map((m) => m.container)],
    classic: [...(pod.containers ?? []).filter((c) => sidecars.has(c.name)).map((c) => c.name), ...meshed.filter((m) => !m.native).map((m) => m.container)],
  };
  const ns = w.ref.namespace ? `${w.ref.namespace}/` : '';
  // A kind with templates in lists or maps (JobSet, PyTorchJob): which template this is.
  const at = w.site.origin === 'builtin' ? '' : ` ${templateField(w)}`;
  // Argo's and Tekton's objects are often made from generateName alone.
  const name = w.ref.name || (typeof w.metadata.generateName === 'string' ? `${w.metadata.generateName}*` : '');
  return { title: `${w.kind}/${ns}${name}${at}`, start, injected, stop: stopOf(w, ctx, sc) };
}

function stopOf(w: Workload, ctx: Ctx, sc: Sidecars): string[] {
  if (w.site.sidecarsEndedBy === 'controller') return [`its controller ends the sidecars when the work ends, not pod-sequencer: ${controllerWhy(w)}`];
  return w.jobLike ? jobEnd(w, sc) : podStop(ctx, sc);
}

function initStep(c: Container, cfg: Config): Step {
  if (isNativeSidecar(c)) {
    const spec = specFor(c, cfg);
    const gate: Gate = c.startupProbe
      ? { on: 'startupProbe', detail: describeProbe(c.startupProbe) }
      : c.lifecycle?.postStart
        ? { on: 'postStart', detail: describeHook(c.lifecycle.postStart, spec) }
        : { on: 'nothing' };
    return {
      role: 'native-sidecar',
      name: c.name,
      runs: `${what(c, spec)}, keeps running beside the app`,
      gate,
      ...(gate.on === 'nothing' ? { warning: 'no startupProbe: the next container starts before it is ready' } : {}),
    };
  }
  const exit: Gate = { on: 'exit' };
  if (c.name === TOOLS_CONTAINER) {
    const shared = parseToolsInstall((c.command ?? []).map(String));
    const runs = `copies a static busybox into /.seq for the wait scripts${shared ? `, and writes the wrapper the wrapped containers run to ${shared.toolsDir}/${SHARED_WRAPPER}` : ''}`;
    return { role: 'tools', name: c.name, runs, gate: exit };
  }
  const dep = dependencyWait(c);
  if (dep) return { role: 'dependency', name: c.name, runs: dep, gate: exit };
  return { role: 'init', name: c.name, runs: runs(c), gate: exit, ...sleepWarning(c) };
}

function containerStep(c: Container, spec: SidecarSpec | undefined, awaited: Set<string>): Step {
  const hook = c.lifecycle?.postStart;
  const gate: Gate = hook ? { on: 'postStart', detail: describeHook(hook, spec) } : { on: 'nothing' };
  if (spec) {
    return {
      role: 'sidecar',
      name: c.name,
      runs: what(c, spec),
      gate,
      ...(hook || awaited.has(c.name) || (!spec.readiness && !spec.waitCommand) ? {} : { warning: 'nothing holds the next container until it is ready' }),
    };
  }
  const wrapped = parseWrapper((c.command ?? []).map(String));
  return {
    role: 'app',
    name: c.name,
    runs: wrapped ? describeWrapper(wrapped.spec, c) : runs(c),
    gate,
    ...sleepWarning(c),
  };
}

/** "istio (docker.io/istio/proxyv2:1.24.2)", or what an unknown one runs. */
function what(c: Container, spec: SidecarSpec | undefined): string {
  return spec ? `${spec.profile}${c.image ? ` (${c.image})` : ''}` : runs(c);
}

function runs(c: Container): string {
  const argv = argvOf(c);
  const image = `the image's entrypoint${c.image ? ` (${c.image})` : ''}`;
  if (!c.command) return argv.length ? `runs ${image} with args ${showArgv(argv)}` : `runs ${image}`;
  return `runs ${showArgv(argv)}`;
}

function sleepWarning(c: Container): { warning?: string } {
  const d = leadingSleep(programArgv(c));
  return d ? { warning: `sleeps ${d.seconds}s first: a fixed delay, not an ordering (sleep-ordering)` } : {};
}

function describeWrapper(spec: WrapperSpec, c: Container): string {
  const argv = showArgv([...spec.argv, ...(c.args ?? []).map(String)]);
  const waits = spec.checks.map(
    (k) => `${k.name} (${describeCheck(k)}, up to ${k.timeoutSeconds || '∞ '}s, then ${k.onTimeout === 'fail' ? 'fails' : 'goes on'})`,
  );
  const first = waits.length ? `waits for ${waits.join(', ')}, then ` : '';
  if (spec.mode === 'exec') return `${first}execs ${argv}`;
  const quit = [
    ...spec.shutdown.map((s) => `${s.name} (${s.method} ${s.http}${callDetail(s)})`),
    ...(spec.kill ?? []).map((k) => `${k.name} (SIGTERM to process ${k.process} in the shared process namespace)`),
  ].join(', ');
  const when = spec.shutdownOn === 'always' ? 'whatever its exit code' : 'only if it succeeded';
  return `${first}runs ${argv} forwarding SIGTERM/SIGINT${quit ? `; when it exits, asks ${quit} to shut down (${when})` : ''}; exits with its exit code`;
}

/** A quit call's header (its variable's name: the value is read when the call is made) and tries. */
function callDetail(s: ShutdownCall): string {
  const header = s.header ? `, header ${s.header.name} from $${s.header.fromEnv}` : '';
  return header + ((s.attempts ?? 1) > 1 ? `, up to ${s.attempts} tries 1 s apart` : '');
}

/** Our dependency-wait init container (seq-wait-*), read back from its command. */
function dependencyWait(c: Container): string | undefined {
  const dep = parseDependencyWait((c.command ?? []).map(String))?.dep;
  if (!dep) return undefined;
  const target = dep.http ? `http ${dep.http}` : dep.tcp ? `tcp ${dep.tcp}` : `dns ${dep.dns}`;
  return `waits for ${dep.name} (${target}, every ${dep.periodSeconds}s, ${dep.timeoutSeconds === 0 ? 'forever' : `up to ${dep.timeoutSeconds}s`})`;
}

function describeProbe(p: Record<string, unknown>): string {
  const http = p.httpGet as { path?: string; port?: unknown; host?: string; scheme?: string } | undefined;
  const tcp = p.tcpSocket as { port?: unknown; host?: string } | undefined;
  const exec = (p.exec as { command?: unknown[] } | undefined)?.command;
  const check = http
    ? `${http.scheme === 'HTTPS' ? 'HTTPS ' : ''}GET ${http.host ?? ''}:${String(http.port)}${http.path ?? '/'}`
    : tcp
      ? `TCP ${tcp.host ?? ''}:${String(tcp.port)}`
      : exec
        ? `exec ${showArgv(exec.map(String))}`
        : 'a probe';
  return `${check}, every ${Number(p.periodSeconds ?? 10)}s, up to ${Number(p.failureThreshold ?? 3)} tries`;
}

function describeHook(h: Handler, spec?: SidecarSpec): string {
  const cmd = h.exec?.command?.map(String);
  if (cmd) {
    const ours = parseHook(cmd);
    if (ours) {
      const wait = spec?.waitCommand ? showArgv(spec.waitCommand) : spec ? `a wait on ${describeCheck(spec.readiness)}` : 'a pod-sequencer wait';
      return `${wait}${ours.then ? `, then ${showArgv(ours.then)}` : ''}`;
    }
    const script = shellScript(cmd.map((text) => ({ text, field: '' }) as Word));
    return showArgv(script ? [script] : cmd);
  }
  if (h.httpGet) return `GET :${String(h.httpGet.port)}${h.httpGet.path ?? '/'}`;
  if (h.sleep) return `sleep ${h.sleep.seconds}s`;
  return 'a hook';
}

/** Sidecar names by kind, those a mesh webhook will inject included. */
interface Sidecars {
  native: string[];
  classic: string[];
}

/**
 * A long-running pod stops: every preStop at once, then SIGTERM per container. Each classic
 * sidecar's stop time and the app's drain come from src/pod/stop.ts, as the
 * sidecar-stops-before-app rule reads them, so `explain --diff` shows what stopOrder.sidecarsLast
 * changes.
 */
function podStop(ctx: Ctx, sc: Sidecars): string[] {
  const w = ctx.w;
  const out = [
    `runs until deleted (restartPolicy ${w.restartPolicy}: a container that exits is restarted); on deletion, preStop hooks run, then every container in \`containers\` gets SIGTERM at once, SIGKILL after ${gracePeriod(w)}s`,
  ];
  const need = appNeed(ctx);
  if (need) out.push(`the app drains: ${need.why}`);
  const stays = classicStays(ctx);
  for (const s of stays) {
    const when = s.seconds > 0 ? `about ${s.seconds}s after termination starts` : 'as soon as termination starts';
    const early = need && s.seconds < need.seconds ? ', BEFORE THE APP HAS DRAINED (sidecar-stops-before-app)' : '';
    out.push(`classic sidecar ${s.name} stops ${when} (${s.why})${early}`);
  }
  const other = sc.classic.filter((n) => !stays.some((s) => s.name === n));
  if (other.length) out.push(`classic sidecars ${other.join(', ')} get SIGTERM together with the app, so the app may lose them while it drains`);
  if (sc.native.length) out.push(`native sidecars ${[...sc.native].reverse().join(', ')} are stopped after the app containers have exited, in reverse order`);
  return out;
}

function jobEnd(w: Workload, sc: Sidecars): string[] {
  const apps = (w.pod.containers ?? []).filter((c) => !sc.classic.includes(c.name));
  const out = [
    `${w.kind === 'Pod' ? 'the pod' : `the ${w.kind}'s pod`} is done when every container in \`containers\` has exited (app: ${apps.map((c) => c.name).join(', ') || '(none)'})`,
  ];
  if (sc.native.length)
    out.push(`native sidecars ${[...sc.native].reverse().join(', ')} are then stopped by the kubelet, in reverse order; their exit codes do not count`);
  const ended = new Set<string>();
  let byHand = false;
  for (const app of apps) {
    const wrapped = parseWrapper((app.command ?? []).map(String));
    if (wrapped?.spec.mode === 'job') for (const s of [...wrapped.spec.shutdown, ...(wrapped.spec.kill ?? [])]) ended.add(s.name);
    // A quit call or kill in the app's own command: trusted, as job-sidecar-blocks-completion does.
    else if (
      /quitquitquit|\/shutdown\b|\/quit\b|--shutdown\b|\bscuttle\b|\bp?kill(all)?\s/.test(
        argvOf(app)
          .map((x) => x.text)
          .join(' '),
      )
    )
      byHand = true;
  }
  const done = sc.classic.filter((n) => byHand || ended.has(n));
  const stuck = sc.classic.filter((n) => !done.includes(n));
  if (done.length) out.push(`classic sidecars ${done.join(', ')} are asked to exit by the app's ${byHand ? 'own command' : 'wrapper'} when it ends`);
  if (stuck.length) {
    const s = stuck.length > 1 ? 's' : '';
    out.push(
      `NEVER COMPLETES: nothing ends classic sidecar${s} ${stuck.join(', ')}, which keep${s ? '' : 's'} running after the app exits (job-sidecar-blocks-completion)`,
    );
  }
  const wrapped = apps.some((c) => parseWrapper((c.command ?? []).map(String))?.spec.mode === 'job');
  out.push(
    `exit codes that count: ${[...apps.map((c) => c.name), ...sc.classic].join(', ')} (the pod succeeds only if all exit 0)` +
      (wrapped ? "; a wrapper passes on its command's exit code (128+N when killed by signal N)" : ''),
  );
  out.push(
    w.restartPolicy === 'OnFailure'
      ? 'restartPolicy OnFailure: a failing container is restarted in the same pod'
      : `restartPolicy ${w.restartPolicy}: a failing container fails the pod${w.kind === 'Pod' ? '' : '; the Job retries in a new pod up to backoffLimit'}`,
  );
  return out;
}
