/**
 * One pod, run as the kubelet runs it: kubernetes/kubernetes pkg/kubelet/kuberuntime/, read at
 * kuberuntime_container.go@fbba6b47ad98, kuberuntime_manager.go@83f7b41cf660 and
 * kuberuntime_termination_order.go@0f5507ff8c09 (the SidecarContainers code paths); the function
 * is named, and quoted, at each rule. Runs inside the child process that index.ts starts (in its
 * own network and mount namespaces when the machine allows).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Container, PodSpec } from '../../../src/workloads/workload.js';
import { Dependencies, parseDependency, type Dependency } from './dependencies.js';
import { EventLog, type Stamped } from './events.js';
import { commandLine, containerEnv, type PodFacts } from './expand.js';
import { runHandler, type HandlerContext } from './handlers.js';
import { BUSYBOX, IMAGE_PATH, SHELLS, startProcess, withShell, type Proc, type ShellName } from './process.js';
import { sidecarKind, type CustomSidecar } from './sidecars.js';
import { StandInSidecar } from './standin.js';
import { makeVolumes, mountRewrite } from './volumes.js';

export interface PodRunSpec {
  pod: PodSpec;
  facts: PodFacts;
  /** The shell `sh` runs as (process.ts `withShell`). */
  shell: ShellName;
  /**
   * Each app container's own command line as the input manifest had it (init containers too):
   * what the stand-in app replaces; `hasCommand` false when the input left the entrypoint to the image.
   */
  apps: Record<string, { args: string[]; hasCommand: boolean }>;
  /** The stand-in app's exit code in a run-to-completion pod. */
  appExitCode: number;
  sidecars?: CustomSidecar[];
  dependencies?: string[];
  readyAfterMs: number;
  dependencyAfterMs: number;
  podDir: string;
  /** Restarts of a container that is not a native sidecar before the runner gives up (default 3). */
  maxRestarts?: number;
  /**
   * Its controller deletes the pod once the work is done, whatever its restartPolicy (an MPIJob's
   * workers, deleted when the launcher completes): run as a long-running pod.
   */
  deletedByController?: boolean;
  /** Where stand-in servers listen: '::' in a private network namespace, else '127.0.0.1'. */
  listenHost: string;
  hostsFile?: string;
}

export type Phase = 'Succeeded' | 'Failed' | 'InitFailed' | 'Stuck' | 'Restarting' | 'Deleted';

export interface PodRunResult {
  phase: Phase;
  exitCodes: Record<string, number>;
  events: Stamped[];
}

interface Running {
  c: Container;
  ctx: HandlerContext;
  standIn?: StandInSidecar;
  proc?: Proc;
  exited: Promise<number>;
  running: () => boolean;
  signal: (sig: 'SIGTERM' | 'SIGKILL') => void;
}

/** The probe period, shortened from the manifest's seconds: only the order of events matters. */
const PROBE_PERIOD_MS = 50;
/** A classic sidecar still running this long after the last app container exited is stuck. */
const SETTLE_MS = 5000;
/**
 * Liveness and readiness probes: one period is this long, whatever the manifest's seconds (only
 * order matters), so that a failureThreshold of them outlasts a stand-in's ready delay, as
 * seconds-long periods do in a cluster.
 */
const LIVENESS_PERIOD_MS = 1000;
/** Restarts after which the runner gives up on a container, as the kubelet's CrashLoopBackOff keeps backing off. */
const MAX_RESTARTS = 3;
/** The restart back-off, shortened from the kubelet's 10 s doubling. */
const BACKOFF_MS = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isRestartable = (c: Container) => c.restartPolicy === 'Always';
type Probe = Record<string, unknown> & { failureThreshold?: number };

export class PodRunner {
  readonly log: EventLog;
  private running = new Map<string, Running>();
  /** Per container: its final exit code, once no restart follows (see `restartOrSettle`). */
  private finals = new Map<string, { promise: Promise<number>; resolve: (code: number) => void }>();
  private restarts = new Map<string, number>();
  /** The pod is being killed: containers that exit now are not restarted. */
  private terminating = false;
  private ctlPort = 0;
  private exitCodes: Record<string, number> = {};

  constructor(
    private readonly spec: PodRunSpec,
    sink?: (e: Stamped) => void,
  ) {
    this.log = new EventLog(sink);
  }

