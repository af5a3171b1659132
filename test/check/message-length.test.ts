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
import { readManifestsKeepGoing, runFiles } from '../../src/files/run.js';
import type { Note } from '../../src/files/read.js';
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
        const { config, errors } = loadConfig({ apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'x' }, spec: { kubernetesVersion, mode } });
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
