/**
 * The `results:` block as `yaml`'s stringify writes it (lineWidth 0, `- ` at the key's column),
 * without building a Document: a large run has tens of thousands of results, and stringify
 * spends ~50 µs on each. Results are maps of maps of short strings and integers, and messages
 * of two lines (a `|-` literal, as yaml writes them with lineWidth 0); anything else (a non-ASCII
 * string, a value of another type, an empty map) goes to yaml, that result alone.
 */
import type { Result } from '../krm/types.js';
import { plainIsSafe, resolvesToNonString, stringifyForReaders } from './plain.js';

const YAML_OPTIONS = { lineWidth: 0, indentSeq: false, aliasDuplicateObjects: false } as const;

const RESULTS = 'results:\n';

export function stringifyResults(results: Result[]): string {
  let out = RESULTS;
  for (const r of results) {
    const body = block(r as unknown as Record<string, unknown>, '  ');
    // A result the fast writer leaves to yaml (a non-ASCII message) is written by yaml alone:
    // each item of the list is written alike alone or in the list (no aliases), and yaml
    // writing the whole list for one such result cost 1.5 s of 10,000 workloads (issue 38).
    out += body === undefined ? stringifyForReaders({ results: [r] }, YAML_OPTIONS).slice(RESULTS.length) : '-' + body.slice(1);
  }
  return out;
}

/** The map's lines at `indent` (the first one too), or undefined when yaml must decide. */
function block(map: Record<string, unknown>, indent: string): string | undefined {
  let out = '';
  let any = false;
  for (const key of Object.keys(map)) {
    const value = map[key];
    if (value === undefined) continue; // yaml leaves out undefined values
    if (!SAFE_KEY.test(key) || resolvesToNonString(key)) return undefined;
    any = true;
    if (typeof value === 'string') {
      // A multi-line string (a message with its reason on a second line, as every change at
      // kubernetesVersion 1.29+ says) is a `|-` literal at the value's indent: yaml writing each
      // such result cost 0.6 s of 10,000 workloads (issue 38).
      const s = value.includes('\n') ? blockScalar(value, indent.length + 2) : scalar(value);
      if (s === undefined) return undefined;
      out += `${indent}${key}: ${s}\n`;
    } else if (typeof value === 'number' && Number.isSafeInteger(value) && !Object.is(value, -0)) {
      out += `${indent}${key}: ${value}\n`;
    } else if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      const inner = block(value as Record<string, unknown>, indent + '  ');
      if (inner === undefined) return undefined;
      out += `${indent}${key}:\n${inner}`;
    } else {
      return undefined;
    }
  }
  return any ? out : undefined;
}

const SAFE_KEY = /^[A-Za-z_][A-Za-z0-9_./-]*$/;

/**
 * A one-line printable-ASCII string as a block map value: plain when every YAML 1.1 and 1.2
 * reader reads it back as the same string (plain.ts), else double-quoted, or single-quoted when
 * it holds `"` but no `'` (as yaml picks the quote).
 */
export function scalar(value: string): string | undefined {
  if (!/^[\x20-\x7e]*$/.test(value)) return undefined;
  return plainIsSafe(value) ? value : quoted(value);
}

/** A printable-ASCII string quoted as yaml quotes it (single when it holds `"` but no `'`). */
function quoted(value: string): string {
  if (value.includes('"') && !value.includes("'")) return `'${value}'`;
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * New nodes for text edits (patch.ts), as yaml writes them after sync.ts's `createNode` (block
 * style, multi-line strings as `|` literals, lineWidth 0): for the shapes pod-sequencer adds
 * (maps with plain keys, lists, one-line ASCII strings, integers, booleans, null, scripts).
 * Undefined whenever yaml must decide; then patch.ts asks yaml. Property-tested against yaml.
 */
export class BlockEmitter {
  /** Objects already written: yaml writes a second use as an alias, which is left to it. */
  private readonly seen = new Set<object>();

  constructor(private readonly indentSeq: boolean) {}

  /** `key: value` at column 0 (continuation lines indented from column 0). */
  pair(key: string, value: unknown): string | undefined {
    const rest = this.afterKey(value, 0);
    return rest === undefined || !plainKey(key) ? undefined : key + ':' + rest;
  }

  /** `- value` at column 0. */
  item(value: unknown): string | undefined {
    const rest = this.afterDash(value, 0);
    return rest === undefined ? undefined : '-' + rest;
  }

