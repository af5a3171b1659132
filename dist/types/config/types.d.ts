import type { RuleId, Severity } from '../krm/types.js';
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
    signal?: {
        process: string;
    };
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
    /** Path pattern from the object root to the pod templates ({metadata, spec}): `a.b`, `a[].b`, `a.*.b` (src/workloads/paths.ts). */
    podTemplatePath: string;
    /** The pods run to completion: the Job treatment. Default false. */
    runsToCompletion?: boolean;
    /** Who ends the sidecars when the work ends; default `tool` when runsToCompletion, else `nobody`. */
    sidecarsEndedBy?: 'tool' | 'controller' | 'nobody';
}
/** Why no startupProbe can reach a sidecar's health endpoint, and the setting that would let it. */
export interface ProbeBlock {
    why: string;
    fix: string;
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
    /**
     * Why the kubelet's probe, sent to the pod IP, cannot reach its health endpoint, and what would
     * let it, when the manifest shows it beyond a flag (Envoy's bootstrap binds the admin to loopback,
     * or an init container redirects the pod's inbound traffic: src/pod/bootstrap.ts). Pod facts,
     * never set by the config.
     */
    unprobeable?: ProbeBlock;
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
/**
 * Every mesh's settings take `enabled`: false turns the mesh off even where the input proves its
 * injector will act (src/pod/mesh.ts meshesOf, docs/decisions.md "Evidence turns a mesh on").
 */
interface MeshSwitch {
    enabled?: boolean;
}
export interface MeshIstio extends MeshSwitch {
    hold?: boolean;
    native?: 'auto' | boolean;
    version?: string;
}
export interface MeshLinkerd extends MeshSwitch {
    await?: boolean;
    native?: 'auto' | boolean;
    shutdown?: boolean;
    version?: string;
}
/** Simple switches for webhook-injected Kuma, Dapr and Vault agent (see schema descriptions). */
export interface MeshKuma extends MeshSwitch {
    waitReady?: boolean;
    version?: string;
}
export interface MeshDapr extends MeshSwitch {
    native?: boolean;
    shutdown?: boolean;
    version?: string;
}
export interface MeshConsul extends MeshSwitch {
    native?: 'auto' | boolean;
    shutdown?: boolean;
    version?: string;
}
export interface MeshVault extends MeshSwitch {
    prePopulateOnly?: boolean;
    quit?: boolean;
    version?: string;
}
/** The settings of every mesh, by name (`spec.mesh`). */
export interface MeshSettings {
    istio: MeshIstio;
    linkerd: MeshLinkerd;
    kuma: MeshKuma;
    dapr: MeshDapr;
    vault: MeshVault;
    consul: MeshConsul;
}
export interface Resources {
    requests?: Record<string, string>;
    limits?: Record<string, string>;
}
/** `spec.rules.<rule-id>`: a rule's severity in every output, or `off` (its findings dropped). */
export type RuleLevel = 'off' | Severity;
/** The lowest severity of a finding that makes a run exit 1; `none`: findings never do. */
export type FailOn = Severity | 'none';
export declare const FAIL_ON_LEVELS: readonly FailOn[];
export interface Config {
    mode: 'apply' | 'check';
    /** "1.30" style minor version; when the config gives none, the assumed one (spec.ts assumedKubernetesVersion). */
    kubernetesVersion?: string;
    /** The config gives no kubernetesVersion: the release assumed for it (read through versionAssumed). */
    kubernetesVersionAssumed?: string;
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
        consul?: MeshConsul;
        [other: string]: unknown;
    };
    dependencies: Dependency[];
    jobs: {
        terminateSidecars: boolean;
        entrypoints: Entrypoint[];
    };
    tools: {
        delivery: 'inject' | 'image';
        image: string;
        resources: Resources;
    };
    /** Severity overrides by rule id; a rule not listed keeps its default. */
    rules: Partial<Record<RuleId, RuleLevel>>;
    /** `failOn`: exit threshold of `check` and of the filter; `baseline`: the file `check` reads when no --baseline is given. */
    check: {
        failOn: FailOn;
        baseline?: string;
    };
    /** Long-running pods: keep classic sidecars up while the app drains (src/sequence/stop-order.ts). */
    stopOrder: {
        sidecarsLast: boolean;
    };
}
/**
 * Whether `kubernetesVersion` is the assumed release, not one the config gave (a copy of the
 * config with another kubernetesVersion is not assumed: `{ ...cfg, kubernetesVersion: '1.30' }`).
 */
export declare function versionAssumed(cfg: Config): boolean;
