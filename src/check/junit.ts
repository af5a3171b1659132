/**
 * JUnit XML, the report format CI systems show as test results (GitLab, Jenkins, Azure
 * Pipelines): a `testsuite` per file checked, a `testcase` per finding (classname Kind/name,
 * name the rule), a `failure` for each finding at or above --fail-on, `skipped` for a suppressed
 * one. Findings below the threshold pass, their message kept in `system-out`. A failure's `message`
 * attribute is the summary; its body the whole text (why, fix).
 */
import { atOrAbove, fullMessage, isSuppressed } from '../krm/results.js';
import type { FailOn } from '../config/types.js';
import type { Finding } from '../files/read.js';
import { suppressionOf } from './report.js';

export function formatJunit(findings: readonly Finding[], files: readonly string[], failOn: FailOn): string {
  const fails = (f: Finding) => !isSuppressed(f.result) && atOrAbove(f.result.severity, failOn);
  const suites = files.map((file) => {
    const mine = findings.filter((f) => f.path === file);
    const cases = mine.map((f) => testcase(f, fails(f)));
    const failures = mine.filter(fails).length;
    const skipped = mine.filter((f) => isSuppressed(f.result)).length;
    return [`  <testsuite name=${attr(file)} tests="${mine.length}" failures="${failures}" errors="0" skipped="${skipped}">`, ...cases, '  </testsuite>'].join(
      '\n',
    );
  });
  const total = (pick: (f: Finding) => boolean) => findings.filter(pick).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="pod-sequencer" tests="${findings.length}" failures="${total(fails)}" errors="0" skipped="${total((f) => isSuppressed(f.result))}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

function testcase(f: Finding, failed: boolean): string {
  const ref = f.result.resourceRef;
  const classname = ref ? `${ref.kind}/${ref.name}` : f.path;
  const where = `${f.path}:${f.line}:${f.col}`;
  const text = `${where}: ${f.result.severity} ${fullMessage(f.result)}`;
  const head = `    <testcase classname=${attr(classname)} name=${attr(f.result.tags?.rule ?? f.result.severity)} file=${attr(f.path)} line="${f.line}">`;
  const suppression = suppressionOf(f);
  const body = failed
    ? `      <failure type=${attr(f.result.severity)} message=${attr(f.result.message)}>${escape(text)}</failure>`
    : suppression
      ? `      <skipped message=${attr(`suppressed (${suppression.kind}): ${suppression.reason}`)}/>`
      : `      <system-out>${escape(text)}</system-out>`;
  return `${head}\n${body}\n    </testcase>`;
}

/**
 * Text as XML 1.0 character data: the five markup characters as entities, and the characters
 * XML 1.0 cannot carry at all (C0 controls but tab and newline, lone surrogates, U+FFFE/U+FFFF)
 * as a visible `\uXXXX`, so hostile names in a manifest cannot break or forge the report.
 */
export function escape(s: string): string {
  return s
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    )
    .replace(/\r/g, '&#13;');
}

const attr = (s: string) => `"${escape(s).replace(/\n/g, '&#10;').replace(/\t/g, '&#9;')}"`;
