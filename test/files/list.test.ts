/**
 * `kind: List` (what `kubectl get -o yaml` writes) and typed lists: the objects inside are
 * processed like top-level items by the filter, `check`, `fix` and `explain`, with positions in
 * the user's file and the other objects byte-identical.
 */
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/resolve.js';

// Classic sidecars: the cases were written for the classic form (a moved sidecar, a postStart wait).
const classic = { ...defaultConfig(), kubernetesVersion: '1.28' };
import { explainFiles } from '../../src/explain/index.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { runFilter } from '../../src/run.js';

const list = `apiVersion: v1
kind: List
metadata:
  resourceVersion: ""
items:
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: c}   # odd spacing kept
- apiVersion: apps/v1
  kind: Deployment
  metadata:
    name: web
  spec:
    template:
      spec:
        containers:
        - name: web
          image: web:1
        - name: istio-proxy
          image: istio/proxyv2:1.24
`;

describe('List kinds', () => {
  it('check places findings inside the List in the file', () => {
    const { findings } = runFiles([readManifest('live.yaml', [], list)], { ...defaultConfig(), kubernetesVersion: '1.28', mode: 'check' });
    expect(findings.map((f) => [f.line, f.col, f.result.tags?.rule, f.result.resourceRef?.name])).toEqual([[19, 11, 'sidecar-not-first', 'web']]);
  });

  it('fix changes the workload inside, leaves the rest as it was, and is idempotent', () => {
    const { files, findings } = runFiles([readManifest('live.yaml', [], list)], classic);
    const out = files[0]!.output!;
    expect(out.slice(0, out.indexOf('- apiVersion: apps/v1'))).toBe(list.slice(0, list.indexOf('- apiVersion: apps/v1')));
    expect(out.indexOf('name: istio-proxy')).toBeLessThan(out.indexOf('name: web\n          image'));
    // Findings of a changed file point into its new text.
    const moved = findings.find((f) => f.result.message.startsWith('moved sidecar'))!;
    expect(out.split('\n')[moved.line - 1]).toBe('        containers:');
    expect(runFiles([readManifest('live.yaml', [], out)], classic).files[0]!.output).toBeUndefined();
  });

  it('the filter opens a List item; an object inside it that cannot be read gets an error and is left as it is', () => {
    const rl = `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${list
      .replace(/^/gm, '  ')
      .replace(/^ {2}(?=\S)/, '- ')
      .replace(/\n {2}$/, '\n')}functionConfig: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {kubernetesVersion: "1.28"}}\n`;
    const once = runFilter(rl);
    expect(once.exitCode).toBe(0);
    expect(once.results.map((r) => r.resourceRef?.name)).toEqual(['web', 'web']);
    expect(runFilter(once.stdout.slice(0, once.stdout.indexOf('results:'))).results).toEqual([]);
    const bad = runFilter(rl.replace('image: web:1', 'image: web:1\n            <<: {x: 1}'));
    // The object inside the List is left as it is, with an error on it; the run goes on (issue 27).
    expect(bad.exitCode).toBe(1);
    expect(bad.stdout).not.toBe('');
    const errors = bad.results.filter((r) => r.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.resourceRef).toMatchObject({ kind: 'Deployment', name: 'web' });
    expect(errors[0]!.message).toMatch(/containers\[\d\]\.<<: YAML merge keys .*this Deployment is left as it is$/);
  });

  it('explain shows the workloads inside a List, with their lines', () => {
    const text = explainFiles([readManifest('live.yaml', [], list)], classic, { format: 'text', diff: false });
    expect(text).toMatch(/^Deployment\/web \(live\.yaml:9\)\n/);
    expect(text).toMatch(/1\. sidecar istio-proxy/);
  });
});
