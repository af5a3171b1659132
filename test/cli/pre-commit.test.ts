/**
 * @needs pre-commit git
 * The hooks in .pre-commit-hooks.yaml, end to end with the real pre-commit: it installs this
 * package the way it installs any `language: node` hook (npm install in a clone, npm pack,
 * npm install -g), from a throwaway git repository holding a copy of the working tree.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, run } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'pod-seq-pre-commit-'));
const hooks = join(tmp, 'hooks');
const repo = join(tmp, 'repo');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PRE_COMMIT_HOME: join(tmp, 'cache'),
  // No user or system git config (hooksPath, signing, templates) may leak in.
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  // pre-commit's npm install of the hook package: from the local cache where it can, no audit.
  npm_config_prefer_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
};
const sh = (cmd: string, args: string[], cwd: string, timeout?: number) => {
  const r = run(cmd, args, { cwd, env, timeout });
  return { ...r, out: r.stdout + r.stderr };
};
const git = (args: string[], cwd = repo) => sh('git', args, cwd);
const bad = readFileSync(join(ROOT, 'fixtures', 'check', 'native-sidecar-unsupported-positive', 'input.yaml'), 'utf8');

beforeAll(() => {
  // Build output and local state stay out: pre-commit must build the package itself (prepare).
  const skip = new Set(['.git', 'node_modules', 'dist', '.tmp', 'bench', '.cache']);
  cpSync(ROOT, hooks, { recursive: true, filter: (src) => !skip.has(relative(ROOT, src).split(sep)[0]!) });
  for (const args of [
    ['init', '-q'],
    ['add', '-A'],
    ['commit', '-qm', 'hooks'],
  ])
    expect(git(args, hooks).code).toBe(0);
  const rev = git(['rev-parse', 'HEAD'], hooks).stdout.trim();

  expect(git(['init', '-q', repo], tmp).code).toBe(0);
  writeFileSync(
    join(repo, '.pre-commit-config.yaml'),
    `repos:\n- repo: ${hooks}\n  rev: ${rev}\n  hooks:\n  - id: pod-sequencer-check\n    args: [--config, podsequence.yaml]\n  - id: pod-sequencer-fix\n    args: [--config, podsequence.yaml]\n    stages: [manual]\n  - id: pod-sequencer-patches-check\n    args: [--config, podsequence.yaml, --out, patches, app]\n    stages: [manual]\n`,
  );
  writeFileSync(join(repo, 'podsequence.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: function-input}\ndata:\n  kubernetesVersion: "1.28"\n');
  // npm install, build and pack of the hook package: about a minute alone, more beside other test files.
  const installed = sh('pre-commit', ['install', '--install-hooks'], repo, 540_000);
  expect(installed.code, installed.out).toBe(0);
}, 600_000);

describe('pre-commit hooks', () => {
  it('a bad manifest fails the commit with the finding shown; fix rewrites it; the commit then passes', () => {
    writeFileSync(join(repo, 'web.yaml'), bad);
    git(['add', '-A']);
    const refused = git(['commit', '-m', 'add web']);
    expect(refused.code, refused.out).toBe(1);
    expect(refused.out).toMatch(/pod-sequencer check\.+Failed/);
    expect(refused.out).toContain(
      'web.yaml:12:9: error [native-sidecar-unsupported] native sidecar istio-proxy on Kubernetes 1.28: the pod would hang in Init',
    );
    expect(git(['rev-parse', '--verify', '-q', 'HEAD']).code).not.toBe(0); // nothing committed

    const fixed = sh('pre-commit', ['run', '--hook-stage', 'manual', 'pod-sequencer-fix', '--files', 'web.yaml'], repo);
    expect(fixed.code, fixed.out).toBe(1); // pre-commit fails a hook that modified files
    expect(fixed.out).toContain('files were modified by this hook');
    expect(fixed.out).toContain('moved native sidecar istio-proxy back to containers');
    const after = readFileSync(join(repo, 'web.yaml'), 'utf8');
    expect(after).not.toContain('restartPolicy: Always');
    expect(after).toMatch(/postStart:\n\s+exec:\n\s+command:\n\s+- pilot-agent\n\s+- wait/);

    git(['add', '-A']);
    const ok = git(['commit', '-m', 'add web']);
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toMatch(/pod-sequencer check\.+Passed/);
  });

  it('pod-sequencer-patches-check fails while the committed Component is missing or stale, passes once current', () => {
    mkdirSync(join(repo, 'app'), { recursive: true });
    writeFileSync(join(repo, 'app', 'web.yaml'), bad);
    const hook = () => sh('pre-commit', ['run', '--hook-stage', 'manual', 'pod-sequencer-patches-check'], repo);
    const missing = hook();
    expect(missing.code, missing.out).toBe(1);
    expect(missing.out).toContain('patches: missing');
    const wrote = sh(process.execPath, [join(ROOT, 'bin', 'pod-sequencer.cjs'), 'patches', '--config', 'podsequence.yaml', '--out', 'patches', 'app'], repo);
    expect(wrote.code, wrote.out).toBe(0);
    const current = hook();
    expect(current.code, current.out).toBe(0);
    expect(current.out).toMatch(/pod-sequencer patches --check\.+Passed/);
  });
});
