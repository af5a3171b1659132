/**
 * Runs generated commands for real, in several "images":
 * - image mode: `sh` is dash, bash (as sh, so POSIX mode) or busybox ash, with only the tools an
 *   image of that kind would have on PATH (curl; GNU wget + bash; busybox applets; nothing);
 * - inject mode: toolsDir holds a busybox and PATH is empty, as in a distroless image.
 * Extra busybox builds to test inject mode with: POD_SEQUENCER_TEST_BUSYBOX=/path/a:/path/b.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShellEnv } from '../../src/shell/index.js';

export interface Runner {
  name: string;
  env: ShellEnv;
  /** PATH the command runs with (image mode finds `sh` there). */
  path: string;
}

export interface RunResult {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Killed by the harness (timeoutMs). No duration here: tests assert behaviour, never wall-clock time. */
  timedOut: boolean;
}

export interface RunOptions {
  /** The container's args: Kubernetes appends them to the command. */
  args?: string[];
  path: string;
  timeoutMs?: number;
  stdin?: string;
  /** Called with each stdout chunk; may signal the process. */
  onStdout?: (text: string, pid: number) => void;
  /** Called with all stderr so far on each chunk (the scripts' log lines). */
  onStderr?: (text: string) => void;
  onSpawn?: (pid: number) => void;
  env?: Record<string, string>;
}

export const NODE = process.execPath;
export const BUSYBOX = '/bin/busybox';

/** Spawns [...cmd, ...args]; kills the whole process group if it outlives timeoutMs. */
export function run(cmd: string[], opts: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd[0], [...cmd.slice(1), ...(opts.args ?? [])], {
      env: { PATH: opts.path, ...opts.env },
      stdio: [opts.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    opts.onSpawn?.(child.pid!);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, opts.timeoutMs ?? 50_000); // a hang guard only, under vitest's 60 s so the kill is reported with the output
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      opts.onStdout?.(stdout, child.pid!);
    });
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
      opts.onStderr?.(stderr);
    });
    if (opts.stdin !== undefined) child.stdin!.end(opts.stdin);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}

export interface Lab {
  dir: string;
  runners: Runner[];
  /** A runner whose image has only sh, date and sleep (for the "no tools" messages). */
  bare: Runner[];
  /** A node script that prints its argv (after the script) as JSON. */
  dump: string;
  /** A file that must never appear: hostile values try to create it. */
  canary: string;
  cleanup(): Promise<void>;
}

const SHELLS: Record<string, string[]> = {
  dash: ['/usr/bin/dash'],
  bash: ['/usr/bin/bash'],
  busybox: [BUSYBOX],
};

async function imageDir(root: string, name: string, shell: string, tools: Record<string, string>): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir);
  await symlink(SHELLS[shell][0], join(dir, 'sh'));
  for (const [tool, target] of Object.entries(tools)) await symlink(target, join(dir, tool));
  return dir;
}

const coreutils = { date: '/usr/bin/date', sleep: '/usr/bin/sleep', timeout: '/usr/bin/timeout' };
const busyboxApplets = Object.fromEntries(['wget', 'nc', 'nslookup', 'date', 'sleep', 'timeout', 'true'].map((a) => [a, BUSYBOX]));

