/**
 * The AdmissionReview protocol of src/admission/review.ts (k8s.io/api admission/v1 types.go):
 * the uid echoed, `allowed: true` always, a base64 JSONPatch only when something changes,
 * warnings short, non-Pod and non-CREATE requests left alone, bodies that are no review a 400,
 * and pods whose controller ends sidecars itself (Argo, Tekton) never wrapped.
 */
import fjp from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { admit, EngineConfigError, loadEngine } from '../../src/admission/review.js';
import { RECORD_ANNOTATION } from '../../src/admission/record.js';
import { reviewOf } from '../helpers/admission.js';

type Obj = Record<string, unknown>;
const CLASSIC = loadEngine('apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nspec: {kubernetesVersion: "1.28"}\n', 'classic.yaml');

function jobPod(meta: Obj = {}): Obj {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { generateName: 'migrate-', namespace: 'shop', ...meta },
    spec: {
      restartPolicy: 'Never',
      containers: [
        { name: 'main', image: 'registry.example.com/migrate:1', command: ['/migrate', '--all'] },
        { name: 'cloud-sql-proxy', image: 'gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.11.0', args: ['p:r:i'] },
      ],
    },
  };
}

const responseOf = (body: string) => (JSON.parse(body) as { apiVersion: string; kind: string; response: Obj }).response;
const patchOf = (r: Obj) => JSON.parse(Buffer.from(String(r.patch), 'base64').toString('utf8')) as fjp.Operation[];
const wrapped = (pod: Obj) => ((pod.spec as Obj).containers as Obj[]).some((c) => JSON.stringify(c.command ?? []).includes('pod-sequencer-wrap'));

