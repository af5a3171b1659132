/** The built command as kpt and kustomize run it: a filter on stdin/stdout. */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BIN, ROOT, runBin } from '../helpers/cli.js';

const input = readFileSync(join(ROOT, 'fixtures', 'filter', 'istio-last-deployment', 'input.yaml'), 'utf8');

describe('pod-sequencer (filter)', () => {
  it('reads a ResourceList and writes one; results go on stderr too, unless kpt sent it (kpt shows them itself)', () => {
    const r = runBin([], input);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(ROOT, 'fixtures', 'filter', 'istio-last-deployment', 'expected.yaml'), 'utf8'));
    // This input carries kpt's path annotations: its results are in stdout only.
    expect(input).toMatch(/internal\.config\.kubernetes\.io\/path: /);
    expect(r.stderr).toBe('');
    // The same items from a plain pipe (or kustomize): a line per result on stderr, the only place kustomize shows.
    const plain = runBin([], input.replace(/^\s+internal\.config\.kubernetes\.io\/path: .*\n/gm, ''));
    expect(plain.code).toBe(0);
    // Two changes, and the note of the assumed kubernetesVersion.
    expect(plain.stderr.trim().split('\n')).toHaveLength(3);
    expect(plain.stderr).toMatch(/^pod-sequencer: info: Deployment\/shop\/web spec\.template\.spec\.initContainers\[0\]: made istio-proxy a native sidecar/m);
    expect(plain.stderr).toMatch(/^pod-sequencer: info: Deployment\/shop\/web: kubernetesVersion not set: assumed 1\.29 or later/m);
    const kustomized = runBin([], input.replace(/^(\s+)internal\.config\.kubernetes\.io\/path: .*\n/gm, '$&$1kustomize.config.k8s.io/id: x\n'));
    expect(kustomized.stderr.trim().split('\n')).toHaveLength(3);
  });

  it("a sed template's {{ }} placeholder is one result at its field, with no warning of the yaml library on stderr", () => {
    const item = [
      '- apiVersion: apps/v1',
      '  kind: Deployment',
      '  metadata: {name: envoy, annotations: {internal.config.kubernetes.io/path: envoy.yaml}}',
      '  spec:',
      '    template:',
      '      spec:',
      '        containers:',
      '        - {name: app, image: app}',
      '        - name: envoy',
      '          image: {{ENVOY_IMAGE}}',
    ].join('\n');
    const r = runBin([], `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${item}\n`);
    // Before: "(node:…) Warning: Keys with collection values will be stringified …", twice. kpt
    // sent the item (its path annotation), so the result is in the list alone.
    expect(r.stderr).toBe('');
    const results = (parse(r.stdout) as { results: { message: string; field?: { path: string } }[] }).results;
    expect(results.map((x) => x.field?.path)).toEqual(['spec.template.spec.containers[1].image']);
    expect(results[0]!.message).toMatch(/unfilled template placeholder/);
  });

  it('--config FILE overrides functionConfig', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-cfg-'));
    const cfg = join(dir, 'cfg.yaml');
    writeFileSync(cfg, 'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata: {name: x}\nspec:\n  kubernetesVersion: "1.30"\n');
    const r = runBin(['--config', cfg], input);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/initContainers:\n\s*# injected by hand, years ago\n\s*- name: istio-proxy\n[^]*restartPolicy: Always/);
  });

  it('a --config file that is missing or not YAML is a clear error with nothing on stdout', () => {
    const missing = runBin(['--config', '/nonexistent/cfg.yaml'], input);
    expect([missing.code, missing.stdout]).toEqual([2, '']); // a usage error, as for check
    expect(missing.stderr).toContain('--config /nonexistent/cfg.yaml: cannot read the file (ENOENT)');
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-cfg-'));
    writeFileSync(join(dir, 'bad.yaml'), 'spec: [unclosed\n');
    const bad = runBin(['--config', join(dir, 'bad.yaml')], input);
    expect([bad.code, bad.stdout]).toEqual([2, '']);
    expect(bad.stderr).toContain('not valid YAML');
  });

  it("an error inside an item names the user's file and document (kpt's path and index annotations)", () => {
    const item = (name: string, file: string, index: number, extra = '') =>
      `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: ${name}\n    annotations:\n      internal.config.kubernetes.io/path: '${file}'\n      internal.config.kubernetes.io/index: '${index}'\n${extra}`;
    const list = (items: string) => `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${items}`;
    const dup = runBin([], list(item('a', 'one.yaml', 0) + item('b', 'two.yaml', 1, '  data:\n    k: "1"\n    k: "2"\n')));
    expect(dup.code).toBe(1);
    expect(dup.stdout).toBe('');
    expect(dup.stderr).toBe(
      'pod-sequencer: error: two.yaml (document 2): malformed YAML: Map keys must be unique (line 20, column 5 of the ResourceList it came in)\n',
    );
    // A workload that cannot be read (a merge key) is an error on it, with its file and field, and
    // the run goes on (issue 27): under kpt the result is in the ResourceList kpt shows.
    const deploy = `- apiVersion: apps/v1\n  kind: Deployment\n  metadata:\n    name: web\n    annotations:\n      internal.config.kubernetes.io/path: 'web.yaml'\n  spec:\n    template:\n      spec:\n        base: &b {image: x}\n        containers:\n        - name: app\n          <<: *b\n`;
    const merge = runBin([], list(item('a', 'one.yaml', 0) + deploy));
    expect(merge.code).toBe(1);
    const out = parse(merge.stdout);
    expect(out.items.map((i: { metadata: { name: string } }) => i.metadata.name)).toEqual(['a', 'web']);
    expect(out.results).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: { path: 'web.yaml' },
        field: { path: 'spec.template.spec.containers[0].<<' },
        message: expect.stringMatching(/^spec\.template\.spec\.containers\[0\]\.<<: YAML merge keys are not supported .*this Deployment is left as it is$/),
      }),
    ]);
  });

  it('a reader that closes early (| head) ends the run quietly: no EPIPE stack trace', async () => {
    const item = `- {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {k: "${'x'.repeat(2000)}"}}\n`;
    const big = input.replace(/^items:\n/m, `items:\n${item.repeat(400)}`);
    const child = spawn(process.execPath, [BIN], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    child.stdin.end(big);
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it("a non-blocking stdout that fills (read late) still gets every byte, through Node's stream (src/stdio.ts)", async () => {
    // 2 MB unchanged: more than a socket pair and the reader's buffer hold. The preload makes fd 1
    // non-blocking the way libuv does for process.stdout on a pipe, and says on stderr when
    // src/stdio.ts switches to the stream (it listens for the stream's EPIPE when it does). The
    // pipe is read only after that line, or once the run has exited: no delay to guess. The blocking run is read from the start.
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-stdout-'));
    const preload = join(dir, 'nonblocking.cjs');
    writeFileSync(preload, "process.stdout.on('newListener', (event) => event === 'error' && require('node:fs').writeSync(2, 'switched\\n'));\n");
    const item = `- {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {k: "${'x'.repeat(2000)}"}}\n`;
    const big = input.replace(/^items:\n/m, `items:\n${item.repeat(1000)}`);
    const ran = (args: string[], readWhen?: (stderr: string) => boolean) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
        const child = spawn(process.execPath, [...args, BIN], { stdio: ['pipe', 'pipe', 'pipe'] });
        let stderr = '';
        let reading = false;
        const chunks: Buffer[] = [];
        const read = () => void (reading || ((reading = true), child.stdout.on('data', (d: Buffer) => chunks.push(d))));
        child.stderr.on('data', (d: Buffer) => {
          stderr += d.toString();
          if (readWhen?.(stderr)) read();
        });
        child.on('exit', read);
        if (!readWhen) read();
        child.stdin.end(big);
        child.on('close', (code) => done({ code, stdout: Buffer.concat(chunks).toString(), stderr }));
      });
    const nonBlocking = await ran(['-r', preload], (stderr) => stderr.includes('switched\n'));
    const blocking = await ran([]);
    expect(blocking.code).toBe(0);
    expect(blocking.stdout.length).toBeGreaterThan(2_000_000);
    expect(nonBlocking).toEqual({ ...blocking, stderr: blocking.stderr + 'switched\n' });
  });

  it('names from the input cannot forge stderr lines or reach the terminal raw', () => {
    const hostile = input.replace('name: web # the public one', 'name: "web\\npod-sequencer: error: forged\\u001b[31m"');
    const plain = hostile.replace(/^\s+internal\.config\.kubernetes\.io\/path: .*\n/gm, '');
    const r = runBin([], plain);
    expect(r.stderr).not.toMatch(/^pod-sequencer: error: forged/m);
    expect(r.stderr).not.toContain('\u001b');
    expect(r.stderr).toContain('web\\npod-sequencer: error: forged\\u001b[31m');
  });

  it('a directory on stdin is a clear error, not an internal one', () => {
    const dir = openSync(ROOT, 'r');
    const r = spawnSync(process.execPath, [BIN], { stdio: [dir, 'pipe', 'pipe'], encoding: 'utf8' });
    closeSync(dir);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^pod-sequencer: error: stdin is a directory/);
  });

  it('5,000 dependencies in an annotation: an error naming it, the workload unchanged (no amplification)', () => {
    const deps = Array.from({ length: 5000 }, (_, i) => `tcp://db${i}:5432`).join(',');
    const text = `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n- apiVersion: apps/v1\n  kind: Deployment\n  metadata:\n    name: web\n    annotations:\n      pod-sequencer.dev/dependencies: "${deps}"\n  spec:\n    template:\n      spec:\n        containers:\n        - {name: web, image: web}\n`;
    const r = runBin([], text);
    expect(r.code).toBe(1);
    expect(r.stdout.startsWith(text)).toBe(true);
    expect(r.stdout).not.toContain('seq-wait-');
    expect(r.stderr).toMatch(/metadata\.annotations\["pod-sequencer\.dev\/dependencies"\]: .*5000 dependencies for one workload, more than the 50/);
  });

  it('empty stdin: exit 1, a clear message, nothing on stdout', () => {
    const r = runBin([], '');
    expect([r.code, r.stdout]).toEqual([1, '']);
    expect(r.stderr).toContain('no input: expected a ResourceList on stdin');
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('bad config: one error line per problem, nothing on stdout, exit 1', () => {
    const r = runBin([], readFileSync(join(ROOT, 'fixtures', 'filter', 'bad-config', 'input.yaml'), 'utf8'));
    expect([r.code, r.stdout]).toEqual([1, '']);
    expect(
      r.stderr
        .trim()
        .split('\n')
        .every((l) => l.startsWith('pod-sequencer: error: PodSequence/ordering: spec.')),
    ).toBe(true);
  });

  it('--version and --help', () => {
    const v = runBin(['--version']);
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    const h = runBin(['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain('ResourceList');
  });
});
