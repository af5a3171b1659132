/**
 * Each vendor fact names its source (`owner/repo@tag:path`, src/profiles/*.ts): this reads that
 * file at that tag (shared/vendor-src first, else the repository's snapshot: test/helpers/vendor-src.ts)
 * and finds the row's evidence in it; a row that starts at a release and names the release before
 * (`absentAt`) must not have it there. A fact whose repository is in neither place is skipped, by
 * name; under POD_SEQUENCER_REQUIRE_VENDOR=1 it fails, naming the file shared/ lacks.
 */
import { describe, expect, it } from 'vitest';
import { TABLES } from '../../src/profiles/index.js';
import type { Fact } from '../../src/profiles/versions.js';
import { lacksSources, readCited as read, SOURCE, whereMissing } from '../helpers/vendor-src.js';
import { sharedDir } from '../helpers/vendor-corpus.js';
import { itSourcesHereOrAwaited } from '../helpers/vendor-it.js';

const rows = TABLES.flatMap((t) =>
  Object.entries(t).flatMap(([kind, v]) =>
    Array.isArray(v)
      ? (v as Fact<unknown>[]).map((row) => ({ name: `${t.name} ${kind} ${JSON.stringify(row.value)} (${row.since ?? ''}..${row.until ?? ''})`, row }))
      : [],
  ),
);

// One line naming what this machine lacks (the files to copy into shared/vendor-src), before the skips.
const lacking = [...new Set(rows.flatMap(({ row }) => [row.source, ...(row.absentAt ? [row.absentAt] : []), ...(row.also ?? []).map((a) => a.source)]))].filter(
  (s) => lacksSources(SOURCE.exec(s)?.[1] ?? ''),
);
if (lacking.length > 0) console.log(`vendor sources: not in ${sharedDir()}/vendor-src nor a snapshot (no tests for them): ${lacking.join(', ')}`);

describe('every vendor fact is stated by its source', () => {
  it('there are facts, and each names its source as owner/repo@tag:path', () => {
    expect(rows.length).toBeGreaterThan(60);
    for (const { name, row } of rows) expect(row.source, name).toMatch(SOURCE);
  });

  for (const { name, row } of rows) {
    const repo = SOURCE.exec(row.source)?.[1] ?? '';
    if (lacksSources(repo)) continue; // named in the line above
    it(`${name}: ${row.source}`, () => {
      const text = read(row.source);
      expect(text, `${row.source} does not exist: not at ${whereMissing(row.source)}`).toBeDefined();
      expect(text, `${row.source} does not say ${JSON.stringify(row.quote)}`).toContain(row.quote);
      if (row.absentAt) expect(read(row.absentAt) ?? '', `${row.absentAt} already says ${JSON.stringify(row.quote)}`).not.toContain(row.quote);
      // An `also` from another repository that this machine lacks (and shared/ awaits) is named above.
      for (const a of (row.also ?? []).filter((a) => !lacksSources(SOURCE.exec(a.source)?.[1] ?? '')))
        expect(read(a.source) ?? whereMissing(a.source), `${a.source} does not say ${JSON.stringify(a.quote)}`).toContain(a.quote);
    });
  }
});

/**
 * Facts a source states by what it leaves out: the text between `from` and `to` in the file at
 * each tag must not hold `absent` (and `from` must be there, so a moved function fails loudly).
 */
const ABSENT = [
  {
    // src/profiles/dapr.ts tokenSecret `toApps: false`: app containers get no DAPR_API_TOKEN.
    fact: 'dapr tokenSecret toApps false',
    sources: ['v1.14.0', 'v1.15.0', 'v1.16.0', 'v1.17.0', 'v1.18.0'].map((t) => `dapr/dapr@${t}:pkg/injector/patcher/sidecar_patcher.go`),
    from: 'func (c *SidecarConfig) addDaprEnvVarsToContainers(',
    to: '\n}\n',
    absent: 'APITokenEnvVar',
  },
];

describe('facts stated by what a source leaves out', () => {
  // Keeps the describe from being empty on a machine without these sources (vitest fails that).
  itSourcesHereOrAwaited(
    'facts stated by what a source leaves out',
    ABSENT.flatMap((a) => a.sources.map((s) => SOURCE.exec(s)![1]!)),
  );
  for (const a of ABSENT) {
    for (const source of a.sources) {
      if (lacksSources(SOURCE.exec(source)![1]!)) continue;
      it(`${a.fact}: ${source}`, () => {
        const text = read(source) ?? '';
        const start = text.indexOf(a.from);
        expect(start, `${source} has no ${JSON.stringify(a.from)}`).toBeGreaterThanOrEqual(0);
        const body = text.slice(start, text.indexOf(a.to, start));
        expect(body, `${source}: ${a.from} holds ${a.absent}`).not.toContain(a.absent);
      });
    }
  }
});
