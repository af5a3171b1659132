/** Library API (placeholder until the library issue): re-exports the filter. */
export { runFilter } from './run.js';
export type { FilterOutcome, FilterOptions } from './run.js';
export type { Result } from './krm/types.js';
