/**
 * Where pod templates live, as data (kustomize's "field specs" idea). A path leads from the
 * object root to the pod template: the object holding `metadata` and `spec` of the pod.
 */
import type { WorkloadKind } from '../config/types.js';

export const BUILTIN_TEMPLATE_PATHS: Readonly<Record<string, readonly string[]>> = {
  Pod: [],
  Deployment: ['spec', 'template'],
  StatefulSet: ['spec', 'template'],
  DaemonSet: ['spec', 'template'],
  ReplicaSet: ['spec', 'template'],
  ReplicationController: ['spec', 'template'],
  Job: ['spec', 'template'],
  PodTemplate: ['template'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template'],
};

/** Built-in kinds belong to core groups: `v1`, `apps/v1`, `batch/v1`, ... never a dotted CRD group. */
function isCoreApiVersion(apiVersion: string | undefined): boolean {
  if (!apiVersion) return false;
  const slash = apiVersion.indexOf('/');
  return slash < 0 || !apiVersion.slice(0, slash).includes('.');
}

/** The template path for an item, or undefined when it holds no pod template we know of. */
export function templatePathFor(apiVersion: string | undefined, kind: string | undefined, extra: readonly WorkloadKind[]): readonly string[] | undefined {
  if (!kind) return undefined;
  const custom = extra.find((w) => w.kind === kind && w.apiVersion === apiVersion);
  if (custom) return custom.podTemplatePath.split('.').filter(Boolean);
  if (isCoreApiVersion(apiVersion)) return BUILTIN_TEMPLATE_PATHS[kind];
  return undefined;
}

/**
 * Kinds whose controller names a container that has none, so a manifest may leave it out
 * (issue 27). Knative Serving names each `user-container` (`user-container-N` among several)
 * when it defaults a Revision's spec, which Services and Configurations carry as their template.
 */
export const UNNAMED_CONTAINERS: readonly { group: string; kinds: readonly string[]; source: string; quote: string }[] = [
  {
    group: 'serving.knative.dev',
    kinds: ['Service', 'Configuration', 'Revision'],
    source: 'knative/serving@knative-v1.23.0:pkg/apis/serving/v1/revision_defaults.go',
    quote: 'if containers[idx].Name == "" {',
  },
];

/** Whether the kind allows containers without a name (UNNAMED_CONTAINERS). */
export function allowsUnnamedContainers(apiVersion: string | undefined, kind: string | undefined): boolean {
  const group = apiVersion?.split('/')[0];
  return UNNAMED_CONTAINERS.some((k) => k.group === group && k.kinds.includes(kind ?? ''));
}
