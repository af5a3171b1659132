/**
 * The pod runner: runs a pod spec on this machine the way the kubelet would (kubelet.ts), with
 * stand-ins for the images (sidecars.ts, standin.ts; the app's command, kubelet.ts `standInApp`)
 * and the services it waits on (dependencies.ts), and returns the event log.
 *
 * Each pod runs in a child Node process (main.ts, bundled once per test process with esbuild).
 * Where the machine allows it (root, as here and in CI), that child gets its own network and
 * mount namespaces (`unshare -mn`, loopback brought up): the vendors' fixed ports then never
 * collide, neither between pods run side by side nor with another `npm test` on the machine, and
 * dependency names resolve to loopback through a pod-private /etc/hosts. Elsewhere the child runs
 * in the machine's network and takes a lock per fixed port (ports.ts), and only loopback
 * dependencies can be stood in for (`isolated` says which; tests skip the rest with a reason).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import type { ObjectMeta, PodSpec } from '../../../src/workloads/workload.js';
import type { Stamped } from './events.js';
import type { Phase, PodRunSpec } from './kubelet.js';
import { BUSYBOX, type ShellName } from './process.js';
import { POD_IP } from './pod-ip.js';
import type { CustomSidecar } from './sidecars.js';

export type { PodEvent, Stamped } from './events.js';
export type { Phase } from './kubelet.js';
export type { ShellName } from './process.js';
export { sidecarKind, type CustomSidecar } from './sidecars.js';
export { parseDependency, isLoopback } from './dependencies.js';

export interface RunPodOptions {
  shell: ShellName;
  /** Each app container's command line as the input had it (replaced by the stand-in app; init containers too). */
  apps: PodRunSpec['apps'];
  appExitCode?: number;
  sidecars?: CustomSidecar[];
  dependencies?: string[];
  readyAfterMs?: number;
  dependencyAfterMs?: number;
  /** Secret and ConfigMap values (`name/key`). */
  data?: Record<string, string>;
  /** Kill the pod and fail after this long (a hang guard, never an expected outcome). */
  hangGuardMs?: number;
  /** Restarts of a container other than a native sidecar before the runner gives up (default 3). */
  maxRestarts?: number;
  /** PodRunSpec.deletedByController. */
  deletedByController?: boolean;
}

export interface PodRun {
  phase: Phase;
  exitCodes: Record<string, number>;
  events: Stamped[];
  isolated: boolean;
}

const HERE = dirname(fileURLToPath(import.meta.url));
/** A pod that runs longer than this is killed and fails (POD_RUNNER_HANG_MS overrides). */
const HANG_GUARD_MS = Number(process.env.POD_RUNNER_HANG_MS ?? 45_000);
let bundle: string | undefined;
let isolation: boolean | undefined;

/** Whether pods get private network and mount namespaces here (`unshare -mn` works). */
export function isolated(): boolean {
  if (process.env.POD_RUNNER_NO_UNSHARE === '1') return false;
  isolation ??= spawnSync('unshare', ['-mn', BUSYBOX, 'ip', 'link', 'set', 'lo', 'up'], { stdio: 'ignore' }).status === 0;
  return isolation;
}

function runnerBundle(): string {
  if (bundle) return bundle;
  const dir = mkdtempSync(join(tmpdir(), 'pod-runner-'));
  const out = join(dir, 'main.mjs');
  buildSync({
    entryPoints: [join(HERE, 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'error',
    define: { __VERSION__: '"pod-runner"' },
  });
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return (bundle = out);
}

export async function runPod(pod: PodSpec, meta: ObjectMeta, opts: RunPodOptions): Promise<PodRun> {
  const podDir = mkdtempSync(join(tmpdir(), 'pod-'));
  const spec: PodRunSpec = {
    pod,
    facts: {
      name: meta.name ?? 'pod',
      namespace: meta.namespace ?? 'default',
      annotations: meta.annotations ?? {},
      labels: meta.labels ?? {},
      data: opts.data,
    },
    shell: opts.shell,
    apps: opts.apps,
    appExitCode: opts.appExitCode ?? 0,
    sidecars: opts.sidecars,
    dependencies: opts.dependencies,
    readyAfterMs: opts.readyAfterMs ?? 150,
    dependencyAfterMs: opts.dependencyAfterMs ?? 150,
    podDir,
    maxRestarts: opts.maxRestarts,
    deletedByController: opts.deletedByController,
    listenHost: '127.0.0.1',
  };
  writeFileSync(join(podDir, 'spec.json'), JSON.stringify(spec));
  const iso = isolated();
  const node = [process.execPath, runnerBundle(), join(podDir, 'spec.json')];
  const argv = iso
    ? [
        'unshare',
        '-mn',
        '--',
        BUSYBOX,
        'sh',
        '-c',
        `${BUSYBOX} ip link set lo up && ${BUSYBOX} ip addr add ${POD_IP}/32 dev lo && exec "$@"`,
        'pod-runner',
        ...node,
      ]
    : node;
  const events: Stamped[] = [];
  try {
    return await new Promise<PodRun>((resolve, reject) => {
      const child = spawn(argv[0]!, argv.slice(1), {
        env: { ...process.env, POD_RUNNER_ISOLATED: iso ? '1' : '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      let buf = '';
      let err = '';
      let result: { phase: Phase; exitCodes: Record<string, number> } | undefined;
      let crash: string | undefined;
      const guard = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
        reject(
          new Error(`pod ${spec.facts.name} hung for ${(opts.hangGuardMs ?? HANG_GUARD_MS) / 1000}s (killed). Events so far:\n${events.map(show).join('\n')}`),
        );
      }, opts.hangGuardMs ?? HANG_GUARD_MS);
      child.stdout.on('data', (b: Buffer) => {
        buf += b.toString();
        for (let i = buf.indexOf('\n'); i !== -1; i = buf.indexOf('\n')) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 1);
          if (line.startsWith('E ')) events.push(JSON.parse(line.slice(2)) as Stamped);
          else if (line.startsWith('R ')) result = JSON.parse(line.slice(2)) as typeof result;
          else if (line.startsWith('X ')) crash = JSON.parse(line.slice(2)) as string;
        }
      });
      child.stderr.on('data', (b: Buffer) => (err = (err + b.toString()).slice(-4000)));
      child.on('close', (code) => {
        clearTimeout(guard);
        if (result) resolve({ ...result, events, isolated: iso });
        else reject(new Error(`pod runner failed (exit ${code}): ${crash ?? err}\nEvents:\n${events.map(show).join('\n')}`));
      });
    });
  } finally {
    rmSync(podDir, { recursive: true, force: true });
  }
}

/** One event as a line, for failure messages. */
export function show(e: Stamped): string {
  const { seq, kind, ...rest } = e;
  return `${String(seq).padStart(3)} ${kind} ${JSON.stringify(rest)}`;
}
