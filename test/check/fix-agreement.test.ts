/**
 * `check` says what `fix` will do (issue 39): a finding the configured fix removes is at most a
 * warning, names fix as its fix and says it resolves it; what fix cannot solve stays an error
 * without that fix; check on fix's output is quiet (test/pod/dry-run.test.ts on the corpus).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { RUN_FIX } from '../../src/krm/types.js';

const job = (containers: string) => `apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
${containers}`;
const app = '      - name: app\n        image: app:1\n        command: ["/migrate"]\n';
const config = (spec: object) => {
  const { config, errors } = loadConfig({ apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'c' }, spec });
  expect(errors).toEqual([]);
  return config;
};
const run = (text: string, spec: object, mode: 'check' | 'apply') => runFiles([readManifest('job.yaml', [], text)], { ...config(spec), mode });
/** What fix writes for `text`, or undefined when it changes nothing. */
const fixed = (text: string, spec: object) => run(text, spec, 'apply').files[0]!.output;
const blocks = (text: string, spec: object) => run(text, spec, 'check').findings.filter((f) => f.result.tags?.rule === 'job-sidecar-blocks-completion');

describe('check agrees with fix', () => {
  for (const mesh of ['istio', 'linkerd'] as const) {
    it(`a ${mesh}-injected Job at 1.30, which fix makes native: a warning that says fix resolves it`, () => {
      const spec = { kubernetesVersion: '1.30', mesh: { [mesh]: {} } };
      const [found] = blocks(job(app), spec);
      expect(found?.result.severity).toBe('warning');
      expect(found?.result.detail).toMatch(/The configured fix resolves it, so it is a warning here, not an error\.$/);
      expect(found?.result.fix).toBe(RUN_FIX);
      // And fix does: the Job's output has no such finding.
      const output = fixed(job(app), spec)!;
      expect(output).toContain(mesh === 'istio' ? 'sidecar.istio.io/nativeSidecar: "true"' : 'config.alpha.linkerd.io/proxy-enable-native-sidecar: "true"');
      expect(blocks(output, spec)).toEqual([]);
    });
  }

  it('what fix cannot solve stays an error, and fix is not offered as its fix', () => {
    // A classic sidecar with no shutdown endpoint on 1.28: fix has no way to end it.
    const kuma = job(`${app}      - name: kuma-sidecar\n        image: kumahq/kuma-dp:2.9.0\n`);
    const [found] = blocks(kuma, { kubernetesVersion: '1.28' });
    expect(found?.result.severity).toBe('error');
    expect(found?.result.fix).not.toBe(RUN_FIX);
  });

  it('a severity the config gives the rule wins', () => {
    const [found] = blocks(job(app), { kubernetesVersion: '1.30', mesh: { istio: {} }, rules: { 'job-sidecar-blocks-completion': 'error' } });
    expect(found?.result.severity).toBe('error');
  });
});

