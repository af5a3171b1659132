/**
 * `pod-sequencer post-render`: Helm's post-renderer (Helm 3 `--post-renderer PATH`, Helm 4 as the
 * plugin in helm-plugin/). A multi-document stream on stdin, the same stream fixed on stdout:
 * read and spliced by the one reader (read.ts), so every document, separator and `# Source:`
 * comment it does not change comes out byte-identical (docs/integrations.md, "Helm").
 *
 * Helm 3 stores whatever comes back, and an empty answer with exit 0 deletes the release's
 * resources on upgrade (helm/helm#13473): on any error nothing is written and the exit is 1.
 * Helm 4 discards the plugin's stderr, so `--report FILE` keeps the findings.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { loadConfig } from '../config/load.js';
import type { Config } from '../config/types.js';
import { FatalError, type Severity } from '../krm/types.js';
import { decodeUtf8Strict, printable } from '../yaml/text.js';
import { formatResult, isSuppressed } from '../krm/results.js';
import { PathError, readManifest, splice, type ManifestFile } from './read.js';
import { runFiles, type Finding } from './run.js';

export interface PostRenderOptions {
  config?: string;
  failOn: Severity | 'none';
  report?: string;
}

export interface PostRenderOutcome {
  stdout: string;
  stderr: string[];
  exitCode: 0 | 1;
}

const LEVEL: Record<Severity | 'none', number> = { info: 0, warning: 1, error: 2, none: 3 };
const CONFIG_KINDS = new Set(['PodSequence']);

/** The whole command over bytes: no I/O but `--report` and the config file (testable directly). */
export function postRender(stdin: Uint8Array, opts: PostRenderOptions, env: NodeJS.ProcessEnv = process.env, readFile = readText): PostRenderOutcome {
  try {
    const text = decodeUtf8Strict(stdin);
    const file = readManifest('<stdin>', [], text);
    const { config, removed } = chooseConfig(file, opts, env, readFile);
    const run = runFiles([file], config);
    const files = run.files;
    const findings = run.findings.filter((f) => !isSuppressed(f.result));
    const replacements = new Map(files[0]!.replacements);
    for (const i of removed) replacements.set(i, ''); // the PodSequence document: used, then dropped
    const stdout = replacements.size > 0 ? splice(file, replacements) : text;
    const lines = findings.map((f) => findingLine(file, f));
    if (opts.report) writeFileSync(opts.report, lines.join('\n') + (lines.length ? '\n' : ''));
    const failing = findings.filter((f) => LEVEL[f.result.severity] >= LEVEL[opts.failOn]);
    if (failing.length > 0) return fail([...lines, `${failing.length} finding(s) at or above --fail-on ${opts.failOn}: nothing written`]);
    if (text.trim() !== '' && stdout.trim() === '') return fail(['refusing to answer non-empty input with empty output (Helm would delete the release)']);
    return { stdout, stderr: lines, exitCode: 0 };
  } catch (e) {
    if (e instanceof PathError || e instanceof ConfigError) return fail([e.message]);
    if (e instanceof FatalError) return fail([`<stdin>: ${e.message}`]);
    throw e;
  }
}

class ConfigError extends Error {}

function fail(lines: string[]): PostRenderOutcome {
  return { stdout: '', stderr: lines, exitCode: 1 };
}

function readText(path: string): string {
  return decodeUtf8Strict(readFileSync(path));
}

/** `--config`, then `POD_SEQUENCER_CONFIG`, then one PodSequence document in the stream, else the defaults. */
function chooseConfig(
  file: ManifestFile,
  opts: PostRenderOptions,
  env: NodeJS.ProcessEnv,
  readFile: (p: string) => string,
): { config: Config; removed: number[] } {
  const inStream = file.docs.flatMap((d, i) => (CONFIG_KINDS.has(d.kind) && d.apiVersion.startsWith('fn.pod-sequencer.dev/') ? [i] : []));
  if (inStream.length > 1) throw new ConfigError(`<stdin>: ${inStream.length} PodSequence documents in the stream; keep one`);
  const path = opts.config ?? (env.POD_SEQUENCER_CONFIG || undefined);
  let raw: unknown;
  let source: string;
  if (path !== undefined) {
    source = opts.config !== undefined ? `--config ${path}` : `POD_SEQUENCER_CONFIG=${path}`;
    try {
      raw = parse(readFile(path));
    } catch (e) {
      throw new ConfigError(
        `${source}: ${(e as NodeJS.ErrnoException).code ? `cannot read the file (${(e as NodeJS.ErrnoException).code})` : `not valid YAML: ${(e as Error).message.split('\n')[0]}`}`,
      );
    }
  } else if (inStream.length === 1) {
    source = `<stdin> (PodSequence document ${file.docs[inStream[0]!]!.index + 1})`;
    raw = parse(file.docs[inStream[0]!]!.text);
  } else source = 'defaults';
  const { config, errors } = loadConfig(raw, { source });
  if (errors.length > 0) throw new ConfigError(`${source}: invalid\n${errors.map(formatResult).join('\n')}`);
  return { config: { ...config, mode: 'apply' }, removed: inStream };
}

/**
 * `chart/templates/x.yaml:12: severity [rule] message`: Helm 3 writes a `# Source:` comment above
 * each document; Helm 4 annotates each with `postrenderer.helm.sh/postrender-filename`.
 */
function findingLine(file: ManifestFile, f: Finding): string {
  const rule = f.result.tags?.rule ? ` [${f.result.tags.rule}]` : '';
  return printable(`${sourceOf(file, f.line) ?? '<stdin>'}:${f.line}: ${f.result.severity}${rule} ${f.result.message}`);
}

function sourceOf(file: ManifestFile, line: number): string | undefined {
  const before = file.source.split('\n').slice(0, line);
  for (let i = before.length - 1; i >= 0; i--) {
    const m = /^# Source: (.+)$/.exec(before[i]!) ?? /^\s*postrenderer\.helm\.sh\/postrender-filename: ['"]?([^'"]+)['"]?\s*$/.exec(before[i]!);
    if (m) return m[1]!.trim();
  }
  return undefined;
}
