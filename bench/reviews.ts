// The webhook bench's requests: every pod the vendor corpus and the fixtures' manifests would make,
// as the API server sends it (test/helpers/admission.ts, the same builder the corpus test uses),
// with the engine's outcome for each under the default config. Bundled and run by
// bench/webhook.mjs; prints JSON `[{ body, outcome }]` on stdout.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { admit, loadEngine } from '../src/admission/review.js';
import { podsOf, reviewOf } from '../test/helpers/admission.js';
import { corpusEntries, readCorpusFile, cite } from '../test/helpers/vendor-corpus.js';

const root = process.argv[2]!;
const pods = corpusEntries().flatMap((e) => {
  const text = readCorpusFile(e);
  return text === undefined ? [] : podsOf(text, cite(e));
});
const vendor = pods.length;
const fixtures = join(root, 'fixtures', 'filter');
for (const c of readdirSync(fixtures)) {
  try {
    pods.push(...podsOf(readFileSync(join(fixtures, c, 'input.yaml'), 'utf8'), c));
  } catch {
    // a case without an input.yaml
  }
}
const engine = loadEngine(undefined, '(defaults)');
const reviews = pods.map((p) => {
  const body = JSON.stringify(reviewOf(p.pod));
  return { body, outcome: admit(body, engine).outcome, vendor: p.from.includes('@') };
});
process.stdout.write(JSON.stringify({ vendor, reviews }));
