import { isNativeSidecar } from '../../pod/sidecars.js';
import { podField } from '../../workloads/workload.js';
import type { Rule } from '../rule.js';

/**
 * A kind named in `workloadKinds` is a CRD whose controller builds the pods: one built on
 * Kubernetes types older than 1.28 drops `restartPolicy` from init containers when it copies the
 * template, and the pod hangs in Init or is refused (aws/aws-app-mesh-controller-for-k8s#774,
 * kubeflow/spark-operator#2022, arangodb/kube-arangodb#1677).
 */
export const nativeSidecarInCustomKind: Rule = {
  id: 'native-sidecar-in-custom-kind',
  severity: 'info',
  needs: ['native'],
  summary: 'native sidecar written into a `workloadKinds` kind whose controller may drop the field',
  check(ctx, report) {
    const { w, cfg } = ctx;
    // Catalog kinds too (workloads/catalog.ts): their controllers build the pods as well.
    if (w.site.origin === 'builtin') return;
    const from = cfg.workloadKinds.some((k) => k.kind === w.kind && k.apiVersion === w.ref.apiVersion) ? 'workloadKinds' : 'the built-in catalog';
    (w.pod.initContainers ?? []).forEach((c, i) => {
      if (!isNativeSidecar(c)) return;
      report(
        {
          summary: `native sidecar ${c.name} in a ${w.kind}: an older controller drops it and the pod hangs in Init`,
          detail:
            `The ${w.kind} (${w.ref.apiVersion}, from ${from}) controller builds the pods; one built on Kubernetes types older than 1.28 drops restartPolicy from init containers, so the pod hangs in Init or is refused. ` +
            `Check that the controller keeps initContainers[].restartPolicy (a pod it created shows it), or keep the sidecar classic there.`,
        },
        `${podField(w, 'initContainers', i)}.restartPolicy`,
      );
    });
  },
};
