import type { Check, Shutdown } from '../config/types.js';
import type { Fact } from './versions.js';
import type { ProfileName } from './names.generated.js';

/** Images whose tag is the sidecar's version: a glob on the image without its tag, and the tag's form. */
export interface ImageVersion {
  /** Glob on the image name before `:` (registry and path), e.g. `*\/proxyv2`. */
  image: string;
  /** Regular expression on the tag; its first group is the version in the vendor's scheme. */
  tag: string;
}

/**
 * A vendor's other numbering (Linkerd's edge-YY.M.N releases): from `edge` on, a release has the
 * facts of release `as` of the table's scheme, up to the next row's edge.
 */
export interface EdgeRelease {
  edge: string;
  as: string;
}

/**
 * Where a port of the sidecar can be moved: a flag or env var on its container, or an annotation
 * of its pod (read by the injector). `url`: which of the profile's URLs the port is in.
 */
export interface PortSource {
  url: 'readiness' | 'shutdown';
  flag?: string;
  env?: string;
  annotation?: string;
  default: string;
}

/**
 * Where the path of one of the sidecar's URLs is set: an annotation of its pod, which the injector
 * passes on to the sidecar as a flag of its container (consul-k8s's graceful shutdown path).
 * `url`: which URL.
 */
export interface PathSource {
  url: 'readiness' | 'shutdown';
  /** The flag of the sidecar's container that carries it (what the injector writes). */
  flag?: string;
  annotation: string;
  default: string;
}

/**
 * One sidecar per service a pod annotation lists, split at `separator` (consul-k8s's multi-port
 * pods): with more than one, the sidecar of the service at index i is named
 * `<containerName>-<service>` and each of its URLs' ports is the single sidecar's plus i.
 */
export interface PerService {
  annotation: string;
  separator: string;
}

/**
 * Where the address the readiness endpoint listens on is set: a flag or env var on the sidecar's
 * container, and its default. On a loopback address the kubelet's probe (on the pod IP) cannot reach it.
 */
export interface AddressSource {
  flag?: string;
  env?: string;
  default: string;
}

/**
 * A sidecar whose admin listener exists only where the bootstrap it loads declares one (Envoy):
 * the flags that load a bootstrap file or inline YAML (merged over the file), and the readiness
 * and quit paths on that listener (src/pod/bootstrap.ts).
 */
export interface BootstrapAdmin {
  pathFlags: string[];
  inlineFlag: string;
  readinessPath: string;
  shutdownPath: string;
}

/** What turns the shutdown endpoint on: an annotation for the webhook, env or args on a container in the manifest. */
export interface Switch {
  annotations?: Record<string, string>;
  env?: Record<string, string>;
  args?: string[];
}

/** The flag that sets a vendor wait command's budget: whole seconds, or a Go duration (`120s`). */
export interface Budget {
  flag: string;
  unit: 'seconds' | 'duration';
}

/**
 * A label or annotation an injector reads to decide whether to inject a pod. '*': any value
 * means yes. `in`: where the injector reads it; `offOnly`: it can turn injection off but not on
 * (read by the injector only once its webhook has selected the pod). `at`: on the pod or its
 * Namespace.
 */
export interface Marker {
  key: string;
  at: 'pod' | 'namespace';
  in: 'label' | 'annotation' | 'both';
  on: string[] | '*';
  off: string[];
  offOnly?: boolean;
}

/** The injector's own native-sidecar default: on Kubernetes servers from this minor (`1.29`). */
export interface NativeByDefault {
  kubernetes: string;
}

/** Names of the pod annotations pod-sequencer writes for a mesh (src/sequence/mesh.ts). */
export type SwitchName = 'hold' | 'await' | 'waitReady' | 'prePopulateOnly' | 'quit' | 'shutdown';

/**
 * The header a quit call needs (Dapr's API token): the annotation that turns it on, the header,
 * and the env var the sidecar reads the token from.
 */
export interface TokenHeader {
  /** The pod annotation that turns the token on; its value names a Secret. */
  annotation: string;
  header: string;
  env: string;
}

/**
 * Where the injector puts the token: the key of the Secret the annotation names, and whether app
 * containers get the env var too (Dapr: no, only daprd), so the Job wrapper in the app must be given it.
 */
export interface TokenSecret {
  key: string;
  toApps: boolean;
}

/** A quit call's token, both rows together (src/profiles/index.ts). */
export type Token = TokenHeader & { secretKey: string; toApps: boolean };

/**
 * One sidecar's and mesh's facts, each row with the releases it holds for and its source
 * (src/profiles/versions.ts). Data only: no behaviour lives here. docs/profiles.md, the schema's
 * profile names and src/profiles/names.generated.ts are generated from these tables
 * (scripts/gen-facts.mjs).
 */
