import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
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

/** What a fresh copy of bin/ and dist/ (no dist/cli.cjs.cache: a clone, an install) does with the code cache over runs under `node`. */
export interface FirstRuns {
  /** What the bin said of dist/'s cache on each run (POD_SEQUENCER_CODE_CACHE_CHECK): none, accepted, rejected, or '' (Node's compile cache in use). */
  said: string[];
  /** Whether dist/cli.cjs.cache existed after each run. */
  cached: boolean[];
  /** Files left in dist/ after the last run, besides the bundles and types. */
  left: string[];
  /** The copy's stdout on each run (the same input each time). */
  stdout: string[];
}

export function freshCopyRuns(node: string, runs = 2): FirstRuns {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-fresh-'));
  cpSync(join(ROOT, 'bin'), join(dir, 'bin'), { recursive: true });
  mkdirSync(join(dir, 'dist'));
  for (const f of ['cli.cjs', 'index.cjs']) cpSync(join(ROOT, 'dist', f), join(dir, 'dist', f));
  const env: NodeJS.ProcessEnv = { ...process.env, POD_SEQUENCER_CODE_CACHE_CHECK: '1', XDG_CACHE_HOME: join(dir, 'xdg') };
  delete env.POD_SEQUENCER_CODE_CACHE_OUT;
  delete env.NODE_COMPILE_CACHE;
  const input = readFileSync(join(ROOT, 'examples', 'quickstart', 'resource-list.yaml'), 'utf8');
  const result: FirstRuns = { said: [], cached: [], left: [], stdout: [] };
  for (let i = 0; i < runs; i++) {
    const r = run(node, [join(dir, 'bin', 'pod-sequencer.cjs')], { input, env });
    result.said.push(/^code cache: (\w+)$/m.exec(r.stderr)?.[1] ?? '');
    result.cached.push(existsSync(join(dir, 'dist', 'cli.cjs.cache')));
    result.stdout.push(r.stdout);
  }
  result.left = readdirSync(join(dir, 'dist')).filter((f) => !['cli.cjs', 'index.cjs', 'cli.cjs.cache'].includes(f));
  return result;
}
