/**
 * The hostile corpus through the file commands and the stream on stdin, as users run them
 * (issue 20): every input below goes through `check FILE`, `fix FILE` and `pod-sequencer <
 * FILE`. For each, whatever the outcome: no stack trace and no "internal error", no hang (the
 * harness kills at 3 × LIMITS.ms), no partial output (a refused run prints nothing to stdout; one
 * with a workload left as it is prints every document),
 * and the file is unchanged unless `fix` succeeded. input.test.ts holds the ResourceList side;
 * the limits (nesting, documents, size) are asserted by name here. Also: stdout closed early,
 * empty and closed stdin.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { BIN } from '../helpers/cli.js';
import { runGuarded, type Guarded } from './cli.js';

const WEB =
  'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  annotations: {note: "hi"}\nspec:\n  template:\n    spec:\n      containers:\n' +
  '      - name: web\n        image: web:1\n        command: [/app, --port=8080]\n      - name: istio-proxy\n        image: istio/proxyv2:1.24\n';
const DOCS = `${WEB}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata:\n  k: |\n    line one\n    line two\n`;
const nest = (n: number) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: deep}\ndata: {a: ${'['.repeat(n)}${']'.repeat(n)}}\n`;

/** Inputs by name, as bytes. Malformed ones of every kind, and ones that must pass. */
const CORPUS: Record<string, Buffer> = {
  'unclosed flow map': Buffer.from(WEB.replace('{note: "hi"}', '{note: "hi"')),
  'unclosed flow sequence': Buffer.from(WEB.replace('--port=8080]', '--port=8080')),
  'unclosed double quote': Buffer.from(WEB.replace('"hi"', '"hi')),
  'unclosed single quote': Buffer.from(WEB.replace('"hi"', "'hi")),
  'bad indentation': Buffer.from(WEB.replace('  name: web\n', '    name: web\n')),
  'tab indentation': Buffer.from(WEB.replace('  name: web\n', '\tname: web\n')),
  'duplicate key': Buffer.from(WEB.replace('  name: web\n', '  name: web\n  name: web2\n')),
  'block scalar without content': Buffer.from(DOCS.replace(/ {4}line one\n {4}line two\n$/, '')),
  'an unknown escape': Buffer.from(WEB.replace('"hi"', '"\\q"')),
  'an alias with no anchor': Buffer.from(WEB.replace('"hi"', '*nowhere')),
  'a merge key': Buffer.from(WEB.replace('      - name: web\n', '      - <<: {x: 1}\n        name: web\n')),
  'a directive alone': Buffer.from('%YAML 1.2\n'),
  'only a document marker': Buffer.from('---\n'),
  'invalid UTF-8': Buffer.concat([Buffer.from(WEB.slice(0, 40)), Buffer.from([0xff, 0xfe]), Buffer.from(WEB.slice(40))]),
  'UTF-8 cut short': Buffer.concat([Buffer.from(WEB), Buffer.from([0xe2, 0x82])]),
  'NUL bytes in a value': Buffer.from(WEB.replace('"hi"', '"a\0b"')),
  'a raw NUL byte': Buffer.from(WEB.replace('hi', 'a\0b')),
  'BOM then CRLF': Buffer.from('\ufeff' + DOCS.replace(/\n/g, '\r\n')),
  'CRLF with one LF line': Buffer.from(DOCS.replace(/\n/g, '\r\n').replace('\r\nkind: ConfigMap', '\nkind: ConfigMap')),
  'a BOM in the middle': Buffer.from(DOCS.replace('---\n', '---\n\ufeff')),
  'a lone CR': Buffer.from(WEB.replace('  name: web\n', '  name: web\r')),
  'a 10 MB scalar': Buffer.from(WEB.replace('"hi"', 'x'.repeat(10 * 1024 * 1024))),
  'a 1 MB double-quoted scalar over many lines': Buffer.from(WEB.replace('"hi"', `"${Array.from({ length: 13_000 }, () => 'y'.repeat(79)).join('\n    ')}"`)),
  'prototype keys': Buffer.from(WEB.replace('{note: "hi"}', '{__proto__: {polluted: "yes"}, constructor: {prototype: {x: 1}}}')),
  'a __proto__ container field': Buffer.from(
    WEB.replace('      - name: istio-proxy\n', '      - __proto__: {restartPolicy: Always}\n        name: istio-proxy\n'),
  ),
  'a Helm template': Buffer.from(WEB.replace('"hi"', '{{ .Values.note }}')),
  '20,000 nested flow sequences': Buffer.from(nest(20_000)),
  '3,000 nested block mappings': Buffer.from(
    `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: deep}\ndata:\n${Array.from({ length: 3000 }, (_, i) => `${'  '.repeat(i + 1)}k${i}:\n`).join('')}${'  '.repeat(3001)}v\n`,
  ),
  '1,000,001 documents': Buffer.from('---\n'.repeat(1_000_001)),
  'truncated at 1/3': Buffer.from(DOCS.slice(0, Math.floor(DOCS.length / 3))),
  'truncated at 2/3': Buffer.from(DOCS.slice(0, Math.floor((2 * DOCS.length) / 3))),
  'truncated mid-quote': Buffer.from(WEB.slice(0, WEB.indexOf('"hi"') + 2)),
  'empty file': Buffer.alloc(0),
  'only comments': Buffer.from('# nothing here\n'),
};

