/**
 * Workloads with a wrong type anywhere in the pod template (a number for a list, a list for a
 * map, null, ...): the filter never crashes. It writes output (a workload it cannot read left as
 * it is, with an error naming the field: issue 27), or refuses with exactly one error that names
 * a line, and never writes a partial ResourceList.
 *
 * Replay: POD_SEQUENCER_FC_SEED / POD_SEQUENCER_FC_PATH / POD_SEQUENCER_FC_RUNS (see test/helpers/arbitraries.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runFilter } from '../../src/run.js';
import { config, fcParams, renderList, style, workload, WORKLOAD_KINDS } from '../helpers/arbitraries.js';
import { templateOf } from '../properties/k8s.js';

type Obj = Record<string, unknown>;

/** Every path under the pod template, with the template's own path first. */
function paths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...at, i])));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}

function setAt(root: Obj, path: (string | number)[], value: unknown): void {
  let cur = root as Record<string | number, unknown>;
  for (const p of path.slice(0, -1)) cur = cur[p] as Record<string | number, unknown>;
  cur[path[path.length - 1]!] = value;
}

const garbage = fc.oneof(fc.constantFrom(null, 0, -1, 1.5, true, '', 'x', [], {}, [null], [1, 2], { name: 7 }, [{}], ['a', 3]), fc.jsonValue({ maxDepth: 3 }));

/** A valid workload with one value somewhere in its pod template replaced by garbage. */
const spoiled = fc
  .constantFrom(...WORKLOAD_KINDS)
  .chain((kind) => workload(kind, 'spoiled'))
  .chain((w) => {
    const tmpl = templateOf(w)!;
    const base = paths(tmpl).filter((p) => p.length > 0);
    return fc.record({ w: fc.constant(w), path: fc.constantFrom(...base), value: garbage });
  })
  .map(({ w, path, value }) => {
    const copy = structuredClone(w);
    setAt(templateOf(copy)! as Obj, path, value);
    return copy;
  });

describe('garbage in pod templates', () => {
  it('never crashes: output, or one error naming a line', () => {
    fc.assert(
      fc.property(spoiled, config, style, (item, cfg, s) => {
        const text = renderList({ items: [item], config: cfg, style: s });
        const out = runFilter(text);
        expect(out.results.map((r) => r.message).join('\n')).not.toMatch(/internal error/);
        if (out.stdout !== '') {
          for (const r of out.results.filter((x) => /is left as it is$/.test(x.message))) expect(r.field?.path, r.message).toBeTruthy();
          return;
        }
        expect(out.exitCode).toBe(1);
        expect(out.results).toHaveLength(1);
        expect(out.results[0]!.severity).toBe('error');
        if (s.json) return;
        // Under kpt the item names its file (its path annotation); the ResourceList line follows.
        const file = (item as { metadata?: { annotations?: Record<string, string> } }).metadata?.annotations?.['internal.config.kubernetes.io/path'];
        const where = file
          ? new RegExp(`^${file.replace(/\./g, '\\.')}( \\(document \\d+\\))?: .* \\(line \\d+, column \\d+ of the ResourceList it came in\\)$`, 's')
          : /^line \d+, column \d+: items\[0\]: /;
        expect(out.results[0]!.message).toMatch(where);
      }),
      fcParams(150),
    );
  });
});
