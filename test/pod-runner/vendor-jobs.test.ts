/**
 * @needs busybox dash bash
 * Every Job and CronJob of the vendor corpus (test/vendor/corpus/*.json: vendors' own injector
 * goldens, examples and rendered charts), through the filter at kubernetesVersion 1.28 and 1.30,
 * run as whole pods by the pod runner: the behaviour test/pod-runner/cases.ts `expectSequenced`
 * names. A corpus file this machine lacks is named on one line (see test/vendor/README.md).
 */
import { describe, expect, it } from 'vitest';
import { cite, corpusEntries } from '../helpers/vendor-corpus.js';
import { describeIfHere } from '../helpers/vendor-it.js';
import { describeRuns, podCases, vendorJobInputs, VERSIONS } from './cases.js';

const inputs = vendorJobInputs();
const cases = inputs.flatMap((g) => VERSIONS.flatMap((v) => podCases(g.source, g.items, g.fc, v)));

/**
 * The corpus Jobs that do not run, each with its reason. A corpus file this machine lacks makes
 * fewer cases, never an unlisted one (hence `partial`).
 */
const NOT_RUN = [
  // The app's own script calls the proxy's quit endpoint: the stand-in app, which replaces it, would not.
  'GoogleCloudPlatform/cloud-sql-proxy@31c3b33e3f85:examples/k8s-sidecar/job_with_shutdown_hook.yaml Job/job',
  // No command in the manifest (the image's ENTRYPOINT): the function reports it cannot wrap it.
  'dapr/dapr@7c4f540efa3e:tests/apps/job-publisher/service.yaml Job/job-publisher',
  'istio/istio@86c9f01fd735:pkg/kube/inject/testdata/inject/cronjob-old-version.yaml.injected CronJob/hellocron',
  'istio/istio@86c9f01fd735:pkg/kube/inject/testdata/inject/cronjob.yaml.injected CronJob/hellocron',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/inject_emojivoto_cronjob.golden.yml CronJob/hello',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/inject_emojivoto_cronjob_nometa.golden.yml CronJob/hello',
];

// Needs no vendor file, so a clone without them still runs a test here (vitest fails an empty file).
describe('the Jobs listed as not run', () => {
  it('are each in a file of the corpus lists', () => {
    const files = new Set(corpusEntries().map(cite));
    expect(NOT_RUN.filter((id) => !files.has(id.slice(0, id.lastIndexOf(' '))))).toEqual([]);
  });
});

describeIfHere(cases.length > 0, 'a Job or CronJob of test/vendor/corpus/*.json (test/helpers/vendor-corpus.ts says where from)')(
  'vendor Jobs and CronJobs run as pods',
  () => describeRuns(cases, NOT_RUN, true),
);
