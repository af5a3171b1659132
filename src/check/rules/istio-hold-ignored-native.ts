import { ANNOTATION, isTrue, nativeDecides } from '../../pod/mesh.js';
import { istioConfig } from '../../pod/stop.js';
import { isNativeSidecar } from '../../pod/sidecars.js';
import { podMetaField } from '../../workloads/workload.js';
import { configuredRelease } from '../../pod/release.js';
import type { Rule } from '../rule.js';

/**
 * Istio's injection template computes `$holdProxy := and (hold) (not $nativeSidecar)`
 * (istio/istio@1.28.0:manifests/charts/istio-control/istio-discovery/files/injection-template.yaml):
 * with a native istio-proxy the hold is dropped and the proxy's startupProbe gates the app
 * instead (istio/istio#51310 and #59690: "holdApplicationUntilProxyStarts not working"). Harmless,
 * but the setting says something that does not happen. Said only where it is sure (`check` only): a
 * native istio-proxy in the manifest, or the native key on a configured Istio that reads it. With
 * mesh.istio.version unset an Istio older than 1.24 ignores `sidecar.istio.io/nativeSidecar` and
 * needs the hold, which is why fix writes both then (issue 39: check on fix's output is quiet).
 */
export const istioHoldIgnoredNative: Rule = {
  id: 'istio-hold-ignored-native',
  severity: 'info',
  needs: ['annotation'],
  summary: "hold set together with Istio's native sidecar: Istio drops the hold, the startupProbe gates",
  check(ctx, report) {
    if (ctx.cfg.mode !== 'check') return;
    const hold = istioConfig(ctx)[ANNOTATION.istioHold];
    if (hold === undefined || !isTrue(hold)) return;
    const inManifest = (ctx.w.pod.initContainers ?? []).find((c) => c.name === 'istio-proxy' && isNativeSidecar(c));
    const why = inManifest
      ? 'istio-proxy is a native sidecar here (an init container with restartPolicy: Always)'
      : nativeDecides(ctx, 'istio')
        ? `the pod asks for a native istio-proxy (sidecar.istio.io/nativeSidecar: "true") and Istio ${configuredRelease(ctx.cfg, 'istio')} reads that key`
        : undefined;
    if (!why) return;
    report(
      {
        summary: `${ANNOTATION.istioHold} is ignored: Istio drops it for a native istio-proxy`,
        detail: `${ANNOTATION.istioConfig} sets ${ANNOTATION.istioHold}: true, but ${why}. Istio's injector drops the hold for a native proxy, and the proxy's startupProbe holds the app instead; the hold only matters on an Istio older than 1.24, which has no native sidecars.`,
      },
      `${podMetaField(ctx.w, 'annotations')}[${JSON.stringify(ANNOTATION.istioConfig)}]`,
    );
  },
};
