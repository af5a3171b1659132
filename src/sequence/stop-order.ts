/**
 * Shutdown order for long-running pods (`stopOrder.sidecarsLast`, off by default:
 * docs/decisions.md, "How pods stop"): a classic sidecar that would stop before its app has
 * drained (src/pod/stop.ts, the same facts the sidecar-stops-before-app rule reads) is kept up
 * for the grace period less a margin, with each vendor's own setting:
 * - an injected istio-proxy: `terminationDrainDuration` in `proxy.istio.io/config`
 *   (istio/istio@1.28.0:pkg/envoy/agent.go drains that long after SIGTERM, then exits);
 * - an injected linkerd-proxy: `config.alpha.linkerd.io/proxy-wait-before-exit-seconds`, which
 *   Linkerd renders as a preStop sleep (linkerd/linkerd2@version-2.20:pkg/inject/inject.go);
 * - a sidecar in the manifest: a preStop `sleep` action, which needs no binary in the image
 *   (Kubernetes 1.30+, where the PodLifecycleSleepAction gate is on by default).
 * Job-like pods and native sidecars are never touched: their sidecars already stop after the app.
 * A value the pod already has (a drain, a wait, a preStop) is the user's and wins.
 */
import { versionAssumed } from '../config/types.js';
import type { Ctx } from '../pod/context.js';
import { ANNOTATION } from '../pod/mesh.js';
import { minorVersion } from '../pod/sidecars.js';
import { DRAIN, sidecarsStoppingEarly, stayTarget, type Stay } from '../pod/stop.js';
import { podAnnotations } from '../workloads/workload.js';
import { mergeField } from './embedded-config.js';

/** The first minor where the preStop `sleep` action is on by default (KEP-3960: beta in 1.30). */
const SLEEP_ACTION_SINCE = 30;

export function keepSidecarsForDrain(ctx: Ctx): void {
  if (!ctx.cfg.stopOrder.sidecarsLast) return;
  const found = sidecarsStoppingEarly(ctx);
  if (!found) return;
  const seconds = stayTarget(ctx, found.need);
  const why = `so it stays up while the app drains (${found.need.why})`;
  for (const s of found.early) {
    if (s.from === 'istio') istioDrain(ctx, s, seconds, why);
    else if (s.from === 'linkerd') linkerdWait(ctx, s, seconds, why);
    else if (s.from === 'manifest') preStopSleep(ctx, s, seconds, why);
  }
}

function istioDrain(ctx: Ctx, s: Stay, seconds: number, why: string): void {
  const current = podAnnotations(ctx.w)[ANNOTATION.istioConfig];
  const merged = mergeField(current === undefined ? undefined : String(current), DRAIN.istioField, `${seconds}s`);
  if (merged.kind !== 'set') return; // the user's own drain wins; the rule says what it costs
  setAnnotation(ctx, ANNOTATION.istioConfig, merged.text);
  const what = `${DRAIN.istioField}: ${seconds}s`;
  ctx.report(
    'info',
    `${current === undefined ? `added annotation ${ANNOTATION.istioConfig} with ${what}` : `added ${what} to annotation ${ANNOTATION.istioConfig} (its other settings kept)`} for ${s.name} ${why}`,
    s.fieldPath,
  );
}

function linkerdWait(ctx: Ctx, s: Stay, seconds: number, why: string): void {
  if (podAnnotations(ctx.w)[DRAIN.linkerdKey] !== undefined) return; // the user's per-pod value wins
  setAnnotation(ctx, DRAIN.linkerdKey, String(seconds));
  ctx.report('info', `added annotation ${DRAIN.linkerdKey}: "${seconds}" for ${s.name} ${why}`, s.fieldPath);
}

function preStopSleep(ctx: Ctx, s: Stay, seconds: number, why: string): void {
  const c = s.c!;
  if (c.lifecycle?.preStop !== undefined) return; // the user's own preStop wins
  const minor = minorVersion(ctx.cfg);
  if (minor === undefined || minor < SLEEP_ACTION_SINCE) {
    ctx.report(
      'info',
      `left ${s.name} without a preStop: the sleep action that would keep it up needs Kubernetes 1.30 or later (${versionAssumed(ctx.cfg) ? `kubernetesVersion is not set, taken as ${ctx.cfg.kubernetesVersion}` : `kubernetesVersion is ${ctx.cfg.kubernetesVersion ?? 'not set'}`}); set kubernetesVersion: "1.30" if the cluster runs it`,
      s.fieldPath,
    );
    return;
  }
  (c.lifecycle ??= {}).preStop = { sleep: { seconds } };
  ctx.report('info', `added a preStop sleep action of ${seconds}s to ${s.name} ${why}`, `${s.fieldPath}.lifecycle.preStop`);
}

function setAnnotation(ctx: Ctx, key: string, value: string): void {
  (ctx.w.podMeta().annotations ??= {})[key] = value;
}
