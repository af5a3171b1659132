/** `check`, `fix`, `explain` through the built binary, as users and pre-commit run them. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleInfos } from '../../src/check/index.js';
import { BIN, ROOT, run } from '../helpers/cli.js';

const fixture = (name: string) => readFileSync(join(ROOT, 'fixtures', 'check', name, 'input.yaml'), 'utf8');
// fix resolves the native sidecar on 1.28 (it makes it classic), so that finding is a warning
// unless the config raises it (issue 39: an error is for what fix cannot solve).
const cfg128 =
  'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: function-input}\ndata:\n  kubernetesVersion: "1.28"\n  rules: native-sidecar-unsupported=error\n';

/** A scratch directory of manifests; commands run inside it, so paths print relative. */
function scratch(files: Record<string, string>): { dir: string; bin: (...args: string[]) => ReturnType<typeof run> } {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-cli-'));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return { dir, bin: (...args) => run(process.execPath, [BIN, ...args], { cwd: dir }) };
}

describe('check', () => {
  const files = {
    'apps/web.yaml': fixture('sidecar-not-first-positive'),
    'apps/sleep.yml': fixture('sleep-ordering-positive'),
    'apps/native.yaml': fixture('native-sidecar-unsupported-positive'),
    'apps/README.md': '# not yaml',
    'ci/workflow.yaml': 'on: push\n',
    'chart/Chart.yaml': 'name: c\n',
    'chart/templates/deploy.yaml': '{{ .Values.x }}\n',
  };

  it('prints path:line:col: severity [rule] message sorted by file and line, a summary, and exits 0 without errors', () => {
    const { bin } = scratch(files);
    const r = bin('check', 'apps', 'ci', 'chart');
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('4 files checked: 0 errors, 2 warnings, 4 info');
    // Each finding's fix, where it has one, on an indented line below it (issue 31).
    expect(lines.filter((l) => l.startsWith('  '))).toEqual(['  fix: pod-sequencer fix apps/web.yaml', '  fix: pod-sequencer fix apps/web.yaml']);
    expect(
      lines
        .filter((l) => !l.startsWith('  '))
        .slice(0, -1)
        .map((l) => l.replace(/ \[.*$/, '')),
    ).toEqual([
      'apps/sleep.yml:21:31: info',
      'apps/sleep.yml:26:11: info',
      'apps/sleep.yml:43:19: info',
      'apps/sleep.yml:48:16: info',
      'apps/web.yaml:16:9: warning',
      'apps/web.yaml:18:9: warning',
    ]);
    expect(lines[0]).toMatch(/^apps\/sleep\.yml:21:31: info \[sleep-ordering\] container orders sleeps 10s/);
    // --verbose adds the why.
    const verbose = bin('check', '--verbose', 'apps').stdout.split('\n');
    expect(verbose[1]).toMatch(/^ {2}why: Its command: `.*`\. A fixed delay is not start ordering/);
    expect(r.stderr).toContain('ci/workflow.yaml: note: skipped: no Kubernetes objects');
    expect(r.stderr).toContain('chart: note: skipped a Helm chart');
  });

  it('exits 1 on an error finding; --config may come before or after the paths', () => {
    const { bin } = scratch({ ...files, 'cfg/podsequence.yaml': cfg128 });
    for (const args of [
      ['check', '--config', 'cfg/podsequence.yaml', 'apps'],
      ['check', 'apps', '--config', 'cfg/podsequence.yaml'],
    ]) {
      const r = bin(...args);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout).toMatch(
        /^apps\/native\.yaml:12:9: error \[native-sidecar-unsupported\] native sidecar istio-proxy on Kubernetes 1\.28: the pod would hang in Init\n {2}fix: pod-sequencer fix --config cfg\/podsequence\.yaml apps\/native\.yaml$/m,
      );
      // The command names the file and the config check ran with.
      expect(r.stdout).toContain('\n  fix: pod-sequencer fix --config cfg/podsequence.yaml apps/web.yaml\n');
      expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('3 files checked: 1 error, 2 warnings, 4 info');
    }
  });

  it('--format json: findings with positions, resources and rules, notes and a summary', () => {
    const { bin } = scratch(files);
    const r = bin('check', '--format', 'json', 'apps', 'ci');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.summary).toEqual({ files: 4, error: 0, warning: 2, info: 4 });
    const summary = 'sidecar istio-proxy starts after app web, which may call out before it is ready';
    const detail = expect.stringContaining('pod-sequencer puts the istio sidecar first');
    expect(out.findings[4]).toEqual({
      path: 'apps/web.yaml',
      line: 16,
      column: 9,
      severity: 'warning',
      rule: 'sidecar-not-first',
      // The whole text (as in a ResultList), and its parts beside it.
      message: expect.stringMatching(
        /^sidecar istio-proxy starts after app web, which may call out before it is ready\nThe kubelet .*\nfix: pod-sequencer fix apps\/web\.yaml$/,
      ),
      summary,
      detail,
      fix: 'pod-sequencer fix apps/web.yaml',
      resource: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', namespace: 'shop' },
      field: 'spec.template.spec.containers[1]',
    });
    expect(out.notes).toEqual([
      { path: 'ci/workflow.yaml', message: expect.stringMatching(/^skipped: no Kubernetes objects/) },
      // No kubernetesVersion: what the run assumed is a note, not a finding.
      { path: 'apps/web.yaml', line: 4, col: 3, message: expect.stringMatching(/^kubernetesVersion not set: assumed 1\.29 or later/) },
    ]);
    expect(r.stderr).toBe('');
  });

  it('--format sarif: a SARIF 2.1.0 log as code scanning reads it', () => {
    const { bin } = scratch({ ...files, 'cfg.yaml': cfg128 });
    const r = bin('check', '--format', 'sarif', '--config', 'cfg.yaml', 'apps', 'ci');
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout);
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toMatch(/sarif-2\.1\.0/);
    const [runObj] = log.runs;
    expect(runObj.tool.driver.name).toBe('pod-sequencer');
    expect(runObj.tool.driver.rules.map((x: { id: string }) => x.id)).toEqual(ruleInfos.map((x) => x.id));
    for (const rule of runObj.tool.driver.rules) {
      expect(rule.shortDescription.text).not.toBe('');
      expect(['error', 'warning', 'note']).toContain(rule.defaultConfiguration.level);
    }
    expect(runObj.results).toHaveLength(7);
    const native = runObj.results.find((x: { ruleId: string }) => x.ruleId === 'native-sidecar-unsupported');
    expect(native).toMatchObject({
      ruleIndex: ruleInfos.findIndex((x) => x.id === 'native-sidecar-unsupported'),
      level: 'error',
      // The summary as text; with the why and the fix as code in markdown, the fix in properties.
      message: {
        text: 'native sidecar istio-proxy on Kubernetes 1.28: the pod would hang in Init',
        markdown: expect.stringMatching(
          /^native sidecar istio\\-proxy on Kubernetes 1\.28: the pod would hang in Init\n\n.*The configured fix resolves it.*\n\nFix: ` pod-sequencer fix --config cfg\.yaml apps\/native\.yaml `$/,
        ),
      },
      // The fix pod-sequencer applies (docs/decisions.md: of two fixes, the one it can apply).
      properties: { fix: 'pod-sequencer fix --config cfg.yaml apps/native.yaml' },
      locations: [
        {
          physicalLocation: { artifactLocation: { uri: 'apps/native.yaml' }, region: { startLine: 12, startColumn: 9 } },
          logicalLocations: [{ name: 'web', kind: 'object', fullyQualifiedName: 'apps/v1/Deployment/web' }],
        },
      ],
    });
    expect(runObj.results.filter((x: { level: string }) => x.level === 'note')).toHaveLength(4);
    expect(runObj.invocations[0].toolExecutionNotifications[0].message.text).toMatch(/no Kubernetes objects/);
  });

  it('usage problems exit 2 with the reason: a missing path, a bad config, an unknown format, flag or command', () => {
    const { bin } = scratch({
      'bad.yaml': 'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata: {name: x}\nspec: {kubernetesVersion: banana}\n',
      'a.yaml': fixture('sidecar-not-first-positive'),
    });
    let r = bin('check', 'nope');
    expect([r.code, r.stderr, r.stdout]).toEqual([2, 'pod-sequencer: error: nope: no such file or directory\n', '']);
    for (const cmd of ['fix', 'explain']) expect(bin(cmd, 'nope').code).toBe(2);
    r = bin('chekc', 'a.yaml');
    expect([r.code, r.stderr]).toEqual([
      2,
      "pod-sequencer: error: unknown command 'chekc'; commands: check, fix, post-render, explain, patches, webhook, audit (pod-sequencer --help)\n",
    ]);
    r = bin('check', '--bogus', 'a.yaml');
    expect([r.code, r.stderr]).toEqual([2, "pod-sequencer: error: unknown option '--bogus'\n"]);
    r = bin('--config', 'missing.yaml');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('pod-sequencer: error: --config missing.yaml: cannot read the file (ENOENT)\n');
    r = bin('check', '--config', 'bad.yaml', 'a.yaml');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('spec.kubernetesVersion');
    expect(r.stdout).toBe('');
    r = bin('check', '--format', 'xml', 'a.yaml');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('xml');
  });
});

