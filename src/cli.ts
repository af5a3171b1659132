/**
 * Command line. With no subcommand it is the KRM filter (ResourceList on stdin), which is how
 * kpt and kustomize run it: with no arguments at all it starts without commander and the file
 * commands (start-up time is most of a small run).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { runFilter } from './run.js';
import { withProgress } from './files/terminal.js';
import { tooLarge } from './yaml/limits.js';
import { decodeUtf8Strict } from './yaml/text.js';
import { FatalError } from './krm/types.js';
import { VERSION } from './version.js';
import { FAIL_ON_LEVELS, type FailOn } from './config/types.js';
import { inputRead } from './inlining.js';
import { writeStderr, writeStdout } from './stdio.js';

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

/** At least one Kubernetes object (apiVersion and kind) in the stream; else the filter's error says what to send. */
async function hasObjects(text: string): Promise<boolean> {
  const { readManifest } = await import('./files/read.js');
  try {
    return readManifest('<stdin>', [], text).docs.length > 0;
  } catch {
    return true; // malformed: the stream path names the document and line
  }
}

/**
 * Not a ResourceList but plain manifests: the first document has no top-level `kind: ResourceList`
 * (or `List`), in block or JSON form. Empty input stays the filter's (its error says what to send).
 */
function isStream(text: string): boolean {
  if (text.trim() === '') return false;
  const first =
    text
      .replace(/^\uFEFF/, '')
      .split(/^---(?:[ \t].*)?$/m)
      // A document with a line that is not blank, a comment or a directive (a test, not a copy
      // of what may be the whole input).
      .find((d) => /^\s*[^\s#%]/m.test(d)) ?? '';
  return !/^kind:[ \t]*['"]?(?:ResourceList|List)['"]?[ \t]*(?:#.*)?$/m.test(first) && !/"kind"\s*:\s*"(?:ResourceList|List)"/.test(first);
}

/** stdin's bytes; a directory or an unreadable stdin is bad input, said plainly. */
function readStdin(): Buffer {
  let bytes: Buffer;
  try {
    bytes = readFileSync(0);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') {
      throw new FatalError('stdin is a directory: pipe a ResourceList (`pod-sequencer < list.yaml`), or run `pod-sequencer check|fix DIR` on a directory');
    }
    throw new FatalError(`cannot read stdin (${code ?? String(e)})`);
  }
  const big = tooLarge('stdin', bytes.length);
  if (big) throw new FatalError(big);
  inputRead(bytes.length);
  return bytes;
}

/**
 * The KRM filter, or the post-renderer for plain manifests on stdin. The post-renderer and the
 * file reader (and node:child_process, which the reader needs for `git ls-files`) are loaded
 * only for plain manifests: a ResourceList run, how kpt and kustomize call it, never needs them,
 * and start-up is most of a small run (BENCHMARKS.md).
 */
function filter(opts: { config?: string; failOn?: FailOn }): number | Promise<number> {
  const config = opts.config ? readConfigFile(opts.config) : undefined;
  let bytes: Buffer;
  let stdin: string;
  try {
    bytes = readStdin();
    stdin = decodeUtf8Strict(bytes);
  } catch (e) {
    if (!(e instanceof FatalError)) throw e;
    writeStderr(`pod-sequencer: error: ${e.message}\n`);
    return 1;
  }
  if (isStream(stdin)) return streamOrFilter(stdin, opts, config);
  return filterList(stdin, opts, config, bytes);
}

function filterList(stdin: string, opts: { failOn?: FailOn }, config: unknown, bytes?: Buffer): number {
  const out = withProgress('filtered', (progress) => runFilter(stdin, { config, progress, ...(opts.failOn ? { failOn: opts.failOn } : {}) }));
  for (const line of out.stderr) writeStderr(line + '\n');
  // Nothing changed (the usual render): the input's own bytes, not the text encoded again. They
  // are the same bytes unless decoding dropped a byte order mark.
  const same = bytes !== undefined && out.stdout === stdin && !(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf);
  if (out.stdout) writeStdout(same ? bytes : out.stdout);
  return out.exitCode;
}

async function streamOrFilter(stdin: string, opts: { config?: string; failOn?: FailOn }, config: unknown): Promise<number> {
  if (!(await hasObjects(stdin))) return filterList(stdin, opts, config);
  // Plain manifests on stdin (`helm template … | pod-sequencer`): the post-renderer's path, said
  // in one line, so a user who meant a ResourceList (or Helm) learns which command this was.
  writeStderr('pod-sequencer: note: stdin holds plain manifests, not a ResourceList: answered as `pod-sequencer post-render` (the Helm post-renderer) does\n');
  const { postRender } = await import('./files/post-render.js');
  const r = postRender(Buffer.from(stdin), { failOn: opts.failOn ?? 'error', config: opts.config });
  for (const line of r.stderr) writeStderr(line + '\n');
  if (r.stdout) writeStdout(r.stdout);
  return r.exitCode;
}

export async function main(argv: string[]): Promise<number> {
  const { Command, CommanderError, Option } = await import('commander');
  const { registerFileCommands } = await import('./files/commands.js');
  const program = new Command('pod-sequencer')
    .description(
      'KRM function: fixes container start order and sidecar exit in Kubernetes pods.\nWith no command: reads a ResourceList on stdin and writes it to stdout (kpt, kustomize).',
    )
    .version(VERSION)
    .option('--config <file>', 'function config (PodSequence or ConfigMap); overrides functionConfig')
    .addOption(
      new Option('--fail-on <level>', "exit 1 on a finding at or above this level (else the config's spec.check.failOn, else error)").choices(FAIL_ON_LEVELS),
    )
    .exitOverride()
    // Commander's own errors (an unknown flag, a missing argument) carry the program's name, as ours do.
    .configureOutput({ writeOut: writeStdout, writeErr: writeStderr, outputError: (s, write) => write(`pod-sequencer: ${s}`) })
    // `check --config F` must reach the subcommand, not the filter's own --config.
    .enablePositionalOptions();
  let code: number | Promise<number> = 0;
  registerFileCommands(program, VERSION, (c) => {
    code = c;
  });
  // The admission webhook (docs/webhook.md): a command group, each subcommand's module loaded when it runs.
  const webhook = program.command('webhook').description('the admission webhook: pods created at runtime get the same decisions (docs/webhook.md)');
  webhook
    .command('manifests')
    .description('write what to `kubectl apply -f -` to run the webhook: its Deployment, Service, webhook configuration, TLS and companion policy')
    .option('--config <file>', 'the PodSequence the webhook runs (validated; else the defaults), put in its ConfigMap')
    .option('--namespace <name>', 'the namespace the webhook runs in', 'pod-sequencer')
    .option('--image <image>', 'the pod-sequencer image (built from the Dockerfile)')
    .option('--tls <route>', 'serving certificate from cert-manager, or from the kube-webhook-certgen Jobs: cert-manager|certgen', 'cert-manager')
    .option('--failure-policy <policy>', 'what the API server does when the webhook fails to answer: Ignore|Fail', 'Ignore')
    .action((opts: import('./admission/manifests.js').ManifestsCommandOptions) => {
      const io = {
        readFile: (p: string) => readFileSync(p, 'utf8'),
        out: writeStdout,
        err: writeStderr,
      };
      code = import('./admission/manifests.js').then((m) => m.manifestsCommand(opts, io));
    });
  // `webhook serve`: the server the API server calls (src/admission/serve.ts), loaded only when it runs.
  webhook
    .command('serve')
    .description('serve AdmissionReviews on HTTPS POST /mutate, /healthz and /readyz; Prometheus /metrics on plain HTTP (docs/reference.md)')
    .option('--config <file>', 'function config (PodSequence or ConfigMap), reloaded when it changes; defaults otherwise')
    .option('--port <port>', 'HTTPS port', '8443')
    .option('--tls-cert <file>', 'serving certificate (PEM), reloaded when it changes')
    .option('--tls-key <file>', 'its private key (PEM), reloaded with it')
    .option('--metrics-port <port>', 'plain HTTP port of GET /metrics', '9090')
    .option('--max-body <bytes>', 'largest request body; larger ones get 413 (default 3 MiB, the API server’s own limit)')
    .option('--bind-address <address>', 'address of both ports (default: every address of the host)')
    .action((opts: import('./admission/serve.js').ServeFlags) => {
      code = import('./admission/serve.js').then((m) => m.serve(opts));
    });
  // audit (issue 37): its options only; its code is imported when it runs (src/audit/register.ts).
  const { registerAudit } = await import('./audit/register.js');
  registerAudit(program, VERSION, (c) => {
    code = c;
  });
  // A word that is no command (`pod-sequencer chekc k8s/`) is a usage error naming the commands,
  // not commander's "too many arguments" (the filter itself takes no arguments).
  program.allowExcessArguments(true).action((opts: { config?: string; failOn?: FailOn }) => {
    const [word] = program.args;
    if (word !== undefined) {
      const names = program.commands.map((c) => c.name());
      throw new UsageError(`unknown command '${word}'; commands: ${names.join(', ')} (pod-sequencer --help)`);
    }
    code = filter(opts);
  });
  try {
    program.parse(argv);
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    if (e instanceof UsageError) {
      writeStderr(`pod-sequencer: error: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  return await code;
}

function internalError(e: unknown): void {
  // A bug, not bad input: say so plainly, still without partial output.
  writeStderr(`pod-sequencer: internal error: ${(e as Error).message}\nPlease report this with the input that caused it.\n`);
  process.exitCode = 1;
}

if (process.argv.length <= 2) {
  try {
    const code = filter({});
    if (typeof code === 'number') process.exitCode = code;
    else code.then((c) => void (process.exitCode = c), internalError);
  } catch (e) {
    internalError(e);
  }
} else {
  main(process.argv).then((code) => void (process.exitCode = code), internalError);
}
