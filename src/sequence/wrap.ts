/**
 * Wrapping app containers' commands (shared by the `wrap` strategy and Job exit). The wrapper
 * runs the original argv after `--`; Kubernetes appends `args` to it, so they stay untouched.
 * A container without `command` runs its image's ENTRYPOINT, which the manifest does not show:
 * it must come from `jobs.entrypoints` or the `pod-sequencer.dev/entrypoint.<container>`
 * annotation. Our own wrappers are recognised (parseWrapper), so re-running rebuilds them from
 * the argv they carry, and a pod that no longer needs one gets its command back.
 */
import { parseWrapper, wrapperCommand, type WrapperSpec } from '../shell/index.js';
import type { Ctx } from '../pod/context.js';
import { containerIndex, type FoundSidecar } from '../pod/sidecars.js';
import { podField } from '../workloads/workload.js';
import { addArgs, readinessArgs } from './readiness.js';
import { argvToWrap, configuredEntrypoint, pathNow, type App } from '../pod/apps.js';

/** What every app container's wrapper does, all but the argv; undefined: no wrapper. */
export type Plan = Omit<WrapperSpec, 'argv'>;

/**
 * Gives every app container the wrapper `plan` describes (`why.what` ends the summary, `why.detail` says how), or,
 * with no plan, takes ours off. Returns false, changing nothing, when an argv is unknown:
 * that is an `error` (missing-entrypoint), and sequenceWorkload then leaves the workload as it was.
 */
export function setWrappers(ctx: Ctx, apps: App[], plan: Plan | undefined, why: { what: string; detail: string }): boolean {
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
    // inject: the pod's one shared wrapper, which tools.ts has seq-tools write (image: inline)
    const command = wrapperCommand({ ...plan, argv: a.argv }, ctx.shell, 'shared');
    if (JSON.stringify(c.command) === JSON.stringify(command)) return;
    const verb = parseWrapper((c.command ?? []).map(String)) ? 'updated the wrapper of' : 'wrapped';
    c.command = command;
    const detail = `${why.detail}${a.from ? ` The command comes from ${a.from}.` : ''}`;
    ctx.report('info', { summary: `${verb} ${c.name}'s command: ${why.what}`, detail }, `${pathNow(w, c)}.command`);
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
  if (checks.length === 0) return setWrappers(ctx, apps, undefined, { what: '', detail: '' });
  const names = checks.map((k) => k.name).join(', ');
  const ok = setWrappers(
    ctx,
    apps,
    { mode: 'exec', checks, shutdown: [], shutdownOn: 'always' },
    {
      what: `waits until ${names} ${checks.length > 1 ? 'are' : 'is'} ready, then runs it`,
      detail: 'The wrapper execs the command once the sidecars are ready (strategy wrap).',
    },
  );
  // The endpoints waited on must be served (cloud-sql-proxy's /startup needs --health-check).
  if (ok) for (const s of sidecars) if (s.spec.readiness) giveReadinessArgs(ctx, s);
  return ok;
}

function giveReadinessArgs(ctx: Ctx, s: FoundSidecar): void {
  const list = s.native ? 'initContainers' : 'containers';
  const i = containerIndex(ctx.w.pod[list], s.name);
  if (i >= 0) addArgs(ctx, ctx.w.pod[list]![i]!, podField(ctx.w, list, i), readinessArgs(s.spec, false), 'readiness');
}
