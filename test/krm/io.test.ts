import { describe, expect, it } from 'vitest';
import { readResourceList, writeResourceList } from '../../src/krm/io.js';
import { FatalError } from '../../src/krm/types.js';

const RL = `apiVersion: config.kubernetes.io/v1
kind: ResourceList
items:
# head
- apiVersion: v1
  kind: Service   # svc
  metadata: {name: a}
  # tail of a
- apiVersion: apps/v1
  kind: Deployment
  metadata:
    name: b
functionConfig:
  data: {x: "1"}
results:
- message: old
  severity: info
`;

describe('readResourceList', () => {
  it('finds items as spans of the original text, dedented', () => {
    const rl = readResourceList(RL);
    expect(rl.items.map((i) => [i.kind, i.apiVersion, i.indent])).toEqual([
      ['Service', 'v1', 2],
      ['Deployment', 'apps/v1', 2],
    ]);
    expect(rl.items[1]!.text).toBe('apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: b\n');
    expect(rl.functionConfig).toEqual({ data: { x: '1' } });
  });

  it.each([
    ['', /no input/],
    ['   \n', /no input/],
    ['kind: ResourceList\nitems: [\n', /malformed YAML.*line \d+, column \d+|line \d+, column \d+: malformed/],
    ['- a\n- b\n', /expected a ResourceList/],
    ['kind: Deployment\n', /expected kind ResourceList/],
    ['kind: ResourceList\nitems: {a: 1}\n', /`items` must be a list/],
    ['kind: ResourceList\nitems:\n- just a string\n', /items\[0\] is not a Kubernetes object/],
    ['kind: ResourceList\nitems: []\nitems: []\n', /malformed YAML/],
  ])('refuses %j clearly', (input, message) => {
    expect(() => readResourceList(input)).toThrow(FatalError);
    expect(() => readResourceList(input)).toThrow(message);
  });

  it('accepts kind List and a missing items key', () => {
    expect(readResourceList('apiVersion: v1\nkind: List\nitems:\n- {kind: A}\n').items).toHaveLength(1);
    expect(readResourceList('kind: ResourceList\n').items).toEqual([]);
  });
});

describe('writeResourceList', () => {
  it('returns the input byte for byte without replacements (old results dropped)', () => {
    const rl = readResourceList(RL);
    expect(writeResourceList(rl, new Map(), [])).toBe(RL.slice(0, RL.indexOf('results:')));
  });

  it('splices a replacement at the item indent and keeps everything around it', () => {
    const rl = readResourceList(RL);
    const out = writeResourceList(rl, new Map([[1, 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: changed\n']]), [
      { message: 'm', severity: 'info' },
    ]);
    expect(out).toContain('  # tail of a\n- apiVersion: apps/v1\n  kind: Deployment\n  metadata:\n    name: changed\nfunctionConfig:');
    expect(out).toContain('kind: Service   # svc');
    expect(out.endsWith('results:\n- message: m\n  severity: info\n')).toBe(true);
  });

  it('answers JSON input in block YAML', () => {
    const rl = readResourceList('{"kind":"ResourceList","items":[{"kind":"A","metadata":{"name":"x"}}]}');
    expect(rl.flow).toBe(true);
    expect(writeResourceList(rl, new Map(), [])).toBe('kind: ResourceList\nitems:\n- kind: A\n  metadata:\n    name: x\n');
  });
});
