/**
 * Plain manifest files and multi-document streams (`check`, `fix`, `explain`): found on disk,
 * split into documents by their `---` lines, each document read as src/krm/io.ts reads a
 * ResourceList item (fastParse, else `yaml`, one item model: `lazyItem`), and written back by
 * splicing changed documents into the original text, so separators, comments and untouched
 * documents stay byte-identical. Line endings follow the one rule of src/yaml/text.ts.
 */
import type { SpawnSyncOptionsWithStringEncoding } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, normalize, relative, resolve } from 'node:path';
import { isCollection, isMap, isScalar, isSeq, visit, type Document, type Node, type Pair } from 'yaml';
import { parseDocument } from '../yaml/document.js';
import { fastParse, plainChars, type Spans } from '../yaml/fastparse.js';
import { LIMITS, NESTING_ERROR, tooDeep, yamlErrorText } from '../yaml/limits.js';
import { itemEdit, lazyItem, spliceEdits, type Edit, type RawItem } from '../krm/io.js';
import { danglingAlias, streamError } from '../yaml/stream.js';
import { LineIndex, normalizeInput, restoreLineEndings, type Position } from '../yaml/text.js';
import type { Result } from '../krm/types.js';

/** A document of a file: an item whose span is in the file's (LF) text. */
export interface ManifestDoc extends RawItem {
  /** Position among all documents of the file, empty ones included. */
  index: number;
  kind: string;
  apiVersion: string;
}

export interface ManifestFile {
  /** As shown to the user (relative when it was given relative). */
  path: string;
  /** The text as read, with CRLF line breaks read as LF (see `crlf`). */
  source: string;
  /** Every line break of the file was CRLF: changed files are written back in CRLF. */
  crlf: boolean;
  /** sha256 of the bytes read (files only): `fix` refuses to write over a file changed since. */
  digest?: string;
  /** Kubernetes objects only (mappings with `apiVersion` and `kind`). */
  docs: ManifestDoc[];
  lines: LineIndex;
}

/** A result placed in a file: its path and where in it. */
export interface Finding extends Position {
  path: string;
  result: Result;
  /** The container the finding's field is in, by name (the baseline and SARIF fingerprints key on it, not on a line). */
  container?: string;
}

export interface Note {
  path: string;
  line?: number;
  col?: number;
  message: string;
}

export type { Position } from '../yaml/text.js';

export class PathError extends Error {}

/** A path on the command line that names nothing readable: a usage error (exit 2). */
export class BadPathError extends PathError {}

const YAML_FILE = /\.ya?ml$/i;

/** The name `-` on the command line stands for stdin; findings name it so. */
export const STDIN = '<stdin>';

/**
 * Files named on the command line, and `.yaml`/`.yml` files under directories (sorted; hidden
 * entries and node_modules skipped). A directory holding `Chart.yaml` is a Helm chart: its
 * templates are not manifests until rendered, so it is skipped with a note. While walking, only
 * regular files and real directories count: symbolic links are not followed (as prettier and
 * eslint do not), so `fix` never writes outside the tree it was given, and a FIFO or a link
 * loop cannot hang or break the walk. A named path must be a regular file or a directory.
 */
