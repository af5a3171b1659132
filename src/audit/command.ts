/**
 * The `audit` command: read the inputs (files, `-`, or `--kubectl`), audit, print the chosen
 * format, exit as `check` does (0, 1 at --fail-on, 2 for usage and config errors). Loaded only
 * when `audit` runs (src/cli.ts).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { loadConfig } from '../config/load.js';
import { useSmallInliningBudget } from '../inlining.js';
import type { Config, FailOn } from '../config/types.js';
import { formatResult } from '../krm/results.js';
import { audit } from './index.js';
import { createReadStream } from 'node:fs';
import { InputError, KUBECTL_INPUT, readDump, type LiveObject } from './input.js';
import { runKubectl } from './kubectl.js';
import { fails, formatAuditJson, formatAuditJunit, formatAuditSarif, formatAuditText, type InputProblem } from './report.js';

export interface AuditCommandOptions {
  config?: string;
  format: 'text' | 'json' | 'sarif' | 'junit';
  kubectl?: boolean;
  failOn?: FailOn;
  now?: string;
}

/** A usage or config error: one line, exit 2. */
export class AuditUsageError extends Error {}

export interface AuditIo {
  stdin: NodeJS.ReadableStream;
  out: (s: string) => void;
  err: (s: string) => void;
  version: string;
  cwd: string;
  /** Bytes one input may hold (tests set small ones). */
  limits?: { json?: number; yaml?: number };
}

function loadAuditConfig(path: string | undefined): Config {
  if (path === undefined) return loadConfig(undefined).config;
  let raw: unknown;
  try {
    raw = parse(readFileSync(path, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new AuditUsageError(`--config ${path}: ${code ? `cannot read the file (${code})` : `not valid YAML: ${(e as Error).message.split('\n')[0]}`}`);
  }
  const { config, errors } = loadConfig(raw, { source: path });
  if (errors.length > 0) throw new AuditUsageError(`--config ${path}: invalid\n${errors.map(formatResult).join('\n')}`);
  return config;
}

function nowOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const ms = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(ms)) throw new AuditUsageError(`--now ${text}: not an RFC 3339 time (e.g. 2026-01-31T12:00:00Z)`);
  return ms;
}

/** One input's objects: kubectl's output, stdin, or a file, each read as it arrives. */
async function readInput(name: string, path: string | undefined, kubectl: boolean, io: AuditIo): Promise<LiveObject[]> {
  const limits = io.limits ?? {};
  if (kubectl) {
    const run = runKubectl();
    try {
      const objects = await readDump(name, run.stdout, limits);
      await run.done;
      return objects;
    } catch (e) {
      // kubectl's own failure says more than the cut output it leaves.
      await run.done;
      throw e;
    }
  }
  if (path === '-') return readDump(name, io.stdin as AsyncIterable<Buffer>, limits);
  // Large reads: a dump is read once, front to back.
  return readDump(name, createReadStream(path!, { highWaterMark: 1 << 20 }), limits);
}

export async function runAudit(paths: readonly string[], opts: AuditCommandOptions, io: AuditIo): Promise<number> {
  try {
    return await auditCommand(paths, opts, io);
  } catch (e) {
    if (!(e instanceof AuditUsageError)) throw e;
    io.err(`pod-sequencer: error: ${e.message}\n`);
    return 2;
  }
}

async function auditCommand(paths: readonly string[], opts: AuditCommandOptions, io: AuditIo): Promise<number> {
  if (opts.kubectl && paths.length > 0) throw new AuditUsageError('--kubectl reads the cluster itself: give no FILE with it');
  if (!opts.kubectl && paths.length === 0)
    throw new AuditUsageError('audit needs a dump: FILE..., - for stdin, or --kubectl (kubectl get … -A -o json | pod-sequencer audit -)');
  if (paths.filter((p) => p === '-').length > 1) throw new AuditUsageError('- (stdin) can be given once');
  useSmallInliningBudget(); // a cluster's dump is large (src/inlining.ts)
  const cfg = loadAuditConfig(opts.config);
  const given = nowOf(opts.now);
  const failOn = opts.failOn ?? cfg.check.failOn;
  const objects: LiveObject[] = [];
  const problems: InputProblem[] = [];
  const inputs = opts.kubectl ? [KUBECTL_INPUT] : paths.map((p) => (p === '-' ? '<stdin>' : p));
  for (const [i, name] of inputs.entries()) {
    try {
      objects.push(...(await readInput(name, paths[i], opts.kubectl === true, io)));
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      // One input that cannot be read never stops the others (as in check): it is an error of its own.
      problems.push({ path: name, message: e.message });
    }
  }
  // A live read measures against the clock; a dump against its own newest timestamp (docs/decisions.md).
  const report = audit(objects, cfg, {
    ...(given !== undefined ? { now: given } : {}),
    live: opts.kubectl === true,
    ...(opts.config !== undefined ? { config: opts.config } : {}),
  });
  for (const p of problems) if (opts.format !== 'text') io.err(`pod-sequencer: error [invalid-input] ${p.message}\n`);
  if (opts.format === 'json') io.out(formatAuditJson(report, problems));
  else if (opts.format === 'sarif') io.out(formatAuditSarif(report, problems, { version: io.version, rules: cfg.rules, cwd: io.cwd, fallback: inputs[0]! }));
  else if (opts.format === 'junit') io.out(formatAuditJunit(report, problems, inputs, failOn));
  else io.out(formatAuditText(report, problems, inputs.join(', ')));
  return fails(report, problems, failOn) ? 1 : 0;
}
