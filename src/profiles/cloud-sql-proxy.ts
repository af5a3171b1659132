import type { VendorTable } from './types.js';

const REPO = 'GoogleCloudPlatform/cloud-sql-proxy';
const TAG = `${REPO}@v2.25.3:`;
const ROOT = 'cmd/root.go';

/**
 * v2 (`cloud-sql-proxy` image and binary). v1 (`gce-proxy` image, `/cloud_sql_proxy`,
 * `-instances=`) has none of the rows below that start at 2.x: no health check, no `wait`, no
 * quit endpoint; it is ordered first and exits on SIGTERM only.
 */
export const cloudSqlProxy: VendorTable = {
  name: 'cloud-sql-proxy',
  description: 'Cloud SQL Auth Proxy (v2; v1 gce-proxy is ordered only)',
  releases: { oldest: '1.33.0', newest: '2.25.3', scheme: 'x.y.z from the image tag: cloud-sql-proxy (v2), gce-proxy (v1)' },
  timeoutSeconds: 120,
  images: [
    {
      value: { image: '*/cloud-sql-proxy', tag: '^v?(\\d+\\.\\d+(?:\\.\\d+)?)' },
      since: '2.0.0',
      source: `${TAG}README.md`,
      quote: 'gcr.io/cloud-sql-connectors/cloud-sql-proxy',
    },
    {
      value: { image: '*/gce-proxy', tag: '^v?(\\d+\\.\\d+(?:\\.\\d+)?)' },
      until: '2.0.0',
      source: `${REPO}@v1.33.0:README.md`,
      quote: 'gcr.io/cloudsql-docker/gce-proxy',
    },
  ],
  containerName: [
    {
      value: 'cloud-sql-proxy',
      source: `${TAG}examples/k8s-sidecar/job_with_sidecar.yaml`,
      quote: 'name: cloud-sql-proxy',
      also: [{ source: `${REPO}@v1.33.0:examples/k8s-health-check/proxy_with_http_health_check.yaml`, quote: '- name: cloud-sql-proxy' }],
    },
  ],
  readiness: [{ value: { http: 'http://127.0.0.1:9090/startup' }, since: '2.0.0', source: TAG + ROOT, quote: 'mux.HandleFunc("/startup", hc.HandleStartup)' }],
  // The health endpoints exist only with --health-check and listen on localhost unless told
  // otherwise; the kubelet's startupProbe comes from outside the pod's loopback.
  readinessArgs: [{ value: ['--health-check'], since: '2.0.0', source: TAG + ROOT, quote: '"health-check", false' }],
  probeArgs: [
    {
      value: ['--http-address=0.0.0.0'],
      since: '2.0.0',
      source: TAG + ROOT,
      quote: 'httpAddressFlag, "localhost"',
      also: [{ source: `${REPO}@v2.0.0:${ROOT}`, quote: 'pflags.StringVar(&c.conf.HTTPAddress, "http-address", "localhost",' }],
    },
  ],
  // The health endpoints' address: "localhost" unless the flag or its env form (viper,
  // CSQL_PROXY_ + the flag's name, cmd/root.go) says otherwise. One the user set to loopback is
  // kept: no native startupProbe then (src/pod/ports.ts, loopbackListener).
  listenAddress: [
    {
      value: { flag: '--http-address', env: 'CSQL_PROXY_HTTP_ADDRESS', default: 'localhost' },
      since: '2.0.0',
      source: TAG + ROOT,
      quote: 'globalFlags.StringVar(&c.conf.HTTPAddress, httpAddressFlag, "localhost",',
      also: [{ source: `${REPO}@v2.0.0:${ROOT}`, quote: 'pflags.StringVar(&c.conf.HTTPAddress, "http-address", "localhost",' }],
    },
  ],
  // It polls the same /startup endpoint, so it also needs --health-check. The image is distroless
  // with the binary at /, which is not on PATH.
  waitCommand: [
    { value: ['/cloud-sql-proxy', 'wait'], since: '2.8.0', source: `${REPO}@v2.8.0:${ROOT}`, quote: 'Use:  "wait"', absentAt: `${REPO}@v2.7.0:${ROOT}` },
  ],
  waitBudget: [{ value: { flag: '--max', unit: 'duration' }, since: '2.8.0', source: TAG + ROOT, quote: 'waitMaxFlag     = "max"' }],
  // Admin port 9091, not the health port.
  shutdown: [
    {
      value: { http: 'http://127.0.0.1:9091/quitquitquit', method: 'POST' },
      since: '2.1.0',
      source: TAG + ROOT,
      quote: 'm.HandleFunc("/quitquitquit"',
      absentAt: `${REPO}@v2.0.0:${ROOT}`,
    },
  ],
  shutdownSwitch: [
    { value: { args: ['--quitquitquit', '--health-check'] }, since: '2.1.0', until: '2.6.0', source: `${REPO}@v2.1.0:${ROOT}`, quote: '"quitquitquit", false' },
    {
      value: { args: ['--quitquitquit', '--health-check', '--exit-zero-on-sigterm'] },
      since: '2.6.0',
      source: TAG + ROOT,
      quote: '"exit-zero-on-sigterm", false',
      absentAt: `${REPO}@v2.5.0:${ROOT}`,
    },
  ],
  // A port set by a flag or its env form (CSQL_PROXY_ + the flag's name) is the port.
  ports: [
    {
      value: { url: 'readiness', flag: '--http-port', env: 'CSQL_PROXY_HTTP_PORT', default: '9090' },
      since: '2.0.0',
      source: TAG + ROOT,
      quote: 'httpPortFlag, "9090"',
      also: [{ source: `${REPO}@v2.0.0:${ROOT}`, quote: 'pflags.StringVar(&c.conf.HTTPPort, "http-port", "9090",' }],
    },
    {
      value: { url: 'shutdown', flag: '--admin-port', env: 'CSQL_PROXY_ADMIN_PORT', default: '9091' },
      since: '2.1.0',
      source: TAG + ROOT,
      quote: 'adminPortFlag, "9091"',
      also: [{ source: `${REPO}@v2.1.0:${ROOT}`, quote: 'pflags.StringVar(&c.conf.AdminPort, "admin-port", "9091",' }],
    },
  ],
};
