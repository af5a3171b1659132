/**
 * `audit --kubectl`: runs exactly one read-only command, `kubectl get … -A -o json`, with the
 * user's kubeconfig and context (kubectl's own defaults: KUBECONFIG, the current context), as an
 * argv without a shell. Its output is bounded like any input (LIMITS.inputBytes). Nothing else
 * is ever run or sent to a cluster.
 */
import { execFile } from 'node:child_process';
import { LIMITS } from '../yaml/limits.js';
import { InputError } from './input.js';

/** What kubectl is asked for: every kind audit reads, in every namespace. */
export const KUBECTL_ARGS = ['get', 'pods,jobs,cronjobs,deployments,statefulsets,daemonsets,nodes,mutatingwebhookconfigurations', '-A', '-o', 'json'] as const;

export function runKubectl(limit: number = LIMITS.inputBytes): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile('kubectl', [...KUBECTL_ARGS], { encoding: 'buffer', maxBuffer: limit, windowsHide: true }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const e = error as NodeJS.ErrnoException & { code?: string | number };
      const said = stderr.toString('utf8').trim().split('\n')[0] ?? '';
      if (e.code === 'ENOENT')
        return reject(
          new InputError(
            '--kubectl: kubectl is not on PATH: install it, or audit a dump taken elsewhere (kubectl get … -o json > dump.json; pod-sequencer audit dump.json)',
          ),
        );
      if (e.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') {
        return reject(
          new InputError(
            `--kubectl: kubectl printed more than ${limit} bytes (the limit for one input): audit a few namespaces at a time from dumps (kubectl get … -n NS -o json)`,
          ),
        );
      }
      reject(new InputError(`--kubectl: kubectl ${KUBECTL_ARGS.join(' ')} failed (exit ${String(e.code ?? '?')})${said ? `: ${said}` : ''}`));
    });
  });
}
