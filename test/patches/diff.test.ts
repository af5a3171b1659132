/**
 * The JSON 6902 operations of src/patches/diff.ts, applied by a small RFC 6902 applier written
 * here from the RFC (add, remove, replace, move, test; RFC 6901 pointers): applying diff(a, b) to
 * a gives b, on hand-made cases and on generated moves of named containers between
 * `initContainers` and `containers`; and every operation on a list element or a value is
 * preceded by a `test` of what it depends on, so a drifted base fails. Real kustomize applies
 * them in promise.test.ts and cli.test.ts. diffEnsuring's ensure is applied first by a strategic
 * merge written here as kustomize does it with our patches (maps key by key, lists by `name`):
 * on the before object the two give the after object, and on a base that gained elements and
 * annotations since, those stay (real kustomize: gained.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diff, diffEnsuring, pointerToken, type Operation } from '../../src/patches/diff.js';

type Json = unknown;

function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** RFC 6902 on a deep copy; throws on a failed test or a missing path, as evanphx/json-patch does. */
function apply(doc: Json, ops: readonly Operation[]): Json {
  let root = structuredClone(doc);
  const parent = (pointer: string): [Record<string, Json> | Json[], string] => {
    const t = tokens(pointer);
    let cur: Json = root;
    for (const k of t.slice(0, -1)) {
      if (cur === null || typeof cur !== 'object' || !(k in (cur as object))) throw new Error(`missing ${pointer}`);
      cur = (cur as Record<string, Json>)[k];
    }
    return [cur as Record<string, Json>, t.at(-1)!];
  };
  const get = (pointer: string): Json => {
    let cur: Json = root;
    for (const k of tokens(pointer)) {
      if (cur === null || typeof cur !== 'object' || !(k in (cur as object))) throw new Error(`missing ${pointer}`);
      cur = (cur as Record<string, Json>)[k];
    }
    return cur;
  };
  const remove = (pointer: string): Json => {
    const [p, k] = parent(pointer);
    const v = get(pointer);
    if (Array.isArray(p)) p.splice(Number(k), 1);
    else delete p[k];
    return v;
  };
  const add = (pointer: string, value: Json) => {
    if (pointer === '') return void (root = value);
    const [p, k] = parent(pointer);
    if (Array.isArray(p)) {
      const i = k === '-' ? p.length : Number(k);
      if (i > p.length) throw new Error(`index ${pointer}`);
      p.splice(i, 0, value);
    } else p[k] = value;
  };
  for (const op of ops) {
    if (op.op === 'test') {
      if (JSON.stringify(get(op.path)) !== JSON.stringify(op.value)) throw new Error(`test failed at ${op.path}`);
    } else if (op.op === 'add') add(op.path, structuredClone(op.value));
    else if (op.op === 'remove') remove(op.path);
    else if (op.op === 'replace') {
      get(op.path);
      remove(op.path);
      add(op.path, structuredClone(op.value));
    } else if (op.op === 'move') add(op.path, remove(op.from));
  }
  return root;
}

type Obj = Record<string, Json>;
const isObj = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The ensure as kustomize applies it (kyaml's merge, every list merged by name): a deep copy of `doc` with it merged in. */
function merge(doc: Json, patch: Json): Json {
  if (isObj(doc) && isObj(patch)) {
    const out: Obj = { ...doc };
    for (const [k, v] of Object.entries(patch)) out[k] = k in doc ? merge(doc[k], v) : structuredClone(v);
    return out;
  }
  if (Array.isArray(doc) && Array.isArray(patch)) {
    const out = doc.map((e) => structuredClone(e));
    for (const p of patch as Obj[]) {
      const i = out.findIndex((e) => isObj(e) && e.name === p.name);
      if (i >= 0) out[i] = merge(out[i], p);
      else out.unshift(structuredClone(p));
    }
    return out;
  }
  return structuredClone(patch);
}

const applyEnsuring = (doc: Json, d: { operations: Operation[]; ensure: Obj | undefined }) => apply(d.ensure ? merge(doc, d.ensure) : doc, d.operations);

const pod = (spec: Record<string, Json>) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec });
const c = (name: string, extra: Record<string, Json> = {}) => ({ name, image: `${name}:1`, ...extra });

