import type { VendorTable } from './types.js';

const TAG = 'envoyproxy/envoy@c8ffcdb66f01fff936943a4d91f9ba80ce461ed4:';
const ADMIN = 'docs/root/operations/admin.rst';

/**
 * Plain Envoy has no admin listener of its own: one exists only where the bootstrap it loads has
 * an `admin` block with an address (the quick start's "is required to enable and configure the
 * administration server"), and the operations guide advises binding it to 127.0.0.1. So this
 * table has no readiness or quit URL: src/pod/bootstrap.ts reads the admin address from the
 * bootstrap in the input and puts these paths on it.
 */
export const envoy: VendorTable = {
  name: 'envoy',
  description: 'Envoy proxy (its admin listener, if any, read from the bootstrap it loads)',
  releases: { oldest: '1.20.0', newest: '1.36.0', scheme: 'x.y.z' },
  timeoutSeconds: 120,
  // The usual container name (Contour's Envoy DaemonSet names it so).
  containerName: [{ value: 'envoy', source: 'projectcontour/contour@v1.33.0:examples/contour/03-envoy.yaml', quote: 'name: envoy' }],
  // GET /ready on the admin listener; the quit call is a POST (GET gets 400, a mutation).
  bootstrapAdmin: [
    {
      value: { pathFlags: ['-c', '--config-path'], inlineFlag: '--config-yaml', readinessPath: '/ready', shutdownPath: '/quitquitquit' },
      source: `${TAG}docs/root/start/quick-start/admin.rst`,
      quote: 'is required to enable and configure',
      also: [
        { source: TAG + ADMIN, quote: '.. http:get:: /ready' },
        { source: TAG + ADMIN, quote: '.. http:post:: /quitquitquit' },
        { source: TAG + ADMIN, quote: 'socket_address: { address: 127.0.0.1, port_value: 9901 }' },
        { source: `${TAG}docs/root/operations/cli.rst`, quote: '.. option:: --config-yaml' },
      ],
    },
  ],
  mayBeTheWorkload: true,
};
