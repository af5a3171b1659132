// The V8 code cache bin/pod-sequencer.cjs loads beside dist/cli.cjs (dist/cli.cjs.<V8 version>.cache):
// one run of the CLI on the quickstart example, so it also holds the functions a run compiles.
// It belongs to the Node that wrote it (V8 rejects another's), so it is written for the Node that
// builds, and never committed or packed; a copy without one writes its own on its first run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export function writeCodeCache(root) {
  // The bin's name for this Node's cache (bin/pod-sequencer.cjs `ownCache`); others' go too.
  const codeCache = join(root, 'dist', `cli.cjs.${process.versions.v8}.cache`);
  for (const f of readdirSync(join(root, 'dist'))) if (/^cli\.cjs\.(?:.+\.)?cache$/.test(f)) rmSync(join(root, 'dist', f), { force: true });
  const example = join(root, 'examples', 'quickstart', 'resource-list.yaml');
  if (!existsSync(example)) return; // without the example, no cache
  const env = { ...process.env, POD_SEQUENCER_CODE_CACHE_OUT: codeCache };
  const r = spawnSync(process.execPath, [join(root, 'bin', 'pod-sequencer.cjs')], { input: readFileSync(example), env, stdio: ['pipe', 'ignore', 'pipe'] });
  if (r.status !== 0 || !existsSync(codeCache)) return console.warn(`build: no code cache (exit ${r.status}): ${r.stderr}`);
  const took = codeCacheStatus(root);
  if (took !== 'accepted') console.warn(`build: V8 does not take the code cache it just wrote (${took}): runs compile the bundle each time`);
}

/** What bin/pod-sequencer.cjs says of the build's code cache on a run: accepted, rejected or none. */
export function codeCacheStatus(root) {
  const env = { ...process.env, POD_SEQUENCER_CODE_CACHE_CHECK: '1' };
  delete env.POD_SEQUENCER_CODE_CACHE_OUT;
  const example = join(root, 'examples', 'quickstart', 'resource-list.yaml');
  const r = spawnSync(process.execPath, [join(root, 'bin', 'pod-sequencer.cjs')], { input: readFileSync(example), env, stdio: ['pipe', 'ignore', 'pipe'] });
  return /^code cache: (\w+)$/m.exec(String(r.stderr))?.[1] ?? `no answer (exit ${r.status})`;
}