/**
 * Two pods whose named containers move between initContainers and containers at random, with
 * args and (with `env`) env that change: for the properties below. `sparseEnv`: env on every
 * other container only, so some containers gain or lose a list.
 */
function podPairs(sparseEnv: boolean) {
  const names = ['a', 'b', 'c', 'd', 'e', 'f'];
  const layout = fc.tuple(
    fc.shuffledSubarray(names, { minLength: 1 }),
    fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
    fc.array(fc.nat(9), { minLength: 6, maxLength: 6 }),
  );
  const build = ([ns, init, v]: [string[], boolean[], number[]], env: boolean) => {
    const spec: Record<string, Json> = {};
    const value = (n: string) => v[names.indexOf(n)]!;
    const withEnv = (n: string) => env && (!sparseEnv || value(n) % 2 === 1);
    const initC = ns.filter((_, i) => init[i]).map((n) => c(n, { args: [String(value(n))] }));
    const cont = ns.filter((_, i) => !init[i]).map((n) => c(n, withEnv(n) ? { env: [{ name: 'X', value: String(value(n)) }] } : {}));
    if (initC.length) spec.initContainers = initC;
    spec.containers = cont.length ? cont : [c('main')];
    return pod(spec);
  };
  return fc.tuple(layout, layout, fc.boolean()).map(([x, y, env]) => [build(x, env), build(y, env)] as const);
}

