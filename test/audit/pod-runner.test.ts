/**
 * @needs busybox dash
 * audit on pods the pod runner ran in kubelet order (test/helpers/pod-runner/), their status
 * taken from its event log (status.ts): a Job with a classic sidecar and no wrapper shows as
 * stuck; the same Job after `fix` completes and shows nothing.
 */
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { audit } from '../../src/audit/index.js';
import type { LiveObject } from '../../src/audit/input.js';
import { loadConfig } from '../../src/config/load.js';
import { runFilter } from '../../src/run.js';
import type { PodSpec } from '../../src/workloads/workload.js';
import { runPod, show } from '../helpers/pod-runner/index.js';
import { podStatusOf } from '../helpers/pod-runner/status.js';
import { app, istio, job, T0 } from '../helpers/live.js';

const cfg = loadConfig(undefined).config;
const classic: PodSpec = { restartPolicy: 'Never', containers: [app('export'), istio()] };
const own = { export: { args: ['/app/export'], hasCommand: true } };

/** The pod the Job's controller makes from its template, with the status the run left. */
function livePod(owner: LiveObject, spec: PodSpec, status: Record<string, unknown>): LiveObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `${String(owner.metadata.name)}-abcde`,
      namespace: 'batch',
      uid: 'pod-1',
      ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: owner.metadata.name, uid: owner.metadata.uid, controller: true }],
    },
    spec: spec as Record<string, unknown>,
    status,
  };
}

/** `fix` on the Job's manifest at `version`: the filter's output, as `pod-sequencer fix` writes it. */
function fixed(j: LiveObject, version: string): LiveObject {
  const fc = { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'x' }, spec: { kubernetesVersion: version } };
  const out = runFilter(
    stringify({
      apiVersion: 'config.kubernetes.io/v1',
      kind: 'ResourceList',
      items: [{ apiVersion: j.apiVersion, kind: j.kind, metadata: { name: j.metadata.name, namespace: 'batch' }, spec: j.spec }],
      functionConfig: fc,
    }),
  );
  const item = (parse(out.stdout) as { items: LiveObject[] }).items[0]!;
  return { ...j, spec: item.spec };
}

describe('audit on pods the runner ran', () => {
  it('a Job with a classic sidecar and no wrapper: the runner finds it stuck, audit says so from its status', async () => {
    const j = job('export', 'batch', classic);
    const run = await runPod(classic, { name: 'export-abcde', namespace: 'batch' }, { shell: 'dash', apps: own });
    expect(run.phase, run.events.map(show).join('\n')).toBe('Stuck');
    const status = podStatusOf(classic, run.phase, run.events, { t0: T0 });
    expect(status.phase).toBe('Running');
    expect(status.containerStatuses!.find((c) => c.name === 'export')!.state!.terminated!.exitCode).toBe(0);
    // As it stood when the runner judged it stuck: the proxy up, ready, never restarted.
    expect(status.containerStatuses!.find((c) => c.name === 'istio-proxy')).toMatchObject({
      ready: true,
      started: true,
      restartCount: 0,
      state: { running: {} },
    });
    const r = audit([j, livePod(j, classic, status as never)], cfg, { now: T0 + 3600_000 });
    const f = r.findings.find((x) => x.rule === 'job-sidecar-blocks-completion');
    expect(f, JSON.stringify(r.findings, null, 2)).toBeDefined();
    expect(f!.container).toBe('istio-proxy');
    expect(f!.owner).toBe('Job/batch/export');
    expect(f!.fix).toBe('pod-sequencer fix <the manifest of Job/batch/export>');
  });

  it.each(['1.28', '1.30'])('the same Job after fix (kubernetesVersion %s) completes, and audit finds nothing', async (version) => {
    const j = fixed(job('export', 'batch', classic), version);
    const spec = (j.spec as { template: { spec: PodSpec } }).template.spec;
    const run = await runPod(spec, { name: 'export-abcde', namespace: 'batch' }, { shell: 'dash', apps: own });
    expect(run.phase, run.events.map(show).join('\n')).toBe('Succeeded');
    const status = podStatusOf(spec, run.phase, run.events, { t0: T0 });
    expect(status.phase).toBe('Succeeded');
    const r = audit([j, livePod(j, spec, status as never)], { ...cfg, kubernetesVersion: version }, { now: T0 + 3600_000 });
    expect(r.findings).toEqual([]);
  });
});
