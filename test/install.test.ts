/**
 * @needs git
 * The install routes that work before anything is published (docs/integrations.md#install), as
 * users run them, each into a global prefix of its own, from a throwaway git repository holding
 * the working tree as its next commit (test/helpers/git-repo.ts): from git with no
 * devDependencies (`npm install -g git+…`, what pre-commit 4.6.1+ runs; `--omit=dev` as well),
 * a git dependency of a project, and the tarball `npm pack` writes in a clone. Each installed
 * command then checks a manifest. Nothing runs at install (no script makes npm prepare the git
 * package: docs/decisions.md "Committed dist/"); a copy from a commit without dist/ says so.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, run } from './helpers/cli.js';
import { GIT_ENV, git, repoOfWorkingTree } from './helpers/git-repo.js';

const tmp = mkdtempSync(join(tmpdir(), 'pod-seq-install-'));
const repo = join(tmp, 'repo');
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const CONFIG = join(tmp, 'podsequence.yaml');
const BAD = join(ROOT, 'fixtures', 'check', 'missing-entrypoint-positive', 'input.yaml');
// npm's git clone gets no user or system git config; dependencies from the local cache where it can.
const env: NodeJS.ProcessEnv = { ...GIT_ENV, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
const npm = (args: string[], cwd: string) => {
  const r = run('npm', args, { cwd, env, timeout: 300_000 });
  return { ...r, out: r.stdout + r.stderr };
};

/** The installed command runs: it names the version and finds the fixture's error (exit 1). */
function expectWorking(prefix: string) {
  const bin = join(prefix, 'bin', 'pod-sequencer');
  // The build's code cache belongs to the Node that built it: never shipped (package.json files).
  // (The first run writes the copy's own: looked for before any run.)
  const dist = join(prefix, 'lib', 'node_modules', 'pod-sequencer', 'dist');
  expect(readdirSync(dist).filter((f) => f.endsWith('.cache'))).toEqual([]);
  expect(run(bin, ['--version']).stdout.trim()).toBe(version);
  const r = run(bin, ['check', '--config', CONFIG, BAD]);
  expect(r.code, r.stderr).toBe(1);
  expect(r.stdout).toContain('error [missing-entrypoint]');
}

/**
 * pacote (npm's fetcher) prepares a git package, running `npm install` in its clone, when
 * package.json has any of these scripts (npm 11.19.1, node_modules/pacote/lib/git.js,
 * `#prepareDir`). Under pre-commit 4.6.1+'s `npm install -g git+file://…` that inner install
 * is global too and reifies into the very directory the outer install is filling: the two race
 * (ENOTEMPTY, exit 217, once in CI). dist/ is committed, so there is nothing to prepare.
 */
const PREPARING_SCRIPTS = ['postinstall', 'build', 'preinstall', 'install', 'prepack', 'prepare'];

it('package.json has no script that makes npm prepare the package when installed from git', () => {
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  expect(Object.keys(scripts).filter((name) => PREPARING_SCRIPTS.includes(name))).toEqual([]);
});

let rev = '';
beforeAll(() => {
  writeFileSync(CONFIG, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: function-input}\ndata:\n  kubernetesVersion: "1.28"\n');
  mkdirSync(repo);
  rev = repoOfWorkingTree(repo);
}, 120_000);

describe('install from git, no devDependencies', () => {
  it.each([[[]], [['--omit=dev']]])(
    "the README's npm install -g git+… %j: the committed dist/, nothing built",
    (flags: string[]) => {
      // --install-links: npm 11 (11.19.1 here) otherwise links the package to its temporary clone,
      // which it then deletes (pre-commit 4.6.2 passes it too).
      const line = /^npm install -g (--install-links) git\+https:\/\/github\.com\/<owner>\/pod-sequencer\.git#<commit sha>$/m.exec(
        readFileSync(join(ROOT, 'README.md'), 'utf8'),
      );
      expect(line, 'README.md: `npm install -g --install-links git+https://github.com/<owner>/pod-sequencer.git#<commit sha>`').not.toBeNull();
      const prefix = join(tmp, `git${flags.join('')}`);
      const r = npm(['install', '-g', line![1]!, '--prefix', prefix, ...flags, `git+file://${repo}#${rev}`], tmp);
      expect(r.code, r.out).toBe(0);
      expectWorking(prefix);
    },
    300_000,
  );

  it('a copy from a commit without dist/ says what is missing and the fix, with no stack trace', () => {
    const bare = join(tmp, 'no-dist');
    git(['clone', '-q', repo, bare], tmp);
    git(['rm', '-rq', 'dist'], bare);
    git(['commit', '-qm', 'no dist'], bare);
    const prefix = join(tmp, 'no-dist-prefix');
    const installed = npm(['install', '-g', '--install-links', '--prefix', prefix, `git+file://${bare}`], tmp);
    expect(installed.code, installed.out).toBe(0);
    const r = run(join(prefix, 'bin', 'pod-sequencer'), ['check', '--config', CONFIG, BAD]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^pod-sequencer: \S+\/dist\/cli\.cjs is missing, so this copy cannot run\.\n/);
    expect(r.stderr).toContain('use a commit that has dist/');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  }, 300_000);
});

describe('install from git as a project dependency', () => {
  it('npm install git+… in a project: the command runs', () => {
    const project = join(tmp, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{"name":"project","version":"1.0.0","private":true}\n');
    const r = npm(['install', '--install-links', `git+file://${repo}#${rev}`], project);
    expect(r.code, r.out).toBe(0);
    const modules = join(project, 'node_modules');
    const cli = run(join(modules, '.bin', 'pod-sequencer'), ['check', '--config', CONFIG, BAD]);
    expect(cli.code, cli.stderr).toBe(1);
    expect(cli.stdout).toContain('error [missing-entrypoint]');
  }, 300_000);
});

describe('install the packed tarball', () => {
  it('npm pack in a clone (no npm install needed), then npm install -g the tarball', () => {
    const clone = join(tmp, 'clone');
    git(['clone', '-q', repo, clone], tmp);
    const packed = npm(['pack', '--json', '--pack-destination', tmp], clone);
    expect(packed.code, packed.out).toBe(0);
    const tarball = join(tmp, (JSON.parse(packed.stdout) as { filename: string }[])[0]!.filename);
    expect(tarball).toMatch(new RegExp(`pod-sequencer-${version.replace(/\./g, '\\.')}\\.tgz$`));
    rmSync(clone, { recursive: true }); // the tarball stands alone
    const prefix = join(tmp, 'tarball');
    const r = npm(['install', '-g', '--prefix', prefix, tarball], tmp);
    expect(r.code, r.out).toBe(0);
    expectWorking(prefix);
  }, 300_000);
});
