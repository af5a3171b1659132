/**
 * check's other outputs (issue 18): JUnit XML (well-formed with hostile names), colour (auto on a
 * terminal only, NO_COLOR, --color, --no-color), `-` with --stdin-filename, and exit 2 for a
 * usage error.
 * @uses script
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatJunit } from '../../src/check/junit.js';
import { defaultConfig } from '../../src/config/resolve.js';
import { useColor } from '../../src/files/commands.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { BIN, run, runBin } from '../helpers/cli.js';
import { hasTool, TOOLS } from '../helpers/tools.js';

const web = (name: string, annotations = '') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${JSON.stringify(name)}
${annotations}spec:
  template:
    spec:
      containers:
      - name: app
        image: app:1
        command: [sh, -c, "sleep 10; exec app"]
      - name: istio-proxy
        image: istio/proxyv2:1.24
`;

/**
 * Well-formed XML, for the subset JUnit output uses (declaration, elements, attributes in double
 * quotes, text, the five entities): every tag closed in order, no raw `<` or `&` in text or
 * attributes, no character XML 1.0 cannot carry. Returns the elements as [name, attributes].
 */
function parseXml(xml: string): [string, Record<string, string>][] {
  expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/);
  const body = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '');
  const stack: string[] = [];
  const elements: [string, Record<string, string>][] = [];
  const token = /<(\/?)([A-Za-z][\w-]*)((?:\s+[\w-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < body.length && (m = token.exec(body))) {
    at = token.lastIndex;
    const [, close, name, attrs, selfClose, text] = m;
    const entity = /&(?!(?:amp|lt|gt|quot|apos|#\d+);)/;
    if (text !== undefined) {
      expect(text).not.toMatch(entity);
      continue;
    }
    if (close) {
      expect(stack.pop()).toBe(name);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, k, v] of attrs!.matchAll(/([\w-]+)="([^"]*)"/g)) {
      expect(v).not.toMatch(entity);
      expect(attributes[k!]).toBeUndefined();
      attributes[k!] = v!
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&');
    }
    elements.push([name!, attributes]);
    if (!selfClose) stack.push(name!);
  }
  expect(at).toBe(body.length);
  expect(stack).toEqual([]);
  return elements;
}

const findingsOf = (files: Record<string, string>) =>
  runFiles(
    Object.entries(files).map(([path, text]) => readManifest(path, [], text)),
    { ...defaultConfig(), kubernetesVersion: '1.28', mode: 'check' }, // classic: the findings are about classic sidecars
  ).findings;

describe('check --format junit', () => {
  it('a testsuite per file, a testcase per finding (classname Kind/name, name the rule), failure at or over --fail-on', () => {
    const quiet = '  annotations:\n    pod-sequencer.dev/ignore.sleep-ordering: "waits for a slow volume"\n';
    const findings = findingsOf({ 'a.yaml': web('web'), 'b.yaml': web('api', quiet), 'c.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n' });
    const elements = parseXml(formatJunit(findings, ['a.yaml', 'b.yaml', 'c.yaml'], 'warning'));
    expect(elements[0]).toEqual(['testsuites', { name: 'pod-sequencer', tests: '4', failures: '2', errors: '0', skipped: '1' }]);
    expect(elements.filter(([n]) => n === 'testsuite').map(([, a]) => [a.name, a.tests, a.failures, a.skipped])).toEqual([
      ['a.yaml', '2', '1', '0'],
      ['b.yaml', '2', '1', '1'],
      ['c.yaml', '0', '0', '0'],
    ]);
    const cases = elements.flatMap(([n, a], i) => (n === 'testcase' ? [[a.classname, a.name, elements[i + 1]![0]]] : []));
    expect(cases).toEqual([
      ['Deployment/web', 'sleep-ordering', 'system-out'], // info, under --fail-on warning: passes
      ['Deployment/web', 'sidecar-not-first', 'failure'],
      ['Deployment/api', 'sleep-ordering', 'skipped'],
      ['Deployment/api', 'sidecar-not-first', 'failure'],
    ]);
    expect(parseXml(formatJunit(findings, ['a.yaml', 'b.yaml'], 'none')).filter(([n]) => n === 'failure')).toEqual([]);
  });

  it('hostile names and messages stay text: escaped, control characters shown, never markup', () => {
    const hostile = `x"/><failure message="forged">&amp;]]><!--\u0001\u001b[31m'`;
    const findings = findingsOf({ [`dir/<&>"'.yaml`]: web(hostile) });
    const xml = formatJunit(findings, [`dir/<&>"'.yaml`], 'warning');
    const elements = parseXml(xml);
    expect(elements.filter(([n]) => n === 'failure')).toHaveLength(1);
    const testcase = elements.find(([n]) => n === 'testcase')![1];
    expect(testcase.classname).toBe(`Deployment/x"/><failure message="forged">&amp;]]><!--\\u0001\\u001b[31m'`);
    expect(testcase.file).toBe(`dir/<&>"'.yaml`);
  });
});

describe('check: colour, stdin, exit codes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-color-'));
  writeFileSync(join(dir, 'a.yaml'), web('web'));
  const file = join(dir, 'a.yaml');
  const ESC = '\u001b[';

  it('auto colours only a terminal, and not with NO_COLOR; the flags win', () => {
    expect(useColor(undefined, true, {})).toBe(true);
    expect(useColor('auto', false, {})).toBe(false);
    expect(useColor(undefined, true, { NO_COLOR: '1' })).toBe(false);
    expect(useColor(undefined, true, { NO_COLOR: '' })).toBe(true);
    expect(useColor(undefined, true, { TERM: 'dumb' })).toBe(false);
    expect(useColor('always', false, { NO_COLOR: '1' })).toBe(true);
    expect(useColor(false, true, {})).toBe(false);
    expect(useColor('never', true, {})).toBe(false);
    // A pipe is no terminal: no escape sequence unless asked for.
    expect(runBin(['check', file]).stdout).not.toContain(ESC);
    const always = runBin(['check', '--color', 'always', file]).stdout;
    expect(always).toContain(`: ${ESC}33mwarning${ESC}0m [sidecar-not-first]`);
    expect(always).toContain(`: ${ESC}36minfo${ESC}0m [sleep-ordering]`);
    expect(runBin(['check', '--color', 'always', '--no-color', file]).stdout).not.toContain(ESC);
    expect(runBin(['check', '--format', 'json', '--color', 'always', file]).stdout).not.toContain(ESC);
  });

  it.skipIf(!hasTool('script'))('on a pseudo-terminal (script -qc): colour by default, none with NO_COLOR or --no-color', () => {
    const onTty = (env: NodeJS.ProcessEnv, ...flags: string[]) =>
      run(TOOLS.script.command, ['-qec', [process.execPath, BIN, 'check', ...flags, file].map((a) => `'${a}'`).join(' '), '/dev/null'], {
        env: { ...process.env, TERM: 'xterm', ...env },
      }).stdout;
    const { NO_COLOR: _, ...env } = process.env;
    expect(onTty({ ...env, NO_COLOR: '' })).toContain(`${ESC}33mwarning`);
    expect(onTty({ NO_COLOR: '1' })).not.toContain(ESC);
    expect(onTty({ NO_COLOR: '' }, '--no-color')).not.toContain(ESC);
  });

  it('- reads stdin, named <stdin> unless --stdin-filename', () => {
    expect(runBin(['check', '-'], web('web')).stdout).toMatch(/^<stdin>:12:9: warning \[sidecar-not-first\]/m);
    const named = runBin(['check', '--stdin-filename', 'k8s/web.yaml', '--format', 'json', '-'], web('web'));
    expect(JSON.parse(named.stdout).findings.map((f: { path: string }) => f.path)).toEqual(['k8s/web.yaml', 'k8s/web.yaml']);
    // A stream is fixed in its pipe, whatever name its findings carry (the name may be no file).
    expect(JSON.parse(named.stdout).findings.map((f: { fix?: string }) => f.fix)).toContain('pod-sequencer fix -');
    expect(runBin(['check', '-'], web('web')).stdout).toContain('\n  fix: pod-sequencer fix -\n');
  });

  it('exit 2 for an unknown flag, level or rule; 1 for findings at or over the threshold; 0 under it', () => {
    writeFileSync(join(dir, 'rules.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {rules: "sleep-orderin=off"}\n');
    const unknownRule = runBin(['check', '--config', join(dir, 'rules.yaml'), file]);
    expect([unknownRule.code, unknownRule.stdout]).toEqual([2, '']);
    expect(unknownRule.stderr).toContain("data.rules: unknown rule 'sleep-orderin' (did you mean 'sleep-ordering'?)");
    expect(runBin(['check', '--bogus', file]).code).toBe(2);
    expect(runBin(['check', '--fail-on', 'fatal', file]).code).toBe(2);
    expect(runBin(['check', '--color', 'sometimes', file]).code).toBe(2);
    expect(runBin(['check', '--config', join(dir, 'missing.yaml'), file]).code).toBe(2);
    expect(runBin(['check', '--fail-on', 'warning', file]).code).toBe(1);
    expect(runBin(['check', file]).code).toBe(0);
  });
});
