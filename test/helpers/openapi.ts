/**
 * An object held to the Kubernetes API server's own OpenAPI v3 document of a release, as
 * kubectl-validate vendors them (shared/ `vendor/kubernetes-sigs+kubectl-validate/pkg/openapiclient/builtins/<minor>/`):
 * every field must exist in that release (a field added later, or misspelled, is named: the API
 * server's strict field validation rejects it), with its type, its enum and the required fields.
 * Undefined when shared/ lacks the document. Each document is parsed once per process.
 *
 * Paths name the elements of a list by their `name` (`env[HOME]`), and every container by
 * `container[<name>]` whichever list holds it, so that the errors of an object before and after
 * a container moves (from `containers` to `initContainers`) compare equal.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedDir } from './vendor-corpus.js';

type Obj = Record<string, unknown>;
export interface Schema {
  $ref?: string;
  allOf?: Schema[];
  oneOf?: Schema[];
  type?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  required?: string[];
  enum?: unknown[];
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-group-version-kind'?: { group: string; version: string; kind: string }[];
}

const docs = new Map<string, Record<string, Schema> | undefined>();

export const builtinsDir = (minor: string) => join(sharedDir(), 'vendor', 'kubernetes-sigs+kubectl-validate', 'pkg', 'openapiclient', 'builtins', minor);

/** The schemas of one group version's document (`v1`, `apps/v1`) in release `minor`, or undefined. */
export function schemas(minor: string, apiVersion: string): Record<string, Schema> | undefined {
  const file = apiVersion.includes('/') ? join(builtinsDir(minor), 'apis', `${apiVersion}.json`) : join(builtinsDir(minor), 'api', `${apiVersion}.json`);
  if (!docs.has(file))
    docs.set(
      file,
      existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { components: { schemas: Record<string, Schema> } }).components.schemas : undefined,
    );
  return docs.get(file);
}

/** Whether shared/ holds a document for this group version (`v1`, `apps/v1`) in release `minor`. */
export const hasDocument = (minor: string, apiVersion: string) => schemas(minor, apiVersion) !== undefined;

/** The problems of `o` in release `minor` (`1.30`); undefined when shared/ has no document for its group. */
export function openapiErrors(o: Obj, minor: string): string[] | undefined {
  const all = schemas(minor, String(o.apiVersion));
  if (!all) return undefined;
  const [group, version] = String(o.apiVersion).includes('/') ? String(o.apiVersion).split('/') : ['', String(o.apiVersion)];
  const top = Object.values(all).find((s) =>
    s['x-kubernetes-group-version-kind']?.some((g) => g.group === group && g.version === version && g.kind === o.kind),
  );
  if (!top) return [`${String(o.apiVersion)} ${String(o.kind)}: no such kind in Kubernetes ${minor}`];
  const errors: string[] = [];
  check(all, top, o, String(o.kind), errors, noExtras);
  return errors;
}

/**
 * The problems of `value` as the core/v1 definition `name` (`io.k8s.api.core.v1.PodTemplateSpec`)
 * of release `minor`, its paths starting at `path`; undefined without the document. `extra`: keys
 * a custom kind's own type adds to an object at that depth (Argo's `mirrorVolumeMounts` on a
 * container), allowed at the top of `value` only.
 */
export function definitionErrors(value: unknown, name: string, minor: string, path: string, extra: readonly string[] = []): string[] | undefined {
  const all = schemas(minor, 'v1');
  const s = all?.[name];
  if (!all || !s) return undefined;
  const errors: string[] = [];
  check(all, s, value, path, errors, extra.length ? new Set(extra) : noExtras);
  return errors;
}

const noExtras: ReadonlySet<string> = new Set();

function resolve(all: Record<string, Schema>, s: Schema): Schema {
  let cur = s;
  for (let i = 0; i < 10; i++) {
    const ref = cur.$ref ?? (cur.allOf?.length === 1 ? cur.allOf[0]!.$ref : undefined);
    if (!ref) return cur;
    cur = all[ref.replace('#/components/schemas/', '')]!;
  }
  return cur;
}

const CONTAINER_LISTS = new Set(['containers', 'initContainers', 'ephemeralContainers']);

/** The path of a list element: by its name where it has one (every container as `container[name]`). */
function elementPath(path: string, x: unknown, i: number): string {
  const name = typeof x === 'object' && x !== null ? (x as Obj).name : undefined;
  if (typeof name !== 'string') return `${path}[${i}]`;
  const dot = path.lastIndexOf('.');
  if (CONTAINER_LISTS.has(path.slice(dot + 1))) return `${path.slice(0, dot)}.container[${name}]`;
  return `${path}[${name}]`;
}

function typeOk(type: string | undefined, v: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number';
    case 'boolean':
      return typeof v === 'boolean';
    default:
      return true;
  }
}

function check(all: Record<string, Schema>, raw: Schema, v: unknown, path: string, errors: string[], extra: ReadonlySet<string>): void {
  // JSON null is read as the field left out, whatever its type (the API server decodes it so).
  if (v === null) return;
  const s = resolve(all, raw);
  if (s['x-kubernetes-int-or-string']) {
    if (typeof v !== 'string' && !Number.isInteger(v)) errors.push(`${path}: must be an integer or a string`);
    return;
  }
  if (s.oneOf && !s.type && !s.properties) {
    // IntOrString, Quantity: one of plain types.
    if (!s.oneOf.some((o) => typeOk(resolve(all, o).type, v)))
      errors.push(`${path}: must be ${s.oneOf.map((o) => resolve(all, o).type).join(' or ')}, not ${JSON.stringify(v)}`);
    return;
  }
  if (s.enum && !s.enum.includes(v)) errors.push(`${path}: ${JSON.stringify(v)} is not one of ${JSON.stringify(s.enum)}`);
  switch (s.type) {
    case 'string':
    case 'integer':
    case 'number':
    case 'boolean':
      if (!typeOk(s.type, v)) errors.push(`${path}: must be ${s.type === 'integer' ? 'an' : 'a'} ${s.type}`);
      return;
    case 'array':
      if (!Array.isArray(v)) return void errors.push(`${path}: must be a list`);
      v.forEach((x, i) => check(all, s.items ?? {}, x, elementPath(path, x, i), errors, noExtras));
      return;
  }
  if (!s.properties && !s.additionalProperties) return; // any value (RawExtension, JSON)
  if (typeof v !== 'object' || Array.isArray(v)) return void errors.push(`${path}: must be an object`);
  for (const r of s.required ?? []) if (!(r in v)) errors.push(`${path}.${r}: required`);
  for (const [k, x] of Object.entries(v)) {
    const p = s.properties?.[k] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
    if (p) check(all, p, x, `${path}.${k}`, errors, noExtras);
    else if (!s['x-kubernetes-preserve-unknown-fields'] && !extra.has(k)) errors.push(`${path}.${k}: no such field in this release`);
  }
}