  async run(): Promise<PodRunResult> {
    const { pod } = this.spec;
    const deps = new Dependencies(
      (this.spec.dependencies ?? []).map(parseDependency).filter((d): d is Dependency => d !== undefined),
      this.log,
      this.spec.listenHost,
      this.spec.hostsFile,
    );
    const ctl = createServer((req, res) => {
      const m = /^\/app\/(.*)$/.exec(req.url ?? '');
      if (m) this.log.add({ kind: 'app', container: decodeURIComponent(m[1]!) });
      res.end();
    });
    await new Promise<void>((r) => ctl.listen(0, '127.0.0.1', () => r()));
    this.ctlPort = (ctl.address() as AddressInfo).port;
    await deps.start(this.spec.dependencyAfterMs);
    try {
      return { phase: await this.lifecycle(pod), exitCodes: this.exitCodes, events: this.log.events };
    } finally {
      for (const r of this.running.values()) r.signal('SIGKILL');
      ctl.close();
      deps.close();
    }
  }

  private async lifecycle(pod: PodSpec): Promise<Phase> {
    const volumes = makeVolumes(pod, this.spec.podDir);
    // kuberuntime_container.go computeInitContainerActions: init containers start one at a time in
    // spec order; a regular one must exit 0 first ("this init container is initialized for the
    // first time, start the next one"), a restartable one (restartPolicy: Always) counts as
    // initialized once running and, if it has a startupProbe, once that succeeded ("If the startup
    // probe has not been run, wait for it.").
    for (const c of pod.initContainers ?? []) {
      const r = await this.start(c, true, volumes);
      if (isRestartable(c)) {
        if (c.startupProbe && !(await this.probeUntilStarted(r, c.startupProbe))) return this.stop('InitFailed');
        this.log.add({ kind: 'startup', container: c.name });
        continue;
      }
      // "If the init container failed and the restart policy is Never, the pod is terminal.
      // Otherwise, restart the init container." (restartOrSettle); one that keeps failing stops the pod.
      const code = await this.final(c.name);
      if (code !== 0) return this.stop('InitFailed');
    }
    // kuberuntime_manager.go SyncPod, "Step 8: start containers in
    // podContainerChanges.ContainersToStart": in spec order, each through startContainer, which
    // returns only after "Step 4: execute the post start hook" has finished.
    for (const c of pod.containers ?? []) await this.start(c, false, volumes);

    const apps = (pod.containers ?? []).map((c) => this.running.get(c.name)!).filter((r) => !r.standIn);
    const runToCompletion = (pod.restartPolicy === 'Never' || pod.restartPolicy === 'OnFailure') && !this.spec.deletedByController;
    if (!runToCompletion) {
      // A long-running pod: once every app program runs (or its container ended), delete it.
      // A container run as the manifest has it (no stand-in app) has started by now.
      const running = apps.filter((r) => this.spec.apps[r.c.name] !== undefined);
      await Promise.all(running.map((r) => Promise.race([this.final(r.c.name), this.log.when((e) => e.kind === 'app' && e.container === r.c.name)])));
      return this.stop('Deleted');
    }
    const codes = await Promise.all(apps.map((r) => this.final(r.c.name)));
    if (pod.restartPolicy === 'OnFailure' && codes.some((c) => c !== 0)) {
      this.log.add({
        kind: 'note',
        text: `restartPolicy OnFailure: a container still fails after ${this.spec.maxRestarts ?? MAX_RESTARTS} restart(s); the kubelet keeps restarting it (CrashLoopBackOff), the runner stops here`,
      });
      return this.stop('Restarting');
    }
    // Sidecars among the regular containers end only when asked: every call to do so came from an
    // app container that has exited by now, so wait a little for them to finish exiting.
    const classic = (pod.containers ?? []).map((c) => this.running.get(c.name)!).filter((r) => r.standIn);
    const settled = await Promise.race([Promise.all(classic.map((r) => this.final(r.c.name))).then(() => true), sleep(SETTLE_MS).then(() => false)]);
    if (!settled) {
      const left = classic.filter((r) => this.running.get(r.c.name)!.running()).map((r) => r.c.name);
      this.log.add({ kind: 'note', text: `stuck: every app container has exited but ${left.join(', ')} still run(s); the pod never completes` });
      return this.stop('Stuck');
    }
    // kuberuntime_manager.go computePodActions: with no regular container to keep or start,
    // "changes.KillPod = true" and "To prevent the restartable init containers to keep pod alive,
    // we should not restart them."; killing the pod stops them in the order of
    // kuberuntime_termination_order.go.
    await this.killAll();
    const regular = (pod.containers ?? []).map((c) => this.exitCodes[c.name]);
    return regular.every((c) => c === 0) ? 'Succeeded' : 'Failed';
  }

