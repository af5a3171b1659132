/**
 * Each catalog row (src/workloads/catalog.ts) names where it was read (`owner/repo@tag:path`) and a
 * quote: this reads that file at that tag, from /work/shared/vendor-src/<owner>+<name>/<tag>/<path>
 * first (../shared in CI), else from the repository's snapshot (/work/.mirror, or
 * $POD_SEQUENCER_MIRROR), and finds the quote in it. A source found in neither is skipped, by name.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG, catalogKind, ENV_READERS, POD_OWNERS } from '../../src/workloads/catalog.js';
import { parsePattern, pathProblem } from '../../src/workloads/paths.js';
import { lacksSources, readCited as read, SOURCE } from '../helpers/vendor-src.js';

const evidence = [
  ...CATALOG,
  ...POD_OWNERS.map((o) => ({ ...o, group: o.group, kind: `Pod owned by ${o.kind}` })),
  ...ENV_READERS.map((r) => ({ ...r, kind: `${r.kind} (reads a workload's containers[0])` })),
].flatMap((k) => [{ k, source: k.source, quote: k.quote }, ...(k.also ?? []).map((a) => ({ k, ...a }))]);

describe('the workload catalog', () => {
  it('names its sources as owner/repo@tag:path, and every template path is well formed', () => {
    expect(CATALOG.length).toBeGreaterThan(20);
    for (const { k, source } of evidence) expect(source, `${k.group}/${k.kind}`).toMatch(SOURCE);
    for (const k of CATALOG) {
      expect(k.templates.length, k.kind).toBeGreaterThan(0);
      for (const t of k.templates) if (t.path !== '') expect(pathProblem(t.path), `${k.kind} ${t.path}`).toBeUndefined();
      // Controller-ended sites say why in their result.
      if (k.templates.some((t) => t.sidecarsEndedBy === 'controller')) expect(k.controllerNote, k.kind).toBeTruthy();
    }
  });

  it('has one row per group, kind and version', () => {
    const seen = new Set<string>();
    for (const k of CATALOG)
      for (const v of k.versions) {
        const id = `${k.group}/${v} ${k.kind}`;
        expect(seen.has(id), id).toBe(false);
        seen.add(id);
        expect(catalogKind(`${k.group}/${v}`, k.kind)).toBe(k);
      }
    expect(catalogKind('apps/v1', 'StatefulSet')).toBeUndefined();
    expect(parsePattern('spec.pytorchReplicaSpecs.*.template')).toHaveLength(4);
  });

  for (const { k, source, quote } of evidence) {
    // shared/vendor-src first, then a snapshot; neither: no test (test/helpers/vendor-src.ts)
    if (lacksSources(SOURCE.exec(source)?.[1] ?? '')) continue;
    it(`${k.group} ${k.kind}: ${source}`, () => {
      const text = read(source);
      expect(text, `${source} does not exist`).toBeDefined();
      expect(text, `${source} does not say ${JSON.stringify(quote)}`).toContain(quote);
    });
  }
});
