/** `audit` on the command line: its options here, its code loaded only when it runs (src/audit/command.ts). */
import { Option, type Command } from 'commander';
import { FAIL_ON_LEVELS } from '../config/types.js';
import { writeStderr, writeStdout } from '../stdio.js';

export function registerAudit(program: Command, version: string, setCode: (code: Promise<number>) => void): void {
  program
    .command('audit')
    .description(
      'read live objects (kubectl get … -o json|yaml) and report, from their status, which pods are stuck or at risk and the change that prevents it; writes nothing to any cluster (docs/audit.md)',
    )
    .argument(
      '[paths...]',
      'dump files; - reads stdin (kubectl get pods,jobs,cronjobs,deployments,statefulsets,daemonsets,nodes,mutatingwebhookconfigurations -A -o json | pod-sequencer audit -)',
    )
    .addOption(new Option('--config <file>', 'function config (PodSequence or ConfigMap): the sidecars, meshes and severities fixes follow'))
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'sarif', 'junit']).default('text'))
    .option('--kubectl', 'run kubectl get … -A -o json itself, with your current context (read-only)')
    .addOption(
      new Option(
        '--fail-on <level>',
        "exit 1 when an unsuppressed finding is at or above this level (default: the config's spec.check.failOn, else error)",
      ).choices(FAIL_ON_LEVELS),
    )
    .option('--now <time>', 'RFC 3339 time that "stuck for" is measured against (default: the dump\'s newest timestamp; with --kubectl, the clock)')
    .action((paths: string[], opts: import('./command.js').AuditCommandOptions) =>
      setCode(
        import('./command.js').then(({ runAudit }) =>
          runAudit(paths, opts, {
            stdin: process.stdin,
            out: writeStdout,
            err: writeStderr,
            version,
            cwd: process.cwd(),
          }),
        ),
      ),
    );
}