describe('check that checked nothing (issue 38)', () => {
  const base = fixture('sidecar-not-first-positive');
  const files = {
    'chart/Chart.yaml': 'apiVersion: v2\nname: c\nversion: 0.1.0\n',
    'chart/templates/deploy.yaml': '{{ .Values.x }}\n',
    'overlay/kustomization.yaml': 'resources: [../base]\npatches: [{path: replicas.yaml}]\n',
    'overlay/replicas.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicas: 3}\n',
    'config/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: b}\n',
    'base/web.yaml': base,
  };

  it('a chart or an overlay: says so, names the command that checks it, exits 2', () => {
    const { bin } = scratch(files);
    const chart = bin('check', 'chart');
    expect(chart.code).toBe(2);
    expect(chart.stderr).toContain('pod-sequencer check: nothing was checked: no YAML file was read\n');
    expect(chart.stderr).toContain('  check the rendered manifests instead: helm template chart | pod-sequencer check -\n');
    const overlay = bin('check', 'overlay');
    expect(overlay.code).toBe(2);
    expect(overlay.stderr).toContain('  check the rendered manifests instead: kustomize build overlay | pod-sequencer check -\n');
    const other = bin('check', 'config');
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('nothing was checked: no workload (an object with a pod template) in the 1 file read\n');
  });

  it('--allow-empty: exit 0; a run with a workload in it: as before', () => {
    const { bin } = scratch(files);
    expect(bin('check', '--allow-empty', 'chart', 'overlay', 'config').code).toBe(0);
    const some = bin('check', 'config', 'base');
    expect(some.code, some.stderr).toBe(0);
    expect(some.stderr).not.toContain('nothing was checked');
    // JSON output is still written whole, then the exit code says nothing was checked.
    const json = bin('check', '--format', 'json', 'config');
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toBeTruthy();
  });
});

