/** Fixes shared by several rules: what makes a sidecar native, said as a command or config line. */
import { RUN_FIX } from '../krm/types.js';
import type { Ctx } from '../pod/context.js';
import type { MeshName } from '../pod/mesh.js';
import { nativeSupported, type FoundSidecar } from '../pod/sidecars.js';
import { tableOf } from '../profiles/index.js';
import { dryRun, fixedWorkload, isChange } from './dry-run.js';

/**
 * How to make a sidecar native: on a configured release without native sidecars, the config line
 * that names one with them (the detail of the result says "if your cluster runs it"); where the
 * sidecar's strategy lets `fix` choose native, `pod-sequencer fix`; else the strategy to ask for.
 */
export function nativeFix(ctx: Ctx, s?: FoundSidecar): string {
  if (!nativeSupported(ctx.cfg)) return 'kubernetesVersion: "1.29"';
  return !s || s.spec.strategy === 'auto' || s.spec.strategy === 'native' ? RUN_FIX : 'strategy: native';
}

/**
 * How to have an injector make its proxy native: `pod-sequencer fix` where fix writes one of the
 * mesh's native keys (its dry run says so), else the config switch, else nothing to give.
 */
export function meshNativeFix(ctx: Ctx, mesh: MeshName, switchable: boolean): string | undefined {
  const keys = (tableOf(mesh).nativeKeys ?? []).map((r) => JSON.stringify(r.value));
  if (dryRun(ctx).some((r) => isChange(r) && keys.some((k) => r.field?.path?.endsWith(`[${k}]`)))) return RUN_FIX;
  if (!switchable) return undefined;
  return nativeSupported(ctx.cfg) ? `mesh.${mesh}.native: true` : 'kubernetesVersion: "1.29"';
}

/** `pod-sequencer fix` is a fix only where fix changes something in this workload. */
export function fixChangesSomething(ctx: Ctx): boolean {
  return fixedWorkload(ctx) !== undefined;
}
