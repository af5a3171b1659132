import type { VendorTable } from './types.js';

const TAG = 'linkerd/linkerd2@version-2.20:';
const LABELS = 'pkg/k8s/labels.go';
const PROXY = 'charts/partials/templates/_proxy.tpl';
const VALUES = 'charts/linkerd-control-plane/values.yaml';
/** The proxy's own source (linkerd/linkerd2-proxy): what its admin server does. */
const PROXY_SRC = 'linkerd/linkerd2-proxy@release/v2.366.0:';

export const linkerd: VendorTable = {
  name: 'linkerd',
  description: 'Linkerd proxy',
  releases: {
    oldest: '2.15',
    newest: '2.20',
    scheme: 'stable minor 2.x; image tags stable-2.x.y, and edge-YY.M.N read as the minor whose facts it has (the edge rows; older edges: unknown)',
  },
  timeoutSeconds: 120,
  images: [
    { value: { image: '*/linkerd/proxy', tag: '^stable-(\\d+\\.\\d+\\.\\d+)$' }, source: TAG + VALUES, quote: 'name: cr.l5d.io/linkerd/proxy' },
    { value: { image: '*/linkerd/proxy', tag: '^(edge-\\d+\\.\\d+\\.\\d+)$' }, source: TAG + VALUES, quote: 'name: cr.l5d.io/linkerd/proxy' },
  ],
  // The open-source project ships edge releases; its version-2.N tags sit on edge commits
  // (version-2.17 on edge-24.11.8, version-2.19 on edge-25.10.7), and the facts of a minor come in
  // edges before its tag. So each row is the first edge that has a fact whose row starts at that
  // minor, and says so by the fact's own quote there (absent at the edge before): an edge reads as
  // the minor whose facts it has. test/profiles/edges.test.ts holds every `since` of this table to a row.
  edges: [
    {
      value: { edge: 'edge-23.11.4', as: '2.15' },
      source: `linkerd/linkerd2@edge-23.11.4:${LABELS}`,
      quote: 'ProxyConfigAnnotationsPrefixAlpha + "/proxy-enable-native-sidecar"',
      absentAt: `linkerd/linkerd2@edge-23.11.3:${LABELS}`,
    },
    {
      value: { edge: 'edge-24.6.2', as: '2.16' },
      source: `linkerd/linkerd2@edge-24.6.2:${PROXY}`,
      quote: '- name: LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED',
      absentAt: `linkerd/linkerd2@edge-24.6.1:${PROXY}`,
    },
    {
      value: { edge: 'edge-25.10.2', as: '2.19' },
      source: `linkerd/linkerd2@edge-25.10.2:${LABELS}`,
      quote: 'ProxyConfigAnnotationsPrefixBeta + "/proxy-enable-native-sidecar"',
      absentAt: `linkerd/linkerd2@edge-25.10.1:${LABELS}`,
    },
    {
      value: { edge: 'edge-26.5.2', as: '2.20' },
      source: `linkerd/linkerd2@edge-26.5.2:${LABELS}`,
      quote: 'ProxyEnableNativeSidecarAnnotation = ProxyConfigAnnotationsPrefix + "/proxy-enable-native-sidecar"',
      absentAt: `linkerd/linkerd2@edge-26.5.1:${LABELS}`,
    },
  ],
  containerName: [{ value: 'linkerd-proxy', source: TAG + LABELS, quote: 'ProxyContainerName = "linkerd-proxy"' }],
  readiness: [{ value: { http: 'http://127.0.0.1:4191/ready' }, source: TAG + VALUES, quote: 'admin: 4191' }],
  waitCommand: [{ value: ['/usr/lib/linkerd/linkerd-await', '--timeout=2m', '--port=4191'], source: TAG + PROXY, quote: '- /usr/lib/linkerd/linkerd-await' }],
  waitBudget: [{ value: { flag: '--timeout', unit: 'duration' }, source: TAG + PROXY, quote: '- --timeout=2m' }],
  shutdown: [
    {
      value: { http: 'http://127.0.0.1:4191/shutdown', method: 'POST' },
      source: TAG + LABELS,
      quote: 'LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED config',
      // The endpoint is the proxy's (linkerd2-proxy); 2.15's own notes name it, from 2.11 on.
      also: [
        { source: 'linkerd/linkerd2@version-2.15:CHANGES.md', quote: 'Added a new `/shutdown` admin endpoint that may only be accessed over the' },
        // The proxy answers POST /shutdown only from the pod's loopback: the wrapper, in an app
        // container of the same pod, calls 127.0.0.1 (issue 27).
        { source: `${PROXY_SRC}linkerd/app/admin/src/server.rs`, quote: 'if Self::client_is_localhost(&req) {' },
      ],
    },
  ],
  // Off by default since 2.16: the injector turns it on from the annotation; a proxy already in
  // the manifest reads only its own env.
  shutdownSwitch: [
    { value: {}, since: '2.15', until: '2.16', source: `linkerd/linkerd2@version-2.15:${PROXY}`, quote: 'LINKERD2_PROXY_ADMIN_LISTEN_ADDR' },
    {
      value: { annotations: { 'config.linkerd.io/proxy-admin-shutdown': 'enabled' }, env: { LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED: 'true' } },
      since: '2.16',
      source: `linkerd/linkerd2@version-2.16:${PROXY}`,
      quote: '- name: LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED',
      absentAt: `linkerd/linkerd2@version-2.15:${PROXY}`,
      // The proxy reads the env, off unless set (unwrap_or_default), and answers 404 while off:
      // a manifest's "false" is a wrapper known to fail (src/pod/switch.ts, issue 27).
      also: [
        { source: `${PROXY_SRC}linkerd/app/src/env.rs`, quote: 'enable_shutdown: shutdown_endpoint_enabled?.unwrap_or_default(),' },
        { source: `${PROXY_SRC}linkerd/app/admin/src/server.rs`, quote: 'shutdown endpoint is not enabled' },
      ],
    },
  ],
  ports: [
    {
      value: { url: 'readiness', annotation: 'config.linkerd.io/admin-port', default: '4191' },
      source: TAG + LABELS,
      quote: 'ProxyAdminPortAnnotation = ProxyConfigAnnotationsPrefix + "/admin-port"',
    },
    {
      value: { url: 'shutdown', annotation: 'config.linkerd.io/admin-port', default: '4191' },
      source: TAG + LABELS,
      quote: 'ProxyAdminPortAnnotation = ProxyConfigAnnotationsPrefix + "/admin-port"',
    },
  ],
  setupInit: [
    { value: 'linkerd-init', source: TAG + LABELS, quote: 'InitContainerName = "linkerd-init"' },
    { value: 'linkerd-network-validator', source: `${TAG}charts/partials/templates/_network-validator.tpl`, quote: 'name: linkerd-network-validator' },
  ],
  proxyUid: [{ value: 2102, source: TAG + VALUES, quote: 'uid: 2102' }],
  // Newest first: the first key present on a pod decides. Every release 2.15-2.20 reads the alpha key.
  nativeKeys: [
    {
      value: 'config.linkerd.io/proxy-enable-native-sidecar',
      since: '2.20',
      source: TAG + LABELS,
      quote: 'ProxyEnableNativeSidecarAnnotation = ProxyConfigAnnotationsPrefix + "/proxy-enable-native-sidecar"',
      absentAt: `linkerd/linkerd2@version-2.19:${LABELS}`,
    },
    {
      value: 'config.beta.linkerd.io/proxy-enable-native-sidecar',
      since: '2.19',
      source: `linkerd/linkerd2@version-2.19:${LABELS}`,
      quote: 'ProxyConfigAnnotationsPrefixBeta + "/proxy-enable-native-sidecar"',
      absentAt: `linkerd/linkerd2@version-2.18:${LABELS}`,
    },
    {
      value: 'config.alpha.linkerd.io/proxy-enable-native-sidecar',
      since: '2.15',
      source: `linkerd/linkerd2@version-2.15:${LABELS}`,
      quote: 'ProxyConfigAnnotationsPrefixAlpha + "/proxy-enable-native-sidecar"',
      absentAt: `linkerd/linkerd2@stable-2.14.0:${LABELS}`,
      whenUnknown: true,
    },
  ],
  // The injector gives a native proxy its startupProbe only with proxy-await on.
  nativeProbeNeeds: [{ value: 'await', since: '2.15', source: TAG + PROXY, quote: '{{- if and .Values.proxy.nativeSidecar .Values.proxy.await }}' }],
  injection: [
    {
      value: { key: 'linkerd.io/inject', at: 'pod', in: 'annotation', on: ['enabled', 'ingress'], off: ['disabled'] },
      source: TAG + LABELS,
      quote: 'ProxyInjectAnnotation = Prefix + "/inject"',
    },
    {
      value: { key: 'linkerd.io/inject', at: 'namespace', in: 'annotation', on: ['enabled', 'ingress'], off: ['disabled'] },
      source: TAG + LABELS,
      quote: 'ProxyInjectAnnotation = Prefix + "/inject"',
    },
  ],
  switches: [
    {
      value: { name: 'await', key: 'config.linkerd.io/proxy-await' },
      source: TAG + LABELS,
      quote: 'ProxyAwait = ProxyConfigAnnotationsPrefix + "/proxy-await"',
    },
    {
      value: { name: 'shutdown', key: 'config.linkerd.io/proxy-admin-shutdown' },
      since: '2.16',
      source: TAG + LABELS,
      quote: 'ProxyAdminShutdownAnnotation = ProxyConfigAnnotationsPrefix + "/proxy-admin-shutdown"',
    },
  ],
};
