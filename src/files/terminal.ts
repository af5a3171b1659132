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
