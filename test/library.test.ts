/** The library entry (`import { sequence } from 'pod-sequencer'`), from source. */
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ConfigError, runFilter, sequence, type Result } from '../src/index.js';
import { wireResult } from '../src/krm/results.js';

const deployment = () => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop' },
  spec: {
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: {
        containers: [
          { name: 'web', image: 'registry.example.com/web:1.4.2' },
          { name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.24.2' },
        ],
      },
    },
  },
});
const service = () => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { ports: [{ port: 80 }] } });

type Pod = { containers: { name: string; lifecycle?: unknown }[]; initContainers?: { name: string; restartPolicy?: string }[] };
const podOf = (m: object) => (m as { spec: { template: { spec: Pod } } }).spec.template.spec;

describe('sequence()', () => {
  it('applies the defaults, returns untouched manifests as the same objects, never mutates input', () => {
    const input = [deployment(), service()];
    const copy = structuredClone(input);
    const { manifests, results } = sequence(input);
    expect(input).toEqual(copy);
    expect(manifests[1]).toBe(input[1]);
    expect(manifests[0]).not.toBe(input[0]);
    const pod = podOf(manifests[0]!);
    // No kubernetesVersion: taken as 1.29 or later, so istio-proxy becomes a native sidecar.
    expect(pod.containers.map((c) => c.name)).toEqual(['web']);
    expect(pod.initContainers).toMatchObject([{ name: 'istio-proxy', restartPolicy: 'Always' }]);
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r: Result) => r.severity === 'info')).toBe(true);
    expect(results[0]!.resourceRef).toMatchObject({ kind: 'Deployment', name: 'web', namespace: 'shop' });
  });

  it('takes the typed PodSequence config', () => {
    const { manifests } = sequence([deployment()], { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', spec: { kubernetesVersion: '1.30' } });
    const pod = podOf(manifests[0]!);
    expect(pod.initContainers?.[0]).toMatchObject({ name: 'istio-proxy', restartPolicy: 'Always' });
    expect(pod.containers.map((c) => c.name)).toEqual(['web']);
  });

  it('takes the ConfigMap form, with values as strings, numbers or booleans', () => {
    const { manifests, results } = sequence([deployment()], { kind: 'ConfigMap', data: { sidecars: 'linkerd', terminateJobSidecars: true } });
    expect(manifests[0]).toEqual(deployment());
    expect(results).toEqual([]);
  });

  it('gives the same manifests and results as the KRM filter', () => {
    const input = [deployment(), service()];
    const rl = stringify({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: input });
    const filtered = parse(runFilter(rl).stdout) as { items: object[]; results: Result[] };
    const lib = sequence(input);
    expect(lib.manifests).toEqual(filtered.items);
    // The same results, in parts: `message` is the summary, the why and fix beside it (issue 31);
    // the ResultList joins them into one message.
    expect(lib.results.map(wireResult)).toEqual(filtered.results);
    expect(lib.results.some((r) => r.detail !== undefined)).toBe(true);
    expect(lib.results.every((r) => !r.message.includes('\n'))).toBe(true);
  });

  it('throws ConfigError with one result per problem on bad config', () => {
    let err: unknown;
    try {
      sequence([deployment()], {
        apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
        kind: 'PodSequence',
        spec: { kubernetesVersion: 'banana', sidecars: [{ profile: 'nope' as never }] },
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const { results, message } = err as ConfigError;
    expect(results.map((r) => r.field?.path).sort()).toEqual(['spec.kubernetesVersion', 'spec.sidecars[0].profile']);
    expect(results.every((r) => r.severity === 'error')).toBe(true);
    expect(message).toContain('spec.kubernetesVersion');
  });

  it('rejects input that is not a list of objects', () => {
    expect(() => sequence('x' as never)).toThrow(TypeError);
    expect(() => sequence([null as never])).toThrow(/manifests\[0\]/);
  });

  it('returns a manifest that shares sub-objects as plain data', () => {
    const d = deployment();
    const labels = { app: 'web' };
    d.spec.selector.matchLabels = labels;
    d.spec.template.metadata.labels = labels;
    const { manifests } = sequence([d]);
    expect((manifests[0] as ReturnType<typeof deployment>).spec.template.metadata.labels).toEqual({ app: 'web' });
  });
});
