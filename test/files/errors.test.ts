/** check/fix on files the function cannot process (or one workload of them): one clear error naming file and position. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from '../helpers/cli.js';

const MERGE = `apiVersion: v1
kind: ConfigMap
metadata: {name: a}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
      - &app
        name: web
        image: web
      - <<: *app
        name: istio-proxy
        image: proxyv2
`;

describe('check and fix on input they cannot process', () => {
  it.each(['check', 'fix'])('%s: a merge key in a workload is an error at file:line:col on it, the file left as it is (issue 27)', (cmd) => {
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-files-'));
    const file = join(dir, 'merge.yaml');
    writeFileSync(file, MERGE);
    const r = runBin([cmd, file]);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(
      new RegExp(
        `${file.replace(/[.]/g, '\\.')}:16:9: error spec\\.template\\.spec\\.containers\\[1\\]\\.<<: YAML merge keys .*this Deployment is left as it is`,
      ),
    );
    expect(r.stdout + r.stderr).not.toContain('internal error');
    expect(readFileSync(file, 'utf8')).toBe(MERGE);
  });

  it.each(['check', 'fix'])('%s: invalid UTF-8 is refused, naming the byte', (cmd) => {
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-files-'));
    const file = join(dir, 'bad.yaml');
    const bytes = Buffer.from('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: \xff}\n', 'latin1');
    writeFileSync(file, bytes);
    const r = runBin([cmd, file]);
    expect(r.code).toBe(1);
    // The same invalid-input finding from both (issue 31): check on stdout, fix on stderr.
    expect(cmd === 'fix' ? r.stderr : r.stdout).toContain(`${file}:3:18: error [invalid-input] invalid UTF-8 (byte 0xff at byte offset 48)`);
    expect(readFileSync(file)).toEqual(bytes);
  });
});
