/** The docs and catalog files agree with what the repository ships. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './helpers/cli.js';
import { BEGIN, END, renderReference, withReference } from '../scripts/gen-config-docs.mjs';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const examples = readdirSync(join(ROOT, 'examples'))
  .filter((d) => existsSync(join(ROOT, 'examples', d, 'Kptfile')))
  .sort();

const docs = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];
const reference = readFileSync(join(ROOT, 'docs', 'reference.md'), 'utf8');

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces to dashes. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
const anchorsOf = (md: string) => new Set([...md.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1]!)));

describe('README', () => {
  it('is a catalog page: at most 250 lines, reference one click away', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    for (const h of [
      '## Overview',
      '## Usage',
      '### kpt',
      '### kustomize',
      '### pre-commit',
      '## Configuration',
      '## Examples',
      '## Documentation',
      '## License',
    ]) {
      expect(readme, h).toMatch(new RegExp(`^${h}$`, 'm'));
    }
  });

  it('lists every example package, and only those', () => {
    const section = readme.slice(readme.indexOf('\n## Examples\n'), readme.indexOf('\n## ', readme.indexOf('\n## Examples\n') + 1));
    const listed = [...section.matchAll(/^\| \[([\w-]+)\]\(examples\/([\w-]+)\)/gm)].map((m) => m[2]).sort();
    expect(listed).toEqual(examples);
  });

  it('links every page under docs/', () => {
    const pages = docs.filter((d) => d.startsWith('docs') && !d.includes('/rules/'));
    for (const page of pages) expect(readme, page).toContain(`](${page.replace(/\\/g, '/')}`);
  });

  it('names only pre-commit hooks that .pre-commit-hooks.yaml defines', () => {
    const hooksFile = join(ROOT, '.pre-commit-hooks.yaml');
    if (!existsSync(hooksFile)) return;
    const ids = (parse(readFileSync(hooksFile, 'utf8')) as { id: string }[]).map((h) => h.id);
    const named = [...readme.matchAll(/- id: ([\w-]+)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const id of named) expect(ids, id).toContain(id);
  });
});

describe('docs/', () => {
  it('has the FunctionConfig reference generated from the schema (else run `npm run docs:config`)', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'schema', 'podsequence.schema.json'), 'utf8'));
    expect(reference).toContain(BEGIN);
    expect(reference).toContain(END);
    expect(withReference(reference, renderReference(schema)), 'docs/reference.md is out of date: run `npm run docs:config`').toBe(reference);
  });

  it.each(docs)('%s: every relative link points at a file (and heading) that exists', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^(https?:|mailto:)/.test(l));
    for (const link of links) {
      const [path, hash] = link.split('#') as [string, string | undefined];
      const target = path === '' ? join(ROOT, page) : join(ROOT, dirname(page), path);
      expect(existsSync(target), `${page}: ${link}`).toBe(true);
      if (hash && target.endsWith('.md')) expect(anchorsOf(readFileSync(target, 'utf8')).has(hash), `${page}: ${link}`).toBe(true);
    }
  });

  // Every config in a page (a PodSequence, or the spec: of one) loads: test/docs-run.test.ts,
  // which runs or checks every fenced block of the docs.
});

describe('catalog and package files', () => {
  it('metadata.yaml points at the example packages', () => {
    const meta = parse(readFileSync(join(ROOT, 'metadata.yaml'), 'utf8')) as {
      license: string;
      tags: string[];
      examplePackageURLs: string[];
      description: string;
      image: string;
    };
    expect(meta.license).toBe('Apache-2.0');
    expect(meta.tags).toEqual(expect.arrayContaining(['mutator', 'validator']));
    // No image is published yet, so none is named (docs/integrations.md says how to build one).
    expect(meta.image).toBeUndefined();
    for (const page of [...docs, 'metadata.yaml', 'Dockerfile']) expect(readFileSync(join(ROOT, page), 'utf8'), page).not.toMatch(/localhost\/pod-sequencer/);
    expect(meta.description).toBeTruthy();
    expect(meta.examplePackageURLs.map((u) => u.replace(/^examples\//, '')).sort()).toEqual(examples);
  });

  it('LICENSE is Apache-2.0, as package.json says', () => {
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004/);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.license).toBe('Apache-2.0');
    expect(pkg.engines.node).toBe('>=20.19');
  });

  it('CHANGELOG.md has an Unreleased section', () => {
    expect(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8')).toMatch(/^## \[Unreleased\]$/m);
  });
});
