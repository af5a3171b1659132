/**
 * The official YAML test suite (yaml/yaml-test-suite, MIT; its `data` branch: one directory per
 * test, `in.yaml` and an `error` file when the input is invalid), taken by reference like the
 * vendor corpus: test/yaml/suite/yaml-test-suite.json lists the files at their commit, read from
 * shared/vendor/yaml+yaml-test-suite/ or a local snapshot (test/helpers/vendor-corpus.ts).
 *
 * Each test is embedded where the tool reads and rewrites (issue 28), and must never be
 * corrupted nor accepted when invalid:
 * - as a file and as stdin (`check`, `fix`, `explain`, post-render read streams this way), in LF
 *   and in CRLF: an invalid test is refused; a valid one is read, or refused for a documented
 *   reason (`%TAG` directives, duplicate keys);
 * - as a field of an untouched item, of a Job the tool changes (and wraps), and of a sidecar that
 *   moves to initContainers: the output is refused exactly when `yaml` refuses the input, and
 *   otherwise every embedded value reads as it did, the untouched item byte for byte;
 * - as the value of `proxy.istio.io/config`, which the tool edits: merged only into a plain map,
 *   keeping every other key.
 */
import { describe, expect, it } from 'vitest';
import { isDeepStrictEqual, inspect } from 'node:util';
import { isMap, isNode, isSeq, parseAllDocuments, parseDocument, visit, type Document } from 'yaml';
import { runFilter } from '../../src/run.js';
import { mergeField } from '../../src/sequence/embedded-config.js';
import { corpusEntries, mustHave, readCorpusFiles, sharedPathOf } from '../helpers/vendor-corpus.js';
import { itIfHere } from '../helpers/vendor-it.js';
import { fileError, reportJobList } from '../helpers/manifests.js';
import { join } from 'node:path';

const entries = corpusEntries(join(__dirname, 'suite'));
const texts = readCorpusFiles(entries);
const tests = entries.map((e, i) => ({ id: e.path.replace(/\/in\.yaml$/, ''), invalid: e.tags?.includes('error') === true, text: texts[i] }));
const present = tests.filter((t): t is typeof t & { text: string } => t.text !== undefined);

/** Refusals of valid YAML that are documented (docs/decisions.md), by their message. */
const DOCUMENTED_REFUSALS = [
  /unsupported YAML: %TAG directives/,
  /Map keys must be unique/,
  /YAML merge keys are not supported/,
  /keys in workloads must be strings/,
];

const indent = (text: string, by: number) =>
  text
    .split('\n')
    .map((l) => (l === '' ? l : ' '.repeat(by) + l))
    .join('\n');

/** A document alone, without stream syntax at column 0: it can be embedded as a node. */
const embeddable = (text: string) => !/^(?:%|---|\.\.\.)/m.test(text) && !text.includes('\r') && !text.startsWith('\ufeff');

function list(test: string): string {
  const node = (by: number) => indent(test.endsWith('\n') ? test : test + '\n', by);
  return `apiVersion: config.kubernetes.io/v1
kind: ResourceList
items:
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: untouched}
  extra:
${node(4)}- apiVersion: batch/v1
  kind: Job
  metadata: {name: report}
  extra:
${node(4)}  spec:
    template:
      spec:
        restartPolicy: Never
        containers:
        - name: report
          image: registry.example.com/report:1.0
          command: [/report]
        - name: linkerd-proxy
          image: cr.l5d.io/linkerd/proxy:edge-24.11.1
          x-test:
${node(12)}functionConfig:
  apiVersion: fn.pod-sequencer.dev/v1alpha1
  kind: PodSequence
  metadata: {name: suite}
  spec: {kubernetesVersion: "1.30"}
`;
}

/** A Job the tool wraps (classic sidecar, Kubernetes 1.28): its argv is rewritten into the wrapper's. */
const wrappedJob = (argv: string[]) => reportJobList({ kubernetesVersion: '1.28', argv });

/** A node's value with its keys as they are (Maps), or the sidecar's `x-test` wherever it moved. */
function embeddedValue(doc: Document, path: readonly (string | number)[] | 'sidecar'): unknown {
  let node: unknown;
  if (path === 'sidecar') {
    for (const list of ['initContainers', 'containers']) {
      const seq = doc.getIn(['items', 1, 'spec', 'template', 'spec', list], true);
      const proxy = isSeq(seq) ? seq.items.find((c) => isMap(c) && c.get('name') === 'linkerd-proxy') : undefined;
      if (isMap(proxy)) node = proxy.get('x-test', true);
    }
  } else {
    node = doc.getIn(path, true);
  }
  return isNode(node) ? node.toJS(doc, { mapAsMap: true, maxAliasCount: 1000 }) : node;
}

if (present.length < tests.length) console.log(`yaml-test-suite: ${tests.length - present.length} of ${tests.length} files in neither shared/ nor a snapshot`);

