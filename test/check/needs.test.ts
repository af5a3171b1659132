/**
 * A rule's `needs` (src/pod/summary.ts) only skips it where it would find nothing: on every
 * workload of the rule fixtures (fixtures/check, each made to trigger or not trigger a rule) and
 * of the vendor corpus, every rule the dispatcher would skip is run anyway and must report
 * nothing. Config: the fixture's own, else Kubernetes 1.28 and 1.30, in check mode.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { rules } from '../../src/check/index.js';
import { loadConfig } from '../../src/config/load.js';
import type { Config } from '../../src/config/types.js';
import { makeCtx, noFacts } from '../../src/pod/context.js';
import { applies, summaryOf } from '../../src/pod/summary.js';
import { workloadsOf } from '../../src/process.js';
import { sitesFor } from '../../src/workloads/kinds.js';
import { availableCorpus, cite, corpusEntries } from '../helpers/vendor-corpus.js';

const version = (v: string) => loadConfig({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { kubernetesVersion: v } }).config;
const CONFIGS: Config[] = [version('1.28'), version('1.30')].map((c) => ({ ...c, mode: 'check' as const }));

/** The rules skipped on each workload of `text` that report something when run: `kind/name rule` each. */
function hidden(text: string, configs: Config[]): string[] {
  const out: string[] = [];
  for (const doc of parseAllDocuments(text)) {
    const obj = doc.toJS() as Record<string, unknown> | null;
    if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) continue;
    for (const cfg of configs) {
      const sites = sitesFor(obj.apiVersion as string | undefined, obj.kind as string | undefined, cfg.workloadKinds);
      if (!sites) continue;
      for (const w of workloadsOf(structuredClone(obj), sites)) {
        const ctx = makeCtx(cfg, w, [], noFacts());
        const pod = summaryOf(ctx);
        for (const rule of rules) {
          if (applies(rule.needs, pod)) continue;
          let said = 0;
          rule.check(ctx, () => void said++, 0);
          if (said > 0) out.push(`${w.kind}/${w.ref.name} ${rule.id}`);
        }
      }
    }
  }
  return out;
}

describe('rule needs: a skipped rule would have found nothing', () => {
  const root = join(__dirname, '..', '..', 'fixtures', 'check');
  it.each(readdirSync(root).sort())('fixtures/check/%s', (name) => {
    const cfgPath = join(root, name, 'config.yaml');
    const own = existsSync(cfgPath) ? loadConfig(parse(readFileSync(cfgPath, 'utf8'))).config : undefined;
    const configs = own ? [{ ...own, mode: 'check' as const }] : CONFIGS;
    expect(hidden(readFileSync(join(root, name, 'input.yaml'), 'utf8'), configs)).toEqual([]);
  });

  const files = availableCorpus(corpusEntries(), 'vendor corpus');
  it.each(files.map((f) => [cite(f.e), f.text] as const))('%s', (_, text) => {
    expect(hidden(text, CONFIGS)).toEqual([]);
  });

  it('skips on a pod with nothing to do: one app container', () => {
    const text =
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n      - name: web\n        image: web:1\n';
    const obj = parse(text) as Record<string, unknown>;
    const w = workloadsOf(obj, sitesFor('apps/v1', 'Deployment', [])!)[0]!;
    const pod = summaryOf(makeCtx(CONFIGS[0]!, w, [], noFacts()));
    expect(rules.filter((r) => applies(r.needs, pod)).map((r) => r.id)).toEqual(['missing-entrypoint', 'pending-change']);
  });
});
