/**
 * `tools.delivery: inject`: generated scripts that run inside images we do not control use a
 * static busybox copied into a shared emptyDir by the `seq-tools` init container. This pass
 * runs last: it adds the copy where some container now calls into /.seq, and removes it (with
 * its volume and mounts) where nothing does any more. Where wrapped containers run the shared
 * wrapper (wrap.ts), `seq-tools` also writes that one script, made for what they all need, so the
 * manifest carries it once per pod instead of once per container.
 */
import type { Config } from '../config/types.js';
import { parseToolsInstall, parseWrapper, SHARED_WRAPPER, sharedWrapper, toolsInstall, wrapperCommand, type WrapperSpec } from '../shell/index.js';
import { podField, type Container, type PodSpec } from '../workloads/workload.js';
import { deepEqual } from '../yaml/sync.js';
import { TOOLS_CONTAINER, TOOLS_DIR, type Ctx } from '../pod/context.js';
export { TOOLS_CONTAINER };

export const TOOLS_VOLUME = 'seq-tools';

export function syncTools(ctx: Ctx): void {
  const pod = ctx.w.pod;
  const all = allContainers(pod);
  const users = all.filter((c) => c.name !== TOOLS_CONTAINER && callsTools(c));
  const existing = (pod.initContainers ?? []).find((c) => c.name === TOOLS_CONTAINER);
  const present = existing !== undefined;
  if (users.length === 0 && !present && !all.some(hasToolsMount)) return; // most pods: nothing of ours
  if (users.length > 0 && existing && !isOurs(existing)) {
    // The user's own container by that name: never replaced silently (issue 20).
    ctx.report(
      'error',
      {
        summary: `init container ${TOOLS_CONTAINER} is not pod-sequencer's: this workload is left unchanged`,
        detail: `It runs ${JSON.stringify(existing.command ?? existing.image ?? null)}, but tools.delivery inject needs that name for its busybox copy; rename it.`,
      },
      podField(ctx.w, 'initContainers', pod.initContainers!.indexOf(existing)),
    );
    return;
  }
  // Changes to mounts, the volume and wrapper commands that the init container's own message
  // below does not already tell (every change is reported: docs/decisions.md).
  const untold: string[] = [];
  for (const c of all) {
    if (c.name === TOOLS_CONTAINER) continue;
    if (users.includes(c)) {
      if (addMount(c) && present) untold.push(`mounted ${TOOLS_DIR} in ${c.name}`);
    } else if (hasToolsMount(c)) {
      removeMount(c);
      if (users.length > 0 || !present) untold.push(`removed the ${TOOLS_DIR} mount from ${c.name}, which no longer calls the tools`);
    }
  }
  if (users.length > 0) {
    const shared = shareWrappers(users, untold);
    const tools = toolsContainer(ctx.cfg, shared);
    const initContainers = [tools, ...(pod.initContainers ?? []).filter((c) => c.name !== TOOLS_CONTAINER)];
    const updated = present && !deepEqual(pod.initContainers, initContainers);
    pod.initContainers = initContainers;
    if (!(pod.volumes ?? []).some((v) => v.name === TOOLS_VOLUME)) {
      pod.volumes = [...(pod.volumes ?? []), { name: TOOLS_VOLUME, emptyDir: {} }];
      if (present) untold.push(`added the volume ${TOOLS_VOLUME} it mounts`);
    }
    if (!present) {
      ctx.report(
        'info',
        {
          summary: `added init container ${TOOLS_CONTAINER}, which copies the tools the waits and wrappers run`,
          detail: `It copies a static busybox to ${TOOLS_DIR} for the wait scripts of ${users.map((c) => c.name).join(', ')}${shared ? `, and writes the wrapper script to ${TOOLS_DIR}/${SHARED_WRAPPER}` : ''}.`,
        },
        podField(ctx.w, 'initContainers', 0),
      );
    } else if (updated) {
      ctx.report(
        'info',
        `updated init container ${TOOLS_CONTAINER}: the configured tools image and resources, and the shared wrapper its containers need`,
        podField(ctx.w, 'initContainers', 0),
      );
    }
  } else if (present) {
    pod.initContainers = pod.initContainers!.filter((c) => c.name !== TOOLS_CONTAINER);
    if (pod.initContainers.length === 0) delete pod.initContainers;
    pod.volumes = (pod.volumes ?? []).filter((v) => v.name !== TOOLS_VOLUME);
    if (pod.volumes.length === 0) delete pod.volumes;
    ctx.report('info', `removed init container ${TOOLS_CONTAINER}: no container needs the injected tools any more`, podField(ctx.w, 'initContainers'));
  }
  if (untold.length > 0) ctx.report('info', `${TOOLS_CONTAINER} wiring: ${untold.join('; ')}`, podField(ctx.w, 'containers'));
}

