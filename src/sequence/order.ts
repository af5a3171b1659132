/**
 * `first` (and the ordering half of `postStart`): classic sidecars go to the front of
 * `containers`, keeping their relative order. A native sidecar that the config now wants
 * classic is moved back from `initContainers`.
 */
import { versionAssumed } from '../config/types.js';
import { getPath, podField } from '../workloads/workload.js';
import type { Ctx } from '../pod/context.js';
import { startupProbe } from './readiness.js';
import type { FoundSidecar } from '../pod/sidecars.js';

export function moveSidecarsFirst(ctx: Ctx, sidecars: FoundSidecar[]): void {
  if (sidecars.length === 0) return;
  const pod = ctx.w.pod;
  // Demoted ones go first, in their initContainers order (several sidecars keep their order).
  let at = 0;
  for (const s of sidecars.filter((x) => x.native)) if (demoteNative(ctx, s, at)) at++;
  const names = new Set(sidecars.map((s) => s.name));
  const containers = pod.containers ?? [];
  const front = containers.filter((c) => names.has(c.name));
  const rest = containers.filter((c) => !names.has(c.name));
  const reordered = [...front, ...rest];
  if (reordered.every((c, i) => c === containers[i])) return;
  pod.containers = reordered;
  if (containers[0] && reordered[0] !== containers[0]) nameTheApp(ctx, containers[0].name);
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
 * the container that was first. A value already there is the user's and stays.
 */
function nameTheApp(ctx: Ctx, app: string): void {
  const field = ctx.w.site.firstContainer?.nameField;
  if (!field) return;
  const path = field.split('.');
  const holder = getPath(ctx.w.obj, path.slice(0, -1));
  const key = path[path.length - 1]!;
  if (!holder || holder[key] !== undefined) return;
  holder[key] = app;
  ctx.report(
    'info',
    {
      summary: `set ${field}: ${app}, since a sidecar is first now`,
      detail: `Without it ${ctx.w.kind} reads the first container: ${ctx.w.site.firstContainer!.what}.`,
    },
    field,
  );
}
