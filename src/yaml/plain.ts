/**
 * One quoting rule for every string pod-sequencer writes: plain only when every YAML 1.1 and 1.2
 * reader reads the plain text back as this same string; otherwise quoted.
 *
 * Kubernetes tools read YAML 1.1 rules: kubectl, kustomize and Helm go through sigs.k8s.io/yaml,
 * a fork of go-yaml v2, whose resolve.go (go-yaml/yaml@v2.4.0:resolve.go, `resolveMapList`)
 * reads `y Y yes Yes YES on On ON` as true, `n N no No NO off Off OFF` as false, `<<` as the
 * merge key, and every plain text strconv.ParseInt(s without `_`, base 0) accepts as an int
 * (`1_000`, `0b101`, `0o17`, `017`, `0x1F`) or yamlStyleFloat as a float. The YAML 1.1 type
 * library (yaml.org/type: bool, int, float, null, merge, value, timestamp) adds sexagesimal
 * numbers (`1:20`), `=` and timestamps (`2001-12-14`); go-yaml v2 decodes those as strings into
 * an interface{}, but PyYAML, js-yaml and `yaml` in 1.1 mode do not. YAML 1.2's core schema
 * (`0o17`, `.inf`, `1e3`) is the `yaml` package's and js-yaml's default. The union of all of
 * these is quoted: a quoted scalar is a string to every reader, so quoting too much changes
 * only style, never meaning.
 *
 * Syntax too: go-yaml's scanner (go-yaml/yaml scannerc.go, yaml_parser_scan_plain_scalar, "Check
 * for indicators that may end a plain scalar") ends a plain scalar in a flow collection at `?`,
 * where YAML 1.2 reads on (`[http://a/b?c=d]`); so in flow context `?` is quoted as well, beside
 * the flow indicators `,[]{}`. (libyaml before 0.2 also refused `x:y` there; go-yaml v2 since
 * 2018 and every reader named above read it as one scalar, so a URL stays plain.)
 */
import { Document, isCollection, isPair, isScalar, Scalar, visit, type CreateNodeOptions, type ToStringOptions } from 'yaml';

/** The plain texts some YAML 1.1 or 1.2 reader resolves to a non-string (tested by whole-string match). */
const NON_STRING: readonly RegExp[] = [
  // null: 1.1 and 1.2 (the empty text too)
  /^(?:~|null|Null|NULL|)$/,
  // booleans: YAML 1.1 (go-yaml v2 resolve.go, yaml.org/type/bool), which includes 1.2 core
  /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/,
  // ints: decimal, 1.1 octal (0...), underscores (1.1, and Go's ParseInt after go-yaml strips them)
  /^[-+]?[0-9][0-9_]*$/,
  // ints with a base prefix: 1.1 0b/0x, 1.2 0o/0x, Go's base-0 0b/0o/0x in either case
  /^[-+]?0[bBoOxX][0-9a-fA-F_]*$/,
  // sexagesimal ints and floats (YAML 1.1)
  /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/,
  // floats: YAML 1.1's regexp (`[-+]?([0-9][0-9_]*)?\.[0-9.]*([eE][-+][0-9]+)?`), widened to `_`
  /^[-+]?(?:[0-9][0-9_]*)?\.[0-9._]*(?:[eE][-+]?[0-9_]+)?$/,
  // floats with an exponent and no dot (1.2 core, go-yaml's yamlStyleFloat)
  /^[-+]?[0-9][0-9_]*[eE][-+]?[0-9_]+$/,
  // infinities and NaN (1.1 and 1.2)
  /^[-+]?\.(?:inf|Inf|INF)$/,
  /^\.(?:nan|NaN|NAN)$/,
  // merge key and value key (YAML 1.1)
  /^(?:<<|=)$/,
  // timestamps (YAML 1.1, yaml.org/type/timestamp; js-yaml's default schema too)
  /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)?$/,
];

