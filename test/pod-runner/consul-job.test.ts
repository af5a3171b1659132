/**
 * @needs busybox dash bash
 * Consul's own Job test, the way it runs: hashicorp/consul-k8s's acceptance cases
 * (acceptance/tests/fixtures/cases/jobs/*: the job-client base and a patch that adds
 * consul.hashicorp.com/connect-inject and the shutdown grace period, TestConnectInject_ProxyLifecycleShutdownJob)
 * built by plain kustomize from the corpus files, through the filter with no config but the
 * Kubernetes version (the annotation is the evidence that turns Consul on), then admitted by the
 * stand-in consul-k8s injector (test/helpers/pod-runner/injectors.ts) and run as a whole pod: the
 * Job completes with the app's exit code, the app starts only once consul-dataplane is ready, and
 * consul-dataplane is asked to quit once. With mesh.consul.version 1.9.0 at 1.30 the dataplane is
 * injected native and ends by itself.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KUSTOMIZES } from '../helpers/kustomize.js';
import { documentValues } from '../helpers/manifests.js';
import { availableCorpus, corpusEntries } from '../helpers/vendor-corpus.js';
import { describeIfHere } from '../helpers/vendor-it.js';
import { describeRuns, podCases, VERSIONS, type PodCase } from './cases.js';

const CASES = 'acceptance/tests/fixtures/cases/jobs/';
const entries = corpusEntries().filter((e) => e.repo === 'hashicorp/consul-k8s' && e.tags?.includes('job'));
const files = availableCorpus(entries, 'Consul Job cases');
const root = mkdtempSync(join(tmpdir(), 'consul-jobs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
for (const { e, text } of files) {
  mkdirSync(dirname(join(root, e.path)), { recursive: true });
  writeFileSync(join(root, e.path), text);
}

const here = files.length === entries.length && entries.length > 0;
const caseDirs = here ? [...new Set(entries.filter((e) => e.path.startsWith(CASES)).map((e) => dirname(e.path)))].sort() : [];
const v4 = KUSTOMIZES[0]!;
const built = caseDirs.map((dir) => {
  const out = v4.build(join(root, dir));
  if (out.code !== 0) throw new Error(`kustomize build ${dir}: ${out.stderr}`);
  return { dir, items: documentValues(out.stdout).filter((o) => o.kind === 'Job') };
});
const native = {
  apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
  kind: 'PodSequence',
  metadata: { name: 'consul' },
  spec: { mesh: { consul: { version: '1.9.0' } } },
};

const cases: PodCase[] = built.flatMap(({ dir, items }) => [
  ...VERSIONS.flatMap((v) => podCases(`hashicorp/consul-k8s ${dir}`, items, undefined, v)),
  ...podCases(`hashicorp/consul-k8s ${dir} (mesh.consul.version 1.9.0)`, items, native, '1.30'),
]);

/**
 * Beyond the acceptance cases: a multi-port pod (connect-service lists two services: a dataplane
 * each, consul-dataplane-<service>, ports up by the index) and a moved graceful port and path
 * (the lifecycle annotations the injector passes on as flags): every dataplane is awaited and
 * asked to quit where it listens.
 */
const job = (name: string, annotations: Record<string, string>) => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name },
  spec: {
    template: {
      metadata: { annotations: { 'consul.hashicorp.com/connect-inject': 'true', ...annotations } },
      spec: { restartPolicy: 'Never', containers: [{ name: 'job-client', image: 'alpine:3', command: ['/app/run'] }] },
    },
  },
});
const moved = {
  'consul.hashicorp.com/sidecar-proxy-lifecycle-graceful-port': '21000',
  'consul.hashicorp.com/sidecar-proxy-lifecycle-graceful-shutdown-path': '/quit-now',
};
const ownJobs = [job('multi-port', { 'consul.hashicorp.com/connect-service': 'job-client,metrics', ...moved }), job('moved-path', moved)];
const ownCases: PodCase[] = [
  ...VERSIONS.flatMap((v) => podCases('consul multi-port and moved path', ownJobs, undefined, v)),
  ...podCases('consul multi-port and moved path (mesh.consul.version 1.9.0)', ownJobs, native, '1.30'),
];

describe('a multi-port Consul Job and a moved graceful path', () => {
  it('gets a dataplane per service, each awaited and ended where it listens', () => {
    expect(ownCases.map((c) => c.injected.join(', '))).toEqual([
      'consul-dataplane-job-client, consul-dataplane-metrics (consul, classic)',
      'consul-dataplane (consul, classic)',
      'consul-dataplane-job-client, consul-dataplane-metrics (consul, classic)',
      'consul-dataplane (consul, classic)',
      'consul-dataplane-job-client, consul-dataplane-metrics (consul, native)',
      'consul-dataplane (consul, native)',
    ]);
    const args = (c: PodCase) => JSON.stringify(c.pod.containers?.find((x) => x.name === 'job-client')?.command);
    const multi = args(ownCases[0]!);
    for (const url of ['127.0.0.1:19000/ready', '127.0.0.1:19001/ready', '127.0.0.1:21000/quit-now', '127.0.0.1:21001/quit-now']) expect(multi).toContain(url);
    expect(args(ownCases[1]!)).toContain('127.0.0.1:21000/quit-now');
  });
  describeRuns(ownCases, []);
});

describe('the Consul Job cases', () => {
  it('are listed in test/vendor/corpus/consul.json', () => expect(entries.filter((e) => e.path.startsWith(CASES)).length).toBe(6));
});

describeIfHere(here, 'hashicorp/consul-k8s acceptance fixtures (test/vendor/corpus/consul.json)')('a Consul-meshed Job finishes', () => {
  it('each case builds to one Job that the stand-in injector meshes, classic and native', () => {
    expect(built.map((b) => b.items.length)).toEqual([1, 1, 1]);
    expect(cases.length).toBe(9);
    const injected = cases.map((c) => c.injected.join(', '));
    expect(injected.filter((i) => i === 'consul-dataplane (consul, classic)').length).toBe(6);
    expect(injected.filter((i) => i === 'consul-dataplane (consul, native)').length).toBe(3);
  });
  describeRuns(cases, []);
});
