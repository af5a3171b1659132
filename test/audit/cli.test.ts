/**
 * `pod-sequencer audit` as users run it (the built bin): every format, the exit codes of
 * `check`, stdin, `--kubectl` with a fake kubectl on PATH that records its argv (exactly one
 * read-only `get`), and bad input said in one line each.
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KUBECTL_ARGS } from '../../src/audit/kubectl.js';
import { ruleInfos } from '../../src/check/index.js';
import { BIN, ROOT, run, runBin } from '../helpers/cli.js';

const STUCK = join('fixtures', 'audit', 'istio-cronjob-stuck.yaml');
const NEVER = join('fixtures', 'audit', 'native-startup-probe-never.json');
const inRoot = (args: string[], input?: string, env?: NodeJS.ProcessEnv) => run(process.execPath, [BIN, ...args], { cwd: ROOT, input, env });

describe('audit on a dump', () => {
  it('text: the summary first (counts by rule and namespace, worst owners, the webhook chain), then each finding with evidence and fix; exit 1', () => {
    const r = inRoot(['audit', STUCK]);
    expect(r.code, r.stderr).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(`pod-sequencer audit of ${STUCK}: 1 pods, 2 owners, 1 nodes, 1 mutating webhook configurations`);
    expect(lines[1]).toBe("times against 2026-03-03T12:04:10.000Z (the dump's newest timestamp); fixes for Kubernetes 1.31");
    expect(r.stdout.indexOf('by rule:')).toBeLessThan(r.stdout.indexOf('findings:'));
    expect(r.stdout).toContain('worst owners:\n       1  CronJob/batch/report (1 stuck pod(s))');
    expect(r.stdout).toContain('1. istio-sidecar-injector/namespace.sidecar-injector.istio.io  reinvocationPolicy: Never');
    expect(r.stdout).toContain(
      'error [job-sidecar-blocks-completion] Pod/batch/report-29000000-x7k2p: stuck for 2d2h: the work ended but sidecar istio-proxy still runs',
    );
    expect(r.stdout).toContain('  fix: spec.mesh.istio: {} in the config, then pod-sequencer fix <the manifest of CronJob/batch/report>');
  });

  it('json: the contract shape, the summary beside the findings', () => {
    const r = inRoot(['audit', '--format', 'json', STUCK, NEVER]);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { findings: Record<string, unknown>[]; summary: Record<string, unknown> };
    for (const f of out.findings) expect(Object.keys(f)).toEqual(expect.arrayContaining(['rule', 'severity', 'kind', 'namespace', 'name', 'message', 'fix']));
    expect(out.findings.map((f) => f.rule)).toEqual([
      'job-sidecar-blocks-completion',
      'native-sidecar-stuck-init',
      'admission-webhook-missing',
      'kubelet-sidecar-defect',
    ]);
    expect(out.summary).toMatchObject({ error: 2, warning: 2, info: 0, byRule: { 'job-sidecar-blocks-completion': 1 }, read: { pods: 2, nodes: 2 } });
  });

  it("sarif: check's writer, every rule in the driver, each result at its input with its object", () => {
    const r = inRoot(['audit', '--format', 'sarif', NEVER]);
    const log = JSON.parse(r.stdout) as { runs: { tool: { driver: { rules: { id: string }[] } }; results: Record<string, unknown>[] }[] };
    expect(log.runs[0]!.tool.driver.rules.map((x) => x.id)).toEqual(ruleInfos.map((x) => x.id));
    const res = log.runs[0]!.results[0] as {
      ruleId: string;
      locations: { physicalLocation: { artifactLocation: { uri: string } }; logicalLocations: { fullyQualifiedName: string }[] }[];
    };
    expect(res.ruleId).toBe('native-sidecar-stuck-init');
    expect(res.locations[0]!.physicalLocation.artifactLocation.uri).toBe('fixtures/audit/native-startup-probe-never.json');
    expect(res.locations[0]!.logicalLocations[0]!.fullyQualifiedName).toBe('Pod/default/buggy-sidecar');
  });

  it('junit: a testsuite per input, a failure per finding at --fail-on', () => {
    const r = inRoot(['audit', '--format', 'junit', '--fail-on', 'warning', STUCK]);
    expect(r.stdout).toContain(`<testsuite name="${STUCK}" tests="2" failures="2"`);
    expect(r.stdout).toContain('classname="Pod/report-29000000-x7k2p" name="job-sidecar-blocks-completion"');
  });

  it('--fail-on none exits 0; stdin (-) reads the same', () => {
    expect(inRoot(['audit', '--fail-on', 'none', STUCK]).code).toBe(0);
    const r = inRoot(['audit', '--format', 'json', '-'], readFileSync(join(ROOT, STUCK), 'utf8'));
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as { findings: unknown[] }).findings).toHaveLength(2);
  });

  it('a healthy dump: no findings, exit 0', () => {
    const healthy = {
      apiVersion: 'v1',
      kind: 'List',
      items: [{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, status: { nodeInfo: { kubeletVersion: 'v1.35.0' } } }],
    };
    const r = runBin(['audit', '-'], JSON.stringify(healthy));
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('0 error(s), 0 warning(s), 0 info');
  });
});

describe('hostile names', () => {
  it('escape sequences in a dump never reach the terminal; JUnit stays well-formed', () => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'evil\u001b[2J<x>', namespace: 'ns' },
      spec: {
        restartPolicy: 'Never',
        containers: [
          { name: 'job', image: 'a', command: ['/a'] },
          { name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.24.2' },
        ],
      },
      status: {
        phase: 'Running',
        containerStatuses: [
          { name: 'job', state: { terminated: { exitCode: 0, finishedAt: '2026-01-01T00:00:00Z' } } },
          { name: 'istio-proxy', state: { running: { startedAt: '2026-01-01T00:00:00Z' } } },
        ],
      },
    };
    const text = runBin(['audit', '-'], JSON.stringify(pod));
    expect(text.code).toBe(1);
    expect(text.stdout).not.toContain('\u001b');
    expect(text.stdout).toContain('Pod/ns/evil');
    const junit = runBin(['audit', '--format', 'junit', '-'], JSON.stringify(pod));
    expect(junit.stdout).toContain('evil\\u001b[2J&lt;x&gt;');
  });
});

describe('usage and bad input', () => {
  it.each([
    [['audit'], 'audit needs a dump'],
    [['audit', '--kubectl', STUCK], '--kubectl reads the cluster itself'],
    [['audit', '--now', 'yesterday', STUCK], '--now yesterday: not an RFC 3339 time'],
    [['audit', '--config', 'missing.yaml', STUCK], '--config missing.yaml: cannot read the file (ENOENT)'],
  ])('%j: exit 2', (args, said) => {
    const r = inRoot(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(said);
    expect(r.stdout).toBe('');
  });

  it('a truncated dump is an error naming its place; the other input is still audited; no stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-cli-'));
    const cut = join(dir, 'cut.json');
    const text = readFileSync(join(ROOT, NEVER), 'utf8');
    writeFileSync(cut, text.slice(0, 900));
    const r = inRoot(['audit', '--format', 'json', cut, NEVER]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^pod-sequencer: error \\[invalid-input\\] ${cut}:\\d+:\\d+: the JSON ends`));
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const out = JSON.parse(r.stdout) as { findings: { rule: string; name: string }[] };
    expect(out.findings.map((f) => f.rule)).toEqual(['native-sidecar-stuck-init', 'kubelet-sidecar-defect', 'invalid-input']);
  });
});

describe('--kubectl', () => {
  /** A kubectl that records its argv and prints a dump (or fails). */
  function fakeKubectl(body: string): { dir: string; argv: string } {
    const dir = mkdtempSync(join(tmpdir(), 'fake-kubectl-'));
    const argv = join(dir, 'argv');
    writeFileSync(join(dir, 'kubectl'), `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > '${argv}'\n${body}\n`);
    chmodSync(join(dir, 'kubectl'), 0o755);
    return { dir, argv };
  }
  const env = (dir: string) => ({ ...process.env, PATH: `${dir}:/usr/bin:/bin` });

  it('runs exactly kubectl get … -A -o json, once, and audits what it prints against the clock', () => {
    const { dir, argv } = fakeKubectl(`cat '${join(ROOT, NEVER)}'`);
    const r = inRoot(['audit', '--kubectl', '--format', 'json'], undefined, env(dir));
    expect(r.code, r.stderr).toBe(1);
    expect(readFileSync(argv, 'utf8').trim().split('\n')).toEqual([...KUBECTL_ARGS]);
    expect(KUBECTL_ARGS).toEqual(['get', 'pods,jobs,cronjobs,deployments,statefulsets,daemonsets,nodes,mutatingwebhookconfigurations', '-A', '-o', 'json']);
    const out = JSON.parse(r.stdout) as { summary: { nowFrom: string }; findings: { rule: string }[] };
    expect(out.summary.nowFrom).toBe('clock');
    expect(out.findings[0]!.rule).toBe('native-sidecar-stuck-init');
  });

  it('kubectl failing, or missing, is said in one line', () => {
    const { dir } = fakeKubectl(`echo 'error: You must be logged in to the server (Unauthorized)' >&2; exit 1`);
    const r = inRoot(['audit', '--kubectl'], undefined, env(dir));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      '--kubectl: kubectl get pods,jobs,cronjobs,deployments,statefulsets,daemonsets,nodes,mutatingwebhookconfigurations -A -o json failed (exit 1): error: You must be logged in',
    );
    const none = inRoot(['audit', '--kubectl'], undefined, { ...process.env, PATH: mkdtempSync(join(tmpdir(), 'no-kubectl-')) });
    expect(none.stdout).toContain('--kubectl: kubectl is not on PATH');
  });
});
