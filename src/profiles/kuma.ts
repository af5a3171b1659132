import type { VendorTable } from './types.js';

const TAG = 'kumahq/kuma@v2.14.0:';
const DEFAULTS = 'pkg/config/app/kuma-cp/kuma-cp.defaults.yaml';
const ANNOTATIONS = 'pkg/plugins/runtime/k8s/metadata/annotations.go';
const WAIT = 'app/kuma-dp/cmd/wait.go';

export const kuma: VendorTable = {
  name: 'kuma',
  description: 'Kuma data plane proxy',
  releases: { oldest: '2.4.0', newest: '2.14.0', scheme: 'x.y.z, from the kuma-dp image tag' },
  timeoutSeconds: 180,
  images: [{ value: { image: '*/kuma-dp', tag: '^(\\d+\\.\\d+\\.\\d+)' }, source: `kumahq/kuma@v2.13.0:${DEFAULTS}`, quote: 'image: kuma/kuma-dp:latest' }],
  containerName: [{ value: 'kuma-sidecar', source: `${TAG}pkg/plugins/runtime/k8s/util/names.go`, quote: 'KumaSidecarContainerName       = "kuma-sidecar"' }],
  // 2.14 moved the admin API to a Unix socket; readiness has its own port (factory.go, probePort).
  readiness: [
    { value: { http: 'http://127.0.0.1:9901/ready' }, until: '2.14.0', source: `kumahq/kuma@v2.13.0:${DEFAULTS}`, quote: 'adminPort: 9901', whenUnknown: true },
    {
      value: { http: 'http://127.0.0.1:9902/ready' },
      since: '2.14.0',
      source: TAG + DEFAULTS,
      quote: 'readinessPort: 9902',
      absentAt: `kumahq/kuma@v2.13.0:${DEFAULTS}`,
    },
  ],
  waitCommand: [
    {
      value: ['kuma-dp', 'wait', '--url', 'http://localhost:9901/ready'],
      since: '2.4.0',
      until: '2.14.0',
      source: `kumahq/kuma@v2.13.0:${WAIT}`,
      quote: '"url", "http://localhost:9901/ready"',
      whenUnknown: true,
    },
    {
      value: ['kuma-dp', 'wait', '--url', 'http://localhost:9902/ready'],
      since: '2.14.0',
      source: `${TAG}pkg/plugins/runtime/k8s/containers/factory.go`,
      quote: '"kuma-dp", "wait", "--url", fmt.Sprintf("http://localhost:%d/ready", probePort)',
    },
  ],
  waitBudget: [
    {
      value: { flag: '--timeout', unit: 'duration' },
      since: '2.4.0',
      source: TAG + WAIT,
      quote: '"timeout", 180*time.Second',
      absentAt: `kumahq/kuma@2.3.0:${WAIT}`,
    },
  ],
  ports: [
    {
      value: { url: 'readiness', annotation: 'kuma.io/envoy-admin-port', default: '9901' },
      until: '2.14.0',
      source: `kumahq/kuma@v2.13.0:${ANNOTATIONS}`,
      quote: '"kuma.io/envoy-admin-port"',
    },
  ],
  setupInit: [{ value: 'kuma-init', source: `${TAG}pkg/plugins/runtime/k8s/util/names.go`, quote: 'KumaInitContainerName          = "kuma-init"' }],
  proxyUid: [{ value: 5678, source: TAG + DEFAULTS, quote: 'uid: 5678 # ENV: KUMA_RUNTIME_KUBERNETES_INJECTOR_SIDECAR_CONTAINER_UID' }],
  // The injector makes kuma-sidecar native when the control plane's experimental.sidecarContainers
  // is on and the API server is 1.29 or later (plugin.go, sidecarContainerVersion); on by default
  // from 2.14.0 (off in 2.13). No pod annotation chooses it.
  nativeByDefault: [
    {
      value: { kubernetes: '1.29' },
      since: '2.14.0',
      source: TAG + DEFAULTS,
      quote: 'sidecarContainers: true # ENV: KUMA_EXPERIMENTAL_SIDECAR_CONTAINERS',
      absentAt: `kumahq/kuma@v2.13.0:${DEFAULTS}`,
      also: [
        { source: `${TAG}pkg/plugins/runtime/k8s/plugin.go`, quote: 'semver.New(1, 29, 0, "", "")' },
        { source: `${TAG}pkg/plugins/runtime/k8s/plugin.go`, quote: 'sidecarContainersEnabled = rt.Config().Experimental.SidecarContainers' },
        {
          source: `${TAG}pkg/plugins/runtime/k8s/webhooks/injector/injector.go`,
          quote: 'patchedContainer.RestartPolicy = pointer.To(kube_core.ContainerRestartPolicyAlways)',
        },
      ],
    },
  ],
  injection: [
    {
      value: { key: 'kuma.io/sidecar-injection', at: 'pod', in: 'both', on: ['enabled', 'true'], off: ['disabled', 'false'] },
      source: TAG + ANNOTATIONS,
      quote: 'KumaSidecarInjectionAnnotation = "kuma.io/sidecar-injection"',
    },
    {
      value: { key: 'kuma.io/sidecar-injection', at: 'namespace', in: 'both', on: ['enabled', 'true'], off: ['disabled', 'false'] },
      source: TAG + ANNOTATIONS,
      quote: 'KumaSidecarInjectionAnnotation = "kuma.io/sidecar-injection"',
    },
  ],
  switches: [
    {
      value: { name: 'waitReady', key: 'kuma.io/wait-for-dataplane-ready' },
      source: TAG + ANNOTATIONS,
      quote: 'KumaWaitForDataplaneReady = "kuma.io/wait-for-dataplane-ready"',
    },
  ],
};
