/**
 * SARIF as GitHub code scanning accepts it (issue 18): valid against the OASIS SARIF 2.1.0
 * schema (read by reference, test/vendor/schemas.json), and the parts code scanning needs: per
 * rule the descriptions, its whole page as help (no helpUri: no published home) and the configured level; per result its
 * ruleIndex, a region, and a fingerprint that survives moving lines; URIs relative to the
 * repository root.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { ruleInfos } from '../../src/check/index.js';
import { BIN, ROOT, run } from '../helpers/cli.js';
import { readCorpusFile, type CorpusEntry } from '../helpers/vendor-corpus.js';
import { itWithVendor } from '../helpers/vendor-it.js';

const web = (name: string, annotations = '') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  namespace: shop
${annotations}spec:
  template:
    spec:
      containers:
      - name: app
        image: app:1
        command: [sh, -c, "sleep 10; exec app"]
      - name: istio-proxy
        image: istio/proxyv2:1.24
`;

/** A repository with manifests in k8s/, and check run from `cwd` inside it. */
function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-sarif-'));
  mkdirSync(join(dir, '.git'));
  mkdirSync(join(dir, 'k8s'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

function sarif(cwd: string, ...args: string[]) {
  const r = run(process.execPath, [BIN, 'check', '--format', 'sarif', ...args], { cwd });
  expect(r.stderr).toBe('');
  return { code: r.code, log: JSON.parse(r.stdout) };
}

const suppressed = '  annotations:\n    pod-sequencer.dev/ignore.sleep-ordering: "the sleep waits for a slow volume"\n';

describe('check --format sarif', () => {
  const entry = (JSON.parse(readFileSync(join(ROOT, 'test', 'vendor', 'schemas.json'), 'utf8')) as CorpusEntry[])[0]!;
  itWithVendor('is valid SARIF 2.1.0 (the OASIS schema), suppressions and notes included', [entry], () => {
    const text = readCorpusFile(entry)!;
    const dir = repo({ 'k8s/a.yaml': `${web('a')}---\n${web('b', suppressed)}`, 'k8s/empty.yaml': '# nothing\n' });
    const { log } = sarif(dir, 'k8s');
    // The schema is draft-04 (`id`); ajv reads it as the draft-07 it is compatible with.
    const schema = JSON.parse(text);
    delete schema.$schema;
    schema.$id = schema.id;
    delete schema.id;
    const ajv = new Ajv({ allErrors: true, strict: false });
    ajv.addFormat('uri', (s: string) => URL.canParse(s));
    ajv.addFormat('uri-reference', (s: string) => URL.canParse(s, 'file:///base/'));
    ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)));
    const validate = ajv.compile(schema);
    expect(validate(log), JSON.stringify(validate.errors, null, 1)).toBe(true);
    expect(log.runs[0].results.some((r: { suppressions?: unknown }) => r.suppressions)).toBe(true);
    // And an invalid log is refused, so the check can fail.
    expect(validate({ ...log, runs: [{ ...log.runs[0], results: [{ level: 'fatal' }] }] })).toBe(false);
  });

  it('declares every rule as code scanning shows it, its level after the config', () => {
    const dir = repo({
      'k8s/a.yaml': web('a'),
      'cfg.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {rules: "sleep-ordering=error,sidecar-not-first=off"}\n',
    });
    const { code, log } = sarif(dir, '--config', 'cfg.yaml', 'k8s');
    expect(code).toBe(1); // sleep-ordering is now an error
    const rules = log.runs[0].tool.driver.rules;
    expect(rules.map((r: { id: string }) => r.id)).toEqual(ruleInfos.map((r) => r.id));
    for (const r of rules) {
      expect(r.shortDescription.text.length, r.id).toBeGreaterThan(10);
      expect(r.fullDescription.text.length, r.id).toBeGreaterThan(r.shortDescription.text.length / 2);
      expect(r.help.markdown, r.id).toMatch(/## How to fix[\s\S]*## How to suppress/);
      if (ruleInfos.find((x) => x.id === r.id)!.byAnnotation !== false) expect(r.help.text, r.id).toContain(`pod-sequencer.dev/ignore.${r.id}`);
      expect(r.helpUri, 'no link to an unpublished home').toBeUndefined();
      expect(existsSync(join(ROOT, 'docs', 'rules', `${r.id}.md`)), r.id).toBe(true);
    }
    const level = (id: string) => rules.find((r: { id: string }) => r.id === id).defaultConfiguration;
    expect(level('sleep-ordering')).toEqual({ level: 'error' });
    expect(level('sidecar-not-first')).toEqual({ level: 'none', enabled: false });
    expect(level('job-sidecar-blocks-completion')).toEqual({ level: 'error' });
    expect(level('dependency-not-awaited')).toEqual({ level: 'warning' });
    const results = log.runs[0].results;
    expect(results.map((r: { ruleId: string; level: string }) => [r.ruleId, r.level])).toEqual([['sleep-ordering', 'error']]);
    expect(rules[results[0].ruleIndex].id).toBe('sleep-ordering');
  });

  it('locations: the field line and column, a URI relative to the repository root from a subdirectory, a fingerprint that ignores lines', () => {
    const dir = repo({ 'k8s/a.yaml': web('a') });
    const first = sarif(join(dir, 'k8s'), 'a.yaml').log.runs[0];
    expect(first.originalUriBaseIds).toBeUndefined();
    const loc = first.results.map((r: { locations: { physicalLocation: unknown }[] }) => r.locations[0]!.physicalLocation);
    expect(loc).toEqual([
      { artifactLocation: { uri: 'k8s/a.yaml' }, region: { startLine: 12, startColumn: 27 } }, // the script in `command`
      { artifactLocation: { uri: 'k8s/a.yaml' }, region: { startLine: 13, startColumn: 9 } }, // the istio-proxy container
    ]);
    writeFileSync(join(dir, 'k8s', 'a.yaml'), `# moved down by a comment\n\n${web('a')}`);
    const moved = sarif(join(dir, 'k8s'), 'a.yaml').log.runs[0];
    const prints = (run: { results: { partialFingerprints: Record<string, string> }[] }) => run.results.map((r) => r.partialFingerprints);
    expect(moved.results[0].locations[0].physicalLocation.region.startLine).toBe(14);
    expect(prints(moved)).toEqual(prints(first));
    expect(Object.values(prints(first)[0]!)[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(prints(first).map((p) => Object.values(p)[0])).size).toBe(2);
  });
});
