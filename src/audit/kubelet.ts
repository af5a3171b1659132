/**
 * Known kubelet defects with native sidecars, by the kubelet release that has them (a node's
 * `status.nodeInfo.kubeletVersion`): each row a release range (`holds`, src/profiles/versions.ts)
 * with the release notes that name its fix. Patch releases are where the fixes landed
 * (back-ports), so a range ends at the first fixed patch of its minor line.
 */
import { holds, type Releases } from '../profiles/versions.js';

/** What a pod must have to be hit: read from its spec (src/audit/nodes.ts `exposed`). */
export interface Trigger {
  restartPolicy: 'Never';
  /** A native sidecar (an init container with restartPolicy: Always) with a startupProbe. */
  nativeSidecarWithStartupProbe: true;
}

export interface KubeletDefect {
  /** The upstream issue, as `owner/repo#N`. */
  issue: string;
  summary: string;
  trigger: Trigger;
  /** The affected releases; each range ends at the first fixed patch of its line (or has no end: never fixed there). */
  affected: readonly (Releases & { fixedIn?: string })[];
  /** `owner/repo@tag:path` of the release notes that name each fix, and the line they hold. */
  sources: readonly { source: string; quote: string }[];
}

const NOTE =
  'Fixed a startup probe race condition that caused main containers to remain stuck in "Initializing" state when sidecar containers with startup probes';

export const KUBELET_DEFECTS: readonly KubeletDefect[] = [
  {
    issue: 'kubernetes/kubernetes#132826',
    summary:
      'a native sidecar whose startupProbe fails once in a restartPolicy: Never pod is never probed again after its restart: the app never starts and the pod stays in Init',
    trigger: { restartPolicy: 'Never', nativeSidecarWithStartupProbe: true },
    // Native sidecars from 1.28 (alpha gate), on by default from 1.29. The 1.32 back-port
    // (kubernetes/kubernetes#134802) was closed unmerged: 1.28-1.32 keep the defect.
    affected: [
      { since: '1.28.0', until: '1.33.0' },
      { since: '1.33.0', until: '1.33.6', fixedIn: '1.33.6' },
      { since: '1.34.0', until: '1.34.2', fixedIn: '1.34.2' },
    ],
    sources: [
      {
        source: 'kubernetes/kubernetes@v1.33.6:CHANGELOG/CHANGELOG-1.33.md',
        quote: `${NOTE} failed initially but succeeded on restart in pods with restartPolicy=Never. ([#134801]`,
      },
      {
        source: 'kubernetes/kubernetes@v1.34.2:CHANGELOG/CHANGELOG-1.34.md',
        quote: `${NOTE} failed initially but succeeded on restart in pods with restartPolicy=Never. ([#134800]`,
      },
      {
        source: 'kubernetes/kubernetes@v1.35.0:CHANGELOG/CHANGELOG-1.35.md',
        quote: `${NOTE} had failed initially but succeeded on restart in pods with \`restartPolicy=Never\`. ([#133072]`,
      },
    ],
  },
];

/** The defects a kubelet of `version` has (its own numbering: v1.33.5-eks-…, v1.30.4+k3s1). */
export function defectsOf(version: string): { defect: KubeletDefect; range: Releases & { fixedIn?: string } }[] {
  const out: { defect: KubeletDefect; range: Releases & { fixedIn?: string } }[] = [];
  for (const defect of KUBELET_DEFECTS) {
    const range = defect.affected.find((r) => holds(r, version));
    if (range) out.push({ defect, range });
  }
  return out;
}

/** Where the fix is: the patch of the node's own line, else the first release with it. */
export function fixedWhere(d: KubeletDefect, range: { fixedIn?: string }): string {
  if (range.fixedIn) return `${range.fixedIn} (or any later release)`;
  const firsts = d.affected.flatMap((r) => (r.fixedIn ? [r.fixedIn] : []));
  return `${firsts.join(', ')} or 1.35.0 and later: its minor line has no fix, so upgrade the minor`;
}
