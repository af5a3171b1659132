/**
 * @needs git
 * @uses pre-commit pre-commit4
 * The hooks in .pre-commit-hooks.yaml, end to end with the real pre-commit, from a user's
 * `.pre-commit-config.yaml` copied from the README and pointed at a throwaway git repository
 * holding the working tree as its next commit (test/helpers/git-repo.ts). The two ways
 * pre-commit installs a `language: node` hook are both run: 3.x up to 4.6.0 run `npm install`
 * (with devDependencies) in the clone, then `npm pack` and `npm install -g` the tarball; 4.6.1+ run
 * `npm install -g git+file://<clone>`. Both must install the committed dist/ with nothing run.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, run } from '../helpers/cli.js';
import { GIT_ENV, git, repoOfWorkingTree } from '../helpers/git-repo.js';
import { canUse, TOOLS } from '../helpers/tools.js';

const bad = readFileSync(join(ROOT, 'fixtures', 'check', 'native-sidecar-unsupported-positive', 'input.yaml'), 'utf8');

/** The README's `.pre-commit-config.yaml`, pointed at `repo` at `rev`. */
function readmeConfig(repo: string, rev: string): string {
  const block = /### pre-commit\n+```yaml\n(# \.pre-commit-config\.yaml\n[^]*?)```/.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'))?.[1];
  expect(block, 'README.md: a ```yaml block starting "# .pre-commit-config.yaml" under "### pre-commit"').toBeDefined();
  expect(block).toContain('https://github.com/<owner>/pod-sequencer');
  expect(block).toContain('<commit sha>');
  return block!.replace('https://github.com/<owner>/pod-sequencer', repo).replace('<commit sha>', rev);
}

const PRE_COMMITS = [
  { tool: 'pre-commit', major: 3 },
  { tool: 'pre-commit4', major: 4 },
] as const;

describe.each(PRE_COMMITS)('pre-commit hooks with $tool', ({ tool, major }) => {
  const tmp = mkdtempSync(join(tmpdir(), `pod-seq-${tool}-`));
  const hooks = join(tmp, 'hooks');
  const repo = join(tmp, 'repo');
  const env: NodeJS.ProcessEnv = {
    ...GIT_ENV,
    PRE_COMMIT_HOME: join(tmp, 'cache'),
    // pre-commit's npm install of the hook package: from the local cache where it can, no audit.
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
  const preCommit = (args: string[], timeout?: number) => {
    const r = run(TOOLS[tool].command, args, { cwd: repo, env, timeout });
    return { ...r, out: r.stdout + r.stderr };
  };
  const commit = (message: string) => {
    const r = run('git', ['commit', '-m', message], { cwd: repo, env });
    return { ...r, out: r.stdout + r.stderr };
  };

  beforeAll(() => {
    if (!canUse(tool)) return;
    git(['init', '-q', repo], tmp);
    const version = /^pre-commit (\d+)\.(\d+)\.(\d+)/.exec(preCommit(['--version']).stdout);
    expect(Number(version?.[1]), `${TOOLS[tool].command} --version`).toBe(major);
    // 4.6.1 is where pre-commit began to install node hooks with `npm install -g git+file://`.
    if (major === 4) expect(Number(version![2]) * 1000 + Number(version![3])).toBeGreaterThanOrEqual(6001);

    mkdirSync(hooks);
    const rev = repoOfWorkingTree(hooks);
    writeFileSync(join(repo, '.pre-commit-config.yaml'), readmeConfig(hooks, rev));
    writeFileSync(join(repo, 'podsequence.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: function-input}\ndata:\n  kubernetesVersion: "1.28"\n');
    // pre-commit 3's install (npm install with devDependencies, build, pack): about a minute
    // alone, more beside other test files. pre-commit 4's takes seconds.
    const installed = preCommit(['install', '--install-hooks'], 540_000);
    expect(installed.code, installed.out).toBe(0);
  }, 600_000);

  it.skipIf(!canUse(tool))('a commit with a manifest to fix fails, showing the finding and the fix; the fixed file commits green', () => {
    writeFileSync(join(repo, 'web.yaml'), bad);
    git(['add', '-A'], repo);
    const refused = commit('add web');
    expect(refused.code, refused.out).toBe(1);
    // fix resolves the native sidecar on 1.28, so check finds it a warning and passes (issue 39);
    // the fix hook rewrites the file, which refuses the commit.
    expect(refused.out).toMatch(/pod-sequencer check\.+Passed/);
    expect(refused.out).toMatch(/pod-sequencer fix\.+Failed/);
    expect(refused.out).toContain('files were modified by this hook');
    expect(refused.out).toContain('moved native sidecar istio-proxy back to containers');
    expect(run('git', ['rev-parse', '--verify', '-q', 'HEAD'], { cwd: repo, env }).code).not.toBe(0); // nothing committed
    const after = readFileSync(join(repo, 'web.yaml'), 'utf8');
    expect(after).not.toContain('restartPolicy: Always');
    expect(after).toMatch(/postStart:\n\s+exec:\n\s+command:\n\s+- pilot-agent\n\s+- wait/);

    git(['add', '-A'], repo);
    const ok = commit('add web');
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toMatch(/pod-sequencer check\.+Passed/);
    expect(ok.out).toMatch(/pod-sequencer fix\.+Passed/);
  });

  it.skipIf(!canUse(tool))('pod-sequencer-patches-check fails while the committed Component is missing or stale, passes once current', () => {
    const config = readFileSync(join(repo, '.pre-commit-config.yaml'), 'utf8');
    writeFileSync(
      join(repo, '.pre-commit-config.yaml'),
      `${config}  - id: pod-sequencer-patches-check\n    args: [--config, podsequence.yaml, --out, patches, app]\n    stages: [manual]\n`,
    );
    git(['add', '.pre-commit-config.yaml'], repo); // pre-commit refuses to run an unstaged config
    mkdirSync(join(repo, 'app'), { recursive: true });
    writeFileSync(join(repo, 'app', 'web.yaml'), bad);
    const hook = () => preCommit(['run', '--hook-stage', 'manual', 'pod-sequencer-patches-check']);
    const missing = hook();
    expect(missing.code, missing.out).toBe(1);
    expect(missing.out).toContain('patches: missing');
    const wrote = run(process.execPath, [join(ROOT, 'bin', 'pod-sequencer.cjs'), 'patches', '--config', 'podsequence.yaml', '--out', 'patches', 'app'], {
      cwd: repo,
    });
    expect(wrote.code, wrote.stderr).toBe(0);
    const current = hook();
    expect(current.code, current.out).toBe(0);
    expect(current.out).toMatch(/pod-sequencer patches --check\.+Passed/);
  });
});
