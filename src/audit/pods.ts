/**
 * Findings read from a pod's status: a Job pod held up by a sidecar that still runs, an app that
 * restarted before its sidecar was up, a native sidecar that holds the pod in Init. Each names
 * the evidence (states, times, restart counts) and the fix the engine says would prevent it.
 */
import { MESHES } from '../pod/mesh.js';
import { isNativeSidecar, type FoundSidecar } from '../pod/sidecars.js';
import type { Container } from '../workloads/workload.js';
import { defectsOf, fixedWhere } from './kubelet.js';
import type { LiveObject } from './input.js';
import { fixCommand, INSTALL_WEBHOOK, type AuditCtx, type AuditFinding } from './finding.js';
import { duration, idText, nameOf, ownershipOf, statusOf, templateOf, timeOf, type ContainerStatus, type Ownership } from './objects.js';

/** A native sidecar not started after this long (or after a restart) holds the pod in Init. */
export const INIT_STUCK_MS = 10 * 60 * 1000;

export interface PodFacts {
  pod: LiveObject;
  own: Ownership;
  sidecars: FoundSidecar[];
  spec: { containers?: Container[]; initContainers?: Container[]; restartPolicy?: string; nodeName?: string };
}

const statusByName = (list: ContainerStatus[] | undefined) => new Map((list ?? []).map((s) => [s.name, s]));

/** The pod's facts, built only for pods whose status could show a finding (most pods: none). */
export function podFacts(ctx: AuditCtx, pod: LiveObject): PodFacts | undefined {
  const read = ctx.engine.sidecarsOf(pod);
  if (!read) return undefined;
  return { pod, own: ownershipOf(ctx.dump, pod), sidecars: read.sidecars, spec: pod.spec as PodFacts['spec'] };
}

/** Whether the status shows anything these checks read: a terminated container, a restart, a pod in Init. */
export function worthReading(pod: LiveObject): boolean {
  const s = statusOf(pod);
  if (s.phase === 'Succeeded' || s.phase === 'Failed') return false;
  for (const c of s.containerStatuses ?? []) if (c.state?.terminated || (c.restartCount ?? 0) > 0) return true;
  if (s.phase === 'Pending') return (s.initContainerStatuses ?? []).some((c) => c.state?.running || c.state?.terminated || (c.restartCount ?? 0) > 0);
  return false;
}

/** job-sidecar-blocks-completion: every app container of a Job-like pod ended, a classic sidecar still runs. */
export function stuckJobPod(ctx: AuditCtx, f: PodFacts): AuditFinding | undefined {
  const policy = f.spec.restartPolicy;
  if (policy !== 'Never' && policy !== 'OnFailure') return undefined;
  const status = statusOf(f.pod);
  if (status.phase !== 'Running') return undefined;
  const classic = new Set(f.sidecars.filter((s) => !s.native).map((s) => s.name));
  if (classic.size === 0) return undefined;
  const byName = statusByName(status.containerStatuses);
  const apps = (f.spec.containers ?? []).filter((c) => !classic.has(c.name));
  if (apps.length === 0 || !apps.every((c) => byName.get(c.name)?.state?.terminated)) return undefined;
  const running = [...classic].filter((n) => byName.get(n)?.state?.running);
  if (running.length === 0) return undefined;
  const ended = apps.map((c) => ({ name: c.name, ...byName.get(c.name)!.state!.terminated! }));
  const last = Math.max(...ended.map((e) => timeOf(e.finishedAt) ?? 0));
  const since = last > 0 ? ctx.now - last : undefined;
  const owner = idText(f.own.top);
  const cause = causeOf(ctx, f, running[0]!);
  const codes = ended.map((e) => `${e.name} exited ${e.exitCode ?? '?'}${e.finishedAt ? ` at ${e.finishedAt}` : ''}`).join(', ');
  return {
    rule: 'job-sidecar-blocks-completion',
    severity: 'error',
    object: nameOf(f.pod),
    owner,
    container: running[0],
    message: `stuck${since !== undefined ? ` for ${duration(since)}` : ''}: the work ended but sidecar ${running.join(', ')} still runs, so ${f.own.job ? idText(f.own.job) : 'the pod'} never completes`,
    detail:
      `${codes}; ${running.map((n) => `${n} running since ${byName.get(n)!.state!.running!.startedAt ?? '?'}`).join(', ')}. ` +
      `A pod is done only when every container has exited: the Job stays active and holds its node's resources${f.own.top.kind === 'CronJob' ? ', and the CronJob may not start its next run' : ''}. ${cause.why}`,
    fix: cause.fix,
    evidence: {
      phase: status.phase,
      restartPolicy: policy,
      apps: ended,
      sidecars: running,
      ...(since !== undefined ? { stuckSeconds: Math.floor(since / 1000) } : {}),
      ...(f.own.job ? { job: idText(f.own.job) } : {}),
    },
  };
}