describe('admission review', () => {
  it('echoes the uid and answers allowed with a base64 JSONPatch, warnings and audit annotations', () => {
    const review = reviewOf(jobPod());
    const a = admit(JSON.stringify(review), CLASSIC);
    expect(a.status).toBe(200);
    const body = JSON.parse(a.body) as { apiVersion: string; kind: string; response: Obj };
    expect([body.apiVersion, body.kind]).toEqual(['admission.k8s.io/v1', 'AdmissionReview']);
    const r = body.response;
    expect(r.uid).toBe((review.request as Obj).uid);
    expect(r.allowed).toBe(true);
    expect(r.patchType).toBe('JSONPatch');
    const after = fjp.applyPatch(jobPod(), patchOf(r), true, false).newDocument as Obj;
    expect(wrapped(after)).toBe(true);
    expect(JSON.parse(String(((after.metadata as Obj).annotations as Obj)[RECORD_ANNOTATION]))).toMatchObject({ wrapped: ['main'], added: ['seq-tools'] });
    const warnings = r.warnings as string[];
    expect(warnings.length).toBeGreaterThan(2);
    for (const w of warnings) expect(w.length).toBeLessThanOrEqual(120);
    expect(warnings.some((w) => w.includes('wrapped main'))).toBe(true);
    expect(r.auditAnnotations).toEqual({ outcome: 'patched', operations: String(patchOf(r).length) });
  });

  it('gives no patch for a pod with nothing to do, nor on its own output', () => {
    const plain = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'a' }, spec: { containers: [{ name: 'web', image: 'nginx' }] } };
    const a = admit(JSON.stringify(reviewOf(plain)), CLASSIC);
    expect(a.outcome).toBe('unchanged');
    expect(responseOf(a.body)).not.toHaveProperty('patch');
    expect(responseOf(a.body)).not.toHaveProperty('patchType');
    const first = fjp.applyPatch(jobPod(), patchOf(responseOf(admit(JSON.stringify(reviewOf(jobPod())), CLASSIC).body)), true, false).newDocument as Obj;
    const again = admit(JSON.stringify(reviewOf(first)), CLASSIC);
    expect(again.outcome).toBe('unchanged');
    expect(responseOf(again.body).patch).toBeUndefined();
  });

  it('answers a dry run exactly as a real create', () => {
    const pod = jobPod();
    const real = responseOf(admit(JSON.stringify(reviewOf(pod)), CLASSIC).body);
    const dry = responseOf(admit(JSON.stringify(reviewOf(pod, { dryRun: true })), CLASSIC).body);
    expect({ ...dry, uid: '' }).toEqual({ ...real, uid: '' });
  });

  it('leaves other kinds, other operations, subresources and opted-out pods alone, allowed', () => {
    const cases = [
      reviewOf(jobPod(), { operation: 'UPDATE' }),
      reviewOf(jobPod(), { kind: { group: 'apps', version: 'v1', kind: 'Deployment' } }),
      { ...reviewOf(jobPod()), request: { ...(reviewOf(jobPod()).request as Obj), subResource: 'ephemeralcontainers' } },
      reviewOf(jobPod({ labels: { 'pod-sequencer.dev/skip': 'true' } })),
    ];
    for (const review of cases) {
      const a = admit(JSON.stringify(review), CLASSIC);
      expect(a.outcome).toBe('skipped');
      const r = responseOf(a.body);
      expect(r).toMatchObject({ uid: (review.request as Obj).uid, allowed: true });
      expect(r.patch).toBeUndefined();
    }
  });

  it('answers 400 to a body that is no AdmissionReview v1, and never throws', () => {
    const bodies = [
      '',
      '{',
      'null',
      '[]',
      '"x"',
      JSON.stringify({ ...reviewOf(jobPod()), apiVersion: 'admission.k8s.io/v1beta1' }),
      JSON.stringify({ ...reviewOf(jobPod()), kind: 'ConversionReview' }),
      JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' }),
      JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', request: { uid: 7 } }),
    ];
    for (const b of bodies) {
      const a = admit(b, CLASSIC);
      expect(a.status, b).toBe(400);
      expect(a.body, b).not.toMatch(/\n|at .*\.ts/);
    }
  });

  it('admits a pod it cannot read unchanged, with a warning', () => {
    for (const object of [
      null,
      'pod',
      { apiVersion: 'v1', kind: 'Pod', metadata: {} },
      { spec: { containers: 'x' } },
      { spec: { containers: [{ name: 1 }] } },
    ]) {
      const review = reviewOf({});
      (review.request as Obj).object = object;
      const a = admit(JSON.stringify(review), CLASSIC);
      const r = responseOf(a.body);
      expect(r.allowed).toBe(true);
      expect(r.patch).toBeUndefined();
      expect((r.warnings as string[] | undefined)?.length ?? 0, JSON.stringify(object)).toBeGreaterThan(0);
    }
  });

  it('never wraps the commands of pods that Argo Workflows or Tekton create (they end sidecars themselves)', () => {
    const owned = {
      argo: jobPod({ ownerReferences: [{ apiVersion: 'argoproj.io/v1alpha1', kind: 'Workflow', name: 'wf', uid: 'u', controller: true }] }),
      argoLabel: jobPod({ labels: { 'workflows.argoproj.io/workflow': 'wf' } }),
      tekton: jobPod({ ownerReferences: [{ apiVersion: 'tekton.dev/v1', kind: 'TaskRun', name: 'tr', uid: 'u', controller: true }] }),
    };
    for (const [who, pod] of Object.entries(owned)) {
      const a = admit(JSON.stringify(reviewOf(pod)), CLASSIC);
      const r = responseOf(a.body);
      const after = r.patch ? (fjp.applyPatch(structuredClone(pod), patchOf(r), true, false).newDocument as Obj) : pod;
      expect(wrapped(after), who).toBe(false);
    }
    // A Job's pod (owned by a Job) is wrapped: the Job controller ends no sidecar.
    const job = jobPod({ ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: 'migrate', uid: 'u', controller: true }] });
    const r = responseOf(admit(JSON.stringify(reviewOf(job)), CLASSIC).body);
    expect(wrapped(fjp.applyPatch(job, patchOf(r), true, false).newDocument as Obj)).toBe(true);
  });

  it('with mode: check, warns of what it would change and patches nothing', () => {
    const lint = loadEngine('apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nspec: {mode: check, kubernetesVersion: "1.28"}\n', 'lint.yaml');
    const a = admit(JSON.stringify(reviewOf(jobPod())), lint);
    expect(a.outcome).toBe('unchanged');
    const r = responseOf(a.body);
    expect(r.patch).toBeUndefined();
    expect((r.warnings as string[]).some((w) => /never completes|would/.test(w))).toBe(true);
  });

  it('reads a pod the block emitter leaves to JSON (a non-ASCII value) as the filter does', () => {
    const pod = jobPod({ annotations: { owner: 'Jürgen ✓' } });
    const a = admit(JSON.stringify(reviewOf(pod)), CLASSIC);
    expect(a.outcome).toBe('patched');
    const after = fjp.applyPatch(structuredClone(pod), patchOf(responseOf(a.body)), true, false).newDocument as Obj;
    expect(wrapped(after)).toBe(true);
    expect((after.metadata as Obj).annotations).toMatchObject({ owner: 'Jürgen ✓' });
    expect(admit(JSON.stringify(reviewOf(after)), CLASSIC).outcome).toBe('unchanged');
  });

  it('names the file and field of a config it cannot run with', () => {
    expect(() =>
      loadEngine('apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nspec: {mode: sideways}\n', '/etc/pod-sequencer/config.yaml'),
    ).toThrow(EngineConfigError);
    expect(() => loadEngine('spec: [', '/etc/c.yaml')).toThrow(/\/etc\/c\.yaml: not valid YAML/);
    try {
      loadEngine('apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nspec: {mode: sideways}\n', '/etc/pod-sequencer/config.yaml');
    } catch (e) {
      expect((e as Error).message).toMatch(/^\/etc\/pod-sequencer\/config\.yaml: spec\.mode/);
    }
  });
});
