/**
 * The user's terminal, for the one case where stderr reaches nobody: Helm 4 runs a post-renderer
 * plugin with its stderr captured into a buffer it never shows (helm/helm@v4.0.0:
 * internal/plugin/runtime_subprocess.go, runPostrenderer), so a failure there reads only "plugin
 * exited with error". Helm sets HELM_PLUGIN_DIR for its plugins (same file); a Helm 3
 * `--post-renderer PATH` or a plain pipe shows stderr and gets nothing extra.
 */
import { closeSync, openSync, writeSync } from 'node:fs';

/** Under Helm 4's plugin runtime, the lines also go to /dev/tty; no terminal (CI, a pipe): nothing, silently. */
export function tellTerminal(lines: string[], env: NodeJS.ProcessEnv = process.env, device = '/dev/tty'): boolean {
  if (!env.HELM_PLUGIN_DIR || lines.length === 0) return false;
  let fd: number;
  try {
    fd = openSync(device, 'w');
  } catch {
    return false; // no controlling terminal (ENXIO), or none on this platform
  }
  try {
    writeSync(fd, lines.map((l) => `pod-sequencer: ${l}`).join('\n') + '\n');
    return true;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/** Told how far a run is: documents done of all. */
export type Progress = (done: number, total: number) => void;

/**
 * A progress line on stderr for a run that takes a while on a terminal (issue 38: 10,000
 * documents in one stream took seconds with nothing said): nothing until the process has run
 * `afterMs` (reading the input counts), so a quick run stays silent, then at most five updates
 * a second, redrawn in place, and cleared by `end`. Nothing at all where stderr is no terminal
 * (kpt, kustomize, CI, a pipe): there it would be one more line in a log. The clock (ms since
 * the process started) is read once per 256 documents. Neither stderr nor a clock module is
 * touched before the line may show: `process.stderr` on a pipe loads node:net, and `performance`
 * node:perf_hooks, 2-3 ms of a small run's start-up together (BENCHMARKS.md, "Start-up").
 */
export function progressLine(
  what: string,
  stream?: Pick<NodeJS.WriteStream, 'isTTY' | 'write'>,
  afterMs = 2000,
  clock: () => number = () => process.uptime() * 1000,
): { tick: Progress; end(): void } {
  let last = -Infinity;
  let shown = false;
  const tick: Progress = (done, total) => {
    if ((done & 255) !== 0 && done !== total) return;
    const now = clock();
    if (now < afterMs || now - last < 200) return;
    stream ??= process.stderr;
    if (!stream.isTTY) return;
    last = now;
    shown = true;
    stream.write(`\rpod-sequencer: ${what} ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} documents\x1b[K`);
  };
  return { tick, end: () => void (shown && stream?.write('\r\x1b[K')) };
}

/** `run`, told its progress on a terminal; the line is cleared however it ends. */
export function withProgress<T>(what: string, run: (tick: Progress) => T): T {
  const line = progressLine(what);
  try {
    return run(line.tick);
  } finally {
    line.end();
  }
}
