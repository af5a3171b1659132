/**
 * Every golden output (fixtures/filter/<case>/expected.yaml), checked against the public interface's
 * promises: each container pod-sequencer added passes Pod Security "restricted" plus our stricter
 * promise (read-only root filesystem, requests and limits), and no workload is less valid against
 * the Kubernetes API (schema and pod rules, for the case's kubernetesVersion) than its input.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../helpers/cli.js';
import { addedContainerViolations, volumeViolations } from '../helpers/pss.js';
import { itemErrors, templateOf } from './k8s.js';
import { ADDED_CONTAINER, listItems } from './oracle.js';

type Obj = Record<string, unknown>;

const root = join(ROOT, 'fixtures', 'filter');
const cases = readdirSync(root)
  .sort()
  .filter((name) => existsSync(join(root, name, 'expected.yaml')) && readFileSync(join(root, name, 'expected.yaml'), 'utf8') !== '');
const list = (v: unknown) => (Array.isArray(v) ? (v as Obj[]) : []);

function minorOf(input: string): number | undefined {
  const fc = (parse(input) as Obj).functionConfig as Obj | undefined;
  const v = (fc?.spec as Obj | undefined)?.kubernetesVersion ?? (fc?.data as Obj | undefined)?.kubernetesVersion;
  return typeof v === 'string' && /^1\.\d+$/.test(v) ? Number(v.split('.')[1]) : undefined;
}

describe('golden outputs', () => {
  it('has cases that add containers', () => {
    const added = cases.filter((c) => /name: seq-(tools|wait-)/.test(readFileSync(join(root, c, 'expected.yaml'), 'utf8')));
    expect(added.length).toBeGreaterThan(3);
  });

  for (const name of cases) {
    it(name, () => {
      const input = readFileSync(join(root, name, 'input.yaml'), 'utf8');
      const before = listItems(input);
      const after = listItems(readFileSync(join(root, name, 'expected.yaml'), 'utf8'));
      expect(after.length).toBe(before.length);
      const minor = minorOf(input);
      after.forEach(({ value: b }, i) => {
        const a = before[i]!.value;
        const tb = templateOf(b);
        if (!tb) return;
        const ta = templateOf(a)!;
        const old = itemErrors(a, minor);
        expect(
          itemErrors(b, minor).filter((e) => !old.includes(e)),
          `${String(b.kind)} item ${i}`,
        ).toEqual([]);
        const names = new Set([...list(ta.spec.initContainers), ...list(ta.spec.containers)].map((c) => c.name));
        const added = [...list(tb.spec.initContainers), ...list(tb.spec.containers)].filter((c) => !names.has(c.name));
        for (const c of added) {
          expect(String(c.name)).toMatch(ADDED_CONTAINER);
          expect(addedContainerViolations(c), String(c.name)).toEqual([]);
        }
        expect(
          list(tb.spec.volumes)
            .filter((v) => String(v.name).startsWith('seq-'))
            .flatMap(volumeViolations),
        ).toEqual([]);
      });
    });
  }
});