describe('diff', () => {
  it('escapes ~ and / in keys (RFC 6901)', () => {
    expect(pointerToken('a/b~c')).toBe('a~1b~0c');
    const a = { metadata: { name: 'x', annotations: { keep: '1' } } };
    const b = { metadata: { name: 'x', annotations: { keep: '1', 'sidecar.istio.io/x~y': 'true' } } };
    const ops = diff(a, b);
    expect(ops).toEqual([{ op: 'add', path: '/metadata/annotations/sidecar.istio.io~1x~0y', value: 'true' }]);
    expect(apply(a, ops)).toEqual(b);
  });

  it('tests a value before replacing or removing it', () => {
    const a = pod({ containers: [c('app', { command: ['run'], tty: true })] });
    const b = pod({ containers: [c('app', { command: ['sh', '-c', 'run'] })] });
    const ops = diff(a, b);
    expect(ops).toEqual([
      { op: 'test', path: '/spec/containers/0/name', value: 'app' },
      { op: 'test', path: '/spec/containers/0/tty', value: true },
      { op: 'remove', path: '/spec/containers/0/tty' },
      { op: 'test', path: '/spec/containers/0/command', value: ['run'] },
      { op: 'replace', path: '/spec/containers/0/command', value: ['sh', '-c', 'run'] },
    ]);
    expect(apply(a, ops)).toEqual(b);
    // A base whose command changed since: the patch fails instead of replacing it.
    const drifted = pod({ containers: [c('app', { command: ['run', '--fast'], tty: true })] });
    expect(() => apply(drifted, ops)).toThrow('test failed at /spec/containers/0/command');
  });

  it('moves a sidecar first and into initContainers, adds new containers, and fails on a reordered base', () => {
    const a = pod({ containers: [c('app'), c('proxy'), c('log')] });
    const b = pod({ initContainers: [c('tools'), c('proxy', { restartPolicy: 'Always' })], containers: [c('log'), c('app')] });
    const ops = diff(a, b);
    expect(apply(a, ops)).toEqual(b);
    expect(ops.filter((o) => o.op === 'move').length).toBe(2);
    expect(() => apply(pod({ containers: [c('proxy'), c('app'), c('log')] }), ops)).toThrow(/test failed/);
  });

  it('an emptied list goes with its key; a list of unnamed elements is replaced whole after a test', () => {
    const a = pod({ initContainers: [c('proxy')], containers: [c('app')], volumes: [{ emptyDir: {} }] });
    const b = pod({ containers: [c('proxy'), c('app')], volumes: [{ emptyDir: {} }, { emptyDir: { medium: 'Memory' } }] });
    const ops = diff(a, b);
    expect(apply(a, ops)).toEqual(b);
    expect(ops).toContainEqual({ op: 'test', path: '/spec/volumes', value: [{ emptyDir: {} }] });
  });

  it('applying diff(a, b) to a gives b for any moves of named containers between the lists', () => {
    fc.assert(
      fc.property(podPairs(false), ([a, b]) => {
        expect(apply(a, diff(a, b))).toEqual(b);
      }),
      { numRuns: 300 },
    );
  });

  it('diffEnsuring ensures a list the before object lacks and fills it element by element; diff adds it whole', () => {
    const a = pod({ containers: [c('app'), c('proxy')] });
    const b = pod({
      initContainers: [c('tools'), c('proxy')],
      containers: [c('app', { volumeMounts: [{ name: 'v', mountPath: '/v' }] })],
      volumes: [{ name: 'v' }],
    });
    expect(diff(a, b)).toContainEqual({ op: 'add', path: '/spec/initContainers', value: [] });
    const d = diffEnsuring(a, b);
    expect(d.ensure).toEqual({ spec: { initContainers: [], containers: [{ name: 'app', volumeMounts: [] }], volumes: [] } });
    expect(d.operations.filter((o) => o.op === 'add').map((o) => o.path)).toEqual([
      '/spec/initContainers/0',
      '/spec/containers/0/volumeMounts/-',
      '/spec/volumes/-',
    ]);
    expect(applyEnsuring(a, d)).toEqual(b);
    // The base gained an init container, a mount and a volume since: all kept, ours in place.
    const gained = pod({
      initContainers: [c('migrate')],
      containers: [c('app', { volumeMounts: [{ name: 'g', mountPath: '/g' }] }), c('proxy')],
      volumes: [{ name: 'g' }],
    });
    expect(applyEnsuring(gained, d)).toEqual(
      pod({
        initContainers: [c('tools'), c('proxy'), c('migrate')],
        containers: [
          c('app', {
            volumeMounts: [
              { name: 'g', mountPath: '/g' },
              { name: 'v', mountPath: '/v' },
            ],
          }),
        ],
        volumes: [{ name: 'g' }, { name: 'v' }],
      }),
    );
  });

  it('diffEnsuring merges an absent annotations or labels map (and a metadata of only those) into the base instead of adding it', () => {
    const a = { metadata: { name: 'x' }, spec: { template: { spec: { containers: [c('app')] } } } };
    const b = {
      metadata: { name: 'x', labels: { l: '1' } },
      spec: { template: { metadata: { annotations: { 'a/b': 'c' } }, spec: { containers: [c('app')] } } },
    };
    const d = diffEnsuring(a, b);
    expect(d).toEqual({ operations: [], ensure: { metadata: { labels: { l: '1' } }, spec: { template: { metadata: { annotations: { 'a/b': 'c' } } } } } });
    expect(applyEnsuring(a, d)).toEqual(b);
    // A map that is not a metadata's, or one with a `$` key (a directive to a strategic merge), is added whole.
    const e = diffEnsuring({ spec: {} }, { spec: { annotations: { a: '1' } }, metadata: { annotations: { $patch: 'x' } } });
    expect(e.ensure).toBeUndefined();
    expect(e.operations.map((o) => o.op)).toEqual(['add', 'add']);
  });

  it('diffEnsuring: ensure then operations on a gives b for any moves of named containers between the lists', () => {
    fc.assert(
      fc.property(podPairs(true), ([a, b]) => {
        expect(applyEnsuring(a, diffEnsuring(a, b))).toEqual(b);
      }),
      { numRuns: 300 },
    );
  });
});