describe("an injected proxy's startupProbe, made native in a Never pod (kubernetes/kubernetes#132826)", () => {
  // Istio's classic injection: istio-proxy among the containers, with a startupProbe that holds
  // nothing there (istio/istio pkg/kube/inject/testdata/inject/job-old-version.yaml.injected).
  const injected = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  template:
    metadata:
      annotations:
        sidecar.istio.io/status: '{"initContainers":["istio-init"],"containers":["istio-proxy"],"volumes":[],"imagePullSecrets":null,"revision":"default"}'
    spec:
      restartPolicy: Never
      initContainers:
      - name: istio-init
        image: docker.io/istio/proxyv2:1.24.2
        args: [istio-iptables]
      containers:
      - name: pi
        image: perl
        command: [perl, -e, print 1]
      - name: istio-proxy
        image: docker.io/istio/proxyv2:1.24.2
        args: [proxy, sidecar]
        startupProbe:
          httpGet: {path: /healthz/ready, port: 15021}
          periodSeconds: 1
          failureThreshold: 600
`;
  const probeWarnings = (text: string, spec: object) =>
    run(text, spec, 'check').findings.filter((f) => f.result.tags?.rule === 'native-sidecar-startup-probe-never');

  it('at 1.30 the probe gives way to the wait command in a postStart hook, and check on the output is quiet', () => {
    const output = fixed(injected, { kubernetesVersion: '1.30' })!;
    const proxy = output.slice(output.indexOf('- name: istio-proxy'), output.indexOf('containers:\n      - name: pi'));
    expect(proxy).toContain('restartPolicy: Always');
    expect(proxy).not.toContain('startupProbe');
    expect(proxy).toMatch(/postStart:\n\s+exec:\n\s+command:\n\s+- pilot-agent\n\s+- wait\n/);
    expect(probeWarnings(output, { kubernetesVersion: '1.30' })).toEqual([]);
  });

  it('at 1.35 (the kubelet fixed) and with a deadline, the probe is kept', () => {
    for (const [text, version] of [
      [injected, '1.35'],
      [injected.replace('\nspec:\n', '\nspec:\n  activeDeadlineSeconds: 600\n'), '1.30'],
    ] as const) {
      const output = fixed(text, { kubernetesVersion: version })!;
      expect(output).toContain('restartPolicy: Always');
      expect(output).toContain('failureThreshold: 600');
    }
  });
});

describe('a native sidecar made classic keeps the stop order it had', () => {
  // Istio's native injection (istio/istio pkg/kube/inject/testdata/inject/frontend.yaml.injected):
  // the proxy in initContainers stops after nginx, whose preStop may drain for the grace period.
  const nativeIstio = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: frontend
spec:
  selector: {matchLabels: {app: frontend}}
  template:
    metadata:
      labels: {app: frontend}
      annotations:
        sidecar.istio.io/status: '{"initContainers":["istio-init","istio-proxy"],"containers":null,"volumes":[],"imagePullSecrets":null,"revision":"default"}'
    spec:
      initContainers:
      - name: istio-init
        image: docker.io/istio/proxyv2:1.24.2
        args: [istio-iptables]
      - name: istio-proxy
        image: docker.io/istio/proxyv2:1.24.2
        args: [proxy, sidecar]
        restartPolicy: Always
        lifecycle:
          preStop:
            exec: {command: [pilot-agent, request, --debug-port=15020, POST, drain]}
      containers:
      - name: nginx
        image: nginx
        lifecycle:
          preStop:
            exec: {command: [/usr/sbin/nginx, -s, quit]}
`;
  const early = (text: string) => run(text, { kubernetesVersion: '1.28' }, 'check').findings.filter((f) => f.result.tags?.rule === 'sidecar-stops-before-app');

  it('at 1.28 the proxy goes back to containers with a drain that outlasts the app, and check on the output is quiet', () => {
    const { files, findings } = run(nativeIstio, { kubernetesVersion: '1.28' }, 'apply');
    const output = files[0]!.output!;
    expect(output).not.toContain('restartPolicy: Always');
    expect(output).toMatch(/proxy\.istio\.io\/config: \|?\s*terminationDrainDuration: 25s/);
    expect(findings.map((f) => f.result.detail ?? '').join('\n')).toContain('Native, it stopped after the app');
    expect(early(output)).toEqual([]);
  });

  it("the user's own drain wins; a classic proxy in the input is not touched without stopOrder.sidecarsLast", () => {
    const drained = nativeIstio.replace('      annotations:\n', "      annotations:\n        proxy.istio.io/config: '{terminationDrainDuration: 7s}'\n");
    expect(fixed(drained, { kubernetesVersion: '1.28' })!).toContain("'{terminationDrainDuration: 7s}'");
    const classic = fixed(nativeIstio, { kubernetesVersion: '1.28' })!.replace(/ {8}proxy\.istio\.io\/config:.*\n(?: {10}.*\n)*/, '');
    expect(classic).not.toContain('terminationDrainDuration');
    expect(fixed(classic, { kubernetesVersion: '1.28' })).toBeUndefined();
    expect(early(classic)).toHaveLength(1);
  });
});
