/**
 * Jobs with classic sidecars (docs/jobs.md): a classic sidecar never exits by itself, so the
 * pod never completes. Each app container's command becomes a job-mode wrapper that waits for
 * the sidecars, runs the command, asks each sidecar to shut down and keeps the exit code.
 * With restartPolicy OnFailure a failed container is restarted in the same pod and must still
 * find its sidecars, so they are shut down after success only; with Never, after any exit.
 */
import type { Check, ProfileName, Shutdown } from '../config/types.js';
import { profileAt, profiles } from '../profiles/index.js';
import type { KillCall, ReadyCheck, ShutdownCall } from '../shell/index.js';
import { podAnnotations, podField, podMetaField } from '../workloads/workload.js';
import type { Ctx } from '../pod/context.js';
import type { MeshedSidecar } from '../pod/mesh.js';
import { addArgs } from './readiness.js';
import { whereItEndsItsSidecars } from '../pod/commands.js';
import { scriptsRun } from '../pod/scripts.js';
import type { FoundSidecar } from '../pod/sidecars.js';
import { setWrappers } from './wrap.js';
import { pathNow, type App } from '../pod/apps.js';
import { hasEnv, podToken, type EnvVar } from '../pod/token.js';
import { shutdownSwitchedOff } from '../pod/switch.js';

/** A classic sidecar the app's wrapper waits for and ends: from the manifest or from a mesh. */
export interface JobSidecar {
  /** Its container name (logs, messages, and the container we may add shutdown args to). */
  name: string;
  profile: ProfileName;
  /** Not waited for when absent (Vault agent). */
  readiness?: Check;
  timeoutSeconds: number;
  onTimeout: 'fail' | 'continue';
  /** Cannot be ended when absent (Kuma): the job-sidecar-blocks-completion rule says so. */
  shutdown?: Shutdown;
  /** Its release, when known: which switch turns its shutdown endpoint on. */
  version?: string;
}

/** The manifest's classic sidecars (call after the strategy transforms, which may make them native). */
export function manifestJobSidecars(sidecars: FoundSidecar[]): JobSidecar[] {
  return sidecars
    .filter((s) => !s.native)
    .map(({ name, spec }) => ({
      name,
      profile: spec.profile,
      readiness: spec.readiness,
      timeoutSeconds: spec.timeoutSeconds,
      onTimeout: spec.onTimeout,
      shutdown: spec.shutdown,
      ...(spec.version !== undefined && { version: spec.version }),
    }));
}

/** A webhook-injected sidecar that stays classic (`!m.native`), with its profile's budget. */
export function meshJobSidecar(m: MeshedSidecar): JobSidecar {
  const timeoutSeconds = profiles[m.profile].timeoutSeconds;
  return { name: m.container, profile: m.profile, readiness: m.readiness, timeoutSeconds, onTimeout: 'fail', shutdown: m.shutdown };
}

/**
 * Wraps the app containers of a Job-like pod so that its classic `sidecars` end with the work.
 * Returns false when it does not apply: not Job-like, terminateSidecars off, no app container,
 * or no sidecar it can end (those are left to the job-sidecar-blocks-completion rule).
 */
