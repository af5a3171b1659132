/**
 * The JSON 6902 operations that turn one object into another, with a `test` before every
 * operation on a value the change depends on, so a patch applied to a base that drifted fails
 * loudly in kustomize (which applies JSON 6902 with github.com/evanphx/json-patch: a failed test
 * fails the build) instead of misapplying.
 *
 * - A changed scalar, or a list without names: `test` the old value, `replace` it.
 * - A removed key: `test` its old value, `remove` it. An added key: `add` (JSON 6902 has no test
 *   for absence: a key the base gains later is overwritten; `patches --check` catches that drift).
 * - Lists of named objects (containers, env, volumes, volumeMounts): by name. Elements move
 *   (`move`, after a `test` of the name at the index it moves from), new ones are added at their
 *   place, and a kept element is diffed in place after a `test` of its name. Lists that share
 *   elements (`POOLS`: a sidecar moved from `containers` to `initContainers`) are one pool.
 *
 * `diffEnsuring` (what `patches` writes) adds an `ensure`: a strategic-merge patch body, applied
 * before the operations, that keeps what the base has where the before object had nothing. A
 * list of named elements the before object lacks is ensured empty (`initContainers: []`) and
 * filled element by element, so elements the base gains later stay after ours; an absent
 * `metadata.annotations` or `metadata.labels` map goes into the ensure with its keys, merged
 * into the base's map. List elements on the way are named by `name` (docs/decisions.md,
 * "Patches keep what the base gains").
 */
import { deepEqual } from '../yaml/sync.js';

export type Operation =
  { op: 'test' | 'add' | 'replace'; path: string; value: unknown } | { op: 'remove'; path: string } | { op: 'move'; from: string; path: string };

/** Keys of one object whose lists of named elements trade elements (a pod spec's containers). */
export const POOLS: readonly (readonly string[])[] = [['initContainers', 'containers']];

