/**
 * `webhook serve`: the HTTPS server the API server calls, after the model of controller-runtime's
 * webhook server (pkg/webhook): routing, limits, certificate reload, metrics and shutdown live
 * here; every admission decision is the engine's (src/admission/review.ts `admit`).
 *
 * - TLS port: `POST /mutate` (AdmissionReview in and out), `GET /healthz` (the process answers),
 *   `GET /readyz` (certificate and config loaded, not shutting down).
 * - Metrics port: `GET /metrics`, Prometheus text, plain HTTP, read-only.
 * - The certificate pair and the config are polled and reloaded when they change; a bad new one
 *   keeps the old one in use and logs why (watch.ts).
 * - `shutdown()`: /readyz fails, no new connections, in-flight requests finish, then the
 *   servers close; connections still open after the bound are cut.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { readFileSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import { admit, EngineConfigError, loadEngine, type Engine } from './review.js';
import { CONTENT_TYPE, Metrics, type Counter, type ServerOutcome } from './metrics.js';
import { jsonLogger, type Fields, type Logger } from './log.js';
import { checkPair, readPair, TlsError, tlsOptions, type Pair } from './tls.js';
import { Poller } from './watch.js';

/** The API server's own limit on a request body (3 MiB, k8s.io/apiserver's MaxRequestBodyBytes). */
export const DEFAULT_MAX_BODY = 3 * 1024 * 1024;
/** How long a request may take to arrive whole (headers and body), and a TLS handshake. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** How long shutdown waits for in-flight requests before it cuts their connections. */
export const SHUTDOWN_MS = 15_000;
/** How often the certificate pair and the config are read for changes. */
export const POLL_MS = 2_000;
/**
 * Longer than the API server's client keeps an idle connection: its transport takes Go's
 * http.DefaultTransport IdleConnTimeout, 90 s (kubernetes/apimachinery@819711e6f703:
 * pkg/util/net/http.go, SetOldTransportDefaults). So the client closes an idle connection
 * first, and never sends a review on one the server is closing at that moment (a failed call,
 * and under failurePolicy Ignore an unsequenced pod).
 */
const KEEP_ALIVE_MS = 95_000;
/** Enough for a few API servers' connection pools and the probes; a flood stops here. */
const MAX_CONNECTIONS = 1024;

export interface ServerOptions {
  configPath?: string;
  certPath: string;
  keyPath: string;
  port: number;
  metricsPort: number;
  maxBody?: number;
  /** Both listeners' address; default every address of the host (the pod IP, for probes and scrapes). */
  host?: string;
  pollMs?: number;
  requestTimeoutMs?: number;
  shutdownMs?: number;
  log?: Logger;
}

/** A startup failure, said in one line (the CLI prints it and exits 2). */
export class StartupError extends Error {}

export interface RunningServer {
  readonly port: number;
  readonly metricsPort: number;
  readonly metrics: Metrics;
  ready(): boolean;
  /** Requests on /mutate whose headers have arrived and that are not answered yet. */
  inFlight(): number;
  /** One round of the reload poll, now (the interval does it on its own). */
  poll(): void;
  /** Drains and closes; resolves with the number of connections cut at the bound. */
  shutdown(reason: string): Promise<number>;
}

