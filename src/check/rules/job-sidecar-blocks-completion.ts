import { parseWrapper } from '../../shell/index.js';
import { MESHES, meshedSidecars, nativeDefaultUnknown } from '../../pod/mesh.js';
import { meshDefaults } from '../../config/resolve.js';
import { findSidecars } from '../../pod/sidecars.js';
import { appContainers, argvToWrap } from '../../pod/apps.js';
import { podField } from '../../workloads/workload.js';
import { whereItEndsItsSidecars } from '../../pod/commands.js';
import { scriptsRun } from '../../pod/scripts.js';
import { shutdownSwitchedOff } from '../../pod/switch.js';
import { RUN_FIX } from '../../krm/types.js';
import { meshNativeFix, nativeFix } from '../fixes.js';
import type { Rule } from '../rule.js';

/** Meshes whose native sidecar the function can ask for per pod: those with a mesh.<name>.native setting. */
const NATIVE_SWITCH = new Set<string>(MESHES.filter((m) => 'native' in meshDefaults[m]));

export const jobSidecarBlocksCompletion: Rule = {
  id: 'job-sidecar-blocks-completion',
  severity: 'error',
  needs: ['job'],
  summary: 'Job-like pod with a classic sidecar and no way to end it',
  check(ctx, report) {
    const { w, cfg } = ctx;
    if (!w.jobLike) return;
    const apps = appContainers(w, cfg);
    const ended = new Set<string>();
    for (const { c } of apps) {
      const ours = parseWrapper((c.command ?? []).map(String));
      if (ours?.spec.mode === 'job') {
        for (const s of [...ours.spec.shutdown, ...(ours.spec.kill ?? [])]) ended.add(s.name);
        continue;
      }
      // The user's own way out, in its command or a script of the input it runs: trusted, since
      // we cannot tell which sidecar it ends.
      const own = ours ? { ...c, command: ours.spec.argv } : c;
      if (whereItEndsItsSidecars(own, scriptsRun(w, own, ctx.facts)) !== undefined) return;
    }
    const missing = apps.some(({ c }) => 'error' in argvToWrap(w, cfg, c));
    for (const m of meshedSidecars(ctx)) {
      if (m.native || ended.has(m.container)) continue;
      const native = NATIVE_SWITCH.has(m.profile) ? `mesh.${m.profile}.native: true` : `${m.profile}'s native sidecar mode in its control plane`;
      const unknown = nativeDefaultUnknown(ctx, m.profile);
      const byDefault = unknown
        ? `, or, if your ${m.profile} control plane is ${unknown.since} or later (it injects a native sidecar by default on Kubernetes ${unknown.kubernetes} or later), set mesh.${m.profile}.version to its release`
        : '';
      const [why, fix] = !m.shutdown
        ? [
            `${m.profile} has no shutdown endpoint enabled for this pod; ask for a native sidecar (${native}, Kubernetes 1.29 or later)${byDefault}.`,
            meshNativeFix(ctx, m.profile, NATIVE_SWITCH.has(m.profile)),
          ]
        : !cfg.jobs.terminateSidecars
          ? ['jobs.terminateSidecars is false; turn it on to have the app containers end it, or ask for a native sidecar.', 'jobs.terminateSidecars: true']
          : ["No app container's command ends it; pod-sequencer's Job wrapper asks the sidecar to shut down, or ask for a native sidecar.", RUN_FIX];
      report(
        {
          summary: `injected ${m.container} keeps running after the app exits: this ${w.kind === 'Pod' ? 'pod' : w.kind} never completes`,
          detail: `The ${m.profile} webhook injects it (${m.reason}). ${why}`,
          ...(fix ? { fix } : {}),
        },
        podField(w, 'containers'),
      );
    }
    const containers = w.pod.containers ?? [];
    for (const s of findSidecars(w, cfg, ctx.facts)) {
      if (s.native || ended.has(s.name)) continue;
      const off = s.spec.shutdown?.http ? shutdownSwitchedOff(w, s.name, s.spec.profile, s.spec.version) : undefined;
      const canEnd = s.spec.shutdown !== undefined && !off;
      // The fix would wrap the app but for a missing entrypoint: that error says what to do.
      if (cfg.jobs.terminateSidecars && canEnd && missing) continue;
      const [why, fix] = off
        ? [
            `Its env ${off.setting} switches its shutdown endpoint off, so a quit call would be refused and pod-sequencer writes no wrapper; set ${off.on} on ${s.name} (the endpoint answers only callers on the pod's loopback), or make it a native sidecar (kubernetesVersion 1.29 or later).`,
            off.on,
          ]
        : !canEnd
          ? [
              `${s.spec.profile === 'generic' ? 'It' : s.spec.profile} has no shutdown endpoint; make it a native sidecar (kubernetesVersion 1.29 or later) or give it one in sidecars[].shutdown.`,
              nativeFix(ctx, s),
            ]
          : !cfg.jobs.terminateSidecars
            ? [
                'jobs.terminateSidecars is false; turn it on to have the app containers end it, or make it a native sidecar (kubernetesVersion 1.29 or later).',
                'jobs.terminateSidecars: true',
              ]
            : [
                "No app container's command ends it; pod-sequencer's Job wrapper asks the sidecar to shut down, or make it a native sidecar (kubernetesVersion 1.29 or later).",
                RUN_FIX,
              ];
      report(
        {
          summary: `classic sidecar ${s.name} keeps running after the app exits: this ${w.kind === 'Pod' ? 'pod' : w.kind} never completes`,
          detail: why,
          fix,
        },
        podField(
          w,
          'containers',
          containers.findIndex((c) => c.name === s.name),
        ),
      );
    }
  },
};
