import { appContainers } from '../../pod/apps.js';
import { dependenciesOf, describeTarget, WAIT_PREFIX } from '../../pod/dependencies.js';
import { whereItEndsItsSidecars } from '../../pod/commands.js';
import { meshedSidecars } from '../../pod/mesh.js';
import { scriptsRun } from '../../pod/scripts.js';
import { findSidecars } from '../../pod/sidecars.js';
import { parseWrapper } from '../../shell/index.js';
import { podField } from '../../workloads/workload.js';
import type { Rule } from '../rule.js';

/**
 * A script of the input that an app runs already does what pod-sequencer would add
 * (src/pod/scripts.ts): it ends the Job's classic sidecars (Bank of Anthos's init-db Jobs source a
 * ConfigMap script that ends with the proxy's quit call), or it waits for a dependency. Nothing is
 * added then (no Job wrapper, no `seq-wait-*`), and job-sidecar-blocks-completion and
 * dependency-not-awaited stay quiet; this says what was recognised, since the pod template does
 * not show it.
 */
export const handledByScript: Rule = {
  id: 'handled-by-script',
  severity: 'info',
  needs: ['dependency', 'job'],
  summary: 'an app runs a script from the input that already ends its sidecars or waits for a dependency: recognised, nothing added',
  check(ctx, report) {
    for (const h of dependenciesOf(ctx).handled ?? []) {
      const i = (ctx.w.pod.containers ?? []).findIndex((c) => scriptsRun(ctx.w, c, ctx.facts).some((x) => x.from === h.from));
      report(
        {
          summary: `dependency ${h.dep.name} is already awaited by a script: pod-sequencer adds no wait for it`,
          detail: `The script ${i < 0 ? '' : `${ctx.w.pod.containers![i]!.name} runs `}(${h.from}) waits for ${describeTarget(h.dep)}, so no ${WAIT_PREFIX}${h.dep.name} init container is added.`,
        },
        i < 0 ? podField(ctx.w, 'containers') : podField(ctx.w, 'containers', i),
      );
    }
    endsSidecars(ctx, report);
  },
};

/** The Job part: an app whose script ends its classic sidecars. */
function endsSidecars(ctx: Parameters<Rule['check']>[0], report: Parameters<Rule['check']>[1]): void {
  const { w, cfg } = ctx;
  if (!w.jobLike) return;
  const classic = findSidecars(w, cfg, ctx.facts).some((s) => !s.native) || meshedSidecars(ctx).some((m) => !m.native);
  if (!classic) return;
  for (const { c, path } of appContainers(w, cfg)) {
    const ours = parseWrapper((c.command ?? []).map(String));
    const own = ours ? { ...c, command: ours.spec.argv } : c;
    const where = whereItEndsItsSidecars(own, scriptsRun(w, own, ctx.facts));
    if (where === undefined || where === 'its command') continue;
    report(
      {
        summary: `${c.name} runs a script that ends its sidecars: pod-sequencer adds no Job wrapper`,
        detail: `The script ends them (${where}), so this ${w.kind === 'Pod' ? 'pod' : w.kind} completes as it is.`,
      },
      path,
    );
  }
}
