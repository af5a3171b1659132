/**
 * Every rule has its page (docs/rules/<id>.md), and what follows the rule list is current: the
 * schema's rule id enum and the SARIF help generated from the pages (scripts/gen-rules.mjs).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleInfos } from '../../src/check/index.js';
import { DOCS_MODULE, pagePath, pageSections, renderDocsModule, schemaWithIds, SCHEMA, SECTIONS } from '../../scripts/gen-rules.mjs';
import { ROOT } from '../helpers/cli.js';

const ids = ruleInfos.map((r) => r.id as string);

describe('docs/rules/<rule-id>.md', () => {
  it.each(ids)('%s: a one-line summary, then What it finds, Why (with an upstream source), How to fix, How to suppress', (id) => {
    expect(existsSync(pagePath(id)), `write docs/rules/${id}.md`).toBe(true);
    const text = readFileSync(pagePath(id), 'utf8');
    expect(text.split('\n')[0]).toBe(`# ${id}`);
    const { summary, sections } = pageSections(text);
    expect(summary.split('\n')).toHaveLength(1);
    expect([...sections.keys()]).toEqual(SECTIONS);
    for (const [name, body] of sections) expect(body.length, `${id}: ## ${name}`).toBeGreaterThan(40);
    expect(sections.get('Why')).toMatch(/[\w-]+\/[\w-]+#\d+|https:\/\/|issue \d+/);
    if (ruleInfos.find((r) => r.id === id)!.byAnnotation !== false) expect(sections.get('How to suppress')).toContain(`pod-sequencer.dev/ignore.${id}: "`);
    expect(sections.get('How to suppress')).toMatch(new RegExp(`spec:\\n  rules:\\n    ${id}: `));
    expect(summary).toContain(`Default severity: \`${ruleInfos.find((r) => r.id === id)!.severity}\``);
  });

  it('no page for a rule that does not exist', () => {
    const pages = readdirSync(join(ROOT, 'docs', 'rules')).map((f) => f.replace(/\.md$/, ''));
    expect(pages.filter((p) => !ids.includes(p))).toEqual([]);
  });
});

describe('generated from the rule list (npm run gen:rules)', () => {
  it('the schema lists exactly the rule ids', () => {
    const text = readFileSync(SCHEMA, 'utf8');
    expect(schemaWithIds(text, ids), 'schema/podsequence.schema.json is stale: run npm run gen:rules').toBe(text);
    expect(JSON.parse(text).definitions.ruleId.enum).toEqual(ids);
  });

  it('the SARIF help is the pages as they are', () => {
    expect(renderDocsModule(ids), 'src/check/rule-docs.generated.ts is stale: run npm run gen:rules').toBe(readFileSync(DOCS_MODULE, 'utf8'));
  });
});
