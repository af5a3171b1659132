/** The docs and catalog files agree with what the repository ships. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './helpers/cli.js';
import { BEGIN, END, renderReference, withReference } from '../scripts/gen-config-docs.mjs';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const examples = readdirSync(join(ROOT, 'examples'))
  .filter((d) => existsSync(join(ROOT, 'examples', d, 'Kptfile')))
  .sort();

describe('README', () => {
  it('has the FunctionConfig reference generated from the schema (else run `npm run docs:config`)', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'schema', 'podsequence.schema.json'), 'utf8'));
    expect(readme).toContain(BEGIN);
    expect(readme).toContain(END);
    expect(withReference(readme, renderReference(schema)), 'README.md is out of date: run `npm run docs:config`').toBe(readme);
  });

  it('lists every example package, and only those', () => {
    const section = readme.slice(readme.indexOf('\n## Examples\n'), readme.indexOf('\n## ', readme.indexOf('\n## Examples\n') + 1));
    const listed = [...section.matchAll(/^\| \[([\w-]+)\]\(examples\/([\w-]+)\)/gm)].map((m) => m[2]).sort();
    expect(listed).toEqual(examples);
  });

  it('has the catalog sections', () => {
    for (const h of [
      '## Overview',
      '## Usage',
      '### kpt',
      '### kustomize',
      '### pre-commit',
      '### ArgoCD config management plugin',
      '### As a container function',
      '### As a single executable (no Node)',
      '### As a library (TypeScript)',
      '## FunctionConfig',
      '## Examples',
      '## Results and rules',
      '## FAQ',
    ]) {
      expect(readme, h).toMatch(new RegExp(`^${h.replace(/[()]/g, '\\$&')}$`, 'm'));
    }
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
    expect(meta.image).toBeTruthy();
    expect(meta.description).toBeTruthy();
    expect(meta.examplePackageURLs.map((u) => u.replace(/^examples\//, '')).sort()).toEqual(examples);
  });

  it('LICENSE is Apache-2.0, as package.json says', () => {
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004/);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.license).toBe('Apache-2.0');
    expect(pkg.engines.node).toBe('>=20');
  });

  it('CHANGELOG.md has an Unreleased section', () => {
    expect(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8')).toMatch(/^## \[Unreleased\]$/m);
  });
});