export interface VendorTable {
  name: string;
  description: string;
  /** The releases the rows were read for; `scheme` says how the vendor numbers them. */
  releases: { oldest: string; newest: string; scheme: string };
  /** Default readiness budget in seconds. */
  timeoutSeconds: number;
  images?: Fact<ImageVersion>[];
  /**
   * Edge releases, oldest first, each row at the first edge that has a fact of release `as` (the
   * row of that fact starting at `as`): an image tagged with an edge reads as that release.
   */
  edges?: Fact<EdgeRelease>[];
  containerName?: Fact<string>[];
  readiness?: Fact<Check>[];
  /** Args the sidecar needs for its readiness endpoint to exist (any readiness gate). */
  readinessArgs?: Fact<string[]>[];
  /** Extra args so the kubelet (from outside the pod's loopback) can probe it (native sidecars). */
  probeArgs?: Fact<string[]>[];
  /** Where the readiness endpoint's listen address is set (cloud-sql-proxy's --http-address). */
  listenAddress?: Fact<AddressSource>[];
  /** Readiness and quit live on an admin listener the bootstrap declares, or nowhere (Envoy). */
  bootstrapAdmin?: Fact<BootstrapAdmin>[];
  /** Blocking wait command that exists inside the sidecar's own image. */
  waitCommand?: Fact<string[]>[];
  waitBudget?: Fact<Budget>[];
  shutdown?: Fact<Shutdown>[];
  shutdownSwitch?: Fact<Switch>[];
  /** The quit call can race the sidecar's start: retry it a few times (Vault agent). */
  shutdownRetry?: Fact<boolean>[];
  token?: Fact<TokenHeader>[];
  tokenSecret?: Fact<TokenSecret>[];
  ports?: Fact<PortSource>[];
  paths?: Fact<PathSource>[];
  perService?: Fact<PerService>[];
  /** Init containers (names) the sidecar needs to have run first: the mesh's network setup. */
  setupInit?: Fact<string>[];
  /** The proxy's UID: traffic from it is not captured (the init-container workaround under a CNI mesh). */
  proxyUid?: Fact<number>[];
  /** Annotations that ask for a native sidecar, the first present one deciding. */
  nativeKeys?: Fact<string>[];
  /**
   * From these releases the injector makes its sidecar native with no pod annotation, on a
   * Kubernetes server at or above `kubernetes` (its control plane's default; an operator can turn it off).
   */
  nativeByDefault?: Fact<NativeByDefault>[];
  /**
   * The native key came in a release too recent to assume (consul-k8s 1.9.0): `native: auto`
   * writes it only where mesh.<name>.version says the injector reads it, since an injector that
   * ignores it leaves a classic sidecar no Job wrapper would end. A judgement of ours.
   */
  nativeNeedsRelease?: boolean;
  injection?: Fact<Marker>[];
  switches?: Fact<{ name: SwitchName; key: string; field?: string }>[];
  /** The switch without which a native sidecar gets no startupProbe, so holds nothing (Linkerd: await). */
  nativeProbeNeeds?: Fact<SwitchName>[];
  /**
   * The injector makes its sidecar native with a readiness probe but no startupProbe (Dapr): the
   * kubelet starts the app once it has started, so a native sidecar of this mesh holds nothing.
   */
  nativeUnprobed?: Fact<true>[];
  /**
   * A container of this kind is as often the workload itself as a helper beside one (Envoy: an
   * ingress's data plane, a gateway). It is then a sidecar only beside an app container that
   * serves ports of its own (src/pod/sidecars.ts). A judgement of ours, not a vendor fact.
   */
  mayBeTheWorkload?: boolean;
}

/** Facts about one kind of sidecar at one release (or the defaults when the release is unknown). */
export interface Profile {
  name: ProfileName;
  /** The release these facts are for; undefined when not known. */
  version?: string;
  /** Default container-name glob; undefined when the profile has no usual name (generic). */
  containerName?: string;
  readiness?: Check;
  waitCommand?: string[];
  waitBudget?: Budget;
  shutdown?: Shutdown;
  shutdownSwitch?: Switch;
  shutdownRetry?: boolean;
  token?: Token;
  ports: PortSource[];
  paths: PathSource[];
  perService?: PerService;
  /** Default readiness budget in seconds. */
  timeoutSeconds: number;
  initAfter: string[];
  readinessArgs?: string[];
  probeArgs?: string[];
  listenAddress?: AddressSource;
  bootstrapAdmin?: BootstrapAdmin;
  proxyUid?: number;
  nativeKeys: string[];
  nativeByDefault?: NativeByDefault;
  /**
   * A container of this kind is as often the workload itself as a helper beside one (Envoy: an
   * ingress's data plane, a gateway). It is then a sidecar only beside an app container that
   * serves ports of its own (src/pod/sidecars.ts). A judgement of ours, not a vendor fact.
   */
  mayBeTheWorkload?: boolean;
  /** One line for docs and explain output. */
  description: string;
}
