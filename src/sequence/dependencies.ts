/**
 * Dependency waits (`spec.dependencies` and the `pod-sequencer.dev/dependencies` annotation): one
 * init container `seq-wait-<name>` per dependency, looping until it answers. The wait runs the
 * tools image itself (busybox in inject mode, the user's tools image in image mode), so it needs
 * no `seq-tools` copy.
 *
 * Every init container named `seq-wait-*` is ours: rewritten to match the config on each run and
 * removed when its dependency is gone. Other init containers are never touched.
 */
import type { Config, Dependency } from '../config/types.js';
import { deepEqual } from '../yaml/sync.js';
import { profileNames, profiles } from '../profiles/index.js';
import { dependencyWait, type DependencyWait, type ShellEnv } from '../shell/index.js';
import { matchGlob } from '../workloads/glob.js';
import { podField, type Container, type PodSpec } from '../workloads/workload.js';
import { TOOLS_DIR, type Ctx } from '../pod/context.js';
import { classicCaptors, describeTarget, isWaitContainer, WAIT_PREFIX, type Captor } from '../pod/dependencies.js';
import { isNativeSidecar } from '../pod/sidecars.js';
import { restrictedSecurityContext, TOOLS_CONTAINER } from './tools.js';

/** The UID that lets wait traffic past the one classic capturing proxy; none with zero, or two that disagree. */
function workaround(ctx: Ctx): Captor | undefined {
  const captors = classicCaptors(ctx);
  return captors.length > 0 && captors.every((c) => c.uid === captors[0]!.uid) ? captors[0] : undefined;
}

/** Where the waits' loop finds its tools: the tools image's own busybox, or its sh + curl/wget. */
function waitEnv(cfg: Config): ShellEnv {
  return cfg.tools.delivery === 'inject' ? { delivery: 'inject', toolsDir: '/bin' } : { delivery: 'image', toolsDir: TOOLS_DIR };
}

export function waitContainer(cfg: Config, dep: Dependency, uid?: number): Container {
  const wait: DependencyWait = {
    name: dep.name,
    http: dep.http,
    tcp: dep.tcp,
    dns: dep.dns,
    timeoutSeconds: dep.timeoutSeconds,
    periodSeconds: dep.periodSeconds,
  };
  return {
    name: WAIT_PREFIX + dep.name,
    image: cfg.tools.image,
    command: dependencyWait(wait, waitEnv(cfg)),
    resources: structuredClone(cfg.tools.resources),
    securityContext: restrictedSecurityContext(uid),
  };
}

/** Init containers a profile needs first (istio-init, linkerd-init, vault-agent-init, ...). */
const meshSetup = profileNames.flatMap((p) => profiles[p].initAfter);

/**
 * Waits go after the init containers they may need (seq-tools, mesh setup, and every native
 * sidecar, which may carry their traffic) and before all the others, which may need the
 * dependencies too (a migration needs its database).
 */
function insertionIndex(init: Container[]): number {
  let at = 0;
  init.forEach((c, i) => {
    if (c.name === TOOLS_CONTAINER || isNativeSidecar(c) || meshSetup.some((g) => matchGlob(g, c.name))) at = i + 1;
  });
  return at;
}

/** The dependency step of sequenceWorkload: runs after the sidecar strategies, so native sidecars are in place. */
export function awaitDependencies(ctx: Ctx, all: Dependency[]): void {
  const pod: PodSpec = ctx.w.pod;
  const deps = all.filter((d) => nameFree(ctx, d));
  const before = pod.initContainers ?? [];
  const uid = deps.length > 0 ? workaround(ctx) : undefined; // only waits run as its UID
  const others = before.filter((c) => !isWaitContainer(c));
  const at = insertionIndex(others);
  // An unchanged wait keeps its object (and so its key order in the file).
  const wanted = deps.map((d) => {
    const fresh = waitContainer(ctx.cfg, d, uid?.uid);
    const old = before.find((c) => c.name === fresh.name);
    return old && deepEqual(old, fresh) ? old : fresh;
  });
  const after = [...others.slice(0, at), ...wanted, ...others.slice(at)];
  if (deepEqual(before, after)) return;
  if (after.length > 0) pod.initContainers = after;
  else delete pod.initContainers;
  report(ctx, deps, before, after, uid);
}

/**
 * A wait's name must be free among the app containers: container names are unique across the
 * pod (kubernetes/kubernetes pkg/apis/core/validation/validation.go, validateInitContainers:
 * "Duplicate value"). A clash is an error and that dependency gets no wait.
 */
function nameFree(ctx: Ctx, d: Dependency): boolean {
  const name = WAIT_PREFIX + d.name;
  const i = (ctx.w.pod.containers ?? []).findIndex((c) => c.name === name);
  if (i < 0) return true;
  ctx.report(
    'error',
    {
      summary: `no wait for ${d.name}: container ${name} already exists, and names are unique across a pod`,
      detail: `pod-sequencer names the wait for dependency ${d.name} ${name}. Rename that container, or give the dependency another name.`,
    },
    podField(ctx.w, 'containers', i),
  );
  return false;
}

function report(ctx: Ctx, deps: Dependency[], before: Container[], after: Container[], uid: Captor | undefined): void {
  const field = (c: Container) => podField(ctx.w, 'initContainers', after.indexOf(c));
  const asUid = uid ? ` It runs as UID ${uid.uid}, ${uid.container}'s, whose traffic the mesh lets through before the proxy is up: ${uid.why}.` : '';
  for (const d of deps) {
    const c = after.find((x) => x.name === WAIT_PREFIX + d.name)!;
    const old = before.find((x) => x.name === c.name);
    if (old === c) continue;
    const detail = `It checks ${describeTarget(d)} every ${d.periodSeconds}s, ${d.timeoutSeconds === 0 ? 'forever' : `up to ${d.timeoutSeconds}s`}.${asUid}`;
    ctx.report('info', { summary: `${old ? 'updated' : 'added'} init container ${c.name}, so the app waits for ${d.name}`, detail }, field(c));
  }
  for (const old of before) {
    if (isWaitContainer(old) && !after.some((c) => c.name === old.name)) {
      ctx.report(
        'info',
        {
          summary: `removed init container ${old.name}: its dependency is gone`,
          detail: `No dependency of this workload is named ${old.name.slice(WAIT_PREFIX.length)} any more.`,
        },
        podField(ctx.w, 'initContainers'),
      );
    }
  }
  // Waits that stayed but changed places: a native sidecar or mesh setup now runs first, or the order changed.
  const kept = (list: Container[]) =>
    list
      .filter((c) => before.some((b) => b.name === c.name) && after.some((a) => a.name === c.name))
      .map((c) => c.name)
      .join();
  const first = after.find(isWaitContainer);
  if (first && kept(before) !== kept(after)) {
    const prev = after[after.indexOf(first) - 1]?.name;
    ctx.report(
      'info',
      `moved the dependency waits ${prev ? `after ${prev}` : 'to the start'}: they run after native sidecars and mesh setup, in configured order, before other init containers`,
      field(first),
    );
  }
}
