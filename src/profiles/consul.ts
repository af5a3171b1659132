import type { VendorTable } from './types.js';

const TAG = 'hashicorp/consul-k8s@v2.0.3:';
const ANNOTATIONS = 'control-plane/connect-inject/constants/annotations_and_labels.go';
const CONSTANTS = 'control-plane/connect-inject/constants/constants.go';
const SIDECAR = 'control-plane/connect-inject/webhook/consul_dataplane_sidecar.go';
const WEBHOOK = 'control-plane/connect-inject/webhook/mesh_webhook.go';
const INIT = 'control-plane/connect-inject/webhook/container_init.go';
const VALUES = 'charts/consul/values.yaml';

/**
 * consul-k8s's connect injector and the consul-dataplane it adds (one chart release pins both:
 * values.yaml `imageConsulDataplane`). Proxy lifecycle (the graceful shutdown endpoint a Job's
 * app calls) came in 1.2.1 (also backported to 1.1.3 and 1.0.8: CHANGELOG.md, GH-2233); the
 * native dataplane in 1.9.0.
 */
export const consul: VendorTable = {
  name: 'consul',
  description: 'Consul dataplane (consul-k8s connect injector)',
  releases: { oldest: '1.2.1', newest: '2.0.3', scheme: 'x.y.z, the consul-k8s release; its chart pins the consul-dataplane image of the same number' },
  timeoutSeconds: 120,
  images: [{ value: { image: '*/consul-dataplane', tag: '^v?(\\d+\\.\\d+\\.\\d+)' }, source: TAG + VALUES, quote: 'hashicorp/consul-dataplane:' }],
  containerName: [{ value: 'consul-dataplane', source: TAG + WEBHOOK, quote: 'sidecarContainer = "consul-dataplane"' }],
  // Envoy's admin listener, which consul-dataplane binds on the pod's loopback (port 19000, one up
  // per extra service of a multi-port pod); Envoy answers GET /ready with 200 once LIVE.
  readiness: [
    {
      value: { http: 'http://127.0.0.1:19000/ready' },
      source: TAG + SIDECAR,
      quote: 'fmt.Sprintf("-envoy-admin-bind-port=%d", 19000+mpi.serviceIndex)',
      also: [{ source: TAG + SIDECAR, quote: '"-envoy-admin-bind-address=" + envoyAdminBindAddress,' }],
    },
  ],
  // The app ends the dataplane by POST /graceful_shutdown on the graceful port (the project's own
  // Job test: acceptance/tests/connect/connect_proxy_lifecycle_test.go,
  // TestConnectInject_ProxyLifecycleShutdownJob); the listener is on the loopback (-graceful-addr).
  shutdown: [
    {
      value: { http: 'http://127.0.0.1:20600/graceful_shutdown', method: 'POST' },
      since: '1.2.1',
      source: TAG + CONSTANTS,
      quote: 'DefaultGracefulShutdownPath = "/graceful_shutdown"',
      absentAt: `hashicorp/consul-k8s@v1.2.0:${CONSTANTS}`,
      also: [
        { source: TAG + CONSTANTS, quote: 'DefaultGracefulPort = 20600' },
        { source: TAG + SIDECAR, quote: '"-graceful-addr=" + consulDPBindAddress,' },
        {
          source: 'hashicorp/consul-k8s@v2.0.3:acceptance/tests/connect/connect_proxy_lifecycle_test.go',
          quote: '"-XPOST", "http://localhost:20600/graceful_shutdown"',
        },
      ],
    },
  ],
  // Lifecycle is on by default in the chart (connectInject.sidecarProxy.lifecycle.defaultEnabled),
  // which an operator may turn off; the pod's annotation wins over that default.
  shutdownSwitch: [
    {
      value: { annotations: { 'consul.hashicorp.com/enable-sidecar-proxy-lifecycle': 'true' } },
      since: '1.2.1',
      source: `${TAG}control-plane/connect-inject/lifecycle/lifecycle_configuration.go`,
      quote: 'if raw, ok := pod.Annotations[constants.AnnotationEnableSidecarProxyLifecycle]; ok && raw != "" {',
      absentAt: 'hashicorp/consul-k8s@v1.2.0:control-plane/connect-inject/lifecycle/lifecycle_configuration.go',
      also: [{ source: TAG + VALUES, quote: 'defaultEnabled: true' }],
    },
  ],
  // The injector passes each port to consul-dataplane as a flag: the graceful port always (from
  // the annotation, else 20600), Envoy's admin port only in a multi-port pod (19000 + the index).
  ports: [
    {
      value: { url: 'shutdown', flag: '-graceful-port', annotation: 'consul.hashicorp.com/sidecar-proxy-lifecycle-graceful-port', default: '20600' },
      since: '1.2.1',
      source: TAG + ANNOTATIONS,
      quote: 'AnnotationSidecarProxyLifecycleGracefulPort                 = "consul.hashicorp.com/sidecar-proxy-lifecycle-graceful-port"',
      absentAt: `hashicorp/consul-k8s@v1.2.0:${ANNOTATIONS}`,
      also: [{ source: TAG + SIDECAR, quote: 'args = append(args, fmt.Sprintf("-graceful-port=%d", gracefulPort))' }],
    },
    {
      value: { url: 'readiness', flag: '-envoy-admin-bind-port', default: '19000' },
      source: TAG + SIDECAR,
      quote: 'fmt.Sprintf("-envoy-admin-bind-port=%d", 19000+mpi.serviceIndex)',
    },
  ],
  // The quit path an annotation may move (lifecycle_configuration.go GracefulShutdownPath: the
  // annotation when set and not empty, else the default; passed as -graceful-shutdown-path).
  paths: [
    {
      value: {
        url: 'shutdown',
        flag: '-graceful-shutdown-path',
        annotation: 'consul.hashicorp.com/sidecar-proxy-lifecycle-graceful-shutdown-path',
        default: '/graceful_shutdown',
      },
      since: '1.2.1',
      source: TAG + ANNOTATIONS,
      quote: 'AnnotationSidecarProxyLifecycleGracefulShutdownPath         = "consul.hashicorp.com/sidecar-proxy-lifecycle-graceful-shutdown-path"',
      absentAt: `hashicorp/consul-k8s@v1.2.0:${ANNOTATIONS}`,
      also: [
        {
          source: `${TAG}control-plane/connect-inject/lifecycle/lifecycle_configuration.go`,
          quote: 'if raw, ok := pod.Annotations[constants.AnnotationSidecarProxyLifecycleGracefulShutdownPath]; ok && raw != "" {',
        },
        { source: TAG + SIDECAR, quote: 'args = append(args, fmt.Sprintf("-graceful-shutdown-path=%s", gracefulShutdownPath))' },
      ],
    },
  ],
  // A multi-port pod (connect-service lists two or more services, split at "," as written) gets a
  // dataplane per service, consul-dataplane-<service>, its Envoy admin and graceful ports up by the
  // service's index.
  perService: [
    {
      value: { annotation: 'consul.hashicorp.com/connect-service', separator: ',' },
      source: TAG + WEBHOOK,
      quote: 'annotatedSvcNames = strings.Split(anno, ",")',
      also: [
        { source: TAG + ANNOTATIONS, quote: 'AnnotationService = "consul.hashicorp.com/connect-service"' },
        { source: TAG + SIDECAR, quote: 'containerName = fmt.Sprintf("%s-%s", sidecarContainer, mpi.serviceName)' },
        { source: TAG + SIDECAR, quote: 'gracefulPort = gracefulPort + mpi.serviceIndex' },
        { source: TAG + SIDECAR, quote: 'fmt.Sprintf("-envoy-admin-bind-port=%d", 19000+mpi.serviceIndex)' },
      ],
    },
  ],
  setupInit: [{ value: 'consul-connect-inject-init', source: TAG + INIT, quote: 'injectInitContainerName      = "consul-connect-inject-init"' }],
  proxyUid: [{ value: 5995, source: TAG + INIT, quote: 'sidecarUserAndGroupID        = 5995' }],
  // The injector makes consul-dataplane an init container with restartPolicy Always and an exec
  // startupProbe (`consul-dataplane -check-proxy-health`), after the pod's own init containers;
  // off by default (values.yaml dataplaneAsSidecarInitContainer.defaultEnabled: false).
  nativeKeys: [
    {
      value: 'consul.hashicorp.com/enable-consul-dataplane-as-sidecar',
      since: '1.9.0',
      source: `hashicorp/consul-k8s@v1.9.0:${ANNOTATIONS}`,
      quote: 'AnnotationEnableConsulDataplaneAsSidecar       = "consul.hashicorp.com/enable-consul-dataplane-as-sidecar"',
      absentAt: `hashicorp/consul-k8s@v1.8.0:${ANNOTATIONS}`,
      also: [
        { source: TAG + SIDECAR, quote: 'container.RestartPolicy = &restartPolicy' },
        { source: TAG + SIDECAR, quote: '"-check-proxy-health",' },
        { source: TAG + WEBHOOK, quote: 'pod.Spec.InitContainers = append(pod.Spec.InitContainers, envoySidecar)' },
      ],
    },
  ],
  nativeNeedsRelease: true,
  // Only pods that ask (the chart's connectInject.default: false makes the injector require the
  // annotation), read with Go's strconv.ParseBool.
  injection: [
    {
      value: {
        key: 'consul.hashicorp.com/connect-inject',
        at: 'pod',
        in: 'annotation',
        on: ['true', '1', 't', 'T', 'TRUE', 'True'],
        off: ['false', '0', 'f', 'F', 'FALSE', 'False'],
      },
      source: TAG + WEBHOOK,
      quote: 'if raw, ok := pod.Annotations[constants.AnnotationInject]; ok {',
      also: [
        { source: TAG + ANNOTATIONS, quote: 'AnnotationInject = "consul.hashicorp.com/connect-inject"' },
        { source: TAG + WEBHOOK, quote: 'return strconv.ParseBool(raw)' },
        { source: TAG + VALUES, quote: '  default: false' },
      ],
    },
  ],
  switches: [
    {
      value: { name: 'shutdown', key: 'consul.hashicorp.com/enable-sidecar-proxy-lifecycle' },
      since: '1.2.1',
      source: TAG + ANNOTATIONS,
      quote: 'AnnotationEnableSidecarProxyLifecycle                       = "consul.hashicorp.com/enable-sidecar-proxy-lifecycle"',
      absentAt: `hashicorp/consul-k8s@v1.2.0:${ANNOTATIONS}`,
    },
  ],
};