export async function setupLab(): Promise<Lab> {
  const dir = await mkdtemp(join(tmpdir(), 'pod-seq-shell-'));
  const image = async (name: string, shell: string, tools: Record<string, string>): Promise<Runner> => ({
    name,
    env: { delivery: 'image', toolsDir: '/.seq' },
    path: await imageDir(dir, name, shell, tools),
  });
  const runners: Runner[] = [
    await image('image-dash-curl', 'dash', { curl: '/usr/bin/curl', getent: '/usr/bin/getent', ...coreutils }),
    await image('image-bash-wget', 'bash', {
      wget: '/usr/bin/wget',
      bash: '/usr/bin/bash',
      getent: '/usr/bin/getent',
      ...coreutils,
    }),
    await image('image-busybox', 'busybox', busyboxApplets),
  ];
  const busyboxes = [BUSYBOX, ...(process.env.POD_SEQUENCER_TEST_BUSYBOX?.split(':').filter(Boolean) ?? [])];
  for (const [i, bb] of busyboxes.entries()) {
    if (!existsSync(bb)) throw new Error(`no busybox at ${bb}`);
    const toolsDir = join(dir, `tools-${i}`);
    await mkdir(toolsDir);
    await symlink(bb, join(toolsDir, 'busybox'));
    runners.push({ name: `inject-${i === 0 ? 'busybox' : bb}`, env: { delivery: 'inject', toolsDir }, path: '/nonexistent' });
  }
  const bare = [await image('bare-dash', 'dash', { date: '/usr/bin/date', sleep: '/usr/bin/sleep' })];
  // A busybox built with FEATURE_SH_STANDALONE (Debian's busybox-static, for one) runs its own
  // wget and nc from sh whatever PATH says: its image is never bare, so only other builds play one.
  if (!standaloneShell(BUSYBOX)) bare.push(await image('bare-busybox', 'busybox', { date: BUSYBOX, sleep: BUSYBOX }));
  const dump = join(dir, 'dump.cjs');
  await writeFile(dump, 'process.stdout.write(JSON.stringify(process.argv.slice(2)) + "\\n");\n');
  return { dir, runners, bare, dump, canary: join(dir, 'pwned'), cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Whether `busybox sh` finds its applets without PATH (FEATURE_SH_STANDALONE). */
function standaloneShell(busybox: string): boolean {
  return spawnSync(busybox, ['sh', '-c', 'command -v wget'], { env: { PATH: '/nonexistent' } }).status === 0;
}

/**
 * Runs `fn` for every runner at once; reports every failing runner by name.
 */
export async function eachRunner(runners: Runner[], fn: (r: Runner) => Promise<void>): Promise<void> {
  const results = await Promise.allSettled(runners.map(fn));
  const failures = results.flatMap((res, i) => (res.status === 'rejected' ? [`[${runners[i].name}] ${(res.reason as Error)?.message ?? res.reason}`] : []));
  if (failures.length) throw new Error(failures.join('\n\n'));
}

/** Node one-liner as an argv. */
export const nodeRun = (code: string): string[] => [NODE, '-e', code];

/** Argv values that must survive untouched. */
export const NASTY = [
  'plain',
  'with space',
  "it's",
  '"double"',
  '$HOME',
  '${PATH}',
  '*',
  '`id`',
  '$(touch CANARY)',
  'a;b|c&d',
  'line1\nline2',
  '',
  '--',
  'R',
  'ready',
  'quit',
  'kill',
  '-e',
  '\\n\\t',
  'ünïcødé',
];

/**
 * PATH of a busybox image (sh, sleep) for running an app container under the injected busybox,
 * whose own PATH is empty: what a Job's app container sees in inject mode.
 */
export async function busyboxImage(lab: Lab): Promise<string> {
  const dir = join(lab.dir, 'busybox-image');
  if (!existsSync(dir)) {
    await mkdir(dir);
    for (const applet of ['sh', 'sleep']) await symlink(BUSYBOX, join(dir, applet));
  }
  return dir;
}

interface ManifestContainer {
  name?: unknown;
  command?: unknown;
}

/**
 * Inject delivery as the kubelet runs it: the pod's `seq-tools` init container, run for real,
 * fills a fresh directory that plays the /.seq emptyDir (the tools image's /bin/busybox is the
 * runner's busybox). Returns a function that points a container command's /.seq paths (before
 * its "--") at that directory.
 */
export async function runToolsInit(lab: Lab, r: Runner, initContainers: ManifestContainer[] | undefined): Promise<(cmd: unknown[]) => string[]> {
  const tools = initContainers?.find((c) => c.name === 'seq-tools');
  if (!Array.isArray(tools?.command)) throw new Error('the pod has no seq-tools init container');
  const dir = await mkdtemp(join(lab.dir, 'seq-'));
  const bb = await realpath(`${r.env.toolsDir}/busybox`);
  const local = (w: string) => (w === '/bin/busybox' ? bb : w === '/.seq' || w.startsWith('/.seq/') ? dir + w.slice('/.seq'.length) : w);
  const res = await run((tools.command as unknown[]).map(String).map(local), { path: '/nonexistent' });
  if (res.code !== 0) throw new Error(`seq-tools failed (${res.code}): ${res.stderr}`);
  return (cmd) => {
    const words = cmd.map(String);
    const end = words.indexOf('--');
    return words.map((w, i) => (end < 0 || i < end ? (w === '/.seq' || w.startsWith('/.seq/') ? dir + w.slice('/.seq'.length) : w) : w));
  };
}
