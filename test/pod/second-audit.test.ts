/**
 * Issue 27, items 4-7, each on the real file that showed it (or its kind's own public example),
 * read by reference from the vendor corpus (test/vendor/corpus/*.json): Knative's unnamed
 * containers, a Linkerd proxy whose shutdown endpoint is switched off, a result's place after a
 * move, and the noise (a bounded Job, waits Kong's manifests already have). Every config sets
 * kubernetesVersion.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { loadConfig } from '../../src/config/load.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import type { Result } from '../../src/krm/types.js';
import { runFilter } from '../../src/run.js';
import { runBin } from '../helpers/cli.js';
import { describeWithVendor, itHereOrAwaited, itIfHere } from '../helpers/vendor-it.js';
import { corpusEntries, readCorpusFile, type CorpusEntry } from '../helpers/vendor-corpus.js';

/** A corpus list's entry by repository and path. */
function entry(repo: string, path: string): CorpusEntry {
  const e = corpusEntries().find((x) => x.repo === repo && x.path === path);
  if (!e) throw new Error(`${repo}:${path} is not in test/vendor/corpus`);
  return e;
}

/** A corpus file by repository and path; undefined (the test skips) when neither shared/ nor a snapshot has it. */
const corpus = (repo: string, path: string): string | undefined => readCorpusFile(entry(repo, path));

const KNATIVE_HELLO = corpus('knative/docs', 'code-samples/serving/hello-world/helloworld-go/service.yaml');
const KNATIVE_MULTI = corpus('knative/docs', 'code-samples/serving/multi-container/service.yaml');
const KONG = (path: string) => entry('Kong/kubernetes-ingress-controller', path);
const KONG_JOB_FILE = KONG('config/variants/postgres/migration.yaml');
const KONG_ALL_FILE = KONG('test/e2e/manifests/all-in-one-postgres.yaml');
const KONG_JOB = readCorpusFile(KONG_JOB_FILE);
const KONG_ALL = readCorpusFile(KONG_ALL_FILE);
const LINKERD_NGINX = corpus('linkerd/linkerd2', 'cli/cmd/testdata/inject-filepath/expected/injected_nginx.yaml');
const CSQL = (path: string) => entry('GoogleCloudPlatform/cloud-sql-proxy', path);
const CSQL_SHUTDOWN_FILE = CSQL('examples/k8s-sidecar/job_with_shutdown_hook.yaml');
const CSQL_NATIVE_JOB_FILE = CSQL('examples/k8s-sidecar/job_with_sidecar.yaml');
const CSQL_SHUTDOWN = readCorpusFile(CSQL_SHUTDOWN_FILE);
const CSQL_NATIVE_JOB = readCorpusFile(CSQL_NATIVE_JOB_FILE);

const KNATIVE_KINDS = [{ apiVersion: 'serving.knative.dev/v1', kind: 'Service', podTemplatePath: 'spec.template' }];

function config(spec: Record<string, unknown>) {
  const { config: cfg, errors } = loadConfig({ apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'c' }, spec });
  expect(errors).toEqual([]);
  return cfg;
}

/** `check` (or `fix`, mode apply) on files held in memory: the findings, and the new text of each file that changed. */
function files(texts: Record<string, string>, spec: Record<string, unknown>, mode: 'check' | 'apply' = 'check') {
  const cfg = { ...config(spec), mode };
  const out = runFiles(
    Object.entries(texts).map(([path, text]) => readManifest(path, [], text)),
    cfg,
  );
  return { findings: out.findings, output: Object.fromEntries(out.files.map((f) => [f.file.path, f.output])) };
}

/** The filter on plain documents, as a ResourceList. */
function filter(docs: string[], spec: Record<string, unknown>) {
  const items = docs.flatMap((d) =>
    parseAllDocuments(d)
      .map((x) => x.toJS())
      .filter(Boolean),
  );
  const out = runFilter(
    JSON.stringify({
      apiVersion: 'config.kubernetes.io/v1',
      kind: 'ResourceList',
      items,
      functionConfig: { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'c' }, spec },
    }),
  );
  expect(out.stdout, out.stderr.join('\n')).not.toBe('');
  return { items: parse(out.stdout).items as Record<string, any>[], results: out.results, exitCode: out.exitCode, input: items };
}

