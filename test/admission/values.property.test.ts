/**
 * Whatever strings a pod carries — YAML's indicators and tags (`*a`, `&b`, `!!binary`, `<<`,
 * `? x`, `{a: 1}`), words YAML 1.1 reads as booleans or numbers (`y`, `on`, `0o17`, `1e3`),
 * control and non-ASCII characters, as keys or as values — the webhook reads the pod as the
 * object the API server sent (the block YAML it hands the engine reads back the same, or it
 * says so and admits the pod unchanged) and its patch keeps every one of them: applied by
 * fast-json-patch, the result is the filter's output, and a second review gives no patch.
 */
import fc from 'fast-check';
import fjp from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { admit, loadEngine } from '../../src/admission/review.js';
import { RECORD_ANNOTATION } from '../../src/admission/record.js';
import { runFilter } from '../../src/run.js';
import { reviewOf } from '../helpers/admission.js';
import { fcParams } from '../helpers/arbitraries.js';

type Obj = Record<string, unknown>;
const CONFIG = 'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nspec: {kubernetesVersion: "1.28"}\n';
const engine = loadEngine(CONFIG, 'values');

const TRICKY = [
  '*a',
  '&b',
  '!!binary',
  '<<',
  '? x',
  '- y',
  '{a: 1}',
  '[1]',
  '|',
  '>',
  '%TAG',
  '@x',
  '`x',
  'y',
  'N',
  'on',
  'off',
  '0o17',
  '0755',
  '1e3',
  '1_000',
  '.inf',
  '~',
  'null',
  '',
  ' lead',
  'trail ',
  'a: b',
  'a #b',
  '#c',
  'multi\nline',
  'tab\there',
  'nul\u0000',
  'Jürgen',
  '✓',
  '---',
  '...',
  "it's",
  '"q"',
  '\\',
];
const tricky = fc.oneof(fc.constantFrom(...TRICKY), fc.string({ maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 6 }));

function pod(annotations: Record<string, string>, env: string[], args: string[]): Obj {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { generateName: 'etl-', namespace: 'data', annotations },
    spec: {
      restartPolicy: 'Never',
      containers: [
        { name: 'main', image: 'registry.example.com/etl:1', command: ['/etl', ...args], env: env.map((value, i) => ({ name: `V${i}`, value })) },
        { name: 'cloud-sql-proxy', image: 'gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.11.0', args: ['p:r:i'] },
      ],
    },
  };
}

function filtered(p: Obj): Obj | undefined {
  const meta = p.metadata as Obj;
  const named = { ...p, metadata: { ...meta, name: meta.generateName } };
  const out = runFilter(stringify({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: [named] }), { config: parse(CONFIG) });
  if (!out.stdout) return undefined;
  const item = (parse(out.stdout) as { items: Obj[] }).items[0]!;
  delete (item.metadata as Obj).name;
  return item;
}

describe('the webhook keeps every value', () => {
  it('as keys and values of annotations, env values and argv', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('a', 'b.io/x', '<<', '*k', 'y', '1'), tricky, { maxKeys: 4 }),
        fc.array(tricky, { maxLength: 4 }),
        fc.array(tricky, { maxLength: 4 }),
        (annotations, env, args) => {
          const p = pod(annotations, env, args);
          const a = admit(JSON.stringify(reviewOf(p)), engine);
          const response = (JSON.parse(a.body) as { response: Obj }).response;
          expect(response.allowed).toBe(true);
          if (a.outcome === 'unreadable') {
            expect(response.patch).toBeUndefined();
            return;
          }
          const ops = response.patch ? (JSON.parse(Buffer.from(String(response.patch), 'base64').toString('utf8')) as fjp.Operation[]) : [];
          const after = fjp.applyPatch(structuredClone(p), ops, true, false).newDocument as Obj;
          const want = filtered(p);
          if (want === undefined) return;
          const withoutRecord = structuredClone(after);
          delete ((withoutRecord.metadata as Obj).annotations as Obj)[RECORD_ANNOTATION];
          expect(withoutRecord).toEqual(want);
          // The app's own argv survives the wrapper, value for value.
          const command = ((after.spec as Obj).containers as Obj[]).find((c) => c.name === 'main')!.command as string[];
          expect(command.slice(-args.length - 1)).toEqual(['/etl', ...args]);
          expect(admit(JSON.stringify(reviewOf(after)), engine).outcome).toBe('unchanged');
        },
      ),
      fcParams(150),
    );
  });
});
