import type { Profile } from './types.js';

export const linkerd: Profile = {
  name: 'linkerd',
  description: 'Linkerd proxy',
  containerName: 'linkerd-proxy',
  readiness: { http: 'http://127.0.0.1:4191/ready' },
  waitCommand: ['/usr/lib/linkerd/linkerd-await', '--timeout=2m', '--port=4191'],
  shutdown: { http: 'http://127.0.0.1:4191/shutdown', method: 'POST' },
  // The shutdown endpoint is off by default since Linkerd 2.16.
  shutdownAnnotations: { 'config.linkerd.io/proxy-admin-shutdown': 'enabled' },
  timeoutSeconds: 120,
  initAfter: ['linkerd-init', 'linkerd-network-validator'],
  proxyUid: 2102,
};
