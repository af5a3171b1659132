/**
 * Counterexamples the property tests found, kept as plain examples so they stay fixed whatever
 * the generators draw.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runFilter } from '../../src/run.js';
import { parseToolsInstall } from '../../src/shell/index.js';
import { stripResults } from '../helpers/golden.js';

/** Classic sidecars: the regressions were found and written for them. */
const CLASSIC = 'functionConfig: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {kubernetesVersion: "1.28"}}\n';
const list = (items: string, config = '') => `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${items}${config}`;
const names = (out: string, field: 'containers' | 'initContainers') =>
  (parse(out).items[0].spec.template.spec[field] ?? []).map((c: { name: string }) => c.name);

describe('regressions found by the properties', () => {
  it('a Vault agent ordered first is silent on a second run (no result without a change)', () => {
    const input = list(
      `- apiVersion: apps/v1
  kind: Deployment
  metadata: {name: web}
  spec:
    template:
      spec:
        containers:
        - {name: web, image: web}
        - {name: vault-agent, image: vault}
`,
      CLASSIC,
    );
    const first = runFilter(input);
    expect(names(first.stdout, 'containers')).toEqual(['vault-agent', 'web']);
    const second = runFilter(stripResults(first.stdout));
    expect(second.results).toEqual([]);
  });

  it('native sidecars moved back to containers keep their order', () => {
    const input = list(
      `- apiVersion: apps/v1
  kind: Deployment
  metadata: {name: web}
  spec:
    template:
      spec:
        initContainers:
        - {name: istio-proxy, image: proxy, restartPolicy: Always}
        - {name: envoy, image: envoy, restartPolicy: Always}
        containers:
        - {name: web, image: web}
`,
      // Below 1.29 auto means postStart; without a version, native sidecars would stay native.
      'functionConfig: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {kubernetesVersion: "1.28"}}\n',
    );
    const out = runFilter(input).stdout;
    expect(names(out, 'containers')).toEqual(['istio-proxy', 'envoy', 'web']);
    expect(stripResults(runFilter(stripResults(out)).stdout)).toBe(stripResults(out));
  });

  it('sidecars made native keep their order, after the mesh init container', () => {
    const input = list(
      `- apiVersion: apps/v1
  kind: Deployment
  metadata: {name: web}
  spec:
    template:
      spec:
        initContainers:
        - {name: istio-init, image: proxy}
        - {name: migrate, image: app}
        containers:
        - {name: istio-proxy, image: proxy}
        - {name: app, image: app}
        - {name: envoy, image: envoy}
`,
      'functionConfig: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {kubernetesVersion: "1.30"}}\n',
    );
    expect(names(runFilter(input).stdout, 'initContainers')).toEqual(['istio-init', 'istio-proxy', 'envoy', 'migrate']);
  });

  it('a pod whose only container is a sidecar (a gateway) is left alone, never emptied', () => {
    const input = list(
      `- apiVersion: v1
  kind: Pod
  metadata: {name: web}
  spec:
    containers:
    - name: envoy
      image: envoy
    # about volumes
    volumes:
    - {name: v, emptyDir: {}}
`,
      'functionConfig: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {kubernetesVersion: "1.30"}}\n',
    );
    const out = runFilter(input);
    expect(out.results).toEqual([]);
    expect(out.stdout).toBe(input);
  });

  it("a volume mount named like a container never takes that container's place (our seq-tools, an app gaining its mount)", () => {
    const input = list(
      `- apiVersion: batch/v1
  kind: Job
  metadata: {name: j}
  spec:
    template:
      spec:
        restartPolicy: Never
        initContainers:
        - name: seq-tools
          image: busybox:1.36
          command: [/bin/busybox, cp, /bin/busybox, /.seq/busybox]
          volumeMounts:
          - name: seq-tools
            mountPath: /.seq
        containers:
        - {name: app, image: app, command: [./run]}
        - {name: istio-proxy, image: istio/proxyv2}
`,
      'functionConfig: {apiVersion: fn.pod-sequencer.dev/v1alpha1, kind: PodSequence, metadata: {name: c}, spec: {kubernetesVersion: "1.28", tools: {delivery: inject}}}\n',
    );
    const out = runFilter(input);
    expect(out.exitCode).toBe(0);
    const spec = parse(out.stdout).items[0].spec.template.spec;
    // ours, updated: it now also writes the wrapper the app runs (issue 19)
    expect(spec.initContainers[0].name).toBe('seq-tools');
    expect(parseToolsInstall(spec.initContainers[0].command)).toMatchObject({ busybox: '/bin/busybox', toolsDir: '/.seq' });
    expect(spec.initContainers[0].image).toBeDefined();
    expect(spec.containers.find((c: { name: string }) => c.name === 'app').volumeMounts).toEqual([{ name: 'seq-tools', mountPath: '/.seq', readOnly: true }]);
  });

  it("a user's own init container named seq-tools is never replaced: an error, the workload unchanged", () => {
    const input = list(
      `- apiVersion: batch/v1
  kind: Job
  metadata: {name: j}
  spec:
    template:
      spec:
        restartPolicy: Never
        initContainers:
        - {name: seq-tools, image: my/own:1, command: [./setup], volumeMounts: [{name: seq-tools, mountPath: /.seq}]}
        containers:
        - {name: app, image: app, command: [./run]}
        - {name: istio-proxy, image: istio/proxyv2}
`,
      'functionConfig: {apiVersion: fn.pod-sequencer.dev/v1alpha1, kind: PodSequence, metadata: {name: c}, spec: {kubernetesVersion: "1.28", tools: {delivery: inject}}}\n',
    );
    const out = runFilter(input);
    expect(out.exitCode).toBe(1);
    expect(stripResults(out.stdout)).toBe(input);
    expect(out.results[0]!.message).toMatch(/^init container seq-tools is not pod-sequencer's/);
  });
});