const rule = (r: Result) => r.tags?.rule;

describe('item 4: Knative containers without names (knative/docs samples)', () => {
  itHereOrAwaited('knative/docs samples', [
    { repo: 'knative/docs', path: 'code-samples/serving/hello-world/helloworld-go/service.yaml' },
    { repo: 'knative/docs', path: 'code-samples/serving/multi-container/service.yaml' },
  ]);
  itIfHere(KNATIVE_HELLO, KNATIVE_MULTI)('a Service with nothing to change passes check and comes back as it was', () => {
    for (const version of ['1.28', '1.30']) {
      const spec = { kubernetesVersion: version, workloadKinds: KNATIVE_KINDS };
      const { findings, output } = files({ 'hello.yaml': KNATIVE_HELLO!, 'multi.yaml': KNATIVE_MULTI! }, spec, 'apply');
      expect(findings.filter((f) => f.result.severity !== 'info')).toEqual([]);
      expect(output).toEqual({ 'hello.yaml': undefined, 'multi.yaml': undefined });
      expect(files({ 'hello.yaml': KNATIVE_HELLO! }, spec).findings).toEqual([]);
    }
  });

  itIfHere(KNATIVE_HELLO)('a Service that needs a change: an error naming containers[0], left as it was; the other workloads are still fixed', () => {
    // The sample with an Istio proxy written after its unnamed app: the proxy must go first.
    const service = KNATIVE_HELLO!.replace(
      /(\n {6}- image: docker\.io\/\{username\}\/helloworld-go\n(?: {8}.*\n)*)/,
      `$1      - name: istio-proxy\n        image: docker.io/istio/proxyv2:1.24.2\n`,
    );
    expect(service).toContain('name: istio-proxy');
    const other = `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    spec:\n      containers:\n      - name: web\n        image: web:1\n      - name: istio-proxy\n        image: docker.io/istio/proxyv2:1.24.2\n`;
    const out = filter([service, other], { kubernetesVersion: '1.28', workloadKinds: KNATIVE_KINDS });
    expect(out.items[0]).toEqual(out.input[0]);
    const errors = out.results.filter((r) => r.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.resourceRef?.kind).toBe('Service');
    expect(errors[0]!.message).toMatch(/containers\[0\] has no name.*give it a name/);
    expect(out.items[1]!.spec.template.spec.containers.map((c: { name: string }) => c.name)).toEqual(['istio-proxy', 'web']);
  });

  itIfHere(KNATIVE_HELLO)("an annotation-only change (Istio's native opt-in and hold) names no container: written, no error (issue 39)", () => {
    const spec = { kubernetesVersion: '1.30', workloadKinds: KNATIVE_KINDS, mesh: { istio: {} } };
    const { findings, output } = files({ 'hello.yaml': KNATIVE_HELLO! }, spec, 'apply');
    expect(findings.filter((f) => f.result.severity === 'error')).toEqual([]);
    const out = output['hello.yaml']!;
    expect(out).toContain('sidecar.istio.io/nativeSidecar: "true"');
    // Only the annotations: the unnamed container stays as it was, and gets no name.
    expect(out.replace(/\n {4}metadata:\n {6}annotations:\n(?: {8}.*\n)+/, '\n')).toBe(
      KNATIVE_HELLO!.replace(/\n {4}metadata:\n {6}annotations:\n(?: {8}.*\n)+/, '\n'),
    );
  });
});

