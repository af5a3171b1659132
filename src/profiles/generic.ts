import type { VendorTable } from './types.js';

/** Any other sidecar: name or image glob and readiness come from the config. */
export const generic: VendorTable = {
  name: 'generic',
  description: 'any sidecar, described entirely by the config',
  releases: { oldest: '-', newest: '-', scheme: 'none' },
  timeoutSeconds: 120,
};
