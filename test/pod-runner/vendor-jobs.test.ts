/**
 * @needs busybox dash bash
 * Every Job and CronJob of the vendor corpus (test/vendor/corpus/*.json: vendors' own injector
 * goldens, examples and rendered charts), through the filter at kubernetesVersion 1.28 and 1.30,
 * run as whole pods by the pod runner: the behaviour test/pod-runner/cases.ts `expectSequenced`
 * names. A corpus file this machine lacks is named on one line (see test/vendor/README.md).
 */
import { describe } from 'vitest';
import { describeRuns, podCases, vendorJobInputs, VERSIONS } from './cases.js';

const inputs = vendorJobInputs();
const cases = inputs.flatMap((g) => VERSIONS.flatMap((v) => podCases(g.source, g.items, g.fc, v)));

describe('vendor Jobs and CronJobs run as pods', () => {
  describeRuns(cases, 1);
});
