/**
 * Every directory under fixtures/check/ is a case named `<rule>-positive` or `<rule>-negative`:
 * input.yaml (plain multi-document YAML) and an optional config.yaml are checked; the text
 * report must equal expected.txt (regenerate with UPDATE_GOLDEN=1, then read the diff).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { rules } from '../../src/check/index.js';
import { counts, formatText } from '../../src/check/report.js';
import { loadConfig } from '../../src/config/load.js';
import { readManifest, type Note } from '../../src/files/read.js';
import { runFiles, withFixCommand } from '../../src/files/run.js';
import { runFilter } from '../../src/run.js';
import { golden } from '../helpers/golden.js';

const root = join(__dirname, '..', '..', 'fixtures', 'check');
const cases = readdirSync(root).sort();

function load(name: string) {
  const dir = join(root, name);
  const cfgPath = join(dir, 'config.yaml');
  const raw = existsSync(cfgPath) ? parse(readFileSync(cfgPath, 'utf8')) : undefined;
  const { config, errors } = loadConfig(raw);
  expect(errors).toEqual([]);
  const source = readFileSync(join(dir, 'input.yaml'), 'utf8');
  return { raw, config: { ...config, mode: 'check' as const }, source };
}

function check(name: string) {
  const { config, source } = load(name);
  const notes: Note[] = [];
  const file = readManifest(`${name}/input.yaml`, notes, source);
  return { notes, ...runFiles([file], config) };
}

describe('rule cases (fixtures/check)', () => {
  it('has a positive and a negative case for every rule that exists', () => {
    for (const rule of rules) {
      for (const side of ['positive', 'negative']) {
        expect(cases, `add fixtures/check/${rule.id}-${side}/input.yaml (then UPDATE_GOLDEN=1)`).toContain(`${rule.id}-${side}`);
      }
    }
  });

  for (const name of cases) {
    const rule = name.replace(/-(positive|negative)$/, '');
    const positive = name.endsWith('-positive');

    it(`${name}: report`, () => {
      const { findings, notes, files } = check(name);
      expect(notes).toEqual([]);
      expect(files[0]!.output).toBeUndefined(); // check never changes anything
      const exit = counts(findings).error > 0 ? 1 : 0;
      golden(
        join(root, name, 'expected.txt'),
        `exit ${exit}\n${formatText(
          findings.map((f) => withFixCommand(f)),
          1,
          { verbose: true },
        )}`,
      );
      const mine = findings.filter((f) => f.result.tags?.rule === rule);
      if (positive) expect(mine.length).toBeGreaterThan(0);
      else expect(mine).toEqual([]);
    });

    it(`${name}: the KRM filter in mode check reports the same findings`, () => {
      const { raw, source } = load(name);
      const items = parseAllDocuments(source).map((d) => d.toJS());
      const functionConfig = { ...(raw ?? { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'function-input' }, data: {} }) };
      if (functionConfig.kind === 'ConfigMap') functionConfig.data = { ...functionConfig.data, mode: 'check' };
      else functionConfig.spec = { ...functionConfig.spec, mode: 'check' };
      const out = runFilter(stringify({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items, functionConfig }));
      const krm = out.results.map((r) => [r.tags?.rule, r.severity, r.field?.path, r.message]);
      const plain = check(name).findings.map((f) => [f.result.tags?.rule, f.result.severity, f.result.field?.path, f.result.message]);
      expect(krm.sort()).toEqual(plain.sort());
      expect(out.exitCode).toBe(plain.some((p) => p[1] === 'error') ? 1 : 0);
    });
  }
});
