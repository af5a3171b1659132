/**
 * Real dumps, by reference (test/audit/corpus/live-dumps.json: repo, commit, path, license),
 * read from shared/vendor or a snapshot (test/helpers/vendor-corpus.ts): what kubectl printed on
 * someone's cluster, read as audit reads any dump. A healthy pod is no finding.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/index.js';
import { parseDump } from '../../src/audit/input.js';
import { loadConfig } from '../../src/config/load.js';
import { ROOT } from '../helpers/cli.js';
import { availableCorpus, cite, corpusEntries } from '../helpers/vendor-corpus.js';

const dumps = availableCorpus(corpusEntries(join(ROOT, 'test', 'audit', 'corpus')), 'kubectl dumps for audit');

describe('real kubectl dumps', () => {
  it('the list names each dump with its commit and license', () => {
    for (const e of corpusEntries(join(ROOT, 'test', 'audit', 'corpus'))) expect(e.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it.each(dumps.map((d) => [cite(d.e), d] as const))('%s: read whole; the healthy pods are no finding', (_name, d) => {
    const objects = parseDump(d.e.path, Buffer.from(d.text));
    expect(objects.length).toBeGreaterThan(0);
    const r = audit(objects, loadConfig(undefined).config);
    expect(r.read.pods).toBe(objects.filter((o) => o.kind === 'Pod').length);
    if (d.e.tags?.includes('healthy')) expect(r.findings).toEqual([]);
  });
});
