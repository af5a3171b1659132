/**
 * Text at the edges of a run: bytes to string, byte order mark, line endings. Decisions:
 * - invalid UTF-8 is refused (a replacement character would silently change a manifest);
 * - a leading BOM is dropped;
 * - CRLF input is read as LF and answered in CRLF when every line ended in CRLF (so untouched
 *   items stay byte-identical); mixed line endings are answered in LF.
 */
import { FatalError } from '../krm/types.js';

/** Decodes UTF-8, dropping a leading BOM; throws a FatalError naming the first invalid byte. */
export function decodeUtf8Strict(buf: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    const at = firstInvalidByte(buf);
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < at; i++) {
      if (buf[i] === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    const what = at < buf.length ? `byte 0x${buf[at]!.toString(16).padStart(2, '0')} at byte offset ${at}` : 'a sequence cut short at the end';
    throw new FatalError(`invalid UTF-8 (${what}): the input must be UTF-8 text`, { line, col: at - lineStart + 1 });
  }
}

/**
 * Offset of the byte at which decoding first fails (the end, for a truncated last sequence).
 * Decoding a prefix in streaming mode fails exactly when the prefix holds an invalid sequence,
 * so the shortest failing prefix can be found by bisection.
 */
function firstInvalidByte(buf: Uint8Array): number {
  const fails = (n: number, stream: boolean) => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, n), { stream });
      return false;
    } catch {
      return true;
    }
  };
  if (!fails(buf.length, true)) return buf.length; // only the end is cut short
  let lo = 0;
  let hi = buf.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (fails(mid, true)) hi = mid;
    else lo = mid + 1;
  }
  return lo - 1;
}

export interface Normalized {
  text: string;
  /** Every line break of the input was CRLF: answer in CRLF. */
  crlf: boolean;
}

export function normalizeInput(input: string): Normalized {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (!text.includes('\r')) return { text, crlf: false };
  return { text: text.replace(/\r\n/g, '\n'), crlf: text.includes('\r\n') && !/(^|[^\r])\n/.test(text) };
}

export function restoreLineEndings(output: string, crlf: boolean): string {
  return crlf ? output.replace(/\n/g, '\r\n') : output;
}

/**
 * An item's continuation lines are indented by its column in the list: strip that to get it as
 * a standalone document (`indent` puts it back when splicing a replacement in).
 */
export function dedent(text: string, by: number): string {
  if (by === 0) return text;
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? line : line.slice(Math.min(by, leadingSpaces(line)))))
    .join('\n');
}

export function indent(text: string, by: number): string {
  if (by === 0) return text;
  const pad = ' '.repeat(by);
  return text
    .split('\n')
    .map((line, i) => (i === 0 || line === '' ? line : pad + line))
    .join('\n');
}

function leadingSpaces(line: string): number {
  let n = 0;
  while (n < line.length && line.charCodeAt(n) === 32) n++;
  return n;
}

export interface Position {
  line: number;
  col: number;
}

/**
 * The one position mapper: line and column (1-based) of an offset, by binary search over line
 * starts. Every error and finding position is made here (with sourceOffset in io.ts for offsets
 * inside an item's own text).
 */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  linePos(offset: number): Position {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - this.starts[lo]! + 1 };
  }
}

/**
 * A line for a terminal or a log: control characters (a newline in a workload's name, an escape
 * sequence in an annotation) shown as escapes, so input can neither forge lines such as
 * `pod-sequencer: error: …` nor drive the terminal.
 */
export function printable(line: string): string {
  return line.replace(/[\x00-\x1f\x7f-\x9f\u2028\u2029]/g, (c) =>
    c === '\n' ? '\\n' : c === '\t' ? '\\t' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A clause as the start of a sentence: its first letter a capital. */
export function upperFirst(clause: string): string {
  return clause === '' ? clause : `${clause[0]!.toUpperCase()}${clause.slice(1)}`;
}
