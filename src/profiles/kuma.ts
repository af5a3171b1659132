import type { Profile } from './types.js';

export const kuma: Profile = {
  name: 'kuma',
  description: 'Kuma data plane proxy',
  containerName: 'kuma-sidecar',
  readiness: { http: 'http://127.0.0.1:9901/ready' },
  waitCommand: ['kuma-dp', 'wait', '--url', 'http://localhost:9901/ready'],
  timeoutSeconds: 180,
  initAfter: ['kuma-init'],
  proxyUid: 5678,
};
