/**
 * @uses dash busybox script setsid
 * The Helm 4 plugin in helm-plugin/ (docs/integrations.md, "Helm"), held to the rules Helm 4's
 * loader applies to plugin.yaml (helm/helm@v4.0.0: internal/plugin/metadata_v1.go, metadata.go,
 * plugin.go, plugin_type_registry.go, runtime_subprocess.go, subprocess_commands.go), and run as
 * Helm 4 runs a postrenderer/v1 plugin (test/helpers/helm.ts): the plugin directory linked into
 * Helm's plugins directory as `helm plugin install DIR` does (internal/plugin/installer/
 * local_installer.go: a symbolic link named after DIR), its env, args, stdin and stdout.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { tellTerminal } from '../../src/files/terminal.js';
import { ROOT } from '../helpers/cli.js';
import { helm3Chunk, helm4PluginProblems, helm4Stream, platformCommand, runHelm4Plugin } from '../helpers/helm.js';
import { canUse, TOOLS } from '../helpers/tools.js';

const PLUGIN = join(ROOT, 'helm-plugin');
const pluginYaml = readFileSync(join(PLUGIN, 'plugin.yaml'), 'utf8');
const meta = parse(pluginYaml) as Record<string, unknown>;

const web = `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n      - name: web\n        image: web:1\n      - name: istio-proxy\n        image: docker.io/istio/proxyv2:1.24.2\n`;
const cm = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: shop   # kept as written\ndata:\n  a: "1"\n`;
const stream = helm4Stream({ 'shop/templates/configmap.yaml': cm, 'shop/templates/deployment.yaml': web });

/** node and the system tools, never a pod-sequencer on PATH unless a test puts one there. */
const BASE_PATH = [dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':');
// Classic sidecars (kubernetesVersion 1.28) through the config variable: the cases were written for them.
const CLASSIC = join(mkdtempSync(join(tmpdir(), 'pod-seq-helm-cfg-')), 'classic.yaml');
writeFileSync(CLASSIC, 'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata: {name: c}\nspec: {kubernetesVersion: "1.28"}\n');
const baseEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({ PATH: BASE_PATH, HOME: tmpdir(), POD_SEQUENCER_CONFIG: CLASSIC, ...extra });

/** `helm plugin install SRC`: $HELM_DATA_HOME/plugins/<basename of SRC> -> SRC. */
function install(src: string): string {
  const plugins = join(mkdtempSync(join(tmpdir(), 'pod-seq-helm-data-')), 'plugins');
  mkdirSync(plugins);
  const dir = join(plugins, src.split('/').pop()!);
  symlinkSync(src, dir);
  return dir;
}

