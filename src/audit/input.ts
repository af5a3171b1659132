/**
 * What `audit` reads: the objects `kubectl get … -o json` or `-o yaml` prints (a `List`, typed
 * lists, several documents, single objects), from files or stdin. JSON, what kubectl prints by
 * default and the large case, is read with JSON.parse (docs/audit.md, "Large clusters"); YAML
 * through the file reader every command uses (src/files/read.ts), so its errors carry lines.
 * Every input is bounded (LIMITS.inputBytes, src/yaml/limits.ts): a stream is counted while it is
 * read and refused once past the limit, before it is all in memory.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { itemValue, isListKind } from '../krm/io.js';
import { FatalError } from '../krm/types.js';
import { PathError, readManifest, type Note } from '../files/read.js';
import { LIMITS } from '../yaml/limits.js';
import { decodeUtf8Strict, LineIndex } from '../yaml/text.js';

/** A live object as the dump holds it, with the input it came from. */
export interface LiveObject {
  apiVersion: string;
  kind: string;
  metadata: Record<string, unknown>;
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Bad input: one line naming the input, where in it, and what to do. */
export class InputError extends Error {}

/** How to take a dump again, said in errors. */
export const TAKE_AGAIN =
  'take the dump again: kubectl get pods,jobs,cronjobs,deployments,statefulsets,daemonsets,nodes,mutatingwebhookconfigurations -A -o json > dump.json';

/** The bytes of a file, refused by its size before it is read when it is past `limit`. */
export function readFileBounded(path: string, limit: number = LIMITS.inputBytes): Buffer {
  let size: number;
  try {
    const st = statSync(path);
    if (st.isDirectory()) throw new InputError(`${path}: a directory; name the dump file (${TAKE_AGAIN})`);
    size = st.size;
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  if (size > limit) throw new InputError(tooBig(path, limit));
  // A FIFO or a device has no size: read it as a stream is read, counting.
  return readFdBounded(path, limit);
}

function readFdBounded(path: string, limit: number): Buffer {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    throw new InputError(`${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(1 << 20);
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      if (total > limit) throw new InputError(tooBig(path, limit));
      chunks.push(chunk.subarray(0, n));
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** A stream's bytes (stdin), refused as soon as more than `limit` have arrived. */
export async function readStreamBounded(stream: Readable, name: string, limit: number = LIMITS.inputBytes): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += b.length;
    if (total > limit) {
      stream.destroy();
      throw new InputError(tooBig(name, limit));
    }
    chunks.push(b);
  }
  return Buffer.concat(chunks, total);
}

function tooBig(name: string, limit: number): string {
  return `${name}: more than ${limit} bytes (${(limit / 2 ** 20).toFixed(0)} MiB, the limit for one input): audit a few namespaces at a time (kubectl get … -n NS -o json) or split the dump`;
}

/**
 * The Kubernetes objects of one input, Lists opened (nested ones too). JSON when the first
 * character says so, else YAML. Anything that is not a Kubernetes object (no apiVersion and
 * kind) is an error naming where it is: a dump is kubectl's output, never something else.
 */
export function parseDump(name: string, bytes: Buffer): LiveObject[] {
  let text: string;
  try {
    text = decodeUtf8Strict(bytes);
  } catch (e) {
    throw new InputError(`${name}: ${(e as FatalError).message}; ${TAKE_AGAIN}`);
  }
  if (text.trim() === '') throw new InputError(`${name}: empty; ${TAKE_AGAIN}`);
  const first = /\S/.exec(text)!;
  const roots = first[0] === '{' || first[0] === '[' ? parseJsonStream(name, text, first.index) : parseYaml(name, text);
  const out: LiveObject[] = [];
  roots.forEach((r) => flatten(name, r.value, r.where, out));
  return out;
}

interface Root {
  value: unknown;
  where: string;
}

/**
 * One JSON value, or several one after another (two dumps concatenated): V8 says where the
 * first value ends ("… after JSON at position N"), and the rest is read from there.
 */
function parseJsonStream(name: string, text: string, from: number): Root[] {
  const roots: Root[] = [];
  let lines: LineIndex | undefined;
  const at = (offset: number) => {
    const p = (lines ??= new LineIndex(text)).linePos(offset);
    return `${name}:${p.line}:${p.col}`;
  };
  let start = from;
  while (start < text.length) {
    const rest = start === 0 ? text : text.slice(start);
    try {
      roots.push({ value: JSON.parse(rest), where: at(start) });
      break;
    } catch (e) {
      const message = (e as Error).message;
      const after = /after JSON at position (\d+)/.exec(message);
      if (after) {
        const end = start + Number(after[1]);
        roots.push({ value: JSON.parse(text.slice(start, end)), where: at(start) });
        const next = /\S/g;
        next.lastIndex = end;
        const m = next.exec(text);
        if (!m) break;
        start = m.index;
        continue;
      }
      throw new InputError(jsonError(name, text, start, message, at));
    }
  }
  return roots;
}

function jsonError(name: string, text: string, start: number, message: string, at: (offset: number) => string): string {
  // V8 names a position for some errors and not for others ("Unexpected token"): the scan says.
  const pos = /at position (\d+)/.exec(message);
  const offset = pos ? start + Number(pos[1]) : firstJsonError(text, start);
  if (/Unexpected end of JSON input|Unterminated string/.test(message) || offset >= text.trimEnd().length) {
    return `${at(text.length)}: the JSON ends (byte ${Buffer.byteLength(text)}) before its object is complete: a truncated dump (a kubectl cut off, a full disk?); ${TAKE_AGAIN}`;
  }
  // V8's message may quote the input: only its first clause, which names what it found.
  const what = message
    .split(/, "|\(line/)[0]!
    .replace(/ in JSON at position \d+.*$/, '')
    .trim();
  return `${at(offset)}: not valid JSON (${what}): audit reads what kubectl get -o json or -o yaml prints; ${TAKE_AGAIN}`;
}

/**
 * Where a JSON text first goes wrong, for the message only (JSON.parse has refused it): a scan
 * of its tokens with an explicit stack, so that no nesting depth can overflow the call stack.
 */
export function firstJsonError(text: string, start = 0): number {
  let i = start;
  const stack: ('{' | '[')[] = [];
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const string = (): boolean => {
    if (text[i] !== '"') return false;
    for (i++; i < text.length; i++) {
      const c = text[i]!;
      if (c === '\\') i++;
      else if (c === '"') return ++i > 0;
      else if (c < ' ') return false;
    }
    return false;
  };
  const scalar = (): boolean => {
    const m = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!m) return false;
    i += m[0].length;
    return true;
  };
  for (;;) {
    ws();
    // A value.
    if (text[i] === '{' || text[i] === '[') {
      stack.push(text[i] as '{' | '[');
      i++;
      ws();
      if (text[i] === (stack.at(-1) === '{' ? '}' : ']')) {
        stack.pop();
        i++;
      } else if (stack.at(-1) === '{') {
        if (!string()) return i;
        ws();
        if (text[i++] !== ':') return i - 1;
        continue;
      } else continue;
    } else if (!(text[i] === '"' ? string() : scalar())) return i;
    // After a value: a comma, a close, or the end.
    for (;;) {
      ws();
      if (stack.length === 0) return i;
      const close = stack.at(-1) === '{' ? '}' : ']';
      if (text[i] === close) {
        stack.pop();
        i++;
        continue;
      }
      if (text[i] !== ',') return i;
      i++;
      if (stack.at(-1) === '{') {
        ws();
        if (!string()) return i;
        ws();
        if (text[i++] !== ':') return i - 1;
      }
      break;
    }
  }
}

function parseYaml(name: string, text: string): Root[] {
  const notes: Note[] = [];
  let file;
  try {
    file = readManifest(name, notes, text);
  } catch (e) {
    if (e instanceof PathError) throw new InputError(`${e.message}; ${TAKE_AGAIN}`);
    throw e;
  }
  if (file.docs.length === 0) throw new InputError(notKubernetes(name, 'no document has apiVersion and kind'));
  return file.docs.map((doc) => {
    const p = file.lines.linePos(doc.start);
    const value = doc.takeValue?.() ?? itemValue(doc.text);
    if (value === undefined) throw new InputError(`${name}:${p.line}:${p.col}: a document that is not a mapping; ${TAKE_AGAIN}`);
    return { value, where: `${name}:${p.line}:${p.col}` };
  });
}

function notKubernetes(where: string, why: string): string {
  return `${where}: not Kubernetes objects (${why}): audit reads what kubectl get … -o json or -o yaml prints (a List, or objects with apiVersion and kind); ${TAKE_AGAIN}`;
}

function flatten(name: string, value: unknown, where: string, out: LiveObject[], depth = 0): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => flatten(name, v, `${where} [${i}]`, out, depth + 1));
    return;
  }
  if (value === null || typeof value !== 'object') throw new InputError(notKubernetes(where, `found ${value === null ? 'null' : typeof value}`));
  const obj = value as Record<string, unknown>;
  if (typeof obj.kind !== 'string' || typeof obj.apiVersion !== 'string') {
    const keys = Object.keys(obj).slice(0, 5).join(', ');
    throw new InputError(notKubernetes(where, `an object without apiVersion and kind${keys ? `, with keys ${keys}` : ''}`));
  }
  if (isListKind(obj.kind) && Array.isArray(obj.items)) {
    if (depth > 4) throw new InputError(`${where}: Lists nested more than 4 deep; ${TAKE_AGAIN}`);
    obj.items.forEach((item, i) => flatten(name, item, `${where} items[${i}]`, out, depth + 1));
    return;
  }
  if (obj.metadata === null || typeof obj.metadata !== 'object' || Array.isArray(obj.metadata)) {
    throw new InputError(`${where}: ${obj.kind} without metadata; ${TAKE_AGAIN}`);
  }
  SOURCES.set(obj, name);
  out.push(obj as LiveObject);
}

const SOURCES = new WeakMap<object, string>();

/** The input an object was read from (its file, `<stdin>`, `<kubectl>`). */
export function sourceOf(o: object): string | undefined {
  return SOURCES.get(o);
}

/** `name` of the kubectl invocation's output in errors. */
export const KUBECTL_INPUT = '<kubectl>';
