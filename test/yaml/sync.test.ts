import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { deepEqual, syncDocument } from '../../src/yaml/sync.js';

function roundTrip(src: string, edit: (o: any) => void, pool = true): string {
  const doc = parseDocument(src);
  const obj = doc.toJS();
  edit(obj);
  const poolMap = new Map();
  if (pool) for (const n of (doc.get('list', true) as any)?.items ?? []) poolMap.set(n.get('name'), n);
  syncDocument(doc, obj, poolMap);
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false, indentSeq: false });
}

describe('syncDocument', () => {
  it('changes nothing when the value is equal', () => {
    const src = "a: 'quoted' # c\nb: {x: 1}\nlist:\n- name: one\n";
    expect(roundTrip(src, () => {})).toBe(src);
  });

  it('keeps key order and quoting of untouched keys, appends new keys', () => {
    const out = roundTrip('z: "1"\na: \'two\' # keep\n', (o) => (o.m = 3));
    expect(out).toBe('z: "1"\na: \'two\' # keep\nm: 3\n');
  });

  it('moves named list items with their comments', () => {
    const src = 'list:\n# first comment\n- name: one\n  v: 1\n# second comment\n- name: two # line\n  v: 2\n';
    const out = roundTrip(src, (o) => o.list.reverse());
    expect(out).toBe('list:\n# second comment\n- name: two # line\n  v: 2\n# first comment\n- name: one\n  v: 1\n');
  });

  it('takes a moved item from the pool when it comes from another list', () => {
    const src = 'list:\n- name: a # from list\n- name: b\nother: []\n';
    const doc = parseDocument(src);
    const obj = doc.toJS();
    obj.other = [obj.list.shift()];
    const pool = new Map((doc.get('list', true) as any).items.map((n: any) => [n.get('name'), n]));
    syncDocument(doc, obj, pool as any);
    expect(doc.toString({ indentSeq: false, flowCollectionPadding: false })).toBe('list:\n- name: b\nother:\n- name: a # from list\n');
  });

  it('writes multi-line strings as block literals and un-flows lists that get them', () => {
    const out = roundTrip('cmd: [sh, -c, x]\n', (o) => (o.cmd[2] = 'line1\nline2\n'));
    expect(out).toBe('cmd:\n- sh\n- -c\n- |\n  line1\n  line2\n');
  });

  it('deletes removed keys and list items', () => {
    expect(
      roundTrip('a: 1\nb: 2\nlist:\n- name: x\n- name: y\n', (o) => {
        delete o.a;
        o.list.pop();
      }),
    ).toBe('b: 2\nlist:\n- name: x\n');
  });
});

describe('deepEqual', () => {
  it('ignores key order and undefined values', () => {
    expect(deepEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1, d: undefined })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: '1' })).toBe(false);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
  });
});