export function collectFiles(paths: readonly string[], notes: Note[]): string[] {
  const out: string[] = [];
  const walkRoot = (dir: string) => {
    const found: string[] = [];
    walk(dir, found);
    const ignored = gitIgnored(dir, found);
    if (ignored.size > 0)
      notes.push({ path: dir, message: `skipped ${ignored.size} file${ignored.size === 1 ? '' : 's'} that git ignores (.gitignore); name a file to read it` });
    out.push(...found.filter((f) => !ignored.has(f)));
  };
  const walk = (dir: string, out: string[]) => {
    if (existsSync(join(dir, 'Chart.yaml'))) {
      notes.push({ path: dir, message: 'skipped a Helm chart: check its rendered output instead (`helm template … > out.yaml`)' });
      return;
    }
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const name = entry.name;
      if (name.startsWith('.') || name === 'node_modules') continue;
      const p = join(dir, name);
      if (entry.isDirectory()) walk(p, out);
      else if (entry.isSymbolicLink() && YAML_FILE.test(name))
        notes.push({ path: p, message: 'skipped a symbolic link (links are not followed in directories; name the file itself)' });
      else if (entry.isFile() && YAML_FILE.test(name)) out.push(p);
    }
  };
  for (const given of paths) {
    if (given === '-') {
      out.push(STDIN); // a stream on stdin, read once (helm template … | pod-sequencer check -)
      continue;
    }
    const p = normalize(given);
    let st;
    try {
      st = statSync(p);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const why =
        code === 'ELOOP'
          ? 'a loop of symbolic links'
          : lstatOrUndefined(p)?.isSymbolicLink()
            ? 'a symbolic link whose target is missing'
            : 'no such file or directory';
      throw new BadPathError(`${given}: ${why}`);
    }
    if (st.isDirectory()) walkRoot(p);
    else if (st.isFile()) out.push(p);
    else throw new BadPathError(`${given}: not a regular file (a FIFO, socket or device): name YAML files or directories`);
  }
  return [...new Set(out)];
}

/**
 * git, with the repository's fsmonitor hook off. node:child_process is loaded on the first call,
 * not at start (as node:crypto in `sha256`): most runs read no directory.
 */
function spawnGit(args: string[], options: SpawnSyncOptionsWithStringEncoding) {
  return process.getBuiltinModule('node:child_process').spawnSync('git', ['-c', 'core.fsmonitor=false', ...args], options);
}

/**
 * The walked files that git ignores, when `dir` is in a git checkout: what `git ls-files
 * --cached --others --exclude-standard` leaves out (a tracked file is never ignored), asked of git
 * itself, so every .gitignore, .git/info/exclude and core.excludesFile counts as git counts it.
 * Outside a checkout, or without git, nothing is ignored. The repository's fsmonitor hook is
 * turned off: reading a checkout must not run a command its config names.
 */
