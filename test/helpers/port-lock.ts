/**
 * A lock across processes for tests that must listen on a vendor's fixed ports (15020, 15021,
 * 4191, 3500: the wrapper of an injected mesh talks to the real ones). Two copies of the suite on
 * one machine (two clones, or `.ci/run` beside a developer's `npm test`) take turns instead of
 * failing with EADDRINUSE or answering each other's calls. The lock is a directory in the system
 * temp dir (mkdir is atomic) holding the owner's pid; a lock whose owner is gone is taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const LOCK = join(tmpdir(), 'pod-sequencer-test-vendor-ports.lock');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Waits for the lock (no deadline of its own: vitest's hook timeout is the hang guard); returns its release. */
export async function lockVendorPorts(): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let owner = NaN;
    try {
      owner = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
    } catch {
      // between the owner's mkdir and its pid file: wait
    }
    if (Number.isInteger(owner) && owner > 0 && !alive(owner)) rmSync(LOCK, { recursive: true, force: true });
    else await sleep(250);
  }
}
