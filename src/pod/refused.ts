/**
 * What a controller's admission refuses in its template (the catalog's `refuses`, Knative's
 * webhook: src/workloads/catalog.ts), read against what a transform wrote: a field the input did
 * not have (or had otherwise) that the controller would refuse. The input's own fields are the
 * user's, and stay.
 */
import type { Refused } from '../workloads/catalog.js';
import type { Site } from '../workloads/kinds.js';
import type { Container, PodSpec } from '../workloads/workload.js';
import { deepEqual } from '../yaml/sync.js';

/** How each refusal reads in a result. */
export const REFUSED_TEXT: Record<Refused, string> = {
  lifecycle: 'hooks',
  restartPolicy: 'container restartPolicy',
  initContainers: 'init containers',
  initProbes: 'init container probes',
};

export function refuses(site: Site, what: Refused): boolean {
  return site.refuses?.includes(what) === true;
}

/** The first field the transform wrote that the site refuses: `where` from the pod spec, and which refusal. */
export function refusedWrite(site: Site, before: PodSpec | undefined, after: PodSpec): { where: string; what: Refused } | undefined {
  if (!site.refuses) return undefined;
  const old = (list: 'containers' | 'initContainers', name: string) => (before?.[list] ?? []).find((c) => c.name === name);
  for (const list of ['initContainers', 'containers'] as const) {
    for (const [i, c] of (after[list] ?? []).entries()) {
      const was = old(list, c.name) ?? old(list === 'containers' ? 'initContainers' : 'containers', c.name);
      const where = `${list}[${i}]`;
      const changed = (field: keyof Container) => c[field] !== undefined && !deepEqual(c[field], was?.[field]);
      if (list === 'initContainers' && refuses(site, 'initContainers') && !old('initContainers', c.name)) return { where, what: 'initContainers' };
      if (refuses(site, 'lifecycle') && changed('lifecycle')) return { where: `${where}.lifecycle`, what: 'lifecycle' };
      if (refuses(site, 'restartPolicy') && changed('restartPolicy')) return { where: `${where}.restartPolicy`, what: 'restartPolicy' };
      if (list === 'initContainers' && refuses(site, 'initProbes')) {
        const probe = (['startupProbe', 'readinessProbe', 'livenessProbe'] as const).find((p) => changed(p));
        if (probe) return { where: `${where}.${probe}`, what: 'initProbes' };
      }
    }
  }
  return undefined;
}
