/**
 * `audit --kubectl`: runs exactly one read-only command, `kubectl get … -A -o json`, with the
 * user's kubeconfig and context (kubectl's own defaults: KUBECONFIG, the current context), as an
 * argv without a shell. Its output is read as it arrives, bounded like any dump (stream.ts).
 * Nothing else is ever run or sent to a cluster.
 */
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { InputError } from './errors.js';

/** What kubectl is asked for: every kind audit reads, in every namespace. */
export const KUBECTL_ARGS = ['get', 'pods,jobs,cronjobs,deployments,statefulsets,daemonsets,nodes,mutatingwebhookconfigurations', '-A', '-o', 'json'] as const;

/** kubectl's stdout, and its end: rejected with what it said when it fails or cannot start. */
export function runKubectl(): { stdout: Readable; done: Promise<void> } {
  const child = spawn('kubectl', [...KUBECTL_ARGS], { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
  let said = '';
  child.stderr.on('data', (b: Buffer) => (said = (said + b.toString('utf8')).slice(0, 4096)));
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        new InputError(
          e.code === 'ENOENT'
            ? '--kubectl: kubectl is not on PATH: install it, or audit a dump taken elsewhere (kubectl get … -o json > dump.json; pod-sequencer audit dump.json)'
            : `--kubectl: cannot run kubectl (${e.code ?? e.message})`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const first = said.trim().split('\n')[0] ?? '';
      reject(new InputError(`--kubectl: kubectl ${KUBECTL_ARGS.join(' ')} failed (exit ${code ?? 'by a signal'})${first ? `: ${first}` : ''}`));
    });
  });
  // Read by the caller; an error it causes is the one `done` says.
  done.catch(() => undefined);
  return { stdout: child.stdout, done };
}
