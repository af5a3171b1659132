/**
 * The progress line of a long run on a terminal (src/files/terminal.ts, issue 38): silent for a
 * quick run and off a terminal, then a line redrawn in place at most five times a second, and
 * cleared at the end; the real CLI draws it under a pseudo-terminal.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { progressLine, withProgress } from '../../src/files/terminal.js';
import { BIN, runBin } from '../helpers/cli.js';

function fakeStderr(isTTY: boolean) {
  const written: string[] = [];
  return { stream: { isTTY, write: (s: string) => (written.push(s), true) }, written };
}

/** Ticks 0..total, the clock moving `msPerDoc` a document from `startMs`. */
function runFor(total: number, isTTY: boolean, startMs: number, msPerDoc: number) {
  const { stream, written } = fakeStderr(isTTY);
  let now = startMs;
  const line = progressLine('checked', stream, 2000, () => now);
  for (let done = 1; done <= total; done++) {
    now += msPerDoc;
    line.tick(done, total);
  }
  line.end();
  return written;
}

describe('progress on a terminal', () => {
  it('says nothing off a terminal, however long the run', () => {
    expect(runFor(10_000, false, 0, 1)).toEqual([]);
  });

  it('says nothing in a run that ends within the first two seconds', () => {
    expect(runFor(10_000, true, 0, 0.15)).toEqual([]);
  });

  it('after two seconds: a line redrawn in place, five a second at most, cleared at the end', () => {
    const written = runFor(10_000, true, 0, 1); // 10 s of work
    const lines = written.slice(0, -1);
    expect(written.at(-1)).toBe('\r\x1b[K');
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.length).toBeLessThanOrEqual(8 * 5 + 1);
    for (const l of lines) expect(l).toMatch(/^\rpod-sequencer: checked [\d,]+ of 10,000 documents\x1b\[K$/);
    // The reading of the input counts: a process already 3 s old speaks from its first tick on.
    expect(runFor(300, true, 3000, 1)[0]).toBe('\rpod-sequencer: checked 256 of 300 documents\x1b[K');
  });

  it('withProgress passes on the error of the run it wraps', () => {
    expect(() =>
      withProgress('checked', () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
  });

  it('the CLI draws nothing on a stderr that is a pipe', () => {
    const docs = Array.from({ length: 600 }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c${i}}\n`).join('---\n');
    const r = runBin(['check', '--allow-empty', '-'], docs);
    expect(r.stderr).not.toMatch(/\r|documents/);
  });

  it.runIf(spawnSync('script', ['--version']).status === 0)(
    'the CLI under a pseudo-terminal, in a process already two seconds old, draws the line and clears it',
    () => {
      // The preload busies the process for 2.1 s before the bin runs: a long read of the input.
      const dir = mkdtempSync(join(tmpdir(), 'pod-seq-progress-'));
      writeFileSync(join(dir, 'slow.cjs'), 'const t = Date.now(); while (Date.now() - t < 2100);\n');
      writeFileSync(join(dir, 'cms.yaml'), Array.from({ length: 600 }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c${i}}\n`).join('---\n'));
      const r = spawnSync('script', ['-qec', `node -r ./slow.cjs ${BIN} check --allow-empty cms.yaml`, '/dev/null'], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 60_000,
      });
      rmSync(dir, { recursive: true, force: true });
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('\rpod-sequencer: checked 256 of 600 documents\x1b[K');
      expect(r.stdout).toContain('\r\x1b[K');
      expect(r.stdout.indexOf('\r\x1b[K')).toBeGreaterThan(r.stdout.indexOf('checked 256'));
    },
  );
});
