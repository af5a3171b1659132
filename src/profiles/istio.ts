import type { VendorTable } from './types.js';

const TAG = 'istio/istio@1.30.0:';
const TEMPLATE = 'manifests/charts/istio-control/istio-discovery/files/injection-template.yaml';
const WEBHOOK = 'manifests/charts/istio-control/istio-discovery/templates/mutatingwebhook.yaml';

export const istio: VendorTable = {
  name: 'istio',
  description: 'Istio proxy (Envoy + pilot-agent)',
  releases: { oldest: '1.22.0', newest: '1.30.0', scheme: 'x.y.z, from the proxyv2 image tag' },
  timeoutSeconds: 120,
  images: [
    {
      value: { image: '*/proxyv2', tag: '^(\\d+\\.\\d+(?:\\.\\d+)?)' },
      source: `${TAG}manifests/charts/istio-control/istio-discovery/values.yaml`,
      quote: 'image: proxyv2',
    },
  ],
  containerName: [{ value: 'istio-proxy', source: TAG + TEMPLATE, quote: '- name: istio-proxy' }],
  readiness: [
    {
      value: { http: 'http://127.0.0.1:15021/healthz/ready' },
      source: `${TAG}pilot/cmd/pilot-agent/app/wait.go`,
      quote: 'http://localhost:15021/healthz/ready',
    },
  ],
  waitCommand: [{ value: ['pilot-agent', 'wait'], source: `${TAG}pilot/cmd/pilot-agent/app/wait.go`, quote: 'Use:   "wait"' }],
  waitBudget: [{ value: { flag: '--timeoutSeconds', unit: 'seconds' }, source: `${TAG}pilot/cmd/pilot-agent/app/wait.go`, quote: '"timeoutSeconds", 60' }],
  // POST only, and only from localhost; on the status port (15020, or the pod's annotation).
  shutdown: [
    {
      value: { http: 'http://127.0.0.1:15020/quitquitquit', method: 'POST' },
      source: `${TAG}pilot/cmd/pilot-agent/status/server.go`,
      quote: '"/quitquitquit"',
    },
  ],
  ports: [
    {
      value: { url: 'shutdown', annotation: 'status.sidecar.istio.io/port', default: '15020' },
      since: '1.20.0',
      source: TAG + TEMPLATE,
      quote: 'annotation .ObjectMeta `status.sidecar.istio.io/port` .Values.global.proxy.statusPort',
    },
  ],
  setupInit: [
    { value: 'istio-init', source: TAG + TEMPLATE, quote: '- name: istio-init' },
    { value: 'istio-validation', source: TAG + TEMPLATE, quote: '- name: istio-validation' },
  ],
  proxyUid: [{ value: 1337, source: TAG + TEMPLATE, quote: '.ProxyUID | default "1337"' }],
  // 1.24-1.26 act only on the exact value "true"; 1.27+ are native unless "false" (default auto).
  nativeKeys: [
    {
      value: 'sidecar.istio.io/nativeSidecar',
      since: '1.24.0',
      source: `istio/istio@1.24.0:${TEMPLATE}`,
      quote: '(index .ObjectMeta.Annotations `sidecar.istio.io/nativeSidecar`) "true"',
      absentAt: `istio/istio@1.23.0:${TEMPLATE}`,
      also: [
        { source: TAG + TEMPLATE, quote: '(index .ObjectMeta.Annotations `sidecar.istio.io/nativeSidecar` | default (printf "%t" .NativeSidecars)) "false"' },
        // `$holdProxy := and (hold) (not $nativeSidecar)`: where this key makes the proxy native,
        // holdApplicationUntilProxyStarts decides nothing (src/sequence/mesh.ts, issue 27).
        { source: `istio/istio@1.24.0:${TEMPLATE}`, quote: '(not $nativeSidecar) }}' },
        { source: TAG + TEMPLATE, quote: '(not $nativeSidecar) }}' },
      ],
    },
  ],
  // From 1.27 the webhook's default is "auto": native when the pod's node (else every node) runs a
  // kubelet of 1.33 or later (webhook.go, DetectNativeSidecar). kubernetesVersion stands for the
  // kubelets here; `istioctl kube-inject`, with no cluster to ask, stays classic unless told.
  nativeByDefault: [
    {
      value: { kubernetes: '1.33' },
      since: '1.27.0',
      source: 'istio/istio@1.27.0:pilot/pkg/features/pilot.go',
      quote: 'env.Register("ENABLE_NATIVE_SIDECARS", "auto",',
      absentAt: 'istio/istio@1.26.0:pilot/pkg/features/pilot.go',
      also: [
        { source: 'istio/istio@1.27.0:pkg/kube/inject/webhook.go', quote: 'minVersion := 33' },
        { source: `${TAG}pilot/pkg/features/pilot.go`, quote: 'env.Register("ENABLE_NATIVE_SIDECARS", "auto",' },
        { source: `${TAG}pkg/kube/inject/webhook.go`, quote: 'minVersion := 33' },
      ],
    },
  ],
  injection: [
    {
      value: { key: 'sidecar.istio.io/inject', at: 'pod', in: 'label', on: ['true'], off: ['false'] },
      source: TAG + WEBHOOK,
      quote: 'key: sidecar.istio.io/inject',
    },
    {
      value: { key: 'sidecar.istio.io/inject', at: 'pod', in: 'annotation', on: ['true'], off: ['false'], offOnly: true },
      source: `${TAG}pkg/kube/inject/inject.go`,
      quote: 'objectSelector := annos[annotation.SidecarInject.Name]',
    },
    // Ambient mode: the Istio CNI hands the pod to ztunnel (its selector below); no sidecar is injected.
    {
      value: { key: 'istio.io/dataplane-mode', at: 'pod', in: 'label', on: [], off: ['ambient'] },
      source: `${TAG}manifests/charts/istio-cni/values.yaml`,
      quote: 'matchLabels: {istio.io/dataplane-mode: ambient}',
    },
    { value: { key: 'istio.io/rev', at: 'pod', in: 'label', on: '*', off: [] }, source: TAG + WEBHOOK, quote: 'key: istio.io/rev' },
    // istio-injection wins over istio.io/rev on a Namespace, as in Istio's webhook selectors.
    {
      value: { key: 'istio-injection', at: 'namespace', in: 'label', on: ['enabled'], off: ['disabled'] },
      source: TAG + WEBHOOK,
      quote: 'key: istio-injection',
    },
    {
      value: { key: 'istio.io/dataplane-mode', at: 'namespace', in: 'label', on: [], off: ['ambient'] },
      source: `${TAG}manifests/charts/istio-cni/values.yaml`,
      quote: 'matchLabels: {istio.io/dataplane-mode: ambient}',
    },
    { value: { key: 'istio.io/rev', at: 'namespace', in: 'label', on: '*', off: [] }, source: TAG + WEBHOOK, quote: 'key: istio.io/rev' },
  ],
  switches: [
    {
      value: { name: 'hold', key: 'proxy.istio.io/config', field: 'holdApplicationUntilProxyStarts' },
      source: TAG + TEMPLATE,
      quote: '.ProxyConfig.HoldApplicationUntilProxyStarts.GetValue',
    },
  ],
};
