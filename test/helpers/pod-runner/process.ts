/**
 * A container as a process: its argv (after `$(VAR)` expansion and the volume rewrite) run with
 * its env only, in its own process group, so that stopping the container ends everything it
 * started (the runtime kills the container's whole cgroup). Programs stood in for: `sh`,
 * `/bin/sh` and `<any busybox> sh` run under the shell under test (dash, bash or busybox sh).
 */
import { spawn } from 'node:child_process';
import type { ListenOptions, Server } from 'node:net';
import { basename } from 'node:path';
import { listenWhenFree } from '../port-lock.js';

export type ShellName = 'dash' | 'bash' | 'busybox';
export const SHELLS: Record<ShellName, string[]> = { dash: ['/usr/bin/dash'], bash: ['/usr/bin/bash'], busybox: ['/bin/busybox', 'sh'] };
export const BUSYBOX = '/bin/busybox';
/** An image's usual PATH (the app images' PATH; the tools' busybox finds its applets by itself). */
export const IMAGE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

export function withShell(argv: string[], shell: ShellName): string[] {
  const [p, q] = argv;
  if (p === 'sh' || p === '/bin/sh') return [...SHELLS[shell], ...argv.slice(1)];
  if (p !== undefined && basename(p) === 'busybox' && q === 'sh') return [...SHELLS[shell], ...argv.slice(2)];
  return argv;
}

export interface Proc {
  exited: Promise<number>;
  /** Signal the main process (what the runtime's StopContainer does first). */
  signal(sig: 'SIGTERM' | 'SIGKILL'): void;
  running: boolean;
  /** The last few KB of stdout and stderr, interleaved. */
  output(): string;
}

export function startProcess(argv: string[], env: ReadonlyMap<string, string>, cwd: string): Proc {
  let out = '';
  const keep = (b: Buffer) => (out = (out + b.toString()).slice(-4000));
  const state = { running: true };
  if (argv.length === 0) {
    out = 'no command: the image entrypoint is not stood in for';
    state.running = false;
    return {
      exited: Promise.resolve(127),
      signal: () => undefined,
      get running() {
        return false;
      },
      output: () => out,
    };
  }
  const child = spawn(argv[0]!, argv.slice(1), { cwd, env: Object.fromEntries(env), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number>((resolve) => {
    child.on('error', (e) => {
      keep(Buffer.from(`cannot start ${argv[0]}: ${e.message}\n`));
      state.running = false;
      resolve(127);
    });
    // 'exit', not 'close': a process the container left behind may hold its output open.
    child.on('exit', (code, sig) => {
      state.running = false;
      // The container is gone: so is anything it left behind in its process group.
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* none left */
      }
      resolve(code ?? 128 + (sig === 'SIGKILL' ? 9 : sig === 'SIGTERM' ? 15 : 1));
    });
  });
  return {
    exited,
    signal: (sig) => {
      try {
        if (state.running && child.pid) process.kill(child.pid, sig);
      } catch {
        /* already gone */
      }
    },
    get running() {
      return state.running;
    },
    output: () => out,
  };
}

/**
 * Listens on one of a pod's fixed ports (a sidecar's, a dependency's). In the pod's own network
 * namespace it is free, and an error fails at once; in the machine's (main.ts holds its lock), a
 * process outside the suite that holds it is waited for (port-lock.ts listenWhenFree).
 */
export function listenFixed(server: Server, opts: ListenOptions): Promise<void> {
  if (process.env.POD_RUNNER_ISOLATED !== '1') return listenWhenFree(server, opts);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts, () => resolve());
  });
}
