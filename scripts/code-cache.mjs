// The V8 code cache bin/pod-sequencer.cjs loads beside dist/cli.cjs (dist/cli.cjs.<V8 version>.cache):
// runs of the CLI on the examples, so it also holds the functions those runs compile. Each run
// starts from the cache the one before wrote (POD_SEQUENCER_CODE_CACHE_OUT), so what one run
// compiles (the config's validator, the classic sidecars' waits, the native ones) is there for
// the others; a function no training run called is compiled when a run first calls it.
// It belongs to the Node that wrote it (V8 rejects another's), so it is written for the Node that
// builds, and never committed or packed; a copy without one writes its own on its first run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';

export function writeCodeCache(root) {
  // The bin's name for this Node's cache (bin/pod-sequencer.cjs `ownCache`); others' go too.
  const codeCache = join(root, 'dist', `cli.cjs.${process.versions.v8}.cache`);
  for (const f of readdirSync(join(root, 'dist'))) if (/^cli\.cjs\.(?:.+\.)?cache$/.test(f)) rmSync(join(root, 'dist', f), { force: true });
  const inputs = trainingInputs(root);
  if (inputs.length === 0) return; // without the examples, no cache
  const env = { ...process.env, POD_SEQUENCER_CODE_CACHE_OUT: codeCache };
  for (const input of inputs) {
    const r = spawnSync(process.execPath, [join(root, 'bin', 'pod-sequencer.cjs')], { input, env, stdio: ['pipe', 'ignore', 'pipe'] });
    if (r.status !== 0 || !existsSync(codeCache)) return console.warn(`build: no code cache (exit ${r.status}): ${r.stderr}`);
  }
  const took = codeCacheStatus(root);
  if (took !== 'accepted') console.warn(`build: V8 does not take the code cache it just wrote (${took}): runs compile the bundle each time`);
}

/**
 * What the training runs read: the quickstart's ResourceList as it is (no function config: `kpt
 * fn eval` without one), then every example package's manifests in one ResourceList with a
 * PodSequence config, as kustomize and kpt send a transformer's, at 1.28 (classic sidecars and
 * their waits) and at 1.30 (native sidecars).
 */
function trainingInputs(root) {
  const examples = join(root, 'examples');
  const quickstart = join(examples, 'quickstart', 'resource-list.yaml');
  if (!existsSync(quickstart)) return [];
  const items = [];
  for (const pkg of readdirSync(examples)) {
    if (!existsSync(join(examples, pkg, 'Kptfile'))) continue;
    for (const f of readdirSync(join(examples, pkg)).filter((f) => f.endsWith('.yaml'))) {
      for (const doc of parseAllDocuments(readFileSync(join(examples, pkg, f), 'utf8'))) {
        const o = doc.toJS();
        if (o?.apiVersion && o.kind && o.metadata?.annotations?.['config.kubernetes.io/local-config'] !== 'true') items.push(o);
      }
    }
  }
  const list = (kubernetesVersion) =>
    stringify({
      apiVersion: 'config.kubernetes.io/v1',
      kind: 'ResourceList',
      items,
      functionConfig: { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'training' }, spec: { kubernetesVersion } },
    });
  return [readFileSync(quickstart), list('1.28'), list('1.30')];
}

/** What bin/pod-sequencer.cjs says of the build's code cache on a run: accepted, rejected or none. */
export function codeCacheStatus(root) {
  const env = { ...process.env, POD_SEQUENCER_CODE_CACHE_CHECK: '1' };
  delete env.POD_SEQUENCER_CODE_CACHE_OUT;
  const example = join(root, 'examples', 'quickstart', 'resource-list.yaml');
  const r = spawnSync(process.execPath, [join(root, 'bin', 'pod-sequencer.cjs')], { input: readFileSync(example), env, stdio: ['pipe', 'ignore', 'pipe'] });
  return /^code cache: (\w+)$/m.exec(String(r.stderr))?.[1] ?? `no answer (exit ${r.status})`;
}
