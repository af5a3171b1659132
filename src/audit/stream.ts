/**
 * A JSON dump read as it arrives: kubectl's `-o json` is one `List` whose `items` hold every
 * object, and a large cluster's is larger than one string can be (V8's strings end near 512 MiB;
 * 50,000 pods as kubectl prints them are some 400 MiB). The bytes are scanned for the structure
 * only (brackets, strings, the `items` key), each item is parsed on its own with JSON.parse (the
 * fast path), stripped of what the API server writes and audit never reads (managedFields), and
 * the bytes let go. Memory follows the objects kept, not the input; bytes are bounded by
 * DUMP_BYTES, objects by LIMITS.documents.
 */
import { LIMITS } from '../yaml/limits.js';
import { firstJsonError, InputError, TAKE_AGAIN } from './errors.js';

/** Bytes of one JSON dump read as a stream: far beyond any cluster's, short of what a machine holds. */
export const DUMP_BYTES = 2 * 2 ** 30;

const enum B {
  Quote = 0x22,
  Backslash = 0x5c,
  OpenBrace = 0x7b,
  CloseBrace = 0x7d,
  OpenBracket = 0x5b,
  CloseBracket = 0x5d,
  Colon = 0x3a,
  Comma = 0x2c,
  Newline = 0x0a,
}

const DECODER = new TextDecoder('utf-8', { fatal: true });

/** A byte count as people read it. */
export const mib = (n: number) => `${(n / 2 ** 20).toFixed(0)} MiB`;

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** One value that was read: the parsed value, and where it began (for messages). */
export interface Parsed {
  value: unknown;
  where: string;
}

/**
 * The scanner. Depth 1 is inside a top-level object or array; the elements of a top-level
 * object's `items` array (depth 2) and of a top-level array (depth 1) are captured one by one;
 * everything else of a top-level value is kept as its skeleton (`items` left empty), which is
 * small, and parsed when the value ends.
 */
export class JsonDumpReader {
  private depth = 0;
  private inString = false;
  private escape = false;
  private offset = 0;
  private line = 1;
  private col = 0;
  /** The open brackets, innermost last. */
  private open: number[] = [];
  /** Bytes of the top-level value outside the captured items. */
  private skeleton: Buffer[] = [];
  private skeletonStart = { line: 1, col: 1, offset: 0 };
  /** The top-level value is an array: its elements are items. */
  private topArray = false;
  /** Depth at which items are captured (2 inside `items`, 1 in a top-level array); 0: none. */
  private itemsDepth = 0;
  private expectKey = false;
  private key: number[] | undefined;
  private lastKey = '';
  private afterItemsKey = false;
  private capture: Buffer[] | undefined;
  private captureStart = { line: 1, col: 1, offset: 0 };
  private itemIndex = 0;
  private count = 0;

  constructor(
    private readonly name: string,
    private readonly emit: (p: Parsed) => void,
    private readonly limit: number = DUMP_BYTES,
  ) {}

  private at(p: { line: number; col: number }): string {
    return `${this.name}:${p.line}:${p.col}`;
  }

