/**
 * The companion ValidatingAdmissionPolicy (src/admission/policy.ts), its CEL evaluated by
 * @bufbuild/cel: every pod the filter writes for the corpus passes, under the defaults, classic
 * sidecars (1.28) and a dependency; pods broken by hand from those outputs, as a later webhook
 * would break them, fail with the message meant for them.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { WRAP_MARKER } from '../../src/shell/index.js';
import { corpusPods, filterPod, type Obj } from './corpus-pods.js';
import { policyFailures } from './policy-eval.js';
import { itIfHere } from '../helpers/vendor-it.js';

const CONFIGS: Record<string, unknown> = {
  default: undefined,
  '1.28': { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { kubernetesVersion: '1.28' } },
  dependency: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { dependencies: 'tcp://db.prod.svc.cluster.local:5432' } },
};

type C = Obj & { name: string; command?: string[]; restartPolicy?: string };
const spec = (pod: Obj) => pod.spec as { containers: C[]; initContainers?: C[]; restartPolicy?: string };
const clone = (pod: Obj) => structuredClone(pod);

/** The filter's outputs for the corpus under one config: the pods it writes without an error. */
function outputs(cfg: unknown): { from: string; pod: Obj }[] {
  return corpusPods().flatMap(({ from, pod }) => {
    const r = filterPod(pod, cfg);
    return r.errors.length > 0 ? [] : [{ from, pod: r.out }];
  });
}

