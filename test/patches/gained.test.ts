/**
 * @needs kubectl
 * Patches keep what the base gains (issue 39). The Component and the Flux block are written for
 * a base; the base then gains an init container, a volume and its mount, and annotations on the
 * object and on its pod template (a chart upgrade under a HelmRelease, where `patches --check`
 * never runs). Built by kustomize v4 and v5 over the new base, every gained element is kept, ours
 * are in place, and every object is what the filter writes on the new base. A builtin kind (the
 * cloud-sql-proxy Job of examples/) and a custom one from the catalog (an Argo Rollout, whose
 * lists kustomize knows no merge keys for), for Kubernetes 1.28 (the tools init container, a
 * wrapper) and 1.30 (a native sidecar moved into the init containers).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { loadConfig } from '../../src/config/load.js';
import type { Config } from '../../src/config/types.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { computePatches, renderComponent, renderFlux } from '../../src/patches/index.js';
import { ROOT } from '../helpers/cli.js';
import { KUSTOMIZES, objectsById } from '../helpers/kustomize.js';

type Obj = Record<string, unknown>;

const JOB = readFileSync(join(ROOT, 'examples', 'cloud-sql-proxy-job', 'job.yaml'), 'utf8');
// No template metadata, no initContainers: the filter adds both (Linkerd's annotations, the
// proxy as a native sidecar on 1.30).
const ROLLOUT = `apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata:
  name: web
  namespace: shop
spec:
  selector: {matchLabels: {app: web}}
  template:
    spec:
      containers:
      - name: app
        image: registry.example.com/shop/web:1.0.0
      - name: cloud-sql-proxy
        image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1
        args: ["--port=5432", "my-project:europe-west1:shop"]
`;

const configFor = (version: string): Config => {
  const { config, errors } = loadConfig({
    apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
    kind: 'PodSequence',
    metadata: { name: 'c' },
    spec: { kubernetesVersion: version, mesh: { linkerd: {} } },
  });
  if (errors.length) throw new Error(errors.map((e) => e.message).join('\n'));
  return { ...config, mode: 'apply' };
};

const GAINED_INIT = { name: 'migrate-schema', image: 'registry.example.com/shop/schema:2.0.0' };
const GAINED_VOLUME = { name: 'cache', emptyDir: {} };
const GAINED_MOUNT = { name: 'cache', mountPath: '/cache' };
const GAINED_ANNOTATION = ['chart.example.com/version', '2.0.0'] as const;

/** The base after the upgrade: each object and its pod template gain what the constants name. */
function gain(text: string): string {
  return parseAllDocuments(text)
    .map((doc) => {
      const o = doc.toJS() as Obj;
      const meta = o.metadata as Obj;
      meta.annotations = { ...(meta.annotations as Obj | undefined), [GAINED_ANNOTATION[0]]: GAINED_ANNOTATION[1] };
      const template = (o.spec as Obj).template as Obj;
      const tmeta = (template.metadata ??= {}) as Obj;
      tmeta.annotations = { ...(tmeta.annotations as Obj | undefined), [GAINED_ANNOTATION[0]]: GAINED_ANNOTATION[1] };
      const pod = template.spec as Obj;
      pod.initContainers = [...((pod.initContainers as unknown[] | undefined) ?? []), GAINED_INIT];
      pod.volumes = [...((pod.volumes as unknown[] | undefined) ?? []), GAINED_VOLUME];
      const first = (pod.containers as Obj[])[0]!;
      first.volumeMounts = [...((first.volumeMounts as unknown[] | undefined) ?? []), GAINED_MOUNT];
      return stringify(o);
    })
    .join('---\n');
}

const scratch: string[] = [];
afterAll(() => scratch.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Each kustomize's objects for `resources` (and `patches` or `components`), written under a new directory. */
function build(files: Record<string, string>, kustomization: Obj): Map<string, Map<string, Obj>> {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-patches-gained-'));
  scratch.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  writeFileSync(join(dir, 'kustomization.yaml'), stringify(kustomization));
  return new Map(
    KUSTOMIZES.map((k) => {
      const r = k.build(dir);
      expect(r.code, `${k.name}: ${r.stderr}`).toBe(0);
      return [k.name, objectsById(r.stdout)];
    }),
  );
}

const podOf = (o: Obj) => ((o.spec as Obj).template as Obj).spec as Obj;
const names = (list: unknown) => ((list as Obj[] | undefined) ?? []).map((e) => e.name);

describe('patches keep what the base gains after they were written', () => {
  for (const version of ['1.28', '1.30']) {
    const cfg = configFor(version);
    const old = `${JOB}---\n${ROLLOUT}`;
    const fresh = gain(old);
    const oldFile = readManifest('base.yaml', [], old);
    const { patches } = computePatches([oldFile], cfg);
    // What the filter writes on the new base, read by the same kustomize (each side passes through it once).
    const newFile = readManifest('base.yaml', [], fresh);
    const filtered = runFiles([newFile], cfg).files[0]!.output!;
    const expected = () => build({ 'output.yaml': filtered }, { resources: ['output.yaml'] });

    const check = (built: Map<string, Map<string, Obj>>) => {
      const want = expected();
      for (const [k, objects] of built) {
        expect(objects.size, k).toBe(2);
        for (const o of objects.values()) {
          const id = `${k}: ${String(o.kind)}`;
          const pod = podOf(o);
          // The gained elements are kept...
          expect(names(pod.initContainers), id).toContain(GAINED_INIT.name);
          expect(names(pod.volumes), id).toContain(GAINED_VOLUME.name);
          expect(
            (pod.containers as Obj[]).flatMap((c) => names(c.volumeMounts)),
            id,
          ).toContain(GAINED_MOUNT.name);
          for (const meta of [o.metadata, ((o.spec as Obj).template as Obj).metadata] as Obj[])
            expect((meta.annotations as Obj)[GAINED_ANNOTATION[0]], id).toBe(GAINED_ANNOTATION[1]);
        }
        // ...ours are in place: the object is the filter's output on the new base.
        expect(objects, k).toEqual(want.get(k));
      }
    };

    it(`Component, kubernetesVersion ${version}: a builtin and a custom kind`, () => {
      expect(patches.map((p) => p.target.kind)).toEqual(['Job', 'Rollout']);
      // Written for the old base: each ensures what its operations fill.
      expect(patches.every((p) => p.ensure !== undefined)).toBe(true);
      const component = Object.fromEntries([...renderComponent(patches, 'test')].map(([name, text]) => [`patches/${name}`, text]));
      check(build({ ...component, 'base.yaml': fresh }, { resources: ['base.yaml'], components: ['patches'] }));
      // On the base they were written for, they still give the filter's output.
      const unchanged = build({ ...component, 'base.yaml': old }, { resources: ['base.yaml'], components: ['patches'] });
      const want = build({ 'output.yaml': runFiles([oldFile], cfg).files[0]!.output! }, { resources: ['output.yaml'] });
      for (const [k, objects] of unchanged) expect(objects, k).toEqual(want.get(k));
    });

    it(`--format flux, kubernetesVersion ${version}: the post-renderer keeps them too`, () => {
      const block = (parseAllDocuments(renderFlux(patches, 'test'))[0]!.toJS() as { postRenderers: { kustomize: { patches: unknown[] } }[] }).postRenderers;
      // Flux's post-renderer: a kustomization over the rendered objects with these patches.
      check(build({ 'rendered.yaml': fresh }, { resources: ['rendered.yaml'], patches: block[0]!.kustomize.patches }));
    });
  }
});
