/**
 * The profile names (src/profiles/names.generated.ts), the schema's profile enum and
 * docs/profiles.md are generated from the vendor tables by scripts/gen-facts.mjs: a table edited
 * without regenerating fails here, naming the file.
 */
import { describe, expect, it } from 'vitest';
import { PROFILE_NAMES } from '../../src/profiles/names.generated.js';
import { TABLES } from '../../src/profiles/index.js';
import { compareVersions, factAt, factsAt } from '../../src/profiles/versions.js';
import { renderDocs, stale, withProfileEnum } from '../../scripts/gen-facts.mjs';

describe('generated from the vendor tables', () => {
  it('names, schema enum and docs/profiles.md are up to date (npm run docs:config)', async () => {
    const out = (await stale()) as [string, string][];
    expect(out.map(([path]) => path)).toEqual([]);
  });

  it('the names are the tables', () => {
    expect([...PROFILE_NAMES]).toEqual(TABLES.map((t) => t.name));
  });

  it('a new table would change the enum and the docs', () => {
    const more = [...TABLES, { ...TABLES[0]!, name: 'consul' }];
    expect(withProfileEnum('"profile": {\n "description": "x",\n "enum": ["istio"]', more)).toContain('"consul"]');
    expect(renderDocs(more)).toContain('## consul');
  });
});

describe('versions, on the vendor own scheme', () => {
  it('compares numerically, with prefixes and missing parts', () => {
    expect(compareVersions('1.9.0', '1.24.0')).toBeLessThan(0);
    expect(compareVersions('stable-2.14.10', '2.15')).toBeLessThan(0);
    expect(compareVersions('v2.8.0', '2.8')).toBe(0);
    expect(compareVersions('2.14.1', '2.14.0')).toBeGreaterThan(0);
  });

  const rows = [
    { value: 'old', until: '2.14.0', source: 's', quote: 'q', whenUnknown: true },
    { value: 'new', since: '2.14.0', source: 's', quote: 'q' },
  ];
  it('picks the row whose range holds, the whenUnknown one without a version', () => {
    expect(factAt(rows, '2.13.9')?.value).toBe('old');
    expect(factAt(rows, '2.14.0')?.value).toBe('new');
    expect(factAt(rows, undefined)?.value).toBe('old');
    expect(factAt([rows[1]!], '2.13.0')).toBeUndefined();
    expect(factsAt(rows, undefined).map((r) => r.value)).toEqual(['old', 'new']);
  });
});
