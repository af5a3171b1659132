/**
 * `pod-sequencer patches`: writes (or, with --check, compares) the Component directory or the
 * Flux post-renderer file that src/patches/ renders. Writing is all or nothing: the new directory
 * is made beside the old one and renamed into place, so an error or a kill leaves the old one.
 * Only files whose first line is our header are ever replaced or removed.
 */
import { cpSync, existsSync, fsyncSync, closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Config } from '../config/types.js';
import { shellWord } from '../shell/quote.js';
import { body, computePatches, HEADER, renderComponent, renderFlux } from '../patches/index.js';
import { counts, findingLine, noteLine } from '../check/report.js';
import { isSuppressed } from '../krm/results.js';
import type { ManifestFile, Note } from './read.js';
import { sortFindings, withLevel, type Finding } from './run.js';
import { writeStdout } from '../stdio.js';

export const DEFAULT_OUT = 'pod-sequencer-patches';

export interface PatchesOptions {
  config?: string;
  out?: string;
  check?: boolean;
  format: 'kustomize' | 'flux';
}

/** Bad use or a directory we will not write into: one line, exit 1 (the caller's Failure). */
export class PatchesFailure extends Error {}

/** The command, for the header: what to run again. Paths as given; stdin is the user's render. */
export function regenerateCommand(paths: readonly string[], opts: PatchesOptions): string {
  const q = shellWord;
  const args = [
    'pod-sequencer patches',
    ...(opts.format === 'flux' ? ['--format flux'] : []),
    ...(opts.config !== undefined ? [`--config ${q(opts.config)}`] : []),
    ...(opts.out !== undefined && opts.out !== DEFAULT_OUT ? [`--out ${q(opts.out)}`] : []),
    ...paths.map(q),
  ].join(' ');
  return paths.includes('-') ? `<your render command> | ${args}` : args;
}

/** What the command read: files, the invalid-input finding of each it could not (readAll), notes; `err` takes lines for stderr. */
export interface PatchesInput {
  refused: readonly Finding[];
  notes: Note[];
  err: (lines: string[]) => void;
}

/**
 * Runs the command over files already read; returns the exit code. An input it could not read
 * (a file, or a document the run refused) is an invalid-input finding, named in what is written
 * (unreadNotice), and fails the run at level error; the patches of the rest are written, unless
 * nothing was read at all or they would go to stdout (docs/decisions.md, Patches).
 */
export function patches(files: readonly ManifestFile[], cfg: Config, paths: readonly string[], opts: PatchesOptions, input: PatchesInput): number {
  const { notes, err: print } = input;
  const set = computePatches(files, cfg, { keepGoing: true });
  const all = sortFindings([...set.findings, ...input.refused]);
  const unread = all.filter(isInvalidInput).map((f) => `${f.path}:${f.line}:${f.col}: ${f.result.message}`);
  const findings = withLevel(all, cfg, notes, 'patched');
  const failed = counts(findings.filter(isInvalidInput)).error > 0;
  const shown = findings.filter((f) => !isSuppressed(f.result) && (f.result.severity === 'error' || isInvalidInput(f)));
  const err = (lines: string[]) => print([...notes.map(noteLine), ...shown.map((f) => findingLine(f)), ...lines]);
  const code = (ok: boolean) => (ok && !failed ? 0 : 1);
  const regenerate = regenerateCommand(paths, opts);
  const partly = unread.length ? `; ${unread.length} input${unread.length === 1 ? '' : 's'} not read (see above), so not patched` : '';
  if (files.length === 0 && input.refused.length > 0) {
    err([`nothing was read, so nothing was ${opts.check ? 'compared' : 'written'}: fix the inputs above and run again`]);
    return 1;
  }
  if (opts.format === 'flux') return flux(renderFlux(set.patches, regenerate, unread), opts, { err, code, partly, failed });
  const out = opts.out ?? DEFAULT_OUT;
  const wanted = renderComponent(set.patches, regenerate, unread);
  const count = `${set.patches.length} patch${set.patches.length === 1 ? '' : 'es'}`;
  if (opts.check) {
    const stale = compareDir(out, wanted);
    if (stale.length > 0) {
      err([...stale.map((s) => `${out}: ${s}`), `${out} is not current: run ${regenerate}${partly}`]);
      return 1;
    }
    err([`${out} is current (${count})${partly}`]);
    return code(true);
  }
  if (compareDir(out, wanted).length === 0) {
    err([`${out} is current (${count}): nothing written${partly}`]);
    return code(true);
  }
  const removed = writeDir(out, wanted);
  const gone = removed.length ? `; removed ${removed.length} patch file${removed.length === 1 ? '' : 's'} no longer needed (${removed.join(', ')})` : '';
  err([(set.patches.length ? `wrote ${count} to ${out}${gone}` : `nothing to change: wrote ${out} as a Component with no patches${gone}`) + partly]);
  return code(true);
}

