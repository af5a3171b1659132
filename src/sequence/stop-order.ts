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
 * A sidecar this run made classic (native in the input, on a release without native sidecars)
 * gets the same even with the setting off: native, it stopped after the app, and a fix keeps the
 * order the input had (docs/decisions.md, "A sidecar made classic keeps its stop order").
 */
import { versionAssumed } from '../config/types.js';
import type { Ctx } from '../pod/context.js';
import { ANNOTATION } from '../pod/mesh.js';
import { minorVersion, type FoundSidecar } from '../pod/sidecars.js';
import { DRAIN, sidecarsStoppingEarly, stayTarget, type Stay } from '../pod/stop.js';
import { podAnnotations } from '../workloads/workload.js';
import { mergeField } from './embedded-config.js';
import { upperFirst } from '../yaml/text.js';

/** The first minor where the preStop `sleep` action is on by default (KEP-3960: beta in 1.30). */
const SLEEP_ACTION_SINCE = 30;

export function keepSidecarsForDrain(ctx: Ctx, demoted: readonly FoundSidecar[]): void {
  const all = ctx.cfg.stopOrder.sidecarsLast;
  if (!all && demoted.length === 0) return;
  const found = sidecarsStoppingEarly(ctx);
  if (!found) return;
  const seconds = stayTarget(ctx, found.need);
  const names = new Set(demoted.map((s) => s.name));
  const why = (s: Stay): string =>
    `${upperFirst(found.need.why)}.` + (names.has(s.name) ? ' Native, it stopped after the app; made classic here, it keeps that order this way.' : '');
  for (const s of found.early.filter((x) => all || names.has(x.name))) {
    // An Istio proxy's stay is its drain, injected or in the manifest: pilot-agent reads
    // proxy.istio.io/config from the pod's annotations (the istio-podinfo volume) when it starts
    // (istio/istio pilot/cmd/pilot-agent/config/config.go, ConstructProxyConfig).
    if (s.from === 'istio' || s.profile === 'istio') istioDrain(ctx, s, seconds, why(s));
    else if (s.from === 'linkerd') linkerdWait(ctx, s, seconds, why(s));
    else if (s.from === 'manifest') preStopSleep(ctx, s, seconds, why(s));
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
    {
      summary: `added ${what} to annotation ${ANNOTATION.istioConfig}: ${s.name} stays up while the app drains`,
      detail: current === undefined ? why : `${why} The annotation's other settings are kept.`,
    },
    s.fieldPath,
  );
}

function linkerdWait(ctx: Ctx, s: Stay, seconds: number, why: string): void {
  if (podAnnotations(ctx.w)[DRAIN.linkerdKey] !== undefined) return; // the user's per-pod value wins
  setAnnotation(ctx, DRAIN.linkerdKey, String(seconds));
  ctx.report('info', { summary: `added annotation ${DRAIN.linkerdKey}: "${seconds}": ${s.name} stays up while the app drains`, detail: why }, s.fieldPath);
}

function preStopSleep(ctx: Ctx, s: Stay, seconds: number, why: string): void {
  const c = s.c!;
  if (c.lifecycle?.preStop !== undefined) return; // the user's own preStop wins
  const minor = minorVersion(ctx.cfg);
  if (minor === undefined || minor < SLEEP_ACTION_SINCE) {
    ctx.report(
      'info',
      {
        summary: `left ${s.name} without a preStop: the sleep action that would keep it up needs Kubernetes 1.30 or later`,
        detail: `${versionAssumed(ctx.cfg) ? `kubernetesVersion is not set, taken as ${ctx.cfg.kubernetesVersion}` : `kubernetesVersion is ${ctx.cfg.kubernetesVersion ?? 'not set'}`}; set kubernetesVersion: "1.30" if the cluster runs it. ${why}`,
      },
      s.fieldPath,
    );
    return;
  }
  (c.lifecycle ??= {}).preStop = { sleep: { seconds } };
  ctx.report(
    'info',
    { summary: `added a preStop sleep action of ${seconds}s to ${s.name}, so it stays up while the app drains`, detail: why },
    `${s.fieldPath}.lifecycle.preStop`,
  );
}

function setAnnotation(ctx: Ctx, key: string, value: string): void {
  (ctx.w.podMeta().annotations ??= {})[key] = value;
}
