/**
 * `pod-sequencer post-render`: Helm's post-renderer (Helm 3 `--post-renderer PATH`, Helm 4 as the
 * plugin in helm-plugin/). A multi-document stream on stdin, the same stream fixed on stdout:
 * read and spliced by the one reader (read.ts), so every document, separator and `# Source:`
 * comment it does not change comes out byte-identical (docs/integrations.md, "Helm").
 *
 * Helm 3 stores whatever comes back, and an empty answer with exit 0 deletes the release's
 * resources on upgrade (helm/helm#13473): on any error nothing is written and the exit is 1.
 * Helm 4 discards the plugin's stderr, so `--report FILE` (or POD_SEQUENCER_REPORT) keeps the findings.
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
import { withProgress } from './terminal.js';
import { detailLines } from '../check/report.js';

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
  const r = render(stdin, opts, env, readFile);
  // Every failure reaches the report too: under Helm 4 (which discards stderr) and in CI it is
  // the only place a reason can be read. A run that succeeded wrote its findings already.
  if (r.exitCode !== 0 && !r.reported) {
    const reportError = writeReport(opts.report ?? (env.POD_SEQUENCER_REPORT || undefined), r.stderr, opts.report !== undefined);
    if (reportError) r.stderr.push(reportError);
  }
  return { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode };
}

function render(
  stdin: Uint8Array,
  opts: PostRenderOptions,
  env: NodeJS.ProcessEnv,
  readFile: (p: string) => string,
): PostRenderOutcome & { reported?: boolean } {
  try {
    const text = decodeUtf8Strict(stdin);
    const file = readManifest('<stdin>', [], text);
    const { config, removed } = chooseConfig(file, opts, env, readFile);
    const run = withProgress('post-rendered', (progress) => runFiles([file], config, { progress }));
    const files = run.files;
    const findings = run.findings.filter((f) => !isSuppressed(f.result));
    const replacements = new Map(files[0]!.replacements);
    for (const i of removed) replacements.set(i, ''); // the PodSequence document: used, then dropped
    const stdout = replacements.size > 0 ? splice(file, replacements) : text;
    const inOutput = chartDocuments(stdout);
    const lines = [...findings.map((f) => findingLine(inOutput, f)), ...helm3HookNotes(file, replacements)];
    const reportError = writeReport(opts.report ?? (env.POD_SEQUENCER_REPORT || undefined), lines, opts.report !== undefined);
    if (reportError) return { ...fail([reportError]), reported: true }; // the report itself failed
    const failing = findings.filter((f) => LEVEL[f.result.severity] >= LEVEL[opts.failOn]);
    if (failing.length > 0) return fail([...lines, `${failing.length} finding(s) at or above --fail-on ${opts.failOn}: nothing written`]);
    if (text.trim() !== '' && stdout.trim() === '') return fail(['refusing to answer non-empty input with empty output (Helm would delete the release)']);
    return { stdout, stderr: lines, exitCode: 0, reported: true };
  } catch (e) {
    if (e instanceof PathError) return fail([withChartFile(stdin, e.message)]);
    if (e instanceof ConfigError) return fail([e.message]);
    if (e instanceof FatalError) return fail([`<stdin>: ${e.message}`]);
    throw e;
  }
}

class ConfigError extends Error {}

/** `--report FILE` (or POD_SEQUENCER_REPORT): the finding lines; a file that cannot be written is an error, said plainly. */
function writeReport(path: string | undefined, lines: string[], fromFlag: boolean): string | undefined {
  if (path === undefined) return undefined;
  try {
    writeFileSync(path, lines.join('\n') + (lines.length ? '\n' : ''));
    return undefined;
  } catch (e) {
    return `${fromFlag ? '--report ' : 'POD_SEQUENCER_REPORT='}${path}: cannot write the file (${(e as NodeJS.ErrnoException).code ?? String(e)})`;
  }
}

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
 * each document; Helm 4 annotates each with `postrenderer.helm.sh/postrender-filename`. Findings'
 * lines are in the output, so the file is looked up there.
 */
function findingLine(documentOf: DocumentOf, f: Finding): string {
  const rule = f.result.tags?.rule ? ` [${f.result.tags.rule}]` : '';
  // In the template's own rendered document (its first line after `# Source:`, or after `---` in
  // Helm 4's framing, is line 1), not the whole stream's: a chart file has no line 530 of 393.
  const at = documentOf(f.line);
  const where = at ? `${at.file}:${f.line - at.first + 1}` : `<stdin>:${f.line}`;
  return [printable(`${where}: ${f.result.severity}${rule} ${f.result.message}`), ...detailLines(f.result)].join('\n');
}

