/**
 * Every rule page under docs/rules/ follows one shape (issue 18): a title naming the rule, a
 * one-line summary, then What it finds, Why (with an upstream report), How to fix, How to
 * suppress (with the rule's own ignore annotation); and it names a rule that exists. The rules
 * added with the page format must have one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../../src/check/index.js';
import { ROOT } from '../helpers/cli.js';

const dir = join(ROOT, 'docs', 'rules');
const pages = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.md')) : [];
const SECTIONS = ['## What it finds', '## Why', '## How to fix', '## How to suppress'];
/** Pages written with the native-sidecar and shutdown-order rules; the others follow with the linter plumbing. */
const REQUIRED = [
  'init-container-probe-forbidden',
  'restart-policy-on-container',
  'native-sidecar-startup-probe-never',
  'native-sidecar-prestop',
  'prestop-exceeds-grace-period',
  'onfailure-classic-sidecar',
  'istio-hold-ignored-native',
  'native-sidecar-in-custom-kind',
  'sidecar-stops-before-app',
];

describe('rule pages (docs/rules/)', () => {
  it('exist for the rules that require one', () => {
    expect(REQUIRED.filter((id) => !pages.includes(`${id}.md`))).toEqual([]);
  });

  for (const page of pages) {
    const id = page.replace(/\.md$/, '');
    it(`${page}: names a rule, has the sections in order, an upstream report and the suppression`, () => {
      expect(rules.map((r) => r.id as string).concat('invalid-suppression')).toContain(id);
      const text = readFileSync(join(dir, page), 'utf8');
      const lines = text.split('\n');
      expect(lines[0]).toBe(`# ${id}`);
      expect(lines[1]).toBe('');
      expect(lines[2]!.length).toBeGreaterThan(20); // the one-line summary
      const at = SECTIONS.map((s) => lines.indexOf(s));
      expect(at.every((i) => i > 2)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      const why = lines.slice(at[1]!, at[2]!).join('\n');
      expect(why).toMatch(/[\w.-]+\/[\w.-]+#\d+/);
      expect(lines.slice(at[3]!).join('\n')).toContain(`pod-sequencer.dev/ignore.${id}: "<reason>"`);
    });
  }
});
