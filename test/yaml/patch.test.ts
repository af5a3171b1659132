/**
 * Changed items are written as text edits (src/yaml/patch.ts), with the yaml Document path as the
 * fallback. The two must agree: same results, and items whose texts differ only in layout that
 * the Document path re-prints (yaml normalises both to the same text). On input already in
 * yaml's layout they must be byte-identical.
 */
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { generate } from '../../bench/gen.mjs';
import { fastParse, type Spans } from '../../src/yaml/fastparse.js';
import { readResourceList } from '../../src/krm/io.js';
import { patchItem } from '../../src/yaml/patch.js';
import { compactSequences, writePath } from '../../src/process.js';
import { runFilter, type FilterOutcome } from '../../src/run.js';
import { cases, fcParams, renderList } from '../helpers/arbitraries.js';
import { fixtureSources } from '../helpers/golden.js';
import { lineDiff } from '../helpers/linediff.js';
import { restyle } from '../helpers/restyle.js';

function bothPaths(input: string): { text: FilterOutcome; doc: FilterOutcome; patched: number; declined: number } {
  const { patched, declined } = writePath;
  try {
    writePath.textEdits = false;
    const doc = runFilter(input);
    writePath.textEdits = true;
    const text = runFilter(input);
    return { text, doc, patched: writePath.patched - patched, declined: writePath.declined - declined };
  } finally {
    writePath.textEdits = true;
  }
}

const normalize = (t: string, indentSeq: boolean) => parseDocument(t).toString({ lineWidth: 0, flowCollectionPadding: false, indentSeq });

/** Whether yaml writes this item exactly as it is written. */
const inYamlLayout = (t: string) => normalize(t, !compactSequences(t)) === t + '\n';

/** Returns how many changed items differ in bytes (layout kept by the text path). */
function expectAgree(input: string, text: FilterOutcome, doc: FilterOutcome): number {
  expect(text.exitCode).toBe(doc.exitCode);
  expect(text.stderr).toEqual(doc.stderr);
  if (text.stdout === doc.stdout) return 0;
  const a = readResourceList(text.stdout).items;
  const b = readResourceList(doc.stdout).items;
  const orig = readResourceList(input).items;
  expect(a.length).toBe(b.length);
  let differ = 0;
  for (const [i, item] of a.entries()) {
    if (item.text === b[i]!.text) continue;
    differ++;
    const source = orig[i]!.text;
    expect(inYamlLayout(source), `item ${i} is in yaml's layout: the paths must agree byte for byte`).toBe(false);
    const indentSeq = !compactSequences(source);
    expect(normalize(item.text, indentSeq), `item ${i}`).toBe(normalize(b[i]!.text, indentSeq));
  }
  expect(text.stdout.replace(/^results:[^]*/m, '')).not.toBe('');
  expect(text.results).toEqual(doc.results);
  return differ;
}

