/**
 * `pod-sequencer webhook serve`: flags to server options, the process's signals, exit codes.
 * Exit 0 after a shutdown (SIGTERM, SIGINT); 2 on a startup error (an unreadable or bad
 * certificate, key or config, a port in use, a bad flag), said in one line without a stack trace.
 */
import { useSmallInliningBudget } from '../inlining.js';
import { jsonLogger } from './log.js';
import { DEFAULT_MAX_BODY, startServer, StartupError } from './server.js';

export interface ServeFlags {
  config?: string;
  port: string;
  tlsCert?: string;
  tlsKey?: string;
  metricsPort: string;
  maxBody?: string;
  bindAddress?: string;
}

export const DEFAULTS = { port: '8443', metricsPort: '9090', maxBody: String(DEFAULT_MAX_BODY) };

function integer(flag: string, value: string, min: number, max: number): number {
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) throw new StartupError(`${flag} ${value}: expected a whole number from ${min} to ${max}`);
  return n;
}

function required(flag: string, value: string | undefined): string {
  if (!value) throw new StartupError(`${flag} FILE is required (the serving certificate and its key, PEM)`);
  return value;
}

export async function serve(flags: ServeFlags): Promise<number> {
  useSmallInliningBudget(); // a server has the work to gain on (src/inlining.ts)
  const log = jsonLogger();
  let server;
  try {
    server = await startServer({
      configPath: flags.config,
      certPath: required('--tls-cert', flags.tlsCert),
      keyPath: required('--tls-key', flags.tlsKey),
      port: integer('--port', flags.port, 0, 65535),
      metricsPort: integer('--metrics-port', flags.metricsPort, 0, 65535),
      maxBody: integer('--max-body', flags.maxBody ?? DEFAULTS.maxBody, 1, 2 ** 31 - 1),
      host: flags.bindAddress,
      log,
    });
  } catch (e) {
    if (!(e instanceof StartupError)) throw e;
    process.stderr.write(`pod-sequencer: error: ${e.message}\n`);
    return 2;
  }
  const running = server;
  return new Promise((resolve) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      // A second signal while draining (Ctrl-C twice) ends the process at once.
      if (stopping) process.exit(1);
      stopping = true;
      void running.shutdown(signal).then(() => {
        process.off('SIGTERM', onSignal);
        process.off('SIGINT', onSignal);
        resolve(0);
      });
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}
