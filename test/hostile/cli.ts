/**
 * Runs the built CLI as users do, under a heap cap, and reports what hostile-input tests assert:
 * exit code, stdout, stderr, wall time and peak memory (maxRSS, written by the child itself on fd 3).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshCopy } from '../helpers/code-cache.js';

export interface Guarded {
  code: number | null;
  stdout: Buffer;
  stderr: string;
  ms: number;
  /** Peak resident memory of the CLI process, in MiB. */
  rssMiB: number;
  timedOut: boolean;
}

/** Generous safety bounds, not benchmarks. */
export const LIMITS = { ms: 10_000, rssMiB: 1024, heapMiB: 1536 };

const guard = join(mkdtempSync(join(tmpdir(), 'pod-seq-guard-')), 'guard.cjs');
writeFileSync(
  guard,
  [
    "'use strict';",
    '// argv: node guard.cjs BIN ARGS... -> the CLI sees node BIN ARGS...',
    'process.argv.splice(1, 1);',
    "process.on('exit', () => { try { require('node:fs').writeSync(3, String(process.resourceUsage().maxRSS)); } catch {} });",
    'require(process.argv[1]);',
    '',
  ].join('\n'),
);

// A copy of bin/ and dist/, as users have them: the heap cap is a V8 flag, and V8 refuses a code
// cache made under other flags, so runs from the repository's bin would replace dist/'s cache
// with one every plain run refuses, and test/code-cache.test.ts, which checks dist/'s, would
// fail whenever it ran between the two. The copy keeps a cache of its own (its first run writes it).
const BIN = freshCopy().bin;

export function runGuarded(input: Buffer | string, args: string[] = []): Guarded {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [`--max-old-space-size=${LIMITS.heapMiB}`, guard, BIN, ...args], {
    input,
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    timeout: LIMITS.ms * 3,
    maxBuffer: 256 * 1024 * 1024,
  });
  const fd3 = r.output?.[3]?.toString() ?? '';
  return {
    code: r.status,
    stdout: r.stdout,
    stderr: r.stderr.toString(),
    ms: Date.now() - t0,
    rssMiB: Number(fd3) / 1024,
    timedOut: r.error !== undefined || r.signal !== null,
  };
}
