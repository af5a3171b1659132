/**
 * A sidecar's API token, as pod facts (Dapr with `dapr.io/api-token-secret`): every call but the
 * health checks needs a header whose value the sidecar reads from an env var, so a Job wrapper's
 * quit call must send it. The wrapper runs in the app container and reads the env var there; the
 * Dapr injector gives it to daprd only (src/profiles/dapr.ts, `tokenSecret`), so the app needs it
 * added, from the same Secret.
 */
import type { ProfileName } from '../config/types.js';
import { profileAt } from '../profiles/index.js';
import type { Token } from '../profiles/types.js';
import { podAnnotations, type Container } from '../workloads/workload.js';
import type { Ctx } from './context.js';

export type EnvVar = { name?: unknown; value?: unknown; valueFrom?: unknown };

/** The token a sidecar's quit call needs in this pod, and the env var that gives it to the app. */
export interface PodToken {
  token: Token;
  /** The env entry for an app container that lacks it: from the annotation's Secret, or a copy of the sidecar's own. */
  env: EnvVar;
  /** Where the token comes from, for results. */
  from: string;
}

const envOf = (c: Container | undefined): EnvVar[] => {
  const env = (c as { env?: unknown } | undefined)?.env;
  return Array.isArray(env) ? (env as EnvVar[]) : [];
};

/**
 * The token of the sidecar `container` (its profile at `version`), if this pod turns one on: the
 * pod annotation the injector reads (a Secret's name), else the env var on a sidecar already in
 * the manifest (pre-injected: no annotation is read any more).
 */
export function podToken(ctx: Ctx, profile: ProfileName, version: string | undefined, container: string): PodToken | undefined {
  const token = profileAt(profile, version).token;
  if (!token) return undefined;
  const secret = podAnnotations(ctx.w)[token.annotation];
  if (secret !== undefined && secret !== null && String(secret) !== '') {
    const env = { name: token.env, valueFrom: { secretKeyRef: { name: String(secret), key: token.secretKey } } };
    return { token, env, from: `Secret ${String(secret)}, key ${token.secretKey} (annotation ${token.annotation})` };
  }
  const sidecar = [...(ctx.w.pod.initContainers ?? []), ...(ctx.w.pod.containers ?? [])].find((c) => c.name === container);
  const own = envOf(sidecar).find((e) => e?.name === token.env && (e.value !== undefined || e.valueFrom !== undefined));
  return own ? { token, env: structuredClone(own), from: `${container}'s own env ${token.env}` } : undefined;
}

/** Whether the container already has the env var (any value: the user's wins). */
export function hasEnv(c: Container, name: string): boolean {
  return envOf(c).some((e) => e?.name === name);
}
