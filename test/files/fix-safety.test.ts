/**
 * `fix` never writes where it should not and never leaves a file half-written (issue 20): writes
 * are atomic (temporary file, fsync, rename) and all-or-nothing across files; symbolic links in
 * directories are not followed; FIFOs and other non-regular files neither hang nor get written.
 * @uses dash
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, run, runBin } from '../helpers/cli.js';

const web = (name: string) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\nspec:\n  template:\n    spec:\n      containers:\n      - name: ${name}\n        image: web:1\n      - name: istio-proxy\n        image: istio/proxyv2:1.24\n`;
const tmp = () => mkdtempSync(join(tmpdir(), 'pod-seq-fix-'));

describe('fix writes safely', () => {
  it('atomically: the new text in place, the mode kept, no temporary file left', () => {
    const dir = tmp();
    const f = join(dir, 'web.yaml');
    writeFileSync(f, web('web'));
    chmodSync(f, 0o640);
    const r = runBin(['fix', f]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(f, 'utf8')).toMatch(/- name: web[\s\S]*initContainers:\n {6}- name: istio-proxy\n.*\n {8}restartPolicy: Always/); // native: no kubernetesVersion
    expect(statSync(f).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['web.yaml']);
  });

  it('does not follow a symbolic link found in a directory: the file outside stays as it was', () => {
    const outside = tmp();
    const target = join(outside, 'elsewhere.yaml');
    writeFileSync(target, web('far'));
    const dir = tmp();
    symlinkSync(target, join(dir, 'link.yaml'));
    writeFileSync(join(dir, 'own.yaml'), web('own'));
    const r = runBin(['fix', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(web('far'));
    expect(r.stderr).toMatch(/link\.yaml: .*skipped a symbolic link/);
    expect(readFileSync(join(dir, 'own.yaml'), 'utf8')).not.toBe(web('own'));
  });

  it('a symbolic link named on the command line is written through, and stays a link, when its target is in the project', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'real.yaml'), web('real'));
    symlinkSync(join(dir, 'real.yaml'), join(dir, 'named.yaml'));
    const r = run(process.execPath, [BIN, 'fix', 'named.yaml'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(join(dir, 'named.yaml')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real.yaml'), 'utf8')).not.toBe(web('real'));
  });

  it('a named link (or a named linked directory) whose target is outside the project is refused by name, and no file is written', () => {
    const outside = tmp();
    writeFileSync(join(outside, 'far.yaml'), web('far'));
    const project = tmp();
    writeFileSync(join(project, 'own.yaml'), web('own'));
    symlinkSync(join(outside, 'far.yaml'), join(project, 'link.yaml'));
    symlinkSync(outside, join(project, 'linked-dir'));
    for (const named of ['link.yaml', 'linked-dir']) {
      const r = run(process.execPath, [BIN, 'fix', 'own.yaml', named], { cwd: project });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /: a symbolic link leads to .*far\.yaml, outside the current project \(.*\): run fix there, on the file itself; no file was changed\n$/,
      );
      expect(r.stderr).toContain(named === 'link.yaml' ? 'link.yaml: ' : 'linked-dir/far.yaml: ');
      expect(readFileSync(join(outside, 'far.yaml'), 'utf8')).toBe(web('far'));
      expect(readFileSync(join(project, 'own.yaml'), 'utf8')).toBe(web('own'));
    }
    // check only reads: it follows the named link wherever it leads.
    expect(run(process.execPath, [BIN, 'check', 'link.yaml'], { cwd: project }).code).toBe(0);
  });

  it('a FIFO in a directory is skipped (no hang); a named one is a clear error', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'ok.yaml'), web('ok'));
    expect(spawnSync('mkfifo', [join(dir, 'pipe.yaml')]).status).toBe(0);
    expect(runBin(['check', dir]).code).toBe(0);
    const named = runBin(['check', join(dir, 'pipe.yaml')]);
    expect(named.code).toBe(2); // a usage error: the path names no file to read
    expect(named.stderr).toBe(
      `pod-sequencer: error: ${join(dir, 'pipe.yaml')}: not a regular file (a FIFO, socket or device): name YAML files or directories\n`,
    );
  });

  it('links that loop or dangle: skipped in a directory, named: a clear error', () => {
    const dir = tmp();
    symlinkSync(join(dir, 'b.yaml'), join(dir, 'a.yaml'));
    symlinkSync(join(dir, 'a.yaml'), join(dir, 'b.yaml'));
    symlinkSync(join(dir, 'missing.yaml'), join(dir, 'dangling.yaml'));
    const none = runBin(['check', dir]);
    expect(none.code).toBe(2); // every file was a skipped link: nothing was checked
    expect(none.stderr).toContain('nothing was checked: no YAML file was read');
    expect(runBin(['check', join(dir, 'a.yaml')]).stderr).toMatch(/a\.yaml: a loop of symbolic links\n$/);
    expect(runBin(['check', join(dir, 'dangling.yaml')]).stderr).toMatch(/dangling\.yaml: a symbolic link whose target is missing\n$/);
  });

  it('a write fault (file size limit) leaves every file as it was', () => {
    const dir = tmp();
    mkdirSync(join(dir, 'm'));
    const [a, b] = [join(dir, 'm', 'a.yaml'), join(dir, 'm', 'b.yaml')];
    writeFileSync(a, web('a'));
    // b grows past the limit once fixed; a stays small.
    writeFileSync(b, web('b') + `# ${'x'.repeat(600)}\n`);
    const limited = run('sh', ['-c', `ulimit -f 1; exec "${process.execPath}" "${BIN}" fix "${a}" "${b}"`]);
    expect(limited.code).not.toBe(0);
    expect(readFileSync(a, 'utf8')).toBe(web('a'));
    expect(readFileSync(b, 'utf8')).toBe(web('b') + `# ${'x'.repeat(600)}\n`);
    expect(existsSync(a) && existsSync(b)).toBe(true);
  });

  it('killed (SIGKILL) in the middle of a run: the file is the old text or the new, never a part', async () => {
    const dir = tmp();
    const f = join(dir, 'big.yaml');
    const old = Array.from({ length: 3000 }, (_, i) => web(`w${i}`)).join('---\n');
    writeFileSync(f, old);
    const copy = join(dir, 'copy.yaml');
    writeFileSync(copy, old);
    expect(runBin(['fix', copy]).code).toBe(0);
    const fixed = readFileSync(copy, 'utf8');
    for (const delay of [50, 200, 400, 800]) {
      writeFileSync(f, old);
      const child = spawn(process.execPath, [BIN, 'fix', f], { stdio: 'ignore' });
      const closed = new Promise((r) => child.on('close', r));
      await new Promise((r) => setTimeout(r, delay));
      child.kill('SIGKILL');
      await closed;
      const now = readFileSync(f, 'utf8');
      expect(now === old || now === fixed, `after ${delay} ms: ${now.length} bytes`).toBe(true);
    }
  });

  it('a file changed on disk since it was read is refused by name, and no file is written', async () => {
    const { writeAll } = await import('../../src/files/commands.js');
    const { sha256 } = await import('../../src/files/read.js');
    const dir = tmp();
    const [a, b] = [join(dir, 'a.yaml'), join(dir, 'b.yaml')];
    writeFileSync(a, 'a: 1\n');
    writeFileSync(b, 'b: 1\n');
    const digestA = sha256(readFileSync(a));
    const digestB = sha256(readFileSync(b));
    writeFileSync(b, 'b: 2 # someone else\n');
    expect(() =>
      writeAll([
        { path: a, text: 'a: new\n', digest: digestA },
        { path: b, text: 'b: new\n', digest: digestB },
      ]),
    ).toThrow(`${b}: changed on disk since it was read; run fix again; no file was changed`);
    expect(readFileSync(a, 'utf8')).toBe('a: 1\n');
    expect(readFileSync(b, 'utf8')).toBe('b: 2 # someone else\n');
    expect(readdirSync(dir).sort()).toEqual(['a.yaml', 'b.yaml']);
  });
});