  write(chunk: Buffer): void {
    if (this.offset + chunk.length > this.limit) {
      throw new InputError(
        `${this.name}: more than ${this.limit} bytes (${mib(this.limit)}, the limit for one JSON dump): audit a few namespaces at a time (kubectl get … -n NS -o json)`,
      );
    }
    let from = 0; // start of the part of `chunk` not yet copied to the skeleton or the capture
    const flush = (to: number) => {
      if (to > from) (this.capture ?? this.skeleton).push(chunk.subarray(from, to));
      from = to;
    };
    let backslash = -2; // not looked up yet (-1: none left in the chunk)
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      this.col++;
      if (b === B.Newline) {
        this.line++;
        this.col = 0;
      }
      if (this.inString) {
        if (this.escape) this.escape = false;
        else if (b === B.Backslash) this.escape = true;
        else if (b !== B.Quote && this.key === undefined) {
          // Most bytes are inside strings: jump to the next quote or backslash (a string holds no raw newline).
          // The next backslash is looked up again only once passed: most chunks have none, and
          // looking from every string would scan the rest of the chunk each time.
          if (backslash !== -1 && backslash < i) backslash = chunk.indexOf(B.Backslash, i);
          const q = chunk.indexOf(B.Quote, i);
          const next = q < 0 ? (backslash < 0 ? chunk.length : backslash) : backslash < 0 ? q : Math.min(q, backslash);
          this.col += next - i - 1;
          i = next - 1;
        } else if (b === B.Quote) {
          this.inString = false;
          if (this.key) {
            this.lastKey = Buffer.from(this.key).toString('latin1');
            this.key = undefined;
          }
        } else if (this.key && this.key.length < 16) this.key.push(b);
        continue;
      }
      if (isSpace(b)) continue;
      if (this.depth === 0 && this.capture === undefined) {
        // A new top-level value (two dumps one after another are two values).
        if (b !== B.OpenBrace && b !== B.OpenBracket)
          throw new InputError(this.invalid(`found ${JSON.stringify(String.fromCharCode(b))} where a JSON object or array begins`));
        flush(i);
        this.skeleton = [];
        from = i;
        this.skeletonStart = { line: this.line, col: this.col, offset: this.offset + i };
        this.topArray = b === B.OpenBracket;
        this.itemsDepth = this.topArray ? 1 : 0;
        this.itemIndex = 0;
      }
      // An item begins: its bytes go to the capture, not to the skeleton.
      if (this.capture === undefined && this.itemsDepth > 0 && this.depth === this.itemsDepth && b !== B.Comma && b !== B.CloseBracket && b !== B.CloseBrace) {
        flush(i);
        this.capture = [];
        this.captureStart = { line: this.line, col: this.col, offset: this.offset + i };
      }
      if (b === B.Quote) {
        this.inString = true;
        if (this.depth === 1 && !this.topArray && this.capture === undefined) {
          if (this.expectKey) this.key = [];
          this.afterItemsKey = false;
        }
        continue;
      }
      // Between two items: the comma belongs to neither, nor to the skeleton (its items stay empty).
      if (b === B.Comma && this.capture === undefined && this.itemsDepth > 0 && this.depth === this.itemsDepth) {
        flush(i);
        from = i + 1;
        continue;
      }
      if (b === B.OpenBrace || b === B.OpenBracket) {
        if (this.afterItemsKey && b === B.OpenBracket && this.depth === 1) this.itemsDepth = 2;
        this.afterItemsKey = false;
        this.open.push(b);
        this.depth++;
        if (this.depth > LIMITS.nesting + 2)
          throw new InputError(`${this.at({ line: this.line, col: this.col })}: nesting deeper than ${LIMITS.nesting} levels; ${TAKE_AGAIN}`);
        if (this.depth === 1) this.expectKey = b === B.OpenBrace;
        continue;
      }
      if (b === B.CloseBrace || b === B.CloseBracket) {
        const opened = this.open.pop();
        if (opened === undefined || (opened === B.OpenBrace) !== (b === B.CloseBrace)) {
          throw new InputError(this.invalid(`${String.fromCharCode(b)} closes ${opened === undefined ? 'nothing' : String.fromCharCode(opened)}`));
        }
        this.depth--;
        if (this.capture && this.depth === this.itemsDepth - 1) {
          // The items array itself closes (an empty one, or after its last item's comma).
          flush(i);
          this.takeItem();
        }
        if (this.depth === 1 && this.itemsDepth === 2 && b === B.CloseBracket && this.capture === undefined) this.itemsDepth = 0;
        if (this.capture && this.depth === this.itemsDepth) {
          flush(i + 1);
          this.takeItem();
        }
        if (this.depth === 0) {
          flush(i + 1);
          this.takeTop();
        }
        continue;
      }
      if (this.depth === 1 && !this.topArray && this.capture === undefined) {
        if (b === B.Colon) {
          this.expectKey = false;
          this.afterItemsKey = this.lastKey === 'items';
        } else if (b === B.Comma) this.expectKey = true;
        else this.afterItemsKey = false;
      }
      if (this.capture && b === B.Comma && this.depth === this.itemsDepth) {
        // A comma between items at the items' own depth: a scalar item ends here.
        flush(i);
        this.takeItem();
        from = i + 1;
      }
    }
    flush(chunk.length);
    this.offset += chunk.length;
  }

  end(): void {
    if (this.depth > 0 || this.inString || this.capture) {
      throw new InputError(
        `${this.name}:${this.line}:${this.col}: the JSON ends (byte ${this.offset}) before its object is complete: a truncated dump (a kubectl cut off, a full disk?); ${TAKE_AGAIN}`,
      );
    }
    if (this.offset === 0) throw new InputError(`${this.name}: empty; ${TAKE_AGAIN}`);
  }

  private invalid(what: string): string {
    return `${this.at({ line: this.line, col: this.col })}: not valid JSON (${what}): audit reads what kubectl get -o json or -o yaml prints; ${TAKE_AGAIN}`;
  }

  private takeItem(): void {
    const parts = this.capture!;
    this.capture = undefined;
    if (parts.length === 0) return;
    const text = this.decode(Buffer.concat(parts), this.captureStart);
    if (text.trim() === '') return;
    if (++this.count > LIMITS.documents) throw new InputError(`${this.name}: more than ${LIMITS.documents} objects (the limit for one dump): split it`);
    this.emit({ value: this.parse(text, this.captureStart), where: `${this.at(this.captureStart)} items[${this.itemIndex++}]` });
  }

  private takeTop(): void {
    const text = this.decode(Buffer.concat(this.skeleton), this.skeletonStart);
    this.skeleton = [];
    const value = this.parse(text, this.skeletonStart) as Record<string, unknown> | unknown[];
    this.itemsDepth = 0;
    this.expectKey = false;
    // A List's items were given one by one; what is left is its header, or a single object.
    if (Array.isArray(value)) return;
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.items) && v.items.length === 0 && typeof v.kind === 'string' && v.kind.endsWith('List')) return;
    this.emit({ value: v, where: this.at(this.skeletonStart) });
  }

  /** Strict UTF-8 (as every reader here is): a replacement character would misname an object. */
  private decode(bytes: Buffer, start: { line: number; col: number }): string {
    try {
      return DECODER.decode(bytes);
    } catch {
      throw new InputError(`${this.at(start)}: invalid UTF-8 in this object: the input must be UTF-8 text; ${TAKE_AGAIN}`);
    }
  }

  /** JSON.parse, and where it failed as file:line:col when it fails. */
  private parse(text: string, start: { line: number; col: number }): unknown {
    try {
      return JSON.parse(text);
    } catch (e) {
      const bad = firstJsonError(text);
      const before = text.slice(0, bad);
      const nl = before.lastIndexOf('\n');
      const line = start.line + (before.match(/\n/g)?.length ?? 0);
      const col = nl < 0 ? start.col + bad : bad - nl;
      const what = (e as Error).message
        .split(/, "|\(line/)[0]!
        .replace(/ in JSON at position \d+.*$/, '')
        .trim();
      throw new InputError(`${this.name}:${line}:${col}: not valid JSON (${what}): audit reads what kubectl get -o json or -o yaml prints; ${TAKE_AGAIN}`);
    }
  }
}
