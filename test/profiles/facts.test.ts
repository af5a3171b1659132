/**
 * Each vendor fact names its source (`owner/repo@tag:path`, src/profiles/*.ts): this reads that
 * file at that tag from the repository's snapshot (/work/.mirror/<owner>+<name>/repo, or
 * $POD_SEQUENCER_MIRROR) and finds the row's evidence in it; a row that starts at a release and
 * names the release before (`absentAt`) must not have it there. A fact whose repository has no
 * snapshot here is skipped, by name.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLES } from '../../src/profiles/index.js';
import type { Fact } from '../../src/profiles/versions.js';

const mirror = process.env.POD_SEQUENCER_MIRROR ?? '/work/.mirror';
const SOURCE = /^([\w.-]+\/[\w.-]+)@([^:\s]+):(\S+)$/;

function gitDir(repo: string): string | undefined {
  const dir = join(mirror, repo.replace('/', '+'), 'repo');
  return existsSync(dir) ? dir : undefined;
}

/** The file's text at the cited tag; undefined when the file is not there at that tag. */
function read(source: string): string | undefined {
  const [, repo, tag, path] = SOURCE.exec(source)!;
  try {
    return execFileSync('git', ['--git-dir', gitDir(repo!)!, 'show', `${tag}:${path}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 << 20,
    });
  } catch {
    return undefined;
  }
}

const rows = TABLES.flatMap((t) =>
  Object.entries(t).flatMap(([kind, v]) =>
    Array.isArray(v)
      ? (v as Fact<unknown>[]).map((row) => ({ name: `${t.name} ${kind} ${JSON.stringify(row.value)} (${row.since ?? ''}..${row.until ?? ''})`, row }))
      : [],
  ),
);

describe('every vendor fact is stated by its source', () => {
  it('there are facts, and each names its source as owner/repo@tag:path', () => {
    expect(rows.length).toBeGreaterThan(60);
    for (const { name, row } of rows) expect(row.source, name).toMatch(SOURCE);
  });

  for (const { name, row } of rows) {
    const repo = SOURCE.exec(row.source)?.[1] ?? '';
    it.skipIf(!gitDir(repo))(`${name}: ${row.source}`, () => {
      const text = read(row.source);
      expect(text, `${row.source} does not exist`).toBeDefined();
      expect(text, `${row.source} does not say ${JSON.stringify(row.quote)}`).toContain(row.quote);
      if (row.absentAt) expect(read(row.absentAt) ?? '', `${row.absentAt} already says ${JSON.stringify(row.quote)}`).not.toContain(row.quote);
      for (const a of row.also ?? []) expect(read(a.source), `${a.source} does not say ${JSON.stringify(a.quote)}`).toContain(a.quote);
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
  for (const a of ABSENT) {
    for (const source of a.sources) {
      it.skipIf(!gitDir(SOURCE.exec(source)![1]!))(`${a.fact}: ${source}`, () => {
        const text = read(source) ?? '';
        const start = text.indexOf(a.from);
        expect(start, `${source} has no ${JSON.stringify(a.from)}`).toBeGreaterThanOrEqual(0);
        const body = text.slice(start, text.indexOf(a.to, start));
        expect(body, `${source}: ${a.from} holds ${a.absent}`).not.toContain(a.absent);
      });
    }
  }
});