describe('yaml-test-suite, embedded where the tool reads and rewrites', () => {
  it('each file of the suite is here, or awaited in shared/ (test/vendor/awaited.txt)', () => {
    expect(entries.filter((e, i) => texts[i] === undefined && mustHave(sharedPathOf(e))).map((e) => e.path)).toEqual([]);
  });
  it('lists the whole suite (402 tests, 94 of them invalid)', () => {
    expect(tests.length).toBe(402);
    expect(tests.filter((t) => t.invalid).length).toBe(94);
    if (present.length < tests.length) console.log(`yaml-test-suite: ${tests.length - present.length} files in neither shared/ nor a snapshot`);
  });

  itIfHere(present[0]?.text)('as a file or stdin, LF and CRLF: invalid refused, valid read or refused for a documented reason', () => {
    const wrong: string[] = [];
    for (const t of present) {
      for (const text of [t.text, t.text.replace(/\n/g, '\r\n')]) {
        const message = fileError(text, 'suite.yaml');
        if (t.invalid && message === undefined) wrong.push(`${t.id}: invalid, accepted`);
        if (!t.invalid && message !== undefined && !DOCUMENTED_REFUSALS.some((re) => re.test(message))) wrong.push(`${t.id}: valid, refused: ${message}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  itIfHere(present[0]?.text)('as a field of an untouched item, a changed Job and a moving sidecar: refused exactly when yaml refuses, else kept', () => {
    const wrong: string[] = [];
    let embedded = 0;
    for (const t of present.filter((t) => embeddable(t.text))) {
      const input = list(t.text);
      const doc = parseDocument(input, { uniqueKeys: true, logLevel: 'error' });
      let expected: unknown;
      try {
        expected = doc.errors.length === 0 ? doc.toJS({ maxAliasCount: 1000 }) : undefined;
      } catch {
        expected = undefined; // an alias with no anchor: yaml reports it only here
      }
      const out = runFilter(input);
      if (!expected) {
        if (out.stdout !== '') wrong.push(`${t.id}: yaml refuses the embedding, the filter accepted it`);
        continue;
      }
      embedded++;
      if (out.stdout === '') {
        const message = out.stderr.join('\n');
        if (!DOCUMENTED_REFUSALS.some((re) => re.test(message))) wrong.push(`${t.id}: valid embedding refused: ${message.slice(0, 200)}`);
        continue;
      }
      const got = parseDocument(out.stdout, { uniqueKeys: true, logLevel: 'error' });
      if (got.errors.length > 0) {
        wrong.push(`${t.id}: output is not valid YAML: ${got.errors[0]!.message}`);
        continue;
      }
      if (!out.stdout.includes(input.slice(input.indexOf('- apiVersion: v1'), input.indexOf('- apiVersion: batch/v1'))))
        wrong.push(`${t.id}: untouched item not byte-identical`);
      // Compared with collection and null keys kept as they are (mapAsMap), not turned into strings.
      for (const path of [['items', 0], ['items', 1, 'extra'], 'sidecar'] as const) {
        const a = embeddedValue(doc, path);
        const b = embeddedValue(got, path);
        if (!isDeepStrictEqual(a, b)) wrong.push(`${t.id}: ${String(path)} changed: ${inspect(a).slice(0, 100)} -> ${inspect(b).slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(embedded).toBeGreaterThan(150);
  });

  itIfHere(present[0]?.text)("as a Job's argv it wraps: every string scalar of the suite reads back the same under YAML 1.1 and 1.2", () => {
    const strings = new Set<string>();
    for (const t of present.filter((t) => !t.invalid)) {
      for (const d of parseAllDocuments(t.text, { logLevel: 'silent' }) as Document[]) {
        if (d.errors.length > 0) continue;
        visit(d, { Scalar: (_, n) => void (typeof n.value === 'string' && strings.add(n.value)) });
      }
    }
    const all = [...strings];
    expect(all.length).toBeGreaterThan(300);
    const wrong: string[] = [];
    for (let i = 0; i < all.length; i += 40) {
      const argv = all.slice(i, i + 40);
      const out = runFilter(wrappedJob(argv));
      if (out.stdout === '') {
        wrong.push(`refused: ${out.stderr.join(' ').slice(0, 200)}`);
        continue;
      }
      for (const version of ['1.1', '1.2'] as const) {
        const doc = parseDocument(out.stdout, { version, logLevel: 'silent' });
        const app = (
          doc.toJS() as { items: { spec: { template: { spec: { containers: { name: string; command: unknown[] }[] } } } }[] }
        ).items[0]!.spec.template.spec.containers.find((c) => c.name === 'report')!;
        if (app.command.length <= argv.length + 1) wrong.push('the Job was not wrapped: its argv was not rewritten');
        const tail = app.command.slice(-argv.length);
        argv.forEach((a, j) => {
          if (tail[j] !== a) wrong.push(`YAML ${version} reads ${JSON.stringify(a)} as ${JSON.stringify(tail[j])}`);
        });
      }
    }
    expect(wrong).toEqual([]);
  });

  itIfHere(present[0]?.text)('as proxy.istio.io/config: merged only into a plain map, every other key kept', () => {
    const wrong: string[] = [];
    for (const t of present) {
      const merged = mergeField(t.text, 'holdApplicationUntilProxyStarts', true);
      if (merged.kind !== 'set') continue;
      if (t.invalid) {
        wrong.push(`${t.id}: invalid, edited`);
        continue;
      }
      const before = t.text.trim() === '' ? {} : (parseDocument(t.text).toJS() as Record<string, unknown>);
      const after = parseDocument(merged.text, { uniqueKeys: true });
      if (after.errors.length > 0) wrong.push(`${t.id}: edited into invalid YAML: ${after.errors[0]!.message}`);
      else expect(after.toJS(), t.id).toEqual({ ...before, holdApplicationUntilProxyStarts: true });
    }
    expect(wrong).toEqual([]);
  });
});