  private async stop(phase: Phase): Promise<Phase> {
    await this.killAll();
    return phase;
  }

  /**
   * The stand-in for an app image's program: it tells the runner it runs (the 'app' event), then
   * exits with the app's code in a run-to-completion pod, 0 in an init container, or runs until
   * SIGTERM (a long-running pod, a restartable init container).
   */
  private standInApp(c: Container, init: boolean): string[] {
    const name = c.name;
    const completes = this.spec.pod.restartPolicy === 'Never' || this.spec.pod.restartPolicy === 'OnFailure';
    const code = init ? (isRestartable(c) ? undefined : 0) : completes ? this.spec.appExitCode : undefined;
    const announce = `${BUSYBOX} wget -q -O /dev/null http://127.0.0.1:${this.ctlPort}/app/${encodeURIComponent(name)} || exit 98`;
    const body = code === undefined ? `trap 'exit 0' TERM; ${BUSYBOX} sleep 100000 & wait $!` : `exit ${code}`;
    return [...SHELLS[this.spec.shell], '-c', `${announce}\n${body}`, 'stand-in-app'];
  }

  /**
   * The container's raw command line with the app's own command (its input's) replaced by the
   * stand-in app. Where the input had no `command` (the image's entrypoint) and the output runs
   * one after a wrapper's `--`, that entrypoint is the image's program too and is replaced with it.
   */
  private commandOf(c: Container, init: boolean): string[] {
    const argv = [...(c.command ?? []), ...(c.args ?? [])].map(String);
    const app = this.spec.apps[c.name];
    if (app === undefined) return argv;
    const own = app.args;
    let at = argv.length - own.length;
    const matches = at >= 0 && argv.slice(at).every((a, i) => a === own[i]);
    if (!matches) {
      this.log.add({ kind: 'note', text: `${c.name}: its command line no longer ends with the input's command; run as it is` });
      return argv;
    }
    if (!app.hasCommand) {
      const dd = argv.lastIndexOf('--', at - 1);
      if (dd !== -1) at = dd + 1;
      else if (at > 0) {
        this.log.add({ kind: 'note', text: `${c.name}: an entrypoint the input did not have precedes its args; run as it is` });
        return argv;
      }
    }
    return [...argv.slice(0, at), ...this.standInApp(c, init)];
  }

  /** kuberuntime_container.go startContainer: create, start ("Step 3"), then the postStart hook ("Step 4"). */
  private async start(c: Container, init: boolean, volumes: ReadonlyMap<string, string>): Promise<Running> {
    const facts = this.spec.facts;
    const env = containerEnv(c, facts);
    const rewrite = mountRewrite(c, volumes);
    const cwd = c.workingDir ? rewrite(String(c.workingDir)) : this.spec.podDir;
    const procEnv = new Map([['PATH', IMAGE_PATH], ['HOSTNAME', facts.name], ...[...env].map(([k, v]) => [k, rewrite(v)] as [string, string])]);
    // An init container that must run to completion is never a sidecar, whatever its image
    // (istio-init runs the proxy's image to set up the pod's network).
    const kind = !init || isRestartable(c) ? sidecarKind(c, facts.annotations, this.spec.sidecars) : undefined;
    const ctx: HandlerContext = {
      container: c,
      podIp: facts.podIp ?? '127.0.0.1',
      env: procEnv,
      rewrite,
      cwd: safeCwd(cwd, this.spec.podDir),
      shell: this.spec.shell,
    };
    let r: Running;
    if (kind) {
      const s = new StandInSidecar(c.name, kind, this.log, this.spec.listenHost);
      ctx.standIn = s;
      ctx.standInReady = () => this.log.when((e) => e.kind === 'ready' && e.container === c.name);
      r = { c, ctx, standIn: s, exited: s.exited, running: () => s.running, signal: () => s.signal() };
      await s.start(this.spec.readyAfterMs);
    } else {
      const argv = withShell(commandLine({ ...c, command: this.commandOf(c, init), args: [] }, env).map(rewrite), this.spec.shell);
      const p = startProcess(argv, procEnv, ctx.cwd);
      r = { c, ctx, proc: p, exited: p.exited, running: () => p.running, signal: (sig) => p.signal(sig) };
    }
    this.running.set(c.name, r);
    this.log.add({ kind: 'started', container: c.name, init, ...(kind ? { sidecar: kind.profile } : {}) });
    if (!this.finals.has(c.name)) {
      let resolve!: (code: number) => void;
      const promise = new Promise<number>((res) => (resolve = res));
      this.finals.set(c.name, { promise, resolve });
    }
    void r.exited.then((code) => {
      this.exitCodes[c.name] = code;
      const output = r.proc?.output().trim();
      this.log.add({ kind: 'exited', container: c.name, code, ...(code !== 0 && output ? { output: output.slice(-600) } : {}) });
      void this.restartOrSettle(r, code, init, volumes);
    });
    void this.probe(r, init);
    const postStart = c.lifecycle?.postStart;
    if (postStart) {
      const res = await runHandler(postStart, ctx);
      this.log.add({ kind: 'hook', container: c.name, hook: 'postStart', ok: res.ok, detail: res.detail });
      // "Failed to execute PostStartHook": the kubelet kills the container.
      if (!res.ok) await this.kill(r, []);
    }
    return r;
  }

