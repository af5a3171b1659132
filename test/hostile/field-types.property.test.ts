/**
 * Every field pod-sequencer reads, given every YAML type (issue 27): a mapping (a sed template's
 * `image: {{ENVOY_IMAGE}}` is one), a list, a number, a boolean, null, a string. One workload of
 * a package gets such a value at a field it reads (present or not before); through the filter
 * and `explain`:
 *   - no internal error, no refusal: the whole ResourceList comes back;
 *   - every other item comes out exactly as it does when the spoiled one is not there;
 *   - the spoiled workload is either processed (the value was of a type the field takes) or left
 *     exactly as it was, with an error that names the field's path.
 *
 * Each property runs the filter twice per case (with and without the spoiled workload), so it
 * gets a generous timeout: a loaded machine is slower, never wrong.
 *
 * Replay: POD_SEQUENCER_FC_SEED / POD_SEQUENCER_FC_PATH / POD_SEQUENCER_FC_RUNS (see test/helpers/arbitraries.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/load.js';
import { explainFiles } from '../../src/explain/index.js';
import { readManifest } from '../../src/files/read.js';
import { runFilter } from '../../src/run.js';
import { config as anyConfig, fcParams, renderItem, renderList, style, workload, WORKLOAD_KINDS } from '../helpers/arbitraries.js';
import { templateOf } from '../properties/k8s.js';

type Obj = Record<string, unknown>;

/** Fields the function reads, from the pod spec; `C` is a container (each list's first). */
const POD_FIELDS = [
  'volumes',
  'volumes.0',
  'volumes.0.name',
  'volumes.0.configMap',
  'volumes.0.configMap.items',
  'restartPolicy',
  'shareProcessNamespace',
  'hostNetwork',
  'hostPID',
  'dnsPolicy',
  'terminationGracePeriodSeconds',
  'activeDeadlineSeconds',
  'nodeSelector',
  'os',
  'os.name',
  'securityContext',
  'securityContext.runAsUser',
  'containers',
  'initContainers',
  'containers.0',
];
const CONTAINER_FIELDS = [
  'name',
  'image',
  'command',
  'command.0',
  'args',
  'args.1',
  'env',
  'env.0',
  'env.0.name',
  'env.0.value',
  'env.0.valueFrom',
  'envFrom',
  'ports',
  'ports.0',
  'ports.0.containerPort',
  'ports.0.name',
  'volumeMounts',
  'volumeMounts.0',
  'volumeMounts.0.mountPath',
  'volumeMounts.0.name',
  'restartPolicy',
  'lifecycle',
  'lifecycle.postStart',
  'lifecycle.postStart.exec',
  'lifecycle.postStart.exec.command',
  'lifecycle.preStop',
  'lifecycle.preStop.httpGet',
  'lifecycle.preStop.httpGet.port',
  'lifecycle.preStop.sleep.seconds',
  'startupProbe',
  'startupProbe.httpGet.port',
  'readinessProbe',
  'readinessProbe.httpGet',
  'readinessProbe.httpGet.path',
  'readinessProbe.httpGet.port',
  'readinessProbe.tcpSocket.port',
  'readinessProbe.exec.command',
  'readinessProbe.periodSeconds',
  'livenessProbe',
  'securityContext',
  'securityContext.runAsUser',
  'securityContext.capabilities.drop',
  'resources',
  'workingDir',
];
const META_FIELDS = ['annotations', 'labels', 'name', 'namespace', 'annotations.sidecar\\.istio\\.io/inject', 'labels.app'];

const anyValue = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, 8080, -1, 1.5, '', 'x', '8080', [], {}, [null], [1, 2], ['a', 3], [{}], { name: 7 }, { a: null }),
  // `{{ENVOY_IMAGE}}` as YAML reads it: a mapping whose key is a mapping, its value null.
  fc.constant<unknown>({ '{ ENVOY_IMAGE: null }': null }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Where to put the value: a pod field, a field of the first container or init container, or metadata. */
const target = fc.oneof(
  fc.constantFrom(...POD_FIELDS).map((f) => ({ at: 'spec' as const, path: f })),
  fc
    .record({ list: fc.constantFrom('containers', 'initContainers'), f: fc.constantFrom(...CONTAINER_FIELDS) })
    .map(({ list, f }) => ({ at: 'spec' as const, path: `${list}.0.${f}` })),
  fc.constantFrom(...META_FIELDS).map((f) => ({ at: 'metadata' as const, path: f })),
);

/** Sets `value` at a dotted path, making the mappings (or one-item lists) on the way. */
function setAt(root: Obj, path: string, value: unknown): void {
  const keys = path.split(/(?<!\\)\./).map((k) => k.replace(/\\\./g, '.'));
  let cur: Record<string, unknown> = root;
  keys.slice(0, -1).forEach((k, i) => {
    const next = keys[i + 1]!;
    const isIndex = /^\d+$/.test(next);
    const have = cur[k];
    if (isIndex ? !Array.isArray(have) : have === null || typeof have !== 'object' || Array.isArray(have)) cur[k] = isIndex ? [{}] : {};
    else if (isIndex && (have as unknown[]).length === 0) (have as unknown[]).push({});
    cur = cur[k] as Record<string, unknown>;
    if (isIndex && (cur[next] === null || typeof cur[next] !== 'object')) cur[next] = {};
  });
  cur[keys[keys.length - 1]!] = value;
}

/** A PodSequence with kubernetesVersion set (classic or native sidecars), else as `config` makes it. */
const pinned = fc.record({ cfg: anyConfig, version: fc.constantFrom('1.28', '1.30') }).map(({ cfg, version }) => {
  const spec: Obj = cfg?.kind === 'PodSequence' ? { ...(cfg.spec as Obj) } : {};
  // Native needs 1.29: the config checks refuse it on 1.28.
  if (version === '1.28' && Array.isArray(spec.sidecars))
    spec.sidecars = (spec.sidecars as Obj[]).map((x) => (x.strategy === 'native' ? { ...x, strategy: 'auto' } : x));
  return { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'pinned' }, spec: { ...spec, kubernetesVersion: version } };
});