/**
 * What prevents it, asked of the engine: the owner's template with the sidecar in it (`fix`
 * on its manifest), the sidecar injected by a mesh the config does not name (the mesh's config
 * line, then `fix`), or nothing `fix` can do to the template (the webhook, which sees the pod).
 */
function causeOf(ctx: AuditCtx, f: PodFacts, sidecar: string): { why: string; fix: string } {
  const owner = idText(f.own.top);
  const holder = f.own.object;
  if (!holder) return { why: `The dump has no ${owner}: the webhook sequences the pods it admits.`, fix: INSTALL_WEBHOOK };
  const inTemplate = templateHas(holder, sidecar);
  const profile = f.sidecars.find((s) => s.name === sidecar)?.spec.profile;
  const mesh = !inTemplate && profile && (MESHES as readonly string[]).includes(profile) && ctx.cfg.mesh[profile] === undefined ? profile : undefined;
  const view = ctx.engine.viewOf(holder, mesh);
  const left = view.left.find((r) => r.fix);
  if (left) return { why: `pod-sequencer fix cannot sequence ${owner} yet: ${left.message}.`, fix: left.fix! };
  if (view.changes.length > 0) {
    const what = view.changes.slice(0, 2).join('; ');
    if (mesh)
      return {
        why: `${sidecar} is injected by ${mesh} at admission; with spec.mesh.${mesh} in the config, pod-sequencer fix would change ${owner}: ${what}.`,
        fix: `spec.mesh.${mesh}: {} in the config, then ${fixCommand(ctx, owner)}`,
      };
    return { why: `pod-sequencer fix would change ${owner}: ${what}.`, fix: fixCommand(ctx, owner) };
  }
  return {
    why: `${owner}'s template is already as pod-sequencer fix leaves it, so the pod was changed after it was made from it (a webhook, or a Job created before the template was fixed).`,
    fix: INSTALL_WEBHOOK,
  };
}

function templateHas(holder: LiveObject, name: string): boolean {
  const spec = templateOf(holder)?.spec as { containers?: Container[]; initContainers?: Container[] } | undefined;
  return [...(spec?.containers ?? []), ...(spec?.initContainers ?? [])].some((c) => c.name === name);
}

/**
 * start-order-race: an app container's previous run failed before its sidecar had started (or
 * while it was not ready): the app ran without the network, the proxy or the secret the sidecar
 * gives it. Equal start seconds count only where the app is listed before the sidecar.
 */
export function startRace(ctx: AuditCtx, f: PodFacts): AuditFinding | undefined {
  if (f.sidecars.length === 0) return undefined;
  const status = statusOf(f.pod);
  const byName = statusByName(status.containerStatuses);
  const init = statusByName(status.initContainerStatuses);
  const order = (f.spec.containers ?? []).map((c) => c.name);
  const names = new Set(f.sidecars.map((s) => s.name));
  for (const c of f.spec.containers ?? []) {
    if (names.has(c.name)) continue;
    const app = byName.get(c.name);
    const prev = app?.lastState?.terminated;
    if (!app || (app.restartCount ?? 0) === 0 || !prev || prev.exitCode === 0) continue;
    const appStart = timeOf(prev.startedAt);
    const appEnd = timeOf(prev.finishedAt);
    for (const s of f.sidecars) {
      const st = (s.native ? init : byName).get(s.name);
      const sideStart = timeOf(st?.state?.running?.startedAt);
      if (!st || sideStart === undefined) continue;
      const before = appStart !== undefined && (appStart < sideStart || (appStart === sideStart && !s.native && order.indexOf(c.name) < order.indexOf(s.name)));
      const unready = st.ready === false && appEnd !== undefined && appEnd >= sideStart;
      if (!before && !unready) continue;
      const owner = idText(f.own.top);
      const view = f.own.object ? ctx.engine.viewOf(f.own.object) : undefined;
      const fix = view && view.changes.length > 0 ? fixCommand(ctx, owner) : INSTALL_WEBHOOK;
      const when = before
        ? `started at ${prev.startedAt}, before ${s.name} started (${st.state!.running!.startedAt})`
        : `failed at ${prev.finishedAt} while ${s.name} was not ready`;
      return {
        rule: 'start-order-race',
        severity: 'warning',
        object: nameOf(f.pod),
        owner,
        container: c.name,
        message: `${c.name} restarted ${app.restartCount} time(s): its run that ${before ? 'failed began before' : 'failed ended while'} sidecar ${s.name} was ${before ? 'started' : 'ready'}`,
        detail:
          `${c.name}'s previous run ${when} and exited ${prev.exitCode}${prev.reason ? ` (${prev.reason})` : ''}; restarts: ${app.restartCount}. ` +
          `Nothing held ${c.name} until ${s.name} was ready. ${view && view.changes.length > 0 ? `pod-sequencer fix would change ${owner}: ${view.changes[0]}.` : `${owner}'s template is as pod-sequencer leaves it: the sidecar was added or moved at admission, which the webhook sequences.`}`,
        fix,
        evidence: {
          app: c.name,
          restartCount: app.restartCount,
          lastState: prev,
          sidecar: s.name,
          sidecarStartedAt: st.state!.running!.startedAt,
          sidecarReady: st.ready,
        },
      };
    }
  }
  return undefined;
}

