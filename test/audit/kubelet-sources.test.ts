/**
 * The kubelet defect table (src/audit/kubelet.ts) holds what its sources say: each release
 * note quoted is in the file at the tag named, read from shared/vendor-src or a snapshot
 * (test/helpers/vendor-src.ts). Without kubernetes/kubernetes here, one line says so.
 */
import { describe, expect, it } from 'vitest';
import { KUBELET_DEFECTS } from '../../src/audit/kubelet.js';
import { holds } from '../../src/profiles/versions.js';
import { lacksSources, readCited, SOURCE, whereMissing } from '../helpers/vendor-src.js';

const sources = KUBELET_DEFECTS.flatMap((d) => d.sources.map((s) => ({ issue: d.issue, ...s })));

describe('kubelet defects: sources', () => {
  it('every source is `owner/repo@tag:path`, and every fixed patch has its release notes', () => {
    for (const s of sources) expect(s.source).toMatch(SOURCE);
    for (const d of KUBELET_DEFECTS) {
      for (const r of d.affected.filter((x) => x.fixedIn)) expect(d.sources.some((s) => s.source.includes(`@v${r.fixedIn}:`))).toBe(true);
      // A fixed release is outside every affected range.
      for (const r of d.affected.filter((x) => x.fixedIn)) expect(d.affected.some((x) => holds(x, r.fixedIn!))).toBe(false);
    }
  });

  const here = sources.filter(() => !lacksSources('kubernetes/kubernetes'));
  if (here.length === 0)
    console.log(`kubelet defects: kubernetes/kubernetes sources not here (${sources.map((s) => whereMissing(s.source)).join(', ')}); no quote checks`);
  it.each(here.map((s) => [s.source, s] as const))('%s holds its quote', (_source, s) => {
    const text = readCited(s.source);
    expect(text, `not here: ${whereMissing(s.source)}`).toBeDefined();
    expect(text).toContain(s.quote);
  });
});
