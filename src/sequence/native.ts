/**
 * `native`: the sidecar becomes an init container with `restartPolicy: Always` (KEP-753) and a
 * startupProbe built from its readiness check, because only a startupProbe (or postStart)
 * holds the next container; a readinessProbe gates nothing. Wait hooks we added are removed.
 */
import { versionAssumed } from '../config/types.js';
import { profiles } from '../profiles/index.js';
import { matchGlob } from '../workloads/glob.js';
import { podField, type Container } from '../workloads/workload.js';
import { kubernetesText, restsOnAssumedVersion, type Ctx } from '../pod/context.js';
import { userCommand } from './post-start.js';
import { addArgs, budgetedWait, readinessArgs, startupProbe } from './readiness.js';
import { PROBE_WORKER_BUG, startupProbeMayHang } from '../pod/kubelet-bugs.js';
import { describeCheck } from '../pod/sidecars.js';
import { isWaitCommand } from '../pod/gate.js';
import { refuses } from '../pod/refused.js';
import { isNativeSidecar, type FoundSidecar } from '../pod/sidecars.js';
import { TOOLS_CONTAINER } from './tools.js';
import { probeBlocked } from '../pod/ports.js';
import { upperFirst } from '../yaml/text.js';

export function makeNative(ctx: Ctx, sidecars: FoundSidecar[]): void {
  for (const s of sidecars) {
    const wasNative = s.native;
    const c = wasNative ? ctx.w.pod.initContainers!.find((x) => x.name === s.name)! : promote(ctx, s);
    // A native sidecar where the kind admits no probe on an init container (Knative) is the
    // input's own layout: no probe, hook or flag is added to it.
    if (wasNative && (alreadyGated(c) || refuses(ctx.w.site, 'initProbes'))) continue;
    const i = ctx.w.pod.initContainers!.indexOf(c);
    const path = podField(ctx.w, 'initContainers', i);
    if (!wasNative) dropCarriedProbe(ctx, s, c, path);
    gate(ctx, s, c, path);
  }
}

/** Moves a classic sidecar into initContainers, after the init containers it needs. */
function promote(ctx: Ctx, s: FoundSidecar): Container {
  const pod = ctx.w.pod;
  const c = pod.containers!.find((x) => x.name === s.name)!;
  pod.containers = pod.containers!.filter((x) => x !== c);
  const init = setupFirst(ctx, pod.initContainers ?? []);
  const at = insertionIndex(init, SETUP_CONTAINERS);
  const native: Container = { ...c, restartPolicy: 'Always' };
  pod.initContainers = [...init.slice(0, at), native, ...init.slice(at)];
  s.native = true;
  if (s.spec.strategy === 'auto') restsOnAssumedVersion(ctx); // made native by the (assumed) release alone
  // An explicit strategy native needs no release to explain it; an assumed one is said as such.
  const byVersion = ctx.cfg.kubernetesVersion !== undefined && (s.spec.strategy === 'auto' || !versionAssumed(ctx.cfg));
  const why = byVersion ? `${kubernetesText(ctx.cfg)} runs native sidecars` : 'strategy native';
  ctx.report(
    'info',
    { summary: `made ${s.name} a native sidecar (initContainers, restartPolicy: Always)`, detail: `${upperFirst(why)}.` },
    podField(ctx.w, 'initContainers', at),
  );
  return native;
}

/**
 * Every profile's setup init containers (istio-init, linkerd-init, ...): they configure the
 * pod's network, so any native sidecar (a DB proxy too, whose traffic the mesh captures) goes
 * after them.
 */
const SETUP_CONTAINERS = Object.values(profiles).flatMap((p) => p.initAfter);

/**
 * The mesh's setup init containers, our tools copy and native sidecars go before the other init
 * containers, keeping their order: a classic injection may have put `istio-init` last (user init
 * containers then ran outside the mesh); with a native proxy, the vendors' own layout is setup,
 * proxy, then the rest (Istio's native injection writes `istio-init`, `istio-proxy`, then the
 * pod's own), so the pod's init containers get the network the proxy carries.
 */
function setupFirst(ctx: Ctx, init: Container[]): Container[] {
  const isFront = (c: Container) => c.name === TOOLS_CONTAINER || isNativeSidecar(c) || SETUP_CONTAINERS.some((g) => matchGlob(g, c.name));
  const front = init.filter(isFront);
  const moved = front.filter((c, i) => init.indexOf(c) !== i);
  if (moved.length === 0) return init;
  ctx.report(
    'info',
    `moved init container${moved.length > 1 ? 's' : ''} ${moved.map((c) => c.name).join(', ')} before the pod's own: with a native sidecar, the mesh's setup and the sidecar run first, as the vendor's native layout has them`,
    podField(ctx.w, 'initContainers'),
  );
  return [...front, ...init.filter((c) => !isFront(c))];
}

/**
 * After the setup init containers and our tools copy, and after native sidecars already there
 * (so several keep their order); before everything else, since any other init container may
 * need the network the sidecar carries.
 */
function insertionIndex(init: Container[], after: readonly string[]): number {
  let at = 0;
  init.forEach((c, i) => {
    if (c.name === TOOLS_CONTAINER || isNativeSidecar(c) || after.some((g) => matchGlob(g, c.name))) at = i + 1;
  });
  return at;
}

