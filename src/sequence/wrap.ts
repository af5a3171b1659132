/**
 * Wrapping app containers' commands (shared by the `wrap` strategy and Job exit). The wrapper
 * runs the original argv after `--`; Kubernetes appends `args` to it, so they stay untouched.
 * A container without `command` runs its image's ENTRYPOINT, which the manifest does not show:
 * it must come from `jobs.entrypoints` or the `pod-sequencer.dev/entrypoint.<container>`
 * annotation. Our own wrappers are recognised (parseWrapper), so re-running rebuilds them from
 * the argv they carry, and a pod that no longer needs one gets its command back.
 */
import type { Config } from '../config/types.js';
import { parseWrapper, wrapperCommand, type WrapperSpec } from '../shell/index.js';
import { matchGlob } from '../workloads/glob.js';
import { podAnnotations, podField, type Container, type Workload } from '../workloads/workload.js';
import type { Ctx } from './context.js';
import { specFor, type FoundSidecar } from '../pod/sidecars.js';

/** An app container (not a sidecar) and where it sits in the input (errors leave the input as it is). */
export interface App {
  c: Container;
  path: string;
}

/** Where the container sits now, for results about a change. */
function pathNow(w: Workload, c: Container): string {
  return podField(w, 'containers', (w.pod.containers ?? []).indexOf(c));
}

/** Call before anything moves, so that field paths point into the manifest as the user wrote it. */
export function appContainers(w: Workload, cfg: Config): App[] {
  return (w.pod.containers ?? []).flatMap((c, i) => (specFor(c, cfg) ? [] : [{ c, path: podField(w, 'containers', i) }]));
}

export const ENTRYPOINT_ANNOTATION = 'pod-sequencer.dev/entrypoint.';

/** Where the argv to wrap comes from: a source for messages, or an error (missing-entrypoint). */
type Argv = { argv: string[]; from?: string } | { error: string };

/** The configured entrypoint: the annotation (pod template, then workload), else jobs.entrypoints. */
export function configuredEntrypoint(w: Workload, cfg: Config, c: Container): Argv | undefined {
  const key = ENTRYPOINT_ANNOTATION + c.name;
  const raw = podAnnotations(w)[key] ?? w.metadata.annotations?.[key];
  if (raw !== undefined) {
    let v: unknown;
    try {
      v = JSON.parse(String(raw));
    } catch {
      v = undefined;
    }
    if (!Array.isArray(v) || v.length === 0 || !v.every((s) => typeof s === 'string') || v[0] === '') {
      return {
        error: `annotation ${key} must be a JSON list of strings, the image's entrypoint, for example '["/app/run", "--flag"]'; it is ${JSON.stringify(String(raw))}`,
      };
    }
    return { argv: v as string[], from: `annotation ${key}` };
  }
  const i = cfg.jobs.entrypoints.findIndex(
    (e) => (e.container === undefined || matchGlob(e.container, c.name)) && (e.image === undefined || (c.image !== undefined && matchGlob(e.image, c.image))),
  );
  return i < 0 ? undefined : { argv: [...cfg.jobs.entrypoints[i]!.command], from: `jobs.entrypoints[${i}]` };
}

/** The argv a wrapper must run: the one in our wrapper, else `command`, else the configured entrypoint. */
export function argvToWrap(w: Workload, cfg: Config, c: Container): Argv {
  const ours = parseWrapper((c.command ?? []).map(String));
  if (ours) return { argv: ours.spec.argv };
  if (c.command?.length) return { argv: c.command.map(String) };
  return (
    configuredEntrypoint(w, cfg, c) ?? {
      error:
        `container ${c.name} has no command (its image's ENTRYPOINT is not in the manifest), so it cannot be wrapped; ` +
        `name it in jobs.entrypoints ({container: ${c.name}, command: [...]}) or in the annotation ${ENTRYPOINT_ANNOTATION}${c.name}: '["/path/to/entrypoint"]'; ` +
        'until then pod-sequencer leaves this workload unchanged',
    }
  );
}

/** What every app container's wrapper does, all but the argv; undefined: no wrapper. */
export type Plan = Omit<WrapperSpec, 'argv'>;

/**
 * Gives every app container the wrapper `plan` describes (`why` ends the info message), or,
 * with no plan, takes ours off. Returns false, changing nothing, when an argv is unknown:
 * that is an `error` (missing-entrypoint), and sequenceWorkload then leaves the workload as it was.
 */
export function setWrappers(ctx: Ctx, apps: App[], plan: Plan | undefined, why: string): boolean {
  const { w, cfg } = ctx;
  if (!plan) {
    for (const app of apps) unwrap(ctx, app);
    return true;
  }
  const argvs = apps.map((app) => argvToWrap(w, cfg, app.c));
  let ok = true;
  argvs.forEach((a, i) => {
    if (!('error' in a)) return;
    ctx.report('error', a.error, apps[i]!.path, 'missing-entrypoint');
    ok = false;
  });
  if (!ok) return false;
  apps.forEach(({ c }, i) => {
    const a = argvs[i] as { argv: string[]; from?: string };
    const command = wrapperCommand({ ...plan, argv: a.argv }, ctx.shell);
    if (JSON.stringify(c.command) === JSON.stringify(command)) return;
    const verb = parseWrapper((c.command ?? []).map(String)) ? 'updated the wrapper of' : 'wrapped';
    c.command = command;
    ctx.report('info', `${verb} ${c.name}'s command${a.from ? ` (from ${a.from})` : ''}: ${why}`, `${pathNow(w, c)}.command`);
  });
  return true;
}

/** Our wrapper off: the argv back as `command`, or no command when it was the configured entrypoint. */
function unwrap(ctx: Ctx, { c }: App): void {
  const ours = parseWrapper((c.command ?? []).map(String));
  if (!ours) return;
  const entry = configuredEntrypoint(ctx.w, ctx.cfg, c);
  if (entry && 'argv' in entry && JSON.stringify(entry.argv) === JSON.stringify(ours.spec.argv)) delete c.command;
  else c.command = ours.spec.argv;
  ctx.report('info', `removed the wrapper from ${c.name}'s command: no sidecar of this pod needs it any more`, `${pathNow(ctx.w, c)}.command`);
}

/** The `wrap` strategy: the app waits for these sidecars' readiness, then execs its command. */
export function wrapForReadiness(ctx: Ctx, apps: App[], sidecars: FoundSidecar[]): boolean {
  const checks = sidecars.flatMap((s) =>
    s.spec.readiness ? [{ name: s.name, ...s.spec.readiness, timeoutSeconds: s.spec.timeoutSeconds, onTimeout: s.spec.onTimeout }] : [],
  );
  if (checks.length === 0) return setWrappers(ctx, apps, undefined, '');
  const names = checks.map((k) => k.name).join(', ');
  return setWrappers(
    ctx,
    apps,
    { mode: 'exec', checks, shutdown: [], shutdownOn: 'always' },
    `waits until ${names} ${checks.length > 1 ? 'are' : 'is'} ready, then execs the command (strategy wrap)`,
  );
}
