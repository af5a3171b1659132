/**
 * Setting one top-level field inside an annotation whose value is a YAML or JSON map, such as
 * Istio's `proxy.istio.io/config`. The user's text is kept byte for byte where possible: the
 * field is appended as text (a line for block YAML, a member for JSON or flow maps), and the
 * edit is only accepted when re-parsing shows every other key unchanged.
 */
import { isMap, isScalar, visit, type YAMLMap } from 'yaml';
import { parse, parseDocument } from '../yaml/document.js';
import { isNewNode, quoteForReaders } from '../yaml/plain.js';
import { deepEqual } from '../yaml/sync.js';

export type Scalar = string | number | boolean;

export type Merge =
  /** The new annotation value. */
  | { kind: 'set'; text: string }
  /** The field already has this value. */
  | { kind: 'same' }
  /** The field is there with another value (it is left alone). */
  | { kind: 'other'; current: unknown }
  /** The value is not a YAML or JSON map. */
  | { kind: 'unreadable'; why: string };

export function mergeField(text: string | undefined, field: string, value: Scalar): Merge {
  // The block form the Istio docs show, for an absent or empty value.
  if (text === undefined || text.trim() === '') return { kind: 'set', text: `${field}: ${String(value)}\n` };
  const doc = parseDocument(text);
  if (doc.errors[0]) return { kind: 'unreadable', why: doc.errors[0].message.split('\n')[0]!.replace(/:$/, '') };
  if (!isMap(doc.contents)) return { kind: 'unreadable', why: 'it is not a map' };
  const odd = notPlain(doc.contents);
  if (odd) return { kind: 'unreadable', why: odd };
  const current = doc.toJS() as Record<string, unknown>;
  if (Object.hasOwn(current, field)) return deepEqual(current[field], value) ? { kind: 'same' } : { kind: 'other', current: current[field] };

  const want = { ...current, [field]: value };
  const flow = text.trimStart().startsWith('{');
  const edited = flow ? insertMember(text, field, value) : appendLine(text, field, value);
  if (edited !== undefined && sameMap(edited, want)) return { kind: 'set', text: edited };
  // Text the simple edits cannot handle (document markers, `|+` scalars last): rebuild it.
  if (flow && isJson(text)) return { kind: 'set', text: JSON.stringify(want) };
  doc.set(field, value);
  quoteForReaders(doc.contents, isNewNode);
  return { kind: 'set', text: doc.toString() };
}

/**
 * Why a map is not one the field can be added to safely, or undefined: a tagged map (`!!set`,
 * `!!omap`, a custom tag) means something other than a plain map to its reader, and a key that
 * is not a plain string (null, a number, a collection, the merge key `<<`) or an alias makes
 * "every other key unchanged" unprovable. Such a value is left as written, and the tool says so.
 */
function notPlain(map: YAMLMap): string | undefined {
  if (map.tag) return `it is tagged ${map.tag}, not a plain map`;
  if (map.anchor) return 'it carries an anchor';
  for (const pair of map.items) {
    const key = pair.key;
    if (!isScalar(key) || typeof key.value !== 'string' || key.tag || key.value === '<<') return 'it has a key that is not a plain string';
  }
  let alias = false;
  visit(map, { Alias: () => void (alias = true) });
  return alias ? 'it uses an alias' : undefined;
}

/** Block YAML: one more line at the first key's indent, keeping the value's final newline or not. */
function appendLine(text: string, field: string, value: Scalar): string {
  const indent = /^([ \t]*)[^\s#]/m.exec(text)?.[1] ?? '';
  const line = `${indent}${field}: ${String(value)}`;
  return text.endsWith('\n') ? `${text}${line}\n` : `${text}\n${line}`;
}

/**
 * JSON or a YAML flow map: one more member before the closing brace, quoted as JSON when the
 * text is JSON, on its own line at the previous member's indent when members are one per line.
 */
function insertMember(text: string, field: string, value: Scalar): string | undefined {
  const close = text.lastIndexOf('}');
  if (close < 0) return undefined;
  const before = text.slice(0, close).trimEnd();
  const gap = text.slice(before.length, close);
  // `{"a":1}` stays tight: `{"a":1,"b":true}`; `{}` says nothing, so it gets the usual spacing.
  const tight = /:/.test(text) && !/\s/.test(text.trim());
  const member = `${isJson(text) ? JSON.stringify(field) : field}:${tight ? '' : ' '}${JSON.stringify(value)}`;
  if (before.endsWith('{')) return `${before}${member}${gap}${text.slice(close)}`;
  const indent = /\n([ \t]*)[^\n]*$/.exec(before)?.[1];
  const sep = gap.includes('\n') && indent !== undefined ? `\n${indent}` : tight ? '' : ' ';
  const comma = before.endsWith(',') ? '' : ',';
  return `${before}${comma}${sep}${member}${gap}${text.slice(close)}`;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function sameMap(text: string, want: Record<string, unknown>): boolean {
  try {
    return deepEqual(parse(text), want);
  } catch {
    return false;
  }
}
