/**
 * `check` is the dry run of `fix` (issue 14, docs/decisions.md): with the same config,
 *   - every document `fix` changes has a finding from `check` (a rule id and its reason), and
 *   - every error `check` reports is gone after `fix`, or `fix` itself reports an error for that
 *     resource (it left it unchanged and says why).
 * Held on every golden filter fixture (each with its own config) and on the vendor corpus
 * (test/vendor/README.md), with the default config and with kubernetesVersion 1.30.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadConfig } from '../../src/config/load.js';
import type { Config } from '../../src/config/types.js';
import { isSuppressed } from '../../src/krm/results.js';
import type { Result } from '../../src/krm/types.js';
import { readManifest } from '../../src/files/read.js';
import { readable } from '../helpers/manifests.js';
import { runFiles } from '../../src/files/run.js';
import { availableCorpus, cite, corpusEntries } from '../helpers/vendor-corpus.js';
import { describeIfHere } from '../helpers/vendor-it.js';

type Obj = Record<string, unknown>;

const refOf = (r: Result) => `${r.resourceRef?.kind ?? '?'} ${r.resourceRef?.namespace ?? ''}/${r.resourceRef?.name ?? '?'}`;
/** A suppressed finding counts: check reported it, and the user said why it stays. */
const isFinding = (r: Result) => r.tags?.rule !== undefined;

/** Where `fix` and `check` disagree on one file, as lines; empty when check is fix's dry run. */
export function dryRunGaps(path: string, text: string, cfg: Config, checkCfg: Config = cfg): string[] {
  const file = readable(path, text);
  if (!file) return [];
  const fixed = runFiles([file], { ...cfg, mode: 'apply' });
  const checked = runFiles([file], { ...checkCfg, mode: 'check' });
  const gaps: string[] = [];
  const lineOf = (offset: number) => file.lines.linePos(offset).line;
  for (const i of fixed.files[0]!.replacements.keys()) {
    const doc = file.docs[i]!;
    const [from, to] = [lineOf(doc.start), lineOf(doc.end)];
    const found = checked.findings.some((f) => isFinding(f.result) && f.line >= from && f.line <= to);
    if (!found) {
      const obj = parse(file.source.slice(doc.start, doc.end)) as Obj;
      gaps.push(`${String(obj.kind)} ${String((obj.metadata as Obj | undefined)?.name)}: fix changes it, check reports nothing`);
    }
  }
  const output = fixed.files[0]!.output ?? text;
  const after = runFiles([readManifest(path, [], output)], { ...checkCfg, mode: 'check' });
  const errorsOf = (results: Result[]) => results.filter((r) => r.severity === 'error' && !isSuppressed(r));
  const fixErrors = new Set(errorsOf(fixed.findings.map((f) => f.result)).map(refOf));
  const remaining = new Set(errorsOf(after.findings.map((f) => f.result)).map((r) => `${refOf(r)} ${r.tags?.rule}`));
  for (const r of errorsOf(checked.findings.map((f) => f.result))) {
    if (remaining.has(`${refOf(r)} ${r.tags?.rule}`) && !fixErrors.has(refOf(r))) {
      gaps.push(`${refOf(r)}: check reports ${r.tags?.rule}, fix leaves it broken without an error`);
    }
  }
  return gaps;
}

/**
 * What `check` says about `fix`'s output that it did not say about the input (issue 39: check on
 * fix's output is quiet): a finding new at that resource and rule (one about what fix wrote), a
 * warning or error on a resource whose input had none of that rule, and any pending change (fix
 * is idempotent). What fix cannot solve stays, and was said about the input too.
 */
export function loudAfterFix(path: string, text: string, cfg: Config): string[] {
  const file = readable(path, text);
  if (!file) return [];
  const fixed = runFiles([file], { ...cfg, mode: 'apply' });
  const output = fixed.files[0]!.output;
  if (output === undefined) return [];
  const keyOf = (r: Result) => `${refOf(r)} ${r.tags?.rule}`;
  // What check said on the input, and what fix itself said as it wrote the output (a caveat of
  // its own change that no fix removes: a signal stop's exposure, which function-config.md says is
  // always a warning; a wait no single UID gets past two proxies; a native sidecar in a custom kind).
  const before = new Set([...runFiles([file], { ...cfg, mode: 'check' }).findings, ...fixed.findings].map((f) => keyOf(f.result)));
  const after = runFiles([readManifest(path, [], output)], { ...cfg, mode: 'check' }).findings.map((f) => f.result);
  return after
    .filter((r) => isFinding(r) && !isSuppressed(r) && (r.tags?.rule === 'pending-change' || !before.has(keyOf(r))))
    .map((r) => `${keyOf(r)} (${r.severity}): ${r.message}`);
}

const fixtures = join(__dirname, '..', '..', 'fixtures', 'filter');