describe('check keeps going past a file it cannot read', () => {
  const cfg = 'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata: {name: x}\nspec: {kubernetesVersion: "1.28"}\n';
  const files = {
    'k8s/a-bad.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n  a: "1"\n  a: "2"\n',
    'k8s/b-web.yaml': fixture('sidecar-not-first-positive'),
    'cfg.yaml': cfg,
  };

  function scratchWithBytes() {
    const s = scratch(files);
    // Invalid UTF-8: a lone 0xff byte in a name.
    writeFileSync(join(s.dir, 'k8s/c-bytes.yaml'), Buffer.from('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: \xff}\n', 'latin1'));
    return s;
  }

  it('text: each bad file is an invalid-input error at file:line:col, the good file is still checked, exit 1', () => {
    const { bin } = scratchWithBytes();
    const r = bin('check', '--config', 'cfg.yaml', 'k8s');
    expect(r.code, r.stderr).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.filter((l) => l.includes('[invalid-input]'))).toEqual([
      'k8s/a-bad.yaml:6:3: error [invalid-input] malformed YAML in document 1: Map keys must be unique',
      'k8s/c-bytes.yaml:3:18: error [invalid-input] invalid UTF-8 (byte 0xff at byte offset 48): the input must be UTF-8 text',
    ]);
    expect(lines.filter((l) => l.startsWith('k8s/b-web.yaml:')).map((l) => l.replace(/ \[.*$/, ''))).toEqual([
      'k8s/b-web.yaml:16:9: warning',
      'k8s/b-web.yaml:18:9: warning',
    ]);
    expect(lines.at(-1)).toBe('3 files checked: 2 errors, 2 warnings, 0 info');
    expect(r.stderr).toBe('');
  });

  it('--fail-on none: exit 0, and JSON, SARIF and JUnit are whole documents naming every file', () => {
    const { bin } = scratchWithBytes();
    const json = bin('check', '--config', 'cfg.yaml', '--fail-on', 'none', '--format', 'json', 'k8s');
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout);
    expect(out.summary).toEqual({ files: 3, error: 2, warning: 2, info: 0 });
    expect(out.findings.map((f: { path: string; rule: string }) => `${f.path} ${f.rule}`)).toEqual([
      'k8s/a-bad.yaml invalid-input',
      'k8s/b-web.yaml sidecar-not-first',
      'k8s/b-web.yaml sidecar-not-first',
      'k8s/c-bytes.yaml invalid-input',
    ]);
    const sarif = bin('check', '--config', 'cfg.yaml', '--fail-on', 'none', '--format', 'sarif', 'k8s');
    expect(sarif.code).toBe(0);
    const [runObj] = JSON.parse(sarif.stdout).runs;
    const bad = runObj.results.find((x: { ruleId: string }) => x.ruleId === 'invalid-input');
    expect(bad).toMatchObject({
      ruleIndex: ruleInfos.findIndex((x) => x.id === 'invalid-input'),
      level: 'error',
      locations: [{ physicalLocation: { artifactLocation: { uri: 'k8s/a-bad.yaml' }, region: { startLine: 6, startColumn: 3 } } }],
    });
    expect(runObj.results).toHaveLength(4);
    const junit = bin('check', '--config', 'cfg.yaml', '--fail-on', 'none', '--format', 'junit', 'k8s');
    expect(junit.code).toBe(0);
    expect(junit.stdout.match(/<testsuite name="[^"]+"/g)).toEqual([
      '<testsuite name="k8s/a-bad.yaml"',
      '<testsuite name="k8s/b-web.yaml"',
      '<testsuite name="k8s/c-bytes.yaml"',
    ]);
    expect(junit.stdout.trimEnd().endsWith('</testsuites>')).toBe(true);
  });

  it('spec.rules sets its level; off leaves a note per file not read', () => {
    const { bin } = scratch({
      'bad.yaml': files['k8s/a-bad.yaml'],
      'warn.yaml': cfg.replace('spec: {', 'spec: {rules: {invalid-input: warning}, '),
      'off.yaml': cfg.replace('spec: {', 'spec: {rules: {invalid-input: "off"}, '),
    });
    const warn = bin('check', '--config', 'warn.yaml', 'bad.yaml');
    expect([warn.code, warn.stdout.split('\n')[0]]).toEqual([0, 'bad.yaml:6:3: warning [invalid-input] malformed YAML in document 1: Map keys must be unique']);
    const off = bin('check', '--config', 'off.yaml', 'bad.yaml');
    expect([off.code, off.stdout]).toEqual([0, '1 file checked: no findings\n']);
    expect(off.stderr).toBe('bad.yaml:6:3: note: not checked (invalid-input is off): malformed YAML in document 1: Map keys must be unique\n');
  });

  it('a workload with a merge key is one error on it (issue 27); the other documents of the file are still checked', () => {
    const merge =
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: m}\nspec:\n  template:\n    spec:\n      containers:\n      - &app\n        name: web\n        image: web\n      - <<: *app\n        name: istio-proxy\n        image: proxyv2\n';
    const { bin } = scratch({ 'all.yaml': `${merge}---\n${fixture('sidecar-not-first-positive')}`, 'cfg.yaml': cfg });
    const r = bin('check', '--config', 'cfg.yaml', 'all.yaml');
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^all\.yaml:11:\d+: error spec\.template\.spec\.containers\[1\]\.<<: YAML merge keys .*this Deployment is left as it is$/);
    expect(lines.filter((l) => l.includes('[sidecar-not-first]'))).toHaveLength(2);
  });
});

