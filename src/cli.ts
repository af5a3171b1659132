/**
 * Command line. With no subcommand it is the KRM filter (ResourceList on stdin), which is how
 * kpt and kustomize run it.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { parse } from 'yaml';
import { registerFileCommands } from './files/commands.js';
import { runFilter } from './run.js';

declare const __VERSION__: string | undefined;
const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';

function readConfigFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`--config ${path}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  try {
    return parse(text);
  } catch (e) {
    throw new UsageError(`--config ${path}: not valid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
}

class UsageError extends Error {}

function filter(opts: { config?: string }): number {
  const config = opts.config ? readConfigFile(opts.config) : undefined;
  const stdin = readFileSync(0, 'utf8');
  const out = runFilter(stdin, { config });
  for (const line of out.stderr) process.stderr.write(line + '\n');
  if (out.stdout) process.stdout.write(out.stdout);
  return out.exitCode;
}

export function main(argv: string[]): number {
  const program = new Command('pod-sequencer')
    .description('KRM function: fixes container start order and sidecar exit in Kubernetes pods.\nWith no command: reads a ResourceList on stdin and writes it to stdout (kpt, kustomize).')
    .version(VERSION)
    .option('--config <file>', 'function config (PodSequence or ConfigMap); overrides functionConfig')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    // `check --config F` must reach the subcommand, not the filter's own --config.
    .enablePositionalOptions();
  let code = 0;
  registerFileCommands(program, VERSION, (c) => {
    code = c;
  });
  program.action((opts: { config?: string }) => {
    code = filter(opts);
  });
  try {
    program.parse(argv);
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    if (e instanceof UsageError) {
      process.stderr.write(`pod-sequencer: error: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  return code;
}

try {
  process.exitCode = main(process.argv);
} catch (e) {
  // A bug, not bad input: say so plainly, still without partial output.
  process.stderr.write(`pod-sequencer: internal error: ${(e as Error).message}\nPlease report this with the input that caused it.\n`);
  process.exitCode = 1;
}
