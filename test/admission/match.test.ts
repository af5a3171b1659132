/**
 * The webhook's matchConditions (src/admission/match.ts) never skip a pod the engine would patch:
 * on every pod of the corpus (test/admission/corpus-pods.ts), under several configs, a pod the
 * conditions (evaluated by @bufbuild/cel) skip is one the filter leaves unchanged. And they do
 * skip: plain pods are not sent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchConditions } from '../../src/admission/match.js';
import { loadConfig } from '../../src/config/load.js';
import { globRegexSource, matchGlob } from '../../src/workloads/glob.js';
import { celBool } from './cel-eval.js';
import { corpusPods, filterPod, type Obj } from './corpus-pods.js';

const CONFIGS: Record<string, unknown> = {
  default: undefined,
  '1.28': { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { kubernetesVersion: '1.28' } },
  globs: {
    apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
    kind: 'PodSequence',
    metadata: { name: 'c' },
    spec: { sidecars: [{ profile: 'istio' }, { profile: 'envoy', image: '*envoy*' }, { profile: 'generic', name: '*-ag?nt' }] },
  },
};

const sent = (cfg: unknown, pod: Obj) => {
  const { config, errors } = loadConfig(cfg);
  expect(errors).toEqual([]);
  return matchConditions(config).every((m) => celBool(m.expression, { object: pod }));
};

describe('matchConditions', () => {
  const pods = corpusPods();

  it('the corpus holds pods', () => {
    expect(pods.length).toBeGreaterThan(300);
  });

  for (const [name, cfg] of Object.entries(CONFIGS)) {
    it(`skip only pods the filter leaves unchanged (config ${name})`, () => {
      const wrong: string[] = [];
      let skipped = 0;
      for (const { from, pod } of pods) {
        let yes: boolean;
        try {
          yes = sent(cfg, pod);
        } catch (e) {
          throw new Error(`${from}: ${(e as Error).message.split('\n')[0]}`);
        }
        if (yes) continue;
        skipped++;
        if (filterPod(pod, cfg).changed) wrong.push(from);
      }
      console.log(`matchConditions, config ${name}: ${skipped} of ${pods.length} corpus pods skipped`);
      expect(wrong).toEqual([]);
      // Not vacuous: the corpus has pods with nothing to do, and the conditions skip them.
      expect(skipped).toBeGreaterThan(20);
    });
  }

  it('send every pod the filter changes (the same statement, counted the other way)', () => {
    let changed = 0;
    for (const { pod } of pods.slice(0, 400)) {
      if (!filterPod(pod).changed) continue;
      changed++;
      expect(sent(undefined, pod)).toBe(true);
    }
    expect(changed).toBeGreaterThan(50);
  });

  it('skip a plain pod, send one with a sidecar, a mesh marker or a wrapper of ours', () => {
    const pod = (spec: Obj, metadata: Obj = {}): Obj => ({ metadata: { name: 'p', ...metadata }, spec });
    const app = { name: 'app', image: 'nginx:1.27' };
    expect(sent(undefined, pod({ containers: [app] }))).toBe(false);
    expect(sent(undefined, pod({ containers: [app, { name: 'istio-proxy', image: 'proxyv2' }] }))).toBe(true);
    expect(sent(undefined, pod({ containers: [app] }, { labels: { 'sidecar.istio.io/inject': 'true' } }))).toBe(true);
    expect(sent(undefined, pod({ containers: [app] }, { annotations: { 'config.linkerd.io/proxy-await': 'enabled' } }))).toBe(true);
    expect(sent(undefined, pod({ containers: [{ ...app, command: ['/.seq/busybox', 'sh', '-c', 'x', 'pod-sequencer-wrap'] }] }))).toBe(true);
    expect(sent(CONFIGS.globs, pod({ containers: [app, { name: 'x', image: 'envoyproxy/envoy:v1.31' }] }))).toBe(true);
    expect(sent(CONFIGS.globs, pod({ containers: [app, { name: 'vault-agent', image: 'v' }] }))).toBe(true);
  });

  it('a container or volume without a name is evaluated, not an error (admission runs before API validation)', () => {
    // The service.yaml of knative/serving's autoscale test image (98e5ef90aa70) has a nameless container; CEL's
    // c.name on it is "field not found: name" unless guarded by has().
    const pod = { metadata: { name: 'p' }, spec: { containers: [{ image: 'nginx' }, { name: 'istio-proxy', image: 'proxyv2' }], volumes: [{ emptyDir: {} }] } };
    expect(sent(undefined, pod)).toBe(true);
    expect(sent(CONFIGS.globs, { metadata: {}, spec: { containers: [{ image: 'nginx' }] } })).toBe(false);
  });

  it('with a mesh or dependencies configured, every pod is sent (no condition)', () => {
    const mesh = loadConfig({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { meshIstio: 'hold' } }).config;
    const deps = loadConfig({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { dependencies: 'tcp://db:5432' } }).config;
    expect(matchConditions(mesh)).toEqual([]);
    expect(matchConditions(deps)).toEqual([]);
  });
});

describe('globRegexSource', () => {
  it('matches what matchGlob matches (RE2 through CEL matches)', () => {
    const chars = fc.constantFrom('a', 'b', '-', '/', ':', '.', '*', '?', '[', ']', '!', '\\', '+', '(');
    const glob = fc.string({ unit: chars, minLength: 1, maxLength: 8 });
    const s = fc.string({ unit: fc.constantFrom('a', 'b', '-', '/', ':', '.', '*', '[', ']', '+', '('), maxLength: 10 });
    fc.assert(
      fc.property(glob, s, (g, x) => {
        let re: string;
        try {
          re = globRegexSource(g);
        } catch {
          return true; // a bad glob: refused by the config loader, as everywhere
        }
        expect(celBool(`s.matches(${JSON.stringify(re)})`, { s: x })).toBe(matchGlob(g, x));
      }),
      { numRuns: 2000, seed: 36 },
    );
  });
});