/**
 * native-sidecar-stuck-init: the pod is Pending, a native sidecar has not passed its startup
 * (started: false) after restarting or for INIT_STUCK_MS, and the app containers wait for it.
 * On a kubelet with kubernetes/kubernetes#132826 the finding says so: the fix is the upgrade.
 */
export function stuckInInit(ctx: AuditCtx, f: PodFacts): AuditFinding | undefined {
  const status = statusOf(f.pod);
  if (status.phase !== 'Pending') return undefined;
  const init = statusByName(status.initContainerStatuses);
  const started = timeOf(status.startTime);
  const pending = started !== undefined ? ctx.now - started : undefined;
  // Every restartable init container is a native sidecar to the kubelet, known profile or not.
  for (const c of f.spec.initContainers ?? []) {
    if (!isNativeSidecar(c)) continue;
    const s = { name: c.name };
    const st = init.get(s.name);
    if (!st || st.started === true) continue;
    const restarts = st.restartCount ?? 0;
    if (restarts === 0 && (pending === undefined || pending < INIT_STUCK_MS)) continue;
    const node = f.spec.nodeName ? ctx.dump.nodes.get(f.spec.nodeName) : undefined;
    const kubelet = (node?.status as { nodeInfo?: { kubeletVersion?: string } } | undefined)?.nodeInfo?.kubeletVersion;
    const hit =
      kubelet && f.spec.restartPolicy === 'Never' && c.startupProbe
        ? defectsOf(kubelet).find((d) => d.defect.trigger.nativeSidecarWithStartupProbe)
        : undefined;
    const last = st.lastState?.terminated ?? st.state?.terminated;
    const owner = idText(f.own.top);
    return {
      rule: 'native-sidecar-stuck-init',
      severity: 'error',
      object: nameOf(f.pod),
      owner,
      container: s.name,
      message: `in Init${pending !== undefined ? ` for ${duration(pending)}` : ''}: native sidecar ${s.name} never passed its startup, so the app never starts`,
      detail:
        `${s.name}: started ${st.started === false ? 'false' : 'unknown'}, ready ${String(st.ready ?? false)}, restarts ${restarts}${last ? `, last exit ${last.exitCode ?? '?'}${last.reason ? ` (${last.reason})` : ''}` : ''}; ` +
        `the app containers start only once every native sidecar before them has started (its startupProbe passed). ` +
        (hit
          ? `Node ${f.spec.nodeName} runs kubelet ${kubelet}, which has ${hit.defect.issue}: ${hit.defect.summary}.`
          : `Read why it does not start: kubectl logs -n ${nameOf(f.pod).namespace ?? 'default'} ${nameOf(f.pod).name} -c ${s.name} --previous.`),
      fix: hit
        ? `upgrade the kubelet of node ${f.spec.nodeName} to ${fixedWhere(hit.defect, hit.range)}`
        : 'activeDeadlineSeconds: 600 in the pod template (a stuck pod then fails and its controller retries it), and a startupProbe the sidecar can pass',
      evidence: {
        phase: status.phase,
        sidecar: s.name,
        started: st.started,
        ready: st.ready,
        restartCount: restarts,
        ...(last ? { last } : {}),
        ...(pending !== undefined ? { pendingSeconds: Math.floor(pending / 1000) } : {}),
        ...(hit ? { kubelet, defect: hit.defect.issue } : {}),
      },
    };
  }
  return undefined;
}
