/**
 * The real kpt (on PATH) running the built function as an exec function.
 * @needs kpt
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, copyPackage, run, runBin, snapshotDir } from '../helpers/cli.js';

const kpt = (args: string[], cwd?: string) => run('kpt', args, { cwd });

describe('kpt fn eval --exec', () => {
  it('puts the Istio sidecar first with a pilot-agent wait, keeping comments and untouched files', () => {
    const dir = copyPackage('shop');
    const before = snapshotDir(dir);
    const r = kpt(['fn', 'eval', dir, '--exec', BIN, '--truncate-output=false', '--', 'kubernetesVersion=1.28']); // classic sidecars
    expect(r.code, r.stderr).toBe(0);
    const after = snapshotDir(dir);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(after['Kptfile']).toBe(before['Kptfile']);
    expect(after['config.yaml']).toBe(before['config.yaml']);
    const web = after['web.yaml']!;
    expect(web).toContain('# The web tier. Its config client has no retry');
    expect(web).toContain('# the public one');
    // kpt rewrites a changed file with its own printer (comment spacing normalised), so the
    // Service's comment is checked for presence; files without changes are byte-identical above.
    expect(web).toContain('# the app port');
    expect(web.indexOf('name: istio-proxy')).toBeLessThan(web.indexOf('name: web\n'));
    expect(web).toMatch(/postStart:\n\s+exec:\n\s+command:\n\s+- pilot-agent\n\s+- wait/);
    // Comments follow their container, and kpt (which restores comments itself) must not
    // print any of them twice.
    for (const comment of [
      '# injected by hand, years ago\n      - name: istio-proxy',
      '# the app\n      - name: web',
      '# where the config center lives\n        - name: CONFIG_URL',
    ]) {
      expect(web.split(comment).length, comment).toBe(2);
    }
    expect(web.match(/#/g)?.length).toBe(before['web.yaml']!.match(/#/g)?.length);
  });

  it('is idempotent through kpt: a second run changes no file', () => {
    const dir = copyPackage('shop');
    expect(kpt(['fn', 'eval', dir, '--exec', BIN]).code).toBe(0);
    const once = snapshotDir(dir);
    expect(kpt(['fn', 'eval', dir, '--exec', BIN]).code).toBe(0);
    expect(snapshotDir(dir)).toEqual(once);
  });

  it('takes ConfigMap config from `-- k=v`: native sidecars on 1.30', () => {
    const dir = copyPackage('shop');
    const r = kpt(['fn', 'eval', dir, '--exec', BIN, '--', 'kubernetesVersion=1.30']);
    expect(r.code, r.stderr).toBe(0);
    const web = snapshotDir(dir)['web.yaml']!;
    expect(web).toMatch(/initContainers:\n\s*# injected by hand, years ago\n\s*- name: istio-proxy/);
    expect(web).toContain('restartPolicy: Always');
    expect(web).toMatch(/startupProbe:\n\s+httpGet:\n\s+path: \/healthz\/ready\n\s+port: 15021/);
  });

  it('takes the typed PodSequence from --fn-config', () => {
    const dir = copyPackage('shop');
    const cfg = join(dir, '..', `cfg-${Date.now()}.yaml`);
    writeFileSync(
      cfg,
      'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata: {name: x}\nspec:\n  sidecars:\n  - profile: istio\n    strategy: first\n',
    );
    const r = kpt(['fn', 'eval', dir, '--exec', BIN, '--fn-config', cfg]);
    expect(r.code, r.stderr).toBe(0);
    const web = snapshotDir(dir)['web.yaml']!;
    expect(web.indexOf('name: istio-proxy')).toBeLessThan(web.indexOf('name: web\n'));
    expect(web).not.toContain('postStart');
  });

  it('fails on bad config with the field named, and changes no file', () => {
    const dir = copyPackage('shop');
    const before = snapshotDir(dir);
    const r = kpt(['fn', 'eval', dir, '--exec', BIN, '--', 'kubernetesVersion=banana']);
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toContain('kubernetesVersion');
    expect(snapshotDir(dir)).toEqual(before);
  });
});

describe('kpt fn render (Kptfile pipeline)', () => {
  it('runs the exec mutator from the Kptfile', () => {
    const dir = copyPackage('shop');
    writeFileSync(
      join(dir, 'Kptfile'),
      `apiVersion: kpt.dev/v1\nkind: Kptfile\nmetadata:\n  name: shop\n  annotations:\n    config.kubernetes.io/local-config: "true"\npipeline:\n  mutators:\n  - exec: ${BIN}\n    configMap:\n      kubernetesVersion: "1.31"\n`,
    );
    const r = kpt(['fn', 'render', dir, '--allow-exec', '--truncate-output=false']);
    expect(r.code, r.stderr).toBe(0);
    const files = snapshotDir(dir);
    expect(files['web.yaml']).toMatch(/initContainers:\n\s*# injected by hand, years ago\n\s*- name: istio-proxy/);
    expect(files['Kptfile']).toContain('exec: ');
    // render again: nothing changes
    expect(kpt(['fn', 'render', dir, '--allow-exec']).code).toBe(0);
    expect(snapshotDir(dir)).toEqual(files);
  });
});

describe('kpt shows each result once, and readable', () => {
  it("a Job written in flow style: results only in kpt's list (not again as stderr), the summary ending before the why begins", () => {
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-kpt-flow-'));
    writeFileSync(join(dir, 'Kptfile'), `apiVersion: kpt.dev/v1\nkind: Kptfile\nmetadata: {name: flow}\npipeline:\n  mutators:\n  - exec: ${BIN}\n`);
    writeFileSync(
      join(dir, 'job.yaml'),
      'apiVersion: batch/v1\nkind: Job\nmetadata: {name: migrate}\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - {name: migrate, image: app, command: [/migrate]}\n      - {name: cloud-sql-proxy, image: "gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.11.0", args: ["p:r:i"]}\n',
    );
    const r = kpt(['fn', 'render', dir, '--allow-exec', '--truncate-output=false']);
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout + r.stderr;
    // kpt sent its annotations in flow style too ({config.kubernetes.io/index: '0', ...}).
    expect(out).not.toMatch(/Stderr:/);
    expect(out).toContain(
      'made cloud-sql-proxy a native sidecar (initContainers, restartPolicy: Always). Kubernetes 1.29 or later (assumed) runs native sidecars.',
    );
    expect(out).toMatch(/so the pod's next containers wait until it is ready\. It checks GET/);
  });
});

/**
 * kpt restores comments and key order after a function runs, matching list items by index; when
 * a container moves that copies one container's comments and key order onto another. The
 * function drops kpt's id annotations from the items it changes (src/process.ts, forgetKptIds),
 * so kpt takes them as written: the result must be what `pod-sequencer fix` writes, byte for byte.
 */
