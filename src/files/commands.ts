/** `check`, `fix` and `explain`: the function over plain manifest files (what pre-commit runs). */
import { readFileSync, writeFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { createTwoFilesPatch } from 'diff';
import { parse } from 'yaml';
import { counts, findingLine, FORMATS, formatJson, formatSarif, formatText, noteLine, type Format } from '../check/report.js';
import { loadConfig } from '../config/load.js';
import type { Config } from '../config/types.js';
import { explainFiles } from '../explain/index.js';
import { formatResult } from '../krm/results.js';
import { collectFiles, PathError, type ManifestFile, type Note } from './read.js';
import { readManifests, runFiles } from './run.js';

/** Bad input to a command: reported as one line, exit 1. */
class Failure extends Error {}

interface Common {
  config?: string;
}

export function registerFileCommands(program: Command, version: string, setCode: (code: number) => void): void {
  const configOption = () => new Option('--config <file>', 'function config (PodSequence or ConfigMap); defaults otherwise');
  program
    .command('check')
    .description('lint plain manifests (multi-document YAML; directories recursively); exit 1 on error findings')
    .argument('<paths...>', 'YAML files or directories')
    .addOption(configOption())
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('text'))
    .action((paths: string[], opts: Common & { format: Format }) => setCode(guard(() => check(paths, opts, version))));
  program
    .command('fix')
    .description('apply the function to plain manifests in place, keeping comments and formatting; exit 1 when something could not be fixed')
    .argument('<paths...>', 'YAML files or directories')
    .addOption(configOption())
    .option('--dry-run', 'print a unified diff instead of writing the files')
    .action((paths: string[], opts: Common & { dryRun?: boolean }) => setCode(guard(() => fix(paths, opts))));
  program
    .command('explain')
    .description("print each workload's start and stop sequence after the function would run")
    .argument('<paths...>', 'YAML files or directories')
    .addOption(configOption())
    .addOption(
      new Option('--format <format>', 'text timeline, or Markdown with a mermaid sequence diagram per workload').choices(['text', 'mermaid']).default('text'),
    )
    .option('--diff', 'show the sequence before and after')
    .action((paths: string[], opts: Common & { format: 'text' | 'mermaid'; diff?: boolean }) => setCode(guard(() => explain(paths, opts))));
}

function guard(fn: () => number): number {
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof Failure || e instanceof PathError)) throw e;
    process.stderr.write(`pod-sequencer: error: ${e.message}\n`);
    return 1;
  }
}

function config(path: string | undefined, mode: Config['mode']): Config {
  let raw: unknown;
  if (path !== undefined) {
    try {
      raw = parse(readFileSync(path, 'utf8'));
    } catch (e) {
      throw new Failure(
        `--config ${path}: ${(e as NodeJS.ErrnoException).code ? `cannot read the file (${(e as NodeJS.ErrnoException).code})` : `not valid YAML: ${(e as Error).message.split('\n')[0]}`}`,
      );
    }
  }
  const { config: cfg, errors } = loadConfig(raw, path ? { source: path } : {});
  if (errors.length > 0) throw new Failure(`--config ${path}: invalid\n${errors.map(formatResult).join('\n')}`);
  // The command decides the mode: `fix` on a `mode: check` config still fixes.
  return { ...cfg, mode };
}

function read(paths: readonly string[], notes: Note[]): ManifestFile[] {
  return readManifests(collectFiles(paths, notes), notes);
}

const out = (s: string) => void process.stdout.write(s);
const err = (lines: string[]) => void (lines.length && process.stderr.write(lines.join('\n') + '\n'));

function check(paths: string[], opts: Common & { format: Format }, version: string): number {
  const notes: Note[] = [];
  const cfg = config(opts.config, 'check');
  const files = read(paths, notes);
  const { findings } = runFiles(files, cfg);
  if (opts.format === 'json') out(formatJson(findings, notes, files.length));
  else if (opts.format === 'sarif') out(formatSarif(findings, notes, version));
  else {
    err(notes.map(noteLine));
    out(formatText(findings, files.length));
  }
  return counts(findings).error > 0 ? 1 : 0;
}

function fix(paths: string[], opts: Common & { dryRun?: boolean }): number {
  const notes: Note[] = [];
  const cfg = config(opts.config, 'apply');
  const files = read(paths, notes);
  const { files: outcomes, findings } = runFiles(files, cfg);
  const changed = outcomes.filter((o) => o.output !== undefined);
  for (const { file, output } of changed) {
    if (opts.dryRun) out(createTwoFilesPatch(`a/${file.path}`, `b/${file.path}`, file.source, output!).replace(/^=+\n/, ''));
    else write(file.path, output!);
  }
  const errors = counts(findings).error;
  const verb = opts.dryRun ? 'would change' : 'changed';
  err([
    ...notes.map(noteLine),
    ...findings.map(findingLine),
    `${changed.length ? `${verb} ${changed.length} of ${files.length} file${files.length === 1 ? '' : 's'}` : `nothing to change in ${files.length} file${files.length === 1 ? '' : 's'}`}` +
      (errors ? `; ${errors} error${errors === 1 ? '' : 's'} could not be fixed (see above)` : ''),
  ]);
  return errors > 0 ? 1 : 0;
}

function write(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new Failure(`${path}: cannot write (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
}

function explain(paths: string[], opts: Common & { format: 'text' | 'mermaid'; diff?: boolean }): number {
  const notes: Note[] = [];
  const cfg = config(opts.config, 'apply');
  const text = explainFiles(read(paths, notes), cfg, { format: opts.format, diff: Boolean(opts.diff) });
  err(notes.map(noteLine));
  if (text) out(text);
  else err(['no workloads (objects with a pod template) in the given files']);
  return 0;
}
