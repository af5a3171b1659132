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
  const ops: Operation[] = [];
  diffValue(before, after, '', ops);
  return ops;
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function diffValue(before: unknown, after: unknown, path: string, ops: Operation[]): void {
  if (deepEqual(before, after)) return;
  if (isObject(before) && isObject(after)) return diffObject(before, after, path, ops);
  if (Array.isArray(before) && Array.isArray(after) && named(before) && named(after)) return diffPool({ '': before }, { '': after }, path, ops, true);
  ops.push({ op: 'test', path, value: before }, { op: 'replace', path, value: after });
}

function diffObject(before: Obj, after: Obj, path: string, ops: Operation[]): void {
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
    diffPool(b, a, path, ops, false, new Set(absent), new Set(dropped));
    lists.forEach((k) => pooled.add(k));
  }
  for (const key of Object.keys(before)) {
    if (pooled.has(key) || Object.hasOwn(after, key)) continue;
    const at = `${path}/${pointerToken(key)}`;
    ops.push({ op: 'test', path: at, value: before[key] }, { op: 'remove', path: at });
  }
  for (const [key, value] of Object.entries(after)) {
    if (pooled.has(key)) continue;
    const at = `${path}/${pointerToken(key)}`;
    if (!Object.hasOwn(before, key)) ops.push({ op: 'add', path: at, value });
    else diffValue(before[key], value, at, ops);
  }
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
  ops: Operation[],
  bare: boolean,
  absent = new Set<string>(),
  dropped = new Set<string>(),
): void {
  const at = (key: string, i?: number) => `${path}${bare ? '' : `/${pointerToken(key)}`}${i === undefined ? '' : `/${i}`}`;
  const nameOf = (e: unknown) => (e as Obj).name as string;
  const cur: Record<string, string[]> = {};
  for (const key of Object.keys(before)) cur[key] = before[key]!.map(nameOf);
  const old = new Map(Object.values(before).flatMap((l) => l.map((e) => [nameOf(e), e] as const)));
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
      // A new list: whole when all of it is new, else empty first, then filled below.
      if (list.every((e) => !old.has(nameOf(e)))) {
        ops.push({ op: 'add', path: at(key), value: list });
        cur[key] = list.map(nameOf);
        continue;
      }
      ops.push({ op: 'add', path: at(key), value: [] });
      cur[key] = [];
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
      const inner: Operation[] = [];
      diffValue(old.get(name), element, at(key, j), inner);
      if (inner.length > 0) {
        testName(key, j, name);
        ops.push(...inner);
      }
    });
  }
}