/** A golden case as a multi-document file and its config; undefined for cases that are not a valid ResourceList. */
function goldenCase(name: string): { text: string; cfg: Config } | undefined {
  let list: Obj;
  try {
    list = parse(readFileSync(join(fixtures, name, 'input.yaml'), 'utf8'), { uniqueKeys: false }) as Obj;
  } catch {
    return undefined;
  }
  if (!list || !Array.isArray(list.items) || list.items.length === 0) return undefined;
  const { config, errors } = loadConfig(list.functionConfig ?? undefined);
  if (errors.length > 0) return undefined;
  return { text: (list.items as unknown[]).map((i) => stringify(i)).join('---\n'), cfg: config };
}

describe('check is the dry run of fix: golden fixtures', () => {
  const cases = readdirSync(fixtures).sort();
  it(`every case (${cases.length}) agrees`, () => {
    const gaps = cases.flatMap((name) => {
      const c = goldenCase(name);
      return c ? dryRunGaps(`${name}.yaml`, c.text, c.cfg).map((g) => `${name}: ${g}`) : [];
    });
    expect(gaps).toEqual([]);
  });
});

const corpus = availableCorpus(corpusEntries(), 'vendor corpus');

describeIfHere(corpus.length > 0, 'a file of test/vendor/corpus/*.json (test/helpers/vendor-corpus.ts says where from)')(
  'check is the dry run of fix: vendor corpus',
  () => {
    const configs = { default: undefined, '1.30': { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { kubernetesVersion: '1.30' } } };
    for (const [label, raw] of Object.entries(configs)) {
      it(`config ${label}: ${corpus.length} files`, () => {
        const { config } = loadConfig(raw);
        const gaps = corpus.flatMap(({ e, text }) => dryRunGaps(e.path, text, config).map((g) => `${cite(e)}: ${g}`));
        expect(gaps).toEqual([]);
      });
    }
  },
);

/**
 * What fix's output still makes check say, each still open in issue 39 with its reason. An
 * entry that no longer matches fails (the list cannot outlive the bug); anything else fails too.
 */
const OPEN: { config: string; match: RegExp; why: string }[] = [];

function unexplained(loud: string[], config: string): string[] {
  const open = OPEN.filter((o) => o.config === config);
  const stale = open.filter((o) => !loud.some((l) => o.match.test(l))).map((o) => `no longer seen, remove from OPEN: ${o.match}`);
  return [...loud.filter((l) => !open.some((o) => o.match.test(l))), ...stale];
}

describeIfHere(corpus.length > 0, 'a file of test/vendor/corpus/*.json (test/helpers/vendor-corpus.ts says where from)')(
  "check on fix's output is quiet: vendor corpus and golden fixtures (issue 39)",
  () => {
    const spec = (s: object) => ({ apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'c' }, spec: s });
    const configs = {
      default: undefined,
      '1.28': spec({ kubernetesVersion: '1.28' }),
      '1.30': spec({ kubernetesVersion: '1.30' }),
      'mesh.istio at 1.30': spec({ kubernetesVersion: '1.30', mesh: { istio: {} } }),
      'mesh.linkerd at 1.28': spec({ kubernetesVersion: '1.28', mesh: { linkerd: {} } }),
    };
    for (const [label, raw] of Object.entries(configs)) {
      it(`config ${label}: ${corpus.length} files`, () => {
        const { config, errors } = loadConfig(raw);
        expect(errors).toEqual([]);
        const loud = corpus.flatMap(({ e, text }) => loudAfterFix(e.path, text, config).map((g) => `${cite(e)}: ${g}`));
        expect(unexplained(loud, label)).toEqual([]);
      });
    }
    it('golden fixtures, each with its own config', () => {
      const loud = readdirSync(fixtures)
        .sort()
        .flatMap((name) => {
          const c = goldenCase(name);
          return c ? loudAfterFix(`${name}.yaml`, c.text, c.cfg).map((g) => `${name}: ${g}`) : [];
        });
      expect(unexplained(loud, 'golden')).toEqual([]);
    });
  },
);

describe('the dry-run comparison can fail', () => {
  it('a change check does not report is named: check with another config than fix', () => {
    // Sequenced as classic by fix under 1.28 (first, with a postStart wait): nothing left to report
    // there without a kubernetesVersion (a gated classic sidecar is evidence), while fix under 1.30
    // makes the proxy native.
    const raw = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
      - name: web
        image: web:1
      - name: cloud-sql-proxy
        image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1
        args: ["p:r:i"]
`;
    const classic = loadConfig({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { kubernetesVersion: '1.28' } }).config;
    const web = runFiles([readManifest('web.yaml', [], raw)], classic).files[0]!.output!;
    const { config: fix } = loadConfig({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { kubernetesVersion: '1.30' } });
    const { config: check } = loadConfig(undefined);
    expect(dryRunGaps('web.yaml', web, check)).toEqual([]);
    expect(dryRunGaps('web.yaml', web, fix, check).join('\n')).toMatch(/Deployment web: fix changes it, check reports nothing/);
  });
});
