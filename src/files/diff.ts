/**
 * `fix --dry-run`'s unified diff of one file: what jsdiff's `createTwoFilesPatch` prints for the
 * file before and after (context 4, its default), in time that follows the file's size.
 *
 * jsdiff's Myers diff costs the lines of the file times the lines changed, so a file whose every
 * document changed cost the square of its documents (issue 38: 1,000 Deployments in one file,
 * 108 s). The run knows where it changed the text (the spans `splice` replaced), so only those
 * spans are diffed, each widened to whole lines; the lines between are the same on both sides.
 * The hunks are then cut from the joined changes exactly as jsdiff cuts them (diffLinesResultToPatch).
 */
import { createTwoFilesPatch, diffLines } from 'diff';
import type { Edit } from '../krm/io.js';

const CONTEXT = 4;

/** A run of lines (each with its `\n`, but a last line without one) kept, removed or added. */
interface Change {
  mark: ' ' | '-' | '+';
  lines: string[];
}

interface Hunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: string[];
}

/**
 * The diff from `source` to `output`, `edits` being the spans of `source` replaced to make it.
 * `crlf`: the output's line breaks were restored to CRLF, so every line differs and no span
 * says so; that diff is left to jsdiff over the whole file.
 */
export function fileDiff(path: string, source: string, output: string, edits: readonly Edit[], crlf: boolean): string {
  if (crlf) return createTwoFilesPatch(`a/${path}`, `b/${path}`, source, output).replace(/^=+\n/, '');
  const hunks = cutHunks(changesOf(source, edits));
  const head = [`--- a/${path}`, `+++ b/${path}`];
  return [...head, ...hunks.flatMap(formatHunk)].join('\n') + '\n';
}

/** The changes of the whole file, in order: the text between widened spans kept, each span diffed alone. */
function changesOf(source: string, edits: readonly Edit[]): Change[] {
  const changes: Change[] = [];
  let cursor = 0;
  for (const r of regions(source, edits)) {
    keep(changes, source.slice(cursor, r.start));
    for (const c of diffLines(source.slice(r.start, r.end), newText(source, r))) {
      if (c.added || c.removed) changes.push({ mark: c.added ? '+' : '-', lines: splitLines(c.value) });
      else keep(changes, c.value);
    }
    cursor = r.end;
  }
  keep(changes, source.slice(cursor));
  return changes;
}

/** Unchanged text joins the run of kept lines before it: jsdiff's one change for it. */
function keep(changes: Change[], text: string): void {
  if (text === '') return;
  const last = changes[changes.length - 1];
  if (last?.mark === ' ') last.lines.push(...splitLines(text));
  else changes.push({ mark: ' ', lines: splitLines(text) });
}

interface Region {
  start: number;
  end: number;
  edits: Edit[];
}

/**
 * The edits grouped into spans that are whole lines before and after the edit: each starts at a
 * line start and ends after a line break (or at the end), widened by one line where its new text
 * would not end in one (an edit that joined two lines). Spans that meet or overlap are one, so
 * at least one kept line lies between two, as between two of jsdiff's changes.
 */
function regions(source: string, edits: readonly Edit[]): Region[] {
  const out: Region[] = [];
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    const start = e.start === 0 ? 0 : source.lastIndexOf('\n', e.start - 1) + 1;
    const end = e.end === 0 || source[e.end - 1] === '\n' ? e.end : lineEnd(source, e.end);
    let last = out[out.length - 1];
    if (last && start <= last.end) {
      last.end = Math.max(last.end, end);
      last.edits.push(e);
    } else out.push((last = { start, end, edits: [e] }));
    if (endsOpen(source, last)) last.end = lineEnd(source, last.end);
  }
  return out;
}

/** The region's new text would end inside a line (looked at from its end, so each edit is passed over once). */
function endsOpen(source: string, r: Region): boolean {
  let to = r.end;
  for (let i = r.edits.length - 1; i >= 0; i--) {
    const e = r.edits[i]!;
    if (to > e.end) return source[to - 1] !== '\n';
    if (e.text !== '') return !e.text.endsWith('\n');
    to = e.start;
  }
  return to > r.start && source[to - 1] !== '\n';
}

/** A region's text after its edits. */
function newText(source: string, r: Region): string {
  const parts = [source.slice(r.start, r.edits[0]!.start)];
  r.edits.forEach((e, i) => parts.push(e.text, source.slice(e.end, r.edits[i + 1]?.start ?? r.end)));
  return parts.join('');
}

/** The offset after the line break that ends the line holding `at` (the text's end on its last line). */
function lineEnd(source: string, at: number): number {
  const nl = source.indexOf('\n', at);
  return nl < 0 ? source.length : nl + 1;
}

/** jsdiff's splitLines: each line keeps its `\n`; a last line without one stays without. */
function splitLines(text: string): string[] {
  const lines = text.split('\n').map((line) => line + '\n');
  if (text.endsWith('\n')) lines.pop();
  else lines.push(lines.pop()!.slice(0, -1));
  return lines;
}

/**
 * jsdiff's hunks: each change with up to CONTEXT kept lines on either side; kept runs of at most
 * twice that between two changes join them into one hunk, except the file's last run.
 */
function cutHunks(changes: Change[]): Hunk[] {
  const hunks: Hunk[] = [];
  let oldStart = 0;
  let newStart = 0;
  let lines: string[] = [];
  let oldLine = 1;
  let newLine = 1;
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i]!;
    if (c.mark !== ' ') {
      if (!oldStart) {
        const prev = changes[i - 1];
        lines = prev ? prev.lines.slice(-CONTEXT).map((l) => ' ' + l) : [];
        oldStart = oldLine - lines.length;
        newStart = newLine - lines.length;
      }
      for (const l of c.lines) lines.push(c.mark + l);
      if (c.mark === '+') newLine += c.lines.length;
      else oldLine += c.lines.length;
      continue;
    }
    if (oldStart) {
      if (c.lines.length <= CONTEXT * 2 && i < changes.length - 1) for (const l of c.lines) lines.push(' ' + l);
      else {
        const size = Math.min(c.lines.length, CONTEXT);
        for (const l of c.lines.slice(0, size)) lines.push(' ' + l);
        hunks.push({ oldStart, oldLines: oldLine - oldStart + size, newStart, newLines: newLine - newStart + size, lines });
        oldStart = newStart = 0;
        lines = [];
      }
    }
    oldLine += c.lines.length;
    newLine += c.lines.length;
  }
  // jsdiff closes a hunk still open at the end on its empty sentinel change.
  if (oldStart) hunks.push({ oldStart, oldLines: oldLine - oldStart, newStart, newLines: newLine - newStart, lines });
  return hunks;
}

/** `@@ -a,b +c,d @@` and the hunk's lines without their `\n`; a line without one is marked as jsdiff marks it. */
function formatHunk(h: Hunk): string[] {
  const out = [`@@ -${h.oldLines === 0 ? h.oldStart - 1 : h.oldStart},${h.oldLines} +${h.newLines === 0 ? h.newStart - 1 : h.newStart},${h.newLines} @@`];
  for (const l of h.lines) {
    if (l.endsWith('\n')) out.push(l.slice(0, -1));
    else out.push(l, '\\ No newline at end of file');
  }
  return out;
}
