/**
 * Builds the standalone validator before loading the config module, so `npx vitest run test/config`
 * works in a fresh clone too (`npm test` builds first anyway). Writes are atomic: safe in parallel.
 */
import { fileURLToPath } from 'node:url';
import { buildValidator } from '../../scripts/build-validator.mjs';
import type { Result } from '../../src/krm/types.js';

export const root = fileURLToPath(new URL('../..', import.meta.url));
await buildValidator(root);
const config = await import('../../src/config/index.js');

export const { loadConfig, defaultConfig, parseDependencyList } = config;

/** The messages of a config's errors, for compact assertions. */
export function messages(fnConfig: unknown): string[] {
  return loadConfig(fnConfig).errors.map((e: Result) => e.message);
}

export function typed(spec: unknown, metadata: unknown = { name: 'ordering' }) {
  return { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata, spec };
}

export function configMap(data: unknown) {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'function-input' }, data };
}