describe('item 5: a Linkerd proxy whose shutdown endpoint is switched off (linkerd inject, version-2.18)', () => {
  itHereOrAwaited('linkerd inject output', [{ repo: 'linkerd/linkerd2', path: 'cli/cmd/testdata/inject-filepath/expected/injected_nginx.yaml' }]);
  /** `linkerd inject`'s Deployment as a Job's pod: the same pod template, run to completion. */
  const asJob = (text: string, value: string) =>
    text
      .replace('apiVersion: apps/v1\nkind: Deployment', 'apiVersion: batch/v1\nkind: Job')
      .replace(/(\n {4}spec:\n)/, '$1      restartPolicy: Never\n')
      .replace(/(- name: LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED\n {10}value: )"false"/, `$1"${value}"`);
  const spec = { kubernetesVersion: '1.28', jobs: { entrypoints: [{ container: 'nginx', command: ['nginx', '-g', 'daemon off;'] }] } };

  itIfHere(LINKERD_NGINX)('"false": no wrapper known to fail, an error that names the env and the fix', () => {
    const job = asJob(LINKERD_NGINX!, 'false');
    expect(job).toContain('kind: Job');
    expect(job).toContain('value: "false"');
    const out = filter([job], spec);
    const nginx = out.items[0]!.spec.template.spec.containers.find((c: { name: string }) => c.name === 'nginx');
    expect(JSON.stringify(nginx.command ?? [])).not.toContain('pod-sequencer-wrap');
    const error = out.results.find((r) => rule(r) === 'job-sidecar-blocks-completion');
    expect(error?.severity).toBe('error');
    expect(error?.message).toBe('classic sidecar linkerd-proxy keeps running after the app exits: this Job never completes');
    expect(error?.detail).toContain('LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED="false" switches its shutdown endpoint off');
    expect(error?.detail).toContain('set LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED: "true" on linkerd-proxy');
    expect(error?.fix).toBe('LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED: "true"');
    expect(out.exitCode).toBe(1);
    // check says the same, at the proxy.
    const { findings } = files({ 'job.yaml': job }, spec);
    expect(findings.map((f) => [f.result.severity, rule(f.result), f.result.field?.path])).toContainEqual([
      'error',
      'job-sidecar-blocks-completion',
      'spec.template.spec.containers[0]',
    ]);
  });

  itIfHere(LINKERD_NGINX)('"true" (the control): the app is wrapped and ends the proxy', () => {
    const out = filter([asJob(LINKERD_NGINX!, 'true')], spec);
    const nginx = out.items[0]!.spec.template.spec.containers.find((c: { name: string }) => c.name === 'nginx');
    expect(JSON.stringify(nginx.command)).toContain('pod-sequencer-wrap');
    expect(out.results.filter((r) => r.severity === 'error')).toEqual([]);
  });
});

describeWithVendor('item 6: a result points at its container where the output has it (cloud-sql-proxy example)', [CSQL_SHUTDOWN_FILE], () => {
  itIfHere(CSQL_SHUTDOWN)('cloud-sql-proxy kept classic on loopback, then put first: its warning is at containers[0], path and line', () => {
    // Google's Job example, its proxy's health endpoint asked for on loopback.
    const job = CSQL_SHUTDOWN!.replace('- "--quitquitquit"', '- "--quitquitquit"\n            - "--health-check"\n            - "--http-address=127.0.0.1"');
    expect(job).toContain('--http-address=127.0.0.1');
    const { findings, output } = files({ 'job.yaml': job }, { kubernetesVersion: '1.30' }, 'apply');
    const kept = findings.find((f) => /kept cloud-sql-proxy classic/.test(f.result.message));
    expect(kept?.result.field?.path).toBe('spec.template.spec.containers[0]');
    const lines = output['job.yaml']!.split('\n');
    // The line it names is cloud-sql-proxy's own item in the fixed file.
    expect(lines[kept!.line - 1]).toMatch(/- name: cloud-sql-proxy/);
    const app = parse(output['job.yaml']!).spec.template.spec.containers;
    expect(app.map((c: { name: string }) => c.name)).toEqual(['cloud-sql-proxy', 'my-application']);
  });
});

