import type { VendorTable } from './types.js';

const TAG = 'envoyproxy/envoy@c8ffcdb66f01fff936943a4d91f9ba80ce461ed4:';
const ADMIN = 'docs/root/operations/admin.rst';

/** Plain Envoy: the admin port is per deployment; 9901 is the common one. */
export const envoy: VendorTable = {
  name: 'envoy',
  description: 'Envoy proxy (admin port 9901 by default)',
  releases: { oldest: '1.20.0', newest: '1.36.0', scheme: 'x.y.z' },
  timeoutSeconds: 120,
  // The usual container name (Contour's Envoy DaemonSet names it so).
  containerName: [{ value: 'envoy', source: 'projectcontour/contour@v1.33.0:examples/contour/03-envoy.yaml', quote: 'name: envoy' }],
  readiness: [{ value: { http: 'http://127.0.0.1:9901/ready' }, source: TAG + ADMIN, quote: '.. http:get:: /ready' }],
  // GET gets 400: the admin endpoint wants POST.
  shutdown: [{ value: { http: 'http://127.0.0.1:9901/quitquitquit', method: 'POST' }, source: TAG + ADMIN, quote: '.. http:post:: /quitquitquit' }],
  mayBeTheWorkload: true,
};
