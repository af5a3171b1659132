/**
 * Stand-ins for the services a pod waits on (`http://`, `tcp://` and `dns://` dependencies, as
 * the function config and the dependencies annotation write them). Each comes up `afterMs` after
 * the pod starts: an HTTP server answers 503 before and 200 after, a TCP port starts listening,
 * a name starts resolving. Names resolve to 127.0.0.1 through the pod's own /etc/hosts, which the
 * runner bind-mounts only inside its private mount namespace (see index.ts); without one, only
 * loopback dependencies can be stood in for.
 */
import { appendFileSync } from 'node:fs';
import { createServer as httpServer, type Server as HttpServer } from 'node:http';
import { createServer as tcpServer, type Server as TcpServer } from 'node:net';
import type { EventLog } from './events.js';
import { listenFixed } from './process.js';

export interface Dependency {
  url: string;
  kind: 'http' | 'tcp' | 'dns';
  host: string;
  port?: number;
}

export function parseDependency(url: string): Dependency | undefined {
  const m = /^(http|https|tcp|dns):\/\/([^/:?#\s]+)(?::(\d+))?/.exec(url.trim());
  if (!m || m[1] === 'https') return undefined;
  const kind = m[1] as Dependency['kind'];
  const port = m[3] ? Number(m[3]) : kind === 'http' ? 80 : undefined;
  return { url: url.trim(), kind, host: m[2]!.toLowerCase(), port };
}

export const isLoopback = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '::1';

export class Dependencies {
  private up = false;
  private servers: (HttpServer | TcpServer)[] = [];
  constructor(
    private readonly deps: Dependency[],
    private readonly log: EventLog,
    private readonly listenHost: string,
    private readonly hostsFile: string | undefined,
  ) {}

  ports(): number[] {
    return [...new Set(this.deps.flatMap((d) => (d.port === undefined ? [] : [d.port])))];
  }

  async start(afterMs: number): Promise<void> {
    for (const port of new Set(this.deps.filter((d) => d.kind === 'http').map((d) => d.port!))) {
      const s = httpServer((req, res) => {
        const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
        const dep = this.deps.find((d) => d.kind === 'http' && d.port === port && d.host === host) ?? this.deps.find((d) => d.port === port);
        this.log.add({ kind: 'dependency-request', name: dep?.url ?? `:${port}`, what: `GET ${req.url}` });
        res.statusCode = this.up ? 200 : 503;
        res.end();
      });
      await listen(s, port, this.listenHost);
      this.servers.push(s);
    }
    setTimeout(() => void this.comeUp(), afterMs);
  }

  private async comeUp(): Promise<void> {
    if (this.hostsFile) {
      const names = [...new Set(this.deps.map((d) => d.host).filter((h) => !isLoopback(h) && /^[a-z0-9.-]+$/.test(h)))];
      if (names.length) appendFileSync(this.hostsFile, `127.0.0.1 ${names.join(' ')}\n`);
    }
    for (const port of new Set(this.deps.filter((d) => d.kind === 'tcp').map((d) => d.port!))) {
      const s = tcpServer((sock) => {
        for (const d of this.deps.filter((x) => x.kind === 'tcp' && x.port === port))
          this.log.add({ kind: 'dependency-request', name: d.url, what: 'connect' });
        sock.destroy();
      });
      await listen(s, port, this.listenHost);
      this.servers.push(s);
    }
    this.up = true;
    for (const d of this.deps) this.log.add({ kind: 'dependency', name: d.url, up: true });
  }

  close(): void {
    for (const s of this.servers) s.close();
  }
}

function listen(s: HttpServer | TcpServer, port: number, host: string): Promise<void> {
  return listenFixed(s, { port, host, ipv6Only: false });
}
