/**
 * @needs busybox dash bash
 * Every example (examples/*), through the filter at kubernetesVersion 1.28 and 1.30, run as a
 * whole pod by the pod runner (test/helpers/pod-runner/): each app runs only after its sidecars
 * are ready and its dependencies up, a run-to-completion pod completes with the app's exit code
 * (0, and 3 for a failing app), and each sidecar is asked to quit once (test/pod-runner/cases.ts).
 * The shell that plays `sh` rotates over dash, bash and busybox sh.
 */
import { describe, expect, it } from 'vitest';
import { describeRuns, exampleInputs, podCases, VERSIONS } from './cases.js';

const inputs = exampleInputs();
const cases = inputs.flatMap((e) => VERSIONS.flatMap((v) => podCases(e.source, e.items, e.fc, v)));

/** The examples' pods that do not run, each with its reason (cases.ts `cannotRun`). */
const NOT_RUN = [
  // mode: check lints and changes nothing.
  'examples/lint-only Deployment/api',
  'examples/lint-only StatefulSet/ledger',
];

describe('examples run as pods', () => {
  it('every example has pods to run', () => {
    const without = inputs.filter((e) => !cases.some((c) => c.id.startsWith(`${e.source} `))).map((e) => e.source);
    expect(without).toEqual([]);
  });
  describeRuns(cases, NOT_RUN);
});
