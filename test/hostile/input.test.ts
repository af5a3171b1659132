/**
 * Hostile input through the built CLI (fixtures/hostile/, plus large inputs made here): each gives
 * either correct output, or exit 1 with nothing on stdout and one clear error line that names the
 * position, always within bounded time and memory (see LIMITS).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../helpers/cli.js';
import { stripResults } from '../helpers/golden.js';
import { LIMITS, runGuarded, type Guarded } from './cli.js';

const dir = join(ROOT, 'fixtures', 'hostile');
const read = (name: string) => readFileSync(join(dir, name));

function bounded(r: Guarded): void {
  // Bounded: killed at 3 × LIMITS.ms. How fast is the benchmark's business, not a test's.
  expect(r.timedOut, 'timed out').toBe(false);
  expect(r.rssMiB).toBeGreaterThan(0);
  expect(r.rssMiB).toBeLessThan(LIMITS.rssMiB);
  expect(r.stderr).not.toMatch(/internal error|at .+\.c?js:\d+|Warning:/);
}

/** Exit 1, nothing on stdout, exactly one line on stderr: an error matching `message`. */
function refused(r: Guarded, message: RegExp): void {
  bounded(r);
  expect(r.code).toBe(1);
  expect(r.stdout.length).toBe(0);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^pod-sequencer: error: /);
  expect(lines[0]).toMatch(message);
}

function accepted(r: Guarded): string {
  bounded(r);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.toString();
}

const at = (line: number) => new RegExp(`line ${line}, column \\d+: `);

/** Refused inputs: the error names the line and says what is wrong. */
const REFUSED: Record<string, RegExp> = {
  'malformed-flow.yaml': /line 7, column 3: malformed YAML: Flow map/,
  'malformed-indent.yaml': /line 5, column \d+: malformed YAML/,
  'tab-indentation.yaml': /line 18, column 1: malformed YAML: Tabs are not allowed/,
  'duplicate-key.yaml': /line 20, column \d+: malformed YAML: Map keys must be unique/,
  'duplicate-items.yaml': /line 20, column 1: malformed YAML: Map keys must be unique/,
  'multiple-documents.yaml': /line 20, column 1: malformed YAML: .*multiple documents/,
  'alias-other-item.yaml': /line 20, column 16: items\[1\]: alias \*common has no anchor before it in this item/,
  'alias-undefined.yaml': /line 17, column 33: items\[0\]: alias \*nowhere has no anchor/,
  'alias-bomb.yaml': /line 10, column \d+: items\[0\]: .*alias bomb/,
  'items-scalar.yaml': /line 4, column 3: items\[0\] is not a Kubernetes object/,
  'items-array.yaml': /line 4, column 3: items\[0\] is not a Kubernetes object/,
  'items-map.yaml': /line 3, column 8: `items` must be a list/,
  'top-scalar.yaml': /expected a ResourceList/,
  // Issue 20: a number past any sane bound.
  'timeout-1e308.yaml': /PodSequence\/c: spec\.sidecars\[0\]\.timeoutSeconds: must be <= 86400/,
  'top-list.yaml': /expected a ResourceList/,
  'empty.yaml': /no input/,
  'comments-only.yaml': /expected a ResourceList/,
  'invalid-utf8.yaml': /line 17, column 35: invalid UTF-8 \(byte 0xff at byte offset 375\)/,
  'truncated-utf8.yaml': /line 20, column 7: invalid UTF-8 \(a sequence cut short at the end\)/,
};

/**
 * A workload with a field of the wrong type (issue 27): an error on it naming the field, the
 * workload left as it is, and every item in the output (one bad workload never stops the others).
 */
