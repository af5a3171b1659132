/** `check`, `fix` and `explain`: the function over plain manifest files (what pre-commit runs). */
import { closeSync, fsyncSync, openSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { createTwoFilesPatch } from 'diff';
import { parse } from 'yaml';
import { counts, findingLine, FORMATS, formatJson, formatSarif, formatText, noteLine, type Format } from '../check/report.js';
import { loadConfig } from '../config/load.js';
import type { Config } from '../config/types.js';
import { explainFiles } from '../explain/index.js';
import { formatResult, isSuppressed } from '../krm/results.js';
import { collectFiles, isInside, PathError, projectRoots, STDIN, type ManifestFile, type Note } from './read.js';
import { postRender, type PostRenderOptions } from './post-render.js';
import { readManifests, readStdinBytes, runFiles, sha256 } from './run.js';

/** Bad input to a command: reported as one line, exit 1. */
export class Failure extends Error {}

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
    .addOption(
      new Option('--fail-on <level>', 'exit 1 when an unsuppressed finding is at or above this level')
        .choices(['error', 'warning', 'info', 'none'])
        .default('error'),
    )
    .action((paths: string[], opts: Common & { format: Format; failOn: FailOn }) => setCode(guard(() => check(paths, opts, version))));
  program
    .command('fix')
    .description('apply the function to plain manifests in place, keeping comments and formatting; exit 1 when something could not be fixed')
    .argument('<paths...>', 'YAML files or directories')
    .addOption(configOption())
    .option('--dry-run', 'print a unified diff instead of writing the files')
    .action((paths: string[], opts: Common & { dryRun?: boolean }) => setCode(guard(() => fix(paths, opts))));
  program
    .command('post-render')
    .description('Helm post-renderer: a multi-document stream on stdin, the same stream fixed on stdout (docs/integrations.md, Helm)')
    .addOption(new Option('--config <file>', 'function config; else $POD_SEQUENCER_CONFIG, else a PodSequence document in the stream, else the defaults'))
    .addOption(
      new Option('--fail-on <level>', 'exit 1, writing nothing, on a finding at or above this level')
        .choices(['error', 'warning', 'info', 'none'])
        .default('error'),
    )
    .option('--report <file>', 'also write the findings to this file (Helm 4 discards stderr)')
    .action((opts: PostRenderOptions) =>
      setCode(
        guard(() => {
          const r = postRender(readStdinBytes(), opts);
          err(r.stderr);
          if (r.stdout) out(r.stdout);
          return r.exitCode;
        }),
      ),
    );
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

type FailOn = 'error' | 'warning' | 'info' | 'none';

/** Exit 1 when a finding that counts is at or above the level (`none`: never). */
function failsOn(c: Record<'error' | 'warning' | 'info', number>, level: FailOn): boolean {
  if (level === 'none') return false;
  const order = ['info', 'warning', 'error'] as const;
  return order.slice(order.indexOf(level)).some((l) => c[l] > 0);
}

function check(paths: string[], opts: Common & { format: Format; failOn: FailOn }, version: string): number {
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
  return failsOn(counts(findings), opts.failOn) ? 1 : 0;
}

function fix(paths: string[], opts: Common & { dryRun?: boolean }): number {
  const notes: Note[] = [];
  const cfg = config(opts.config, 'apply');
  const files = read(paths, notes);
  const { files: outcomes, findings } = runFiles(files, cfg);
  // `fix -`: the stream on stdin goes to stdout, changed or not (a filter in a pipe).
  const piped = outcomes.find((o) => o.file.path === STDIN);
  if (piped && !opts.dryRun) out(piped.output ?? piped.file.source);
  const changed = outcomes.filter((o) => o.output !== undefined && !(o === piped && !opts.dryRun));
  if (opts.dryRun) {
    for (const { file, output } of changed) out(createTwoFilesPatch(`a/${file.path}`, `b/${file.path}`, file.source, output!).replace(/^=+\n/, ''));
  } else writeAll(changed.map(({ file, output }) => ({ path: file.path, text: output!, digest: file.digest })));
  const errors = counts(findings).error;
  const verb = opts.dryRun ? 'would change' : 'changed';
  err([
    ...notes.map(noteLine),
    ...findings.filter((f) => !isSuppressed(f.result)).map(findingLine),
    `${changed.length ? `${verb} ${changed.length} of ${files.length} file${files.length === 1 ? '' : 's'}` : `nothing to change in ${files.length} file${files.length === 1 ? '' : 's'}`}` +
      (errors ? `; ${errors} error${errors === 1 ? '' : 's'} could not be fixed (see above)` : ''),
  ]);
  return errors > 0 ? 1 : 0;
}

export interface Change {
  path: string;
  text: string;
  /** sha256 of the bytes read: the file must still hold them. */
  digest?: string;
}

/**
 * Writes every changed file or none: each new text goes to a temporary file beside its target
 * (same directory, so same file system; the target's mode), is flushed to disk, and only when
 * all are ready and no target changed since it was read are they renamed over their targets.
 * A kill or a full disk leaves every file whole: the old text or the new one, never a part. A
 * named symbolic link is written through to its target, and stays a link, only when the target
 * is inside the current project (projectRoots); otherwise nothing is written.
 */
export function writeAll(changes: Change[]): void {
  const ready: { tmp: string; target: string; path: string }[] = [];
  const cleanUp = () => ready.forEach((r) => rmSync(r.tmp, { force: true }));
  const roots = changes.length > 0 ? projectRoots() : [];
  try {
    for (const c of changes) ready.push(prepare(c, roots));
  } catch (e) {
    cleanUp();
    const code = (e as NodeJS.ErrnoException).code;
    const what = e instanceof Failure ? e.message : `cannot write (${code ?? String(e)})`;
    throw new Failure(`${what}; no file was changed`);
  }
  const done: string[] = [];
  for (const r of ready) {
    try {
      renameSync(r.tmp, r.target);
      done.push(r.path);
    } catch (e) {
      cleanUp();
      const left = ready.filter((x) => !done.includes(x.path)).map((x) => x.path);
      throw new Failure(
        `${r.path}: cannot write (${(e as NodeJS.ErrnoException).code ?? String(e)}); written: ${done.join(', ') || 'none'}; not written: ${left.join(', ')}`,
      );
    }
  }
}

function prepare(c: Change, roots: string[]): { tmp: string; target: string; path: string } {
  const target = realpathSync(c.path);
  // Through a link (the file's or a directory's), only into the project: never elsewhere.
  if (target !== resolve(c.path) && !roots.some((root) => isInside(target, root))) {
    throw new Failure(`${c.path}: a symbolic link leads to ${target}, outside the current project (${roots.join(', ')}): run fix there, on the file itself`);
  }
  const current = readFileSync(target);
  if (c.digest !== undefined && sha256(current) !== c.digest) {
    throw new Failure(`${c.path}: changed on disk since it was read; run fix again`);
  }
  const tmp = join(dirname(target), `.${basename(target)}.pod-sequencer-${process.pid}.tmp`);
  const fd = openSync(tmp, 'wx', statSync(target).mode & 0o7777);
  try {
    writeFileSync(fd, c.text);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw new Failure(`${c.path}: cannot write (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  closeSync(fd);
  return { tmp, target, path: c.path };
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
