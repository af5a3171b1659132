import type { Profile } from './types.js';

/** Any other sidecar: name or image glob and readiness come from the config. */
export const generic: Profile = {
  name: 'generic',
  description: 'any sidecar, described entirely by the config',
  timeoutSeconds: 120,
  initAfter: [],
};
