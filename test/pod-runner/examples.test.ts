/**
 * @needs busybox dash bash
 * Every example (examples/*), through the filter at kubernetesVersion 1.28 and 1.30, run as a
 * whole pod by the pod runner (test/helpers/pod-runner/): each app runs only after its sidecars
 * are ready and its dependencies up, a run-to-completion pod completes with the app's exit code
 * (0, and 3 for a failing app), and each sidecar is asked to quit once (test/pod-runner/cases.ts).
 * The shell that plays `sh` rotates over dash, bash and busybox sh.
 */
import { describe } from 'vitest';
import { describeRuns, exampleInputs, podCases, VERSIONS } from './cases.js';

const cases = exampleInputs().flatMap((e) => VERSIONS.flatMap((v) => podCases(e.source, e.items, e.fc, v)));

describe('examples run as pods', () => describeRuns(cases, 8));
