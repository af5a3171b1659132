/**
 * What audit reads (src/audit/input.ts): kubectl's JSON and YAML, Lists and streams, and bad
 * input refused with the input's name, the place and what to do; a stream past the limit is
 * refused while it is read, before it is all in memory.
 */
import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { firstJsonError, InputError, parseDump, readDump } from '../../src/audit/input.js';
import { DUMP_BYTES } from '../../src/audit/stream.js';
import { LIMITS } from '../../src/yaml/limits.js';
import { list, node } from '../helpers/live.js';

const b = (s: string) => Buffer.from(s);
const kinds = (s: string) => parseDump('dump', b(s)).map((o) => `${o.kind}/${String(o.metadata.name)}`);
const refused = (s: string | Buffer) => {
  try {
    parseDump('dump.json', typeof s === 'string' ? b(s) : s);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error('not refused');
};

describe('kubectl output in every form', () => {
  it('a List (what kubectl get a,b -o json prints), typed lists inside it, a single object', () => {
    const dump = JSON.stringify({
      ...list([node('n1', 'v1.30.0')]),
      items: [node('n1', 'v1.30.0'), { apiVersion: 'v1', kind: 'PodList', items: [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } }] }],
    });
    expect(kinds(dump)).toEqual(['Node/n1', 'Pod/p']);
    expect(kinds(JSON.stringify(node('n2', 'v1.31.0'), null, 2))).toEqual(['Node/n2']);
  });

  it('two JSON dumps one after the other', () => {
    expect(kinds(`${JSON.stringify(list([node('a', 'v1')]))}\n${JSON.stringify(node('b', 'v1'))}\n`)).toEqual(['Node/a', 'Node/b']);
  });

  it('-o yaml: a List, several documents; status and managedFields are kept aside, not refused', () => {
    const yaml = [
      'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: a\n    managedFields: [{manager: kubelet}]\n  spec: {containers: [{name: c}]}\n  status: {phase: Running}',
      'apiVersion: v1\nkind: Node\nmetadata: {name: n}\n',
    ].join('\n---\n');
    expect(kinds(yaml)).toEqual(['Pod/a', 'Node/n']);
  });
});

