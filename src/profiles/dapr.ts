import type { Profile } from './types.js';

export const dapr: Profile = {
  name: 'dapr',
  description: 'Dapr sidecar (daprd)',
  containerName: 'daprd',
  // Answers 204 once the sidecar can serve outbound calls.
  readiness: { http: 'http://127.0.0.1:3500/v1.0/healthz/outbound' },
  shutdown: { http: 'http://127.0.0.1:3500/v1.0/shutdown', method: 'POST' },
  timeoutSeconds: 120,
  initAfter: [],
};