function gitIgnored(dir: string, files: string[]): Set<string> {
  if (files.length === 0) return new Set();
  const r = spawnGit(['-C', dir, 'check-ignore', '-z', '--stdin'], {
    input: files.map((f) => resolve(f)).join('\0'),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  // 0: some ignored, 1: none; 128 (not a checkout) or no git at all: a plain walk.
  if (r.error || r.status !== 0) return new Set();
  const ignored = new Set(r.stdout.split('\0').filter(Boolean));
  return new Set(files.filter((f) => ignored.has(resolve(f))));
}

/**
 * Where `fix` may write through a symbolic link: the current directory and the git checkout it is
 * in (`git rev-parse --show-toplevel`), as real paths.
 */
export function projectRoots(): string[] {
  const cwd = realpathSync(process.cwd());
  const r = spawnGit(['rev-parse', '--show-toplevel'], { encoding: 'utf8' });
  const top = !r.error && r.status === 0 ? r.stdout.trim() : '';
  return top && top !== cwd ? [cwd, realpathSync(top)] : [cwd];
}

/** Whether `path` (a real path) is `root` or below it. */
export function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

function lstatOrUndefined(p: string) {
  try {
    return lstatSync(p);
  } catch {
    return undefined;
  }
}

/**
 * The documents of a file. A document that is not valid YAML is a template (skipped with a note)
 * when it holds `{{ }}` or `{% %}`; otherwise it is an error naming the file, line and column.
 */
export function readManifest(path: string, notes: Note[], raw: string): ManifestFile {
  const { text: source, crlf } = normalizeInput(raw);
  const lines = new LineIndex(source);
  const broken = streamError(source);
  if (broken) {
    const at = lines.linePos(broken.offset);
    throw new PathError(`${path}:${at.line}:${at.col}: ${broken.message}`);
  }
  const docs: ManifestDoc[] = [];
  let skipped = false;
  const chunks = splitDocuments(source);
  const plain = plainChars(source); // one test of the whole file, not one per document
  // Comments and blank lines before the first `---` open the first document; they are not one.
  if (chunks.length > 1 && !contentSpan(source, chunks[0]!)) chunks.shift();
  if (chunks.length > LIMITS.documents) {
    const at = lines.linePos(chunks[LIMITS.documents]!.start);
    throw new PathError(`${path}:${at.line}:${at.col}: more than ${LIMITS.documents} documents (the limit for one file or stream): split it`);
  }
  for (const [index, chunk] of chunks.entries()) {
    const span = contentSpan(source, chunk);
    if (!span) continue;
    const read = readDocument(source, span, plain);
    if (read.error !== undefined) {
      const at = lines.linePos(span.start + read.offset);
      const cut = source.slice(span.start, span.end);
      if (read.limit) throw new PathError(`${path}:${at.line}:${at.col}: document ${index + 1}: ${read.error}`);
      if (!isTemplate(cut)) throw new PathError(`${path}:${at.line}:${at.col}: malformed YAML in document ${index + 1}: ${read.error}`);
      notes.push({ path, ...at, message: `skipped document ${index + 1}: not valid YAML (a Helm or other template): ${read.error}` });
      skipped = true;
      continue;
    }
    if (read.template) {
      // An unquoted `{{ .Values.x }}` parses as a map keyed by a map: a template, not an object.
      notes.push({ path, ...lines.linePos(span.start), message: `skipped document ${index + 1}: it holds unquoted {{ }} (a Helm or other template)` });
      skipped = true;
      continue;
    }
    const item = read.item;
    if (item?.kind !== undefined && item.apiVersion !== undefined) docs.push(Object.assign(item, { index }) as ManifestDoc);
  }
  if (docs.length === 0 && !skipped && source.trim() !== '') notes.push({ path, message: 'skipped: no Kubernetes objects (apiVersion and kind) in this file' });
  return { path, source, crlf, docs, lines };
}

interface Span {
  start: number;
  end: number;
}

/**
 * Where each document's lines are: `---` and `...` at the start of a line end a document, even
 * inside a block scalar (YAML 1.2, c-forbidden), so no parse is needed to find them. Content on
 * the marker line itself (`--- {a: 1}`, `--- !tag`) starts the next document there.
 */
function splitDocuments(source: string): Span[] {
  const out: Span[] = [];
  let start = 0;
  let pos = 0;
  while (pos < source.length) {
    const eol = source.indexOf('\n', pos);
    const next = eol < 0 ? source.length : eol + 1;
    const marker = markerAt(source, pos);
    if (marker) {
      out.push({ start, end: pos });
      start = marker === '---' ? pos + 3 : next;
    }
    pos = next;
  }
  out.push({ start, end: source.length });
  return out;
}

function markerAt(source: string, pos: number): '---' | '...' | undefined {
  const m = source.startsWith('---', pos) ? '---' : source.startsWith('...', pos) ? '...' : undefined;
  if (!m) return undefined;
  const after = source.charCodeAt(pos + 3);
  return Number.isNaN(after) || after === 10 || after === 32 || after === 9 || after === 13 ? m : undefined;
}

/**
 * A document's node: from its first line that is not blank or a comment to the end of its last
 * such line. Comments and blank lines around it stay between documents, as they are.
 */
function contentSpan(source: string, chunk: Span): Span | undefined {
  let start = -1;
  let end = -1;
  let pos = chunk.start;
  while (pos < chunk.end) {
    const eol = source.indexOf('\n', pos);
    const next = eol < 0 || eol >= chunk.end ? chunk.end : eol + 1;
    const first = firstNonSpace(source, pos, next);
    // Inside the node an indented `#` line may be block-scalar content: only column 0 decides.
    // A `%` line before the node is a directive (`%YAML 1.2`), not content.
    const c = source[first];
    const content = first < next && c !== '\n' && !((c === '#' || (c === '%' && start < 0)) && (start < 0 || first === pos));
    if (content) {
      if (start < 0) start = first;
      end = next;
    }
    pos = next;
  }
  return start < 0 ? undefined : { start, end };
}

function firstNonSpace(source: string, from: number, to: number): number {
  let i = from;
  while (i < to && (source[i] === ' ' || source[i] === '\t')) i++;
  return i;
}

type DocRead = { item?: RawItem; error?: undefined; template?: boolean } | { error: string; offset: number; limit: boolean };

function readDocument(source: string, span: Span, plain: boolean): DocRead {
  const col = span.start - (source.lastIndexOf('\n', span.start - 1) + 1);
  const cut = source.slice(span.start, span.end);
  const fast = fastParse(cut, col, undefined, plain)?.value;
  if (isPlainMap(fast)) return { item: lazyItem(source, 0, { ...span, indent: col }, fast, true) };
  // Outside fastParse's subset (flow style, anchors, templates, ...), or not valid YAML.
  const doc = parseDocument(' '.repeat(col) + cut, { uniqueKeys: true, prettyErrors: false });
  const err = doc.errors[0];
  if (err)
    return { error: yamlErrorText(err).replace(/^malformed YAML: /, ''), offset: Math.max(0, err.pos[0] - col), limit: err.code === 'RESOURCE_EXHAUSTION' };
  const deep = tooDeep(doc.contents);
  if (deep) return { error: NESTING_ERROR, offset: Math.max(0, (deep.range?.[0] ?? col) - col), limit: true };
  const dangling = danglingAlias(doc.contents);
  if (dangling)
    return {
      error: `the alias *${dangling.source} has no anchor &${dangling.source} before it`,
      offset: Math.max(0, (dangling.range?.[0] ?? col) - col),
      limit: false,
    };
  if (hasCollectionKey(doc)) return { template: true };
  const node = doc.contents;
  if (!isMap(node)) return {};
  const item: RawItem = {
    index: 0,
    text: cut,
    start: span.start,
    end: span.end,
    indent: col,
    kind: str(node.get('kind')),
    apiVersion: str(node.get('apiVersion')),
  };
  return { item };
}

/** Template markers outside comments: `{{ }}` (Helm, Go templates) or `{% %}` (Jinja). */
function isTemplate(text: string): boolean {
  return text.split('\n').some((line) => /\{\{|\{%/.test(line.replace(/(^|\s)#.*$/, '')));
}

/** The file with changed documents (by position in `file.docs`) spliced in, in its line endings. */
export function splice(file: ManifestFile, replacements: ReadonlyMap<number, string>): string {
  return restoreLineEndings(spliceEdits(file.source, documentEdits(file, replacements)), file.crlf);
}

/** The spans of `file.source` that `splice` replaces, and their new (LF) text: what `fix --dry-run` diffs (diff.ts). */
export function documentEdits(file: ManifestFile, replacements: ReadonlyMap<number, string>): Edit[] {
  return [...replacements].map(([i, text]) => itemEdit(file.source, file.docs[i]!, text));
}

/**
 * Where a result's `field.path` (`spec.template.spec.containers[1].args[0]`) is in the file:
 * the key of the deepest pair or list item of the path that exists. No path: the object's name.
 * Positions come from fastParse's spans (one parse per document, kept for its other findings);
 * a path into a flow collection or a document outside fastParse's subset asks `yaml`.
 */
export function locate(file: ManifestFile, doc: ManifestDoc, fieldPath: string | undefined): Position {
  const segments = pathSegments(fieldPath);
  const text = file.source.slice(doc.start, doc.end);
  const offset = locateFast(doc, text, segments) ?? locateSlow(doc, text, segments);
  return file.lines.linePos(doc.start + offset);
}

/** `locate` by `yaml` alone: what the fast path is tested against. */
export function locateByYaml(file: ManifestFile, doc: ManifestDoc, fieldPath: string | undefined): Position {
  return file.lines.linePos(doc.start + locateSlow(doc, file.source.slice(doc.start, doc.end), pathSegments(fieldPath)));
}

/**
 * The name of the container a field path points into (`…spec.containers[1].args` -> that
 * container's name), read from the document; undefined when the path is not in a container list.
 */
export function containerAt(doc: ManifestDoc, text: string, fieldPath: string | undefined): string | undefined {
  const segments = pathSegments(fieldPath);
  const at = segments.findIndex((s, i) => /^(initContainers|containers|ephemeralContainers)$/.test(s) && /^\[\d+\]$/.test(segments[i + 1] ?? ''));
  if (at < 0) return undefined;
  let value: unknown = parsedValue(doc, text) ?? parseDocument(' '.repeat(doc.indent) + text).toJS();
  for (const seg of segments.slice(0, at + 2)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = seg.startsWith('[') ? (value as unknown[])[Number(seg.slice(1, -1))] : (value as Record<string, unknown>)[seg];
  }
  const name = isPlainMap(value) ? value.name : undefined;
  return typeof name === 'string' ? name : undefined;
}

function pathSegments(fieldPath: string | undefined): string[] {
  return fieldPath ? (fieldPath.match(/[^.[\]]+|\[\d+\]/g) ?? []) : ['metadata', 'name'];
}

const parsedDocs = new WeakMap<ManifestDoc, { value: unknown; spans: Spans } | null>();

function fastParsed(doc: ManifestDoc, text: string): { value: unknown; spans: Spans } | null {
  let parsed = parsedDocs.get(doc);
  if (parsed === undefined) {
    const spans: Spans = new Map();
    const value = fastParse(text, doc.indent, spans)?.value;
    parsed = value === undefined ? null : { value, spans };
    parsedDocs.set(doc, parsed);
  }
  return parsed;
}

function parsedValue(doc: ManifestDoc, text: string): unknown {
  return fastParsed(doc, text)?.value;
}

function locateFast(doc: ManifestDoc, text: string, segments: string[]): number | undefined {
  const parsed = fastParsed(doc, text);
  if (!parsed) return undefined;
  let value = parsed.value;
  let offset = 0;
  for (const seg of segments) {
    const isCollection = typeof value === 'object' && value !== null;
    const span = isCollection ? parsed.spans.get(value as object) : undefined;
    if (!span) return isCollection ? undefined : offset; // a flow collection: ask yaml
    const index = seg.startsWith('[') && Array.isArray(value) ? Number(seg.slice(1, -1)) : -1;
    const entry = index >= 0 ? span.entries[index] : Array.isArray(value) ? undefined : span.entries.find((e) => e.key === seg);
    if (!entry) break;
    // A list item is where its node starts (after its `- `), a pair where its key does.
    offset = index >= 0 && entry.vAt >= 0 ? entry.vAt : entry.at;
    value = index >= 0 ? (value as unknown[])[index] : (value as Record<string, unknown>)[seg];
  }
  return offset;
}

function locateSlow(doc: ManifestDoc, text: string, segments: string[]): number {
  const parsed = parseDocument(' '.repeat(doc.indent) + text, { uniqueKeys: false });
  let node = parsed.contents as Node | null;
  let offset = node?.range?.[0] ?? doc.indent;
  for (const seg of segments) {
    if (seg.startsWith('[') && isSeq(node)) {
      const item = node.items[Number(seg.slice(1, -1))] as Node | undefined;
      if (!item?.range) break;
      offset = item.range[0];
      node = item;
    } else if (isMap(node)) {
      const pair = node.items.find((p) => keyOf(p) === seg);
      const key = pair?.key as Node | undefined;
      if (!pair || !key?.range) break;
      offset = key.range[0];
      node = pair.value as Node | null;
    } else break;
  }
  return offset - doc.indent;
}

function hasCollectionKey(doc: Document): boolean {
  let found = false;
  visit(doc, {
    Pair(_, pair) {
      if (isCollection(pair.key)) {
        found = true;
        return visit.BREAK;
      }
    },
  });
  return found;
}

function keyOf(pair: Pair): unknown {
  return isScalar(pair.key) ? String(pair.key.value) : pair.key;
}

function isPlainMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/**
 * node:crypto is loaded when first asked for, not at start: loading it took 4-5 ms of a small
 * run's start-up, which most runs (the filter, `check` on stdin) never use (BENCHMARKS.md,
 * "Start-up"). `process.getBuiltinModule` is Node's own way to do that (20.16+, 22.3+).
 */
export function sha256(bytes: Uint8Array | string): string {
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(bytes).digest('hex');
}
