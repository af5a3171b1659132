/**
 * No false alarm on healthy pods: every workload of the vendor corpus (test/vendor/corpus/*.json),
 * after `fix` (the filter at kubernetesVersion 1.30), as a live owner with a pod made from its
 * template and the status of a healthy pod (init containers done, native sidecars started and
 * ready, every container running and ready, no restart), on a node with a fixed kubelet: audit
 * finds nothing. Files this machine lacks are named in one line (test/helpers/vendor-corpus.ts).
 */
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { documentValues } from '../helpers/manifests.js';
import { audit } from '../../src/audit/index.js';
import type { LiveObject } from '../../src/audit/input.js';
import type { ContainerStatus } from '../../src/audit/objects.js';
import { templateOf } from '../../src/audit/objects.js';
import { loadConfig } from '../../src/config/load.js';
import { runFilter } from '../../src/run.js';
import type { Container } from '../../src/workloads/workload.js';
import { availableCorpus, cite, corpusEntries } from '../helpers/vendor-corpus.js';
import { at, node, T0 } from '../helpers/live.js';

type Obj = Record<string, unknown>;
const KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob']);
const FC = { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'x' }, spec: { kubernetesVersion: '1.30' } };

function fixedWorkloads(text: string): Obj[] {
  const items = documentValues(text).filter((o) => KINDS.has(String(o.kind)));
  if (items.length === 0) return [];
  const out = runFilter(stringify({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items, functionConfig: FC }));
  if (out.stdout.trim() === '') return [];
  return (((parse(out.stdout) as Obj).items as Obj[] | undefined) ?? []).filter((o) => KINDS.has(String(o.kind)));
}

const healthy = (c: Container, init: boolean): ContainerStatus =>
  init && c.restartPolicy !== 'Always'
    ? { name: c.name, ready: true, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed', startedAt: at(1), finishedAt: at(2) } } }
    : { name: c.name, ready: true, started: true, restartCount: 0, state: { running: { startedAt: at(init ? 3 : 5) } } };

/** The owner as the API server returns it, and one pod its controller made, healthy. */
function live(o: Obj, n: number): LiveObject[] {
  const meta = (o.metadata ?? {}) as Obj;
  const ns = String(meta.namespace ?? 'default');
  const owner = { ...o, metadata: { ...meta, namespace: ns, uid: `owner-${n}` }, status: {} } as unknown as LiveObject;
  const t = templateOf(owner);
  if (!t?.spec) return [owner];
  const spec = t.spec as { containers?: Container[]; initContainers?: Container[] };
  const hash = 'abc123';
  const ref =
    o.kind === 'Deployment'
      ? { kind: 'ReplicaSet', name: `${String(meta.name)}-${hash}`, uid: `rs-${n}`, controller: true }
      : o.kind === 'CronJob'
        ? { kind: 'Job', name: `${String(meta.name)}-29000000`, uid: `job-${n}`, controller: true }
        : { kind: String(o.kind), name: String(meta.name), uid: `owner-${n}`, controller: true };
  const pod: LiveObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      ...((t.metadata as Obj | undefined) ?? {}),
      name: `${String(meta.name)}-${n}`,
      namespace: ns,
      labels: { ...(((t.metadata as Obj | undefined)?.labels as Obj) ?? {}), 'pod-template-hash': hash },
      ownerReferences: [ref],
    },
    spec: { ...spec, nodeName: 'node-1' } as Obj,
    status: {
      phase: 'Running',
      startTime: at(0),
      initContainerStatuses: (spec.initContainers ?? []).map((c) => healthy(c, true)),
      containerStatuses: (spec.containers ?? []).map((c) => healthy(c, false)),
    },
  };
  return [owner, pod];
}

describe('audit on the corpus, fixed, with healthy status', () => {
  const files = availableCorpus(corpusEntries(), 'vendor corpus for audit');
  const cases = files.map(({ e, text }) => ({ source: cite(e), workloads: fixedWorkloads(text) })).filter((c) => c.workloads.length > 0);
  const cfg = { ...loadConfig(FC).config };

  it('has workloads to audit', () => {
    // Some corpus files are on every machine (shared/ holds them for CI); without any, nothing is tested here.
    expect(cases.length).toBeGreaterThan(files.length > 0 ? 0 : -1);
  });

  it.each(cases.map((c) => [c.source, c] as const))('%s: no finding', (_source, c) => {
    const objects = [...c.workloads.flatMap((w, i) => live(w, i)), node('node-1', 'v1.35.0')];
    const r = audit(objects, cfg, { now: T0 + 3600_000 });
    expect(r.findings.map((f) => `${f.rule} ${f.object.name}: ${f.message}`)).toEqual([]);
  });
});
