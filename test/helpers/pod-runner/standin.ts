/**
 * A stand-in sidecar: loopback HTTP servers on the ports of its vendor's ready and quit URLs. GET
 * on any path other than the quit path answers 503 until `readyAfterMs` has passed since start,
 * then 200 (the vendor's ready endpoint; a kubelet probe on another path of the same port gets the
 * same answer). A call with the quit URL's method on its path is recorded, answered 200, and the
 * stand-in exits 0, as the vendors' quit endpoints do; SIGTERM also ends it with 0.
 */
import { createServer, type Server } from 'node:http';
import type { EventLog } from './events.js';
import { listenFixed } from './process.js';
import type { SidecarKind } from './sidecars.js';

export class StandInSidecar {
  private servers: Server[] = [];
  private ready = false;
  private ended = false;
  private timer?: NodeJS.Timeout;
  private resolveExit!: (code: number) => void;
  readonly exited = new Promise<number>((r) => (this.resolveExit = r));
  quitCalls = 0;

  constructor(
    readonly container: string,
    readonly kind: SidecarKind,
    private readonly log: EventLog,
    private readonly host: string,
  ) {}

  /** The ports this stand-in listens on (fixed by the vendor, or moved by the manifest). */
  static ports(kind: SidecarKind): number[] {
    const urls = [kind.readiness, kind.shutdown?.url].filter((u): u is string => !!u);
    const tcp = kind.readinessTcp ? [Number(kind.readinessTcp.split(':').at(-1))] : [];
    return [...new Set([...urls.map((u) => Number(new URL(u).port || 80)), ...tcp])];
  }

  async start(readyAfterMs: number): Promise<void> {
    // With a TCP readiness check, an open port is the readiness: that port opens once ready.
    const later = this.kind.readinessTcp ? Number(this.kind.readinessTcp.split(':').at(-1)) : undefined;
    for (const port of StandInSidecar.ports(this.kind)) if (port !== later) await this.listen(port);
    this.timer = setTimeout(() => {
      void (async () => {
        if (later !== undefined && !this.ended) await this.listen(later);
        this.ready = true;
        this.log.add({ kind: 'ready', container: this.container });
      })();
    }, readyAfterMs);
  }

  private async listen(port: number): Promise<void> {
    const server = createServer((req, res) => this.answer(req.method ?? 'GET', req.url ?? '/', req.headers as Record<string, string>, port, res));
    // Loopback only where its vendor listens there (sidecars.ts loopbackOnly): not at the pod IP.
    const host = this.kind.loopbackOnly ? '127.0.0.1' : this.host;
    await listenFixed(server, { port, host, ipv6Only: false });
    this.servers.push(server);
  }

  isReady(): boolean {
    return this.ready;
  }

  private answer(method: string, path: string, headers: Record<string, string>, port: number, res: import('node:http').ServerResponse): void {
    const quit = this.kind.shutdown && new URL(this.kind.shutdown.url);
    if (quit && Number(quit.port || 80) === port && path === quit.pathname && method === this.kind.shutdown!.method) {
      this.quitCalls++;
      const kept = Object.fromEntries(
        Object.entries(headers).filter(([k]) => !['host', 'user-agent', 'connection', 'content-length', 'content-type', 'accept'].includes(k)),
      );
      this.log.add({ kind: 'quit', container: this.container, method, path, headers: kept });
      res.end('bye\n', () => this.end(0));
      return;
    }
    this.log.add({ kind: 'request', container: this.container, method, path });
    res.statusCode = method === 'GET' && this.ready ? 200 : method === 'GET' ? 503 : 405;
    res.end();
  }

  /** SIGTERM and SIGKILL both end it (a proxy drains quickly when nothing is connected). */
  signal(): void {
    this.end(0);
  }

  get running(): boolean {
    return !this.ended;
  }

  private end(code: number): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    for (const s of this.servers) {
      s.close();
      s.closeAllConnections();
    }
    this.resolveExit(code);
  }
}
