/**
 * Versions from the manifest first (issue 15): a sidecar's release is read from its image tag,
 * else from mesh.<name>.version, and the vendor table's rows for that release decide its wait,
 * readiness and quit call. Sources are the rows' own (src/profiles/*.ts, docs/profiles.md).
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { defaultConfig } from '../../src/config/resolve.js';
import type { Config } from '../../src/config/types.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { imageRelease, splitImage } from '../../src/pod/release.js';
import { parseWrapper } from '../../src/shell/index.js';
import { loadConfig, messages, typed } from '../config/helpers.js';
import { migrateJob } from '../helpers/manifests.js';
import { said } from '../helpers/said.js';

type C = { name: string; args?: string[]; command?: string[]; lifecycle?: { postStart?: { exec?: { command?: string[] } } }; startupProbe?: unknown };
type Spec = { containers: C[]; initContainers?: C[] };

const job = migrateJob;

/** Classic sidecars unless a case says otherwise: the waits and quit calls follow the release. */
function run(text: string, cfg: Config = { ...defaultConfig(), kubernetesVersion: '1.28' }) {
  const r = runFiles([readManifest('job.yaml', [], text)], cfg);
  const out = r.files[0]!.output ?? text;
  return { spec: (parse(out) as { spec: { template: { spec: Spec } } }).spec.template.spec, results: r.findings.map((x) => said(x.result)) };
}

describe('the release from the image tag', () => {
  it.each([
    ['istio', 'docker.io/istio/proxyv2:1.24.2', '1.24.2'],
    ['istio', 'gcr.io/istio-release/proxyv2:1.30.0-distroless', '1.30.0'],
    ['linkerd', 'cr.l5d.io/linkerd/proxy:stable-2.14.10', '2.14.10'],
    // Linkerd's edge releases read as the minor whose facts they have (test/profiles/edges.test.ts).
    ['linkerd', 'cr.l5d.io/linkerd/proxy:edge-25.4.1', '2.16'],
    ['linkerd', 'cr.l5d.io/linkerd/proxy:edge-22.1.1', undefined],
    ['kuma', 'kumahq/kuma-dp:2.14.0', '2.14.0'],
    ['cloud-sql-proxy', 'gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.25.3', '2.25.3'],
    ['cloud-sql-proxy', 'gcr.io/cloudsql-docker/gce-proxy:1.33', '1.33'],
    ['cloud-sql-proxy', 'registry.local:5000/mirror/cloud-sql-proxy:2.7.0@sha256:abc', '2.7.0'],
    ['cloud-sql-proxy', 'gcr.io/cloud-sql-connectors/cloud-sql-proxy:latest', undefined],
    ['dapr', 'daprio/daprd:1.18.0', '1.18.0'],
  ] as const)('%s %s -> %s', (profile, image, version) => {
    expect(imageRelease(profile, image)).toBe(version);
  });

  it('splits registry ports and digests off', () => {
    expect(splitImage('registry.local:5000/a/b:1.2@sha256:ff')).toEqual(['registry.local:5000/a/b', '1.2']);
    expect(splitImage('registry.local:5000/a/b')).toEqual(['registry.local:5000/a/b', undefined]);
  });
});

