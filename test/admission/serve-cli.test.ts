/**
 * @needs openssl
 * `pod-sequencer webhook serve` as the Deployment runs it: the built CLI as a child process on
 * loopback port 0. Startup errors are one line and exit 2; SIGTERM lets a request whose body is
 * still arriving finish, then the process exits 0; its stderr is JSON lines only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reviewOf } from '../helpers/admission.js';
import { BIN } from '../helpers/cli.js';
import { call, makePair, rawConnect } from '../helpers/tls.js';

const A = makePair('cli-a');
const B = makePair('cli-b');
const dir = mkdtempSync(join(tmpdir(), 'pod-seq-serve-'));
const file = (name: string, text: string | Buffer) => (writeFileSync(join(dir, name), text), join(dir, name));
const cert = file('tls.crt', A.cert);
const key = file('tls.key', A.key);
const otherKey = file('other.key', B.key);

interface Child {
  proc: ChildProcess;
  stderr: string[];
  exited: Promise<number | null>;
  /** The first stderr line that matches, once it has been written. */
  line(re: RegExp): Promise<string>;
}

function serve(args: string[]): Child {
  const proc = spawn(process.execPath, [BIN, 'webhook', 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  const waiters: { re: RegExp; resolve: (l: string) => void }[] = [];
  let partial = '';
  proc.stderr!.on('data', (c: Buffer) => {
    const lines = (partial + c.toString('utf8')).split('\n');
    partial = lines.pop()!;
    for (const l of lines) {
      stderr.push(l);
      for (const w of waiters.filter((x) => x.re.test(l))) w.resolve(l);
    }
  });
  const exited = new Promise<number | null>((resolve) => proc.on('close', (code) => resolve(code)));
  return {
    proc,
    stderr,
    exited,
    line: (re) =>
      new Promise((resolve, reject) => {
        const seen = stderr.find((l) => re.test(l));
        if (seen) return resolve(seen);
        waiters.push({ re, resolve });
        void exited.then(() => reject(new Error(`exited before a line matching ${re}: ${stderr.join('\n')}${partial}`)));
      }),
  };
}

const listenArgs = ['--port', '0', '--metrics-port', '0', '--bind-address', '127.0.0.1'];

async function startupError(args: string[]): Promise<string> {
  const c = serve(args);
  expect(await c.exited).toBe(2);
  expect(c.stderr).toHaveLength(1);
  expect(c.stderr[0]).toMatch(/^pod-sequencer: error: /);
  expect(c.stderr.join('\n')).not.toMatch(/\n\s+at /);
  return c.stderr[0]!;
}

describe('webhook serve (the CLI)', () => {
  it('says what is wrong at startup in one line and exits 2', async () => {
    expect(await startupError(['--tls-cert', join(dir, 'missing.crt'), '--tls-key', key, ...listenArgs])).toMatch(
      /--tls-cert \S+missing\.crt: cannot read the file \(ENOENT\)/,
    );
    expect(await startupError(['--tls-key', key, ...listenArgs])).toMatch(/--tls-cert FILE is required/);
    expect(await startupError(['--tls-cert', cert, '--tls-key', otherKey, ...listenArgs])).toMatch(
      /--tls-key \S+other\.key: the key does not belong to the certificate/,
    );
    expect(await startupError(['--tls-cert', key, '--tls-key', key, ...listenArgs])).toMatch(/not a PEM certificate/);
    const bad = file('bad.yaml', 'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nspec:\n  mode: sideways\n');
    expect(await startupError(['--config', bad, '--tls-cert', cert, '--tls-key', key, ...listenArgs])).toMatch(/bad\.yaml: .*spec\.mode/);
    expect(await startupError(['--config', join(dir, 'none.yaml'), '--tls-cert', cert, '--tls-key', key, ...listenArgs])).toMatch(/--config \S+: cannot read/);
    expect(await startupError(['--tls-cert', cert, '--tls-key', key, '--port', 'https'])).toMatch(/--port https: expected a whole number/);
    expect(await startupError(['--tls-cert', cert, '--tls-key', key, ...listenArgs, '--max-body', '0'])).toMatch(/--max-body 0/);
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = String((taken.address() as AddressInfo).port);
    try {
      const line = await startupError(['--tls-cert', cert, '--tls-key', key, '--port', port, '--metrics-port', '0', '--bind-address', '127.0.0.1']);
      expect(line).toContain(`--port ${port} on 127.0.0.1: the port is in use (EADDRINUSE)`);
    } finally {
      taken.close();
    }
  });

  it('on SIGTERM finishes a request whose body is still arriving, then exits 0', async () => {
    const c = serve(['--tls-cert', cert, '--tls-key', key, ...listenArgs]);
    try {
      const listening = JSON.parse(await c.line(/"msg":"listening"/)) as { port: number; metricsPort: number };
      const { port } = listening;
      expect((await call(port, { method: 'GET', path: '/readyz', ca: A.cert })).status).toBe(200);
      const text = JSON.stringify(
        reviewOf({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns' }, spec: { containers: [{ name: 'app', image: 'app' }] } }),
      );
      const uid = (JSON.parse(text) as { request: { uid: string } }).request.uid;
      const sock = await rawConnect(port, A.cert);
      let reply = '';
      const continued = new Promise<void>((resolve) =>
        sock.on('data', (d: Buffer) => {
          reply += d.toString('utf8');
          if (reply.includes('100 Continue')) resolve();
        }),
      );
      const closed = new Promise<void>((resolve) => sock.on('close', () => resolve()));
      // Expect: 100-continue: the server's 100 says it has read the headers, so the request is in flight.
      sock.write(
        `POST /mutate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n`,
      );
      await continued;
      sock.write(text.slice(0, 50));
      c.proc.kill('SIGTERM');
      await c.line(/"msg":"shutting down"/);
      await expect(call(port, { method: 'GET', path: '/healthz', ca: A.cert })).rejects.toThrow();
      sock.end(text.slice(50));
      await closed;
      expect(reply).toMatch(/HTTP\/1\.1 200 OK/);
      expect(reply).toContain(`"uid":"${uid}"`);
      expect(await c.exited).toBe(0);
      const lines = c.stderr.map((l) => JSON.parse(l) as { msg: string; uid?: string });
      expect(lines.map((l) => l.msg)).toEqual(['listening', 'shutting down', 'admission', 'stopped']);
      expect(lines.find((l) => l.msg === 'admission')?.uid).toBe(uid);
    } finally {
      c.proc.kill('SIGKILL');
    }
  });
});