describeWithVendor('item 7: noise', [CSQL_NATIVE_JOB_FILE, KONG_JOB_FILE, KONG_ALL_FILE], () => {
  itIfHere(CSQL_NATIVE_JOB)(
    'native startupProbe in a Never pod: warned, but not once the Job sets activeDeadlineSeconds; fix writes a postStart wait there instead',
    () => {
      const spec = { kubernetesVersion: '1.30' };
      const warned = (text: string) => files({ 'job.yaml': text }, spec).findings.some((f) => rule(f.result) === 'native-sidecar-startup-probe-never');
      // At 1.30 fix gates the proxy with its own `wait` in a postStart hook: no probe, no warning.
      const fixed = files({ 'job.yaml': CSQL_NATIVE_JOB! }, spec, 'apply').output['job.yaml']!;
      expect(fixed).not.toContain('startupProbe');
      expect(fixed).toMatch(/postStart:\n\s+exec:\n\s+command:\n\s+- \/cloud-sql-proxy\n\s+- wait\n/);
      expect(warned(fixed)).toBe(false);
      // At 1.35 (the kubelet fixed) fix writes the startupProbe; the same pod read at 1.30 is warned.
      const probed = files({ 'job.yaml': CSQL_NATIVE_JOB! }, { kubernetesVersion: '1.35' }, 'apply').output['job.yaml']!;
      expect(probed).toContain('startupProbe');
      expect(warned(probed)).toBe(true);
      const bounded = probed.replace(/\nspec:\n/, '\nspec:\n  activeDeadlineSeconds: 600\n');
      expect(bounded).toContain('activeDeadlineSeconds: 600');
      expect(warned(bounded)).toBe(false);
    },
  );

  itIfHere(KONG_JOB, KONG_ALL)("Kong's init containers already wait for postgres: no warning, no second wait", () => {
    const spec = { kubernetesVersion: '1.28', dependencies: [{ tcp: 'postgres:5432' }] };
    const { findings } = files({ 'migration.yaml': KONG_JOB!, 'all.yaml': KONG_ALL! }, spec);
    const notAwaited = findings.filter((f) => rule(f.result) === 'dependency-not-awaited' && !/own Service/.test(f.result.message));
    expect(notAwaited.map((f) => `${f.path}:${f.line}`)).toEqual([]);
    expect(files({ 'migration.yaml': KONG_JOB! }, spec, 'apply').output['migration.yaml']).toBeUndefined();
    // The control: without its wait-for-postgres init container, the Job is warned about and gets a wait.
    const bare = KONG_JOB!.replace(/ {6}initContainers:\n(?: {6}- .*\n| {8}.*\n)*/, '');
    expect(bare).not.toContain('wait-for-postgres');
    expect(files({ 'migration.yaml': bare }, spec).findings.map((f) => rule(f.result))).toContain('dependency-not-awaited');
    expect(files({ 'migration.yaml': bare }, spec, 'apply').output['migration.yaml']).toContain('seq-wait-postgres');
  });
});