const LEFT: Record<string, RegExp> = {
  'merge-key.yaml': /Deployment\/web: spec\.template\.spec\.containers\[1\]\.<<: YAML merge keys are not supported/,
  'container-named-dashes.yaml': /Job\/j: spec\.template\.spec\.containers\[1\]\.name: "--" is not a valid container name/,
  'containers-not-list.yaml': /Deployment\/web: spec\.template\.spec\.containers: must be a list of containers/,
  'container-scalar.yaml': /Pod\/web: spec\.containers\[0\]: must be a container/,
  'args-number.yaml': /containers\[1\]\.args\[1\]: must be a string, not the number 15001 \(quote it/,
  'hook-command-string.yaml': /lifecycle\.postStart\.exec\.command: must be a list, not the string/,
};

function left(input: string, r: Guarded, message: RegExp): void {
  bounded(r);
  expect(r.code).toBe(1);
  expect(parse(r.stdout.toString(), { maxAliasCount: -1 }).items).toEqual(parse(input, { merge: false, maxAliasCount: -1 }).items);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^pod-sequencer: error: /);
  expect(lines[0]).toMatch(message);
  expect(lines[0]).toMatch(/is left as it is$/);
}

/** Accepted inputs, and what their output must be. */
const lf = read('crlf.yaml').toString().replace(/\r\n/g, '\n');
const ACCEPTED: Record<string, (out: string) => void> = {
  // The BOM is dropped; the rest as for the same text without it.
  'bom.yaml': (out) => expect(out).toBe(accepted(runGuarded(lf))),
  // All-CRLF input is answered in CRLF: untouched lines stay byte-identical.
  'crlf.yaml': (out) => expect(out).toBe(accepted(runGuarded(lf)).replace(/\n/g, '\r\n')),
  // Mixed line endings are answered in LF.
  'mixed-line-endings.yaml': (out) => expect(out).toBe(accepted(runGuarded(lf))),
  // JSON in, block YAML out (kpt would write one-line JSON into files otherwise).
  'json-input.json': (out) => {
    expect(out.startsWith('apiVersion: config.kubernetes.io/v1\n')).toBe(true);
    const items = parse(out).items;
    expect(items[0].spec.containers.map((c: { name: string }) => c.name)).toEqual(['istio-proxy', 'web']);
    expect(items[0].spec.containers[1].args).toEqual(['--a=$(X)', "it's"]);
  },
  'list-kind.yaml': (out) => expect(parse(out).kind).toBe('List'),
  // Plain manifests on stdin are a stream (issue 17): answered as the same stream, fixed.
  'not-a-resource-list.yaml': (out) => expect(parse(out).kind).toBe('Deployment'),
  'items-null.yaml': (out) => expect(out).toBe(read('items-null.yaml').toString()),
  'document-markers.yaml': (out) => expect(parse(stripResults(out)).items[0].spec.template.spec.containers[0].name).toBe('istio-proxy'),
  // An alias the change moves before its anchor is written out; values stay the same.
  'anchors-in-item.yaml': (out) => {
    const [web, proxy] = ['web', 'istio-proxy'].map((n) => parse(out).items[0].spec.template.spec.containers.find((c: { name: string }) => c.name === n));
    expect(proxy.env).toEqual([{ name: 'MODE', value: 'prod' }]);
    expect(web.env).toEqual(proxy.env);
  },
  // `__proto__` is a plain key: it neither pollutes nor makes istio-proxy look native.
  'proto-keys.yaml': (out) => {
    expect(out).toContain('__proto__: {restartPolicy: Always}');
    const c = parse(out).items[0].spec.template.spec.containers;
    expect(c[0].name).toBe('istio-proxy');
    expect(Object.hasOwn(c[0], 'restartPolicy')).toBe(false);
  },
  'tags.yaml': (out) => {
    expect(out).toContain('logo: !!binary aGVsbG8=');
    expect(out).toContain('!custom x');
  },
  'tabs-in-values.yaml': (out) => expect(parse(out).items[0].spec.template.spec.containers[1].env[0].value).toBe('a\tb\tc'),
  'control-characters.yaml': (out) => expect(parse(out).items[0].spec.template.spec.containers[1].env[0].value).toBe('bell\x07 nul\0 esc\x1b'),
  'unicode.yaml': (out) => expect(parse(out).items[0].metadata.annotations.note).toBe('\u202eevil\u202c ünïcødé 🚀 😀'),
};