describe('text edits agree with the Document path', () => {
  it('on every golden input and output', () => {
    let patched = 0;
    let declined = 0;
    for (const { key, source } of fixtureSources()) {
      const r = bothPaths(source);
      patched += r.patched;
      declined += r.declined;
      try {
        expectAgree(source, r.text, r.doc);
      } catch (e) {
        throw new Error(`${key}: ${(e as Error).message}`);
      }
    }
    console.log(`fixtures: ${patched} items patched, ${declined} declined`);
    expect(patched).toBeGreaterThan(100);
    expect(declined).toBeLessThan(patched / 10);
  });

  it('on the golden inputs in other layouts', () => {
    const inputs = fixtureSources().filter(
      (f) => f.key.endsWith('input.yaml') && !f.source.trimStart().startsWith('{') && parseDocument(f.source).errors.length === 0,
    );
    let patched = 0;
    let declined = 0;
    fc.assert(
      fc.property(fc.nat(inputs.length - 1), fc.integer(), fc.constantFrom(2, 4), fc.boolean(), (i, seed, indent, indentSeq) => {
        const input = restyle(inputs[i]!.source, seed, indent, indentSeq);
        expect(parseDocument(input).toJS(), 'the restyler keeps every value').toEqual(parseDocument(inputs[i]!.source).toJS());
        const r = bothPaths(input);
        patched += r.patched;
        declined += r.declined;
        expectAgree(input, r.text, r.doc);
      }),
      fcParams(150),
    );
    console.log(`restyled fixtures: ${patched} items patched, ${declined} declined`);
    expect(patched).toBeGreaterThan(200);
  });

  it('on the benchmark inputs', () => {
    for (const seed of [1, 2, 3]) {
      const input = generate(60, { seed });
      const r = bothPaths(input);
      expectAgree(input, r.text, r.doc);
      expect(r.declined).toBe(0);
      expect(r.patched).toBeGreaterThan(10);
    }
  });

  it('on generated lists in every style', () => {
    let patched = 0;
    let declined = 0;
    fc.assert(
      fc.property(cases, (c) => {
        const input = renderList(c);
        const r = bothPaths(input);
        patched += r.patched;
        declined += r.declined;
        expectAgree(input, r.text, r.doc);
      }),
      fcParams(100),
    );
    console.log(`generated: ${patched} items patched, ${declined} declined`);
    // 100 generated lists through both write paths (POD_SEQUENCER_FC_RUNS=1000 for a deeper run): about 10 s alone.
  }, 180_000);
});

/** A ResourceList holding `item` (a standalone YAML text), and the item's text again after a run. */
// Classic sidecars (kubernetesVersion 1.28): these cases check the text edits of a moved container.
const listOf = (item: string) =>
  'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n' +
  item.replace(/\n+$/, '').replace(/^/gm, '  ').replace(/^ {2}/, '- ') +
  '\n' +
  'functionConfig: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {kubernetesVersion: "1.28"}}\n';
const itemOut = (o: FilterOutcome) => {
  expect(o.exitCode).toBe(0);
  return readResourceList(o.stdout).items[0]!.text.trimEnd();
};

describe('Helm-rendered layout (issue 16)', () => {
  // Helm's toYaml: `annotations:` then `{}` on the next line, lists indented under their key, `env:` empty.
  const helm = [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: x',
    '  annotations:',
    '    {}',
    'spec:',
    '  template:',
    '    spec:',
    '      containers:',
    '        - name: app',
    '          image: a',
    '        - name: istio-proxy',
    '          image: auto',
    '          env:',
    '',
  ].join('\n');
  const hook = [
    '          lifecycle:',
    '            postStart:',
    '              exec:',
    '                command:',
    '                  - pilot-agent',
    '                  - wait',
    '                  - --timeoutSeconds=120',
  ];
  const moved = ['        - name: app', '          image: a'];

  it('changes only the lines of the change: the proxy first, its hook', () => {
    const r = bothPaths(listOf(helm));
    expect(r.patched).toBe(1);
    expect(r.declined).toBe(0);
    const before = readResourceList(listOf(helm)).items[0]!.text.trimEnd();
    expect(lineDiff(before, itemOut(r.text))).toEqual([
      { removed: moved, added: [] },
      { removed: [], added: [...hook, ...moved] },
    ]);
    // yaml's printer writes a flow collection beside its key: the one line the Document path cannot keep.
    expect(lineDiff(before, itemOut(r.doc))).toEqual([
      { removed: ['  annotations:', '    {}'], added: ['  annotations: {}'] },
      { removed: moved, added: [] },
      { removed: [], added: [...hook, ...moved] },
    ]);
  });

  it('keeps an alias whose value did not change, and the indent width, on both paths', () => {
    const item = [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '    name: &n x',
      'spec:',
      '    template:',
      '        spec:',
      '            containers:',
      '                - name: app',
      '                  image: a',
      '                - name: istio-proxy',
      '                  image: auto',
      '                  args:',
      '                      - *n',
      '',
    ].join('\n');
    const r = bothPaths(listOf(item));
    expect(r.patched).toBe(1); // fastParse reads an anchor and an alias on scalars: the text edits keep them
    const before = readResourceList(listOf(item)).items[0]!.text.trimEnd();
    const at = (lines: string[]) => lines.map((l) => l.replace(/^ {8}/, '                '));
    const hookAt = (width: number) =>
      ['lifecycle:', 'postStart:', 'exec:', 'command:', '- pilot-agent', '- wait', '- --timeoutSeconds=120'].map(
        (l, i) => '                  ' + ' '.repeat(width * Math.min(i, 4)) + l,
      );
    const changes = (width: number) => [
      { removed: at(moved), added: [] },
      { removed: [], added: [...hookAt(width), ...at(moved)] },
    ];
    // The Document path writes new nodes at the item's indent width; the text edits at yaml's
    // default width, 2 (docs/decisions.md, "Layout of changed documents"). Both keep the alias.
    expect(lineDiff(before, itemOut(r.doc))).toEqual(changes(4));
    expect(lineDiff(before, itemOut(r.text))).toEqual(changes(2));
  });

  it('writes an alias out when its anchor now comes after it', () => {
    const item = helm
      .replace('          env:\n', '          env:\n            - name: B\n              value: *v\n')
      .replace('          image: a\n', '          image: a\n          env:\n            - name: A\n              value: &v one\n');
    const out = itemOut(bothPaths(listOf(item)).text);
    expect(out.indexOf('name: istio-proxy')).toBeLessThan(out.indexOf('name: app'));
    expect(out).not.toContain('*v');
    const value = parseDocument(out).toJS() as { spec: { template: { spec: { containers: { env: { value: string }[] }[] } } } };
    expect(value.spec.template.spec.containers.map((c) => c.env[0]!.value)).toEqual(['one', 'one']);
  });
});