const PLAIN = 'text/plain; charset=utf-8';
/** Strict: a body that is not UTF-8 is no JSON (RFC 8259), and no AdmissionReview. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });
const ms = (since: bigint) => Math.round(Number(process.hrtime.bigint() - since) / 1e4) / 100;

function readConfig(path: string | undefined): { text?: string; bytes: Buffer } {
  if (path === undefined) return { bytes: Buffer.alloc(0) };
  try {
    const bytes = readFileSync(path);
    return { text: bytes.toString('utf8'), bytes };
  } catch (e) {
    throw new StartupError(`--config ${path}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
}

function engineFor(text: string | undefined, path: string | undefined): Engine {
  try {
    return loadEngine(text, path ?? '<defaults>');
  } catch (e) {
    if (e instanceof EngineConfigError) throw new StartupError(e.message);
    throw e;
  }
}

function loadPair(certPath: string, keyPath: string): { pair: Pair; about: string } {
  try {
    const pair = readPair(certPath, keyPath);
    return { pair, about: checkPair(pair, certPath, keyPath) };
  } catch (e) {
    if (e instanceof TlsError) throw new StartupError(e.message);
    throw e;
  }
}

export async function startServer(o: ServerOptions): Promise<RunningServer> {
  const log = o.log ?? jsonLogger();
  const maxBody = o.maxBody ?? DEFAULT_MAX_BODY;
  const timeout = o.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const metrics = new Metrics();
  const config = readConfig(o.configPath);
  let engine = engineFor(config.text, o.configPath);
  const tls = loadPair(o.certPath, o.keyPath);
  let draining = false;
  let inFlight = 0;

  const limits = { requestTimeout: timeout, headersTimeout: timeout, connectionsCheckingInterval: Math.min(1000, timeout), keepAliveTimeout: KEEP_ALIVE_MS };
  const https: HttpsServer = createHttpsServer({ ...tlsOptions(tls.pair), ...limits, handshakeTimeout: timeout }, (req, res) => route(req, res));
  https.maxConnections = MAX_CONNECTIONS;
  const metricsServer: HttpServer = createHttpServer(limits, serveMetrics(metrics));
  metricsServer.maxConnections = MAX_CONNECTIONS;
  // A client that asks before sending its body hears `100 Continue` only once the body is wanted:
  // a 404, 405, 415 or 413 comes without it, and the body is never sent.
  https.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => route(req, res));
  https.on('tlsClientError', rateLimited(log));
  // Node's request and header timeouts start with a request's first byte: a connection that
  // never sends one would stay open for good. Until Node sets its own (keep-alive), it may be
  // silent this long.
  https.on('secureConnection', (socket: Socket) => socket.setTimeout(timeout));
  metricsServer.on('connection', (socket: Socket) => socket.setTimeout(timeout));

  function route(req: IncomingMessage, res: ServerResponse): void {
    if (draining) res.setHeader('Connection', 'close');
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path === '/mutate') return mutate(req, res);
    if (path === '/healthz' || path === '/readyz') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, `${req.method} ${path}: use GET`, { Allow: 'GET, HEAD' });
      const ok = path === '/healthz' || !draining;
      return send(res, ok ? 200 : 503, ok ? 'ok' : 'shutting down');
    }
    send(res, 404, `${path}: not found (POST /mutate, GET /healthz, GET /readyz)`);
  }

  function mutate(req: IncomingMessage, res: ServerResponse): void {
    const started = process.hrtime.bigint();
    inFlight++;
    let done = false;
    const finish = (outcome: ServerOutcome, fields: Record<string, string | number | undefined>) => {
      if (done) return;
      done = true;
      inFlight--;
      metrics.requests.inc(outcome);
      metrics.duration.observe(Number(process.hrtime.bigint() - started) / 1e9);
      const { uid, kind, namespace, name, ...rest } = fields;
      log(outcome === 'rejected' ? 'warn' : 'info', 'admission', { uid, kind, namespace, name, outcome, ms: ms(started), ...rest });
      if (draining) https.closeIdleConnections();
    };
    const reject = (status: number, reason: string, headers: Record<string, string> = {}) => {
      send(res, status, reason, headers);
      finish('rejected', { status, reason });
    };
    if (req.method !== 'POST') return reject(405, `${req.method} /mutate: POST an AdmissionReview`, { Allow: 'POST' });
    const type = (req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
    if (type !== 'application/json') return reject(415, `Content-Type ${type || '(none)'}: /mutate takes application/json`);
    const tooLarge = () => {
      // Answer and close without reading the rest (the client may still be sending it).
      reject(413, `body larger than --max-body ${maxBody} bytes`, { Connection: 'close' });
      res.on('finish', () => {
        req.socket.end();
        setTimeout(() => req.socket.destroy(), 1000).unref();
      });
    };
    const declared = Number(req.headers['content-length']);
    if (declared > maxBody) return tooLarge();
    // `Expect: 100-continue` is answered only now, when the body will be read (checkContinue below).
    if (req.headers.expect?.toLowerCase() === '100-continue') res.writeContinue();
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBody) return void chunks.push(chunk);
      req.off('data', onData);
      chunks.length = 0;
      tooLarge();
    };
    req.on('data', onData);
    req.on('error', () => {}); // an aborted upload; 'close' below says so
    req.on('close', () => {
      if (!req.complete) finish('rejected', { status: 408, reason: 'the client closed or timed out before the body ended', bytes: size });
    });
    req.on('end', () => {
      if (done) return;
      answer(res, Buffer.concat(chunks), finish);
    });
  }

  function answer(res: ServerResponse, body: Buffer, finish: (o: ServerOutcome, f: Record<string, string | number | undefined>) => void): void {
    let text: string;
    try {
      text = UTF8.decode(body);
    } catch {
      send(res, 400, 'the body is not UTF-8 text (an AdmissionReview is JSON)');
      return finish('invalid', { status: 400 });
    }
    let a;
    try {
      a = admit(text, engine);
    } catch (e) {
      // admit never throws by contract; if it does, that is a bug: said, and the server goes on.
      log('error', 'internal error', { error: (e as Error).message });
      send(res, 500, 'internal error');
      return finish('error', { status: 500 });
    }
    send(res, a.status, a.body, a.status === 200 ? { 'Content-Type': 'application/json' } : {});
    finish(a.outcome, { status: a.status, uid: a.uid, kind: a.kind, namespace: a.namespace, name: a.name, warnings: a.warnings.length });
  }

  const poller = new Poller(o.pollMs ?? POLL_MS);
  /** A watched file set's reload: counted and logged alike; a failure keeps what is in use (watch.ts). */
  const reload = (what: string, counter: Counter, use: (files: Buffer[]) => Fields) => ({
    apply(files: Buffer[]) {
      try {
        const about = use(files);
        counter.inc('success');
        log('info', `${what} reloaded`, about);
      } catch (e) {
        counter.inc('failure');
        log('error', `${what} not reloaded: the previous one stays in use`, { error: (e as Error).message });
        throw e;
      }
    },
    unreadable: (path: string, e: NodeJS.ErrnoException) =>
      log('error', `${what} not reloaded: the previous one stays in use`, { error: `${path}: cannot read the file (${e.code})` }),
  });
  poller.add(
    {
      paths: [o.certPath, o.keyPath],
      ...reload('certificate', metrics.certReloads, ([cert, key]) => {
        const about = checkPair({ cert: cert!, key: key! }, o.certPath, o.keyPath);
        https.setSecureContext(tlsOptions({ cert: cert!, key: key! }));
        return { certificate: about };
      }),
    },
    [tls.pair.cert, tls.pair.key],
  );
  if (o.configPath !== undefined) {
    const path = o.configPath;
    poller.add(
      {
        paths: [path],
        ...reload('config', metrics.configReloads, ([bytes]) => {
          engine = loadEngine(bytes!.toString('utf8'), path);
          return { config: path };
        }),
      },
      [config.bytes],
    );
  }

  await listen(https, o.port, o.host, '--port');
  try {
    await listen(metricsServer, o.metricsPort, o.host, '--metrics-port');
  } catch (e) {
    https.close();
    throw e;
  }
  poller.start();
  const port = (https.address() as AddressInfo).port;
  const metricsPort = (metricsServer.address() as AddressInfo).port;
  log('info', 'listening', { port, metricsPort, address: o.host ?? '(every address)', config: o.configPath ?? '(defaults)', certificate: tls.about, maxBody });

  let closing: Promise<number> | undefined;
  return {
    port,
    metricsPort,
    metrics,
    ready: () => !draining,
    inFlight: () => inFlight,
    poll: () => poller.poll(),
    shutdown(reason) {
      closing ??= drain(reason);
      return closing;
    },
  };

  async function drain(reason: string): Promise<number> {
    draining = true;
    poller.stop();
    log('info', 'shutting down', { reason, inFlight });
    const closed = Promise.all([close(https), close(metricsServer)]);
    https.closeIdleConnections();
    metricsServer.closeIdleConnections();
    let cut = 0;
    const bound = new Promise<void>((resolve) =>
      setTimeout(() => {
        cut = inFlight;
        https.closeAllConnections();
        metricsServer.closeAllConnections();
        resolve();
      }, o.shutdownMs ?? SHUTDOWN_MS).unref(),
    );
    await Promise.race([closed, bound]);
    log(cut ? 'warn' : 'info', 'stopped', cut ? { cut } : {});
    return cut;
  }
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'Content-Type': PLAIN, 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

