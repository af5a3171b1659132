/**
 * `spec.rules.<rule-id>: off|info|warning|error` and `spec.check.failOn` (issue 18): config
 * errors name the rule, level and field; the severity the config gives is the one every output
 * and the filter's results carry; `off` drops the findings but not the fix.
 */
import { describe, expect, it } from 'vitest';
import { formatJson, formatText } from '../../src/check/report.js';
import { loadConfig } from '../../src/config/load.js';
import type { Config } from '../../src/config/types.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { runFilter } from '../../src/run.js';

const typed = (spec: unknown) => loadConfig({ apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'c' }, spec });
const configMap = (data: Record<string, string>) => loadConfig({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data });
const messages = (r: { errors: { message: string }[] }) => r.errors.map((e) => e.message);

describe('config: spec.rules, spec.check', () => {
  it('accepts levels per rule id and a threshold, in both forms', () => {
    const spec = { rules: { 'sleep-ordering': 'off', 'sidecar-not-first': 'error' }, check: { failOn: 'warning', baseline: 'b.json' } };
    const { config, errors } = typed(spec);
    expect(errors).toEqual([]);
    expect([config.rules, config.check]).toEqual([spec.rules, spec.check]);
    const cm = configMap({ rules: 'sleep-ordering=off, sidecar-not-first=error', failOn: 'warning', baseline: 'b.json' });
    expect(cm.errors).toEqual([]);
    expect([cm.config.rules, cm.config.check]).toEqual([spec.rules, spec.check]);
  });

  it('names the unknown rule, the bad level and the field path', () => {
    expect(messages(typed({ rules: { 'sleep-orderin': 'off', 'sidecar-not-first': 'fatal' }, check: { failOn: 'warn', extra: 1 } }))).toEqual([
      expect.stringMatching(/^spec\.rules\.sleep-orderin: unknown rule 'sleep-orderin' \(did you mean 'sleep-ordering'\?\); use one of sidecar-not-first, /),
      "spec.rules.sidecar-not-first: 'fatal' is not accepted; use one of off, info, warning, error",
      "spec.check.extra: unknown field 'extra'; the fields of spec.check are failOn, baseline",
      "spec.check.failOn: 'warn' is not accepted; use one of error, warning, info, none",
    ]);
    expect(messages(configMap({ rules: 'bogus=off,sidecar-not-first=loud,sleep-ordering', failOn: 'warnings' }))).toEqual([
      "data.rules: 'sleep-ordering' is not accepted; write RULE=LEVEL, for example sleep-ordering=off,sidecar-not-first=error",
      expect.stringMatching(/^data\.rules: unknown rule 'bogus'; use one of /),
      "data.rules: sidecar-not-first: 'loud' is not accepted; use one of off, info, warning, error",
      "data.failOn: 'warnings' is not accepted; use one of error, warning, info, none",
    ]);
  });
});

const web = `apiVersion: apps/v1
kind: Job
metadata:
  name: report
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: app
        image: app:1
        command: [sh, -c, "sleep 10; exec app"]
      - name: istio-proxy
        image: istio/proxyv2:1.24
`;

// Classic sidecars (kubernetesVersion 1.28): the findings are about a classic Job sidecar.
const cfg = (spec: unknown): Config => {
  const { config, errors } = typed({ kubernetesVersion: '1.28', ...(spec as object) });
  expect(errors).toEqual([]);
  return config;
};
const check = (spec: unknown) => runFiles([readManifest('job.yaml', [], web)], { ...cfg(spec), mode: 'check' }).findings;
const rulesOf = (findings: { result: { severity: string; tags?: Record<string, string> } }[]) =>
  findings.map((f) => `${f.result.tags?.rule}=${f.result.severity}`);
const list = (spec: object) =>
  `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${web.replace(/^(?=.)/gm, '  ').replace(/^ {2}/, '- ')}functionConfig: ${JSON.stringify({ apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'c' }, spec })}\n`;

describe('severity after the config, in every output', () => {
  it('check: text, JSON and the exit threshold see the configured severity; off drops the findings', () => {
    // fix ends this Job's proxy, so its finding is at most a warning (issue 39); a configured severity wins.
    expect(rulesOf(check({}))).toEqual(['sleep-ordering=info', 'sidecar-not-first=warning', 'job-sidecar-blocks-completion=warning']);
    expect(rulesOf(check({ rules: { 'job-sidecar-blocks-completion': 'error' } }))).toContain('job-sidecar-blocks-completion=error');
    const changed = check({ rules: { 'sleep-ordering': 'error', 'job-sidecar-blocks-completion': 'off', 'sidecar-not-first': 'info' } });
    expect(rulesOf(changed)).toEqual(['sleep-ordering=error', 'sidecar-not-first=info']);
    expect(formatText(changed, 1)).toMatch(/job\.yaml:12:27: error \[sleep-ordering\][\s\S]*1 file checked: 1 error, 0 warnings, 1 info\n$/);
    expect(JSON.parse(formatJson(changed, [], 1)).findings.map((f: { severity: string }) => f.severity)).toEqual(['error', 'info']);
  });

  it('the filter: results and exit code follow rules and failOn (a kpt validator)', () => {
    const run = (spec: object) => runFilter(list({ mode: 'check', kubernetesVersion: '1.28', ...spec }));
    expect(run({}).exitCode).toBe(0);
    expect(run({ rules: { 'job-sidecar-blocks-completion': 'error' } }).exitCode).toBe(1);
    const lowered = run({ rules: { 'job-sidecar-blocks-completion': 'warning' } });
    expect([lowered.exitCode, rulesOf(lowered.results.map((result) => ({ result })))]).toEqual([
      0,
      ['sidecar-not-first=warning', 'job-sidecar-blocks-completion=warning', 'sleep-ordering=info'],
    ]);
    // The message's first line ends with the rule id; its why and fix lines follow, then the severity.
    expect(lowered.stdout).toMatch(/\[job-sidecar-blocks-completion\]\.\n(?: {4}.*\n)+ {2}severity: warning\n/);
    expect(run({ rules: { 'job-sidecar-blocks-completion': 'warning' }, check: { failOn: 'warning' } }).exitCode).toBe(1);
    expect(run({ rules: { 'job-sidecar-blocks-completion': 'off', 'sidecar-not-first': 'off' }, check: { failOn: 'warning' } }).exitCode).toBe(0);
    expect(run({ rules: { 'job-sidecar-blocks-completion': 'error' }, check: { failOn: 'none' } }).exitCode).toBe(0);
    // --fail-on for the filter wins over the config.
    expect(runFilter(list({ mode: 'check', check: { failOn: 'none' } }), { failOn: 'info' }).exitCode).toBe(1);
  });

  it('apply mode: off drops the finding, never the fix; changes are not findings for failOn info', () => {
    const out = runFilter(list({ rules: { 'job-sidecar-blocks-completion': 'off', 'sidecar-not-first': 'off' }, check: { failOn: 'info' } }));
    expect(out.stdout).toMatch(/restartPolicy: Always|pod-sequencer wrapper|quitquitquit/);
    expect(out.results.filter((r) => r.tags?.rule).map((r) => r.tags!.rule)).toEqual(['sleep-ordering']);
    // The sleep is still an info finding, at the threshold: exit 1; without it, the change notes alone pass.
    expect(out.exitCode).toBe(1);
    const quiet = runFilter(list({ rules: { 'sleep-ordering': 'off' }, check: { failOn: 'info' } }));
    expect(quiet.results.some((r) => r.severity === 'info' && !r.tags?.rule)).toBe(true);
    expect(quiet.exitCode).toBe(0);
  });
});
