/**
 * A run's event log as the pod's `status`, in the shape the API server returns it
 * (PodStatus: phase, containerStatuses, initContainerStatuses with state, lastState,
 * restartCount, ready, started), so audit reads pods the runner ran as it reads a cluster's.
 * The log has an order, not times: event `seq` happens `stepMs` after `t0` plus `seq` steps.
 * A pod the runner found stuck is shown as it was then, before the runner stopped it.
 */
import type { ContainerState, ContainerStatus, PodStatus } from '../../../src/audit/objects.js';
import type { PodSpec } from '../../../src/workloads/workload.js';
import type { Stamped } from './events.js';
import type { Phase } from './kubelet.js';

export interface StatusOptions {
  /** The time of the run's first event (ms). */
  t0: number;
  /** Time between two events (default one second, the resolution of the API's times). */
  stepMs?: number;
}

const PHASE: Record<Phase, string> = {
  Succeeded: 'Succeeded',
  Failed: 'Failed',
  InitFailed: 'Failed',
  // Stuck: every app exited, a sidecar runs; Restarting: the kubelet still restarts a container.
  Stuck: 'Running',
  Restarting: 'Running',
  Deleted: 'Running',
};

export function podStatusOf(pod: PodSpec, phase: Phase, events: readonly Stamped[], opts: StatusOptions): PodStatus & { startTime: string } {
  const step = opts.stepMs ?? 1000;
  const time = (seq: number) => new Date(opts.t0 + seq * step).toISOString().replace(/\.000Z$/, 'Z');
  // Up to where the pod stood when the runner judged it: its note of being stuck, or the first
  // signal of a long-running pod's deletion (what follows is the runner's teardown).
  const stuck = events.findIndex((e) => e.kind === 'note' && e.text.startsWith('stuck:'));
  const deleted = phase === 'Deleted' ? events.findIndex((e) => e.kind === 'signal') : -1;
  const end = stuck >= 0 ? stuck : deleted >= 0 ? deleted : events.length;
  const seen = events.slice(0, end);
  const probed = new Set((pod.initContainers ?? []).filter((c) => c.restartPolicy === 'Always' && c.startupProbe).map((c) => c.name));
  const status = (name: string): ContainerStatus => {
    const s: ContainerStatus = { name, ready: false, started: false, restartCount: 0, state: { waiting: { reason: 'PodInitializing' } } };
    let startedAt: string | undefined;
    for (const e of seen) {
      if (!('container' in e) || e.container !== name) continue;
      if (e.kind === 'started') {
        startedAt = time(e.seq);
        s.state = { running: { startedAt } };
        // A native sidecar with a startupProbe is "started" once the probe passed.
        s.started = !probed.has(name);
      } else if (e.kind === 'startup') s.started = true;
      // A stand-in sidecar's endpoint answers; an app's program runs (it has no readiness probe).
      else if (e.kind === 'ready' || e.kind === 'app') s.ready = true;
      else if (e.kind === 'exited') {
        s.state = { terminated: terminated(e.code, startedAt, time(e.seq)) };
        s.ready = false;
        s.started = false;
      } else if (e.kind === 'restart') {
        s.restartCount = e.restarts;
        s.lastState = s.state as ContainerState;
      }
    }
    return s;
  };
  const first = seen.find((e) => e.kind === 'started');
  return {
    phase: PHASE[phase],
    startTime: time(first?.seq ?? 0),
    initContainerStatuses: (pod.initContainers ?? []).map((c) => status(c.name)),
    containerStatuses: (pod.containers ?? []).map((c) => status(c.name)),
  };
}

function terminated(code: number, startedAt: string | undefined, finishedAt: string): NonNullable<ContainerState['terminated']> {
  return { exitCode: code, reason: code === 0 ? 'Completed' : 'Error', ...(startedAt ? { startedAt } : {}), finishedAt };
}
