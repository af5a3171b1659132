/** Every built-in sidecar profile. */
export declare const PROFILE_NAMES: readonly ["istio", "linkerd", "envoy", "cloud-sql-proxy", "dapr", "vault", "kuma", "consul", "generic"];
export type ProfileName = (typeof PROFILE_NAMES)[number];
/** The profiles a webhook injects (their tables have injection markers): what `spec.mesh` can name. */
export declare const MESH_NAMES: readonly ["istio", "linkerd", "dapr", "vault", "kuma", "consul"];
export type MeshName = (typeof MESH_NAMES)[number];
