/**
 * What Helm does around a post-renderer, played by the tests for the cases no real chart reaches
 * (real Helm runs in test/helm/real-helm.test.ts). Each function follows the Helm source it
 * names, at helm/helm@v4.0.0:
 * - `helm4Stream`: pkg/action/action.go `annotateAndMerge` (files sorted by name, partials and
 *   empty files skipped, every document annotated postrenderer.helm.sh/postrender-filename,
 *   joined by `---` lines, no `# Source:` comments);
 * - `platformCommand`: internal/plugin/subprocess_commands.go `getPlatformCommand` and
 *   `PrepareCommands` (the command split at spaces, its first word expanded with the plugin's env,
 *   args expanded from Helm's own env in 4.0);
 * - `runHelm4Plugin`: internal/plugin/runtime_subprocess.go `runPostrenderer` (env plus
 *   HELM_PLUGIN_NAME and HELM_PLUGIN_DIR, the stream on stdin, stdout read, stderr kept from the
 *   user) and pkg/postrenderer/postrenderer.go (empty output is an error).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const FILENAME_ANNOTATION = 'postrenderer.helm.sh/postrender-filename';

/** One Helm 3 `helm template` chunk: `---`, `# Source: FILE`, the document. */
export const helm3Chunk = (file: string, doc: string) => `---\n# Source: ${file}\n${doc.endsWith('\n') ? doc : doc + '\n'}`;

