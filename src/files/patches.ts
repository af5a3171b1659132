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
import { findingLine } from '../check/report.js';
import { isSuppressed } from '../krm/results.js';
import type { ManifestFile } from './read.js';

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

/** Runs the command over files already read; returns the exit code. Lines for stderr go to `err`. */
export function patches(files: readonly ManifestFile[], cfg: Config, paths: readonly string[], opts: PatchesOptions, err: (lines: string[]) => void): number {
  const set = computePatches(files, cfg);
  const regenerate = regenerateCommand(paths, opts);
  const failing = set.findings.filter((f) => !isSuppressed(f.result) && f.result.severity === 'error');
  const notes = failing.map((f) => findingLine(f));
  if (opts.format === 'flux') return flux(renderFlux(set.patches, regenerate), opts, notes, err);
  const out = opts.out ?? DEFAULT_OUT;
  const wanted = renderComponent(set.patches, regenerate);
  const count = `${set.patches.length} patch${set.patches.length === 1 ? '' : 'es'}`;
  if (opts.check) {
    const stale = compareDir(out, wanted);
    if (stale.length > 0) {
      err([...notes, ...stale.map((s) => `${out}: ${s}`), `${out} is not current: run ${regenerate}`]);
      return 1;
    }
    err([...notes, `${out} is current (${count})`]);
    return 0;
  }
  if (compareDir(out, wanted).length === 0) {
    err([...notes, `${out} is current (${count}): nothing written`]);
    return 0;
  }
  const removed = writeDir(out, wanted);
  const gone = removed.length ? `; removed ${removed.length} patch file${removed.length === 1 ? '' : 's'} no longer needed (${removed.join(', ')})` : '';
  err([...notes, set.patches.length ? `wrote ${count} to ${out}${gone}` : `nothing to change: wrote ${out} as a Component with no patches${gone}`]);
  return 0;
}

function flux(text: string, opts: PatchesOptions, notes: string[], err: (lines: string[]) => void): number {
  if (opts.out === undefined) {
    if (opts.check) throw new PatchesFailure('--check with --format flux needs --out FILE (the block to compare)');
    err(notes);
    process.stdout.write(text);
    return 0;
  }
  const current = readOrUndefined(opts.out);
  if (current !== undefined && !current.startsWith(HEADER))
    throw new PatchesFailure(`${opts.out}: not written by pod-sequencer patches (no header line): refusing to replace it`);
  const fresh = current !== undefined && body(current) === body(text);
  if (opts.check) {
    err([...notes, fresh ? `${opts.out} is current` : `${opts.out}: ${current === undefined ? 'missing' : 'differs'}; regenerate it (see its header)`]);
    return fresh ? 0 : 1;
  }
  if (!fresh) writeFileAtomic(opts.out, text);
  err([...notes, fresh ? `${opts.out} is current: nothing written` : `wrote ${opts.out}`]);
  return 0;
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
