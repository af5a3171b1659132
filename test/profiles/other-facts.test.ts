/**
 * Vendor facts kept outside the profile tables (issue 27), held to their sources like
 * facts.test.ts holds the profiles': which kinds allow containers without a name
 * (src/workloads/kinds.ts) and which programs wait for a database their env names
 * (src/pod/waits.ts). Each is read at its tag from the repository's snapshot
 * (/work/.mirror/<owner>+<name>/repo, or $POD_SEQUENCER_MIRROR); one without a snapshot is skipped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROGRAM_WAITS } from '../../src/pod/waits.js';
import { UNNAMED_CONTAINERS } from '../../src/workloads/kinds.js';

const mirror = process.env.POD_SEQUENCER_MIRROR ?? '/work/.mirror';
const SOURCE = /^([\w.-]+\/[\w.-]+)@([^:\s]+):(\S+)$/;
const gitDir = (repo: string) => join(mirror, repo.replace('/', '+'), 'repo');

function read(source: string): string | undefined {
  const [, repo, tag, path] = SOURCE.exec(source)!;
  try {
    return execFileSync('git', ['--git-dir', gitDir(repo!), 'show', `${tag}:${path}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined;
  }
}

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
  for (const row of rows) {
    it.skipIf(!existsSync(gitDir(SOURCE.exec(row.source)?.[1] ?? '')))(`${row.name}: ${row.source}`, () => {
      expect(row.source).toMatch(SOURCE);
      expect(read(row.source), `${row.source} does not say ${JSON.stringify(row.quote)}`).toContain(row.quote);
      for (const a of row.also) expect(read(a.source), `${a.source} does not say ${JSON.stringify(a.quote)}`).toContain(a.quote);
    });
  }
});
