import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT, run } from './cli.js';

/**
 * Two runs of the bin under `node` (22.1+) with an empty cache directory: whether Node's debug log
 * says the second run took the bundle's compile cache, which V8 refuses when its flags differ.
 */
export function compileCacheAccepted(node: string): boolean {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'pod-seq-xdg-')), NODE_DEBUG_NATIVE: 'COMPILE_CACHE' };
  delete env.NODE_COMPILE_CACHE;
  delete env.NODE_DISABLE_COMPILE_CACHE;
  const input = readFileSync(join(ROOT, 'examples', 'quickstart', 'resource-list.yaml'), 'utf8');
  run(node, [BIN], { input, env });
  return /cache for (?:CommonJS )?\S*cli\.cjs was accepted/.test(run(node, [BIN], { input, env }).stderr);
}