export function endJobSidecars(ctx: Ctx, apps: App[], sidecars: JobSidecar[]): boolean {
  const { w, cfg } = ctx;
  if (!w.jobLike || !cfg.jobs.terminateSidecars) return false;
  // The app already ends its sidecars (a quit call, linkerd-await --shutdown, scuttle), in its
  // command or in a script of the input it runs: a wrapper would end them twice, or wait for a
  // proxy the app handles itself (issues 14, 27).
  // The handled-by-script rule says so where a script does it.
  if (apps.some((a) => whereItEndsItsSidecars(a.c, scriptsRun(w, a.c, ctx.facts)) !== undefined)) return false;
  // A sidecar whose own env switches its shutdown endpoint off would refuse the wrapper's call:
  // no wrapper known to fail; job-sidecar-blocks-completion names the setting (pod/switch.ts).
  if (sidecars.some((s) => s.shutdown?.http && shutdownSwitchedOff(w, s.name, s.profile, s.version))) return false;
  const checks: ReadyCheck[] = sidecars.flatMap((s) =>
    s.readiness ? [{ name: s.name, ...s.readiness, timeoutSeconds: s.timeoutSeconds, onTimeout: s.onTimeout }] : [],
  );
  const shutdown = shutdownCalls(ctx, sidecars);
  const kill: KillCall[] = signalled(ctx, sidecars);
  if (shutdown.length + kill.length === 0 || apps.length === 0) return false;

  const shutdownOn = w.restartPolicy === 'OnFailure' ? 'success' : 'always';
  const ended = [...shutdown, ...kill].map((s) => s.name).join(', ');
  const waits = checks.length ? `waits for ${checks.map((k) => k.name).join(', ')}, ` : '';
  const when =
    shutdownOn === 'success'
      ? 'after success only (restartPolicy OnFailure reruns a failed container in this pod)'
      : `after success or failure (restartPolicy ${w.restartPolicy})`;
  const why = {
    what: `ends ${ended} when it exits, so the ${w.kind === 'Pod' ? 'pod' : w.kind} can complete`,
    detail: `The wrapper ${waits}runs the command, then ends ${ended} ${when}, and exits with its exit code.`,
  };
  // On a missing entrypoint an error was reported, and sequenceWorkload leaves the workload as it was.
  if (!setWrappers(ctx, apps, { mode: 'job', checks, shutdown, shutdownOn, ...(kill.length ? { kill } : {}) }, why)) return true;

  for (const s of sidecars) prepare(ctx, s);
  giveTokens(ctx, apps, sidecars);
  if (apps.length > 1) {
    ctx.report(
      'warning',
      `${apps.map((a) => a.c.name).join(', ')} each end ${ended} when their own command exits, so the first to finish ends it for the others; native sidecars (kubernetesVersion >= 1.29) avoid this`,
      podField(w, 'containers'),
    );
  }
  return true;
}

/**
 * The sidecars ended by a signal (`shutdown.signal`). Not in a hostPID pod: the API server refuses
 * shareProcessNamespace beside hostPID (kubernetes/kubernetes pkg/apis/core/validation/validation.go,
 * validatePodSpecSecurityContext), and a kill by name in the node's PID namespace would reach other
 * pods' processes of that name; an error says so and no wrapper is written for them.
 */
function signalled(ctx: Ctx, sidecars: JobSidecar[]): KillCall[] {
  const kill = sidecars.flatMap((s) => (s.shutdown?.signal && !s.shutdown.http ? [{ name: s.name, process: s.shutdown.signal.process }] : []));
  if (kill.length === 0 || ctx.w.pod.hostPID !== true) return kill;
  ctx.report(
    'error',
    {
      summary: `cannot end ${kill.map((k) => k.name).join(', ')} by signal: the pod sets hostPID: true`,
      detail:
        "A signal needs shareProcessNamespace, which the API server refuses beside hostPID, and a kill by name in the node's PID namespace would reach other pods' processes. Give the sidecar a shutdown endpoint (sidecars[].shutdown.http) or make it native (kubernetesVersion 1.29 or later).",
    },
    podField(ctx.w, 'hostPID'),
  );
  return [];
}

/**
 * Tries of a quit call that can race the sidecar's start (the profile's `shutdownRetry`: the Vault
 * agent has no readiness the app waits for, so a short job can end before the agent listens).
 * Five tries a second apart cover an agent that is still authenticating, without holding a
 * failed job's pod for long.
 */
export const QUIT_ATTEMPTS = 5;

/** The quit calls of the sidecars that have one: with the header a token asks for, and tries. */
export function shutdownCalls(ctx: Ctx, sidecars: JobSidecar[]): ShutdownCall[] {
  return sidecars.flatMap((s): ShutdownCall[] => {
    if (!s.shutdown?.http) return [];
    const token = podToken(ctx, s.profile, s.version, s.name)?.token;
    const retry = profileAt(s.profile, s.version).shutdownRetry;
    return [
      {
        name: s.name,
        http: s.shutdown.http,
        method: s.shutdown.method ?? 'POST',
        ...(token && { header: { name: token.header, fromEnv: token.env } }),
        ...(retry && { attempts: QUIT_ATTEMPTS }),
      },
    ];
  });
}

/**
 * The wrapper sends a token's header from the app container's env: an app without the env var
 * gets it from where the sidecar gets it, unless the injector gives it to apps itself.
 */