const spoiledCase = fc
  .record({
    others: fc.array(fc.constantFrom(...WORKLOAD_KINDS), { minLength: 1, maxLength: 3 }),
    kind: fc.constantFrom(...WORKLOAD_KINDS),
    where: target,
    value: anyValue,
    at: fc.nat(),
  })
  .chain(({ others, kind, where, value, at }) =>
    fc.record({
      others: fc.tuple(...others.map((k, i) => workload(k, `${k.toLowerCase()}-${i}`))),
      spoiled: workload(kind, 'spoiled').map((w) => {
        const copy = structuredClone(w);
        const holder = where.at === 'metadata' ? (((copy.metadata as Obj | undefined) ?? (copy.metadata = {})) as Obj) : (templateOf(copy)!.spec as Obj);
        setAt(holder, where.path, value);
        return copy;
      }),
      at: fc.constant(at),
      cfg: pinned,
      style,
      label: fc.constant(`${kind} ${where.at}.${where.path} = ${JSON.stringify(value)}`),
    }),
  );

const nameOf = (o: Obj) => `${String(o.kind)}/${String((o.metadata as Obj | undefined)?.name)}`;

function withSpoiled(others: Obj[], spoiled: Obj, at: number): Obj[] {
  const i = at % (others.length + 1);
  return [...others.slice(0, i), spoiled, ...others.slice(i)];
}

describe('every field the function reads takes every YAML type (issue 27)', () => {
  it('filter: no internal error, every other item as without the spoiled one, the spoiled one processed or left with an error at its field', () => {
    fc.assert(
      fc.property(spoiledCase, ({ others, spoiled, at, cfg, style: s }) => {
        const items = withSpoiled(others, spoiled, at);
        const out = runFilter(renderList({ items, config: cfg, style: s }));
        const messages = out.results.map((r) => r.message).join('\n');
        expect(messages).not.toMatch(/internal error/);
        expect(out.stdout, messages).not.toBe('');
        const got = parse(out.stdout).items as Obj[];
        expect(got.map(nameOf)).toEqual(items.map(nameOf));

        const alone = runFilter(renderList({ items: others, config: cfg, style: s }));
        const expected = parse(alone.stdout).items as Obj[];
        expect(got.filter((o) => nameOf(o) !== nameOf(spoiled))).toEqual(expected);

        const left = out.results.filter((r) => r.resourceRef?.name === 'spoiled' && /is left as it is/.test(r.message));
        if (left.length === 0) return;
        // Left as it was: the error names where.
        for (const r of left) expect(r.field?.path, r.message).toMatch(/^(metadata|spec|template)\b/);
        expect(got.find((o) => nameOf(o) === nameOf(spoiled))).toEqual(parse(renderItem(spoiled, { ...s, json: false })));
      }),
      fcParams(100),
    );
  }, 600_000);

  it('explain: no internal error, every workload named', () => {
    fc.assert(
      fc.property(spoiledCase, ({ others, spoiled, at, cfg, style: s }) => {
        const items = withSpoiled(others, spoiled, at);
        const text = items.map((o) => renderItem(o, { ...s, json: false })).join('---\n');
        const { config } = loadConfig(cfg);
        const out = explainFiles([readManifest('spoiled.yaml', [], text)], config, { format: 'text', diff: false });
        expect(out).not.toMatch(/internal error/);
        for (const o of items) {
          const name = (o.metadata as Obj | undefined)?.name;
          // A Rollout is a workload only when the config names its kind.
          const known = o.kind !== 'Rollout' || JSON.stringify((cfg.spec as Obj).workloadKinds ?? null).includes('Rollout');
          if (typeof name !== 'string' || !known) continue;
          expect(out).toContain(`${String(o.kind)}/`);
          expect(out).toContain(`/${name}`);
        }
      }),
      fcParams(60),
    );
  }, 600_000);
});
