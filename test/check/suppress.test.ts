/**
 * Suppressions in the manifest, with a reason (issue 18): `pod-sequencer.dev/ignore.<rule-id>`
 * on a workload or its pod template silences that rule there only; a key that names no rule or
 * gives no reason suppresses nothing and is an invalid-suppression warning.
 */
import { describe, expect, it } from 'vitest';
import { formatJson, formatText } from '../../src/check/report.js';
import { formatSarif } from '../../src/check/sarif.js';
import { defaultConfig } from '../../src/config/resolve.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { runFilter } from '../../src/run.js';

const web = (annotations: string, name = 'web') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
${annotations}spec:
  template:
    spec:
      containers:
      - name: app
        image: app:1
      - name: istio-proxy
        image: istio/proxyv2:1.24
`;
// Classic sidecars (kubernetesVersion 1.28): the findings here are about a classic proxy listed last.
const check = (text: string) => runFiles([readManifest('web.yaml', [], text)], { ...defaultConfig(), kubernetesVersion: '1.28', mode: 'check' }).findings;

describe('pod-sequencer.dev/ignore.<rule-id>', () => {
  const ignored = web('  annotations:\n    pod-sequencer.dev/ignore.sidecar-not-first: "the app retries its connection"\n');

  it('silences that rule on that workload only; text counts it, JSON and SARIF keep it with the reason', () => {
    const findings = check(`${ignored}---\n${web('', 'other')}`);
    const text = formatText(findings, 1);
    expect(text).toMatch(/^web\.yaml:\d+:\d+: warning \[sidecar-not-first\] .*\n {2}fix: .*\n1 file checked: 0 errors, 1 warning, 0 info; 1 suppressed\n$/);
    const json = JSON.parse(formatJson(findings, [], 1));
    expect(json.findings).toHaveLength(1);
    expect(json.suppressed).toEqual([
      expect.objectContaining({ rule: 'sidecar-not-first', suppression: { kind: 'annotation', reason: 'the app retries its connection' } }),
    ]);
    const sarif = JSON.parse(formatSarif(findings, [], { version: '0.1.0', root: process.cwd(), cwd: process.cwd() }));
    const results = sarif.runs[0].results as { suppressions?: { kind: string; justification: string }[] }[];
    expect(results.filter((r) => r.suppressions)).toEqual([
      expect.objectContaining({ suppressions: [{ kind: 'inSource', justification: 'the app retries its connection' }] }),
    ]);
  });

  it('an unknown rule or a value with no reason suppresses nothing and says so', () => {
    for (const [key, value] of [
      ['pod-sequencer.dev/ignore.sidecar-not-frist', '"typo"'],
      ['pod-sequencer.dev/ignore.sidecar-not-first', '"true"'],
      ['pod-sequencer.dev/ignore.sidecar-not-first', '"  "'],
    ]) {
      const findings = check(web(`  annotations:\n    ${key}: ${value}\n`));
      expect(findings.map((f) => f.result.tags?.rule).sort()).toEqual(['invalid-suppression', 'sidecar-not-first']);
    }
  });

  it('on a workload nothing else acts on (one app container), a bad suppression is still said, on the workload or its pod, in apply mode too', () => {
    const lone = (meta: string, pod: string) =>
      `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n- apiVersion: apps/v1\n  kind: Deployment\n  metadata:\n    name: web\n${meta}  spec:\n    template:\n${pod}      spec:\n        containers:\n        - name: app\n          image: app:1\nfunctionConfig: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {kubernetesVersion: "1.30"}}\n`;
    const typo = 'pod-sequencer.dev/ignore.sidecar-not-frist: "typo"';
    const onWorkload = runFilter(lone(`    annotations:\n      ${typo}\n`, ''));
    const onPod = runFilter(lone('', `      metadata:\n        annotations:\n          ${typo}\n`));
    expect(onWorkload.results.map((r) => [r.tags?.rule, r.field?.path])).toEqual([
      ['invalid-suppression', 'metadata.annotations["pod-sequencer.dev/ignore.sidecar-not-frist"]'],
    ]);
    expect(onPod.results.map((r) => [r.tags?.rule, r.field?.path])).toEqual([
      ['invalid-suppression', 'spec.template.metadata.annotations["pod-sequencer.dev/ignore.sidecar-not-frist"]'],
    ]);
    // Without the annotation the same workload gives nothing at all.
    expect(runFilter(lone('', '')).results).toEqual([]);
  });

  it('the filter leaves suppressed findings out of the ResourceList and the exit code', () => {
    const list = (m: string) =>
      `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${m.replace(/^(?=.)/gm, '  ').replace(/^ {2}/, '- ')}functionConfig: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {mode: check, kubernetesVersion: "1.28"}}\n`;
    expect(runFilter(list(web(''))).results.map((r) => r.tags?.rule)).toEqual(['sidecar-not-first']);
    expect(runFilter(list(ignored)).results).toEqual([]);
  });
});

describe('check --fail-on', () => {
  it('exit 1 iff an unsuppressed finding is at or above the level; 2 for a bad level', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { runBin } = await import('../helpers/cli.js');
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-failon-'));
    const [warn, quiet] = [join(dir, 'warn.yaml'), join(dir, 'quiet.yaml')];
    writeFileSync(warn, web(''));
    writeFileSync(quiet, web('  annotations:\n    pod-sequencer.dev/ignore.sidecar-not-first: "the app retries"\n'));
    const code = (level: string, f: string) => runBin(['check', '--fail-on', level, f]).code;
    expect(['error', 'warning', 'info', 'none'].map((l) => code(l, warn))).toEqual([0, 1, 1, 0]);
    expect(code('warning', quiet)).toBe(0);
    expect(code('bogus', warn)).toBe(2);
  });
});