/** `<stdin>:7:3: malformed …` becomes `chart/templates/x.yaml (<stdin>:7:3): malformed …`. */
function withChartFile(stdin: Uint8Array, message: string): string {
  const m = /^<stdin>:(\d+):(\d+): /.exec(message);
  const file = m ? chartDocuments(Buffer.from(stdin).toString('utf8').replace(/\r\n/g, '\n'))(Number(m[1]))?.file : undefined;
  return file ? `${file} (<stdin>:${m![1]}:${m![2]}): ${message.slice(m![0].length)}` : message;
}

/** The chart file of the document holding a stream line (1-based), and the stream line that is its rendered line 1. */
export type DocumentOf = (line: number) => { file: string; first: number } | undefined;

const SEPARATOR = /^---(?:[ \t]|$)/;

/**
 * A stream's documents, split once: each finding asks which document holds its line (a binary
 * search), and a document's chart file is read once, when first asked. Splitting the whole
 * stream for each finding cost findings x stream (issue 38: 10,000 documents, minutes).
 * A document runs from its `---` line to the next; the chart file is its `# Source:` comment,
 * or its filename annotation, which may come after the line (it ends `metadata.annotations`).
 */
export function chartDocuments(text: string): DocumentOf {
  // Split when first asked: a run without findings never asks.
  let lines: string[] | undefined;
  const starts = [0];
  const known = new Map<number, ReturnType<DocumentOf>>();
  return (line) => {
    if (!lines) {
      lines = text.split('\n');
      for (let i = 1; i < lines.length; i++) if (SEPARATOR.test(lines[i]!)) starts.push(i);
    }
    const k = lastAtOrBefore(starts, Math.min(line - 1, lines.length - 1));
    if (!known.has(k)) known.set(k, chartFileOf(lines, starts[k]!, starts[k + 1] ?? lines.length));
    return known.get(k);
  };
}

/** The index of the last of the sorted `starts` at or before `at` (starts[0] is 0). */
function lastAtOrBefore(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The chart file named in lines [start, end), `start` being the document's `---` line or the stream's first. */
function chartFileOf(lines: readonly string[], start: number, end: number): ReturnType<DocumentOf> {
  const body = SEPARATOR.test(lines[start] ?? '') ? start + 1 : start; // 0-based, after the separator
  for (let i = start; i < end; i++) {
    const source = /^# Source: (.+)$/.exec(lines[i]!);
    if (source) return { file: source[1]!.trim(), first: i + 2 }; // the line after the comment
    const annotated = FILENAME_ANNOTATION.exec(lines[i]!);
    if (annotated) return { file: annotated[1]!.trim(), first: body + 1 };
  }
  return undefined;
}

const FILENAME_ANNOTATION = /^\s*postrenderer\.helm\.sh\/postrender-filename: ['"]?([^'"]+)['"]?\s*$/;
const HOOK_ANNOTATION = /^\s*['"]?helm\.sh\/hook['"]?\s*:/m;

/**
 * Helm 3's `--post-renderer` is never given hooks (helm/helm#7891, fixed in Helm 4), so a hook Job
 * fixed here was sent by `helm template` (or `--dry-run`): say that only that path, or Helm 4's
 * plugin, deploys it fixed. Framing: `# Source:` lines and no Helm 4 filename annotation. A note,
 * not a finding (no `--fail-on`); on the output, the Job needs no fix and no note comes back.
 */
function helm3HookNotes(file: ManifestFile, replacements: ReadonlyMap<number, string>): string[] {
  const text = file.source;
  if (!/^# Source: /m.test(text) || /^\s*postrenderer\.helm\.sh\/postrender-filename:/m.test(text)) return [];
  const documentOf = chartDocuments(text);
  return file.docs.flatMap((d, i) => {
    if (d.kind !== 'Job' || !replacements.has(i) || !HOOK_ANNOTATION.test(text.slice(d.start, d.end))) return [];
    const name = /^metadata:\n(?:[ \t].*\n)*?[ \t]+name:[ \t]*['"]?([^'"\s#]+)/m.exec(text.slice(d.start, d.end))?.[1] ?? '';
    const where = documentOf(file.lines.linePos(d.start).line)?.file ?? '<stdin>';
    return [
      printable(
        // Said as a condition: this run may be that pipe already (issue 38: the note told the user to run what they ran).
        `${where}: note: hook Job ${name} is fixed in this stream; applied as it is, it runs fixed, but \`helm install --post-renderer\` ` +
          "with Helm 3 never passes hooks to the post-renderer (helm/helm#7891) and deploys it unfixed: install through this stream, or with Helm 4's pod-sequencer plugin",
      ),
    ];
  });
}
