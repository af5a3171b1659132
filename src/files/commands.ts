/** `check`, `fix` and `explain`: the function over plain manifest files (what pre-commit runs). */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { parse } from 'yaml';
import { applyBaseline, formatBaseline, makeBaseline, parseBaseline, type Baseline } from '../check/baseline.js';
import { formatJunit } from '../check/junit.js';
import { counts, findingLine, FORMATS, formatJson, formatText, noteLine, type Format } from '../check/report.js';
import { formatSarif } from '../check/sarif.js';
import { loadConfig } from '../config/load.js';
import { FAIL_ON_LEVELS, type Config, type FailOn } from '../config/types.js';
import { listOf, type ItemText } from '../process.js';
import { sitesFor } from '../workloads/kinds.js';
import { explainFiles } from '../explain/index.js';
import { failsOn, formatResult, isSuppressed } from '../krm/results.js';
import { BadPathError, collectFiles, documentEdits, isInside, PathError, projectRoots, sha256, STDIN, type ManifestFile, type Note } from './read.js';
import { fileDiff } from './diff.js';
import { postRender, type PostRenderOptions } from './post-render.js';
import { KUSTOMIZATION_NAMES, withoutPatches } from './kustomize.js';
import { tellTerminal, withProgress } from './terminal.js';
import { DEFAULT_OUT, patches, PatchesFailure, type PatchesOptions } from './patches.js';
import { readManifestsKeepGoing, readStdinBytes, runFiles, sortFindings, withFixCommand, withLevel, type Finding } from './run.js';
import { writeStderr, writeStdout } from '../stdio.js';

/** Bad input to a command: reported as one line, exit 1. */
export class Failure extends Error {}

/** A usage or config error (a bad config, an unreadable baseline): reported as one line, exit 2. */
export class UsageFailure extends Failure {}

interface Common {
  config?: string;
}

export function registerFileCommands(program: Command, version: string, setCode: (code: number) => void): void {
  const configOption = () => new Option('--config <file>', 'function config (PodSequence or ConfigMap); defaults otherwise');
  program
    .command('check')
    .description('lint plain manifests (multi-document YAML; directories recursively); exit 1 on findings at or above --fail-on, 2 on a usage or config error')
    .argument('<paths...>', 'YAML files or directories; - reads a stream on stdin')
    .addOption(configOption())
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('text'))
    .addOption(
      new Option(
        '--fail-on <level>',
        "exit 1 when an unsuppressed finding is at or above this level (default: the config's spec.check.failOn, else error)",
      ).choices(FAIL_ON_LEVELS),
    )
    .option('--baseline <file>', "suppress the findings this baseline lists (default: the config's spec.check.baseline)")
    .option('--write-baseline <file>', 'write every current finding to this baseline file (then none of them fails)')
    .option('--stdin-filename <path>', 'the name findings give the stream read from - (default <stdin>)')
    .addOption(
      new Option('--color <when>', 'colour the text output: auto (only on a terminal, and not with NO_COLOR set), always, never').choices([
        'auto',
        'always',
        'never',
      ]),
    )
    .option('--no-color', 'same as --color never')
    .option('-v, --verbose', 'text output: say under each finding why it matters, not only how to fix it')
    .option('--allow-empty', 'exit 0 when the paths hold no workload (else exit 2: a gate that checked nothing is not green)')
    .action((paths: string[], opts: CheckOptions) => setCode(guard(() => check(paths, opts, version))));
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
    .option('--report <file>', 'also write the findings to this file, else to $POD_SEQUENCER_REPORT (Helm 4 discards stderr)')
    .action((opts: PostRenderOptions) =>
      setCode(
        guard(() => {
          const r = postRender(readStdinBytes(), opts);
          err(r.stderr);
          if (r.exitCode !== 0) tellTerminal(r.stderr);
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
  program
    .command('patches')
    .description(
      "write the function's changes as JSON 6902 patches that plain kustomize, Argo CD and Flux apply (no plugin): a kustomize Component, or a Flux HelmRelease postRenderers block (docs/gitops.md)",
    )
    .argument('<paths...>', 'YAML files or directories; - reads a stream on stdin (helm template …, kustomize build …)')
    .addOption(configOption())
    .option('--out <path>', `the Component directory (default ${DEFAULT_OUT}); with --format flux, a file (default: stdout)`)
    .option('--check', 'write nothing; exit 1 naming what differs when --out is missing or stale, 0 when current')
    .addOption(
      new Option('--format <format>', 'a kustomize Component, or a Flux HelmRelease spec.postRenderers block')
        .choices(['kustomize', 'flux'])
        .default('kustomize'),
    )
    .action((paths: string[], opts: PatchesOptions) =>
      setCode(
        guard(() => {
          const notes: Note[] = [];
          const cfg = config(opts.config, 'apply');
          // What it writes is not input: `patches .` in the overlay's directory skips its own output.
          const own = resolve(opts.out ?? (opts.format === 'flux' ? '-' : DEFAULT_OUT));
          const skip = (f: string) => f !== STDIN && isInside(resolve(f), own) && !isInside(process.cwd(), own);
          const { files, refused } = readAll(paths, notes, skip);
          return patches(files, cfg, paths, opts, { refused, notes, err });
        }),
      ),
    );
}

function guard(fn: () => number): number {
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof Failure || e instanceof PathError || e instanceof PatchesFailure)) throw e;
    writeStderr(`pod-sequencer: error: ${e.message}\n`);
    return e instanceof UsageFailure || e instanceof BadPathError ? 2 : 1;
  }
}