describe('bad input: the name, the place, the fix; never a stack trace', () => {
  it('a truncated JSON dump', () => {
    const text = JSON.stringify(list([node('n1', 'v1.30.0'), node('n2', 'v1.30.0')]), null, 2);
    const m = refused(text.slice(0, text.length - 40));
    expect(m).toMatch(/^dump\.json:\d+:\d+: the JSON ends \(byte \d+\) before its object is complete: a truncated dump/);
    expect(m).toContain('take the dump again: kubectl get pods,jobs,cronjobs');
  });

  it('JSON with a syntax error names the line and column', () => {
    expect(refused('{\n  "apiVersion": "v1",\n  "kind": "List",\n  "items": [}\n')).toMatch(/^dump\.json:4:\d+: not valid JSON/);
  });

  it('JSON that is not Kubernetes objects', () => {
    expect(refused('{"name": "x", "version": 2}')).toMatch(
      /^dump\.json:1:1: not Kubernetes objects \(an object without apiVersion and kind, with keys name, version\)/,
    );
    expect(refused('[1, 2]')).toMatch(/not Kubernetes objects \(found number\)/);
    expect(refused('{"apiVersion":"v1","kind":"List","items":[{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a"}}, {"x":1}]}')).toMatch(
      /items\[1\]: not Kubernetes objects/,
    );
  });

  it('JSON nested past the limit, and brackets that do not match', () => {
    expect(refused(`{"apiVersion":"v1","kind":"List","items":[${'['.repeat(5000)}`)).toMatch(/^dump\.json:1:\d+: nesting deeper than 200 levels/);
    expect(refused('{"apiVersion":"v1","kind":"List","items":[{"a":[1}]}')).toMatch(/^dump\.json:1:\d+: not valid JSON \(\} closes \[\)/);
  });

  it('YAML that is broken, empty input, invalid UTF-8', () => {
    expect(refused('apiVersion: v1\nkind: Pod\nmetadata: {name: [\n')).toMatch(/^dump\.json:\d+:\d+: malformed YAML/);
    expect(refused('  \n')).toMatch(/^dump\.json: empty/);
    expect(refused(Buffer.from([0x7b, 0xff, 0x7d]))).toMatch(/^dump\.json:1:1: invalid UTF-8/);
    expect(refused(Buffer.from([0x61, 0x3a, 0xff]))).toMatch(/^dump\.json: .*invalid UTF-8 \(byte 0xff at byte offset 2\)/);
  });

  /** `total` bytes on offer in 64 KiB chunks, each made only when it is read: `head` first, then `fill`. */
  function generated(total: number, head: string, fill: string) {
    const made = { bytes: 0 };
    const chunk = Buffer.from(fill.repeat(Math.ceil((64 << 10) / fill.length)));
    const stream = new Readable({
      read() {
        if (made.bytes >= total) return void this.push(null);
        const b = made.bytes === 0 ? Buffer.concat([Buffer.from(head), chunk]) : chunk;
        made.bytes += b.length;
        this.push(b);
      },
    });
    return { stream, made };
  }

  it('a YAML stream past its limit is refused once the limit is passed, without reading the rest', async () => {
    const { stream, made } = generated(64 << 20, 'apiVersion: v1\nkind: List\nitems:\n', '- {apiVersion: v1, kind: Pod, metadata: {name: p}}\n');
    await expect(readDump('<stdin>', stream, { yaml: 1 << 20 })).rejects.toThrow(
      /^<stdin>: more than 1048576 bytes \(1 MiB, the limit for one input\): audit a few namespaces at a time/,
    );
    expect(made.bytes).toBeLessThan(4 << 20);
  });

  it('a JSON stream is read item by item, and refused past its own limit without reading the rest', async () => {
    const pod = JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', managedFields: [{ manager: 'kubelet' }] }, spec: {} });
    const { stream, made } = generated(64 << 20, '{"apiVersion": "v1", "kind": "List", "items": [', `${pod},\n`);
    await expect(readDump('<stdin>', stream, { json: 2 << 20 })).rejects.toThrow(/^<stdin>: more than 2097152 bytes \(2 MiB, the limit for one JSON dump\)/);
    expect(made.bytes).toBeLessThan(4 << 20);
    expect(DUMP_BYTES).toBe(2 * 2 ** 30);
  });

  it('the same objects whatever the chunks: one byte, seven bytes, whole', async () => {
    const text = JSON.stringify(
      {
        apiVersion: 'v1',
        kind: 'List',
        metadata: { resourceVersion: '' },
        items: [node('a', 'v1'), { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'q "}]' } }, node('b', 'v2')],
      },
      null,
      4,
    );
    const whole = parseDump('d', b(text)).map((o) => JSON.stringify(o));
    for (const size of [1, 7, 4096]) {
      const parts = Array.from({ length: Math.ceil(text.length / size) }, (_, i) => Buffer.from(text.slice(i * size, (i + 1) * size)));
      expect((await readDump('d', Readable.from(parts))).map((o) => JSON.stringify(o))).toEqual(whole);
    }
    expect(whole).toHaveLength(3);
    expect(whole[0]).not.toContain('managedFields');
  });

  it('files that cannot be read, said with their code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-input-'));
    await expect(readDump('missing.json', createReadStream(join(dir, 'missing.json')))).rejects.toThrow(/^missing\.json: cannot read \(ENOENT\)/);
    await expect(readDump('dir', createReadStream(dir))).rejects.toThrow(/^dir: cannot read \(EISDIR\)/);
    writeFileSync(join(dir, 'ok.json'), JSON.stringify(node('n', 'v1.30.0')));
    expect((await readDump('ok.json', createReadStream(join(dir, 'ok.json')))).map((o) => o.kind)).toEqual(['Node']);
    expect(LIMITS.inputBytes).toBe(256 * 2 ** 20);
  });
});

describe('firstJsonError: where JSON.parse gave up, for the message', () => {
  it.each([
    ['{"a": [1, 2,]}', 12],
    ['{"a" 1}', 5],
    ['[tru]', 1],
    ['{"a": "x\u0001"}', 8],
    ['{"a": 1}', 8],
  ])('%s -> %i', (text, at) => expect(firstJsonError(text)).toBe(at));

  it('nesting of any depth without overflowing the stack', () => {
    expect(firstJsonError('['.repeat(200_000))).toBe(200_000);
  });
});
