/**
 * `postStart`: the sidecar (already first) gets a blocking exec postStart hook that returns
 * only when it is ready, so the kubelet starts nothing after it until then. A hook the user
 * wrote runs after the wait, in the same hook.
 */
import { chain, parseHook, postStartWait } from '../shell/index.js';
import { profiles } from '../profiles/index.js';
import { podField, type Container, type Handler } from '../workloads/workload.js';
import type { Ctx } from '../pod/context.js';
import { addArgs, budgetedWait, readinessArgs } from './readiness.js';
import { isWaitCommand } from '../pod/gate.js';
import type { SidecarSpec } from '../config/types.js';
import { describeCheck } from '../pod/sidecars.js';
import { containerIndex, type FoundSidecar } from '../pod/sidecars.js';

export function addPostStartWaits(ctx: Ctx, sidecars: FoundSidecar[]): void {
  for (const s of sidecars) {
    const i = containerIndex(ctx.w.pod.containers, s.name);
    const c = ctx.w.pod.containers![i]!;
    addWait(ctx, s, c, podField(ctx.w, 'containers', i));
  }
}

function addWait(ctx: Ctx, s: FoundSidecar, c: Container, path: string): void {
  const { spec } = s;
  // Nothing to wait on (the Vault agent): ordering it first is all there is, and it changes
  // nothing here, so no result (a second run must be silent).
  if (!spec.waitCommand && !spec.readiness) return;
  const existing = c.lifecycle?.postStart;
  const userHook = userCommand(existing, spec);
  if (userHook === null) {
    ctx.report(
      'warning',
      {
        summary: `sidecar ${s.name} already has a non-exec postStart hook: kept, and no wait was added`,
        detail: 'Rewrite it as an exec hook to chain it after the wait.',
      },
      `${path}.lifecycle.postStart`,
    );
    return;
  }
  const command = hookCommand(ctx, s, userHook);
  addArgs(ctx, c, path, readinessArgs(spec, false), 'readiness');
  if (JSON.stringify(existing?.exec?.command) === JSON.stringify(command)) return;
  // The vendor's bare wait (an injector's `pilot-agent wait`, or ours before budgets reached it)
  // already holds the app: a valid manifest is left as it is (docs/decisions.md, "Evidence before names").
  if (spec.waitCommand && JSON.stringify(existing?.exec?.command) === JSON.stringify(spec.waitCommand)) return;
  c.lifecycle = { ...(c.lifecycle ?? {}), postStart: { exec: { command } } };
  const wait = budgetedWait(spec);
  const how = wait ? `\`${wait.join(' ')}\`` : `a loop on ${describeCheck(spec.readiness)}${noWaitCommand(spec)}`;
  ctx.report(
    'info',
    {
      summary: `${existing && userHook === undefined ? 'updated the postStart hook of' : 'added a postStart hook to'} ${s.name}, so later containers wait until it is ready`,
      detail: `The hook waits with ${how}.${userHook ? ' Your own postStart command runs after the wait.' : ''}`,
    },
    `${path}.lifecycle.postStart`,
  );
}

/** Why a profile's wait command is not used: the sidecar's release predates it (cloud-sql-proxy before 2.8.0). */
function noWaitCommand(spec: FoundSidecar['spec']): string {
  const usual = profiles[spec.profile].waitCommand;
  if (spec.waitCommand || !usual || spec.version === undefined) return '';
  return `; ${spec.profile} ${spec.version} has no \`${usual.join(' ')}\` (its image tag says so)`;
}

/** The hook's command: the wait, then the user's own hook if any. */
function hookCommand(ctx: Ctx, s: FoundSidecar, userHook: string[] | undefined): string[] {
  const { spec } = s;
  const check = { name: s.name, ...spec.readiness, timeoutSeconds: spec.timeoutSeconds, onTimeout: spec.onTimeout };
  const wait = budgetedWait(spec);
  if (wait) return userHook ? chain(wait, userHook, ctx.shell) : wait;
  return postStartWait(check, ctx.shell, userHook);
}

/**
 * The user's own postStart command, undefined when there is none (or it is only our wait),
 * null when it is a hook we cannot chain (httpGet, tcpSocket, sleep).
 */
export function userCommand(hook: Handler | undefined, spec: SidecarSpec): string[] | undefined | null {
  if (!hook) return undefined;
  const cmd = hook.exec?.command;
  if (!cmd) return null;
  // Ours: the wait command as written now, or as written before budgets reached it.
  if (isWaitCommand(cmd, spec)) return undefined;
  const ours = parseHook(cmd);
  if (ours) return ours.then;
  return cmd;
}