  /** The text after `key:` for a key at column `col`: ` scalar`, ` []`, or '\n' and nested lines. */
  afterKey(value: unknown, col: number): string | undefined {
    if (typeof value !== 'object' || value === null) {
      const s = blockScalar(value, col + 2);
      return s === undefined ? undefined : ' ' + s;
    }
    if (!this.first(value)) return undefined;
    if (Array.isArray(value)) {
      if (value.length === 0) return ' []';
      const lines = this.seq(value, this.indentSeq ? col + 2 : col);
      return lines === undefined ? undefined : '\n' + lines;
    }
    if (Object.getPrototypeOf(value) !== Object.prototype) return undefined;
    const lines = this.map(value as Record<string, unknown>, col + 2);
    return lines === undefined ? undefined : lines === '' ? ' {}' : '\n' + lines;
  }

  /** The text after `-` for a list item at column `col`. */
  private afterDash(value: unknown, col: number): string | undefined {
    if (typeof value !== 'object' || value === null) {
      const s = blockScalar(value, col + 2);
      return s === undefined ? undefined : ' ' + s;
    }
    if (Array.isArray(value) || Object.getPrototypeOf(value) !== Object.prototype || !this.first(value)) return undefined;
    const lines = this.map(value as Record<string, unknown>, col + 2);
    return lines === undefined ? undefined : lines === '' ? ' {}' : ' ' + lines.slice(col + 2);
  }

  /** A map's lines, its keys at column `col` ('' when it has no keys). */
  private map(map: Record<string, unknown>, col: number): string | undefined {
    const lines: string[] = [];
    for (const key of Object.keys(map)) {
      const value = map[key];
      if (value === undefined) continue;
      const rest = plainKey(key) ? this.afterKey(value, col) : undefined;
      if (rest === undefined) return undefined;
      lines.push(' '.repeat(col) + key + ':' + rest);
    }
    return lines.join('\n');
  }

  /** A list's lines, its dashes at column `col`. */
  private seq(list: unknown[], col: number): string | undefined {
    const lines: string[] = [];
    for (const value of list) {
      const rest = this.afterDash(value, col);
      if (rest === undefined) return undefined;
      lines.push(' '.repeat(col) + '-' + rest);
    }
    return lines.join('\n');
  }

  private first(o: object): boolean {
    if (this.seen.has(o)) return false;
    this.seen.add(o);
    return true;
  }
}

/** A key yaml writes plain: as it is. */
export function plainKey(key: string): boolean {
  return SAFE_KEY.test(key) && !resolvesToNonString(key);
}

/**
 * A scalar as a block value whose continuation lines (a `|` literal's) sit at column `indent`:
 * null, booleans, safe integers, one-line ASCII strings, and multi-line printable-ASCII strings
 * that yaml writes as a plain `|` or `|-` literal (no leading space, no trailing blanks).
 */
export function blockScalar(value: unknown, indent: number): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isSafeInteger(value) && !Object.is(value, -0) ? String(value) : undefined;
  if (typeof value !== 'string') return undefined;
  if (!value.includes('\n')) return scalar(value);
  // The scripts pod-sequencer writes are the same text in every workload of a kind: remembered
  // (by indent and text), the tests below run once per script, not once per workload.
  const known = LITERALS.get(indent)?.get(value);
  if (known !== undefined) return known ?? undefined;
  const text = literal(value, indent);
  if (LITERALS.size > 64) LITERALS.clear();
  const byText = LITERALS.get(indent) ?? LITERALS.set(indent, new Map()).get(indent)!;
  if (byText.size >= 256) byText.clear();
  byText.set(value, text ?? null);
  return text;
}

/** blockScalar's answers for multi-line strings, by indent then text (null: left to yaml). Bounded. */
const LITERALS = new Map<number, Map<string, string | null>>();

function literal(value: string, indent: number): string | undefined {
  const body = value.endsWith('\n') ? value.slice(0, -1) : value;
  if (body.trim() === '' || !/^[\x20-\x7e\n]*$/.test(value) || /^[ \n]|[ \n]$/.test(body) || /\n +\n/.test(body) || /(^|\n)(---|\.\.\.)( |\n|$)/.test(body))
    return undefined;
  const pad = ' '.repeat(indent);
  return (value.endsWith('\n') ? '|\n' : '|-\n') + pad + body.replace(/\n+/g, (nl) => nl + pad);
}

/** A one-line scalar as an item of a flow list: as in a block, quoted also where a flow ends or breaks a plain one. */
export function flowScalar(value: unknown): string | undefined {
  if (typeof value === 'string') {
    if (value.includes('\n')) return undefined;
    if (/^[\x20-\x7e]*$/.test(value) && !plainIsSafe(value, true)) return quoted(value);
  }
  return blockScalar(value, 0);
}
