/**
 * The note "kubernetesVersion not set: assumed ..." is said once a run, however many workloads
 * rest on it (process.ts, sayAssumedVersion; issue 38 reported it once per workload): on every
 * way in that reads many workloads at once.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { oneFile, oneList } from '../../bench/one-file.mjs';
import { run, BIN } from '../helpers/cli.js';

const N = 40;
const NOTE = /kubernetesVersion not set: assumed/g;
const dir = mkdtempSync(join(tmpdir(), 'pod-seq-assumed-'));
const stream = oneFile(N);
const file = join(dir, 'all.yaml');
writeFileSync(file, stream);
const files = stream.split('---\n').map((doc, i) => {
  const p = join(dir, `d${i}.yaml`);
  writeFileSync(p, doc);
  return p;
});
const env = { ...process.env, POD_SEQUENCER_CONFIG: '', POD_SEQUENCER_REPORT: '' };
/** How often the note is said on stderr, and in the ResourceList's results on stdout. */
const said = (args: string[], input?: string) => {
  const r = run(process.execPath, [BIN, ...args], { input, env });
  expect(r.code, r.stderr).toBeLessThanOrEqual(1);
  const count = (text: string) => text.match(NOTE)?.length ?? 0;
  return r.stdout.startsWith('apiVersion: config.kubernetes.io/v1') ? [count(r.stderr), count(r.stdout)] : [count(r.stderr)];
};

describe(`kubernetesVersion not set, ${N} workloads resting on it`, () => {
  it.each([
    ['fix --dry-run, one file', () => said(['fix', '--dry-run', file])],
    ['fix --dry-run, one file each', () => said(['fix', '--dry-run', ...files])],
    ['check, one file each', () => said(['check', ...files])],
    ['post-render', () => said(['post-render'], stream)],
    ['the filter, a plain stream', () => said([], stream)],
  ])('%s: said once', (_, count) => {
    expect(count()).toEqual([1]);
  });

  it('the filter, a ResourceList: one result, on stderr once', () => {
    expect(said([], oneList(N))).toEqual([1, 1]);
  });
});
