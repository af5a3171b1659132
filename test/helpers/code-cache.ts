import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT, run } from './cli.js';

const QUICKSTART = join(ROOT, 'examples', 'quickstart', 'resource-list.yaml');

/** The bin's own code caches (bin/pod-sequencer.cjs `ownCache`: one per V8 version). */
const isCodeCache = (f: string) => /^cli\.cjs\..+\.cache$/.test(f);

/**
 * Two runs of the bin under `node` (22.1+) with an empty cache directory and Node's compile cache
 * in use: whether Node's debug log says the second run took the bundle's compile cache, which V8
 * refuses when its flags differ. `bin` is a copy whose dist/ the user cannot write (the only case
 * the bin leaves to Node's cache), `run` how to run a command as that user.
 */
export function compileCacheAccepted(node: string, bin = BIN, as: (argv: string[]) => string[] = (a) => a): boolean {
  const home = mkdtempSync(join(tmpdir(), 'pod-seq-xdg-'));
  chmodSync(home, 0o777);
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: home, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' };
  delete env.NODE_COMPILE_CACHE;
  delete env.NODE_DISABLE_COMPILE_CACHE;
  const input = readFileSync(QUICKSTART, 'utf8');
  const [cmd, ...args] = as([node, bin]);
  run(cmd!, args, { input, env });
  return /cache for (?:CommonJS )?\S*cli\.cjs was accepted/.test(run(cmd!, args, { input, env }).stderr);
}

/** What a fresh copy of bin/ and dist/ (no code cache: a clone, an install) does with the code cache over runs under `node`. */
export interface FirstRuns {
  /** What the bin said of dist/'s cache on each run (POD_SEQUENCER_CODE_CACHE_CHECK): none, accepted, rejected, or '' (Node's compile cache in use). */
  said: string[];
  /** Whether dist/ held a code cache of the bin's after each run. */
  cached: boolean[];
  /** Files left in dist/ after the last run, besides the bundles and the code cache. */
  left: string[];
  /** The copy's stdout on each run (the same input each time). */
  stdout: string[];
}

/** A copy of bin/ and dist/'s bundles, without the build's code cache; its bin's path. */
export function freshCopy(): { dir: string; bin: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-fresh-'));
  cpSync(join(ROOT, 'bin'), join(dir, 'bin'), { recursive: true });
  mkdirSync(join(dir, 'dist'));
  for (const f of ['cli.cjs', 'index.cjs']) cpSync(join(ROOT, 'dist', f), join(dir, 'dist', f));
  chmodSync(dir, 0o755);
  return { dir, bin: join(dir, 'bin', 'pod-sequencer.cjs') };
}

/**
 * `runs` runs of a fresh copy, each on the quickstart unless `inputs` gives that run's stdin;
 * `edit` may change the copy's bin first.
 */
export function freshCopyRuns(node: string, runs = 2, { inputs = [], edit }: { inputs?: string[]; edit?: (bin: string) => string } = {}): FirstRuns {
  const { dir, bin } = freshCopy();
  if (edit) writeFileSync(bin, edit(readFileSync(bin, 'utf8')));
  const env: NodeJS.ProcessEnv = { ...process.env, POD_SEQUENCER_CODE_CACHE_CHECK: '1', XDG_CACHE_HOME: join(dir, 'xdg') };
  delete env.POD_SEQUENCER_CODE_CACHE_OUT;
  delete env.NODE_COMPILE_CACHE;
  const quickstart = readFileSync(QUICKSTART, 'utf8');
  const result: FirstRuns = { said: [], cached: [], left: [], stdout: [] };
  for (let i = 0; i < runs; i++) {
    const r = run(node, [bin], { input: inputs[i] ?? quickstart, env });
    result.said.push(/^code cache: (\w+)$/m.exec(r.stderr)?.[1] ?? '');
    result.cached.push(readdirSync(join(dir, 'dist')).some(isCodeCache));
    result.stdout.push(r.stdout);
  }
  result.left = readdirSync(join(dir, 'dist')).filter((f) => !['cli.cjs', 'index.cjs'].includes(f) && !isCodeCache(f));
  return result;
}

/**
 * A fresh copy whose dist/ the running user cannot write (a global install run by another user):
 * as root (CI), the copy is run as `nobody` through util-linux's setpriv, since root may write
 * anything; otherwise dist/ is made read-only.
 */
export function readOnlyCopy(): { bin: string; dist: string; as: (argv: string[]) => string[] } {
  const { dir, bin } = freshCopy();
  const dist = join(dir, 'dist');
  if (process.getuid?.() === 0) return { bin, dist, as: (argv) => ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', ...argv] };
  chmodSync(dist, 0o555);
  return { bin, dist, as: (argv) => argv };
}
