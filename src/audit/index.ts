/**
 * `pod-sequencer audit`: findings read from live objects' status (docs/audit.md). One module per
 * concern: pods.ts (stuck Job pods, start-order races, native sidecars holding Init), drift.ts
 * (a pod against its owner's template), nodes.ts (kubelet defects), webhooks.ts (the mutating
 * chain). What `fix` would do is asked of the engine (engine.ts). Nothing is sent to a cluster.
 */
import type { Config, RuleLevel } from '../config/types.js';
import { versionAssumed } from '../config/types.js';
import { minorOf } from '../config/spec.js';
import { IGNORE_PREFIX } from '../pod/summary.js';
import { versionParts } from '../profiles/versions.js';
import { shellWord } from '../shell/quote.js';
import { drift, stripped } from './drift.js';
import { Engine, ShapeError } from './engine.js';
import type { AuditCtx, AuditFinding } from './finding.js';
import { sourceOf, TAKE_AGAIN, type LiveObject } from './input.js';
import { kubeletVersionOf, nodeFindings } from './nodes.js';
import { annotationsOf, idText, indexDump, nameOf, templateOf, type Dump } from './objects.js';
import { podFacts, startRace, stuckInInit, stuckJobPod, worthReading, type PodFacts } from './pods.js';
import { chainOf, webhookFindings, type ChainEntry } from './webhooks.js';

export type { AuditFinding } from './finding.js';

export interface AuditOptions {
  /** The time "how long" is measured against (ms); default: the dump's newest timestamp, else the clock. */
  now?: number;
  /** A live read (`--kubectl`): "how long" is measured against the clock. */
  live?: boolean;
  /** The config file fix commands name (`--config FILE`). */
  config?: string;
}

export interface AuditReport {
  findings: AuditFinding[];
  chain: ChainEntry[];
  read: { pods: number; owners: number; nodes: number; webhooks: number; other: Record<string, number> };
  now: number;
  /** Where `now` came from. */
  nowFrom: 'option' | 'dump' | 'clock';
  /** The Kubernetes minor the engine was asked about (the config's, else the oldest kubelet's). */
  kubernetesVersion?: string;
}

/** Per pod, in this order; each reads only the pod's own facts. */
const POD_CHECKS = [stuckJobPod, startRace, stuckInInit, stripped, drift];

export function audit(objects: readonly LiveObject[], config: Config, opts: AuditOptions = {}): AuditReport {
  const dump = indexDump(objects);
  const cfg = withClusterVersion(config, dump);
  const now = opts.now ?? (opts.live ? Date.now() : (dump.newest ?? Date.now()));
  const ctx: AuditCtx = { dump, cfg, engine: new Engine(cfg), now, configFlag: opts.config !== undefined ? ` --config ${shellWord(opts.config)}` : '' };
  const found: AuditFinding[] = [];
  let injected = 0;
  const unread: AuditFinding[] = [];
  for (const pod of dump.pods) {
    try {
      const f = podFacts(ctx, pod);
      if (!f) continue;
      if (hasInjected(f)) injected++;
      // Status checks only where the status shows something; template checks on every pod with an owner.
      const reading = worthReading(pod);
      for (const check of POD_CHECKS) {
        if (!reading && check !== stripped && check !== drift) continue;
        const finding = check(ctx, f);
        if (finding) found.push(suppressed({ ...finding, source: sourceOf(pod) }, [pod, f.own.object]));
      }
    } catch (e) {
      // One object the checks cannot read (a field of the wrong type) never stops the others.
      if (!(e instanceof ShapeError)) throw e;
      unread.push(unreadable(pod, e));
    }
  }
  countPerOwner(found);
  const chain = chainOf(dump.webhooks);
  const objectSource = (f: AuditFinding) =>
    sourceOf((f.object.kind === 'Node' ? dump.nodes.get(f.object.name) : dump.webhooks.find((w) => w.metadata.name === f.object.name)) ?? {});
  for (const f of [...nodeFindings(ctx), ...webhookFindings(ctx, chain, injected)]) found.push({ ...f, source: objectSource(f) });
  found.push(...unread);
  const findings = sortFindings(withLevels(found, cfg));
  return {
    findings,
    chain,
    read: { pods: dump.pods.length, owners: dump.owners.size, nodes: dump.nodes.size, webhooks: dump.webhooks.length, other: Object.fromEntries(dump.other) },
    now,
    nowFrom: opts.now !== undefined ? 'option' : !opts.live && dump.newest !== undefined ? 'dump' : 'clock',
    ...(cfg.kubernetesVersion ? { kubernetesVersion: cfg.kubernetesVersion } : {}),
  };
}

