/**
 * Random mutations of real manifests (the check and explain fixtures, and the vendor corpus
 * when its files are at hand) through every way in: the KRM filter, the stream on stdin
 * (post-render's path), `check` and `fix` (issue 20). Edits are those of test/yaml/mutate.ts
 * plus hostile bytes: NUL, invalid UTF-8, a BOM, CR, truncation, prototype keys and shell
 * metacharacters. The properties, for every input:
 * - no exception but the ones the CLI turns into one clear error line (FatalError, PathError,
 *   Failure): anything else is an "internal error" with a stack behind it;
 * - no partial output: a failed run writes nothing to stdout, a successful one writes YAML;
 * - `fix` changes the file only when the run succeeds, and what it writes reads back.
 * In-process, so many inputs fit in a few seconds; seeded (replay: see test/helpers/arbitraries.ts).
 */
import fc from 'fast-check';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from '../../src/config/load.js';
import { Failure, writeAll } from '../../src/files/commands.js';
import { postRender } from '../../src/files/post-render.js';
import { PathError } from '../../src/files/read.js';
import { readManifests, runFiles } from '../../src/files/run.js';
import { FatalError } from '../../src/krm/types.js';
import { runFilter } from '../../src/run.js';
import { fcParams } from '../helpers/arbitraries.js';
import { ROOT } from '../helpers/cli.js';
import { corpusEntries, readCorpusFile } from '../helpers/vendor-corpus.js';
import { mutate } from '../yaml/mutate.js';

function fixtures(): string[] {
  const out: string[] = [];
  for (const group of ['check', 'explain']) {
    const dir = join(ROOT, 'fixtures', group);
    for (const c of readdirSync(dir)) {
      try {
        out.push(readFileSync(join(dir, c, 'input.yaml'), 'utf8'));
      } catch {
        // a case without an input file (README.md)
      }
    }
  }
  // A sample of the vendor corpus, when its files are at hand (test/vendor/README.md).
  for (const e of corpusEntries().filter((_, i) => i % 12 === 0)) {
    const text = readCorpusFile(e);
    if (text !== undefined && text.length < 200_000) out.push(text);
  }
  return out;
}

const SOURCES = fixtures();

/** Byte-level edits the text-level mutator does not make. */
const HOSTILE: (string | Buffer)[] = [
  '\0',
  Buffer.from([0xff]),
  Buffer.from([0xc3]),
  Buffer.from([0xe2, 0x82]),
  '\ufeff',
  '\r\n',
  '\r',
  '__proto__: {restartPolicy: Always}\n',
  'constructor: {prototype: {polluted: true}}\n',
  '"$(touch /tmp/pod-seq-pwned)"',
  '`touch /tmp/pod-seq-pwned`; echo ',
  "'; touch /tmp/pod-seq-pwned; '",
  '\u001b[31m',
  '{{ .Values.x }}',
  '&a ',
  '*a',
  '[[[[[[[[',
];

interface Input {
  bytes: Buffer;
  what: string;
}

/** A source (a plain manifest, or made a ResourceList item) with edits, hostile bytes and, one time in five, cut short. */
const input = (asItem: boolean): fc.Arbitrary<Input> =>
  fc
    .record({
      src: fc.nat({ max: SOURCES.length - 1 }),
      seed: fc.nat(),
      edits: fc.nat({ max: 4 }),
      hostile: fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), what: fc.nat({ max: HOSTILE.length - 1 }) }), { maxLength: 2 }),
      cut: fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: fc.double({ min: 0, max: 1, noNaN: true }), weight: 1 }),
    })
    .map(({ src, seed, edits, hostile, cut }) => {
      const source = asItem ? asList(SOURCES[src]!) : SOURCES[src]!;
      let bytes = Buffer.from(mutate(source, seed, edits));
      for (const h of hostile) {
        const at = Math.floor(h.at * bytes.length);
        const piece = HOSTILE[h.what]!;
        bytes = Buffer.concat([bytes.subarray(0, at), typeof piece === 'string' ? Buffer.from(piece) : piece, bytes.subarray(at)]);
      }
      if (cut !== null) bytes = bytes.subarray(0, Math.floor(cut * bytes.length));
      return { bytes, what: `source ${src}, seed ${seed}, ${edits} edits, ${hostile.length} hostile, cut ${cut}` };
    });

