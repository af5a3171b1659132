import { ANNOTATION, isTrue, nativeAsked } from '../../pod/mesh.js';
import { istioConfig } from '../../pod/stop.js';
import { isNativeSidecar } from '../../pod/sidecars.js';
import { podAnnotations, podMetaField } from '../../workloads/workload.js';
import type { Rule } from '../rule.js';

/**
 * Istio's injection template computes `$holdProxy := and (hold) (not $nativeSidecar)`
 * (istio/istio@1.28.0:manifests/charts/istio-control/istio-discovery/files/injection-template.yaml):
 * with a native istio-proxy the hold is dropped and the proxy's startupProbe gates the app
 * instead (istio/istio#51310 and #59690: "holdApplicationUntilProxyStarts not working"). Harmless,
 * but the setting says something that does not happen. `check` only: in apply mode the hold may be
 * pod-sequencer's own (mesh.istio.hold), kept beside the native key when mesh.istio.version is unset, because an Istio older than
 * 1.24 ignores `sidecar.istio.io/nativeSidecar` and then needs it.
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
      : nativeAsked('istio', podAnnotations(ctx.w))
        ? 'the pod asks for a native istio-proxy (sidecar.istio.io/nativeSidecar: "true")'
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
