/**
 * listenWhenFree (port-lock.ts), which the pod runner and the injected-mesh tests use on a fixed
 * port when there is no private network namespace: a port another process holds, without the
 * lock, is waited for, not an EADDRINUSE (issue 38). Ordered by events, not timed.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './http-server.js';
import { listenWhenFree } from './port-lock.js';

/** Holds 127.0.0.1:port until its stdin closes. */
const HOLD = `const s = require('node:net').createServer().listen(Number(process.argv[1]), '127.0.0.1', () => process.stdout.write('held\\n'));
process.stdin.on('end', () => s.close(() => process.exit(0))).resume();`;

describe('listenWhenFree', () => {
  it('waits while another process holds the port, and listens once it lets it go', async () => {
    const port = await freePort();
    const holder = spawn(process.execPath, ['-e', HOLD, String(port)], { stdio: ['pipe', 'pipe', 'inherit'] });
    await once(holder.stdout, 'data');
    const order: string[] = [];
    const server = createServer();
    server.once('error', (e: NodeJS.ErrnoException) => {
      order.push(e.code!);
      holder.stdin.end(); // let it go only once the first try has failed
    });
    await listenWhenFree(server, { port, host: '127.0.0.1' });
    order.push('listening');
    server.close();
    expect(order).toEqual(['EADDRINUSE', 'listening']);
  });

  it('fails at once on any other error', async () => {
    await expect(listenWhenFree(createServer(), { port: 1, host: 'no-such-host.invalid' })).rejects.toThrow(/ENOTFOUND|EAI_AGAIN/);
  });
});
