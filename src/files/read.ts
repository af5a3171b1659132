/**
 * Plain manifest files (`check`, `fix`, `explain`): found on disk, split into documents with
 * their exact spans, and written back by splicing changed documents into the original text (as
 * src/krm/io.ts does for ResourceList items), so separators, comments and untouched documents
 * stay byte-identical.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { isCollection, isMap, isScalar, isSeq, LineCounter, parseAllDocuments, visit, type Document, type Node, type Pair } from 'yaml';
import { dedent, indent } from '../krm/text.js';

export interface ManifestDoc {
  /** Position among all documents of the file, empty ones included. */
  index: number;
  /** The document's top-level node as standalone YAML (dedented). */
  text: string;
  /** Span of that node in the file: replaced as a whole when the document changes. */
  start: number;
  end: number;
  indent: number;
  kind: string;
  apiVersion: string;
  /** Parsed from the whole file: node ranges are file offsets. */
  doc: Document;
}

export interface ManifestFile {
  /** As shown to the user (relative when it was given relative). */
  path: string;
  source: string;
  /** Kubernetes objects only (mappings with `apiVersion` and `kind`). */
  docs: ManifestDoc[];
  lines: LineCounter;
}

export interface Note {
  path: string;
  line?: number;
  col?: number;
  message: string;
}

export interface Position {
  line: number;
  col: number;
}

export class PathError extends Error {}

const YAML_FILE = /\.ya?ml$/i;

/**
 * Files named on the command line, and `.yaml`/`.yml` files under directories (sorted; hidden
 * entries and node_modules skipped). A directory holding `Chart.yaml` is a Helm chart: its
 * templates are not manifests until rendered, so it is skipped with a note.
 */
export function collectFiles(paths: readonly string[], notes: Note[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (existsSync(join(dir, 'Chart.yaml'))) {
      notes.push({ path: dir, message: 'skipped a Helm chart: check its rendered output instead (`helm template … > out.yaml`)' });
      return;
    }
    for (const name of readdirSync(dir).sort()) {
      if (name.startsWith('.') || name === 'node_modules') continue;
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (YAML_FILE.test(name)) out.push(p);
    }
  };
  for (const given of paths) {
    const p = normalize(given);
    if (!existsSync(p)) throw new PathError(`${given}: no such file or directory`);
    if (statSync(p).isDirectory()) walk(p);
    else out.push(p);
  }
  return [...new Set(out)];
}

export function readManifest(path: string, notes: Note[], source: string): ManifestFile {
  const lines = new LineCounter();
  const docs: ManifestDoc[] = [];
  let skipped = false;
  parseAllDocuments(source, { lineCounter: lines, uniqueKeys: true, prettyErrors: false }).forEach((doc, index) => {
    const err = doc.errors[0];
    if (err) {
      const at = lines.linePos(err.pos[0]);
      notes.push({ path, ...at, message: `skipped document ${index + 1}: not valid YAML (a Helm or other template?): ${err.message.split('\n')[0]}` });
      skipped = true;
      return;
    }
    const node = doc.contents;
    if (!isMap(node) || !node.range) return;
    if (hasCollectionKey(doc)) {
      // An unquoted `{{ .Values.x }}` parses as a map keyed by a map: a template, not an object.
      notes.push({ path, ...lines.linePos(node.range[0]), message: `skipped document ${index + 1}: it holds unquoted {{ }} (a Helm or other template?)` });
      skipped = true;
      return;
    }
    const kind = node.get('kind');
    const apiVersion = node.get('apiVersion');
    if (typeof kind !== 'string' || typeof apiVersion !== 'string') return;
    const [start, end] = node.range;
    const indent = start - (source.lastIndexOf('\n', start - 1) + 1);
    docs.push({ index, text: dedent(source.slice(start, end), indent), start, end, indent, kind, apiVersion, doc });
  });
  if (docs.length === 0 && !skipped && source.trim() !== '') notes.push({ path, message: 'skipped: no Kubernetes objects (apiVersion and kind) in this file' });
  return { path, source, docs, lines };
}

/** The file with changed documents (by position in `file.docs`) spliced in. */
export function splice(file: ManifestFile, replacements: ReadonlyMap<number, string>): string {
  const crlf = file.source.includes('\r\n');
  let out = '';
  let cursor = 0;
  for (const [i, doc] of file.docs.entries()) {
    let text = replacements.get(i);
    if (text === undefined) continue;
    // The span ends where the node does: keep the original's final newline, or its absence.
    if (!file.source.slice(doc.start, doc.end).endsWith('\n')) text = text.replace(/\n$/, '');
    text = indent(text, doc.indent);
    if (crlf) text = text.replace(/\r?\n/g, '\r\n');
    out += file.source.slice(cursor, doc.start) + text;
    cursor = doc.end;
  }
  return out + file.source.slice(cursor);
}

/**
 * Where a result's `field.path` (`spec.template.spec.containers[1].args[0]`) is in the file:
 * the key of the deepest pair or list item of the path that exists. No path: the object's name.
 */
export function locate(file: ManifestFile, doc: ManifestDoc, fieldPath: string | undefined): Position {
  let node = doc.doc.contents as Node | null;
  let offset = node?.range?.[0] ?? 0;
  const segments = fieldPath ? (fieldPath.match(/[^.[\]]+|\[\d+\]/g) ?? []) : ['metadata', 'name'];
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
  return lines(file, offset);
}

function lines(file: ManifestFile, offset: number): Position {
  const { line, col } = file.lines.linePos(offset);
  return { line, col };
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
