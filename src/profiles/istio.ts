import type { Profile } from './types.js';

export const istio: Profile = {
  name: 'istio',
  description: 'Istio proxy (Envoy + pilot-agent)',
  containerName: 'istio-proxy',
  readiness: { http: 'http://127.0.0.1:15021/healthz/ready' },
  waitCommand: ['pilot-agent', 'wait'],
  // POST only, and only from localhost (Istio >= 1.3).
  shutdown: { http: 'http://127.0.0.1:15020/quitquitquit', method: 'POST' },
  timeoutSeconds: 120,
  initAfter: ['istio-init', 'istio-validation'],
  proxyUid: 1337,
};
