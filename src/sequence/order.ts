/**
 * `first` (and the ordering half of `postStart`): classic sidecars go to the front of
 * `containers`, keeping their relative order. A native sidecar that the config now wants
 * classic is moved back from `initContainers`. Where the controller reads `containers[0]` unless a
 * field names another (KEDA's envSourceContainerName), that field names the app.
 */
import { versionAssumed } from '../config/types.js';
import type { Message } from '../krm/types.js';
import { podField } from '../workloads/workload.js';
import type { Ctx } from '../pod/context.js';
import { sidecarRead, unsetNameField } from '../pod/env-source.js';
import { startupProbe } from './readiness.js';
import type { FoundSidecar } from '../pod/sidecars.js';

/** `sidecars`: the ones to move; `all`: every sidecar of the pod (what was first is the app only if none of them). */
export function moveSidecarsFirst(ctx: Ctx, sidecars: FoundSidecar[], all: readonly FoundSidecar[]): void {
  if (sidecars.length === 0) return;
  const pod = ctx.w.pod;
  // The app the controller read first, before anything moved (a demoted sidecar goes before it too).
  const wasFirst = pod.containers?.[0];
  const appWasFirst = wasFirst !== undefined && !all.some((s) => s.name === wasFirst.name);
  // Demoted ones go first, in their initContainers order (several sidecars keep their order).
  let at = 0;
  for (const s of sidecars.filter((x) => x.native)) if (demoteNative(ctx, s, at)) at++;
  const names = new Set(sidecars.map((s) => s.name));
  const containers = pod.containers ?? [];
  const front = containers.filter((c) => names.has(c.name));
  const rest = containers.filter((c) => !names.has(c.name));
  const reordered = [...front, ...rest];
  const same = reordered.every((c, i) => c === containers[i]);
  if (!same) pod.containers = reordered;
  if (appWasFirst && pod.containers![0] !== wasFirst) nameTheApp(ctx, wasFirst.name);
  if (same) return;
  const moved = front.filter((c, i) => containers[i] !== c).map((c) => c.name);
  ctx.report(
    'info',
    `moved sidecar${moved.length > 1 ? 's' : ''} ${moved.join(', ')} before the app containers: the kubelet starts containers in list order`,
    podField(ctx.w, 'containers'),
  );
}

/** Native -> classic: out of initContainers, without the restartPolicy and our startupProbe. */
function demoteNative(ctx: Ctx, s: FoundSidecar, at: number): boolean {
  const pod = ctx.w.pod;
  const init = pod.initContainers ?? [];
  const c = init.find((x) => x.name === s.name);
  if (!c) return false;
  pod.initContainers = init.filter((x) => x !== c);
  if (pod.initContainers.length === 0) delete pod.initContainers;
  delete c.restartPolicy;
  const ours = s.spec.readiness && startupProbe(s.spec.readiness, s.spec.timeoutSeconds);
  if (ours && JSON.stringify(c.startupProbe) === JSON.stringify(ours)) delete c.startupProbe;
  const containers = pod.containers ?? [];
  pod.containers = [...containers.slice(0, at), c, ...containers.slice(at)];
  s.native = false;
  ctx.report(
    'info',
    `moved native sidecar ${s.name} back to containers: strategy ${s.spec.strategy} does not use native sidecars` +
      (ctx.cfg.kubernetesVersion && !versionAssumed(ctx.cfg) ? ` on Kubernetes ${ctx.cfg.kubernetesVersion}` : ''),
    podField(ctx.w, 'initContainers'),
  );
  return true;
}

/**
 * A controller that reads `containers[0]` unless a field of the object names another (KEDA's
 * envSourceContainerName, src/workloads/catalog.ts): with a sidecar first now, the field names
 * the app that was first. A name already there is the user's and stays (unset, null and "" name
 * none: src/pod/env-source.ts unsetNameField). `why`: the result's message, when the sidecar was
 * first already (nameReadApp).
 */
function nameTheApp(ctx: Ctx, app: string, why?: (field: string) => Message): void {
  const unset = unsetNameField(ctx.w);
  if (!unset) return;
  const { field, holder, key } = unset;
  holder[key] = app;
  ctx.report(
    'info',
    why?.(field) ?? {
      summary: `set ${field}: ${app}, since a sidecar is first now`,
      detail: `Without it ${ctx.w.kind} reads the first container: ${ctx.w.site.firstContainer!.what}.`,
    },
    field,
  );
}

/**
 * A classic sidecar that is `containers[0]` after the strategies ran (the input's order, which
 * no step changed) where the controller reads that container's env and the field that would name
 * another is unset. The object's own evidence decides (src/pod/env-source.ts sidecarRead): where
 * a variable it names (KEDA's `*FromEnv`) is given by an app container and not by the sidecar,
 * the field names that app, provided it gives every other variable at least as surely (nothing
 * the sidecar gave is lost). Without such evidence the manifest stays as it is, and check says
 * what it found (sidecar-read-as-app).
 */
export function nameReadApp(ctx: Ctx): void {
  if (!ctx.w.site.firstContainer?.envNames) return; // only a field of the workload's own object is fix's to write
  const read = sidecarRead(ctx);
  if (!read?.app || read.elsewhere) return; // an app to name only where a variable is missed
  const names = read.missed.map((r) => r.variable);
  const list = names.length > 2 ? `${names[0]} and ${names.length - 1} more` : names.join(' and ');
  nameTheApp(ctx, read.app, (field) => ({
    summary: `set ${field}: ${read.app}, since sidecar ${read.sidecar} (containers[0]) lacks ${list}`,
    detail:
      `Without it ${ctx.w.kind} reads the first container: ${read.what}. ` +
      `${read.sidecar} defines no ${read.missed.map((r) => `${r.variable} (${r.at})`).join(', ')}; ${read.app} does.`,
  }));
}
