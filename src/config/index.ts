export { loadConfig, type LoadOptions } from './load.js';
export { defaultConfig } from './resolve.js';
export { dependencyName, parseDependencyList, parseDependencyUrl } from './dependencies.js';
export { apiVersion, kind, nativeSidecarMinor } from './spec.js';
export type * from './types.js';
