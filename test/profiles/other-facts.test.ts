/**
 * Vendor facts kept outside the profile tables (issue 27), held to their sources like
 * facts.test.ts holds the profiles': which kinds allow containers without a name
 * (src/workloads/kinds.ts) and which programs wait for a database their env names
 * (src/pod/waits.ts). Each is read at its tag from shared/vendor-src, else the repository's
 * snapshot (test/helpers/vendor-src.ts).
 */
import { describe, expect, it } from 'vitest';
import { PROGRAM_WAITS } from '../../src/pod/waits.js';
import { UNNAMED_CONTAINERS } from '../../src/workloads/kinds.js';
import { itSourcesHereOrAwaited } from '../helpers/vendor-it.js';
import { lacksSources, readCited as read, SOURCE } from '../helpers/vendor-src.js';

const rows = [
  ...UNNAMED_CONTAINERS.map((r) => ({
    name: `unnamed containers: ${r.group}`,
    source: r.source,
    quote: r.quote,
    also: [] as { source: string; quote: string }[],
  })),
  ...PROGRAM_WAITS.map((r) => ({ name: `program wait: ${String(r.program)}`, source: r.source, quote: r.quote, also: r.also })),
];

describe('facts outside the profile tables are stated by their sources', () => {
  itSourcesHereOrAwaited(
    'these facts',
    [...rows.map((r) => r.source), ...rows.flatMap((r) => r.also.map((a) => a.source))].map((x) => SOURCE.exec(x)?.[1] ?? ''),
  );
  for (const row of rows) {
    if (lacksSources(SOURCE.exec(row.source)?.[1] ?? '')) continue;
    it(`${row.name}: ${row.source}`, () => {
      expect(row.source).toMatch(SOURCE);
      expect(read(row.source), `${row.source} does not say ${JSON.stringify(row.quote)}`).toContain(row.quote);
      for (const a of row.also) expect(read(a.source), `${a.source} does not say ${JSON.stringify(a.quote)}`).toContain(a.quote);
    });
  }
});
