/**
 * A sidecar in the manifest whose own env turns its shutdown endpoint off (issue 27): Linkerd's
 * proxy with `LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED: "false"` answers `POST /shutdown` with 404
 * ("shutdown endpoint is not enabled"; linkerd/linkerd2-proxy linkerd/app/admin/src/server.rs, the
 * `also` rows of the linkerd table's switch). A wrapper that calls it would never end the proxy,
 * and the Job would never complete: pod-sequencer writes no such wrapper, and
 * job-sidecar-blocks-completion says what to change. The env is the user's choice: it is not
 * turned on for them (docs/decisions.md).
 */
import type { ProfileName } from '../config/types.js';
import { profileAt } from '../profiles/index.js';
import type { Workload } from '../workloads/workload.js';

export interface SwitchedOff {
  /** `LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED="false"`: as the manifest has it. */
  setting: string;
  /** What turns it on: `LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED: "true"`. */
  on: string;
}

/** The env setting on container `name` that keeps its shutdown endpoint off, if any. */
export function shutdownSwitchedOff(w: Workload, name: string, profile: ProfileName, version: string | undefined): SwitchedOff | undefined {
  const env = profileAt(profile, version).shutdownSwitch?.env;
  const c = (w.pod.containers ?? []).find((x) => x.name === name);
  if (!env || !c) return undefined;
  for (const [key, value] of Object.entries(env)) {
    const set = (c.env as { name?: unknown; value?: unknown }[] | undefined)?.find((e) => e?.name === key);
    // valueFrom: not known here, so not called off.
    if (set && typeof set.value === 'string' && set.value !== value)
      return { setting: `${key}=${JSON.stringify(set.value)}`, on: `${key}: ${JSON.stringify(value)}` };
  }
  return undefined;
}