describe('item 7: one Istio switch decides', () => {
  const meshed = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  template:
    metadata:
      labels: {app: web, sidecar.istio.io/inject: "true"}
    spec:
      containers:
      - name: web
        image: web:1
`;
  const annotations = (spec: Record<string, unknown>) => filter([meshed], spec).items[0]!.spec.template.metadata.annotations ?? {};

  it('a known Istio release that reads the native key: nativeSidecar only, no hold it would drop', () => {
    const a = annotations({ kubernetesVersion: '1.30', mesh: { istio: { version: '1.26.0' } } });
    expect(a['sidecar.istio.io/nativeSidecar']).toBe('true');
    expect(a['proxy.istio.io/config']).toBeUndefined();
  });

  it('a release before the key (1.23): the hold only; an unknown release: both, since an old one needs the hold', () => {
    const old = annotations({ kubernetesVersion: '1.30', mesh: { istio: { version: '1.23.0' } } });
    expect(old['sidecar.istio.io/nativeSidecar']).toBeUndefined();
    expect(old['proxy.istio.io/config']).toContain('holdApplicationUntilProxyStarts: true');
    const unknown = annotations({ kubernetesVersion: '1.30', mesh: { istio: {} } });
    expect(unknown['sidecar.istio.io/nativeSidecar']).toBe('true');
    expect(unknown['proxy.istio.io/config']).toContain('holdApplicationUntilProxyStarts: true');
  });
});

describe('item 7: kustomize patches and YAML that is not Kubernetes', () => {
  const KONG_PATCH = corpus('Kong/kubernetes-ingress-controller', 'config/variants/postgres/wait/kong-ingress-postgres.yaml');
  const KONG_COMPONENT = corpus('Kong/kubernetes-ingress-controller', 'config/variants/postgres/wait/kustomization.yaml');

  function tree(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-kz-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  }

  itIfHere(KONG_PATCH, KONG_COMPONENT)("a file a kustomization lists under patches is skipped with a note (Kong's wait component)", () => {
    const dir = tree({ 'wait/kustomization.yaml': KONG_COMPONENT!, 'wait/kong-ingress-postgres.yaml': KONG_PATCH! });
    for (const args of [
      ['check', dir],
      ['check', join(dir, 'wait', 'kong-ingress-postgres.yaml')],
    ]) {
      const r = runBin(args);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/kong-ingress-postgres\.yaml: note: skipped: a kustomize patch \(listed in .*wait\/kustomization\.yaml\)/);
    }
  });

  it('an overlay patch of a Job is not linted as a whole Job (no false missing-entrypoint); the base still is', () => {
    const job = `apiVersion: batch/v1\nkind: Job\nmetadata: {name: migrate}\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: migrate\n        image: app:1\n      - name: istio-proxy\n        image: docker.io/istio/proxyv2:1.24.2\n`;
    const patch = `apiVersion: batch/v1\nkind: Job\nmetadata: {name: migrate}\nspec:\n  template:\n    spec:\n      containers:\n      - name: migrate\n        env: [{name: X, value: "1"}]\n`;
    const dir = tree({
      'base/kustomization.yaml': 'resources: [job.yaml]\n',
      'base/job.yaml': job,
      'overlay/kustomization.yaml': 'resources: [../base]\npatches:\n- path: job-patch.yaml\npatchesStrategicMerge:\n- other.yaml\n',
      'overlay/job-patch.yaml': patch,
      'overlay/other.yaml': patch.replace('name: migrate}', 'name: other}'),
    });
    const cfg = join(dir, 'config.yaml');
    writeFileSync(cfg, 'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata: {name: c}\nspec: {kubernetesVersion: "1.28"}\n');
    const r = runBin(['check', '--config', cfg, join(dir, 'overlay'), join(dir, 'base')]);
    expect(r.stdout).not.toContain('job-patch.yaml:');
    expect(r.stdout).not.toContain('other.yaml:');
    expect(r.stderr).toContain('job-patch.yaml: note: skipped: a kustomize patch');
    expect(r.stderr).toContain('other.yaml: note: skipped: a kustomize patch');
    // The base Job itself is still checked: its app has no command to wrap.
    expect(r.stdout).toMatch(/base\/job\.yaml:\d+:\d+: error \[missing-entrypoint\]/);
  });

  it('YAML without apiVersion and kind gets no findings, in check and in the filter', () => {
    const values = `replicaCount: 1\nimage: {repository: nginx}\nspec:\n  template:\n    spec:\n      containers:\n      - name: app\n      - name: istio-proxy\n        image: docker.io/istio/proxyv2:1.24.2\n---\nkind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - name: app\n      - name: istio-proxy\n        image: docker.io/istio/proxyv2:1.24.2\n`;
    const { findings } = files({ 'values.yaml': values }, { kubernetesVersion: '1.28' });
    expect(findings).toEqual([]);
    const out = filter([values], { kubernetesVersion: '1.28' });
    expect(out.results).toEqual([]);
    expect(out.items).toEqual(out.input);
  });
});
