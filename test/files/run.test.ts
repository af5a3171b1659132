/**
 * runFiles with documents it cannot process (keepGoing: check, fix, explain): each is refused
 * with an error in it and the rest are processed; processItems goes on past each refused item,
 * so runFiles runs once per round of refusals (issue 38: a rerun of every document per refused
 * one was quadratic in them).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { ItemError, processItems } from '../../src/process.js';

const good = (n: number) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web-${n}\nspec:\n  template:\n    spec:\n      containers:\n      - name: web\n        image: web\n      - name: istio-proxy\n        image: docker.io/istio/proxyv2:1.24.2\n`;
// An alias bomb (fixtures/hostile/alias-bomb.yaml): refused, not expanded.
const lol = (k: number) => `    lol${k}: &l${k} [${Array.from({ length: 10 }, () => (k === 0 ? 'lol' : `*l${k - 1}`)).join(', ')}]\n`;
const bad = (n: number) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: bomb-${n}\n  labels:\n${Array.from({ length: 10 }, (_, k) => lol(k)).join('')}` +
  `spec:\n  template:\n    spec:\n      containers:\n      - {name: web, image: web}\n      - {name: istio-proxy, image: proxy}\n`;

const { config } = loadConfig(undefined);
const docs = Array.from({ length: 30 }, (_, i) => (i % 3 === 1 ? bad(i) : good(i)));
const file = readManifest('f.yaml', [], docs.join('---\n'));

describe('runFiles with refused documents', () => {
  it('processItems with refuse goes on past each one, handing it over and keeping none of its results', () => {
    const refused: number[] = [];
    const all = processItems(file.docs, { ...config, mode: 'apply' }, undefined, { refuse: (e: ItemError) => void refused.push(e.index) });
    expect(refused).toEqual(docs.flatMap((_, i) => (i % 3 === 1 ? [i] : [])));
    expect([...all.replacements.keys()]).toEqual(docs.flatMap((_, i) => (i % 3 === 1 ? [] : [i])));
    expect(new Set(all.itemOf.filter((i) => i % 3 === 1))).toEqual(new Set());
  });

  it('10 refused documents of 30: an error inside each, the 20 others fixed', () => {
    const run = runFiles([file], { ...config, mode: 'apply' }, { keepGoing: true });
    const errors = run.findings.filter((f) => f.result.tags?.rule === 'invalid-input');
    // Each error in its own document (the file is unchanged up to the first fixed one's lines).
    const at = (i: number) => file.lines.linePos(file.docs[i]!.start).line;
    expect(errors).toHaveLength(10);
    expect(errors.every((f) => f.result.message.includes('alias bomb'))).toBe(true);
    expect(run.files[0]!.replacements.size).toBe(20);
    expect([...run.files[0]!.refused].sort((x, y) => x - y)).toEqual(docs.flatMap((_, i) => (i % 3 === 1 ? [i] : [])));
    expect(errors[0]!.line).toBeGreaterThanOrEqual(at(1));
    expect(errors[0]!.line).toBeLessThan(at(2));
  });
});