describe('the release decides the wait, readiness and quit call', () => {
  // kumahq/kuma@v2.14.0:pkg/config/app/kuma-cp/kuma-cp.defaults.yaml (readinessPort: 9902)
  it('kuma-dp 2.14.0 with no probe to read: waited for on 9902; 2.13.2 on 9901', () => {
    const kuma = (tag: string) => run(job(`      - name: kuma-sidecar\n        image: kumahq/kuma-dp:${tag}\n`)).spec;
    const wait = (s: Spec) => s.containers.find((c) => c.name === 'kuma-sidecar')!.lifecycle?.postStart?.exec?.command;
    expect(wait(kuma('2.14.0'))).toEqual(['kuma-dp', 'wait', '--url', 'http://localhost:9902/ready', '--timeout=180s']);
    expect(wait(kuma('2.13.2'))).toEqual(['kuma-dp', 'wait', '--url', 'http://localhost:9901/ready', '--timeout=180s']);
  });

  // GoogleCloudPlatform/cloud-sql-proxy@v2.8.0:cmd/root.go (`wait` is new in 2.8.0)
  it('cloud-sql-proxy 2.7.0 has no `wait`: a loop on /startup, said in the result', () => {
    const { spec, results } = run(job(`      - name: cloud-sql-proxy\n        image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.7.0\n`));
    const hook = spec.containers.find((c) => c.name === 'cloud-sql-proxy')!.lifecycle!.postStart!.exec!.command!;
    expect(hook).not.toContain('/cloud-sql-proxy');
    expect(hook.join(' ')).toContain('http://127.0.0.1:9090/startup');
    expect(results.some((m) => m.includes('cloud-sql-proxy 2.7.0 has no `/cloud-sql-proxy wait`'))).toBe(true);
  });

  // GoogleCloudPlatform/cloud-sql-proxy@v1.33.0:README.md (gce-proxy): no health check, no wait, no quit endpoint.
  it('cloud-sql-proxy v1 (gce-proxy) gets no v2 flags, no wait and no quit call', () => {
    const { spec } = run(
      job(
        `      - name: cloud-sql-proxy\n        image: gcr.io/cloudsql-docker/gce-proxy:1.33\n        command: [/cloud_sql_proxy, -instances=p:r:db=tcp:5432]\n`,
      ),
    );
    const proxy = spec.containers.find((c) => c.name === 'cloud-sql-proxy')!;
    expect(proxy.args).toBeUndefined();
    expect(proxy.lifecycle).toBeUndefined();
    expect(parseWrapper(spec.containers.find((c) => c.name === 'migrate')!.command!)).toBeNull();
  });

  // The same manifest with a v2 image is waited for and ended (the control for the test above).
  it('cloud-sql-proxy 2.25.3 in the same Job is waited for and ended', () => {
    const { spec } = run(job(`      - name: cloud-sql-proxy\n        image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.25.3\n`));
    const wrapper = parseWrapper(spec.containers.find((c) => c.name === 'migrate')!.command!)!;
    expect(wrapper.spec.shutdown.map((s) => s.http)).toEqual(['http://127.0.0.1:9091/quitquitquit']);
  });
});

describe('mesh.<name>.version', () => {
  const deployment = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  template:
    metadata:
      labels: {sidecar.istio.io/inject: "true"}
      annotations: {dapr.io/enabled: "true"}
    spec:
      containers:
      - {name: web, image: web:1}
`;
  const annotations = (mesh: object) => {
    const { config, errors } = loadConfig(typed({ kubernetesVersion: '1.30', mesh }));
    expect(errors).toEqual([]);
    const r = runFiles([readManifest('d.yaml', [], deployment)], config);
    const out = parse(r.files[0]!.output ?? deployment) as { spec: { template: { metadata: { annotations: Record<string, string> } } } };
    return { annotations: out.spec.template.metadata.annotations, results: r.findings.map((f) => said(f.result)) };
  };

  // istio/istio@1.24.0:manifests/charts/istio-control/istio-discovery/files/injection-template.yaml
  it('Istio 1.23 reads no native-sidecar annotation: none is written, and a result says so; 1.24 gets it', () => {
    const old = annotations({ istio: { version: '1.23.4', hold: false } });
    expect(old.annotations['sidecar.istio.io/nativeSidecar']).toBeUndefined();
    expect(old.results.some((m) => m.includes('Istio 1.23.4 reads none (sidecar.istio.io/nativeSidecar came in 1.24.0)'))).toBe(true);
    expect(annotations({ istio: { version: '1.24', hold: false } }).annotations['sidecar.istio.io/nativeSidecar']).toBe('true');
  });

  // dapr/dapr@v1.18.0:pkg/injector/annotations/annotations.go (absent at v1.17.0)
  it('Dapr native: true on 1.17 is a config error naming the field; on 1.18 the key is written', () => {
    expect(messages(typed({ mesh: { dapr: { native: true, version: '1.17.0' } } }))).toEqual([
      'spec.mesh.dapr.native: Dapr 1.17.0 has no native sidecars (they came in 1.18.0); set native to auto or false, or version to 1.18.0 or later',
    ]);
    expect(annotations({ dapr: { native: true, version: '1.18.0' } }).annotations['dapr.io/enable-native-sidecar']).toBe('true');
  });

  it('a version that is not one is refused by name', () => {
    expect(messages(typed({ mesh: { kuma: { version: 'latest' } } })).join('\n')).toMatch(/^spec\.mesh\.kuma\.version: /);
  });
});
