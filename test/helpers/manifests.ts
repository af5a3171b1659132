/** Small manifests several tests build on. */
import { parseAllDocuments } from 'yaml';
import { PathError, readManifest, type ManifestFile } from '../../src/files/read.js';

/** A Job whose one app container runs `./migrate`, then `more` (container list items, 6 spaces in). */
export const migrateJob = (more: string) => `apiVersion: batch/v1
kind: Job
metadata: {name: migrate}
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: migrate
        image: app:1
        command: [./migrate]
${more}`;

/**
 * A ResourceList holding the Job `report`: its app runs `/report` then `argv`, and a classic
 * linkerd-proxy listed after it, so the filter moves the proxy first and (before Kubernetes 1.29)
 * wraps the app's argv. `first` is how the item starts (`- `, `- &a `, `- # a comment\n  `);
 * `extra`, lines (2 spaces in) after the Job's metadata: a field the test embeds in it.
 */
export function reportJobList(opts: { kubernetesVersion: string; first?: string; argv?: string[]; extra?: string }): string {
  return `apiVersion: config.kubernetes.io/v1
kind: ResourceList
items:
${opts.first ?? '- '}apiVersion: batch/v1
  kind: Job
  metadata: {name: report}
${opts.extra ?? ''}  spec:
    template:
      spec:
        restartPolicy: Never
        containers:
        - name: report
          image: registry.example.com/report:1.0
          command: ${JSON.stringify(['/report', ...(opts.argv ?? [])])}
        - name: linkerd-proxy
          image: cr.l5d.io/linkerd/proxy:edge-24.11.1
functionConfig:
  apiVersion: fn.pod-sequencer.dev/v1alpha1
  kind: PodSequence
  metadata: {name: report}
  spec: {kubernetesVersion: "${opts.kubernetesVersion}"}
`;
}

/** Why the file reader refuses `text` as the file `path` (`path:line:col: …`), or undefined when it reads it. */
export function fileError(text: string, path: string): string | undefined {
  try {
    readManifest(path, [], text);
    return undefined;
  } catch (e) {
    if (e instanceof PathError) return e.message;
    throw e;
  }
}

/** The values of a multi-document text's documents, those that do not convert (an alias bomb) left out. */
export function documentValues(text: string): Record<string, unknown>[] {
  return parseAllDocuments(text).flatMap((d) => {
    try {
      const v = d.toJS() as unknown;
      return v && typeof v === 'object' ? [v as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}

/** The file as read, or undefined for one the reader refuses (an invalid-input finding, not a gap). */
export function readable(path: string, text: string): ManifestFile | undefined {
  try {
    return readManifest(path, [], text);
  } catch (e) {
    if (e instanceof PathError) return undefined;
    throw e;
  }
}
