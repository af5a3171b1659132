/**
 * A port set by a flag or an env var is the port (issue 15): cloud-sql-proxy's health and admin
 * ports, read from the container (src/pod/ports.ts), move waits, probes and quit calls.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { defaultConfig } from '../../src/config/resolve.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { parseWrapper } from '../../src/shell/index.js';
import { migrateJob } from '../helpers/manifests.js';

const job = migrateJob;
type Spec = {
  containers: { name: string; command?: string[]; lifecycle?: { postStart?: { exec?: { command?: string[] } } } }[];
  initContainers?: { name: string; startupProbe?: { httpGet?: { port?: number } } }[];
};
// Classic sidecars unless a case says otherwise: the postStart waits and Job wrappers read the ports.
const classic = () => ({ ...defaultConfig(), kubernetesVersion: '1.28' });
const specOf = (text: string, cfg = classic()) => {
  const out = runFiles([readManifest('job.yaml', [], text)], cfg).files[0]!.output!;
  return (parse(out) as { spec: { template: { spec: Spec } } }).spec.template.spec;
};

describe('cloud-sql-proxy ports from the container', () => {
  it('flags: the postStart wait is told the port; the Job wrapper waits and quits on the moved ports', () => {
    const spec = specOf(
      job(
        `      - name: cloud-sql-proxy\n        image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1\n        args: ["--http-port=9190", "--admin-port", "9191", "p:r:db"]\n`,
      ),
    );
    const proxy = spec.containers.find((c) => c.name === 'cloud-sql-proxy')!;
    expect(proxy.lifecycle?.postStart?.exec?.command).toEqual(['/cloud-sql-proxy', 'wait', '--http-port=9190', '--max=120s']);
    const wrapper = parseWrapper(spec.containers.find((c) => c.name === 'migrate')!.command!)!;
    expect(wrapper.spec.checks.map((c) => c.http)).toEqual(['http://127.0.0.1:9190/startup']);
    expect(wrapper.spec.shutdown.map((s) => s.http)).toEqual(['http://127.0.0.1:9191/quitquitquit']);
  });

  it("env (Google's recommended form): the native startupProbe probes the moved port", () => {
    // A Job with a deadline: a startupProbe is safe there (src/pod/kubelet-bugs.ts).
    const bounded = job(
      `      - name: cloud-sql-proxy\n        image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1\n        env:\n        - {name: CSQL_PROXY_HTTP_PORT, value: "9290"}\n`,
    ).replace(/\nspec:\n/, '\nspec:\n  activeDeadlineSeconds: 600\n');
    const spec = specOf(bounded, { ...defaultConfig(), kubernetesVersion: '1.30' });
    expect(spec.initContainers!.find((c) => c.name === 'cloud-sql-proxy')!.startupProbe!.httpGet!.port).toBe(9290);
  });

  it('defaults stay as they were', () => {
    const spec = specOf(job(`      - name: cloud-sql-proxy\n        image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1\n`));
    expect(spec.containers.find((c) => c.name === 'cloud-sql-proxy')!.lifecycle?.postStart?.exec?.command).toEqual(['/cloud-sql-proxy', 'wait', '--max=120s']);
  });
});

describe("the injector's own probe says where a sidecar is ready (Kuma 2.14+: /ready on 9902)", () => {
  const deployment = (port: number) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  template:
    spec:
      containers:
      - name: web
        image: web:1
      - name: kuma-sidecar
        image: docker.io/kumahq/kuma-dp:2.14.0
        readinessProbe:
          httpGet: {path: /ready, port: ${port}}
`;
  const hook = (port: number, cfg = classic()) => {
    const out = runFiles([readManifest('web.yaml', [], deployment(port))], cfg).files[0]!.output!;
    const spec = (parse(out) as { spec: { template: { spec: Spec } } }).spec.template.spec;
    return spec;
  };

  it('2.14+: the wait and the startupProbe use 9902; 2.13 and before: 9901 as written', () => {
    const sidecar = (s: Spec) => s.containers.find((c) => c.name === 'kuma-sidecar')!;
    expect(sidecar(hook(9902)).lifecycle?.postStart?.exec?.command).toEqual(['kuma-dp', 'wait', '--url', 'http://localhost:9902/ready', '--timeout=180s']);
    expect(sidecar(hook(9901)).lifecycle?.postStart?.exec?.command).toEqual(['kuma-dp', 'wait', '--url', 'http://localhost:9901/ready', '--timeout=180s']);
    const native = hook(9902, { ...defaultConfig(), kubernetesVersion: '1.30' });
    expect(native.initContainers!.find((c) => c.name === 'kuma-sidecar')!.startupProbe!.httpGet!.port).toBe(9902);
  });
});

describe("a webhook-injected sidecar's ports from its pod's annotations (the injector reads them)", () => {
  const meshedJob = (annotations: string) => `apiVersion: batch/v1
kind: Job
metadata: {name: migrate}
spec:
  template:
    metadata:
      labels: {sidecar.istio.io/inject: "true"}
      annotations:
        linkerd.io/inject: enabled
${annotations}    spec:
      restartPolicy: Never
      containers:
      - name: migrate
        image: app:1
        command: [./migrate]
`;
  const checksOf = (text: string) => {
    const spec = specOf(text);
    const w = parseWrapper(spec.containers[0]!.command!)!.spec;
    return w.checks.map((k) => [k.name, k.http, w.shutdown.find((x) => x.name === k.name)?.http]);
  };

  it("Istio's status.sidecar.istio.io/port moves the quit call; Linkerd's config.linkerd.io/admin-port moves both", () => {
    const moved = checksOf(meshedJob('        status.sidecar.istio.io/port: "15099"\n        config.linkerd.io/admin-port: "4999"\n'));
    expect(moved).toEqual([
      ['istio-proxy', 'http://127.0.0.1:15021/healthz/ready', 'http://127.0.0.1:15099/quitquitquit'],
      ['linkerd-proxy', 'http://127.0.0.1:4999/ready', 'http://127.0.0.1:4999/shutdown'],
    ]);
  });

  it('without them, the defaults', () => {
    expect(checksOf(meshedJob(''))).toEqual([
      ['istio-proxy', 'http://127.0.0.1:15021/healthz/ready', 'http://127.0.0.1:15020/quitquitquit'],
      ['linkerd-proxy', 'http://127.0.0.1:4191/ready', 'http://127.0.0.1:4191/shutdown'],
    ]);
  });
});
