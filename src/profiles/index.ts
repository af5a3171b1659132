import type { ProfileName } from '../config/types.js';
import { cloudSqlProxy } from './cloud-sql-proxy.js';
import { dapr } from './dapr.js';
import { envoy } from './envoy.js';
import { generic } from './generic.js';
import { istio } from './istio.js';
import { kuma } from './kuma.js';
import { linkerd } from './linkerd.js';
import type { Profile } from './types.js';
import { vault } from './vault.js';

export type { Profile } from './types.js';

export const profiles: Record<ProfileName, Profile> = {
  istio,
  linkerd,
  envoy,
  'cloud-sql-proxy': cloudSqlProxy,
  dapr,
  vault,
  kuma,
  generic,
};

export const profileNames = Object.keys(profiles) as ProfileName[];