describe('fix and explain keep going past a file they cannot read (issue 31)', () => {
  // Classic sidecars: fix moves them first and adds waits, so a changed file is easy to see.
  const bad = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n  a: "1"\n  a: "2"\n';
  const badBytes = Buffer.from('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: \xff}\n', 'latin1');
  const web = fixture('sidecar-not-first-positive');
  const invalid = [
    'k8s/a-bad.yaml:6:3: error [invalid-input] malformed YAML in document 1: Map keys must be unique',
    'k8s/c-bytes.yaml:3:18: error [invalid-input] invalid UTF-8 (byte 0xff at byte offset 48): the input must be UTF-8 text',
  ];

  function tree() {
    const s = scratch({ 'k8s/a-bad.yaml': bad, 'k8s/b-web.yaml': web, 'cfg.yaml': cfg128 });
    writeFileSync(join(s.dir, 'k8s/c-bytes.yaml'), badBytes);
    return s;
  }

  it("fix: each bad file is check's invalid-input error, left byte for byte; the good file is fixed; exit 1", () => {
    const { dir, bin } = tree();
    const checked = bin('check', '--config', 'cfg.yaml', '--fail-on', 'none', 'k8s').stdout.split('\n');
    const r = bin('fix', '--config', 'cfg.yaml', 'k8s');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    // The same finding, in the same words, as check's (one reader makes both).
    expect(lines.filter((l) => l.includes('[invalid-input]'))).toEqual(invalid);
    expect(checked.filter((l) => l.includes('[invalid-input]'))).toEqual(invalid);
    expect(lines.at(-1)).toBe('changed 1 of 3 files; 2 errors could not be fixed (see above)');
    expect(readFileSync(join(dir, 'k8s/a-bad.yaml'), 'utf8')).toBe(bad);
    expect(readFileSync(join(dir, 'k8s/c-bytes.yaml'))).toEqual(badBytes);
    const fixed = readFileSync(join(dir, 'k8s/b-web.yaml'), 'utf8');
    expect(fixed.indexOf('- name: istio-proxy')).toBeLessThan(fixed.indexOf('- name: web\n'));
    // Nothing but the three files: each good file is written through a temporary file and renamed.
    expect(readdirSync(join(dir, 'k8s')).sort()).toEqual(['a-bad.yaml', 'b-web.yaml', 'c-bytes.yaml']);
    // The fix itself is whole: run again, only the unread files are left.
    const again = bin('fix', '--config', 'cfg.yaml', 'k8s');
    expect([again.code, again.stderr.trimEnd().split('\n')]).toEqual([
      1,
      [...invalid, 'nothing to change in 3 files; 2 errors could not be fixed (see above)'],
    ]);
  });

  it('fix --dry-run: the diff of the good file, nothing written, exit 1', () => {
    const { dir, bin } = tree();
    const r = bin('fix', '--dry-run', '--config', 'cfg.yaml', 'k8s');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^--- a\/k8s\/b-web\.yaml\n\+\+\+ b\/k8s\/b-web\.yaml\n@@ /);
    expect(r.stdout).not.toContain('a-bad.yaml');
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('would change 1 of 3 files; 2 errors could not be fixed (see above)');
    expect(readFileSync(join(dir, 'k8s/b-web.yaml'), 'utf8')).toBe(web);
  });

  it('fix -: a malformed stream is the error, with nothing on stdout (never partial output)', () => {
    const { dir } = tree();
    const r = run(process.execPath, [BIN, 'fix', '--config', 'cfg.yaml', '-'], { cwd: dir, input: bad });
    expect([r.code, r.stdout]).toEqual([1, '']);
    expect(r.stderr).toContain('<stdin>:6:3: error [invalid-input] malformed YAML in document 1: Map keys must be unique');
  });

  it('spec.rules.invalid-input sets the level in fix too: warning exits 0 having fixed the rest, off leaves a note', () => {
    const { dir, bin } = tree();
    const spec = (level: string) =>
      `apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata: {name: x}\nspec: {kubernetesVersion: "1.28", rules: {invalid-input: ${level}}}\n`;
    writeFileSync(join(dir, 'warn.yaml'), spec('warning'));
    writeFileSync(join(dir, 'off.yaml'), spec('"off"'));
    const warn = bin('fix', '--config', 'warn.yaml', 'k8s');
    expect(warn.code, warn.stderr).toBe(0);
    expect(warn.stderr).toContain('k8s/a-bad.yaml:6:3: warning [invalid-input] malformed YAML in document 1: Map keys must be unique');
    expect(warn.stderr.trimEnd().split('\n').at(-1)).toBe('changed 1 of 3 files');
    const off = bin('fix', '--config', 'off.yaml', 'k8s');
    expect(off.code).toBe(0);
    expect(off.stderr).toContain('k8s/a-bad.yaml:6:3: note: not fixed (invalid-input is off): malformed YAML in document 1: Map keys must be unique');
    expect(off.stderr).not.toContain('[invalid-input]');
  });

  it('explain: the errors on stderr, every other workload explained, exit 1', () => {
    const { bin } = tree();
    const r = bin('explain', '--config', 'cfg.yaml', 'k8s');
    expect(r.code).toBe(1);
    expect(r.stderr.trimEnd().split('\n')).toEqual(invalid);
    expect(r.stdout).toMatch(/^Deployment\/shop\/web \(k8s\/b-web\.yaml:1\)\n {2}start:\n {4}1\. sidecar istio-proxy/);
    const mermaid = bin('explain', '--config', 'cfg.yaml', '--format', 'mermaid', '--diff', 'k8s');
    expect([mermaid.code, mermaid.stdout.match(/^### .*$/gm)]).toEqual([
      1,
      ['### Deployment/shop/web (k8s/b-web.yaml:1): before', '### Deployment/shop/web: after'],
    ]);
    const none = bin('explain', '--config', 'cfg.yaml', 'k8s/a-bad.yaml');
    expect([none.code, none.stdout]).toEqual([1, '']);
    expect(none.stderr.trimEnd().split('\n')).toEqual([invalid[0], 'no workloads (objects with a pod template) in the files that could be read']);
  });

  it('a document the run refuses (an alias bomb) is an error at its line in the written file; the others in that file are fixed', () => {
    const bomb = readFileSync(join(ROOT, 'fixtures', 'hostile', 'alias-bomb.yaml'), 'utf8')
      .split('\n')
      .slice(3)
      .map((l) => l.replace(/^(- | {2})/, ''))
      .join('\n');
    const { dir, bin } = scratch({ 'all.yaml': `${web}---\n${bomb}`, 'cfg.yaml': cfg128 });
    const checked = bin('check', '--config', 'cfg.yaml', 'all.yaml');
    const bombAt = (text: string) => text.split('\n').findIndex((l) => l.includes('lol1: &l1')) + 1;
    expect(checked.stdout).toContain(`all.yaml:${bombAt(`${web}---\n${bomb}`)}:16: error [invalid-input] its aliases expand to more than`);
    // explain writes nothing: its error is placed in the text it read, as check's is.
    const explainedFirst = bin('explain', '--config', 'cfg.yaml', 'all.yaml');
    expect(explainedFirst.stderr).toContain(`all.yaml:${bombAt(`${web}---\n${bomb}`)}:16: error [invalid-input] its aliases expand to more than`);
    const r = bin('fix', '--config', 'cfg.yaml', 'all.yaml');
    expect(r.code).toBe(1);
    const written = readFileSync(join(dir, 'all.yaml'), 'utf8');
    expect(written.endsWith(`---\n${bomb}`)).toBe(true);
    expect(written.indexOf('- name: istio-proxy')).toBeLessThan(written.indexOf('- name: web\n'));
    expect(r.stderr).toContain(`all.yaml:${bombAt(written)}:16: error [invalid-input] its aliases expand to more than`);
    const explained = bin('explain', '--config', 'cfg.yaml', 'all.yaml');
    expect(explained.code).toBe(1);
    expect(explained.stdout.match(/^Deployment\/\S+/gm)).toEqual(['Deployment/shop/web']);
  });
});