/**
 * Evidence first: with no kubernetesVersion in the config, the engine is asked about the
 * cluster's oldest kubelet (what every pod must run on), not the assumed release.
 */
function withClusterVersion(cfg: Config, dump: Dump): Config {
  if (!versionAssumed(cfg)) return cfg;
  let oldest: number | undefined;
  for (const n of dump.nodes.values()) {
    const v = kubeletVersionOf(n);
    const parts = v ? versionParts(v) : undefined;
    if (parts && parts[0] === 1 && (oldest === undefined || parts[1]! < oldest)) oldest = parts[1];
  }
  if (oldest === undefined || minorOf(`1.${oldest}`) === undefined) return cfg;
  const { kubernetesVersionAssumed: _assumed, ...rest } = cfg;
  return { ...rest, kubernetesVersion: `1.${oldest}` };
}

function unreadable(pod: LiveObject, e: unknown): AuditFinding {
  const id = nameOf(pod);
  return {
    rule: 'invalid-input',
    severity: 'error',
    object: id,
    message: `${idText(id)} could not be read (${(e as Error).message}); it was not audited`,
    detail: 'Every other object was audited. The dump should be what kubectl get -o json prints, unchanged.',
    fix: TAKE_AGAIN,
    evidence: {},
    source: sourceOf(pod),
  };
}

/** A sidecar in the pod that its owner's template lacks: a webhook added it. */
function hasInjected(f: PodFacts): boolean {
  const owner = f.own.object;
  if (!owner || owner === f.pod || f.sidecars.length === 0) return false;
  const spec = templateOf(owner)?.spec as { containers?: { name: string }[]; initContainers?: { name: string }[] } | undefined;
  const names = new Set([...(spec?.containers ?? []), ...(spec?.initContainers ?? [])].map((c) => c.name));
  return f.sidecars.some((s) => !names.has(s.name));
}

/** Each stuck pod says how many of its owner's pods are stuck. */
function countPerOwner(found: AuditFinding[]): void {
  const per = new Map<string, number>();
  for (const f of found) if (f.rule === 'job-sidecar-blocks-completion' && f.owner) per.set(f.owner, (per.get(f.owner) ?? 0) + 1);
  for (const f of found) {
    if (f.rule !== 'job-sidecar-blocks-completion' || !f.owner) continue;
    const n = per.get(f.owner)!;
    f.evidence.stuckPodsOfOwner = n;
    f.detail += ` ${n} pod(s) of ${f.owner} are stuck so.`;
  }
}

/** `spec.rules.<id>` sets a finding's severity, or turns it off. */
function withLevels(found: AuditFinding[], cfg: Config): AuditFinding[] {
  return found.flatMap((f) => {
    const level: RuleLevel | undefined = cfg.rules[f.rule];
    if (level === 'off') return [];
    return [level ? { ...f, severity: level } : f];
  });
}

/**
 * `pod-sequencer.dev/ignore.<id>: "<reason>"` on the pod (its template's annotations are on it)
 * or on its owner suppresses the finding there, as in `check`; a key without a reason does not.
 */
function suppressed(f: AuditFinding, objects: readonly (LiveObject | undefined)[]): AuditFinding {
  const key = `${IGNORE_PREFIX}${f.rule}`;
  for (const o of objects) {
    const reason = o ? String(annotationsOf(o)[key] ?? '').trim() : '';
    if (reason !== '' && reason !== 'true' && reason !== 'false') return { ...f, suppressed: reason };
  }
  return f;
}

const RANK = { error: 0, warning: 1, info: 2 } as const;

function sortFindings(list: AuditFinding[]): AuditFinding[] {
  const key = (f: AuditFinding) => `${f.rule}\u0000${f.object.namespace ?? ''}\u0000${f.object.kind}\u0000${f.object.name}`;
  return list.sort((a, b) => RANK[a.severity] - RANK[b.severity] || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
