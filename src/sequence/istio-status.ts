/**
 * `sidecar.istio.io/status`: Istio's injector records there which init containers and containers
 * it injected, and reads it back (`istioctl x uninject`, re-injection). When a transform moved
 * `istio-proxy` between `containers` and `initContainers`, the record must follow, or it names a
 * layout the pod no longer has (issue 14). Runs after the transforms that move containers.
 */
import { podAnnotations, podMetaField } from '../workloads/workload.js';
import type { Ctx } from '../pod/context.js';

const STATUS = 'sidecar.istio.io/status';

export function syncIstioStatus(ctx: Ctx): void {
  const raw = podAnnotations(ctx.w)[STATUS];
  if (typeof raw !== 'string') return;
  let status: Record<string, unknown>;
  try {
    status = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return; // not Istio's JSON: not ours to rewrite
  }
  if (typeof status !== 'object' || status === null || Array.isArray(status)) return;
  const names = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const injected = new Set([...names(status.initContainers), ...names(status.containers)]);
  const where = (list: { name: string }[] | undefined) => (list ?? []).map((c) => c.name).filter((n) => injected.has(n));
  const [init, containers] = [where(ctx.w.pod.initContainers), where(ctx.w.pod.containers)];
  const same = (a: string[], v: unknown) => JSON.stringify(a) === JSON.stringify(names(v));
  if (same(init, status.initContainers) && same(containers, status.containers)) return;
  // Istio writes an empty list as null; keys keep their order.
  status.initContainers = init.length ? init : null;
  status.containers = containers.length ? containers : null;
  (ctx.w.podMeta().annotations ??= {})[STATUS] = JSON.stringify(status);
  ctx.report(
    'info',
    {
      summary: `updated annotation ${STATUS} to the new layout, so Istio's tools read what the pod has`,
      detail: `initContainers ${JSON.stringify(init)}, containers ${JSON.stringify(containers)}.`,
    },
    `${podMetaField(ctx.w, 'annotations')}[${JSON.stringify(STATUS)}]`,
  );
}
