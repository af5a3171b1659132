import { appContainers } from '../../pod/apps.js';
import { whereItEndsItsSidecars } from '../../pod/commands.js';
import { meshedSidecars } from '../../pod/mesh.js';
import { scriptsRun } from '../../pod/scripts.js';
import { findSidecars } from '../../pod/sidecars.js';
import { parseWrapper } from '../../shell/index.js';
import type { Rule } from '../rule.js';

/**
 * A Job's app ends its classic sidecars in a script of the input it runs (Bank of Anthos's init-db
 * Jobs source a ConfigMap script that ends with the proxy's quit call: src/pod/scripts.ts). The
 * Job completes as it is, so it is not wrapped and job-sidecar-blocks-completion stays quiet; this
 * says what was recognised, since nothing in the pod template shows it.
 */
export const jobScriptEndsSidecars: Rule = {
  id: 'job-script-ends-sidecars',
  severity: 'info',
  summary: 'Job-like pod whose app runs a script from the input that already ends its sidecars: recognised, not wrapped',
  check(ctx, report) {
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
        `${c.name} runs a script that already ends its sidecars (${where}), so this ${w.kind === 'Pod' ? 'pod' : w.kind} completes as it is: pod-sequencer adds no Job wrapper`,
        path,
      );
    }
  },
};
