/**
 * An object held to the Kubernetes API server's own OpenAPI v3 document of a release, as
 * kubectl-validate vendors them (shared/ `vendor/kubernetes-sigs+kubectl-validate/pkg/openapiclient/builtins/<minor>/`):
 * every field must exist in that release (a field added later, or misspelled, is named), with its
 * type, its enum and the required fields. Undefined when shared/ lacks the document.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedDir } from '../helpers/vendor-corpus.js';

type Obj = Record<string, unknown>;
type Schema = {
  $ref?: string;
  allOf?: Schema[];
  type?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  required?: string[];
  enum?: unknown[];
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-group-version-kind'?: { group: string; version: string; kind: string }[];
};

const docs = new Map<string, Record<string, Schema> | undefined>();

export const builtinsDir = (minor: string) => join(sharedDir(), 'vendor', 'kubernetes-sigs+kubectl-validate', 'pkg', 'openapiclient', 'builtins', minor);

function schemas(minor: string, apiVersion: string): Record<string, Schema> | undefined {
  const file = apiVersion.includes('/') ? join(builtinsDir(minor), 'apis', `${apiVersion}.json`) : join(builtinsDir(minor), 'api', `${apiVersion}.json`);
  if (!docs.has(file))
    docs.set(
      file,
      existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { components: { schemas: Record<string, Schema> } }).components.schemas : undefined,
    );
  return docs.get(file);
}

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
  check(all, top, o, String(o.kind), errors);
  return errors;
}

function resolve(all: Record<string, Schema>, s: Schema): Schema {
  let cur = s;
  for (let i = 0; i < 10; i++) {
    const ref = cur.$ref ?? (cur.allOf?.length === 1 ? cur.allOf[0]!.$ref : undefined);
    if (!ref) return cur;
    cur = all[ref.replace('#/components/schemas/', '')]!;
  }
  return cur;
}

function check(all: Record<string, Schema>, raw: Schema, v: unknown, path: string, errors: string[]): void {
  const s = resolve(all, raw);
  if (s['x-kubernetes-int-or-string']) {
    if (typeof v !== 'string' && !Number.isInteger(v)) errors.push(`${path}: must be an integer or a string`);
    return;
  }
  if (s.enum && !s.enum.includes(v)) errors.push(`${path}: ${JSON.stringify(v)} is not one of ${JSON.stringify(s.enum)}`);
  switch (s.type) {
    case 'string':
      if (typeof v !== 'string') errors.push(`${path}: must be a string`);
      return;
    case 'integer':
      if (!Number.isInteger(v)) errors.push(`${path}: must be an integer`);
      return;
    case 'number':
      if (typeof v !== 'number') errors.push(`${path}: must be a number`);
      return;
    case 'boolean':
      if (typeof v !== 'boolean') errors.push(`${path}: must be a boolean`);
      return;
    case 'array':
      if (!Array.isArray(v)) return void errors.push(`${path}: must be a list`);
      v.forEach((x, i) => check(all, s.items ?? {}, x, `${path}[${i}]`, errors));
      return;
  }
  if (!s.properties && !s.additionalProperties) return; // any value (RawExtension, quantities' own types)
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return void errors.push(`${path}: must be an object`);
  for (const r of s.required ?? []) if (!(r in v)) errors.push(`${path}.${r}: required`);
  for (const [k, x] of Object.entries(v)) {
    const p = s.properties?.[k] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
    if (p) check(all, p, x, `${path}.${k}`, errors);
    else if (!s['x-kubernetes-preserve-unknown-fields']) errors.push(`${path}.${k}: no such field in this release`);
  }
}