function config(path: string | undefined, mode: Config['mode']): Config {
  let raw: unknown;
  if (path !== undefined) {
    try {
      raw = parse(readFileSync(path, 'utf8'));
    } catch (e) {
      throw new UsageFailure(
        `--config ${path}: ${(e as NodeJS.ErrnoException).code ? `cannot read the file (${(e as NodeJS.ErrnoException).code})` : `not valid YAML: ${(e as Error).message.split('\n')[0]}`}`,
      );
    }
  }
  const { config: cfg, errors } = loadConfig(raw, path ? { source: path } : {});
  if (errors.length > 0) throw new UsageFailure(`--config ${path}: invalid\n${errors.map(formatResult).join('\n')}`);
  // The command decides the mode: `fix` on a `mode: check` config still fixes.
  return { ...cfg, mode };
}

/**
 * What `check`, `fix`, `explain` and `patches` read (issue 31): every file that can be read, and
 * each that cannot as an invalid-input finding at its line, so one malformed file never stops the
 * others. `collected`: every file named or found, read or not; `skip`: files that are not input.
 */
function readAll(
  paths: readonly string[],
  notes: Note[],
  skip: (file: string) => boolean = () => false,
): { collected: string[]; files: ManifestFile[]; refused: Finding[] } {
  const collected = withoutPatches(
    collectFiles(paths, notes).filter((f) => !skip(f)),
    notes,
  );
  return { collected, ...readManifestsKeepGoing(collected, notes) };
}

const out = writeStdout;
const err = (lines: string[]) => void (lines.length && writeStderr(lines.join('\n') + '\n'));

interface CheckOptions extends Common {
  format: Format;
  failOn?: FailOn;
  baseline?: string;
  writeBaseline?: string;
  stdinFilename?: string;
  /** --color WHEN, or false for --no-color. */
  color?: 'auto' | 'always' | 'never' | false;
  verbose?: boolean;
  allowEmpty?: boolean;
}

