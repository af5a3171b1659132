/**
 * The contract's guarantees as properties over generated workloads and configs (see
 * test/helpers/arbitraries.ts): idempotent, nothing lost or altered beyond what the contract
 * allows, untouched items byte-identical, valid Kubernetes objects, restricted-compliant additions.
 *
 * Replay a failure: POD_SEQUENCER_FC_SEED=<seed> POD_SEQUENCER_FC_PATH=<path> npx vitest run test/properties
 * More runs: POD_SEQUENCER_FC_RUNS=2000.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { runFilter, type FilterOutcome } from '../../src/run.js';
import { cases, fcParams, renderList, SIDECAR_NAMES, type Case } from '../helpers/arbitraries.js';
import { stripResults } from '../helpers/golden.js';
import { addedContainerViolations, volumeViolations } from '../helpers/pss.js';
import { itemErrors, templateOf } from './k8s.js';
import { listItems, workloadProblems } from './oracle.js';

type Obj = Record<string, unknown>;

/** One run per generated case, shared by the properties below (they check different things). */
const runs = new Map<string, FilterOutcome>();
function ran(c: Case): { text: string; first: FilterOutcome } {
  const text = renderList(c);
  if (!runs.has(text)) runs.set(text, runFilter(text));
  return { text, first: runs.get(text)! };
}

/** A generated config is valid and a generated input well-formed: the run must produce output. */
function output(c: Case): string {
  const { first } = ran(c);
  if (first.stdout === '') throw new Error(`no output:\n${first.stderr.join('\n')}`);
  return stripResults(first.stdout);
}

function minorOf(c: Case): number | undefined {
  const v = (c.config?.spec as Obj | undefined)?.kubernetesVersion ?? (c.config?.data as Obj | undefined)?.kubernetesVersion;
  return typeof v === 'string' ? Number(v.split('.')[1]) : undefined;
}

/** Pairs of input and output items (same order, same count). */
function pairs(c: Case): { a: { text: string; value: Obj }; b: { text: string; value: Obj } }[] {
  const a = listItems(ran(c).text);
  const b = listItems(output(c));
  expect(b.length).toBe(a.length);
  return a.map((x, i) => ({ a: x, b: b[i]! }));
}

const RUNS = 60;

describe('properties of the filter over generated workloads and configs', () => {
  it('is idempotent: a second run changes nothing and reports no change', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const first = output(c);
        const second = runFilter(first);
        expect(second.stdout, second.stderr.join('\n')).not.toBe('');
        expect(stripResults(second.stdout)).toBe(first);
        // A change is an info result without a rule; an info finding (native-sidecar-in-custom-kind
        // on a Rollout's native sidecar) describes the output, and is said again on every run.
        // The note of an assumed kubernetesVersion (tags.assumed) is said again where a finding of
        // mode check rests on it.
        expect(second.results.filter((r) => r.severity === 'info' && !r.tags?.rule && !r.tags?.assumed)).toEqual([]);
      }),
      fcParams(RUNS),
    );
  });

  it('loses and alters nothing beyond what the contract allows; untouched items are byte-identical', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const cfg = loadConfig(c.config).config;
        const sidecarNames = new Set(SIDECAR_NAMES);
        for (const { a, b } of pairs(c)) {
          if (isDeepStrictEqual(a.value, b.value)) {
            if (!c.style.json) expect(b.text).toBe(a.text);
            continue;
          }
          expect(templateOf(a.value), 'only workloads change').toBeDefined();
          expect(workloadProblems(a.value, b.value, cfg, sidecarNames)).toEqual([]);
        }
      }),
      fcParams(RUNS),
    );
  });

  it('writes valid Kubernetes objects for the target version', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const minor = minorOf(c);
        for (const { a, b } of pairs(c)) {
          const before = itemErrors(a.value, minor);
          // the generator makes valid objects; what the function adds must keep them valid
          expect(itemErrors(a.value)).toEqual([]);
          expect(itemErrors(b.value, minor).filter((e) => !before.includes(e))).toEqual([]);
        }
      }),
      fcParams(RUNS),
    );
  });

  it('adds only Pod Security "restricted" containers with resources, and allowed volumes', () => {
    fc.assert(
      fc.property(cases, (c) => {
        for (const { a, b } of pairs(c)) {
          const ta = templateOf(a.value);
          const tb = templateOf(b.value);
          if (!ta || !tb) continue;
          const names = new Set([...list(ta.spec.initContainers), ...list(ta.spec.containers)].map((x) => x.name));
          const added = [...list(tb.spec.initContainers), ...list(tb.spec.containers)].filter((x) => !names.has(x.name));
          expect(added.flatMap(addedContainerViolations)).toEqual([]);
          expect(
            list(tb.spec.volumes)
              .filter((v) => String(v.name).startsWith('seq-'))
              .flatMap(volumeViolations),
          ).toEqual([]);
        }
      }),
      fcParams(RUNS),
    );
  });
});

const list = (v: unknown) => (Array.isArray(v) ? (v as Obj[]) : []);
