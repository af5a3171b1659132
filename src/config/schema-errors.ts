/**
 * Turns ajv's errors into one Problem per real problem, each naming the field and what is
 * accepted. The schema itself is read (not compiled) to list allowed fields and alternatives.
 */
import schema from '../../schema/podsequence.schema.json' with { type: 'json' };
import { pathProblem } from '../workloads/paths.js';
import { isObject, joinPath, type Problem } from './spec.js';
import type { ValidationError } from './validate.generated.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON Schema nodes are untyped
type Schema = Record<string, any>;

/** Follows the instance path through the schema (properties, items, map values, $ref). */
function schemaAt(segments: string[]): Schema | undefined {
  let s: Schema | undefined = deref(schema);
  for (const seg of segments) {
    if (!s) return undefined;
    const next: unknown = s.properties?.[seg] ?? s.items ?? (isObject(s.additionalProperties) ? s.additionalProperties : undefined);
    s = isObject(next) ? deref(next) : undefined;
  }
  return s;
}

function deref(s: Schema): Schema {
  while (typeof s.$ref === 'string') s = (schema as Schema).definitions[s.$ref.replace('#/definitions/', '')];
  return s;
}

function segmentsOf(instancePath: string): string[] {
  return instancePath === ''
    ? []
    : instancePath
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** "/spec/sidecars/0/name" -> "spec.sidecars[0].name", using the data to tell list indexes. */
function fieldPath(segments: string[], data: unknown): string {
  let path = '';
  let node = data;
  for (const seg of segments) {
    if (Array.isArray(node)) {
      path = joinPath(path, Number(seg));
      node = node[Number(seg)];
    } else {
      path = joinPath(path, seg);
      node = isObject(node) ? node[seg] : undefined;
    }
  }
  return path;
}

function valueAt(segments: string[], data: unknown): unknown {
  return segments.reduce<unknown>((node, seg) => (isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[seg] : undefined), data);
}

function show(v: unknown): string {
  return typeof v === 'string' ? `'${v}'` : JSON.stringify(v);
}

function describeValue(v: unknown): string {
  if (v === null) return 'nothing (null)';
  if (Array.isArray(v)) return 'a list';
  if (isObject(v)) return 'a map';
  if (typeof v === 'string') return `the string '${v}'`;
  if (typeof v === 'number') return `the number ${v}`;
  return String(v);
}

const typeNames: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a map',
  null: 'null',
};

/** schema/podsequence.schema.json workloadKinds[].podTemplatePath: the syntax src/workloads/paths.ts reads. */
const TEMPLATE_PATH = '^(\\*|[A-Za-z0-9_-]+(\\[\\*?\\])?)(\\.(\\*|[A-Za-z0-9_-]+(\\[\\*?\\])?))*$';

/** What a schema pattern means, for the patterns the schema uses. */
const patternTexts: Record<string, (v: string) => string> = {
  '\\S': () => 'must not be empty',
  '^1\\.\\d+$': (v) => `'${v}' is not accepted; use a Kubernetes minor version such as "1.30"`,
  '^[a-z0-9]([-a-z0-9]{0,52}[a-z0-9])?$': (v) =>
    `'${v}' is not accepted; use lowercase letters, digits and -, starting and ending with a letter or digit, at most 54 characters (it names the init container seq-wait-<name>)`,
  [TEMPLATE_PATH]: (v) => `'${v}' can never match: ${pathProblem(v) ?? 'write a path such as spec.template'}`,
};
const quantityText = (v: string) => `'${v}' is not a Kubernetes quantity; use for example 10m, 100Mi, 1Gi or 0.5`;

/** Closest allowed name within two edits, for "did you mean". */
function closest(name: string, allowed: string[]): string | undefined {
  const distance = (a: string, b: string): number => {
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const row = [i];
      for (let j = 1; j <= b.length; j++) {
        row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1].toLowerCase() === b[j - 1].toLowerCase() ? 0 : 1));
      }
      prev = row;
    }
    return prev[b.length];
  };
  return allowed.find((a) => distance(name, a) <= 2);
}

/** Names of the alternatives of a oneOf/anyOf made of `required` branches. */
function alternatives(s: Schema | undefined, keyword: 'oneOf' | 'anyOf'): string[] {
  return (s?.[keyword] ?? []).map((branch: Schema) => branch.required[0]);
}

