/**
 * Whether a classic sidecar's postStart hook holds the containers after it until it is ready:
 * pod-sequencer's own wait (shell/commands.ts parseHook), or the vendor's wait command with
 * whatever budget it was given (`linkerd-await --timeout=2m`, or `--timeout=120s` once the postStart
 * step wrote the configured one). One reading for the postStart step, which leaves such a hook
 * be or rewrites its budget, and the sidecar-no-readiness-gate rule, which then has nothing to say.
 */
import type { SidecarSpec } from '../config/types.js';
import { profileAt } from '../profiles/index.js';
import { parseHook } from '../shell/index.js';
import type { Container } from '../workloads/workload.js';

/** The vendor's budget flag, when the spec's wait command is the profile's own. */
export function budgetFlag(spec: SidecarSpec) {
  const p = profileAt(spec.profile, spec.version);
  return spec.waitCommand && p.waitBudget && p.waitCommand && spec.waitCommand[0] === p.waitCommand[0] ? p.waitBudget : undefined;
}

/** The argv without its budget flag (`--flag=V` or `--flag V`): how a hook we wrote with another budget is recognised. */
export function withoutBudget(argv: readonly string[], spec: SidecarSpec): string[] {
  const flag = budgetFlag(spec)?.flag;
  if (!flag) return [...argv];
  return argv.filter((a, i) => a !== flag && !a.startsWith(`${flag}=`) && argv[i - 1] !== flag);
}

/** `argv` is the spec's wait command and nothing more, whatever its budget: the postStart step's own hook. */
export function isWaitCommand(argv: readonly string[], spec: SidecarSpec): boolean {
  return spec.waitCommand !== undefined && JSON.stringify(withoutBudget(argv, spec)) === JSON.stringify(withoutBudget(spec.waitCommand, spec));
}

/** The sidecar's postStart hook holds the next containers: our wait, or its wait command (with any budget, maybe more flags). */
export function postStartHolds(spec: SidecarSpec, c: Container): boolean {
  const cmd = c.lifecycle?.postStart?.exec?.command;
  if (!cmd) return false;
  const argv = withoutBudget(cmd.map(String), spec);
  const wait = spec.waitCommand && withoutBudget(spec.waitCommand, spec);
  return parseHook(cmd.map(String)) !== null || (wait !== undefined && wait.every((w, i) => argv[i] === w));
}
