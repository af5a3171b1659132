/** Fixes shared by several rules: what makes a sidecar native, said as a command or config line. */
import { RUN_FIX } from '../krm/types.js';
import type { Ctx } from '../pod/context.js';
import { nativeSupported, type FoundSidecar } from '../pod/sidecars.js';

/**
 * How to make a sidecar native: on a configured release without native sidecars, the config line
 * that names one with them (the detail of the result says "if your cluster runs it"); where the
 * sidecar's strategy lets `fix` choose native, `pod-sequencer fix`; else the strategy to ask for.
 */
export function nativeFix(ctx: Ctx, s?: FoundSidecar): string {
  if (!nativeSupported(ctx.cfg)) return 'kubernetesVersion: "1.29"';
  return !s || s.spec.strategy === 'auto' || s.spec.strategy === 'native' ? RUN_FIX : 'strategy: native';
}
