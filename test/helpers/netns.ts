/**
 * A private network namespace for a test file whose servers must listen on a vendor's fixed
 * port (Dapr's 3500, Istio's 15020 and 15021, Linkerd's 4191), because the code under test calls
 * that port and no other. The port lock (port-lock.ts) keeps two copies of the suite apart, but
 * not from a process outside it (a real daprd, an older clone's suite) that holds the port: that
 * made `EADDRINUSE 127.0.0.1:3500`. In a namespace of its own the port is always free.
 *
 * One process holds the namespace (`unshare -n`, loopback brought up). Servers stay in the test's
 * process, which records their calls: the holder listens on the port inside the namespace and
 * passes the listening socket over its IPC channel (a listening socket answers in the namespace
 * it was made in). Commands enter the namespace with `nsenter --net`. Where either is not
 * permitted, `openNetns` returns undefined and the caller takes the port lock instead.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:net';
import { BUSYBOX } from './pod-runner/process.js';

export interface Netns {
  /** A socket listening on 127.0.0.1:`port` inside the namespace. */
  listen(port: number): Promise<Server>;
  /** The argv that runs `cmd` inside the namespace. */
  wrap(cmd: string[]): string[];
  close(): void;
}

// The holder: listens where asked, hands the socket over, then closes its own copy of it.
const HOLDER = `const net = require('node:net');
process.on('message', ({ id, port }) => {
  const s = net.createServer();
  s.once('error', (e) => process.send({ id, error: String(e.code || e) }));
  s.listen(port, '127.0.0.1', () => process.send({ id }, s, () => s.close()));
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });`;

const UP = `ip link set lo up 2>/dev/null || ${BUSYBOX} ip link set lo up`;

let permitted: boolean | undefined;
/** Whether this user may make a network namespace and enter it (root here and in CI; POD_SEQUENCER_NO_NETNS=1 plays a machine that may not). */
export function netnsPermitted(): boolean {
  if (process.env.POD_SEQUENCER_NO_NETNS === '1') return false;
  permitted ??=
    spawnSync('unshare', ['-n', 'sh', '-c', `${UP} && exec nsenter --net=/proc/self/ns/net true`], { stdio: 'ignore', timeout: 10_000 }).status === 0;
  return permitted;
}

/** A namespace of its own, or undefined where this machine does not allow one. */
export async function openNetns(): Promise<Netns | undefined> {
  if (!netnsPermitted()) return undefined;
  const holder = spawn('unshare', ['-n', '--', 'sh', '-c', `${UP} && exec "$0" -e "$1"`, process.execPath, HOLDER], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<boolean>((resolve) => {
    holder.once('message', () => resolve(true));
    holder.once('exit', () => resolve(false));
  });
  if (!ready) return undefined;
  return {
    listen: (port) => listenIn(holder, port),
    wrap: (cmd) => ['/usr/bin/nsenter', `--net=/proc/${holder.pid}/ns/net`, '--', ...cmd],
    close: () => void holder.kill(),
  };
}

let nextId = 0;
function listenIn(holder: ChildProcess, port: number): Promise<Server> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const onMessage = (m: { id?: number; error?: string }, handle: unknown) => {
      if (m.id !== id) return;
      holder.off('message', onMessage);
      if (m.error) reject(new Error(`listen on 127.0.0.1:${port} in the test's network namespace: ${m.error}`));
      else resolve(handle as Server);
    };
    holder.on('message', onMessage);
    holder.send({ id, port });
  });
}