describe('hostile input corpus (fixtures/hostile)', () => {
  it('covers every file of the corpus', () => {
    const files = readdirSync(dir).filter((f) => !f.startsWith('.') && f !== 'README.md');
    expect(files.sort()).toEqual([...Object.keys(REFUSED), ...Object.keys(LEFT), ...Object.keys(ACCEPTED)].sort());
  });

  describe.concurrent('refused', () => {
    for (const [name, message] of Object.entries(REFUSED)) it(name, () => refused(runGuarded(read(name)), message));
  });

  describe.concurrent('left as it is, with an error', () => {
    for (const [name, message] of Object.entries(LEFT)) it(name, () => left(read(name).toString(), runGuarded(read(name)), message));
  });

  describe.concurrent('accepted', () => {
    for (const [name, check] of Object.entries(ACCEPTED)) {
      it(name, () => {
        const out = accepted(runGuarded(read(name)));
        check(out);
        // and running on its own output changes nothing
        expect(stripResults(accepted(runGuarded(stripResults(out))))).toBe(stripResults(out));
      });
    }
  });
});

const HEADER = 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n';
const deployment = (annotations: string, env: string) =>
  `${HEADER}- apiVersion: apps/v1\n  kind: Deployment\n  metadata:\n    name: web\n    annotations:\n${annotations}  spec:\n    template:\n      spec:\n        containers:\n        - name: web\n          image: web\n          env:\n${env}        - name: istio-proxy\n          image: proxy\n` +
  // Classic sidecars: the moved proxy (its aliases written out) is what these cases test.
  'functionConfig: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {kubernetesVersion: "1.28"}}\n';

describe.concurrent('large and deep input', () => {
  // Far past any real manifest; how the cost grows with size is the benchmark's (BENCHMARKS.md, YAML shapes).
  const big = 'x'.repeat(16 * 1024 * 1024);

  it('a 16 MB scalar in a workload that changes: kept intact', () => {
    const r = runGuarded(deployment(`      big: ${big}\n`, `          - name: BIG\n            value: "${big.slice(0, 1000)}"\n`));
    const out = parse(stripResults(accepted(r)));
    expect(out.items[0].metadata.annotations.big.length).toBe(big.length);
    expect(out.items[0].spec.template.spec.containers[0].name).toBe('istio-proxy');
  });

  it('a 16 MB block scalar in an item that does not change: byte-identical', () => {
    const input = `${HEADER}- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: c}\n  data:\n    big: |\n      ${big}\n`;
    expect(accepted(runGuarded(input))).toBe(input);
  });

  it('100,000 nested flow sequences: refused, with the position', () => {
    const r = runGuarded(`${HEADER}- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: c}\n  data: {a: ${'['.repeat(100_000)}${']'.repeat(100_000)}}\n`);
    refused(r, at(7));
  });

  it('3,000 nested block mappings: refused, with the position', () => {
    const nest = Array.from({ length: 3000 }, (_, i) => `${'  '.repeat(i + 2)}k${i}:\n`).join('');
    refused(
      runGuarded(`${HEADER}- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: deep}\n  data:\n${nest}${'  '.repeat(3002)}v\n`),
      /line \d+, column \d+: /,
    );
  });

  const anchor = `          - {name: A0, value: &v "${'y'.repeat(1000)}"}\n`;
  const aliases = Array.from({ length: 900 }, (_, i) => `          - {name: A${i + 1}, value: *v}\n`).join('');

  it('many aliases of a long value in a workload that changes, the aliases untouched: kept as aliases', () => {
    const input = deployment('      a: b\n', anchor + aliases);
    const out = accepted(runGuarded(input));
    expect(out.match(/value: \*v\}/g)).toHaveLength(900);
    expect(out.length).toBeLessThan(input.length + 4096);
  });

  it('many aliases of a long value that the change moves before their anchor: bounded, the workload left as it is', () => {
    const input = deployment('      a: b\n', anchor).replace('image: proxy\n', `image: proxy\n          env:\n${aliases}`);
    left(input, runGuarded(input), /its aliases expand to more than \d+ characters when written out/);
  });

  it('10,000 items: all come back', () => {
    const items = Array.from({ length: 10_000 }, (_, i) => `- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: c${i}}\n  data: {k: v}\n`).join('');
    expect(accepted(runGuarded(HEADER + items))).toBe(HEADER + items);
  });
});