/** Only the errors the CLI reports as one line; anything else is a bug (an "internal error"). */
function expected(e: unknown): boolean {
  return e instanceof FatalError || e instanceof PathError || e instanceof Failure;
}

/** The documents of a file as the items of a ResourceList, as kpt sends them. */
function asList(text: string): string {
  const items = text
    .split(/^---[^\n]*\n/m)
    .filter((d) => d.replace(/^\s*#.*$/gm, '').trim() !== '')
    .map((doc) =>
      doc
        .replace(/\n+$/, '')
        .split('\n')
        .map((l, i) => (i === 0 ? `- ${l}` : l === '' ? l : `  ${l}`))
        .join('\n'),
    );
  return `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${items.join('\n')}\n`;
}

const dir = mkdtempSync(join(tmpdir(), 'pod-seq-fuzz-'));
const cfg = { ...loadConfig(undefined).config, mode: 'apply' as const };

describe('fuzzed real manifests (issue 20)', () => {
  it('has sources', () => expect(SOURCES.length).toBeGreaterThan(10));

  it('the filter: a clear error and no output, or whole YAML', () => {
    const seen = { refused: 0, answered: 0 };
    fc.assert(
      fc.property(input(true), ({ bytes }) => {
        let text: string;
        try {
          text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        } catch {
          text = bytes.toString('latin1'); // the filter reads bytes strictly; here, any text
        }
        const out = runFilter(text);
        if (out.exitCode === 1 && out.results.some((r) => r.severity === 'error') && out.stdout === '') return void seen.refused++;
        seen.answered++;
        expect(out.stdout).not.toBe('');
        expect(parseAllDocuments(out.stdout).flatMap((d) => ('errors' in d ? d.errors : []))).toEqual([]);
      }),
      fcParams(250),
    );
    // Both sides are exercised: the property would hold vacuously otherwise.
    expect(Math.min(seen.refused, seen.answered), JSON.stringify(seen)).toBeGreaterThan(10);
  });

  it('the stream on stdin (post-render): no output on failure, never empty output for input', () => {
    fc.assert(
      fc.property(input(false), ({ bytes }) => {
        const stream = postRender(bytes, { failOn: 'none' });
        if (stream.exitCode === 1) expect(stream.stdout).toBe('');
        else if (bytes.toString().trim() !== '') expect(stream.stdout.trim()).not.toBe('');
      }),
      fcParams(250),
    );
  });

  it('check and fix: a clear error and the file untouched, or a file that reads back', () => {
    let n = 0;
    const seen = { refused: 0, written: 0, same: 0 };
    fc.assert(
      fc.property(input(false), ({ bytes }) => {
        const file = join(dir, `f${n++}.yaml`);
        writeFileSync(file, bytes);
        try {
          const files = readManifests([file], []);
          const { files: outcomes } = runFiles(files, cfg);
          const changed = outcomes.filter((o) => o.output !== undefined);
          writeAll(changed.map((o) => ({ path: o.file.path, text: o.output!, digest: o.file.digest })));
          seen[changed.length > 0 ? 'written' : 'same']++;
        } catch (e) {
          if (!expected(e)) throw e;
          seen.refused++;
          expect(readFileSync(file).equals(bytes), 'a failed run changed the file').toBe(true);
          return;
        }
        // Written or not, the file reads back without an error.
        expect(() => readManifests([file], [])).not.toThrow();
      }),
      fcParams(250),
    );
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(Math.min(seen.refused, seen.written, seen.same), JSON.stringify(seen)).toBeGreaterThan(10);
  });
});
