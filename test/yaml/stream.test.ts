/** Stream rules (src/yaml/stream.ts), items cut by their node and keys kept exactly (issue 28). */
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { runFilter } from '../../src/run.js';
import { danglingAlias, streamError } from '../../src/yaml/stream.js';
import { fileError as readError, reportJobList } from '../helpers/manifests.js';

const LIST = 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n';
const CONFIG =
  'functionConfig:\n  apiVersion: fn.pod-sequencer.dev/v1alpha1\n  kind: PodSequence\n  metadata: {name: x}\n  spec: {kubernetesVersion: "1.28"}\n';

const fileError = (text: string) => readError(text, 'm.yaml');

describe('streamError', () => {
  it.each([
    ['--- key1: value1\n    key2: value2\n', 1, /block collection cannot start on the `---` line/],
    ['--- &anchor a: b\n', 1, /block collection cannot start/],
    ['--- - a\n', 1, /block collection cannot start/],
    ['---\nkey: value\n... invalid\n', 3, /text after the document end marker/],
    ['%YAML 1.2\n', 1, /a directive must be followed by a document/],
    ['%YAML 1.2\n...\n', 1, /a directive must be followed by a document/],
    ['%YAML 1.2 foo\n---\n', 1, /malformed %YAML directive/],
    ['%YAML 1.1#...\n---\n', 1, /malformed %YAML directive/],
    ['%YAML 1.2\n%YAML 1.2\n---\n', 2, /a second %YAML directive/],
    ['%YAML 1.2\n---\n%YAML 1.2\n---\n', 3, /a directive inside a document/],
    ['%TAG ! tag:example.com,2000:\n---\na: 1\n', 1, /^unsupported YAML: %TAG directives are not supported/],
  ])('refuses %j at line %i', (text, line, message) => {
    const err = streamError(text)!;
    expect(err.message).toMatch(message);
    expect(text.slice(0, err.offset).split('\n').length).toBe(line);
    expect(fileError(text)).toMatch(new RegExp(`^m\\.yaml:${line}:\\d+: `));
  });

  it.each([
    'a: 1\n',
    '--- a\n',
    '--- |\n  text\n',
    '--- {a: 1}\n',
    '--- !!map\na: 1\n',
    '--- &a\nb: 1\n',
    '--- # comment\na: 1\n',
    '%YAML 1.2\n---\na: 1\n...\n%YAML 1.2\n---\nb: 2\n',
    '%YAML 1.2 # a comment\n---\na: 1\n',
    '%FOO bar baz # reserved: ignored\n---\na: 1\n',
    '---\nscalar\n%YAML 1.2\n', // a plain scalar's continuation line (yaml-test-suite XLQ9)
    'a: 1\n...\n# after\n',
    '---x: 1\n',
  ])('accepts %j', (text) => {
    expect(streamError(text)).toBeUndefined();
  });

  it('the filter refuses a broken stream with its line, and writes nothing', () => {
    const out = runFilter('%YAML 1.2\n%YAML 1.2\n---\n' + LIST + CONFIG);
    expect(out.stdout).toBe('');
    expect(out.stderr.join('\n')).toMatch(/line 2, column 1: malformed YAML stream: a second %YAML directive/);
  });
});

describe('aliases with no anchor', () => {
  it('are found in document order, an anchor after its alias not counting', () => {
    expect(danglingAlias(parseDocument('a: &x 1\nb: *x\n').contents)).toBeUndefined();
    expect(danglingAlias(parseDocument('b: *x\na: &x 1\n').contents)?.source).toBe('x');
  });

  it('are refused in untouched items by the filter and in files', () => {
    const out = runFilter(LIST + '  data: {a: *nope}\n' + CONFIG);
    expect(out.stdout).toBe('');
    expect(out.stderr.join('\n')).toMatch(/items\[0\]: alias \*nope has no anchor before it/);
    expect(fileError('apiVersion: v1\nkind: ConfigMap\ndata: {a: *nope}\n')).toMatch(/^m\.yaml:3:\d+: .*alias \*nope has no anchor/);
  });
});

const JOB = (first: string, extra?: string) => reportJobList({ kubernetesVersion: '1.28', first, ...(extra ? { extra } : {}) });

describe('items cut by their node', () => {
  it.each(['- ', '- &a ', '- !!str ', '- &a !!str ', '- # a comment\n  '])('a Job written %j is fixed, its first line kept', (first) => {
    const out = runFilter(JOB(first));
    expect(out.stderr.filter((l) => l.includes('error'))).toEqual([]);
    const doc = parseDocument(out.stdout);
    expect(doc.errors).toEqual([]);
    const job = (doc.toJS() as { items: { spec: { template: { spec: { containers: { name: string }[] } } } }[] }).items[0]!;
    expect(job.spec.template.spec.containers.map((c) => c.name)).toEqual(['linkerd-proxy', 'report']);
    expect(out.stdout).toContain(`${first}apiVersion: batch/v1\n`);
  });
});

describe('keys in workloads', () => {
  it.each([
    ['~: x', /a null key/],
    ['1: x', /the number key 1/],
    ['true: x', /the boolean key true/],
    ['[a, b]: x', /a collection as a key/],
  ])('%s is refused with its path, not turned into a string', (line, what) => {
    const out = runFilter(JOB('- ', `  extra:\n    ${line}\n`));
    // One workload's problem never stops the others (issue 27): an error on it, the item as it was.
    expect(out.stdout).toContain(`  extra:\n    ${line}\n`);
    const results = out.stdout.slice(out.stdout.indexOf('\nresults:'));
    expect(results).toMatch(/severity: error/);
    expect(results).toMatch(/extra: /);
    expect(results).toMatch(what);
    expect(results).toMatch(/left as it is/);
  });

  it('quoted keys are strings: kept', () => {
    const out = runFilter(JOB('- ', '  extra:\n    "1": x\n    "~": y\n'));
    expect(out.stdout).toContain('    "1": x\n    "~": y\n');
  });
});