/** One reference token of a JSON pointer (RFC 6901: `~` is `~0`, `/` is `~1`). */
export function pointerToken(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function diff(before: unknown, after: unknown): Operation[] {
  const ctx: Ctx = { ops: [] };
  diffValue(before, after, '', ctx, undefined);
  return ctx.ops;
}

/**
 * One step of a path as the before object has it, for the strategic-merge patch: a key, or the
 * element of a list that has this `name`.
 */
type Step = string | { name: string };

export interface Ensuring {
  operations: Operation[];
  /**
   * The strategic-merge patch body to apply before the operations (no apiVersion, kind or name:
   * the renderer adds them), or undefined when there is nothing to ensure. Every list in it is a
   * list to merge by `name`; every map is merged key by key.
   */
  ensure: Obj | undefined;
}

/** diff, where a collection the before object lacks is ensured instead of added whole (the module's comment). */
export function diffEnsuring(before: unknown, after: unknown): Ensuring {
  const ctx: Ctx = { ops: [], ensure: {} };
  diffValue(before, after, '', ctx, []);
  return { operations: ctx.ops, ensure: Object.keys(ctx.ensure!).length > 0 ? ctx.ensure : undefined };
}

/** Where operations go, and the ensure body being built (absent: plain `diff`, every new collection added whole). */
interface Ctx {
  ops: Operation[];
  ensure?: Obj;
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The steps to a key below `steps`, or undefined where a strategic-merge patch cannot say it: a
 * key that starts with `$` is a directive to it (`$patch`, `$retainKeys`), so what lies below one
 * is added whole, as plain `diff` does.
 */
function child(steps: readonly Step[] | undefined, key: string): Step[] | undefined {
  return steps && !key.startsWith('$') ? [...steps, key] : undefined;
}

/** Map keys an ensured map may hold: a `$` key would be read as a directive. */
const plainKeys = (m: Obj) => Object.keys(m).every((k) => !k.startsWith('$'));
const stringMap = (v: unknown): v is Record<string, string> => isObject(v) && plainKeys(v) && Object.values(v).every((x) => typeof x === 'string');
/** The maps of an object's (or a pod template's) `metadata` that an ensure merges into the base's. */
const MERGED_MAPS = new Set(['annotations', 'labels']);

/**
 * Records, in the ensure body, the empty list (`[]`) or the map (merged with what is recorded)
 * at `steps`, creating the maps and named elements on the way.
 */
function ensureAt(root: Obj, steps: readonly Step[], leaf: unknown[] | Record<string, string>): void {
  let cur: Obj = root;
  steps.forEach((step, i) => {
    if (typeof step !== 'string') return;
    const next = steps[i + 1];
    if (next === undefined) {
      cur[step] = Array.isArray(leaf) ? [] : { ...(cur[step] as Obj | undefined), ...leaf };
      return;
    }
    if (typeof next === 'string') {
      cur = (cur[step] ??= {}) as Obj;
      return;
    }
    const list = (cur[step] ??= []) as Obj[];
    let element = list.find((e) => e.name === next.name);
    if (!element) list.push((element = { name: next.name }));
    cur = element;
  });
}

function diffValue(before: unknown, after: unknown, path: string, ctx: Ctx, steps: readonly Step[] | undefined): void {
  if (deepEqual(before, after)) return;
  if (isObject(before) && isObject(after)) return diffObject(before, after, path, ctx, steps);
  if (Array.isArray(before) && Array.isArray(after) && named(before) && named(after)) return diffPool({ '': before }, { '': after }, path, ctx, steps, true);
  ctx.ops.push({ op: 'test', path, value: before }, { op: 'replace', path, value: after });
}

function diffObject(before: Obj, after: Obj, path: string, ctx: Ctx, steps: readonly Step[] | undefined): void {
  const pooled = new Set<string>();
  for (const pool of POOLS) {
    const b: Record<string, unknown[]> = {};
    const a: Record<string, unknown[]> = {};
    const keys = pool.filter((k) => (Object.hasOwn(before, k) || Object.hasOwn(after, k)) && !deepEqual(before[k], after[k]));
    if (keys.length === 0) continue;
    const lists = pool.filter((k) => Object.hasOwn(before, k) || Object.hasOwn(after, k));
    const ok = lists.every((k) => {
      const [x, y] = [before[k] ?? [], after[k] ?? []];
      if (!Array.isArray(x) || !Array.isArray(y) || !named(x) || !named(y)) return false;
      b[k] = x;
      a[k] = y;
      return true;
    });
    if (!ok || !uniqueAcross(Object.values(b)) || !uniqueAcross(Object.values(a))) continue;
    const absent = lists.filter((k) => !Object.hasOwn(before, k));
    const dropped = lists.filter((k) => !Object.hasOwn(after, k));
    diffPool(b, a, path, ctx, steps, false, new Set(absent), new Set(dropped));
    lists.forEach((k) => pooled.add(k));
  }
  for (const key of Object.keys(before)) {
    if (pooled.has(key) || Object.hasOwn(after, key)) continue;
    const at = `${path}/${pointerToken(key)}`;
    ctx.ops.push({ op: 'test', path: at, value: before[key] }, { op: 'remove', path: at });
  }
  for (const [key, value] of Object.entries(after)) {
    if (pooled.has(key)) continue;
    const at = `${path}/${pointerToken(key)}`;
    if (Object.hasOwn(before, key)) diffValue(before[key], value, at, ctx, child(steps, key));
    else if (!ensured(key, value, path, ctx, steps)) ctx.ops.push({ op: 'add', path: at, value });
  }
}

/**
 * A key the before object lacks, ensured rather than added whole where the ensure can say it:
 * a list of named elements (ensured empty, then each element appended), an `annotations` or
 * `labels` map of a `metadata` (into the ensure with its keys), or a `metadata` that holds only
 * those. False where it cannot: the caller adds the value whole.
 */
function ensured(key: string, value: unknown, path: string, ctx: Ctx, steps: readonly Step[] | undefined): boolean {
  const here = ctx.ensure && child(steps, key);
  if (!here) return false;
  if (Array.isArray(value) && named(value)) {
    // Appended, as the filter appends to a list the base has (volumes, volumeMounts, env): a
    // gained element stays before ours.
    ensureAt(ctx.ensure!, here, []);
    for (const element of value) ctx.ops.push({ op: 'add', path: `${path}/${pointerToken(key)}/-`, value: element });
    return true;
  }
  const metadataMap = (k: string, v: unknown, under: readonly Step[]) => MERGED_MAPS.has(k) && under.at(-1) === 'metadata' && stringMap(v);
  if (metadataMap(key, value, steps!)) {
    ensureAt(ctx.ensure!, here, value as Record<string, string>);
    return true;
  }
  if (key === 'metadata' && isObject(value) && Object.keys(value).length > 0 && Object.entries(value).every(([k, v]) => metadataMap(k, v, here))) {
    for (const [k, v] of Object.entries(value)) ensureAt(ctx.ensure!, [...here, k], v as Record<string, string>);
    return true;
  }
  return false;
}

/** Every element an object with a string `name`, no name twice. */
function named(list: unknown[]): boolean {
  return list.every((e) => isObject(e) && typeof e.name === 'string') && uniqueAcross([list]);
}

function uniqueAcross(lists: unknown[][]): boolean {
  const names = lists.flat().map((e) => (e as Obj).name);
  return new Set(names).size === names.length;
}

/**
 * Lists of named elements (by key; `''` is a list at `path` itself), rebuilt in the order of
 * `after`: removals first, then each position filled by a move or an add, then each kept element
 * diffed where it now is. `cur` follows the list as the operations so far leave it, so every
 * index is the one kustomize will see. `absent`: keys the before object lacks; `dropped`: keys
 * the after object lacks (an emptied list goes with its key).
 */
function diffPool(
  before: Record<string, unknown[]>,
  after: Record<string, unknown[]>,
  path: string,
  ctx: Ctx,
  steps: readonly Step[] | undefined,
  bare: boolean,
  absent = new Set<string>(),
  dropped = new Set<string>(),
): void {
  const { ops } = ctx;
  const at = (key: string, i?: number) => `${path}${bare ? '' : `/${pointerToken(key)}`}${i === undefined ? '' : `/${i}`}`;
  // The steps to a list as the before object has it (the ensure is applied before every operation).
  const stepsTo = (key: string) => (bare ? steps : child(steps, key));
  const nameOf = (e: unknown) => (e as Obj).name as string;
  const cur: Record<string, string[]> = {};
  for (const key of Object.keys(before)) cur[key] = before[key]!.map(nameOf);
  const old = new Map(Object.values(before).flatMap((l) => l.map((e) => [nameOf(e), e] as const)));
  const oldKey = new Map(Object.entries(before).flatMap(([key, l]) => l.map((e) => [nameOf(e), key] as const)));
  const kept = new Set(Object.values(after).flatMap((l) => l.map(nameOf)));
  const testName = (key: string, i: number, name: string) => ops.push({ op: 'test', path: `${at(key, i)}/name`, value: name });
  // Removals, from the end so earlier indexes hold.
  for (const key of Object.keys(cur)) {
    for (let i = cur[key]!.length - 1; i >= 0; i--) {
      const name = cur[key]![i]!;
      if (kept.has(name)) continue;
      ops.push({ op: 'test', path: at(key, i), value: old.get(name) }, { op: 'remove', path: at(key, i) });
      cur[key]!.splice(i, 1);
    }
  }
  const find = (name: string) => {
    for (const [key, names] of Object.entries(cur)) {
      const i = names.indexOf(name);
      if (i >= 0) return { key, i };
    }
    return undefined;
  };
  for (const [key, list] of Object.entries(after)) {
    if (absent.has(key)) {
      // A new list: ensured (kept if the base has it by then), then filled below; without an
      // ensure, whole when all of it is new, else empty first, then filled below.
      const where = ctx.ensure && stepsTo(key);
      if (where) {
        ensureAt(ctx.ensure!, where, []);
        cur[key] = [];
      } else if (list.every((e) => !old.has(nameOf(e)))) {
        ops.push({ op: 'add', path: at(key), value: list });
        cur[key] = list.map(nameOf);
        continue;
      } else {
        ops.push({ op: 'add', path: at(key), value: [] });
        cur[key] = [];
      }
    }
    list.forEach((element, j) => {
      const name = nameOf(element);
      if (cur[key]![j] === name) return;
      const from = find(name);
      if (!from) {
        ops.push({ op: 'add', path: at(key, j), value: element });
        cur[key]!.splice(j, 0, name);
        return;
      }
      testName(from.key, from.i, name);
      ops.push({ op: 'move', from: at(from.key, from.i), path: at(key, j) });
      cur[from.key]!.splice(from.i, 1);
      cur[key]!.splice(j, 0, name);
    });
  }
  for (const key of dropped) {
    ops.push({ op: 'test', path: at(key), value: [] }, { op: 'remove', path: at(key) });
    delete cur[key];
  }
  for (const [key, list] of Object.entries(after)) {
    list.forEach((element, j) => {
      const name = nameOf(element);
      if (!old.has(name)) return;
      const inner: Ctx = { ...ctx, ops: [] };
      const from = stepsTo(oldKey.get(name)!);
      diffValue(old.get(name), element, at(key, j), inner, from && [...from, { name }]);
      if (inner.ops.length > 0) {
        testName(key, j, name);
        ops.push(...inner.ops);
      }
    });
  }
}
