/**
 * Template path patterns: where pod templates sit inside an object, lists and maps included.
 *
 *   spec.template                               one field after another
 *   spec.replicatedJobs[].template.spec.template  `[]`: every item of a list (`[*]`, the
 *                                               JSONPath and yq spelling, is the same step)
 *   spec.pytorchReplicaSpecs.*.template         `*`: every value of a map (Master, Worker, ...)
 *
 * A pattern expands against one object into concrete paths (numbers for list items), one per
 * template the object holds. The syntax is checked when the config is read (`pathProblem`), so a
 * pattern that can never match is a config error, never silence (docs/decisions.md). The empty
 * pattern (the object itself is the template: a Pod, a Tekton Task) is for the built-in tables only.
 */

/** One step of a pattern: a field name, every list item, or every map value. */
export type Step = { field: string } | { each: 'item' } | { each: 'value' };

/** A concrete path: field names and list indexes, from the object root. */
export type Path = readonly (string | number)[];

const FIELD = /^[A-Za-z0-9_-]+$/;

/** Why `pattern` can never match anything, with the fix; undefined when it is well formed. */
export function pathProblem(pattern: string): string | undefined {
  if (pattern.trim() !== pattern) return 'it has spaces around it; write the path alone, for example spec.template';
  if (pattern === '') return 'the path is empty; write the path from the object root to its pod template, for example spec.template';
  if (pattern.includes('/')) return `it uses '/'; join field names with dots: ${pattern.replaceAll('/', '.')}`;
  const parts = pattern.split('.');
  for (const [i, part] of parts.entries()) {
    const step = `step ${i + 1}`;
    if (part === '') return `${step} is empty (two dots, or a dot at an end); join field names with single dots, for example spec.template`;
    if (/\[\d+\]/.test(part)) {
      return `${step} '${part}' picks one list item by its index; write '${part.replace(/\[\d+\]/g, '[]')}' to take every item (a template found in any item is sequenced)`;
    }
    if (part === '[]' || part === '[*]') return `${step} is '[]' alone; put it right after the list's field name, for example spec.tasks[].template`;
    const name = part.replace(/\[\*?\]$/, '');
    if (name === '*') {
      if (part !== '*') return `${step} '${part}': '*' already takes every value of a map; write '*' alone`;
      continue;
    }
    if (name.includes('*'))
      return `${step} '${part}': '*' stands alone for every value of a map (no partial names), for example spec.pytorchReplicaSpecs.*.template`;
    if (!FIELD.test(name)) {
      return `${step} '${part}' is not a field name: use letters, digits, '_' and '-', '[]' right after a list's name, and '*' for every value of a map`;
    }
  }
  return undefined;
}

/** A well-formed pattern as the catalog writes it: `[*]` as `[]`. */
export function normalPattern(pattern: string): string {
  return pattern.replaceAll('[*]', '[]');
}

/** The steps of a well-formed pattern (`pathProblem` returned undefined). */
export function parsePattern(pattern: string): Step[] {
  if (pattern === '') return [];
  return pattern.split('.').flatMap((part): Step[] => {
    if (part === '*') return [{ each: 'value' }];
    const list = /^(.*)\[\*?\]$/.exec(part);
    if (list) return [{ field: list[1]! }, { each: 'item' }];
    return [{ field: part }];
  });
}

/**
 * Every concrete path the steps reach in `obj`, in document order (map keys as written). A step
 * that finds nothing (a missing field, a list that is not a list) yields no path.
 */
export function expand(obj: unknown, steps: readonly Step[]): Path[] {
  const fixed = fieldPath(steps);
  if (fixed) return has(obj, fixed) ? [fixed] : [];
  const out: Path[] = [];
  const walk = (v: unknown, i: number, at: (string | number)[]): void => {
    if (i === steps.length) return void out.push(at);
    const step = steps[i]!;
    if ('field' in step) {
      if (isMap(v) && Object.hasOwn(v, step.field)) walk(v[step.field], i + 1, [...at, step.field]);
    } else if (step.each === 'item') {
      if (Array.isArray(v)) v.forEach((x, k) => walk(x, i + 1, [...at, k]));
    } else if (isMap(v)) for (const k of Object.keys(v)) walk(v[k], i + 1, [...at, k]);
  };
  walk(obj, 0, []);
  return out;
}

/**
 * Steps of field names only (`spec.template`, `spec.jobTemplate.spec.template`: every built-in
 * kind) reach the same path in every object: one shared array per steps, so what is cached by
 * path (workload.ts: the field paths results name, the metadata path) is made once per kind,
 * not once per workload.
 */
const FIELD_PATHS = new WeakMap<readonly Step[], Path | null>();
function fieldPath(steps: readonly Step[]): Path | undefined {
  let path = FIELD_PATHS.get(steps);
  if (path === undefined) {
    path = steps.every((s) => 'field' in s) ? steps.map((s) => (s as { field: string }).field) : null;
    FIELD_PATHS.set(steps, path);
  }
  return path ?? undefined;
}

/** Whether every field of `path` is an own key of the map before it (what `walk` follows). */
function has(obj: unknown, path: Path): boolean {
  let v = obj;
  // An index loop, the map test inline: every workload's template path is tested here.
  for (let i = 0; i < path.length; i++) {
    const field = path[i]!;
    if (typeof v !== 'object' || v === null || Array.isArray(v) || !Object.hasOwn(v, field)) return false;
    v = (v as Record<string | number, unknown>)[field];
  }
  return true;
}

/** `spec.replicatedJobs[0].template.spec.template`: how results name a place. */
export function formatPath(path: Path): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else if (FIELD.test(p)) out += out ? `.${p}` : p;
    else out += `[${JSON.stringify(p)}]`;
  }
  return out;
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
