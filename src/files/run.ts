/** Runs the per-workload pipeline over plain files: every document of every file in one pass. */
import { readFileSync, statSync } from 'node:fs';
import type { Config } from '../config/types.js';
import { decodeUtf8Strict } from '../yaml/text.js';
import { sourceOffset } from '../krm/io.js';
import { tooLarge } from '../yaml/limits.js';
import { inputRead } from '../inlining.js';
import { FatalError, RUN_FIX } from '../krm/types.js';
import { shellWord } from '../shell/quote.js';
import { ItemError, processItems, type Hooks } from '../process.js';
import { containerAt, locate, PathError, readManifest, sha256, splice, STDIN, type Finding, type ManifestFile, type Note, type Position } from './read.js';
export type { Finding };

/** A result placed in a file. */
export interface FileOutcome {
  file: ManifestFile;
  /** The new text, only when something changed. */
  output?: string;
  /** New text of each changed document, by position in `file.docs`. */
  replacements: Map<number, string>;
  /** Documents the run refused (keepGoing), by position in `file.docs`: left as they were. */
  refused: Set<number>;
}

export interface FilesOutcome {
  files: FileOutcome[];
  /** Sorted by path, line, column. In apply mode, positions are in the new text unless `inInput`. */
  findings: Finding[];
}

/**
 * One processItems call over all documents, so facts that span files (Namespace labels) are
 * seen as kpt would see them for a package. With `keepGoing` (check, fix, explain), a document
 * the function cannot process becomes an error finding (rule invalid-input), is left as it was,
 * and the rest are processed without it; otherwise it stops the run (post-render: one stream).
 * `inInput`: place findings in the text read (`patches` and `explain` write no input back), not in the new one.
 */
export function runFiles(
  files: readonly ManifestFile[],
  cfg: Config,
  opts: { keepGoing?: boolean; inInput?: boolean; progress?: Hooks['progress'] } = {},
): FilesOutcome {
  let owners = files.flatMap((file, f) => file.docs.map((doc, d) => ({ f, d, doc })));
  const refused: { f: number; d: number; error: ItemError }[] = [];
  let processed: ReturnType<typeof processItems>;
  // Refused documents are left out and the rest run again without them, so that cross-document
  // facts (Namespace labels, Services) are read from what is processed: once per round of
  // refusals (almost always one), not once per refused document (issue 38).
  for (;;) {
    const now = new Set<(typeof owners)[number]>();
    const refuse = (e: ItemError) => {
      const owner = owners[e.index]!;
      now.add(owner);
      refused.push({ f: owner.f, d: owner.d, error: e });
    };
    try {
      processed = processItems(
        owners.map((o) => o.doc),
        cfg,
        undefined,
        { ...(opts.keepGoing ? { refuse } : {}), ...(opts.progress ? { progress: opts.progress } : {}) },
      );
    } catch (e) {
      const owner = e instanceof ItemError ? owners[e.index] : undefined;
      throw inFile(owner && files[owner.f]!, owner?.d, e);
    }
    if (now.size === 0) break;
    owners = owners.filter((o) => !now.has(o));
  }
  const { replacements, results, itemOf, within } = processed;
  const outcomes: FileOutcome[] = files.map((file) => ({ file, replacements: new Map(), refused: new Set() }));
  for (const [i, text] of replacements) outcomes[owners[i]!.f]!.replacements.set(owners[i]!.d, text);
  for (const { f, d } of refused) outcomes[f]!.refused.add(d);
  // Positions refer to what is on disk afterwards: the new text where a file changed.
  const located = outcomes.map((o) => {
    const output = o.replacements.size > 0 ? splice(o.file, o.replacements) : o.file.source;
    if (output === o.file.source) return o.file;
    o.output = output;
    return opts.inInput ? o.file : readManifest(o.file.path, [], output);
  });
  const findings = results.map((result, i) => {
    const { f, d } = owners[itemOf[i]!]!;
    const file = located[f]!;
    // Inside a List the field path is the inner object's: prefix where that object is.
    const field = within[i] ? within[i] + (result.field?.path ?? 'metadata.name') : result.field?.path;
    const doc = file.docs[d]!;
    const container = containerAt(doc, file.source.slice(doc.start, doc.end), field);
    return { path: file.path, ...locate(file, doc, field), result, ...(container !== undefined ? { container } : {}) };
  });
  // A refused document is written back as it was read, so its error is placed in the new text too.
  const unread = refused.map(({ f, d, error }) => invalidInput(located[f]!.path, inFile(located[f], d, error) as PathError));
  return { files: outcomes, findings: sortFindings([...findings, ...unread]) };
}

/** An input error inside one document as `path:line:col: message`, as findings are shown. */
function inFile(file: ManifestFile | undefined, d: number | undefined, e: unknown): unknown {
  if (!(e instanceof FatalError)) return e;
  if (file === undefined || d === undefined) return new PathError(e.message);
  const doc = file.docs[d]!;
  const { line, col } = file.lines.linePos(sourceOffset(file.source, doc, (e as ItemError).offset ?? 0));
  return new PathError(`${file.path}:${line}:${col}: ${e.message.replace(/^items\[\d+\]: /, '')}`);
}