/** What the limits say, by name and place (SECURITY.md, "Limits"). */
const LIMIT_ERRORS: Record<string, RegExp> = {
  '20,000 nested flow sequences': /:4:\d+: document 1: nesting deeper than 200 levels/,
  '3,000 nested block mappings': /:\d+:\d+: document 1: nesting deeper than 200 levels/,
  '1,000,001 documents': /:1000001:4: more than 1000000 documents \(the limit for one file or stream\)/,
};

const dir = mkdtempSync(join(tmpdir(), 'pod-seq-hostile-cmd-'));

function clean(r: Guarded, what: string, input?: Buffer): void {
  expect(r.timedOut, `${what}: timed out`).toBe(false);
  expect(r.stderr, what).not.toMatch(/internal error|Maximum call stack|\n\s+at .+:\d+:\d+\)?\n|Unhandled|EPIPE/);
  // `check` prints its findings on stdout. Elsewhere output on exit 1 is the whole input, a workload
  // that could not be read left as it is with an error on it (issue 27); a refused input prints nothing.
  if (r.code === 0 || what === 'check' || r.stdout.length === 0) return;
  expect(r.stderr, `${what}: output on failure`).toMatch(/is left as it is/);
  if (input) expect(parseAllDocuments(r.stdout.toString()).length, `${what}: every document`).toBe(parseAllDocuments(input.toString()).length);
  if (what === 'check') expect(r.stdout.toString(), what).toMatch(/\d+ files? checked: .*\n$|^$/);
}

describe('hostile files through check, fix and the stream', () => {
  for (const [name, bytes] of Object.entries(CORPUS)) {
    it(
      name,
      () => {
        const file = join(dir, `${name.replace(/\W+/g, '-')}.yaml`);
        writeFileSync(file, bytes);
        const check = runGuarded('', ['check', file]);
        clean(check, 'check');
        // 2 only for a file that holds no workload: the gate says it checked nothing (issue 38).
        if (check.code === 2) expect(check.stderr.toString()).toMatch(/^pod-sequencer check: nothing was checked: /m);
        else expect(check.code === 0 || check.code === 1).toBe(true);

        const fix = runGuarded('', ['fix', file]);
        clean(fix, 'fix');
        if (fix.code !== 0) expect(readFileSync(file).equals(bytes), 'fix failed and changed the file').toBe(true);
        else expect(runGuarded('', ['check', '--allow-empty', file]).code, 'what fix wrote reads back').not.toBe(2);

        const stream = runGuarded(bytes);
        clean(stream, 'stream', bytes);
        if (stream.code === 0 && bytes.toString().trim() !== '') expect(stream.stdout.length).toBeGreaterThan(0);

        const limit = LIMIT_ERRORS[name];
        // The same invalid-input finding from both (issue 31): check's on stdout, fix's on stderr.
        if (limit) for (const r of [check, fix]) expect((r === check ? r.stdout : r.stderr).toString().replace(' error [invalid-input]', '')).toMatch(limit);
        expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      },
      180_000,
    );
  }
});