/**
 * A native sidecar that came with its own startupProbe or postStart hook (an injector's layout:
 * Istio's startupProbe, Linkerd's `linkerd-await` hook; or ours, from hookGate) already holds
 * the pod: it is left as it is.
 */
function alreadyGated(c: Container): boolean {
  return c.startupProbe !== undefined || c.lifecycle?.postStart !== undefined;
}

/**
 * A classic sidecar's startupProbe (Istio injects one on its classic proxy) holds nothing but
 * its own probes; made native, it holds the pod, and where the kubelet may lose its probe worker
 * (src/pod/kubelet-bugs.ts) it may leave the pod in Init for good. There the vendor's wait
 * command in a postStart hook (Istio's own classic hold) takes its place, as for a probe we
 * would write; the sidecar's readiness and liveness probes stay. Kept where no hook can hold
 * the pod (no wait command, or a postStart of the user's).
 */
function dropCarriedProbe(ctx: Ctx, s: FoundSidecar, c: Container, path: string): void {
  if (!c.startupProbe || !s.spec.readiness || !startupProbeMayHang(ctx.cfg, ctx.w)) return;
  const hook = c.lifecycle?.postStart;
  if (!budgetedWait(s.spec) || (hook && !isWaitCommand(hook.exec?.command?.map(String) ?? [], s.spec))) return;
  delete c.startupProbe;
  ctx.report(
    'info',
    {
      summary: `removed ${s.name}'s startupProbe: a native sidecar's startupProbe may leave this restartPolicy: Never pod in Init`,
      detail: `As a classic container its probe held nothing; native, it holds the pod, and on Kubernetes ${ctx.cfg.kubernetesVersion} the kubelet may stop probing a sidecar that exits early (${PROBE_WORKER_BUG.issue}). Its wait command holds the pod instead.`,
    },
    `${path}.startupProbe`,
  );
}

function gate(ctx: Ctx, s: FoundSidecar, c: Container, path: string): void {
  const { spec } = s;
  const blocked = probeBlocked(spec, c);
  // Already native in the input where no probe reaches it (a classic one stays classic,
  // src/sequence/index.ts): a startupProbe would never pass; sidecar-no-readiness-gate says why.
  if (!c.startupProbe && spec.readiness && !blocked && startupProbeMayHang(ctx.cfg, ctx.w) && hookGate(ctx, s, c, path)) {
    addArgs(ctx, c, path, readinessArgs(spec, false), 'readiness');
    return;
  }
  if (!c.startupProbe && spec.readiness && !blocked) {
    c.startupProbe = startupProbe(spec.readiness, spec.timeoutSeconds);
    ctx.report(
      'info',
      {
        summary: `added a startupProbe to ${s.name}, so the pod's next containers wait until it is ready`,
        detail: `It checks ${describeCheck(spec.readiness)}, up to ${spec.timeoutSeconds}s.`,
      },
      `${path}.startupProbe`,
    );
  }
  if (spec.readiness || c.startupProbe) dropWaitHook(ctx, s, c, path);
  addArgs(ctx, c, path, readinessArgs(spec, !blocked), blocked ? 'readiness' : 'probe');
}

/**
 * Where a startupProbe may leave the pod in Init for good (src/pod/kubelet-bugs.ts), the
 * vendor's own wait command in a postStart hook holds the next containers just as well: the
 * kubelet starts the next init container only once a restartable one's postStart has returned
 * (KEP-753), and no probe worker is involved. Only with such a command (no shell in the image is
 * needed) and no postStart of the user's; false leaves the probe to the caller.
 */
function hookGate(ctx: Ctx, s: FoundSidecar, c: Container, path: string): boolean {
  const wait = budgetedWait(s.spec);
  const existing = c.lifecycle?.postStart?.exec?.command;
  if (!wait) return false;
  // Ours from a classic run, or the vendor's bare wait (Istio's classic hold): it holds already.
  if (existing && isWaitCommand(existing.map(String), s.spec)) return true;
  if (c.lifecycle?.postStart) return false;
  c.lifecycle = { ...(c.lifecycle ?? {}), postStart: { exec: { command: wait } } };
  ctx.report(
    'info',
    {
      summary: `added a postStart hook to ${s.name}, so the pod's next containers wait until it is ready`,
      detail:
        `The hook runs \`${wait.join(' ')}\`. A startupProbe would do the same, but in a restartPolicy: Never pod on Kubernetes ${ctx.cfg.kubernetesVersion} ` +
        `the kubelet may stop probing a sidecar that exits early, and the pod would stay in Init (${PROBE_WORKER_BUG.issue}).`,
    },
    `${path}.lifecycle.postStart`,
  );
  return true;
}

/** The startupProbe holds the pod now: a postStart wait we added is redundant. */
function dropWaitHook(ctx: Ctx, s: FoundSidecar, c: Container, path: string): void {
  const hook = c.lifecycle?.postStart;
  if (!hook?.exec?.command) return;
  const user = userCommand(hook, s.spec);
  if (user && user === hook.exec.command) return; // the user's own hook, not ours
  const lifecycle = { ...c.lifecycle };
  if (user) lifecycle.postStart = { exec: { command: user } };
  else delete lifecycle.postStart;
  if (Object.keys(lifecycle).length > 0) c.lifecycle = lifecycle;
  else delete c.lifecycle;
  ctx.report('info', `removed the postStart wait hook from ${s.name}: its startupProbe now holds the app`, `${path}.lifecycle.postStart`);
}
