/**
 * The resolved function config: what every transform reads. `load.ts` turns the user's
 * PodSequence or ConfigMap into this, filling defaults and profile facts, so transforms
 * never look at raw input or at profiles' defaults themselves.
 */

export type Strategy = 'auto' | 'native' | 'postStart' | 'wrap' | 'first';
export type { ProfileName } from '../profiles/names.generated.js';
import type { ProfileName } from '../profiles/names.generated.js';

/** A readiness check: exactly one of http (URL) or tcp (host:port). */
export interface Check {
  http?: string;
  tcp?: string;
}

export interface Shutdown {
  http?: string;
  method?: 'POST' | 'GET';
  /** Opt-in only: shareProcessNamespace + kill by process name. Always warned about. */
  signal?: { process: string };
}

export interface Selector {
  kinds?: string[];
  names?: string[];
  namespaces?: string[];
  labels?: Record<string, string>;
}

export interface WorkloadKind {
  apiVersion: string;
  kind: string;
  /** Dotted path from the object root to the pod template ({metadata, spec}). */
  podTemplatePath: string;
}

/** One sidecar as configured, with the profile's defaults already filled in. */
export interface SidecarSpec {
  profile: ProfileName;
  /** Glob on container name; undefined = not matched by name. */
  name?: string;
  /** Glob on image; undefined = not matched by image. */
  image?: string;
  strategy: Strategy;
  readiness?: Check;
  waitCommand?: string[];
  shutdown?: Shutdown;
  timeoutSeconds: number;
  onTimeout: 'fail' | 'continue';
  /** The sidecar's release, read from its image tag or `mesh.<profile>.version` (pod facts); undefined when unknown. */
  version?: string;
  /** Index in spec.sidecars (for field paths in results); -1 for built-in defaults. */
  index: number;
}

export interface Dependency {
  name: string;
  http?: string;
  tcp?: string;
  dns?: string;
  timeoutSeconds: number;
  periodSeconds: number;
  selector?: Selector;
}

export interface Entrypoint {
  container?: string;
  image?: string;
  command: string[];
}

export interface MeshIstio {
  hold?: boolean;
  native?: 'auto' | boolean;
  version?: string;
}
export interface MeshLinkerd {
  await?: boolean;
  native?: 'auto' | boolean;
  shutdown?: boolean;
  version?: string;
}

/** Simple switches for webhook-injected Kuma, Dapr and Vault agent (see schema descriptions). */
export interface MeshKuma {
  waitReady?: boolean;
  version?: string;
}
export interface MeshDapr {
  native?: boolean;
  shutdown?: boolean;
  version?: string;
}
export interface MeshVault {
  prePopulateOnly?: boolean;
  quit?: boolean;
  version?: string;
}

export interface Resources {
  requests?: Record<string, string>;
  limits?: Record<string, string>;
}

export interface Config {
  mode: 'apply' | 'check';
  /** "1.30" style minor version, or undefined when not given. */
  kubernetesVersion?: string;
  selector?: Selector;
  exclude?: Selector;
  workloadKinds: WorkloadKind[];
  sidecars: SidecarSpec[];
  /** Only the meshes the config names are present; load.ts fills each one's defaults. */
  mesh: {
    istio?: MeshIstio;
    linkerd?: MeshLinkerd;
    kuma?: MeshKuma;
    dapr?: MeshDapr;
    vault?: MeshVault;
    [other: string]: unknown;
  };
  dependencies: Dependency[];
  jobs: { terminateSidecars: boolean; entrypoints: Entrypoint[] };
  tools: { delivery: 'inject' | 'image'; image: string; resources: Resources };
}
