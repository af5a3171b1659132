/** Runs the per-workload pipeline over plain files: every document of every file in one pass. */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { Config } from '../config/types.js';
import { decodeUtf8Strict } from '../yaml/text.js';
import { sourceOffset } from '../krm/io.js';
import { tooLarge } from '../yaml/limits.js';
import { FatalError } from '../krm/types.js';
import { ItemError, processItems } from '../process.js';
import { containerAt, locate, PathError, readManifest, splice, STDIN, type Finding, type ManifestFile, type Note, type Position } from './read.js';
export type { Finding };

/** A result placed in a file. */
export interface FileOutcome {
  file: ManifestFile;
  /** The new text, only when something changed. */
  output?: string;
  /** New text of each changed document, by position in `file.docs`. */
  replacements: Map<number, string>;
}

export interface FilesOutcome {
  files: FileOutcome[];
  /** Sorted by path, line, column. In apply mode, positions are in the new text. */
  findings: Finding[];
}

/**
 * One processItems call over all documents, so facts that span files (Namespace labels) are
 * seen as kpt would see them for a package.
 */
export function runFiles(files: readonly ManifestFile[], cfg: Config): FilesOutcome {
  const owners = files.flatMap((file, f) => file.docs.map((doc, d) => ({ f, d, doc })));
  const { replacements, results, itemOf, within } = inFiles(files, owners, () =>
    processItems(
      owners.map((o) => o.doc),
      cfg,
    ),
  );
  const outcomes: FileOutcome[] = files.map((file) => ({ file, replacements: new Map() }));
  for (const [i, text] of replacements) outcomes[owners[i]!.f]!.replacements.set(owners[i]!.d, text);
  // Positions refer to what is on disk afterwards: the new text where a file changed.
  const located = outcomes.map((o) => {
    const output = o.replacements.size > 0 ? splice(o.file, o.replacements) : o.file.source;
    if (output === o.file.source) return o.file;
    o.output = output;
    return readManifest(o.file.path, [], output);
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
  return { files: outcomes, findings: sortFindings(findings) };
}

/** An input error inside one document becomes `path:line:col: message`, as findings are shown. */
function inFiles<T>(files: readonly ManifestFile[], owners: { f: number; d: number }[], fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof FatalError)) throw e;
    const owner = e instanceof ItemError ? owners[e.index] : undefined;
    if (!owner) throw new PathError(e.message);
    const file = files[owner.f]!;
    const doc = file.docs[owner.d]!;
    const { line, col } = file.lines.linePos(sourceOffset(file.source, doc, (e as ItemError).offset ?? 0));
    throw new PathError(`${file.path}:${line}:${col}: ${e.message.replace(/^items\[\d+\]: /, '')}`);
  }
}

export function sortFindings<T extends Position & { path: string }>(list: T[]): T[] {
  return list.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.col - b.col));
}

export function readManifests(paths: readonly string[], notes: Note[]): ManifestFile[] {
  return paths.map((p) => {
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
    let source: string;
    try {
      // Strict: a replacement character written back by `fix` would silently change the file.
      source = decodeUtf8Strict(bytes);
    } catch (e) {
      throw new PathError(`${p}: ${(e as Error).message}`);
    }
    const file = readManifest(p, notes, source);
    return p === STDIN ? file : { ...file, digest: sha256(bytes) };
  });
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
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
  return bytes;
}