  /** The container's exit code once it has exited for good (no restart follows). */
  private final(name: string): Promise<number> {
    return this.finals.get(name)!.promise;
  }

  /**
   * A container has exited: restart it or settle its final code. Regular containers follow
   * pkg/kubelet/container/helpers.go ShouldContainerBeRestarted ("if pod.Spec.RestartPolicy ==
   * v1.RestartPolicyNever { ... return false }", and under OnFailure "if status.ExitCode == 0 {
   * ... return false }"; else true), init containers the rule quoted in `lifecycle`, and a
   * restartable init container (a native sidecar) is restarted whatever the pod's restartPolicy
   * (kuberuntime_container.go computeInitContainerActions, KEP-753) until the pod is killed
   * (kuberuntime_manager.go computePodActions: "we should not restart them"). Each restart waits a
   * back-off; after MAX_RESTARTS the runner gives up (CrashLoopBackOff).
   */
  private async restartOrSettle(r: Running, code: number, init: boolean, volumes: ReadonlyMap<string, string>): Promise<void> {
    const c = r.c;
    const policy = this.spec.pod.restartPolicy ?? 'Always';
    const restart = isRestartable(c) && init ? true : init ? code !== 0 && policy !== 'Never' : policy === 'Always' || (policy === 'OnFailure' && code !== 0);
    const count = this.restarts.get(c.name) ?? 0;
    const max = isRestartable(c) ? MAX_RESTARTS : (this.spec.maxRestarts ?? MAX_RESTARTS);
    if (this.terminating || !restart || count >= max) {
      this.finals.get(c.name)!.resolve(code);
      return;
    }
    this.restarts.set(c.name, count + 1);
    await sleep(BACKOFF_MS);
    if (this.terminating) {
      this.finals.get(c.name)!.resolve(code);
      return;
    }
    this.log.add({ kind: 'restart', container: c.name, restarts: count + 1, code });
    try {
      await this.start(c, init, volumes);
    } catch (e) {
      this.log.add({ kind: 'note', text: `${c.name}: restart failed: ${String(e)}` });
      this.finals.get(c.name)!.resolve(code);
    }
  }

