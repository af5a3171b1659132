/**
 * `check --write-baseline` / `--baseline` (issue 18): a repository with findings keeps CI green;
 * the file is sorted JSON without lines (moving lines keeps matching); a new finding still fails
 * and is the only one listed; a fixed one drops out on the next write.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, run } from '../helpers/cli.js';

const deployment = (name: string, containers: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  template:
    spec:
      containers:
${containers}`;
const app = '      - name: app\n        image: app:1\n';
const istio = '      - name: istio-proxy\n        image: istio/proxyv2:1.24\n';
const sleepy = '      - name: worker\n        image: w:1\n        command: [sh, -c, "sleep 5; exec w"]\n';

function repo(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-baseline-'));
  const write = (f: Record<string, string>) => Object.entries(f).forEach(([name, text]) => writeFileSync(join(dir, name), text));
  write(files);
  const check = (...args: string[]) => run(process.execPath, [BIN, 'check', ...args], { cwd: dir });
  return { dir, write, check, read: (name: string) => readFileSync(join(dir, name), 'utf8') };
}

describe('check --write-baseline / --baseline', () => {
  it('records every finding, sorted, without lines; then passes, and keeps passing when lines move', () => {
    const r = repo({ 'b.yaml': deployment('web', app + istio), 'a.yaml': deployment('jobs', app + sleepy) });
    expect(r.check('--fail-on', 'info', '.').code).toBe(1);
    const wrote = r.check('--fail-on', 'info', '--write-baseline', 'base.json', '.');
    expect([wrote.code, wrote.stdout]).toEqual([0, '2 files checked: no findings; 2 suppressed\n']);
    expect(wrote.stderr).toContain('pod-sequencer check: wrote 2 findings to base.json; commit it and pass --baseline base.json');
    const text = r.read('base.json');
    expect(JSON.parse(text)).toEqual({
      version: 1,
      tool: 'pod-sequencer',
      findings: [
        { rule: 'sidecar-not-first', file: 'b.yaml', kind: 'Deployment', namespace: null, name: 'web', container: 'istio-proxy' },
        { rule: 'sleep-ordering', file: 'a.yaml', kind: 'Deployment', namespace: null, name: 'jobs', container: 'worker' },
      ],
    });
    expect(text).not.toMatch(/line|column/);
    // Stable: the same findings write the same bytes.
    r.check('--write-baseline', 'base.json', '.');
    expect(r.read('base.json')).toBe(text);
    // Lines move (a comment and a blank line on top, containers reordered): still the same findings.
    r.write({ 'b.yaml': `# moved\n\n${deployment('web', app + istio)}`, 'a.yaml': deployment('jobs', sleepy + app) });
    const again = r.check('--fail-on', 'info', '--baseline', 'base.json', '.');
    expect([again.code, again.stdout]).toEqual([0, '2 files checked: no findings; 2 suppressed\n']);
    const json = JSON.parse(r.check('--format', 'json', '--baseline', 'base.json', '.').stdout);
    expect(json.suppressed.map((s: { suppression: unknown }) => s.suppression)).toEqual([
      { kind: 'baseline', reason: 'listed in the baseline base.json' },
      { kind: 'baseline', reason: 'listed in the baseline base.json' },
    ]);
  });

  it('a new finding fails and is the only one listed; a fixed one drops out on the next write', () => {
    const r = repo({ 'a.yaml': deployment('web', app + istio) });
    r.check('--write-baseline', 'base.json', '.');
    r.write({ 'a.yaml': `${deployment('web', app + istio)}---\n${deployment('api', app + istio)}` });
    const failed = r.check('--fail-on', 'warning', '--baseline', 'base.json', 'a.yaml');
    expect(failed.code).toBe(1);
    expect(failed.stdout.split('\n').filter((l) => l.includes('['))).toEqual([
      expect.stringMatching(/^a\.yaml:\d+:9: warning \[sidecar-not-first\] sidecar istio-proxy/),
    ]);
    expect(failed.stdout).toContain('0 errors, 1 warning, 0 info; 1 suppressed');
    // A second finding of the same kind in the same place is new too: each entry matches once.
    r.write({ 'a.yaml': deployment('web', app + istio + istio.replace('istio-proxy', 'envoy').replace('istio/proxyv2:1.24', 'envoyproxy/envoy:v1.31')) });
    expect(r.check('--fail-on', 'warning', '--baseline', 'base.json', '.').code).toBe(1);
    // Fixed: the sidecar first with a wait is no finding; the rewritten baseline is empty.
    r.write({ 'a.yaml': deployment('web', app) });
    r.check('--write-baseline', 'base.json', '.');
    expect(JSON.parse(r.read('base.json')).findings).toEqual([]);
  });

  it('paths relative to the working directory, whatever form the paths were given in; spec.check.baseline from the config', () => {
    const r = repo({ 'a.yaml': deployment('web', app + istio) });
    r.check('--write-baseline', 'base.json', join(r.dir, 'a.yaml'));
    expect(JSON.parse(r.read('base.json')).findings[0].file).toBe('a.yaml');
    r.write({
      'cfg.yaml': 'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata: {name: c}\nspec: {check: {failOn: warning, baseline: base.json}}\n',
    });
    expect(r.check('--config', 'cfg.yaml', './a.yaml').code).toBe(0);
    expect(r.check('--config', 'cfg.yaml', '--baseline', 'other.json', 'a.yaml').stderr).toMatch(/--baseline other\.json: cannot read the file \(ENOENT\)/);
  });

  it('an unreadable or malformed baseline is a usage error (exit 2) naming the file', () => {
    const r = repo({ 'a.yaml': deployment('web', app + istio), 'bad.json': '{"version": 1', 'other.json': '{"version": 2, "tool": "x", "findings": []}' });
    const cases: [string, RegExp][] = [
      ['missing.json', /^pod-sequencer: error: --baseline missing\.json: cannot read the file \(ENOENT\)/],
      ['bad.json', /^pod-sequencer: error: --baseline bad\.json: not JSON/],
      ['other.json', /^pod-sequencer: error: --baseline other\.json: not a pod-sequencer baseline/],
    ];
    for (const [file, message] of cases) {
      const out = r.check('--baseline', file, 'a.yaml');
      expect([out.code, out.stdout]).toEqual([2, '']);
      expect(out.stderr).toMatch(message);
    }
    r.write({ 'bad.json': '{"version": 1, "tool": "pod-sequencer", "findings": [{"rule": "x"}]}' });
    expect(r.check('--baseline', 'bad.json', 'a.yaml').stderr).toMatch(/bad\.json: findings\[0\]\.file: expected a string/);
  });
});