describe('a moved container keeps its own comments and key order under kpt', () => {
  const web = [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: web',
    'spec:',
    '  selector:',
    '    matchLabels: {app: web}',
    '  template:',
    '    metadata:',
    '      labels: {app: web}',
    '    spec:',
    '      containers:',
    '      # the application',
    '      - name: web',
    '        image: registry.example.com/web:1.4.2 # pinned by release',
    '        ports:',
    '        - containerPort: 8080 # the app port',
    '      # injected by hand',
    '      - image: docker.io/istio/proxyv2:1.24.2 # proxy image',
    '        name: istio-proxy',
    '        args: ["proxy", "sidecar"]',
    '',
  ].join('\n');
  const pkg = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-kpt-moved-'));
    writeFileSync(join(dir, 'web.yaml'), web);
    return dir;
  };
  const fixed = () => {
    const dir = pkg();
    writeFileSync(join(dir, 'classic.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {kubernetesVersion: "1.28"}\n');
    expect(runBin(['fix', '--config', join(dir, 'classic.yaml'), join(dir, 'web.yaml')]).code).toBe(0); // classic sidecars
    return readFileSync(join(dir, 'web.yaml'), 'utf8');
  };

  it.each([
    ['kpt fn eval', (dir: string) => kpt(['fn', 'eval', dir, '--exec', BIN, '--', 'kubernetesVersion=1.28'])],
    [
      'kpt fn render',
      (dir: string) => {
        writeFileSync(
          join(dir, 'Kptfile'),
          `apiVersion: kpt.dev/v1\nkind: Kptfile\nmetadata:\n  name: p\npipeline:\n  mutators:\n  - exec: ${BIN}\n    configMap: {kubernetesVersion: "1.28"}\n`,
        );
        return kpt(['fn', 'render', dir, '--allow-exec']);
      },
    ],
  ])('%s', (_, runKpt) => {
    const dir = pkg();
    const r = runKpt(dir);
    expect(r.code, r.stderr).toBe(0);
    const out = readFileSync(join(dir, 'web.yaml'), 'utf8');
    expect(out.indexOf('name: istio-proxy')).toBeLessThan(out.indexOf('- name: web\n'));
    expect(out).toBe(fixed());
  });
});

/**
 * Issue 39: a file's trailing comment and a `|2` block scalar two containers from the change.
 * kpt sends the trailing comment as the item's last line and re-indents it under the last key
 * when it writes the file, whatever the function returns: with an identity function (`cat`) it
 * even prints it twice (kpt restores the comments it kept from the input as well). The function
 * returns both exactly as kpt sent them, so the file holds the comment once and the block
 * scalar with its indentation indicator.
 */
describe('a trailing comment and an indentation indicator under kpt', () => {
  const text = [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: web',
    'spec:',
    '  template:',
    '    spec:',
    '      containers:',
    '      - name: web',
    '        image: nginx',
    '        command:',
    '        - sh',
    '        - -c',
    '        - |2',
    '            indented more',
    '          echo hi',
    '      - name: cloud-sql-proxy',
    '        image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1',
    '        args: ["--port=5432", "p:r:d"]',
    '# [END kubernetes_deployment]',
    '',
  ].join('\n');

  it('the function returns both as kpt sent them; the file keeps the comment once and the |2 block', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-kpt-trailing-'));
    const pkg = join(dir, 'pkg');
    mkdirSync(pkg);
    writeFileSync(join(pkg, 'web.yaml'), text);
    const tee = join(dir, 'tee.sh');
    // What kpt sends the function and what it gets back, kept beside the package.
    writeFileSync(tee, `#!/bin/sh\ntee '${dir}/in.yaml' | '${BIN}' | tee '${dir}/out.yaml'\n`, { mode: 0o755 });
    const r = kpt(['fn', 'eval', pkg, '--exec', tee, '--', 'kubernetesVersion=1.28']);
    expect(r.code, r.stderr).toBe(0);
    const sent = readFileSync(join(dir, 'in.yaml'), 'utf8');
    const returned = readFileSync(join(dir, 'out.yaml'), 'utf8');
    for (const line of ['  # [END kubernetes_deployment]\n', '          - |2\n              indented more\n            echo hi\n']) {
      expect(sent).toContain(line);
      expect(returned).toContain(line);
    }
    const out = readFileSync(join(pkg, 'web.yaml'), 'utf8');
    expect(out.indexOf('name: cloud-sql-proxy')).toBeLessThan(out.indexOf('- name: web\n'));
    expect(out).toContain('        - |2\n            indented more\n          echo hi\n');
    expect(out.match(/# \[END kubernetes_deployment\]/g)).toHaveLength(1);
  });
});
