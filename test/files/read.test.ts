/** Plain files: finding them, splitting documents with exact spans, splicing back, locating fields. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/resolve.js';

// Classic sidecars: the cases were written for the classic form (a moved sidecar, a postStart wait).
const classic = { ...defaultConfig(), kubernetesVersion: '1.28' };
import { collectFiles, locate, locateByYaml, PathError, readManifest, splice, type Note } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { ROOT } from '../helpers/cli.js';

const deployment = (name: string, containers: string) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\nspec:\n  template:\n    spec:\n      containers:\n${containers}`;
const istioLast = deployment('web', '      - name: web # the app\n        image: "web:1"\n      - name: istio-proxy\n        image: istio/proxyv2:1.24\n');

describe('readManifest', () => {
  it('keeps only Kubernetes objects, with their document index and exact span', () => {
    const src = `# leading comment\n${istioLast}---\n# a values file, not an object\nreplicas: 3\n---\n---\napiVersion: v1\nkind: Service\nmetadata: {name: web}\n...\n`;
    const notes: Note[] = [];
    const f = readManifest('x.yaml', notes, src);
    expect(notes).toEqual([]);
    expect(f.docs.map((d) => [d.index, d.kind])).toEqual([
      [0, 'Deployment'],
      [3, 'Service'],
    ]);
    expect(src.slice(f.docs[0]!.start, f.docs[0]!.end)).toBe(istioLast);
    expect(f.docs[1]!.text).toBe('apiVersion: v1\nkind: Service\nmetadata: {name: web}\n');
  });

  it('notes a document it cannot parse (a Helm template) and keeps the others', () => {
    const src = `${istioLast}---\n{{- if .Values.enabled }}\napiVersion: v1\nkind: ConfigMap\n  bad: [\n{{- end }}\n`;
    const notes: Note[] = [];
    const f = readManifest('chart.yaml', notes, src);
    expect(f.docs.map((d) => d.kind)).toEqual(['Deployment']);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ path: 'chart.yaml', line: expect.any(Number) });
    expect(notes[0]!.message).toMatch(/^skipped document 2: not valid YAML \(a Helm or other template\)/);
  });

  it('skips a template that happens to parse: unquoted {{ }} is a map keyed by a map', () => {
    const src = deployment(
      '{{ .Release.Name }}',
      '      - name: app\n        image: "{{ .Values.image }}"\n      - name: istio-proxy\n        image: istio/proxyv2\n',
    );
    const notes: Note[] = [];
    expect(readManifest('t.yaml', notes, src).docs).toEqual([]);
    expect(notes).toEqual([{ path: 't.yaml', line: 1, col: 1, message: 'skipped document 1: it holds unquoted {{ }} (a Helm or other template)' }]);
  });

  it('refuses a document that is not valid YAML and not a template, naming file, line and column', () => {
    const dup = `${istioLast}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  name: d\n`;
    expect(() => readManifest('two.yaml', [], dup)).toThrow(PathError);
    expect(() => readManifest('two.yaml', [], dup)).toThrow(/^two\.yaml:18:3: malformed YAML in document 2: Map keys must be unique/);
    // A `{{` in a comment does not make a template.
    const bad = `apiVersion: v1\nkind: ConfigMap # {{ not a template }}\ndata:\n  a: [1\n`;
    expect(() => readManifest('bad.yaml', [], bad)).toThrow(/^bad\.yaml:\d+:\d+: malformed YAML in document 1: /);
  });

  it('reads a directive, flow-style documents and a document on its marker line', () => {
    const src = `%YAML 1.2\n---\n{apiVersion: v1, kind: ConfigMap, metadata: {name: a}}\n--- {apiVersion: v1, kind: Service, metadata: {name: b}}\n`;
    const notes: Note[] = [];
    const f = readManifest('x.yaml', notes, src);
    expect(notes).toEqual([]);
    // The directive opens the first document; it is not one.
    expect(f.docs.map((d) => [d.index, d.kind])).toEqual([
      [0, 'ConfigMap'],
      [1, 'Service'],
    ]);
  });

  it('reads LF; CRLF only when every line ends so (one rule with the filter, src/yaml/text.ts)', () => {
    expect(readManifest('x.yaml', [], istioLast.replace(/\n/g, '\r\n'))).toMatchObject({ crlf: true, source: istioLast });
    const mixed = istioLast.replace('\n', '\r\n');
    expect(readManifest('x.yaml', [], mixed)).toMatchObject({ crlf: false, source: istioLast });
  });

  it('notes a file with no Kubernetes object at all', () => {
    const notes: Note[] = [];
    readManifest('.pre-commit-config.yaml', notes, 'repos: []\n');
    expect(notes).toEqual([{ path: '.pre-commit-config.yaml', message: 'skipped: no Kubernetes objects (apiVersion and kind) in this file' }]);
  });
});

describe('splice', () => {
  const fixOne = (src: string) => {
    const f = readManifest('x.yaml', [], src);
    return runFiles([f], classic).files[0]!.output;
  };

  it('rewrites only the changed document; separators, comments and other documents stay byte-identical', () => {
    const other = '# untouched\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}   # odd spacing\ndata: {a: "1"}\n';
    const src = `%YAML 1.2\n---\n${other}--- # web\n${istioLast}...\n---\n${other}`;
    const out = fixOne(src)!;
    expect(out.startsWith(`%YAML 1.2\n---\n${other}--- # web\n`)).toBe(true);
    expect(out.endsWith(`...\n---\n${other}`)).toBe(true);
    expect(out.indexOf('name: istio-proxy')).toBeLessThan(out.indexOf('name: web # the app'));
    expect(out).toContain('image: "web:1"');
    expect(fixOne(out)).toBeUndefined(); // idempotent
  });

  it('keeps CRLF line endings and a missing final newline', () => {
    const src = istioLast.replace(/\n$/, '').replace(/\n/g, '\r\n');
    const out = fixOne(src)!;
    expect(out).not.toMatch(/[^\r]\n/);
    expect(out.endsWith('\n')).toBe(false);
    expect(fixOne(out)).toBeUndefined();
  });

  it('flow-style documents: the changed one keeps its style, the others their bytes', () => {
    const web =
      '{apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, spec: {template: {spec: {containers: [{name: web, image: "web:1"}, {name: istio-proxy, image: istio/proxyv2}]}}}}';
    const cm = '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}}';
    const out = fixOne(`# first\n${web}\n---\n# second\n${cm}\n`)!;
    const [first, second] = out.split('\n---\n');
    expect(second).toBe(`# second\n${cm}\n`);
    expect(first).toMatch(/^# first\n\{apiVersion: apps\/v1, .*\[\{name: istio-proxy, .*\}$/);
    expect(fixOne(out)).toBeUndefined();
  });

  it('leaves the text alone when nothing is replaced', () => {
    const f = readManifest('x.yaml', [], istioLast);
    expect(splice(f, new Map())).toBe(istioLast);
  });
});

describe('locate', () => {
  const f = readManifest('x.yaml', [], `---\n${istioLast}`);
  const at = (path?: string) => locate(f, f.docs[0]!, path);

  it('points at the key or list item the field path names', () => {
    expect(at('spec.template.spec.containers')).toEqual({ line: 9, col: 7 });
    expect(at('spec.template.spec.containers[1]')).toEqual({ line: 12, col: 9 });
    expect(at('spec.template.spec.containers[0].image')).toEqual({ line: 11, col: 9 });
  });

  it('falls back to the deepest part that exists, and to metadata.name without a path', () => {
    expect(at('spec.template.spec.containers[1].lifecycle.postStart')).toEqual({ line: 12, col: 9 });
    expect(at('spec.template.spec.initContainers[0]')).toEqual({ line: 8, col: 5 });
    expect(at(undefined)).toEqual({ line: 5, col: 3 });
  });
});

describe('locate: fastParse spans agree with yaml', () => {
  const dirs = ['check', 'explain'].flatMap((d) => readdirSync(join(ROOT, 'fixtures', d)).map((c) => join(ROOT, 'fixtures', d, c, 'input.yaml')));
  it('on every finding of every check and explain fixture, and on every prefix of its path', () => {
    let compared = 0;
    for (const path of dirs.filter((p) => existsSync(p))) {
      const file = readManifest(path, [], readFileSync(path, 'utf8'));
      const { findings } = runFiles([file], { ...defaultConfig(), mode: 'check' });
      for (const f of findings) {
        const doc = [...file.docs].reverse().find((d) => file.lines.linePos(d.start).line <= f.line)!;
        const field = f.result.field?.path;
        const parts = field?.match(/[^.[\]]+|\[\d+\]/g) ?? [];
        for (let n = 0; n <= parts.length; n++) {
          const prefix = n === 0 ? undefined : parts.slice(0, n).join('.').replace(/\.\[/g, '[');
          expect(locate(file, doc, prefix), `${path} ${prefix}`).toEqual(locateByYaml(file, doc, prefix));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});

describe('collectFiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-files-'));
  for (const p of ['b.yaml', 'a.yml', 'notes.txt', 'sub/c.yaml', '.hidden/d.yaml', 'node_modules/e.yaml', 'chart/Chart.yaml', 'chart/templates/f.yaml']) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), 'x: 1\n');
  }

  it('walks directories for .yaml/.yml in sorted order, skipping hidden entries, node_modules and Helm charts', () => {
    const notes: Note[] = [];
    expect(collectFiles([dir], notes).map((p) => p.slice(dir.length + 1))).toEqual(['a.yml', 'b.yaml', 'sub/c.yaml']);
    expect(notes).toEqual([{ path: join(dir, 'chart'), message: expect.stringMatching(/^skipped a Helm chart/) }]);
  });

  it('takes a named file whatever its extension, once', () => {
    const p = join(dir, 'notes.txt');
    expect(collectFiles([p, p], [])).toEqual([p]);
  });

  it('fails on a path that does not exist', () => {
    expect(() => collectFiles([join(dir, 'nope.yaml')], [])).toThrow(PathError);
  });
});