describe('patchItem: a flow collection alone below its key', () => {
  const patch = (text: string, after: Record<string, unknown>) => {
    const spans: Spans = new Map();
    const before = fastParse(text, 0, spans)!.value as Record<string, unknown>;
    return patchItem({ text, spans, before, after, poolPaths: [], indentSeq: true });
  };

  it('is copied byte for byte when unchanged', () => {
    expect(patch('a:\n    {}\nb:\n  -\n    [x, y]\nc: 1\n', { a: {}, b: [['x', 'y']], c: 2 })).toBe('a:\n    {}\nb:\n  -\n    [x, y]\nc: 2\n');
  });

  it('keeps its line when a list changes, and its items that stay', () => {
    expect(patch('a:\n  [x, "y"]  # c\nb: 1\n', { a: ['x', 'y', 'z'], b: 1 })).toBe('a:\n  [x, "y", z]  # c\nb: 1\n');
  });

  it('is written beside its key, as yaml writes it, when it must be written anew', () => {
    expect(patch('a:\n  []\n', { a: 'x' })).toBe('a: x\n');
    expect(patch('a:\n  {}\n', { a: { k: 'v' } })).toBeUndefined(); // a flow map's new entries: yaml's to style
  });
});

describe('patchItem: a flow collection over several lines (issue 39)', () => {
  const patch = (text: string, after: Record<string, unknown>) => {
    const spans: Spans = new Map();
    const parsed = fastParse(text, 0, spans);
    expect(parsed, 'fastParse reads it').toBeDefined();
    return patchItem({ text, spans, before: parsed!.value as Record<string, unknown>, after, poolPaths: [], indentSeq: true });
  };
  const text = 'command: ["/x", "--a",\n  "--b"]  # c\nimage: nginx\n';

  it('is copied byte for byte while it stays, whatever else changes', () => {
    expect(patch(text, { command: ['/x', '--a', '--b'], image: 'nginx:1' })).toBe(text.replace('nginx', 'nginx:1'));
  });

  it('changed, is left to the Document path', () => {
    expect(patch(text, { command: ['/x', '--a'], image: 'nginx' })).toBeUndefined();
  });

  it('a plain scalar over several lines: copied while it stays, left to the Document path when it changes', () => {
    const folded = 'description: a long\n  description here\nimage: nginx\n';
    expect(patch(folded, { description: 'a long description here', image: 'nginx:1' })).toBe(folded.replace('nginx', 'nginx:1'));
    expect(patch(folded, { description: 'short', image: 'nginx' })).toBeUndefined();
  });

  it('a quoted scalar over several lines: copied while it stays, left to the Document path when it changes', () => {
    const folded = 'note: "a long\n  note, \\"quoted\\""\nother: \'two\n  lines\'\nimage: nginx\n';
    expect(patch(folded, { note: 'a long note, "quoted"', other: 'two lines', image: 'nginx:1' })).toBe(folded.replace('nginx', 'nginx:1'));
    expect(patch(folded, { note: 'short', other: 'two lines', image: 'nginx' })).toBeUndefined();
  });

  it('a changed Deployment with one keeps every line but the change (fix, mesh.istio at 1.30)', () => {
    const deployment = [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: web',
      'spec:',
      '  template:',
      '    metadata:',
      '      labels:',
      '        app: web',
      '    spec:',
      '      containers:',
      '        - name: web',
      '          image: nginx',
      '          command: ["/x", "--a",',
      '            "--b"]',
      '          env:',
      '            - name: X',
      '              value: "line one',
      '                line two"',
      '',
    ].join('\n');
    const list = `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${deployment.replace(/^(?=.)/gm, '  ').replace(/^ {2}apiVersion: apps/m, '- apiVersion: apps')}functionConfig:\n  apiVersion: fn.pod-sequencer.dev/v1alpha1\n  kind: PodSequence\n  metadata: {name: c}\n  spec: {kubernetesVersion: "1.30", mesh: {istio: {}}}\n`;
    const { text: out, patched } = bothPaths(list);
    expect(patched).toBe(1);
    expect(out.stdout).toContain('          command: ["/x", "--a",\n              "--b"]\n');
    expect(out.stdout).toContain('                value: "line one\n                  line two"\n');
    expect(out.stdout).toContain('sidecar.istio.io/nativeSidecar: "true"');
  });
});