function translate(e: ValidationError, data: unknown): Problem {
  const segments = segmentsOf(e.instancePath);
  const path = fieldPath(segments, data);
  const value = valueAt(segments, data);
  const here = schemaAt(segments);
  const owner = path || 'the PodSequence';
  switch (e.keyword) {
    case 'additionalProperties': {
      const field = String(e.params.additionalProperty);
      const allowed = Object.keys(here?.properties ?? {});
      const guess = closest(field, allowed);
      return {
        path: joinPath(path, field),
        text: `unknown field '${field}'${guess ? ` (did you mean '${guess}'?)` : ''}; the fields of ${owner} are ${allowed.join(', ')}`,
      };
    }
    case 'propertyNames': {
      // A map whose keys are names from a list (spec.rules: rule ids): the definition's title names what a key is.
      const name = String(e.params.propertyName);
      const keys = here?.propertyNames ? deref(here.propertyNames) : undefined;
      const allowed: string[] = keys?.enum ?? [];
      const guess = closest(name, allowed);
      return {
        path: joinPath(path, name),
        text: `unknown ${keys?.title ?? 'key'} '${name}'${guess ? ` (did you mean '${guess}'?)` : ''}; use one of ${allowed.join(', ')}`,
      };
    }
    case 'required': {
      const field = String(e.params.missingProperty);
      const fieldSchema = schemaAt([...segments, field]);
      const use = fieldSchema?.const !== undefined ? `; use ${fieldSchema.const}` : '';
      return { path: joinPath(path, field), text: `is required${use}` };
    }
    case 'type': {
      if (segments.join('.') === 'spec.kubernetesVersion' && typeof value === 'number') {
        return {
          path,
          text: `got the number ${value}; write the version as a quoted string such as "1.30" (unquoted, YAML reads 1.30 as the number 1.3)`,
        };
      }
      const expected = String(e.params.type)
        .split(',')
        .map((t) => typeNames[t] ?? t)
        .join(' or ');
      return { path, text: `expected ${expected}, got ${describeValue(value)}` };
    }
    case 'enum':
    case 'const': {
      const allowed: unknown[] = e.keyword === 'enum' ? e.params.allowedValues : [e.params.allowedValue];
      const unquote = allowed.some((a) => typeof a !== 'string' && String(a) === value) ? ' (true and false without quotes)' : '';
      const choices = allowed.map(String).join(', ');
      return {
        path,
        text: `${show(value)} is not accepted; use ${allowed.length > 1 ? 'one of ' : ''}${choices}${unquote}`,
      };
    }
    case 'pattern': {
      const pattern = String(e.params.pattern);
      const text = patternTexts[pattern] ?? (pattern.includes('Ki|Mi') ? quantityText : undefined);
      return { path, text: text ? text(String(value)) : `${show(value)} does not match ${pattern}` };
    }
    case 'minimum':
      return { path, text: `${show(value)} is too small; use a whole number of at least ${e.params.limit}` };
    case 'minItems':
      return { path, text: `must list at least ${e.params.limit} item${e.params.limit === 1 ? '' : 's'}` };
    case 'oneOf': {
      const names = alternatives(here, 'oneOf');
      const found = names.filter((n) => isObject(value) && value[n] !== undefined);
      return {
        path,
        text: found.length > 1 ? `has ${found.join(' and ')}; give exactly one of ${names.join(', ')}` : `needs one of ${names.join(', ')}`,
      };
    }
    case 'anyOf':
      return { path, text: `needs ${alternatives(here, 'anyOf').join(' or ')} (or both) to say which containers it is for` };
    case 'dependencies':
      return {
        path: joinPath(path, String(e.params.property)),
        text: `applies only to ${e.params.missingProperty}; add ${e.params.missingProperty} or remove ${e.params.property}`,
      };
    default:
      return { path, text: e.message ?? `fails ${e.keyword}` };
  }
}

/**
 * ajv reports every failed branch of a oneOf/anyOf, and a oneOf whose value has the wrong type;
 * keep the one error that says what to do.
 */
function essential(errors: ValidationError[]): ValidationError[] {
  const typeAt = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  const oneOfAt = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  return errors.filter(
    (e) =>
      !/\/(oneOf|anyOf)\/\d+\//.test(e.schemaPath) &&
      // ajv's own error for a bad key (under propertyNames) says less than the propertyNames one.
      e.propertyName === undefined &&
      !(typeAt.has(e.instancePath) && e.keyword !== 'type') &&
      !(oneOfAt.has(e.instancePath) && e.keyword === 'dependencies'),
  );
}

export function schemaProblems(errors: ValidationError[], data: unknown): Problem[] {
  return essential(errors).map((e) => translate(e, data));
}