const isInvalidInput = (f: Finding) => f.result.tags?.rule === 'invalid-input';

interface Outcome {
  err: (lines: string[]) => void;
  code: (ok: boolean) => number;
  /** What the summary line adds when inputs were not read. */
  partly: string;
  /** An input was not read, at level error. */
  failed: boolean;
}

function flux(text: string, opts: PatchesOptions, { err, code, partly, failed }: Outcome): number {
  if (opts.out === undefined) {
    if (opts.check) throw new PatchesFailure('--check with --format flux needs --out FILE (the block to compare)');
    // stdout is a pipe: as with `fix -`, a run that could not read its input prints nothing there.
    if (failed) {
      err([`nothing printed${partly}: fix the inputs above, or write the block with --out FILE`]);
      return 1;
    }
    err([]);
    writeStdout(text);
    return 0;
  }
  const current = readOrUndefined(opts.out);
  if (current !== undefined && !current.startsWith(HEADER))
    throw new PatchesFailure(`${opts.out}: not written by pod-sequencer patches (no header line): refusing to replace it`);
  const fresh = current !== undefined && body(current) === body(text);
  if (opts.check) {
    err([(fresh ? `${opts.out} is current` : `${opts.out}: ${current === undefined ? 'missing' : 'differs'}; regenerate it (see its header)`) + partly]);
    return code(fresh);
  }
  if (!fresh) writeFileAtomic(opts.out, text);
  err([(fresh ? `${opts.out} is current: nothing written` : `wrote ${opts.out}`) + partly]);
  return code(true);
}

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new PatchesFailure(`${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
}

/** What differs between the directory and the files it should hold, one line each; none when current. */
export function compareDir(dir: string, wanted: ReadonlyMap<string, string>): string[] {
  if (!existsSync(dir)) return ['missing'];
  if (!statSync(dir).isDirectory()) throw new PatchesFailure(`--out ${dir}: not a directory`);
  const out: string[] = [];
  for (const [name, text] of wanted) {
    const current = readOrUndefined(join(dir, name));
    if (current === undefined) out.push(`${name}: missing`);
    else if (body(current) !== body(text)) out.push(`${name}: differs`);
  }
  for (const name of ours(dir)) if (!wanted.has(name)) out.push(`${name}: no longer needed`);
  return out;
}

/** Files of the directory that we wrote (their first line is HEADER). */
function ours(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && readOrUndefined(join(dir, e.name))?.startsWith(HEADER))
    .map((e) => e.name)
    .sort();
}

/**
 * The new directory, made beside the old one and renamed into place; files of the old one that
 * are not ours are copied across; ours that are not wanted any more are left behind. Returns the
 * names of those. A file we would replace that is not ours stops everything first.
 */
function writeDir(dir: string, wanted: ReadonlyMap<string, string>): string[] {
  const exists = existsSync(dir);
  if (exists && !statSync(dir).isDirectory()) throw new PatchesFailure(`--out ${dir}: not a directory`);
  const mine = exists ? new Set(ours(dir)) : new Set<string>();
  const foreign = exists ? readdirSync(dir).filter((n) => !mine.has(n)) : [];
  const clash = foreign.find((n) => wanted.has(n));
  if (clash)
    throw new PatchesFailure(`${join(dir, clash)}: not written by pod-sequencer patches (no header line): refusing to replace it; choose another --out`);
  const parent = dirname(dir);
  const tmp = join(parent, `.${basename(dir)}.pod-sequencer-${process.pid}.tmp`);
  const old = join(parent, `.${basename(dir)}.pod-sequencer-${process.pid}.old`);
  try {
    mkdirSync(parent, { recursive: true });
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp);
    for (const [name, text] of wanted) writeSynced(join(tmp, name), text);
    for (const name of foreign) cpSync(join(dir, name), join(tmp, name), { recursive: true, preserveTimestamps: true });
    if (exists) renameSync(dir, old);
    renameSync(tmp, dir);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    if (exists && !existsSync(dir) && existsSync(old)) renameSync(old, dir);
    throw new PatchesFailure(`--out ${dir}: cannot write (${(e as NodeJS.ErrnoException).code ?? String(e)}); nothing was changed`);
  }
  rmSync(old, { recursive: true, force: true });
  return [...mine].filter((n) => !wanted.has(n));
}

function writeSynced(path: string, text: string): void {
  const fd = openSync(path, 'wx', 0o644);
  try {
    writeFileSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function writeFileAtomic(path: string, text: string): void {
  const tmp = join(dirname(path), `.${basename(path)}.pod-sequencer-${process.pid}.tmp`);
  try {
    rmSync(tmp, { force: true });
    writeSynced(tmp, text);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new PatchesFailure(`--out ${path}: cannot write (${(e as NodeJS.ErrnoException).code ?? String(e)}); nothing was changed`);
  }
}
