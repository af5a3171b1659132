/**
 * Loopback HTTP and TCP servers that play a sidecar in tests: ready after a delay, failing
 * before succeeding, never answering, and recording every call (e.g. a shutdown POST).
 */
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { listenWhenFree } from './port-lock.js';

export interface RecordedRequest {
  method: string;
  path: string;
  /** ms since the server was created. */
  at: number;
  headers: IncomingMessage['headers'];
}

/** An answer: a status code, a status with headers, or 'hang' (never answer). */
export type Answer = number | 'hang' | { status: number; headers?: Record<string, string> };

/** The answer to the nth request (0-based) to a path. */
export type Responder = (req: IncomingMessage, n: number) => Answer;

export interface TestHttpServer {
  port: number;
  url(path?: string): string;
  /** Every request, in arrival order. */
  requests: RecordedRequest[];
  hits(path: string, method?: string): RecordedRequest[];
  route(path: string, response: Answer | Responder): void;
  /** Starts listening now (with `listenLater`); connections were refused until then. */
  listen(): Promise<void>;
  close(): Promise<void>;
}

export interface HttpServerOptions {
  /** Refuse connections until this many ms have passed (the port is reserved up front). */
  listenAfterMs?: number;
  /** Refuse connections until listen() is called (the port is reserved up front). */
  listenLater?: boolean;
  /** A fixed port, e.g. a mesh's real one (15021); default: a free one. */
  port?: number;
  /**
   * A socket already listening on `port` (test/helpers/netns.ts: one made in another network
   * namespace), whose connections this server answers instead of listening itself.
   */
  socket?: Server;
  /**
   * A fixed port another process holds: wait until it is free (polling), instead of failing at
   * once. For a machine without network namespaces, after the port lock (port-lock.ts) is taken:
   * what still holds the port is outside the suite, and the caller's hang guard bounds the wait.
   */
  waitIfTaken?: boolean;
}

/** 503 until `ms` after the route is set, then `status`. */
export function readyAfter(ms: number, status = 200): Responder {
  const t0 = Date.now();
  return () => (Date.now() - t0 >= ms ? status : 503);
}

/** A redirect to `location` (a path on this server, or a URL). */
export function redirect(location: string, status = 302): Answer {
  return { status, headers: { location } };
}

/** The nth request gets codes[n]; the last code repeats. */
export function sequence(...codes: number[]): Responder {
  return (_req, n) => codes[Math.min(n, codes.length - 1)];
}

/** Starts a server on 127.0.0.1; paths not in `routes` get route '*', else 404. */
export async function startHttpServer(routes: Record<string, Answer | Responder> = {}, opts: HttpServerOptions = {}): Promise<TestHttpServer> {
  const t0 = Date.now();
  const table = new Map<string, Responder>();
  const counts = new Map<string, number>();
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const route = (path: string, response: Answer | Responder) => table.set(path, typeof response === 'function' ? response : () => response);
  for (const [path, response] of Object.entries(routes)) route(path, response);

  const server = createHttpServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? '', path, at: Date.now() - t0, headers: req.headers });
    const n = counts.get(path) ?? 0;
    counts.set(path, n + 1);
    req.resume();
    const answer = (table.get(path) ?? table.get('*'))?.(req, n) ?? 404;
    if (answer === 'hang') return;
    const { status, headers } = typeof answer === 'number' ? { status: answer, headers: {} } : answer;
    res.writeHead(status, { 'content-type': 'text/plain', connection: 'close', ...headers });
    res.end(`${status}\n`);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  const port = opts.port ?? (await freePort());
  let listening: Promise<void> | undefined;
  // a port taken (another run of a test on a mesh's fixed port) fails the test at once, saying so, unless waitIfTaken
  const listen = () => (listening ??= opts.socket ? answerOn(server, opts.socket) : listenOn(server, port, opts.waitIfTaken === true));
  let timer: NodeJS.Timeout | undefined;
  if (opts.listenAfterMs) timer = setTimeout(() => void listen(), opts.listenAfterMs);
  else if (!opts.listenLater) await listen();

  return {
    port,
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    requests,
    hits: (path, method) => requests.filter((r) => r.path === path && (!method || r.method === method)),
    route,
    listen,
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(timer);
        for (const s of sockets) s.destroy();
        if (opts.socket) return void opts.socket.close(() => resolve());
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}

function listenOn(server: ReturnType<typeof createHttpServer>, port: number, wait: boolean): Promise<void> {
  if (wait) return listenWhenFree(server, { port, host: '127.0.0.1' });
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
}

/** The HTTP server answers what `socket` accepts (an http.Server takes connections handed to it). */
async function answerOn(server: ReturnType<typeof createHttpServer>, socket: Server): Promise<void> {
  socket.on('connection', (c) => server.emit('connection', c));
}

/**
 * A loopback port nobody listens on yet, for a server that starts later. Drawn at random
 * below the kernel's ephemeral range (32768+), which listen(0) reuses at once and outgoing
 * connections take their source ports from, and never handed out twice in a process.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
}
const handedOut = new Set<number>();

function canListen(port: number): Promise<boolean> {
  const s = createTcpServer();
  return new Promise((resolve) => {
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** A port where connections are refused: 1 (tcpmux) is never handed out to anyone. */
export const CLOSED_PORT = 1;

export interface TestTcpListener {
  port: number;
  /** Connections accepted so far. */
  accepted: number;
  /** Starts accepting now, if it has not yet. */
  start(): void;
  close(): Promise<void>;
}

/**
 * A TCP listener that starts accepting (and then holds connections open, silent) after
 * `delayMs`, or, without it, when start() is called (e.g. on a script's own log line).
 */
export async function listenTcpLater(delayMs?: number): Promise<TestTcpListener> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const l: TestTcpListener = {
    port,
    accepted: 0,
    start: () => {
      clearTimeout(timer);
      if (server) return;
      server = createTcpServer((s) => {
        l.accepted++;
        sockets.add(s);
        s.on('error', () => {});
        s.on('close', () => sockets.delete(s));
      });
      server.listen(port, '127.0.0.1');
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(timer);
        for (const s of sockets) s.destroy();
        if (!server?.listening) return resolve();
        server.close(() => resolve());
      }),
  };
  const timer = delayMs === undefined ? undefined : setTimeout(l.start, delayMs);
  return l;
}