describe('fix', () => {
  const web = fixture('sidecar-not-first-positive');
  const other = "# untouched: odd spacing and quoting stay\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}   # trailing\ndata:\n  flag: 'true'\n";

  it('rewrites files in place, keeping the rest byte-identical, says what it did, and is idempotent', () => {
    const { dir, bin } = scratch({ 'm/all.yaml': `${other}---\n${web}`, 'm/cm.yaml': other, 'cfg.yaml': cfg128 });
    const r = bin('fix', '--config', 'cfg.yaml', 'm'); // classic sidecars: moved first, with a wait
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^m\/all\.yaml:\d+:\d+: info moved sidecars istio-proxy, cloud-sql-proxy before the app containers/m);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('changed 1 of 2 files');
    const all = readFileSync(join(dir, 'm/all.yaml'), 'utf8');
    expect(all.startsWith(`${other}---\n`)).toBe(true);
    expect(all).toContain('# listed last: the app calls the config center before the proxy is up');
    expect(all.indexOf('- name: istio-proxy')).toBeLessThan(all.indexOf('- name: web\n'));
    expect(readFileSync(join(dir, 'm/cm.yaml'), 'utf8')).toBe(other);
    const again = bin('fix', '--config', 'cfg.yaml', 'm');
    expect(again.code).toBe(0);
    expect(again.stderr.trimEnd().split('\n').at(-1)).toBe('nothing to change in 2 files');
    expect(readFileSync(join(dir, 'm/all.yaml'), 'utf8')).toBe(all);
    expect(bin('check', 'm').stdout).not.toContain('sidecar-not-first');
  });

  it('--dry-run prints a unified diff that applies, and writes nothing', () => {
    const { dir, bin } = scratch({ 'web.yaml': web });
    const r = bin('fix', '--dry-run', 'web.yaml');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^--- a\/web\.yaml\n\+\+\+ b\/web\.yaml\n@@ /);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('would change 1 of 1 file');
    expect(readFileSync(join(dir, 'web.yaml'), 'utf8')).toBe(web);
    writeFileSync(join(dir, 'p.diff'), r.stdout);
    expect(run('git', ['apply', 'p.diff'], { cwd: dir }).code).toBe(0);
    expect(bin('fix', 'web.yaml').stderr.trimEnd().split('\n').at(-1)).toBe('nothing to change in 1 file');
  });

  it('fix - writes the fixed stream to stdout and says it changed it', () => {
    const { dir } = scratch({ 'cfg.yaml': cfg128 });
    const fixStdin = (input: string) => run(process.execPath, [BIN, 'fix', '--config', 'cfg.yaml', '-'], { cwd: dir, input });
    const r = fixStdin(web);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('- name: istio-proxy');
    expect(r.stdout).not.toBe(web);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('changed 1 of 1 file');
    const again = fixStdin(r.stdout);
    expect([again.stdout, again.stderr.trimEnd().split('\n').at(-1)]).toEqual([r.stdout, 'nothing to change in 1 file']);
  });

  it('exits 1 and says what could not be fixed', () => {
    // A native sidecar pod-sequencer does not know cannot be moved back for Kubernetes 1.28.
    const unknown = fixture('native-sidecar-unsupported-positive')
      .replace(/istio-proxy/g, 'log-shipper')
      .replace('docker.io/istio/proxyv2:1.24.2', 'fluent/fluent-bit:3');
    const { bin } = scratch({ 'web.yaml': unknown, 'cfg.yaml': cfg128 });
    const r = bin('fix', '--config', 'cfg.yaml', 'web.yaml');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^web\.yaml:12:9: error \[native-sidecar-unsupported\] native sidecar log-shipper on Kubernetes 1\.28/m);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('nothing to change in 1 file; 1 error could not be fixed (see above)');
  });
});

