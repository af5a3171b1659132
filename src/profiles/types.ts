import type { Check, ProfileName, Shutdown } from '../config/types.js';

/** Facts about one kind of sidecar (docs/sidecars.md). Data only: no behaviour lives here. */
export interface Profile {
  name: ProfileName;
  /** Default container-name glob; undefined when the profile has no usual name (generic). */
  containerName?: string;
  readiness?: Check;
  /** Blocking wait command that exists inside the sidecar's own image. */
  waitCommand?: string[];
  shutdown?: Shutdown;
  /** Default readiness budget in seconds. */
  timeoutSeconds: number;
  /**
   * Init containers (name globs) the sidecar needs to have run first: a native sidecar is
   * placed after them, e.g. the mesh's iptables setup.
   */
  initAfter: string[];
  /** Args the sidecar needs for its readiness endpoint to exist (any readiness gate). */
  readinessArgs?: string[];
  /** Extra args so the kubelet (from outside the pod's loopback) can probe it (native sidecars). */
  probeArgs?: string[];
  /** Args the sidecar needs for its shutdown endpoint to exist (Jobs). */
  shutdownArgs?: string[];
  /** Pod-template annotations needed for the shutdown endpoint (Jobs). */
  shutdownAnnotations?: Record<string, string>;
  /** The proxy's UID, for the init-container traffic workaround under a CNI mesh. */
  proxyUid?: number;
  /**
   * A container of this kind is as often the workload itself as a helper beside one (Envoy: an
   * ingress's data plane, a gateway). It is then a sidecar only beside an app container that
   * serves ports of its own (src/pod/sidecars.ts).
   */
  mayBeTheWorkload?: boolean;
  /** One line for docs and explain output. */
  description: string;
}