/** The first characters that may start one of NON_STRING's texts (every other text is a string). */
const MAY_RESOLVE = /^(?:[-+.0-9~<=]|[yYnNtTfFoO](?:[a-zA-Z]{0,4})$|$)/;

/** Whether some YAML 1.1 or 1.2 reader reads the plain text `s` as other than the string `s`. */
export function resolvesToNonString(s: string): boolean {
  if (!MAY_RESOLVE.test(s)) return false;
  for (const re of NON_STRING) if (re.test(s)) return true;
  return false;
}

/**
 * Whether the one-line string `s` may be written as a plain scalar and read back, by every
 * reader, as `s`: in a block context, or inside a flow collection (`flow`).
 */
export function plainIsSafe(s: string, flow = false): boolean {
  if (resolvesToNonString(s)) return false;
  // Not printable ASCII (tabs, line breaks, controls, non-ASCII): quoted, where escapes are exact.
  if (!/^[\x20-\x7e]+$/.test(s)) return false;
  // Indicators first, `- `, `? `, `: ` or ` #` anywhere, edge spaces, a final `:`.
  if (/^[ ,[\]{}#&*!|>'"%@`:]|^[?-](?: |$)|: | #| $|:$/.test(s)) return false;
  // In a flow collection `,[]{}` end a plain scalar, and `?` does for go-yaml.
  if (flow && /[?,[\]{}]/.test(s)) return false;
  return true;
}

/**
 * Gives every string scalar under `node` that `written` says the tool wrote (a new or changed
 * node: scalars read from the source keep their text, so their meaning) a quoted style where
 * plain would not be read back as the same string. For the `yaml` printer; the hand-written
 * emitters (emit.ts) apply the same rule themselves.
 */
export function quoteForReaders(node: unknown, written: (s: Scalar) => boolean, flow = false): void {
  if (isScalar(node)) {
    if (written(node)) quoteScalar(node, flow);
  } else if (isCollection(node)) {
    const inFlow = flow || node.flow === true;
    for (const item of node.items as unknown[]) {
      if (isPair(item)) {
        quoteForReaders(item.key, written, inFlow);
        quoteForReaders(item.value, written, inFlow);
      } else {
        quoteForReaders(item, written, inFlow);
      }
    }
  }
}

/** A new node is one the source did not have: yaml gives parsed nodes their `range`. */
export const isNewNode = (s: Scalar): boolean => s.range == null;

function quoteScalar(s: Scalar, flow: boolean): void {
  const v = s.value;
  if (typeof v !== 'string' || (s.type !== undefined && s.type !== Scalar.PLAIN)) return;
  if (v.includes('\n') || plainIsSafe(v, flow)) return; // (a multi-line string: a `|` literal, or quoted by yaml in a flow)
  // As yaml picks a quote when plain is refused: single when it holds `"` but no `'`.
  s.type = v.includes('"') && !v.includes("'") ? Scalar.QUOTE_SINGLE : Scalar.QUOTE_DOUBLE;
}

/** yaml's stringify of a plain value, with every string quoted by the rule above. */
export function stringifyForReaders(value: unknown, options: ToStringOptions & CreateNodeOptions): string {
  return readersDocument(value, options).toString(options);
}

function readersDocument(value: unknown, options: ToStringOptions & CreateNodeOptions): Document {
  const doc = new Document(value, options);
  quoteForReaders(doc.contents, isNewNode);
  return doc;
}

/**
 * The same, for text its reader trims before parsing it (kustomize's inline `patch:` string, as
 * in a Flux HelmRelease post-renderer: issue 39, where the last value's `\n` was lost): a string
 * that ends in a line break is double-quoted, since a block scalar at the text's end would lose it.
 */
export function stringifyTrimSafe(value: unknown, options: ToStringOptions & CreateNodeOptions): string {
  const doc = readersDocument(value, options);
  visit(doc, {
    Scalar(_, s) {
      if (typeof s.value === 'string' && s.value.endsWith('\n')) s.type = Scalar.QUOTE_DOUBLE;
    },
  });
  return doc.toString(options);
}