function giveTokens(ctx: Ctx, apps: App[], sidecars: JobSidecar[]): void {
  for (const s of sidecars) {
    const t = s.shutdown?.http ? podToken(ctx, s.profile, s.version, s.name) : undefined;
    if (!t || t.token.toApps) continue;
    for (const { c } of apps) {
      if (hasEnv(c, t.token.env)) continue;
      ((c as { env?: EnvVar[] }).env ??= []).push(structuredClone(t.env));
      ctx.report(
        'info',
        `added env ${t.token.env} to ${c.name} from ${t.from}: its wrapper sends it as header ${t.token.header} on ${s.name}'s shutdown call, and only ${s.name} is given it`,
        `${pathNow(ctx.w, c)}.env`,
      );
    }
  }
}

/**
 * What the sidecar needs for the wrapper's wait and its shutdown to work: flags, pod annotations,
 * a shared process namespace. Flags only on a container of the manifest (an injected one gets
 * its injector's).
 */
function prepare(ctx: Ctx, s: JobSidecar): void {
  const { w } = ctx;
  const p = profileAt(s.profile, s.version);
  const i = (w.pod.containers ?? []).findIndex((c) => c.name === s.name);
  const path = podField(w, 'containers', i);
  if (s.shutdown?.http) {
    const args = p.shutdownSwitch?.args;
    if (i >= 0 && args) addArgs(ctx, w.pod.containers![i]!, path, args, 'shutdown');
    // A proxy already in the manifest reads no pod annotation: its switch is env on the container
    // (Linkerd's LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED); the annotation is for the webhook.
    const env = p.shutdownSwitch?.env;
    if (i >= 0 && env) for (const [name, value] of Object.entries(env)) setEnv(ctx, s, i, name, value);
    else for (const [key, value] of Object.entries(p.shutdownSwitch?.annotations ?? {})) annotate(ctx, s, key, value);
  }
  if (s.shutdown?.signal && !s.shutdown.http) {
    if (w.pod.shareProcessNamespace !== true) {
      w.pod.shareProcessNamespace = true;
      ctx.report(
        'info',
        `set shareProcessNamespace: true so the app's wrapper can signal ${s.name}'s ${s.shutdown.signal.process} (shutdown.signal)`,
        podField(w, 'shareProcessNamespace'),
      );
    }
    // The process-namespace-sharing rule warns about the exposure on every run, in every mode.
  }
  if (i >= 0 && s.readiness) addArgs(ctx, w.pod.containers![i]!, path, p.readinessArgs ?? [], 'readiness');
}

/** An annotation already on the pod template wins; one that switches the endpoint off is worth a warning. */
function annotate(ctx: Ctx, s: JobSidecar, key: string, value: string): void {
  const path = `${podMetaField(ctx.w, 'annotations')}[${JSON.stringify(key)}]`;
  const current = podAnnotations(ctx.w)[key];
  if (current === undefined || current === null) {
    (ctx.w.podMeta().annotations ??= {})[key] = value;
    ctx.report('info', `added annotation ${key}: ${JSON.stringify(value)} so ${s.name}'s shutdown endpoint exists`, path);
  } else if (String(current) !== value) {
    ctx.report(
      'warning',
      `left annotation ${key}: ${JSON.stringify(String(current))} as is, so ${s.name}'s shutdown call may fail and the pod not complete; remove it to let pod-sequencer set ${JSON.stringify(value)}`,
      path,
    );
  }
}

/** An env var on the sidecar's container: one already set wins; one that switches the endpoint off is worth a warning. */
function setEnv(ctx: Ctx, s: JobSidecar, i: number, name: string, value: string): void {
  const c = ctx.w.pod.containers![i]!;
  const env = ((c as { env?: { name?: unknown; value?: unknown }[] }).env ??= []);
  const path = `${podField(ctx.w, 'containers', i)}.env`;
  const current = env.find((e) => e?.name === name);
  if (!current) {
    env.push({ name, value });
    ctx.report('info', `added env ${name}=${value} to ${s.name} so its shutdown endpoint exists (a proxy in the manifest reads no pod annotation)`, path);
  } else if (String(current.value) !== value) {
    ctx.report(
      'warning',
      `left env ${name}=${JSON.stringify(current.value ?? null)} on ${s.name} as is, so its shutdown call may fail and the pod not complete; set it to ${value}`,
      path,
    );
  }
}