describe('helm-plugin/plugin.yaml against Helm 4 loader rules', () => {
  it("loads under the rules of Helm 4's loader; named pod-sequencer, postrenderer/v1 on the subprocess runtime", () => {
    expect(helm4PluginProblems(pluginYaml)).toEqual([]);
    expect(meta).toMatchObject({ apiVersion: 'v1', name: 'pod-sequencer', type: 'postrenderer/v1', runtime: 'subprocess' });
  });

  it('the rules refuse what Helm refuses', () => {
    const bad = (from: string, to: string) => helm4PluginProblems(pluginYaml.replace(from, to));
    expect(bad('name: pod-sequencer', 'name: pod.sequencer')).toEqual(['invalid plugin name']);
    expect(bad('apiVersion: v1', 'apiVersion: v2')).toEqual(['invalid apiVersion: v2']);
    expect(bad('type: postrenderer/v1', 'type: postrender/v1')).toEqual(['unknown plugin type postrender/v1']);
    expect(bad('runtime: subprocess', 'runtime: wasm')).toEqual(['unsupported plugin runtime type: wasm']);
    expect(bad('runtime: subprocess', 'runtime: subprocess\nconfig:\n  usage: x')).toEqual(['config: unknown field usage']);
    expect(bad('version: 0.1.0', 'version: 0.1')).toEqual(['invalid version (SemVer 2)']);
    expect(bad('    - os: windows', '    - os: windows\n      shell: cmd')).toEqual(['platformCommand: unknown field shell']);
  });

  it("its version is package.json's", () => {
    expect(meta.version).toBe((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version);
  });

  it('runtimeConfig has only RuntimeConfigSubprocess fields; every platformCommand only PlatformCommand fields', () => {
    const rc = meta.runtimeConfig as Record<string, unknown>;
    expect(Object.keys(rc).filter((k) => !['platformCommand', 'platformHooks', 'protocolCommands'].includes(k))).toEqual([]);
    const cmds = rc.platformCommand as Record<string, unknown>[];
    for (const c of cmds) {
      expect(Object.keys(c).filter((k) => !['os', 'arch', 'command', 'args'].includes(k))).toEqual([]);
      expect(typeof c.command).toBe('string');
      // In 4.0 args are expanded from Helm's own env, where HELM_PLUGIN_DIR is not set.
      for (const a of (c.args as string[] | undefined) ?? []) expect(a).not.toContain('$');
    }
  });

  it('Linux and macOS run the POSIX launcher, Windows the .cmd; both are in the directory', () => {
    const env = { HELM_PLUGIN_DIR: '/data/helm/plugins/helm-plugin' };
    for (const [os, arch] of [
      ['linux', 'amd64'],
      ['linux', 'arm64'],
      ['darwin', 'arm64'],
      ['freebsd', 'amd64'],
    ]) {
      expect(platformCommand(pluginYaml, os!, arch!, env, {})).toEqual({ main: '/data/helm/plugins/helm-plugin/pod-sequencer-helm', args: [] });
    }
    expect(platformCommand(pluginYaml, 'windows', 'amd64', { HELM_PLUGIN_DIR: 'C:\\helm\\plugins\\helm-plugin' }, {})).toEqual({
      main: 'C:\\helm\\plugins\\helm-plugin\\pod-sequencer-helm.cmd',
      args: [],
    });
    expect(statSync(join(PLUGIN, 'pod-sequencer-helm')).mode & 0o111).toBe(0o111);
    const cmd = readFileSync(join(PLUGIN, 'pod-sequencer-helm.cmd'), 'utf8');
    expect(cmd.split('\r\n').every((l) => !l.includes('\n'))).toBe(true); // CRLF throughout, as cmd.exe needs
    // Each way it finds the function runs post-render with Helm's arguments (%*), in the POSIX order.
    const runs = cmd.split('\r\n').filter((l) => /post-render/.test(l) && !l.startsWith('rem') && !l.startsWith('echo'));
    expect(runs.filter((l) => !l.startsWith('if'))).toEqual([
      'node "%PKG%" post-render %ARGS%',
      'pod-sequencer post-render %ARGS%',
      '"%POD_SEQUENCER_BIN%" post-render %ARGS%',
    ]);
    // %ARGS% is %* less a leading post-render (11 characters and a space), as in the POSIX launcher.
    expect(cmd).toContain('set ARGS=%*\r\nif "%~1"=="post-render" set ARGS=%ARGS:~12%\r\n');
  });
});

describe('the plugin run as Helm 4 runs it', () => {
  it("installed from the package (a link to node_modules/pod-sequencer/helm-plugin): runs ../bin/pod-sequencer.cjs post-render with Helm's args", () => {
    const dir = install(PLUGIN);
    const r = runHelm4Plugin(dir, stream, [], baseEnv());
    expect(r.error, r.discardedStderr).toBeUndefined();
    const docs = r.manifests!.split(/^---\n/m);
    expect(docs[0]).toBe(stream.split(/^---\n/m)[0]); // the ConfigMap, byte for byte
    expect(docs[1]!.indexOf('- name: istio-proxy')).toBeLessThan(docs[1]!.indexOf('- name: web\n'));
    expect(docs[1]).toContain("postrenderer.helm.sh/postrender-filename: 'shop/templates/deployment.yaml'");
    expect(r.discardedStderr).toMatch(/^shop\/templates\/deployment\.yaml:\d+: info /m);
    // --post-renderer-args reach post-render: a finding at info now fails the release.
    const failing = runHelm4Plugin(dir, stream, ['--fail-on', 'info'], baseEnv());
    expect(failing.error).toBe('plugin "pod-sequencer" exited with error');
    expect(failing.exitCode).toBe(1);
    expect(failing.discardedStderr).toMatch(/finding\(s\) at or above --fail-on info: nothing written/);
  });

  it('POD_SEQUENCER_BIN wins, and gets post-render, the args and the stream', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'pod-seq-helm-bin-'));
    const bin = join(tmp, 'my-pod-sequencer');
    writeFileSync(bin, `#!/bin/sh\nprintf '%s\\n' "$@" > "${tmp}/args"\ncat > "${tmp}/stdin"\nprintf 'kind: ConfigMap\\n'\n`);
    chmodSync(bin, 0o755);
    const r = runHelm4Plugin(install(PLUGIN), stream, ['--report', '/tmp/r.txt'], baseEnv({ POD_SEQUENCER_BIN: bin }));
    expect(r.manifests).toBe('kind: ConfigMap\n');
    expect(readFileSync(join(tmp, 'args'), 'utf8')).toBe('post-render\n--report\n/tmp/r.txt\n');
    expect(readFileSync(join(tmp, 'stdin'), 'utf8')).toBe(stream);
    // Helm 3's `--post-renderer-args post-render` kept in a helmfile that now runs Helm 4: the
    // leading post-render is dropped, not passed twice.
    const both = runHelm4Plugin(install(PLUGIN), stream, ['post-render', '--report', '/tmp/r.txt'], baseEnv({ POD_SEQUENCER_BIN: bin }));
    expect(both.manifests).toBe('kind: ConfigMap\n');
    expect(readFileSync(join(tmp, 'args'), 'utf8')).toBe('post-render\n--report\n/tmp/r.txt\n');
  });

  it('a leading post-render reaches the real function once: the release is fixed', () => {
    const r = runHelm4Plugin(install(PLUGIN), stream, ['post-render', '--fail-on', 'error'], baseEnv());
    expect(r.error, r.discardedStderr).toBeUndefined();
    expect(r.manifests!.indexOf('- name: istio-proxy')).toBeLessThan(r.manifests!.indexOf('- name: web\n'));
  });

  it('a plugin directory outside a package uses pod-sequencer on PATH; none anywhere: exit 127 saying what to do', () => {
    const copy = join(mkdtempSync(join(tmpdir(), 'pod-seq-helm-copy-')), 'helm-plugin');
    cpSync(PLUGIN, copy, { recursive: true });
    const binDir = mkdtempSync(join(tmpdir(), 'pod-seq-helm-path-'));
    writeFileSync(join(binDir, 'pod-sequencer'), `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'bin', 'pod-sequencer.cjs')}" "$@"\n`);
    chmodSync(join(binDir, 'pod-sequencer'), 0o755);
    const onPath = runHelm4Plugin(install(copy), stream, [], baseEnv({ PATH: `${binDir}:${BASE_PATH}` }));
    expect(onPath.error, onPath.discardedStderr).toBeUndefined();
    expect(onPath.manifests).toContain('istio-proxy');
    const nowhere = runHelm4Plugin(install(copy), stream, [], baseEnv());
    expect(nowhere.exitCode).toBe(127);
    expect(nowhere.discardedStderr).toBe(
      'pod-sequencer: cannot find pod-sequencer: set POD_SEQUENCER_BIN, install the plugin from node_modules/pod-sequencer/helm-plugin, or npm install -g pod-sequencer\n',
    );
  });

  for (const shell of ['dash', 'busybox'] as const) {
    it.skipIf(!canUse(shell))(`the launcher runs under ${shell} (POSIX sh only)`, () => {
      const dir = install(PLUGIN);
      const argv = shell === 'busybox' ? ['sh', join(dir, 'pod-sequencer-helm')] : [join(dir, 'pod-sequencer-helm')];
      const r = spawnSync(TOOLS[shell].command, argv, { input: stream, env: baseEnv({ HELM_PLUGIN_DIR: dir }), encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain("postrenderer.helm.sh/postrender-filename: 'shop/templates/deployment.yaml'");
    });
  }
});

