/**
 * Every vendor fact holds at both ends of the releases the docs claim for it (docs/profiles.md:
 * a table's oldest and newest, narrowed by the row's own since/until): the row's quote, spaces
 * aside, is in its source file at that end's tag, or one of its `also` rows cites that tag. Rows
 * name one tag each; this catches a fact read at the newest release and claimed for the oldest
 * (issue 15: "right for every release the docs claim"). Sources are read as facts.test.ts reads
 * them (test/helpers/vendor-src.ts); a repository in neither place is skipped by name (fails under
 * POD_SEQUENCER_REQUIRE_VENDOR=1); a known gap is listed with its reason, exactly.
 */
import { describe, expect, it } from 'vitest';
import { TABLES } from '../../src/profiles/index.js';
import { compareVersions, type Fact } from '../../src/profiles/versions.js';
import { describeIfHere } from '../helpers/vendor-it.js';
import { lacksSources, readSource, SOURCE, tagsOf, whereTags } from '../helpers/vendor-src.js';

/** A release on the vendor's scheme as the repository tags it: 1.22.0, v1.14.0, version-2.15. */
const tagOf = (repo: string, release: string) => [release, `v${release}`, `version-${release}`].find((t) => tagsOf(repo).includes(t));

const read = (repo: string, tag: string, path: string): string => readSource(repo, tag, path) ?? '';
const squash = (s: string) => s.replace(/\s+/g, ' ');

/** Known gaps: `<table> <kind> <end>` -> why it is not a wrong claim. */
const GAPS: Record<string, string> = {
  // Istio 1.22's CNI chart has no ztunnel selector in values.yaml (ambient was beta); its
  // DataplaneModeLabel (pkg/config/constants/constants.go) exists. The sidecar injector
  // (pkg/kube/inject/inject.go) reads the label in no release: the row is the CNI's selector.
  'istio injection 1.22.0': 'ambient selector not in 1.22 values.yaml',
};

/**
 * Rows cited from another project than the vendor's (Envoy's usual container name, from Contour's
 * manifests): that project's tags are not the table's releases, so there are no ends to read
 * (no test, rather than a skipped one: `.ci/run` fails on any skip).
 */
const OTHER_SCHEME = new Set(['envoy projectcontour/contour']);

const rows = TABLES.flatMap((t) =>
  Object.entries(t).flatMap(([kind, v]) =>
    Array.isArray(v) && kind !== 'edges' ? (v as Fact<unknown>[]).map((row) => ({ t, kind, row, repo: SOURCE.exec(row.source)![1]! })) : [],
  ),
).filter(({ t, repo }) => !OTHER_SCHEME.has(`${t.name} ${repo}`));

/** The rows whose repository's sources are here (facts.test.ts names what is missing). */
const here = rows.filter(({ repo }) => !lacksSources(repo));

// Needs no sources, so a clone without any still runs a test here (vitest fails an empty file).
describe('the lists of exceptions', () => {
  it('name tables, kinds and projects the tables have', () => {
    const all = TABLES.flatMap((t) =>
      Object.entries(t).flatMap(([kind, v]) => (Array.isArray(v) ? (v as Fact<unknown>[]).map((row) => ({ t, kind, row })) : [])),
    );
    const gap = (k: string) => all.some(({ t, kind }) => k.startsWith(`${t.name} ${kind} `));
    const other = (k: string) => all.some(({ t, row }) => k === `${t.name} ${SOURCE.exec(row.source)?.[1]}`);
    expect([...Object.keys(GAPS).filter((k) => !gap(k)), ...[...OTHER_SCHEME].filter((k) => !other(k))]).toEqual([]);
  });
});

describeIfHere(here.length > 0, "the sources of a fact's repository (test/helpers/vendor-src.ts)")(
  'every fact holds at both ends of its claimed releases',
  () => {
    const gapsSeen = new Set<string>();
    for (const { t, kind, row, repo } of here) {
      const low = row.since && compareVersions(row.since, t.releases.oldest) > 0 ? row.since : t.releases.oldest;
      const ends = [low, ...(row.until ? [] : [t.releases.newest])];
      for (const end of ends) {
        const tag = tagOf(repo, end);
        const name = `${t.name} ${kind} ${JSON.stringify(row.value)} at ${end}`;
        it(name, () => {
          expect(tag, `${repo} has no tag for ${end} in ${whereTags(repo)}`).toBeDefined();
          const [, , srcTag, path] = SOURCE.exec(row.source)!;
          if (srcTag === tag) return; // the row's own source (facts.test.ts)
          const found =
            squash(read(repo, tag!, path!)).includes(squash(row.quote)) ||
            (row.also ?? []).some((a) => {
              const [, r, at, p] = SOURCE.exec(a.source)!;
              return at === tag && squash(read(r!, at!, p!)).includes(squash(a.quote));
            });
          const gap = GAPS[`${t.name} ${kind} ${end}`];
          if (gap !== undefined && !found) gapsSeen.add(`${t.name} ${kind} ${end}`);
          else expect(found, `${name}: ${repo}@${tag}:${path} does not say ${JSON.stringify(row.quote)}, and no 'also' row cites ${tag}`).toBe(true);
        });
      }
    }
    if (!lacksSources('istio/istio'))
      it('every listed gap is still one', () => {
        expect(Object.keys(GAPS).filter((g) => !gapsSeen.has(g))).toEqual([]);
      });
  },
);