function check(paths: string[], opts: CheckOptions, version: string): number {
  const notes: Note[] = [];
  const cfg = config(opts.config, 'check');
  const failOn = opts.failOn ?? cfg.check.failOn;
  // A file that cannot be read is a finding of its own: every other file is still checked.
  const named = <T extends { path: string }>(f: T): T => (f.path === STDIN && opts.stdinFilename ? { ...f, path: opts.stdinFilename } : f);
  const { collected, files: read, refused } = readAll(paths, notes);
  const files = read.map(named);
  const ran = withProgress('checked', (progress) => runFiles(files, cfg, { keepGoing: true, progress }));
  const found = withLevel(sortFindings([...asNotes(ran.findings, notes), ...refused.map(named)]), cfg, notes, 'checked');
  const streamed = (f: Finding) => f.path === STDIN || (paths.includes('-') && f.path === opts.stdinFilename);
  const findings = found.map((f) => withFixCommand(f, opts.config, streamed(f)));
  const checked = collected.length;
  const cwd = process.cwd();
  if (opts.writeBaseline !== undefined) {
    const baseline = makeBaseline(findings, cwd);
    writeBaselineFile(opts.writeBaseline, formatBaseline(baseline));
    const n = findings.length;
    err([
      `pod-sequencer check: wrote ${n} finding${n === 1 ? '' : 's'} to ${opts.writeBaseline}; commit it and pass --baseline ${opts.writeBaseline} (or spec.check.baseline)`,
    ]);
    applyBaseline(findings, baseline, cwd, opts.writeBaseline);
  } else {
    const from = opts.baseline !== undefined ? `--baseline ${opts.baseline}` : `spec.check.baseline ${cfg.check.baseline} (in --config ${opts.config})`;
    const path = opts.baseline ?? cfg.check.baseline;
    if (path !== undefined) applyBaseline(findings, readBaseline(path, from), cwd, path);
  }
  if (opts.format === 'json') out(formatJson(findings, notes, checked));
  else if (opts.format === 'sarif') out(formatSarif(findings, notes, { version, rules: cfg.rules, root: repositoryRoot(cwd), cwd }));
  else if (opts.format === 'junit')
    out(
      formatJunit(
        findings,
        collected.map((p) => named({ path: p }).path),
        failOn,
      ),
    );
  else {
    err(notes.map((n) => noteLine(n)));
    out(formatText(findings, checked, { color: useColor(opts.color, process.stdout.isTTY === true, process.env), verbose: opts.verbose === true }));
  }
  if (
    failsOn(
      findings.map((f) => f.result),
      failOn,
    )
  )
    return 1;
  if (opts.allowEmpty || refused.length > 0 || workloadCount(files, cfg) > 0) return 0;
  err(checkedNothing(paths, collected.length));
  return 2;
}

/** The workloads (objects with a pod template, also inside a `kind: List`) the files hold. */
function workloadCount(files: readonly ManifestFile[], cfg: Config): number {
  const count = (items: readonly ItemText[]): number =>
    items.reduce((n, item) => {
      const list = listOf(item);
      if (list) return n + count(list.items);
      return n + (sitesFor(item.apiVersion, item.kind, cfg.workloadKinds) ? 1 : 0);
    }, 0);
  return files.reduce((n, f) => n + count(f.docs), 0);
}

/**
 * A run that checked no workload says so and fails (issue 38): `check chart/` or `check overlay/`
 * read templates or patches, not manifests, and a green gate there checked nothing. The way to
 * check each is named; `--allow-empty` is for a hook that may be given only other YAML.
 */
function checkedNothing(paths: readonly string[], read: number): string[] {
  const dirs = paths.filter((p) => p !== '-' && existsSync(p) && statSync(p).isDirectory());
  const ways = dirs.flatMap((d) => {
    if (existsSync(join(d, 'Chart.yaml'))) return [`helm template ${d} | pod-sequencer check -`];
    if (KUSTOMIZATION_NAMES.some((k) => existsSync(join(d, k)))) return [`kustomize build ${d} | pod-sequencer check -`];
    return [];
  });
  const where = read === 0 ? 'no YAML file was read' : `no workload (an object with a pod template) in the ${read} file${read === 1 ? '' : 's'} read`;
  return [
    `pod-sequencer check: nothing was checked: ${where}`,
    ...(ways.length > 0
      ? ways.map((w) => `  check the rendered manifests instead: ${w}`)
      : ['  give the rendered manifests (a file, a directory, or - for a stream on stdin)']),
    '  or pass --allow-empty where no workload is fine (exit 0)',
  ];
}

/**
 * The run's note of an assumed kubernetesVersion (tags.assumed) is not a finding: in `check` it is
 * a note (stderr, JSON `notes`, SARIF notifications), so it neither counts nor fails.
 */