/** `GET /metrics`; nothing else, and nothing that changes state. */
function serveMetrics(metrics: Metrics) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics') return send(res, 404, `${path}: not found (GET /metrics)`);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, `${req.method} /metrics: use GET`, { Allow: 'GET, HEAD' });
    send(res, 200, metrics.render(), { 'Content-Type': CONTENT_TYPE });
  };
}

function listen(server: HttpServer | HttpsServer, port: number, host: string | undefined, flag: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      const why = e.code === 'EADDRINUSE' ? 'the port is in use' : e.code === 'EACCES' ? 'not allowed to listen on it' : e.message;
      reject(new StartupError(`${flag} ${port}${host ? ` on ${host}` : ''}: ${why} (${e.code ?? 'error'})`));
    };
    server.once('error', onError);
    server.listen({ port, host }, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function close(server: HttpServer | HttpsServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * Failed TLS handshakes (a client that does not trust the certificate: often a caBundle that
 * does not match, or a scanner), logged at most once per 10 s with how many were not.
 */
function rateLimited(log: Logger): (e: Error) => void {
  let last = 0;
  let quiet = 0;
  return (e) => {
    const now = Date.now();
    if (now - last < 10_000) return void quiet++;
    log('warn', 'TLS handshake failed', { error: e.message, notLogged: quiet || undefined });
    last = now;
    quiet = 0;
  };
}
