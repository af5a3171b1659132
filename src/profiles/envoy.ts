import type { Profile } from './types.js';

/** Plain Envoy: the admin port is per deployment; 9901 is the common one. */
export const envoy: Profile = {
  name: 'envoy',
  description: 'Envoy proxy (admin port 9901 by default)',
  containerName: 'envoy',
  readiness: { http: 'http://127.0.0.1:9901/ready' },
  // GET gets 400: the admin endpoint wants POST.
  shutdown: { http: 'http://127.0.0.1:9901/quitquitquit', method: 'POST' },
  timeoutSeconds: 120,
  initAfter: [],
  mayBeTheWorkload: true,
};
