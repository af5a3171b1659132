/**
 * What `audit` reads: the objects `kubectl get … -o json` or `-o yaml` prints (a `List`, typed
 * lists, several documents, single objects), from files or stdin. JSON, what kubectl prints by
 * default and the large case, is read with JSON.parse (docs/audit.md, "Large clusters"); YAML
 * through the file reader every command uses (src/files/read.ts), so its errors carry lines.
 * Every input is bounded (LIMITS.inputBytes, src/yaml/limits.ts): a stream is counted while it is
 * read and refused once past the limit, before it is all in memory.
 */
import { itemValue, isListKind } from '../krm/io.js';
import { FatalError } from '../krm/types.js';
import { PathError, readManifest, type Note } from '../files/read.js';
import { LIMITS } from '../yaml/limits.js';
import { decodeUtf8Strict } from '../yaml/text.js';
import { InputError, TAKE_AGAIN } from './errors.js';
import { DUMP_BYTES, JsonDumpReader } from './stream.js';

export { firstJsonError, InputError, TAKE_AGAIN } from './errors.js';

/** A live object as the dump holds it, with the input it came from. */
export interface LiveObject {
  apiVersion: string;
  kind: string;
  metadata: Record<string, unknown>;
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
  [key: string]: unknown;
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
  const first = firstByte(bytes);
  if (first === undefined) throw new InputError(`${name}: empty; ${TAKE_AGAIN}`);
  const out: LiveObject[] = [];
  const roots = first === 0x7b || first === 0x5b ? parseJson(name, bytes) : parseYaml(name, decode(name, bytes));
  roots.forEach((r) => flatten(name, r.value, r.where, out));
  return out;
}

function decode(name: string, bytes: Buffer): string {
  try {
    return decodeUtf8Strict(bytes);
  } catch (e) {
    throw new InputError(`${name}: ${(e as FatalError).message}; ${TAKE_AGAIN}`);
  }
}

/** The first byte that is not white space or a byte order mark. */
function firstByte(bytes: Buffer): number | undefined {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  return i < bytes.length ? bytes[i] : undefined;
}

/**
 * A dump read as it arrives (a file, stdin, kubectl's output): JSON item by item (stream.ts),
 * bounded by DUMP_BYTES; YAML, which must be read whole, bounded by LIMITS.inputBytes.
 */
export async function readDump(name: string, chunks: AsyncIterable<Buffer | string>, limits: { json?: number; yaml?: number } = {}): Promise<LiveObject[]> {
  const out: LiveObject[] = [];
  let reader: JsonDumpReader | undefined;
  let head: Buffer[] | undefined = [];
  let held = 0;
  const yamlLimit = limits.yaml ?? LIMITS.inputBytes;
  try {
    for await (const c of chunks) {
      const chunk = typeof c === 'string' ? Buffer.from(c) : c;
      if (reader) {
        reader.write(chunk);
        continue;
      }
      head!.push(chunk);
      held += chunk.length;
      const first = firstByte(Buffer.concat(head!));
      if (first === 0x7b || first === 0x5b) {
        reader = new JsonDumpReader(name, (p) => flatten(name, p.value, p.where, out), limits.json ?? DUMP_BYTES);
        for (const h of head!) reader.write(h);
        head = undefined;
      } else if (held > yamlLimit) throw new InputError(tooBig(name, yamlLimit));
    }
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`${name}: cannot read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  if (reader) {
    reader.end();
    return out;
  }
  return parseDump(name, Buffer.concat(head!));
}

interface Root {
  value: unknown;
  where: string;
}

/** A JSON dump, all in memory (tests, small inputs): the stream reader over one chunk. */
function parseJson(name: string, bytes: Buffer): Root[] {
  const roots: Root[] = [];
  const reader = new JsonDumpReader(name, (p) => roots.push(p));
  reader.write(bytes);
  reader.end();
  return roots;
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
  slim(obj);
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

/**
 * What the API server or kubectl writes and audit never reads, let go with the bytes:
 * managedFields, and last-applied-configuration (the whole manifest again, on most owners).
 */
function slim(obj: Record<string, unknown>): void {
  const meta = obj.metadata as Record<string, unknown> | undefined;
  if (meta && typeof meta === 'object') {
    delete meta.managedFields;
    const a = meta.annotations as Record<string, unknown> | undefined;
    if (a && typeof a === 'object') delete a['kubectl.kubernetes.io/last-applied-configuration'];
  }
}

/** The input an object was read from (its file, `<stdin>`, `<kubectl>`). */
export function sourceOf(o: object): string | undefined {
  return SOURCES.get(o);
}

/** `name` of the kubectl invocation's output in errors. */
export const KUBECTL_INPUT = '<kubectl>';
