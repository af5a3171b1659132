/**
 * @needs busybox dash bash
 * Every golden's input (fixtures/filter/*), through the filter with its own config at
 * kubernetesVersion 1.28 and 1.30, run as whole pods by the pod runner: the behaviour
 * test/pod-runner/cases.ts `expectSequenced` names, for an app that exits 0 and one that exits 3.
 */
import { describe } from 'vitest';
import { describeRuns, goldenInputs, podCases, VERSIONS } from './cases.js';

const cases = goldenInputs().flatMap((g) => VERSIONS.flatMap((v) => podCases(g.source, g.items, g.fc, v)));

describe('goldens run as pods', () => describeRuns(cases, 50));
