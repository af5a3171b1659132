/**
 * The `results:` block as `yaml`'s stringify writes it (lineWidth 0, `- ` at the key's column),
 * without building a Document: a large run has tens of thousands of results, and stringify
 * spends ~50 µs on each. Results are maps of maps of short strings and integers; anything else
 * (a multi-line or non-ASCII string, a value of another type, an empty map) goes to yaml.
 */
import { stringify } from 'yaml';
import type { Result } from './types.js';

const YAML_OPTIONS = { lineWidth: 0, indentSeq: false, aliasDuplicateObjects: false } as const;

export function stringifyResults(results: Result[]): string {
  let out = 'results:\n';
  for (const r of results) {
    const body = block(r as unknown as Record<string, unknown>, '  ');
    if (body === undefined) return stringify({ results }, YAML_OPTIONS);
    out += '-' + body.slice(1);
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
      const s = scalar(value);
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

const SAFE_KEY = /^[A-Za-z_][A-Za-z0-9_.\/-]*$/;

/**
 * A one-line printable-ASCII string as a block map value, as yaml's stringifyString writes it:
 * plain unless an indicator, `: `, ` #`, edge spaces or a non-string reading forbid it; then
 * double-quoted, or single-quoted when it holds `"` but no `'`.
 */
export function scalar(value: string): string | undefined {
  if (!/^[\x20-\x7e]*$/.test(value)) return undefined;
  if (value !== '' && !/^[ ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-] |: | #| $|:$/.test(value) && !resolvesToNonString(value)) return value;
  if (value.includes('"') && !value.includes("'")) return `'${value}'`;
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/** What the YAML 1.2 core schema would read as null, a boolean or a number. */
function resolvesToNonString(s: string): boolean {
  return (
    /^(?:~|[Nn]ull|NULL)?$/.test(s) ||
    /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(s) ||
    /^0o[0-7]+$/.test(s) ||
    /^[-+]?[0-9]+$/.test(s) ||
    /^0x[0-9a-fA-F]+$/.test(s) ||
    /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(s) ||
    /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(s) ||
    /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(s)
  );
}
