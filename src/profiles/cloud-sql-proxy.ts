import type { Profile } from './types.js';

export const cloudSqlProxy: Profile = {
  name: 'cloud-sql-proxy',
  description: 'Cloud SQL Auth Proxy v2',
  containerName: 'cloud-sql-proxy',
  readiness: { http: 'http://127.0.0.1:9090/startup' },
  // v2.9+; it polls the same /startup endpoint, so it also needs --health-check. The image is
  // distroless with the binary at /, which is not on PATH.
  waitCommand: ['/cloud-sql-proxy', 'wait'],
  // Admin port 9091, not the health port.
  shutdown: { http: 'http://127.0.0.1:9091/quitquitquit', method: 'POST' },
  timeoutSeconds: 120,
  initAfter: [],
  // The health endpoints exist only with --health-check and listen on localhost unless told
  // otherwise; the kubelet's startupProbe comes from outside the pod's loopback.
  readinessArgs: ['--health-check'],
  probeArgs: ['--http-address=0.0.0.0'],
  shutdownArgs: ['--quitquitquit', '--health-check', '--exit-zero-on-sigterm'],
};
