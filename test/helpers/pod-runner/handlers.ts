/**
 * Lifecycle hooks and probes: kubernetes/kubernetes pkg/kubelet/lifecycle/handlers.go
 * (`HandlerRunner.Run`: exec, httpGet, tcpSocket, sleep) and pkg/probe/http/http.go (`DoHTTPProbe`:
 * "if res.StatusCode >= http.StatusOK && res.StatusCode < http.StatusBadRequest" is success).
 * The kubelet runs exec handlers inside the container (its env and mounts, no `$(VAR)` expansion);
 * httpGet and tcpSocket go to the pod IP by default (PodFacts.podIp; loopback where the pod has
 * no network namespace of its own): a server listening on loopback only is not reached there.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { basename } from 'node:path';
import type { Container, Handler } from '../../../src/workloads/workload.js';
import { startProcess, withShell, type ShellName } from './process.js';
import type { StandInSidecar } from './standin.js';
import type { Rewrite } from './volumes.js';

export interface HandlerContext {
  container: Container;
  /** Where an httpGet or tcpSocket without a host goes (PodFacts.podIp). */
  podIp: string;
  env: ReadonlyMap<string, string>;
  rewrite: Rewrite;
  cwd: string;
  shell: ShellName;
  standIn?: StandInSidecar;
  /** Resolves when the stand-in is ready (its vendor's wait command, stood in for). */
  standInReady?: () => Promise<unknown>;
}

export interface HandlerResult {
  ok: boolean;
  detail: string;
}

export async function runHandler(h: Handler, ctx: HandlerContext): Promise<HandlerResult> {
  if (h.exec) return exec(h.exec.command ?? [], ctx);
  if (h.httpGet) return httpGet(h.httpGet, ctx);
  if (h.tcpSocket) return tcpSocket(h.tcpSocket, ctx);
  // The sleep action (KEP-3960): shortened; only its order matters here.
  if (h.sleep) return new Promise((r) => setTimeout(() => r({ ok: true, detail: `sleep ${h.sleep!.seconds}s (shortened)` }), 50));
  return { ok: false, detail: `unknown handler ${JSON.stringify(h)}` };
}

async function exec(command: string[], ctx: HandlerContext): Promise<HandlerResult> {
  const argv = withShell(
    command.map((s) => ctx.rewrite(String(s))),
    ctx.shell,
  );
  // The sidecar's own wait command (e.g. `pilot-agent wait`) exists only in its image: it blocks
  // until the sidecar is ready, so the stand-in answers it the same way.
  const wait = ctx.standIn?.kind.waitCommand;
  if (ctx.standIn && wait && argv[0] && basename(argv[0]) === basename(wait)) {
    await ctx.standInReady!();
    return { ok: true, detail: `${argv.slice(0, 2).join(' ')} (stand-in: waited for ready)` };
  }
  const p = startProcess(argv, ctx.env, ctx.cwd);
  const code = await p.exited;
  return { ok: code === 0, detail: `exit ${code}${code === 0 ? '' : `: ${p.output().trim().slice(-300)}`}` };
}

function portOf(port: number | string | undefined, c: Container): number {
  if (typeof port === 'number' || /^\d+$/.test(String(port))) return Number(port);
  const named = (c.ports as { name?: string; containerPort: number }[] | undefined)?.find((p) => p.name === port);
  return named?.containerPort ?? NaN;
}

function httpGet(g: NonNullable<Handler['httpGet']>, { container: c, podIp }: HandlerContext): Promise<HandlerResult> {
  const port = portOf(g.port, c);
  const host = g.host ?? podIp;
  return new Promise((resolve) => {
    const req = request({ host, port, path: g.path ?? '/', method: 'GET', timeout: 5000 }, (res) => {
      res.resume();
      const code = res.statusCode ?? 0;
      resolve({ ok: code >= 200 && code < 400, detail: `GET ${host}:${port}${g.path ?? '/'} -> ${code}` });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ ok: false, detail: `GET ${host}:${port}${g.path ?? '/'}: ${e.message}` }));
    req.end();
  });
}

function tcpSocket(t: NonNullable<Handler['tcpSocket']>, { container: c, podIp }: HandlerContext): Promise<HandlerResult> {
  const port = portOf(t.port, c);
  const host = t.host ?? podIp;
  return new Promise((resolve) => {
    const s = connect({ host, port }, () => {
      s.destroy();
      resolve({ ok: true, detail: `tcp ${host}:${port} open` });
    });
    s.setTimeout(5000, () => s.destroy(new Error('timeout')));
    s.on('error', (e) => resolve({ ok: false, detail: `tcp ${host}:${port}: ${e.message}` }));
  });
}