  /**
   * Liveness and readiness probes (pkg/kubelet/prober/worker.go), run once the startupProbe, if
   * any, has succeeded. Readiness only marks the container ready ('probe' events on each change):
   * nothing waits on it to start the next container. Liveness failing failureThreshold times in a
   * row gets the container killed (kuberuntime_manager.go computePodActions: "If the container
   * failed the liveness probe, we should kill it."), then restarted as `restartOrSettle` says. An
   * app container's probes are not run: its stand-in program serves none of its ports.
   */
  private async probe(r: Running, init: boolean): Promise<void> {
    const c = r.c;
    const { livenessProbe: liveness, readinessProbe: readiness } = c as { livenessProbe?: Probe; readinessProbe?: Probe };
    if ((!liveness && !readiness) || (init && !isRestartable(c))) return;
    if (this.spec.apps[c.name] !== undefined) {
      this.log.add({ kind: 'note', text: `${c.name}: its probes are not run (the stand-in app serves none of its ports)` });
      return;
    }
    if (c.startupProbe && !(await this.probeUntilStarted(r, c.startupProbe))) return;
    let failures = 0;
    let ready: boolean | undefined;
    for (let tick = 0; r.running() && !this.terminating; tick++) {
      await sleep(tick === 0 ? PROBE_PERIOD_MS : LIVENESS_PERIOD_MS);
      if (!r.running() || this.terminating) return;
      if (readiness) {
        const ok = (await runHandler(readiness, r.ctx)).ok;
        if (ok !== ready) this.log.add({ kind: 'probe', container: c.name, probe: 'readiness', ok });
        ready = ok;
      }
      if (!liveness) continue;
      const res = await runHandler(liveness, r.ctx);
      failures = res.ok ? 0 : failures + 1;
      if (failures >= Number(liveness.failureThreshold ?? 3) && r.running() && !this.terminating) {
        this.log.add({ kind: 'probe', container: c.name, probe: 'liveness', ok: false, detail: res.detail });
        await this.kill(r, []);
        return;
      }
    }
  }

  /** prober/worker.go: the startupProbe runs every period until it succeeds (failureThreshold is not enforced). */
  private async probeUntilStarted(r: Running, probe: Record<string, unknown>): Promise<boolean> {
    for (;;) {
      if (!r.running()) return false;
      const res = await runHandler(probe, r.ctx);
      if (res.ok) return true;
      await sleep(PROBE_PERIOD_MS);
    }
  }

  /**
   * kuberuntime_manager.go killPodWithSyncResult -> kuberuntime_container.go
   * killContainersWithSyncResult: every running container is killed at once, each waiting its
   * turn (kuberuntime_termination_order.go newTerminationOrdering: "sidecars need to wait for all
   * main containers to exit", and each sidecar for the sidecars after it: "if there is a later
   * sidecar, this container needs to wait for it to finish").
   */
  private async killAll(): Promise<void> {
    this.terminating = true;
    const pod = this.spec.pod;
    const mains = (pod.containers ?? []).map((c) => this.running.get(c.name)?.exited ?? Promise.resolve(0));
    let later: Promise<unknown> | undefined;
    const kills: Promise<void>[] = [];
    for (const c of [...(pod.initContainers ?? [])].reverse()) {
      const r = this.running.get(c.name);
      if (!r || !isRestartable(c)) continue;
      kills.push(this.kill(r, [...mains, ...(later ? [later] : [])]));
      later = r.exited;
    }
    for (const c of pod.containers ?? []) {
      const r = this.running.get(c.name);
      if (r) kills.push(this.kill(r, []));
    }
    for (const c of pod.initContainers ?? []) {
      const r = this.running.get(c.name);
      if (r && !isRestartable(c)) kills.push(this.kill(r, []));
    }
    await Promise.all(kills);
  }

  /**
   * kuberuntime_container.go killContainer: "Run the pre-stop lifecycle hooks (if applicable)",
   * then StopContainer with the grace period left (the runtime sends SIGTERM, then SIGKILL when the
   * grace period ends). The grace period is capped at 10 s here.
   */
  private async kill(r: Running, prereqs: Promise<unknown>[]): Promise<void> {
    await Promise.all(prereqs);
    if (!r.running()) return;
    const grace = Math.min(Number(this.spec.pod.terminationGracePeriodSeconds ?? 30), 10) * 1000;
    const preStop = r.c.lifecycle?.preStop;
    if (preStop) {
      const res = await runHandler(preStop, r.ctx);
      this.log.add({ kind: 'hook', container: r.c.name, hook: 'preStop', ok: res.ok, detail: res.detail });
      if (!r.running()) return;
    }
    this.log.add({ kind: 'signal', container: r.c.name, signal: 'SIGTERM' });
    r.signal('SIGTERM');
    const ended = await Promise.race([r.exited.then(() => true), sleep(grace).then(() => false)]);
    if (!ended) {
      this.log.add({ kind: 'signal', container: r.c.name, signal: 'SIGKILL' });
      r.signal('SIGKILL');
      await r.exited;
    }
  }
}

/** A workingDir outside the pod's volumes does not exist here: run in the pod's directory. */
function safeCwd(cwd: string, podDir: string): string {
  return cwd.startsWith(podDir) ? cwd : podDir;
}
