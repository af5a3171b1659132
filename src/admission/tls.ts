/**
 * The serving certificate and key of `webhook serve`: read, checked as a pair, and described
 * for the logs. The checks are OpenSSL's own (tls.createSecureContext refuses a key that does
 * not match the certificate), so a bad pair is refused before a client sees it.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSecureContext, type SecureContextOptions } from 'node:tls';

export class TlsError extends Error {}

export interface Pair {
  cert: Buffer;
  key: Buffer;
}

/** The two files' bytes; a file that cannot be read is named with the flag that gave it. */
export function readPair(certPath: string, keyPath: string): Pair {
  return { cert: readOne('--tls-cert', certPath), key: readOne('--tls-key', keyPath) };
}

function readOne(flag: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw new TlsError(`${flag} ${path}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
}

/** Server options for the pair; TLS 1.2 at least (the API server speaks 1.2 and 1.3). */
export function tlsOptions(pair: Pair): SecureContextOptions {
  return { cert: pair.cert, key: pair.key, minVersion: 'TLSv1.2' };
}

/**
 * Checks the pair as the server will use it and says what it is: subject names and expiry.
 * Throws a TlsError naming the files and what is wrong.
 */
export function checkPair(pair: Pair, certPath: string, keyPath: string): string {
  let first: X509Certificate;
  try {
    first = new X509Certificate(pair.cert);
  } catch {
    throw new TlsError(`--tls-cert ${certPath}: not a PEM certificate (expected a "-----BEGIN CERTIFICATE-----" block)`);
  }
  try {
    createSecureContext(tlsOptions(pair));
  } catch (e) {
    const why = (e as Error).message;
    if (/key values mismatch/i.test(why)) throw new TlsError(`--tls-key ${keyPath}: the key does not belong to the certificate in ${certPath}`);
    throw new TlsError(`--tls-key ${keyPath}: not a usable private key for ${certPath} (${why})`);
  }
  return `${first.subjectAltName ?? first.subject}, valid until ${new Date(first.validTo).toISOString()}`;
}
