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