/**
 * The shared wrapper for these containers' wrappers in the shared form (undefined if none has
 * one); a wrapper of the other mode is written inline, and said in `untold`.
 */
function shareWrappers(users: Container[], untold: string[]): string | undefined {
  const specs: WrapperSpec[] = [];
  for (const c of users) {
    const w = parseWrapper((c.command ?? []).map(String));
    if (!w?.shared) continue;
    // One run gives every app of a pod the same wrapper mode; one of another mode (left from an
    // earlier run) keeps its script inline rather than share one made for the other mode.
    if (specs.length && w.spec.mode !== specs[0]!.mode) {
      c.command = wrapperCommand(w.spec, w.env, 'inline');
      untold.push(`wrote ${c.name}'s ${w.spec.mode} wrapper inline (the shared one is for ${specs[0]!.mode} wrappers)`);
    } else specs.push(w.spec);
  }
  return specs.length ? sharedWrapper(specs) : undefined;
}

/** `shared`: the shared wrapper's text, which the container then writes next to the busybox. */
export function toolsContainer(cfg: Config, shared?: string): Container {
  return {
    name: TOOLS_CONTAINER,
    image: cfg.tools.image,
    command: shared ? toolsInstall('/bin/busybox', TOOLS_DIR, shared) : ['/bin/busybox', 'cp', '/bin/busybox', `${TOOLS_DIR}/busybox`],
    resources: cfg.tools.resources,
    securityContext: restrictedSecurityContext(),
    volumeMounts: [{ name: TOOLS_VOLUME, mountPath: TOOLS_DIR }],
  };
}

/** Pod Security "restricted", as docs/jobs.md ("Tools delivery") promises for every container we add. */
export function restrictedSecurityContext(uid = 65534): Record<string, unknown> {
  return {
    runAsNonRoot: true,
    runAsUser: uid,
    runAsGroup: uid,
    allowPrivilegeEscalation: false,
    readOnlyRootFilesystem: true,
    capabilities: { drop: ['ALL'] },
    seccompProfile: { type: 'RuntimeDefault' },
  };
}

/** Our tools copy: a busybox `cp` of itself into the tools directory, or toolsInstall (any image, any resources). */
function isOurs(c: Container): boolean {
  const cmd = (c.command ?? []).map(String);
  if (parseToolsInstall(cmd)?.toolsDir === TOOLS_DIR) return true;
  return cmd.length === 4 && cmd[0]!.endsWith('busybox') && cmd[1] === 'cp' && cmd[3] === `${TOOLS_DIR}/busybox`;
}

function allContainers(pod: PodSpec): Container[] {
  return [...(pod.initContainers ?? []), ...(pod.containers ?? [])];
}

function callsTools(c: Container): boolean {
  const prefix = `${TOOLS_DIR}/`;
  const uses = (cmd: string[] | undefined) => typeof cmd?.[0] === 'string' && cmd[0].startsWith(prefix);
  return uses(c.command) || uses(c.lifecycle?.postStart?.exec?.command) || uses(c.lifecycle?.preStop?.exec?.command);
}

/** Whether it added the mount. */
function addMount(c: Container): boolean {
  if ((c.volumeMounts ?? []).some((m) => m.name === TOOLS_VOLUME)) return false;
  c.volumeMounts = [...(c.volumeMounts ?? []), { name: TOOLS_VOLUME, mountPath: TOOLS_DIR, readOnly: true }];
  return true;
}

/** Our mount: the tools volume at the tools directory (a mount of the user's own volume by that name elsewhere stays). */
function hasToolsMount(c: Container): boolean {
  return (c.volumeMounts ?? []).some(isToolsMount);
}

const isToolsMount = (m: { name: string; mountPath: string }) => m.name === TOOLS_VOLUME && m.mountPath === TOOLS_DIR;

function removeMount(c: Container): void {
  c.volumeMounts = c.volumeMounts!.filter((m) => !isToolsMount(m));
  if (c.volumeMounts.length === 0) delete c.volumeMounts;
}
