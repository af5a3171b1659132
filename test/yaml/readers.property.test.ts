/**
 * Every value the tool writes means the same string to every Kubernetes reader (issue 28).
 *
 * A Job and a Deployment carry random and adversarial strings wherever the tool rewrites or
 * moves text: the argv it wraps, env values and names, annotations and labels of an item it
 * changes, a sidecar's probe command as it moves to initContainers, the Istio config annotation
 * it edits. The input writes every string quoted, so all readers agree on it. The output is
 * read with YAML 1.2 core rules (`yaml`), YAML 1.1 rules (`yaml` with version 1.1: y/n/on/off,
 * 1_000, 0b101, 017, 1:20, timestamps) and js-yaml's default schema (0o17, timestamps, merge):
 * each must read exactly the values the input had, and the three readers the same document.
 */
import fc from 'fast-check';
import { load as jsYamlLoad } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, type Document } from 'yaml';
import { runFilter } from '../../src/run.js';
import { AWKWARD, fcParams } from '../helpers/arbitraries.js';
import { stripResults } from '../helpers/golden.js';

type Obj = Record<string, unknown>;

/** Plain texts some YAML 1.1 or 1.2 reader (or go-yaml v2) reads as a non-string, or that break a flow. */
export const READER_TRAPS = [
  ...['y', 'Y', 'yes', 'Yes', 'YES', 'n', 'N', 'no', 'No', 'NO', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE'],
  ...['on', 'On', 'ON', 'off', 'Off', 'OFF', '~', 'null', 'Null', 'NULL', ''],
  ...['1_000', '0b101', '-0b11', '0o17', '017', '0x1F', '0x_1F', '1:20', '-1:20:30.5', '190:20:30', '1e3', '1E-3', '6.8523015e+5', '1_0.5'],
  ...['.inf', '-.Inf', '+.INF', '.nan', '.NaN', '.5', '5.', '1.2.3', '+12', '-0', '=', '<<'],
  ...['2001-12-14', '2001-12-14t21:59:43.10-05:00', '2001-12-14 21:59:43.10 -5', '2002-12-14T00:00:00Z'],
  ...['a?b', 'http://a/b?c=d', 'a,b', '[x]', '{x}', 'a: b', 'a #b', 'a:', ':a', '?a', '-', '--', '---', '...', '- a', '? a'],
];

const word = fc.oneof(
  fc.constantFrom(...READER_TRAPS, ...AWKWARD),
  fc.string({ unit: fc.constantFrom('y', 'n', 'o', 'f', 'N', 'O', '0', '1', '_', ':', '.', 'e', '-', '+', 'b', 'x', '?', ' ', '=', '<', '~'), maxLength: 6 }),
  fc.string({ maxLength: 8 }),
);
const argv = fc.array(word, { minLength: 1, maxLength: 4 });
const envs = fc.uniqueArray(fc.record({ name: fc.constantFrom('A', 'B', 'on', 'y', '1_0'), value: word }), { maxLength: 3, selector: (e) => e.name });
const annotations = fc.dictionary(fc.constantFrom('a.example/x', 'b.example/y', 'on', 'y', '1:2'), word, { maxKeys: 3 });

const q = (s: string) => JSON.stringify(s);
const flowList = (a: string[]) => `[${a.map(q).join(', ')}]`;
const envBlock = (e: { name: string; value: string }[], pad: string) =>
  e.length === 0 ? '' : `${pad}env:\n` + e.map((x) => `${pad}- name: ${q(x.name)}\n${pad}  value: ${q(x.value)}\n`).join('');
const entries = (m: Record<string, string>, pad: string) =>
  Object.entries(m)
    .map(([k, v]) => `${pad}${q(k)}: ${q(v)}\n`)
    .join('');
const mapBlock = (key: string, m: Record<string, string>, pad: string) => (Object.keys(m).length === 0 ? '' : `${pad}${key}:\n` + entries(m, pad + '  '));

interface Case {
  minor: '1.28' | '1.30';
  command: string[];
  args: string[];
  env: { name: string; value: string }[];
  sidecarEnv: { name: string; value: string }[];
  probe: string[];
  annotations: Record<string, string>;
}

function input(c: Case): string {
  return `apiVersion: config.kubernetes.io/v1
kind: ResourceList
items:
- apiVersion: batch/v1
  kind: Job
  metadata:
    name: report
${mapBlock('annotations', c.annotations, '    ')}  spec:
    template:
      metadata:
${mapBlock('annotations', c.annotations, '        ')}        labels: {app: report}
      spec:
        restartPolicy: Never
        containers:
        - name: report
          image: registry.example.com/report:1.0
          command: ${flowList(c.command)}
          args: ${flowList(c.args)}
${envBlock(c.env, '          ')}        - name: linkerd-proxy
          image: cr.l5d.io/linkerd/proxy:edge-24.11.1
${envBlock(c.sidecarEnv, '          ')}          livenessProbe:
            exec:
              command: ${flowList(c.probe)}
- apiVersion: apps/v1
  kind: Deployment
  metadata:
    name: web
  spec:
    selector: {matchLabels: {app: web}}
    template:
      metadata:
        labels: {app: web}
        annotations:
          sidecar.istio.io/inject: "true"
${entries(c.annotations, '          ')}      spec:
        containers:
        - name: web
          image: registry.example.com/web:1
          args: ${flowList(c.args)}
${envBlock(c.env, '          ')}functionConfig:
  apiVersion: fn.pod-sequencer.dev/v1alpha1
  kind: PodSequence
  metadata: {name: readers}
  spec:
    kubernetesVersion: ${q(c.minor)}
`;
}

const cases: fc.Arbitrary<Case> = fc.record({
  minor: fc.constantFrom('1.28' as const, '1.30' as const),
  command: argv,
  args: argv,
  env: envs,
  sidecarEnv: envs,
  probe: argv,
  annotations,
});

/** The output's items as each reader reads them (js-yaml's Dates back to the text would differ: kept as Dates). */
function readAll(text: string): { core: unknown; yaml11: unknown; jsyaml: unknown } {
  const one = (docs: Document[]) => {
    expect(docs.map((d) => d.errors.map((e) => e.message)).flat()).toEqual([]);
    return docs[0]!.toJS({ maxAliasCount: -1 });
  };
  return {
    core: one(parseAllDocuments(text) as Document[]),
    yaml11: one(parseAllDocuments(text, { version: '1.1', merge: true }) as Document[]),
    jsyaml: jsYamlLoad(text),
  };
}

const container = (item: Obj, name: string): Obj | undefined => {
  const spec = ((item.spec as Obj).template as Obj).spec as Obj;
  return [...((spec.initContainers as Obj[] | undefined) ?? []), ...(spec.containers as Obj[])].find((c) => c.name === name);
};

describe('every value written reads back as the same string under YAML 1.1 and 1.2 rules', () => {
  it('wrapped argv, env, annotations, moved probes: the same strings for every reader', () => {
    let wrapped = 0;
    fc.assert(
      fc.property(cases, (c) => {
        const out = runFilter(input(c));
        expect(out.stdout, out.stderr.join('\n')).not.toBe('');
        const text = stripResults(out.stdout);
        const { core, yaml11, jsyaml } = readAll(text);
        // The three readers agree on the whole output (every string the input quoted, every one the tool wrote).
        expect(yaml11).toEqual(core);
        expect(jsyaml).toEqual(core);
        const [job, web] = (core as { items: Obj[] }).items as [Obj, Obj];
        const app = container(job, 'report')!;
        const argvOut = [...((app.command as string[] | undefined) ?? []), ...((app.args as string[] | undefined) ?? [])];
        // The user's argv, wrapped or not, is the tail of what the container runs.
        if (argvOut.length > c.command.length + c.args.length) wrapped++;
        expect(argvOut.slice(-(c.command.length + c.args.length))).toEqual([...c.command, ...c.args]);
        // (the tool may add env of its own: the input's entries must be there, unchanged)
        const own = (e: unknown, input: { name: string }[]) =>
          ((e as { name: string }[] | undefined) ?? []).filter((x) => input.some((i) => i.name === x.name));
        expect(own(app.env, c.env)).toEqual(c.env);
        const proxy = container(job, 'linkerd-proxy')!;
        expect(own(proxy.env, c.sidecarEnv)).toEqual(c.sidecarEnv);
        expect((proxy.livenessProbe as { exec: { command: string[] } }).exec.command).toEqual(c.probe);
        for (const [k, v] of Object.entries(c.annotations)) {
          expect(((job.metadata as Obj).annotations as Obj)[k]).toBe(v);
          expect((((job.spec as Obj).template as Obj).metadata as { annotations: Obj }).annotations[k]).toBe(v);
          expect((((web.spec as Obj).template as Obj).metadata as { annotations: Obj }).annotations[k]).toBe(v);
        }
        expect(container(web, 'web')!.args).toEqual(c.args);
      }),
      fcParams(150),
    );
    expect(wrapped).toBeGreaterThan(0);
  });
});