describe('limits and streams', () => {
  it('200 nested collections pass, 201 are refused by name and place', () => {
    const at = (n: number) => {
      const file = join(dir, `nest-${n}.yaml`);
      writeFileSync(file, nest(n - 2)); // the document's map and `data` are two levels
      return runGuarded('', ['check', '--allow-empty', file]);
    };
    expect(at(200).code).toBe(0);
    const over = at(201);
    expect(over.code).toBe(1);
    expect(over.stdout.toString()).toMatch(/nest-201\.yaml:4:\d+: error \[invalid-input\] document 1: nesting deeper than 200 levels/);
    // The same limit on a ResourceList item, read by the fast reader and as JSON.
    const item = (n: number) => `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n- ${nest(n - 2).replace(/\n(?=.)/g, '\n  ')}`;
    expect(runGuarded(item(200)).code).toBe(0);
    expect(runGuarded(item(201)).stderr).toMatch(/^pod-sequencer: error: line 7, column \d+: nesting deeper than 200 levels/);
  });

  it('a file past the size limit is refused before it is read', () => {
    const file = join(dir, 'huge.yaml');
    writeFileSync(file, '');
    truncateSync(file, 300 * 1024 * 1024); // sparse: costs no disk
    const r = runGuarded('', ['check', file]);
    expect(r.code).toBe(1);
    // check goes on past it: an invalid-input finding at line 1.
    expect(r.stdout.toString()).toBe(
      `${file}:1:1: error [invalid-input] 314572800 bytes, more than the limit of 268435456 (256 MiB) for one input: split it\n1 file checked: 1 error, 0 warnings, 0 info\n`,
    );
  });

  it('empty stdin: a clear error for the filter, an empty answer for the stream commands', () => {
    const filter = runGuarded('');
    expect(filter.code).toBe(1);
    expect(filter.stderr).toMatch(/^pod-sequencer: error: .*no input/);
    // check: nothing was checked, said, exit 2 (a gate that read nothing is not green); 0 with --allow-empty.
    const check = runGuarded('', ['check', '-']);
    expect(check.code).toBe(2);
    expect(check.stderr.toString()).toMatch(/^pod-sequencer check: nothing was checked: no workload .* in the 1 file read\n/);
    expect(runGuarded('', ['check', '--allow-empty', '-']).code).toBe(0);
    const post = runGuarded('', ['post-render']);
    expect(post.code).toBe(0);
    expect(post.stdout.length).toBe(0);
  });

  it('closed stdin reads as empty (Node opens /dev/null in its place): the same answers, no stack trace', () => {
    for (const [args, code] of [
      [[], 1],
      [['check', '-'], 2],
      [['check', '--allow-empty', '-'], 0],
      [['fix', '-'], 0],
      [['post-render'], 0],
    ] as const) {
      const r = spawnSync('sh', ['-c', `exec "$0" "$@" <&-`, process.execPath, BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
      expect(r.status, args.join(' ')).toBe(code);
      if (code === 1) expect(r.stdout).toBe('');
      expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    }
  });

  it('stdout closed early: check, explain and fix - end quietly', () => {
    const file = join(dir, 'many.yaml');
    writeFileSync(file, Array.from({ length: 400 }, (_, i) => WEB.replace(/web/g, `w${i}`)).join('---\n'));
    for (const cmd of [`check "${file}"`, `explain "${file}"`, `fix - < "${file}"`, `< "${file}"`]) {
      const r = spawnSync('sh', ['-c', `"$0" "$1" ${cmd} | head -c 10 >/dev/null; exit 0`, process.execPath, BIN], { encoding: 'utf8', timeout: 60_000 });
      expect(r.status, cmd).toBe(0);
      expect(r.stderr, cmd).not.toMatch(/EPIPE|internal error|Unhandled|\n\s+at /);
    }
  });
});
