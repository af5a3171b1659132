import { leadingSleep, mayLeadWithSleep, programArgv, showArgv } from '../../pod/commands.js';
import { isNativeSidecar } from '../../pod/sidecars.js';
import { podField } from '../../workloads/workload.js';
import type { Rule } from '../rule.js';

const WHY =
  'A fixed delay is not start ordering (too short under load, wasted otherwise). Wait on readiness instead: a sidecar strategy (postStart, native) or a dependency wait.';

/**
 * Flags (1) a container whose command is a shell script that starts with `sleep N` followed by
 * the real command (`sh -c "sleep 10; exec app"`, `sleep 10 && app`), and (2) an init container
 * that does nothing but sleep (`[sleep, "30"]`): it only delays the containers after it.
 */
export const sleepOrdering: Rule = {
  id: 'sleep-ordering',
  severity: 'info',
  needs: ['command'],
  summary: '`sleep N` before the real command used as start ordering (`sh -c "sleep 10; exec app"`, or an init container that only sleeps)',
  check(ctx, report) {
    const check = (list: 'initContainers' | 'containers') =>
      (ctx.w.pod[list] ?? []).forEach((c, i) => {
        if ((list === 'initContainers' && isNativeSidecar(c)) || !mayLeadWithSleep(c)) return;
        const delay = leadingSleep(programArgv(c));
        if (!delay) return;
        const path = `${podField(ctx.w, list, i)}.${delay.at.field}`;
        if (!delay.only) {
          report(
            {
              summary: `container ${c.name} sleeps ${delay.seconds}s before its real command: a fixed delay is no start order`,
              detail: `Its command: \`${showArgv([delay.at])}\`. ${WHY}`,
            },
            path,
          );
        } else if (list === 'initContainers') {
          report({ summary: `init container ${c.name} only sleeps ${delay.seconds}s to hold back the containers after it`, detail: WHY }, path);
        }
      });
    check('initContainers');
    check('containers');
  },
};
