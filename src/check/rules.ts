/**
 * Lint rules (the contract's findings table). Each rule looks at one workload and reports
 * through the context; the same rules run in `mode: check` (on the input) and after `apply`
 * (on the output: what the function could not fix).
 */
import type { RuleId, Severity } from '../krm/types.js';
import type { Ctx } from '../sequence/context.js';
import { parseHook } from '../shell/index.js';
import { findSidecars, minorVersion, NATIVE_SIDECARS_SINCE, type FoundSidecar } from '../sequence/sidecars.js';
import { podField, type Container } from '../workloads/workload.js';

export interface Rule {
  id: RuleId;
  severity: Severity;
  /** One line for docs and `explain`. */
  summary: string;
  check(ctx: Ctx, report: (message: string, fieldPath: string) => void): void;
}

/** A classic sidecar holds later containers when its postStart is our wait or its own wait command. */
function holdsApp(s: FoundSidecar, c: Container): boolean {
  const cmd = c.lifecycle?.postStart?.exec?.command;
  if (!cmd) return false;
  const wait = s.spec.waitCommand;
  return parseHook(cmd) !== null || (wait !== undefined && wait.every((w, i) => cmd[i] === w));
}

const sidecarOrder: Rule = {
  id: 'sidecar-not-first',
  severity: 'warning',
  summary: 'a known sidecar starts after an app container with no readiness gate',
  check(ctx, report) {
    const containers = ctx.w.pod.containers ?? [];
    const sidecars = findSidecars(ctx.w.pod, ctx.cfg).filter((s) => !s.native);
    const names = new Set(sidecars.map((s) => s.name));
    const firstApp = containers.findIndex((c) => !names.has(c.name));
    for (const s of sidecars) {
      const i = containers.findIndex((c) => c.name === s.name);
      if (firstApp >= 0 && i > firstApp) {
        report(
          `sidecar ${s.name} (${s.spec.profile}) starts after app container ${containers[firstApp]!.name}, which may call out before the sidecar is ready; run pod-sequencer (strategy postStart or native) to fix`,
          podField(ctx.w, 'containers', i),
        );
      }
    }
  },
};

const readinessGate: Rule = {
  id: 'sidecar-no-readiness-gate',
  severity: 'warning',
  summary: 'sidecar first, but nothing holds the app until it is ready',
  check(ctx, report) {
    const pod = ctx.w.pod;
    const containers = pod.containers ?? [];
    const sidecars = findSidecars(pod, ctx.cfg);
    for (const s of sidecars) {
      if (!s.spec.readiness && !s.spec.waitCommand) continue; // nothing to wait on (e.g. vault agent)
      if (s.native) {
        const i = (pod.initContainers ?? []).findIndex((c) => c.name === s.name);
        const c = pod.initContainers![i]!;
        if (!c.startupProbe && !c.lifecycle?.postStart) {
          report(`native sidecar ${s.name} has no startupProbe, so the app starts before it is ready; add one (pod-sequencer strategy native does)`, podField(ctx.w, 'initContainers', i));
        }
        continue;
      }
      const i = containers.findIndex((c) => c.name === s.name);
      const before = containers.slice(0, i).some((c) => !sidecars.some((x) => x.name === c.name));
      if (before) continue; // sidecar-not-first covers it
      if (!holdsApp(s, containers[i]!)) {
        report(`sidecar ${s.name} is first but nothing holds the app until it is ready; use strategy postStart or native`, podField(ctx.w, 'containers', i));
      }
    }
  },
};

const nativeUnsupported: Rule = {
  id: 'native-sidecar-unsupported',
  severity: 'error',
  summary: '`restartPolicy: Always` init containers while kubernetesVersion < 1.29',
  check(ctx, report) {
    const minor = minorVersion(ctx.cfg);
    if (minor === undefined || minor >= NATIVE_SIDECARS_SINCE) return;
    (ctx.w.pod.initContainers ?? []).forEach((c, i) => {
      if (c.restartPolicy !== 'Always') return;
      report(
        `init container ${c.name} is a native sidecar (restartPolicy: Always), but Kubernetes ${ctx.cfg.kubernetesVersion} has no native sidecars on by default (1.29+): the pod would hang in Init; raise kubernetesVersion or use strategy postStart`,
        podField(ctx.w, 'initContainers', i),
      );
    });
  },
};

export const rules: Rule[] = [sidecarOrder, readinessGate, nativeUnsupported];

export function runRules(ctx: Ctx): void {
  for (const rule of rules) {
    rule.check(ctx, (message, fieldPath) => ctx.report(rule.severity, message, fieldPath, rule.id));
  }
}