describe('patchItem: a list item whose map starts below a `- # comment` (issue 16)', () => {
  // yaml and kpt write a comment above a list item's first key on the dash's line.
  const item = [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: x',
    'spec:',
    '  template:',
    '    spec:',
    '      containers:',
    '      - # the app',
    '        name: app',
    '        image: a',
    '      - # injected by hand',
    '        name: istio-proxy',
    '        image: docker.io/istio/proxyv2:1.24.2',
    '',
  ].join('\n');

  it('is written as text edits, the comment kept on the dash line, agreeing with the Document path', () => {
    const r = bothPaths(listOf(item));
    expect(r.patched).toBe(1);
    expect(r.declined).toBe(0);
    expectAgree(listOf(item), r.text, r.doc);
    const out = itemOut(r.text);
    expect(out).toContain('      - # injected by hand\n        name: istio-proxy\n');
    expect(out.indexOf('name: istio-proxy')).toBeLessThan(out.indexOf('name: app'));
    expect(out).toContain('      - # the app\n        name: app\n        image: a');
  });

  const patch = (text: string, after: Record<string, unknown>) => {
    const spans: Spans = new Map();
    const before = fastParse(text, 0, spans)!.value as Record<string, unknown>;
    return patchItem({ text, spans, before, after, poolPaths: [], indentSeq: false });
  };

  it('keeps the comment on the dash line while the same key stays first, else declines', () => {
    const text = 'a:\n- # c\n  name: x\n  b: 1\n';
    expect(patch(text, { a: [{ name: 'x', b: 2 }] })).toBe('a:\n- # c\n  name: x\n  b: 2\n');
    expect(patch(text, { a: [{ name: 'x', b: 1, c: 3 }] })).toBe('a:\n- # c\n  name: x\n  b: 1\n  c: 3\n');
    // yaml keeps the comment on `name`: a new first key would put it elsewhere.
    expect(patch(text, { a: [{ z: 0, name: 'x', b: 2 }] })).toBeUndefined();
    expect(patch(text, { a: [{ b: 2, name: 'x' }] })).toBeUndefined();
  });
});