describe('ValidatingAdmissionPolicy on the filter output', () => {
  const all = Object.fromEntries(Object.entries(CONFIGS).map(([name, cfg]) => [name, outputs(cfg)]));

  for (const [name, cfg] of Object.entries(CONFIGS)) {
    it(`every pod the filter writes passes (config ${name})`, () => {
      const config = loadConfig(cfg).config;
      const failed = all[name]!.flatMap(({ from, pod }) => policyFailures(config, pod).map((m) => `${from}: ${m}`));
      expect(failed).toEqual([]);
      expect(all[name]!.length).toBeGreaterThan(300);
    });
  }

  it("a Job the filter cannot end (its app has no command to wrap) is the policy's warning too", () => {
    // Istio's classic injector outputs as Job pods whose app runs its image's entrypoint: under
    // classic sidecars (1.28) the filter reports that the Job never completes, and so does the policy.
    const config = loadConfig(CONFIGS['1.28']).config;
    let stuck = 0;
    for (const { from, pod } of corpusPods()) {
      const s = spec(pod);
      if (!s.containers.some((c) => c.name === 'istio-proxy') || s.containers.length < 2) continue;
      const job = clone(pod);
      spec(job).restartPolicy = 'Never';
      for (const c of spec(job).containers) {
        if (c.name === 'istio-proxy') continue;
        delete c.command;
        delete c.args;
      }
      const r = filterPod(job, CONFIGS['1.28']);
      if (!r.errors.some((e) => /never completes|has no command/.test(e))) continue;
      stuck++;
      expect(policyFailures(config, r.out).join('\n'), from).toMatch(/never completes: classic sidecar [\w-]+ keeps running/);
    }
    expect(stuck).toBeGreaterThan(10);
  });

  it('a native sidecar whose restartPolicy a later webhook dropped: the pod would hang in Init', () => {
    const config = loadConfig(undefined).config;
    const native = all.default!.filter(({ pod }) => (spec(pod).initContainers ?? []).some((c) => c.name === 'istio-proxy' && c.restartPolicy === 'Always'));
    expect(native.length).toBeGreaterThan(20);
    for (const { from, pod } of native) {
      const bad = clone(pod);
      delete spec(bad).initContainers!.find((c) => c.name === 'istio-proxy')!.restartPolicy;
      expect(policyFailures(config, bad).join('\n'), from).toMatch(/init container istio-proxy lost restartPolicy: Always/);
    }
  });

  // Istio's injector outputs are the vendor corpus's (no test without shared/).
  itIfHere(corpusPods().some((p) => p.from.startsWith('istio/istio@')) || undefined)(
    "the proxy moved back to containers: Istio's status says native, and a Job cannot finish",
    () => {
      const config = loadConfig(undefined).config;
      const native = all.default!.filter(
        ({ pod }) =>
          // One istio-proxy (an Istio golden holds two, which no API server admits).
          (spec(pod).initContainers ?? []).filter((c) => c.name === 'istio-proxy').length === 1 &&
          spec(pod).containers.length > 0 &&
          /"initContainers":\[[^\]]*"istio-proxy"/.test(String(((pod.metadata as Obj).annotations as Obj | undefined)?.['sidecar.istio.io/status'] ?? '')),
      );
      expect(native.length).toBeGreaterThan(20);
      let jobs = 0;
      for (const { from, pod } of native) {
        const bad = clone(pod);
        const s = spec(bad);
        const proxy = s.initContainers!.splice(
          s.initContainers!.findIndex((c) => c.name === 'istio-proxy'),
          1,
        )[0]!;
        delete proxy.restartPolicy;
        s.containers.push(proxy);
        const failures = policyFailures(config, bad).join('\n');
        expect(failures, from).toMatch(/istio-proxy is no longer a native sidecar/);
        s.restartPolicy = 'Never';
        jobs++;
        expect(policyFailures(config, bad).join('\n'), from).toMatch(/never completes: classic sidecar istio-proxy keeps running/);
      }
      expect(jobs).toBeGreaterThan(0);
    },
  );

  it('a Job whose wrapper a later webhook took off never completes', () => {
    const config = loadConfig(CONFIGS['1.28']).config;
    // With the sidecar in the pod (a wrapper for a mesh injected later waits on a sidecar the pod does not hold yet).
    const known = new Set(config.sidecars.map((s) => s.name));
    const wrapped = all['1.28']!.filter(
      ({ pod }) => spec(pod).containers.some((c) => (c.command ?? []).includes(WRAP_MARKER)) && spec(pod).containers.some((c) => known.has(c.name)),
    );
    expect(wrapped.length).toBeGreaterThan(10);
    for (const { from, pod } of wrapped) {
      const bad = clone(pod);
      for (const c of spec(bad).containers) {
        const cmd = c.command ?? [];
        if (cmd.includes(WRAP_MARKER)) c.command = cmd.slice(cmd.indexOf('--') + 1);
      }
      expect(policyFailures(config, bad).join('\n'), from).toMatch(/this Job-like pod never completes/);
    }
  });

  it('a wait for a dependency moved before the native proxy runs unproxied', () => {
    const config = loadConfig(CONFIGS.dependency).config;
    const proxied = all.dependency!.filter(({ pod }) => {
      const inits = spec(pod).initContainers ?? [];
      return inits.some((c) => c.name.startsWith('seq-wait-')) && inits.some((c) => c.name === 'istio-proxy' && c.restartPolicy === 'Always');
    });
    expect(proxied.length).toBeGreaterThan(10);
    for (const { from, pod } of proxied) {
      const bad = clone(pod);
      const inits = spec(bad).initContainers!;
      const wait = inits.splice(
        inits.findIndex((c) => c.name.startsWith('seq-wait-')),
        1,
      )[0]!;
      inits.unshift(wait);
      expect(policyFailures(config, bad).join('\n'), from).toMatch(/uses the network runs before the native mesh proxy/);
    }
  });
  it('a pod with a nameless container or volume is evaluated, not an error', () => {
    const config = loadConfig(undefined).config;
    const pod = {
      metadata: { name: 'p' },
      spec: { containers: [{ image: 'nginx' }], initContainers: [{ image: 'x', restartPolicy: 'Always' }], volumes: [{ emptyDir: {} }] },
    };
    expect(() => policyFailures(config, pod)).not.toThrow();
  });
});
