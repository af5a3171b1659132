/**
 * Fixed ports (the vendors' 15020, 15021, 4191, 3500, 9901...) shared by every test process of the
 * machine: a lock file per port, held while a test listens on it, so two tests that need the same
 * port take turns, also across two copies of the suite on one machine (two clones, or `.ci/run`
 * beside a developer's `npm test`), instead of failing with EADDRINUSE or answering each other's
 * calls. The pod runner takes them for a pod that cannot have its own network namespace; the
 * injected-mesh wrapper tests (test/sequence/mesh-jobs.exec.test.ts) for the meshes' real ports.
 * A lock whose process is gone is taken over. Waiting polls the lock files (no deadline: the
 * caller's hang guard covers a lock never released).
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { ListenOptions, Server } from 'node:net';
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

/** The ports the injected meshes' wrappers call (Istio 15020/15021, Linkerd 4191, Dapr 3500). */
export const lockVendorPorts = () => lockPorts([15020, 15021, 4191, 3500]);

/**
 * Listens on a fixed port whose lock the caller holds. A process outside the suite may hold the
 * port still (it takes no lock: a real daprd, an older clone's suite): it is waited for, polling,
 * rather than failing on EADDRINUSE (issue 38); the caller's hang guard bounds the wait. Any other
 * error fails at once. Not for a private network namespace, where the port is always free.
 */
export function listenWhenFree(server: Server, opts: ListenOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const retry = (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EADDRINUSE') return reject(e);
      setTimeout(() => {
        server.close();
        server.listen(opts);
      }, 100);
    };
    server.on('error', retry);
    server.listen(opts, () => {
      server.off('error', retry);
      resolve();
    });
  });
}