function asNotes(findings: Finding[], notes: Note[]): Finding[] {
  return findings.filter((f) => {
    if (f.result.tags?.assumed === undefined) return true;
    notes.push({ path: f.path, line: f.line, col: f.col, message: f.result.message });
    return false;
  });
}

/**
 * Colour in text output. `auto` (the default) colours only a terminal, and not when NO_COLOR is
 * set to anything but the empty string (no-color.org) or TERM is dumb; an explicit flag wins.
 */
export function useColor(when: CheckOptions['color'], isTTY: boolean, env: NodeJS.ProcessEnv): boolean {
  if (when === false || when === 'never') return false;
  if (when === 'always') return true;
  return isTTY && !env.NO_COLOR && env.TERM !== 'dumb';
}

function readBaseline(path: string, from: string): Baseline {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageFailure(`${from}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? String(e)}); write one with check --write-baseline ${path}`);
  }
  const baseline = parseBaseline(text);
  if (typeof baseline === 'string') throw new UsageFailure(`${from}: ${baseline}`);
  return baseline;
}

function writeBaselineFile(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new UsageFailure(`--write-baseline ${path}: cannot write the file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
}

/** The nearest directory up from `cwd` holding `.git` (SARIF URIs are relative to it); else `cwd`. */
function repositoryRoot(cwd: string): string {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return cwd;
  }
}

/**
 * A file it cannot read is an invalid-input error, left untouched; every other file is still
 * fixed and written (all of them or none, writeAll), and the exit is 1 (docs/decisions.md, Files).
 */
function fix(paths: string[], opts: Common & { dryRun?: boolean }): number {
  const notes: Note[] = [];
  const cfg = config(opts.config, 'apply');
  const { collected, files, refused } = readAll(paths, notes);
  const run = withProgress('fixed', (progress) => runFiles(files, cfg, { keepGoing: true, progress }));
  const outcomes = run.files;
  const findings = withLevel(sortFindings([...run.findings, ...refused]), cfg, notes, 'fixed');
  // `fix -`: the stream on stdin goes to stdout, changed or not (a filter in a pipe).
  const piped = outcomes.find((o) => o.file.path === STDIN);
  if (piped && !opts.dryRun) out(piped.output ?? piped.file.source);
  const changed = outcomes.filter((o) => o.output !== undefined && !(o === piped && !opts.dryRun));
  // The stream counts as changed when its text did (it went to stdout, not to a file).
  const done = changed.length + (piped?.output !== undefined && !opts.dryRun ? 1 : 0);
  if (opts.dryRun) {
    for (const { file, output, replacements } of changed) out(fileDiff(file.path, file.source, output!, documentEdits(file, replacements), file.crlf));
  } else writeAll(changed.map(({ file, output }) => ({ path: file.path, text: output!, digest: file.digest })));
  const errors = counts(findings).error;
  const verb = opts.dryRun ? 'would change' : 'changed';
  const total = `${collected.length} file${collected.length === 1 ? '' : 's'}`;
  err([
    ...notes.map(noteLine),
    ...findings.filter((f) => !isSuppressed(f.result)).map((f) => findingLine(f)),
    `${done ? `${verb} ${done} of ${total}` : `nothing to change in ${total}`}` +
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

/** A file it cannot read is an invalid-input error on stderr, exit 1; every other file is still explained. */
function explain(paths: string[], opts: Common & { format: 'text' | 'mermaid'; diff?: boolean }): number {
  const notes: Note[] = [];
  const cfg = config(opts.config, 'apply');
  const { files, refused } = readAll(paths, notes);
  const unread: Finding[] = [];
  const text = explainFiles(files, cfg, { format: opts.format, diff: Boolean(opts.diff) }, unread);
  const findings = withLevel(sortFindings([...unread, ...refused]), cfg, notes, 'explained');
  err([...notes.map(noteLine), ...findings.map((f) => findingLine(f))]);
  if (text) out(text);
  else err([`no workloads (objects with a pod template) in the ${refused.length + unread.length ? 'files that could be read' : 'given files'}`]);
  return counts(findings).error > 0 ? 1 : 0;
}
