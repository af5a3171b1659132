/**
 * Issue 31: every result's first line is a short summary (aim 100 characters, at most 120 here),
 * one line with no line break, and a fix is one line too. Checked on every file of examples/ and
 * fixtures/ (check and filter cases), in `check` and `fix` (apply) mode, for classic sidecars
 * (kubernetesVersion 1.28) and native ones (1.30). scripts/message-lengths.mjs measures the same
 * over the vendor corpus.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { readManifestsKeepGoing, runFiles, withFixCommand } from '../../src/files/run.js';
import type { Finding, Note } from '../../src/files/read.js';
import { findingLine } from '../../src/check/report.js';
import { formatJunit } from '../../src/check/junit.js';
import { formatSarif } from '../../src/check/sarif.js';
import { formatResult, fullMessage, wireResult } from '../../src/krm/results.js';
import { RUN_FIX, type Result } from '../../src/krm/types.js';
import { ROOT } from '../helpers/cli.js';

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === '.expected' ? [] : yamlFiles(p);
    return /\.ya?ml$/.test(name) && !/^(config|expected|Kptfile)/.test(name) ? [p] : [];
  });
}

const files = ['examples', 'fixtures/check', 'fixtures/filter'].flatMap((d) => yamlFiles(join(ROOT, d)));

describe('summaries are short (issue 31)', () => {
  for (const kubernetesVersion of ['1.28', '1.30']) {
    for (const mode of ['check', 'apply'] as const) {
      it(`kubernetesVersion ${kubernetesVersion}, mode ${mode}: every first line is at most 120 characters`, () => {
        const { config, errors } = loadConfig({
          apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
          kind: 'PodSequence',
          metadata: { name: 'x' },
          spec: { kubernetesVersion, mode },
        });
        expect(errors).toEqual([]);
        const notes: Note[] = [];
        const { files: read } = readManifestsKeepGoing(files, notes);
        const { findings } = runFiles(read, config, { keepGoing: true });
        expect(findings.length).toBeGreaterThan(50); // the inputs do say things
        const long = findings
          .filter((f) => f.result.message.length > 120 || /\n/.test(f.result.message) || /\n/.test(f.result.fix ?? ''))
          .map((f) => `${relative(ROOT, f.path)}:${f.line}: ${f.result.message}`);
        expect(long).toEqual([]);
      });
    }
  }
});

describe('the fix and the why in every output (issue 31)', () => {
  const result: Result = {
    message: 'sidecar x starts after app y',
    detail: 'Why it matters.',
    fix: RUN_FIX,
    severity: 'warning',
    tags: { rule: 'sidecar-not-first' },
  };
  const at = (path: string): Finding => ({ path, line: 3, col: 5, result });

  it('names the file in a command a shell reads back as it is', () => {
    expect(withFixCommand(at('apps/web.yaml')).result.fix).toBe('pod-sequencer fix apps/web.yaml');
    expect(withFixCommand(at("my apps/it's.yaml"), 'c fg.yaml').result.fix).toBe(`pod-sequencer fix --config 'c fg.yaml' 'my apps/it'\\''s.yaml'`);
    expect(withFixCommand(at('-x.yaml')).result.fix).toBe('pod-sequencer fix ./-x.yaml');
    // A stream, under its --stdin-filename too: fixed in the same pipe.
    expect(withFixCommand(at('<stdin>')).result.fix).toBe('pod-sequencer fix -');
    expect(withFixCommand(at('chart.yaml'), undefined, true).result.fix).toBe('pod-sequencer fix -');
    expect(withFixCommand(at('$(reboot).yaml')).result.fix).toBe(`pod-sequencer fix '$(reboot).yaml'`);
    // A config line is left as it is.
    expect(withFixCommand({ ...at('a.yaml'), result: { ...result, fix: 'restartPolicy: Never' } }).result.fix).toBe('restartPolicy: Never');
  });

  it('text: the summary line, then why (verbose only) and fix, indented and printable', () => {
    const f = withFixCommand(at('a.yaml'));
    expect(findingLine(f)).toBe('a.yaml:3:5: warning [sidecar-not-first] sidecar x starts after app y\n  fix: pod-sequencer fix a.yaml');
    expect(findingLine(f, { verbose: true }).split('\n')).toEqual([
      'a.yaml:3:5: warning [sidecar-not-first] sidecar x starts after app y',
      '  why: Why it matters.',
      '  fix: pod-sequencer fix a.yaml',
    ]);
    const hostile = { ...f, result: { ...f.result, fix: 'x\n\u001b[31mfake: line' } };
    expect(findingLine(hostile).split('\n')).toHaveLength(2);
  });

  it('ResultList: the summary and rule id first, then the why and the fix; no fields the KRM spec lacks', () => {
    const wire = wireResult(result);
    expect(wire.message).toBe('sidecar x starts after app y [sidecar-not-first].\nWhy it matters.\nfix: mode: apply');
    expect(Object.keys(wire).sort()).toEqual(['message', 'severity', 'tags']);
    expect(formatResult(result).split('\n')).toEqual(['pod-sequencer: warning [sidecar-not-first]: sidecar x starts after app y', '  fix: mode: apply']);
    expect(fullMessage({ message: 'only this', severity: 'info' })).toBe('only this');
  });

  it('JUnit: the summary in the failure message, the whole text in its body', () => {
    const xml = formatJunit([withFixCommand(at('a.yaml'))], ['a.yaml'], 'warning');
    expect(xml).toContain('<failure type="warning" message="sidecar x starts after app y">');
    expect(xml).toContain('Why it matters.\nfix: pod-sequencer fix a.yaml</failure>');
  });

  it('SARIF: a fix holding backticks stays one code span', () => {
    const f = { ...at('a.yaml'), result: { ...result, fix: 'a `b` c' } };
    const log = JSON.parse(formatSarif([f], [], { version: '0', root: ROOT, cwd: ROOT }));
    expect(log.runs[0].results[0].message.markdown).toMatch(/Fix: `` a `b` c ``$/);
    expect(log.runs[0].results[0].properties).toEqual({ fix: 'a `b` c' });
  });
});
