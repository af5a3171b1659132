/**
 * What the webhook server's tests need of TLS: throwaway self-signed serving certificates made
 * by `openssl` (each test file declares `@needs openssl`), and a client that trusts exactly one
 * of them and says which certificate the server presented.
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type TLSSocket } from 'node:tls';

export interface TestPair {
  cert: Buffer;
  key: Buffer;
  /** The certificate's SHA-256 fingerprint, as Node's getPeerCertificate() writes it. */
  fingerprint: string;
}

/** A P-256 key and a one-day certificate for localhost and 127.0.0.1, made in a fresh directory. */
export function makePair(cn = 'pod-sequencer-test'): TestPair {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-tls-'));
  const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', key, '-out', cert, '-days', '1'].concat([
      '-subj',
      `/CN=${cn}`,
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ]),
    { stdio: 'pipe' },
  );
  const certPem = readFileSync(cert);
  return { cert: certPem, key: readFileSync(key), fingerprint: new X509Certificate(certPem).fingerprint256 };
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  fingerprint: string;
}

export interface CallOptions {
  method?: string;
  path?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** The certificate to trust (the server's own, self-signed). */
  ca: Buffer;
}

/** One request on a new connection (no agent), answered in full, or an error. */
export function call(port: number, o: CallOptions): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: o.method ?? 'POST',
        path: o.path ?? '/mutate',
        ca: o.ca,
        agent: false,
        headers: { 'Content-Type': 'application/json', ...o.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            fingerprint: (res.socket as TLSSocket).getPeerCertificate?.().fingerprint256 ?? '',
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}

/** A TLS connection that trusts `ca`, for requests written by hand (slow, partial, oversized). */
export function rawConnect(port: number, ca: Buffer): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const s = connect({ host: '127.0.0.1', port, ca, servername: 'localhost' }, () => resolve(s));
    s.on('error', reject);
  });
}

/** Everything the server sends until it closes the connection, and whether it did. */
export function readUntilClosed(s: TLSSocket): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    s.on('data', (c: Buffer) => chunks.push(c));
    s.on('error', () => {});
    s.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}
