/**
 * Issue 31: a changed document keeps the layout of every line the change did not touch (Helm 3's
 * `toYaml` writes `- ` at its key's column beside a template's indented lists, leaves
 * whitespace-only lines where a template printed nothing, and charts use anchors), and what is
 * inserted follows its neighbours' sequence style. Small documents through `fix`, held to the
 * oracle of test/helpers/layout.ts; real Helm output in test/helm/real-helm.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { needlessLines, removedLines } from '../helpers/layout.js';

/** `fix` with one dependency wait (an init container added to every pod), classic sidecars. */
function fix(text: string): string {
  const { config, errors } = loadConfig({
    apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
    kind: 'PodSequence',
    metadata: { name: 'c' },
    spec: { kubernetesVersion: '1.28', dependencies: [{ name: 'db', tcp: 'db.example:5432' }] },
  });
  expect(errors).toEqual([]);
  const out = runFiles([readManifest('m.yaml', [], text)], { ...config, mode: 'apply' }).files[0]!.output;
  expect(out, 'the config forces a change').toBeDefined();
  return out!;
}

const deployment = (spec: string[]) =>
  ['apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  name: web', 'spec:', '  template:', '    spec:', ...spec, ''].join('\n');

/** The lines the change added, in order. */
function added(before: string, after: string): string[] {
  const kept = new Set<number>();
  const a = after.split('\n');
  // removedLines of the reverse diff: the lines of `after` that are not `before`'s
  removedLines(after, before).forEach((l) => kept.add(l));
  return a.filter((_, i) => kept.has(i));
}

describe('a changed document keeps its layout (issue 31)', () => {
  it("keeps toYaml's indentless lists beside a template's indented ones; a new list follows its neighbours", () => {
    const before = deployment([
      '      containers:',
      '        - name: app',
      '          image: app:1',
      '          args:',
      '          - --port=8080',
      '          securityContext:',
      '            capabilities:',
      '              drop:',
      '              - ALL',
      // toYaml's compact lists are most of the document's lines: the majority is compact
      '      volumes:',
      ...['a', 'b', 'c', 'd', 'e', 'f'].flatMap((v) => [`      - name: ${v}`, '        emptyDir: {}']),
    ]);
    const after = fix(before);
    expect(removedLines(before, after)).toEqual([]);
    const lines = added(before, after);
    // `initContainers` beside the indented `containers`: indented, and so are the lists inside
    expect(lines[0]).toBe('      initContainers:');
    expect(lines[1]).toBe('        - name: seq-wait-db');
    expect(lines).toContain('            - /bin/busybox');
  });

  it('writes a new list indentless where its neighbours are', () => {
    const before = deployment(['      containers:', '      - name: app', '        image: app:1', '        args:', '          - --port=8080']);
    const after = fix(before);
    expect(removedLines(before, after)).toEqual([]);
    const lines = added(before, after);
    expect(lines.slice(0, 2)).toEqual(['      initContainers:', '      - name: seq-wait-db']);
    expect(lines).toContain('        - /bin/busybox');
  });

  it('keeps whitespace-only lines, in a map, between list items and in a block scalar', () => {
    const before = deployment([
      '      containers:',
      '        - name: app',
      '          ',
      '          image: app:1',
      '          args:',
      '          - |',
      '            echo one',
      '   ',
      '            echo two',
      '   ',
      '  ',
      '        - name: other',
      '          image: other:1',
    ]);
    const after = fix(before);
    expect(removedLines(before, after)).toEqual([]);
    expect(needlessLines(before, after)).toEqual([]);
  });

  it('keeps comments, quoting and CRLF line ends', () => {
    const before = deployment([
      '      # the pod',
      '      containers:  # one',
      "        - name: 'app'",
      '          # its image',
      '          image: "app:1"   # pinned',
      '          args: ["--port", "8080"]',
    ]).replace(/\n/g, '\r\n');
    const after = fix(before);
    expect(after).not.toMatch(/[^\r]\n/);
    expect(removedLines(before, after)).toEqual([]);
  });

  it('keeps anchors and aliases on scalars (Linkerd names its proxy by one)', () => {
    const before = deployment([
      '      containers:',
      '      - env:',
      '        - name: _name',
      '          value: &containerName proxy',
      '        name: *containerName',
      '        image: proxy:1',
      '      - name: app',
      '        image: app:1',
    ]);
    const after = fix(before);
    expect(removedLines(before, after)).toEqual([]);
    expect(after).toContain('value: &containerName proxy\n        name: *containerName\n');
  });
});