describe('under Helm 4, a failure also goes to the terminal (Helm discards stderr)', () => {
  const bad = helm3Chunk('shop/templates/deployment.yaml', web);
  const cli = join(ROOT, 'bin', 'pod-sequencer.cjs');

  it.skipIf(!canUse('setsid'))('no terminal (setsid): the same failure, stderr only, no crash', () => {
    const r = spawnSync(TOOLS.setsid.command, ['-w', process.execPath, cli, 'post-render', '--fail-on', 'info'], {
      input: bad,
      env: baseEnv({ HELM_PLUGIN_DIR: PLUGIN, HELM_PLUGIN_NAME: 'pod-sequencer' }),
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/at or above --fail-on info: nothing written\n$/);
    expect(r.stderr).not.toMatch(/internal error|at .*\.cjs:\d+/);
  });

  it.skipIf(!canUse('script'))('with a terminal (script -qc): the reason is written there, stdout and stderr going elsewhere', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'pod-seq-helm-tty-'));
    writeFileSync(join(tmp, 'in.yaml'), bad);
    const inner = (env: string) =>
      `${env} '${process.execPath}' '${cli}' post-render --fail-on info < '${tmp}/in.yaml' > '${tmp}/out' 2> '${tmp}/err'; echo "exit=$?" > '${tmp}/code'`;
    const onTty = (env: string) => spawnSync(TOOLS.script.command, ['-qec', inner(env), '/dev/null'], { env: baseEnv(), encoding: 'utf8' }).stdout;
    const shown = onTty(`HELM_PLUGIN_DIR='${PLUGIN}'`);
    expect(readFileSync(join(tmp, 'code'), 'utf8')).toBe('exit=1\n');
    expect(readFileSync(join(tmp, 'out'), 'utf8')).toBe('');
    expect(shown).toMatch(/pod-sequencer: 2 finding\(s\) at or above --fail-on info: nothing written/);
    expect(shown).toMatch(/pod-sequencer: shop\/templates\/deployment\.yaml:\d+: info /);
    // Not under Helm 4 (Helm 3 and pipes show stderr): nothing extra on the terminal.
    expect(onTty('HELM_PLUGIN_DIR=')).toBe('');
  });

  it('tellTerminal: written when the device opens, false (no throw) when it does not or not under Helm 4', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'pod-seq-helm-dev-'));
    const dev = join(tmp, 'tty');
    writeFileSync(dev, '');
    expect(tellTerminal(['a: error'], { HELM_PLUGIN_DIR: '/p' }, dev)).toBe(true);
    expect(readFileSync(dev, 'utf8')).toBe('pod-sequencer: a: error\n');
    expect(tellTerminal(['a'], { HELM_PLUGIN_DIR: '/p' }, join(tmp, 'missing', 'tty'))).toBe(false);
    expect(tellTerminal(['a'], {}, dev)).toBe(false);
    expect(existsSync(join(tmp, 'missing'))).toBe(false);
  });
});
