/**
 * Fixed ports (the vendors' 15021, 4191, 9901...) shared by every test process of the machine
 * when pods cannot have their own network namespace: a lock file per port, held while the pod
 * runs, so two pods that need the same port run one after the other, also across two `npm test`
 * runs. A lock whose process is gone is taken over. Waiting polls the lock files (no deadline:
 * the caller's hang guard covers a lock never released).
 */
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DIR = join(tmpdir(), 'pod-sequencer-port-locks');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryLock(file: string): boolean {
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const owner = Number(readFileSync(file, 'utf8') || 0);
    if (owner && !alive(owner)) rmSync(file, { force: true });
    return false;
  }
}

/** Locks every port (in ascending order, so two pods never hold one each of the other's); returns the unlock. */
export async function lockPorts(ports: number[]): Promise<() => void> {
  mkdirSync(DIR, { recursive: true });
  const files = [...new Set(ports)].sort((a, b) => a - b).map((p) => join(DIR, `port-${p}`));
  for (const f of files) while (!tryLock(f)) await new Promise((r) => setTimeout(r, 20));
  return () => files.forEach((f) => rmSync(f, { force: true }));
}
