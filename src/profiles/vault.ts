import type { Profile } from './types.js';

/** Vault agent has no readiness endpoint: it can be ordered and shut down, not awaited. */
export const vault: Profile = {
  name: 'vault',
  description: 'Vault agent',
  containerName: 'vault-agent',
  shutdown: { http: 'http://127.0.0.1:8200/agent/v1/quit', method: 'POST' },
  shutdownAnnotations: { 'vault.hashicorp.com/agent-enable-quit': 'true' },
  timeoutSeconds: 120,
  initAfter: ['vault-agent-init'],
};