/**
 * A file, or a document in it, that cannot be read or processed, as an error finding (what
 * `check` reports instead of stopping): at the error's line and column when it names them
 * (`path:line:col: …`, or `path: line L, column C: …` from the UTF-8 decoder), else line 1.
 */
export function invalidInput(path: string, e: PathError): Finding {
  let message = e.message.startsWith(`${path}: `) || e.message.startsWith(`${path}:`) ? e.message.slice(path.length + 1).trimStart() : e.message;
  let line = 1;
  let col = 1;
  const at = /^(\d+):(\d+): /.exec(message) ?? /^line (\d+), column (\d+): /.exec(message);
  if (at) {
    line = Number(at[1]);
    col = Number(at[2]);
    message = message.slice(at[0].length);
  }
  return { path, line, col, result: { severity: 'error', message, tags: { rule: 'invalid-input' } } };
}

/**
 * invalid-input findings at the level `spec.rules` gives them (rules the pipeline reports get
 * theirs in pod/context.ts); `off` leaves a note, so a file nothing read is never passed silently.
 * `verb`: what the command did not do to it (`not checked`, `not fixed`, `not explained`, `not patched`).
 */
export function withLevel(findings: Finding[], cfg: Config, notes: Note[], verb: 'checked' | 'fixed' | 'explained' | 'patched'): Finding[] {
  const level = cfg.rules['invalid-input'];
  if (level === undefined) return findings;
  return findings.flatMap((f) => {
    if (f.result.tags?.rule !== 'invalid-input') return [f];
    if (level === 'off') {
      notes.push({ path: f.path, line: f.line, col: f.col, message: `not ${verb} (invalid-input is off): ${f.result.message}` });
      return [];
    }
    return [{ ...f, result: { ...f.result, severity: level } }];
  });
}

export function sortFindings<T extends Position & { path: string }>(list: T[]): T[] {
  return list.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.col - b.col));
}

export function readManifests(paths: readonly string[], notes: Note[]): ManifestFile[] {
  return paths.map((p) => readManifestFile(p, notes));
}

/**
 * Every file that can be read, and an error finding (invalid-input) for each that cannot: what
 * `check` reads, so one malformed file never hides the findings of the others.
 */
export function readManifestsKeepGoing(paths: readonly string[], notes: Note[]): { files: ManifestFile[]; refused: Finding[] } {
  const files: ManifestFile[] = [];
  const refused: Finding[] = [];
  for (const p of paths) {
    const kept = notes.length;
    try {
      files.push(readManifestFile(p, notes));
    } catch (e) {
      if (!(e instanceof PathError)) throw e;
      notes.length = kept; // the notes of a file that was not read (skipped templates) would mislead
      refused.push(invalidInput(p, e));
    }
  }
  return { files, refused };
}

function readManifestFile(p: string, notes: Note[]): ManifestFile {
  let bytes: Buffer;
  try {
    // A file past the size limit is refused before it is read; stdin can only be counted.
    const big = p === STDIN ? undefined : tooLarge(p, statSync(p).size);
    if (big) throw new PathError(big);
    bytes = readFileSync(p === STDIN ? 0 : p);
  } catch (e) {
    if (e instanceof PathError) throw e;
    throw new PathError(`${p}: cannot read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  const big = tooLarge(p, bytes.length);
  if (big) throw new PathError(big);
  inputRead(bytes.length);
  let source: string;
  try {
    // Strict: a replacement character written back by `fix` would silently change the file.
    source = decodeUtf8Strict(bytes);
  } catch (e) {
    throw new PathError(`${p}: ${(e as Error).message}`);
  }
  const file = readManifest(p, notes, source);
  return p === STDIN ? file : { ...file, digest: sha256(bytes) };
}

/** stdin's bytes for `post-render`: unreadable, a directory or past the size limit is a clear error. */
export function readStdinBytes(): Buffer {
  let bytes: Buffer;
  try {
    bytes = readFileSync(0);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new PathError(code === 'EISDIR' ? 'stdin is a directory: pipe a rendered stream to it' : `cannot read stdin (${code ?? String(e)})`);
  }
  const big = tooLarge('stdin', bytes.length);
  if (big) throw new PathError(big);
  inputRead(bytes.length);
  return bytes;
}

/**
 * A finding `fix` would fix names the command that does it, for this file (and the config
 * `check` ran with), quoted so it can be pasted into a shell. A stream from stdin (`streamed`:
 * under its --stdin-filename too, which may name no file on disk) is fixed by `fix -` in the same
 * pipe.
 */
export function withFixCommand(f: Finding, config?: string, streamed = f.path === STDIN): Finding {
  if (f.result.fix !== RUN_FIX) return f;
  const file = streamed ? '-' : shellWord(f.path.startsWith('-') ? `./${f.path}` : f.path);
  const command = ['pod-sequencer fix', ...(config !== undefined ? [`--config ${shellWord(config)}`] : []), file].join(' ');
  return { ...f, result: { ...f.result, fix: command } };
}
