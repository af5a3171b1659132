import type { VendorTable } from './types.js';

const TAG = 'dapr/dapr@v1.18.0:';
const ANNOTATIONS = 'pkg/injector/annotations/annotations.go';

export const dapr: VendorTable = {
  name: 'dapr',
  description: 'Dapr sidecar (daprd)',
  releases: { oldest: '1.14.0', newest: '1.18.0', scheme: 'x.y.z, from the daprd image tag' },
  timeoutSeconds: 120,
  images: [
    { value: { image: '*/daprd', tag: '^(\\d+\\.\\d+\\.\\d+)' }, source: `${TAG}charts/dapr/charts/dapr_sidecar_injector/values.yaml`, quote: 'name: "daprd"' },
  ],
  containerName: [{ value: 'daprd', source: `${TAG}pkg/injector/consts/consts.go`, quote: 'SidecarContainerName           = "daprd"' }],
  // Answers 204 once the sidecar can serve outbound calls; needs no API token.
  readiness: [
    { value: { http: 'http://127.0.0.1:3500/v1.0/healthz/outbound' }, source: `${TAG}pkg/api/http/healthz.go`, quote: 'Route:   "healthz/outbound"' },
  ],
  shutdown: [
    { value: { http: 'http://127.0.0.1:3500/v1.0/shutdown', method: 'POST' }, source: `${TAG}pkg/api/http/shutdown.go`, quote: 'Route:   "shutdown"' },
  ],
  // With dapr.io/api-token-secret, every call but the health checks needs the header
  // (pkg/api/http/middlewares.go reads securityConsts.APITokenHeader).
  token: [
    {
      value: { annotation: 'dapr.io/api-token-secret', header: 'dapr-api-token', env: 'DAPR_API_TOKEN' },
      source: `${TAG}pkg/security/consts/consts.go`,
      quote: 'APITokenHeader = "dapr-api-token"',
    },
  ],
  // The injector sets DAPR_API_TOKEN from the annotation's Secret, key "token", on daprd only
  // (sidecar_container.go, `if c.APITokenSecret != ""`); app containers get DAPR_HTTP_PORT,
  // DAPR_GRPC_PORT and APP_PROTOCOL, nothing more (sidecar_patcher.go, addDaprEnvVarsToContainers),
  // the same in every release from 1.14.0 to 1.18.0.
  tokenSecret: [
    {
      value: { key: 'token', toApps: false },
      source: `${TAG}pkg/injector/patcher/sidecar_container.go`,
      quote:
        'Name: securityConsts.APITokenEnvVar,\n\t\t\tValueFrom: &corev1.EnvVarSource{\n\t\t\t\tSecretKeyRef: &corev1.SecretKeySelector{\n\t\t\t\t\tKey: "token",',
    },
  ],
  nativeKeys: [
    {
      value: 'dapr.io/enable-native-sidecar',
      since: '1.18.0',
      source: TAG + ANNOTATIONS,
      quote: 'KeyEnableNativeSidecar              = "dapr.io/enable-native-sidecar"',
      absentAt: `dapr/dapr@v1.17.0:${ANNOTATIONS}`,
    },
  ],
  // The native daprd gets the readiness and liveness probes of the classic one, and only a
  // restartPolicy added: no startupProbe, so it holds nothing back (the same file, `if c.EnableNativeSidecar`).
  nativeUnprobed: [
    {
      value: true,
      since: '1.18.0',
      source: `${TAG}pkg/injector/patcher/sidecar_container.go`,
      quote: 'container.RestartPolicy = &policy',
    },
  ],
  injection: [
    {
      value: { key: 'dapr.io/enabled', at: 'pod', in: 'annotation', on: ['true'], off: ['false'] },
      source: TAG + ANNOTATIONS,
      quote: 'KeyEnabled                          = "dapr.io/enabled"',
    },
  ],
};
