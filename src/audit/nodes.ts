/**
 * Nodes whose kubelet has a known native-sidecar defect (src/audit/kubelet.ts), each counted
 * against the pods scheduled on it that could be hit: those with what the defect needs, not yet
 * finished. A node with none is not a finding (nothing there can be hit now).
 */
import { isNativeSidecar } from '../pod/sidecars.js';
import type { Container } from '../workloads/workload.js';
import { defectsOf, fixedWhere, type Trigger } from './kubelet.js';
import type { LiveObject } from './input.js';
import type { AuditCtx, AuditFinding } from './finding.js';
import { idText, nameOf, statusOf } from './objects.js';

/** How many pods a finding names; the count is always whole. */
const NAMED = 5;

export function exposed(pod: LiveObject, trigger: Trigger): boolean {
  const spec = pod.spec as { restartPolicy?: string; initContainers?: Container[] } | undefined;
  if (spec?.restartPolicy !== trigger.restartPolicy) return false;
  return (spec.initContainers ?? []).some((c) => isNativeSidecar(c) && c.startupProbe !== undefined);
}

export function kubeletVersionOf(node: LiveObject): string | undefined {
  return (node.status as { nodeInfo?: { kubeletVersion?: string } } | undefined)?.nodeInfo?.kubeletVersion;
}

export function nodeFindings(ctx: AuditCtx): AuditFinding[] {
  const byNode = new Map<string, LiveObject[]>();
  for (const p of ctx.dump.pods) {
    const node = (p.spec as { nodeName?: string } | undefined)?.nodeName;
    const phase = statusOf(p).phase;
    if (!node || phase === 'Succeeded' || phase === 'Failed') continue;
    let list = byNode.get(node);
    if (!list) byNode.set(node, (list = []));
    list.push(p);
  }
  const out: AuditFinding[] = [];
  for (const [name, node] of ctx.dump.nodes) {
    const version = kubeletVersionOf(node);
    if (!version) continue;
    for (const { defect, range } of defectsOf(version)) {
      const hit = (byNode.get(name) ?? []).filter((p) => exposed(p, defect.trigger));
      if (hit.length === 0) continue;
      const names = hit.slice(0, NAMED).map((p) => idText(nameOf(p)));
      out.push({
        rule: 'kubelet-sidecar-defect',
        severity: 'warning',
        object: nameOf(node),
        message: `kubelet ${version} has ${defect.issue}: ${hit.length} pod(s) on this node could be hit`,
        detail:
          `${defect.summary}. Pods on ${name} with restartPolicy: Never and a native sidecar with a startupProbe: ${names.join(', ')}${hit.length > NAMED ? ` and ${hit.length - NAMED} more` : ''}. ` +
          `Fixed in ${fixedWhere(defect, range)} (${defect.sources.map((s) => s.source).join(', ')}).`,
        fix: `upgrade the kubelet of node ${name} to ${fixedWhere(defect, range)}`,
        evidence: { kubeletVersion: version, defect: defect.issue, pods: hit.length, named: names },
      });
    }
  }
  return out;
}
