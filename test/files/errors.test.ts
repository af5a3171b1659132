/** check/fix on files the function cannot process: one clear error naming file and position. */
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
  // fix refuses the whole run (all or nothing); check reports the file as a finding (invalid-input).
  const where = (cmd: string, file: string, rest: string) =>
    cmd === 'fix' ? `pod-sequencer: error: ${file}:${rest}` : `${file}:${rest.replace(': ', ': error [invalid-input] ')}`;

  it.each(['check', 'fix'])('%s: a merge key in a workload is refused with file:line:col, no stack trace', (cmd) => {
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-files-'));
    const file = join(dir, 'merge.yaml');
    writeFileSync(file, MERGE);
    const r = runBin([cmd, file]);
    expect(r.code).toBe(1);
    expect(cmd === 'fix' ? r.stderr : r.stdout).toContain(where(cmd, file, '16:13: Deployment web: spec.template.spec.containers[1].<<: YAML merge keys'));
    expect(r.stderr).not.toContain('internal error');
    expect(readFileSync(file, 'utf8')).toBe(MERGE);
  });

  it.each(['check', 'fix'])('%s: invalid UTF-8 is refused, naming the byte', (cmd) => {
    const dir = mkdtempSync(join(tmpdir(), 'pod-seq-files-'));
    const file = join(dir, 'bad.yaml');
    const bytes = Buffer.from('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: \xff}\n', 'latin1');
    writeFileSync(file, bytes);
    const r = runBin([cmd, file]);
    expect(r.code).toBe(1);
    if (cmd === 'fix') expect(r.stderr).toContain(`${file}: line 3, column 18: invalid UTF-8 (byte 0xff at byte offset 48)`);
    else expect(r.stdout).toContain(`${file}:3:18: error [invalid-input] invalid UTF-8 (byte 0xff at byte offset 48)`);
    expect(readFileSync(file)).toEqual(bytes);
  });
});