/** Helm 3's stream split into chunks (each from its `---` line), with the file each names. */
export function helm3Chunks(stream: string): { file: string; text: string }[] {
  return stream
    .split(/(?=^---\n)/m)
    .filter((c) => c !== '')
    .map((text) => ({ file: /^# Source: (.+)$/m.exec(text)?.[1] ?? '', text }));
}

/**
 * Sets a metadata annotation as kyaml's SetAnnotation writes it into Helm 4's stream: appended
 * to `metadata.annotations` (created at the end of `metadata` when missing), value quoted.
 */
export function annotate(doc: string, key: string, value: string): string {
  const lines = doc.replace(/\n$/, '').split('\n');
  const meta = lines.indexOf('metadata:');
  if (meta < 0) throw new Error('annotate: no top-level metadata');
  let end = meta + 1;
  while (end < lines.length && /^\s+\S|^\s*$/.test(lines[end]!)) end++;
  const ann = lines.slice(meta + 1, end).findIndex((l) => /^ {2}['"]?annotations['"]?:\s*$/.test(l));
  const entry = `${' '.repeat(4)}${key}: '${value}'`;
  if (ann < 0) lines.splice(end, 0, '  annotations:', entry);
  else {
    let last = meta + 1 + ann + 1;
    while (last < end && /^ {4}/.test(lines[last]!)) last++;
    lines.splice(last, 0, entry);
  }
  return lines.join('\n') + '\n';
}

/** Helm 4's stream for these files (name -> rendered text, one or more documents each). */
export function helm4Stream(files: Record<string, string>): string {
  const docs: string[] = [];
  for (const name of Object.keys(files).sort()) {
    const text = files[name]!;
    if (name.split('/').pop()!.startsWith('_') || text.trim() === '') continue;
    for (const doc of text.split(/^---[ \t]*\n/m)) {
      const body = doc.replace(/^#.*\n/gm, '').replace(/^\s*\n/gm, '');
      if (body.trim() !== '') docs.push(annotate(body, FILENAME_ANNOTATION, name));
    }
  }
  return docs.join('---\n');
}

/** Helm 3's stream turned into Helm 4's: the same documents, grouped by their `# Source:` file. */
export function helm3ToHelm4(stream: string): string {
  const files: Record<string, string> = {};
  for (const c of helm3Chunks(stream)) files[c.file] = (files[c.file] ? files[c.file] + '---\n' : '') + c.text.replace(/^---\n# Source: .*\n/, '');
  return helm4Stream(files);
}

interface PlatformCommand {
  os?: string;
  arch?: string;
  command: string;
  args?: string[];
}

/** The plugin's command for a GOOS/GOARCH, expanded as Helm 4.0 does. */
export function platformCommand(pluginYaml: string, goos: string, goarch: string, pluginEnv: Record<string, string>, helmEnv: Record<string, string>) {
  const cmds = ((parse(pluginYaml) as { runtimeConfig?: { platformCommand?: PlatformCommand[] } }).runtimeConfig?.platformCommand ?? []) as PlatformCommand[];
  const eq = (a = '', b = '') => a.toLowerCase() === b.toLowerCase();
  let chosen: PlatformCommand | undefined;
  let foundOs = false;
  for (const c of cmds) {
    if (eq(c.os, goos) && eq(c.arch, goarch)) {
      chosen = c;
      break;
    }
    if ((c.os && !eq(c.os, goos)) || c.arch) continue;
    if (!foundOs && c.os && eq(c.os, goos)) {
      chosen = c;
      foundOs = true;
    } else if (!chosen) chosen = c;
  }
  if (!chosen || !chosen.command) throw new Error('no plugin command is applicable');
  const expand = (s: string, env: Record<string, string>) => s.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a: string, b: string) => env[a ?? b] ?? '');
  const [main, ...rest] = chosen.command.split(' ');
  return { main: expand(main!, pluginEnv), args: [...rest, ...(chosen.args ?? [])].map((a) => expand(a, helmEnv)) };
}

export interface Helm4Run {
  /** What Helm keeps: the plugin's stdout, or Helm's own error. */
  manifests?: string;
  error?: string;
  /** What Helm throws away (the tests look at it; users never see it). */
  discardedStderr: string;
  exitCode: number | null;
}

/** Runs an installed plugin (pluginDir as Helm 4 sees it: $HELM_PLUGINS/<dir>) as postrenderer/v1. */
export function runHelm4Plugin(pluginDir: string, manifests: string, extraArgs: string[] = [], env: NodeJS.ProcessEnv = process.env): Helm4Run {
  const yamlText = readFileSync(join(pluginDir, 'plugin.yaml'), 'utf8');
  const name = String((parse(yamlText) as { name: string }).name);
  const pluginEnv = { ...(env as Record<string, string>), HELM_PLUGIN_NAME: name, HELM_PLUGIN_DIR: pluginDir };
  const { main, args } = platformCommand(yamlText, 'linux', 'amd64', pluginEnv, env as Record<string, string>);
  const r = spawnSync(main, [...args, ...extraArgs], { input: manifests, env: pluginEnv, encoding: 'utf8', timeout: 120_000 });
  // A plugin that exits before reading its input (the launcher's exit 127) closes the pipe first:
  // the write fails with EPIPE on a busy machine, but the exit status is the plugin's answer, as
  // Helm reports it. Any other spawn error is ours.
  const epipe = (r.error as NodeJS.ErrnoException | undefined)?.code === 'EPIPE' && r.status !== null;
  if (r.error && !epipe) return { error: `failed to invoke post-renderer plugin "${name}": ${r.error.message}`, discardedStderr: '', exitCode: null };
  if (r.status !== 0) return { error: `plugin "${name}" exited with error`, discardedStderr: r.stderr, exitCode: r.status };
  if (r.stdout.trim() === '') return { error: `post-renderer "${name}" produced empty output`, discardedStderr: r.stderr, exitCode: 0 };
  return { manifests: r.stdout, discardedStderr: r.stderr, exitCode: 0 };
}

/**
 * What Helm 4's loader refuses in a plugin.yaml, as messages (empty: it loads). helm/helm@v4.0.0
 * internal/plugin/: loader.go (apiVersion), metadata_v1.go (MetadataV1 fields, Validate),
 * plugin.go (validPluginName), plugin_type_registry.go (types), config.go (config decoded with
 * KnownFields into the type's struct; postrenderer/v1's is empty), metadata.go (runtimes),
 * runtime_subprocess.go and subprocess_commands.go (runtimeConfig fields).
 */
export function helm4PluginProblems(pluginYaml: string): string[] {
  const m = parse(pluginYaml) as Record<string, unknown>;
  const out: string[] = [];
  const unknown = (o: object, known: string[], where: string) => {
    for (const k of Object.keys(o)) if (!known.includes(k)) out.push(`${where}: unknown field ${k}`);
  };
  if (m.apiVersion !== 'v1') out.push(`invalid apiVersion: ${String(m.apiVersion)}`);
  unknown(m, ['apiVersion', 'name', 'type', 'runtime', 'version', 'sourceURL', 'config', 'runtimeConfig'], 'plugin.yaml');
  if (typeof m.name !== 'string' || !/^[A-Za-z0-9_-]+$/.test(m.name)) out.push('invalid plugin name');
  if (typeof m.version !== 'string' || !/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.test(m.version)) out.push('invalid version (SemVer 2)');
  const configFields: Record<string, string[]> = {
    'test/v1': [],
    'cli/v1': ['usage', 'shortHelp', 'longHelp', 'ignoreFlags'],
    'getter/v1': ['protocols'],
    'postrenderer/v1': [],
  };
  const type = String(m.type ?? '');
  if (!(type in configFields)) out.push(`unknown plugin type ${type}`);
  else unknown((m.config as object | null) ?? {}, configFields[type]!, 'config');
  if (m.runtime !== 'subprocess' && m.runtime !== 'extism/v1') out.push(`unsupported plugin runtime type: ${String(m.runtime)}`);
  if (m.runtime === 'subprocess') {
    const rc = (m.runtimeConfig as Record<string, unknown> | null) ?? {};
    unknown(rc, ['platformCommand', 'platformHooks', 'protocolCommands'], 'runtimeConfig');
    for (const c of (rc.platformCommand as object[] | undefined) ?? []) unknown(c, ['os', 'arch', 'command', 'args'], 'platformCommand');
  }
  return out;
}
