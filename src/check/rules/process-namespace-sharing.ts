import { argvOf, hookArgvs, showArgv, type Word } from '../../pod/commands.js';
import { podField, type Container } from '../../workloads/workload.js';
import type { Ctx } from '../../pod/context.js';
import { parseWrapper } from '../../shell/index.js';
import type { Rule } from '../rule.js';

/** `pkill NAME`, `killall NAME`, or `kill ... $(pidof NAME)` / `` `pgrep NAME` ``, in an argv or a script. */
const KILL_BY_NAME = /(?:^|[\s;&|(`])(?:(?:\/usr)?\/bin\/)?(?:pkill|killall)\s|(?:^|[\s;&|(`])kill\s[^;&|\n]*(?:\$\(|`)\s*(?:pidof|pgrep)\s/;

function killCommand(c: Container): Word[] | undefined {
  return [argvOf(c), ...hookArgvs(c)].find((argv) => KILL_BY_NAME.test(argv.map((w) => w.text).join(' ')));
}

function ptrace(c: Container): boolean {
  const add = (c.securityContext?.capabilities as { add?: unknown } | undefined)?.add;
  return Array.isArray(add) && add.some((a) => /^(CAP_)?SYS_PTRACE$/i.test(String(a)));
}

/**
 * Also fires for pod-sequencer's own signal shutdown (a Job wrapper with kill records in a pod
 * that shares its process namespace), so `check` on a fixed manifest still warns.
 *
 * Fires when a container's command, args or lifecycle exec hook kills a process by name
 * (`pkill`, `killall`, or `kill` of `$(pidof|pgrep NAME)`) and it can reach other containers'
 * processes: the pod sets `shareProcessNamespace: true` or `hostPID: true`, or that container
 * adds the `SYS_PTRACE` capability. Sharing or ptrace alone (debugging) is not flagged.
 */
export const processNamespaceSharing: Rule = {
  id: 'process-namespace-sharing',
  severity: 'warning',
  needs: ['command', 'hook'],
  summary:
    'a container kills a process by name (`pkill`/`killall NAME`, `kill $(pidof|pgrep NAME)`) in its command, args or lifecycle hook while the pod sets `shareProcessNamespace: true` (or `hostPID`) or the container adds `SYS_PTRACE`',
  check(ctx, report) {
    const pod = ctx.w.pod;
    const shared = pod.shareProcessNamespace === true ? 'shareProcessNamespace: true' : pod.hostPID === true ? 'hostPID: true' : undefined;
    const check = (list: 'initContainers' | 'containers') =>
      (pod[list] ?? []).forEach((c, i) => {
        if (!shared && !ptrace(c)) return; // checked first: reading the commands costs more
        const cmd = killCommand(c);
        if (!cmd) return;
        const how = [shared, ptrace(c) ? 'the SYS_PTRACE capability' : undefined].filter(Boolean).join(' and ');
        const at = cmd.find((w) => /\b(pkill|killall|kill)\b/.test(w.text)) ?? cmd[0]!;
        report(
          {
            summary: `${c.name} kills another container's process, which exposes every container's secrets`,
            detail:
              `Its command (\`${showArgv(cmd)}\`) does it through ${how}: every container then sees every process and its environment, secrets included` +
              (ptrace(c) ? '; SYS_PTRACE is not allowed by Pod Security "baseline", and killing does not need it (the same UID or CAP_KILL does)' : '') +
              ". End the sidecar through its shutdown endpoint instead (pod-sequencer's Job wrapper does: jobs.terminateSidecars), or make it a native sidecar.",
          },
          `${podField(ctx.w, list, i)}.${at.field}`,
        );
      });
    check('initContainers');
    check('containers');
    if (pod.shareProcessNamespace === true) reportSignalWrappers(ctx, report);
  },
};

/** pod-sequencer's own opt-in `shutdown.signal`: a Job wrapper that signals a sidecar by name. */
function reportSignalWrappers(ctx: Ctx, report: Parameters<Rule['check']>[1]): void {
  (ctx.w.pod.containers ?? []).forEach((c, i) => {
    for (const k of parseWrapper((c.command ?? []).map(String))?.spec.kill ?? []) {
      report(
        {
          summary: `${k.name} is ended by signal, which needs shareProcessNamespace: every process's secrets are shared`,
          detail:
            `shutdown.signal: ${k.process} lets every container see every process and its environment, secrets included. ` +
            `The signal is only allowed when ${c.name} runs as ${k.name}'s UID or has CAP_KILL (pod-sequencer adds neither, nor SYS_PTRACE); prefer an HTTP shutdown endpoint or a native sidecar.`,
        },
        `${podField(ctx.w, 'containers', i)}.command`,
      );
    }
  });
}