describe('explain', () => {
  it('prints the timeline after the function, the diff, and mermaid', () => {
    const { bin } = scratch({ 'web.yaml': readFileSync(join(ROOT, 'fixtures', 'packages', 'shop', 'web.yaml'), 'utf8'), 'cfg.yaml': cfg128 });
    const explain = (...args: string[]) => bin('explain', '--config', 'cfg.yaml', ...args); // classic sidecars
    let r = explain('web.yaml');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Deployment\/web \(web\.yaml:2\)\n {2}start:\n {4}1\. sidecar istio-proxy/);
    r = explain('--diff', 'web.yaml');
    expect(r.stdout).toMatch(/^- {5}1\. app container web/m);
    expect(r.stdout).toMatch(/^\+ {5}1\. sidecar istio-proxy/m);
    r = explain('--format', 'mermaid', 'web.yaml');
    expect(r.stdout).toMatch(/^### Deployment\/web \(web\.yaml:2\)\n\n```mermaid\nsequenceDiagram\n/);
    r = explain('--format', 'mermaid', '--diff', 'web.yaml');
    expect(r.stdout.match(/^### .*$/gm)).toEqual(['### Deployment/web (web.yaml:2): before', '### Deployment/web: after']);
  });

  it('says when there is nothing to explain', () => {
    const { bin } = scratch({ 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n' });
    const r = bin('explain', 'cm.yaml');
    expect([r.code, r.stdout]).toEqual([0, '']);
    expect(r.stderr).toContain('no workloads');
  });
});
