import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { Result } from '../../src/krm/types.js';
import { makeCtx, noFacts, type InputFacts } from '../../src/pod/context.js';
import { mergeField } from '../../src/sequence/embedded-config.js';
import { applyMesh } from '../../src/sequence/mesh.js';
import { injection, meshedSidecars } from '../../src/pod/mesh.js';
import { makeWorkload, podAnnotations } from '../../src/workloads/workload.js';
import { tableOf } from '../../src/profiles/index.js';
import type { Fact } from '../../src/profiles/versions.js';
import { loadConfig, typed } from '../config/helpers.js';

const HOLD = 'holdApplicationUntilProxyStarts';
const set = (text: string | undefined) => {
  const m = mergeField(text, HOLD, true);
  if (m.kind !== 'set') throw new Error(`expected a set, got ${m.kind}`);
  return m.text;
};

describe('merging holdApplicationUntilProxyStarts into proxy.istio.io/config', () => {
  it('absent or empty: the block form of the Istio docs', () => {
    expect(set(undefined)).toBe('holdApplicationUntilProxyStarts: true\n');
    expect(set('')).toBe('holdApplicationUntilProxyStarts: true\n');
    expect(set('  \n')).toBe('holdApplicationUntilProxyStarts: true\n');
  });

  it('YAML block: appended, every other key, comment and order kept', () => {
    const text = '# tuned for the batch pool\nconcurrency: 2\ntracing:\n  sampling: 10  # percent\n';
    expect(set(text)).toBe(`${text}holdApplicationUntilProxyStarts: true\n`);
  });

  it('YAML block without a final newline (|-) keeps having none', () => {
    expect(set('concurrency: 2')).toBe('concurrency: 2\nholdApplicationUntilProxyStarts: true');
  });

  it('YAML block indented as a whole: same indent', () => {
    expect(set('  concurrency: 2\n  drainDuration: 5s\n')).toBe('  concurrency: 2\n  drainDuration: 5s\n  holdApplicationUntilProxyStarts: true\n');
  });

  it('JSON stays JSON, in its own spacing', () => {
    expect(set('{"concurrency": 2}')).toBe('{"concurrency": 2, "holdApplicationUntilProxyStarts": true}');
    expect(set('{"concurrency":2}')).toBe('{"concurrency":2,"holdApplicationUntilProxyStarts":true}');
    expect(set('{}')).toBe('{"holdApplicationUntilProxyStarts": true}');
    expect(set('{\n  "concurrency": 2,\n  "tracing": {"sampling": 10}\n}\n')).toBe(
      '{\n  "concurrency": 2,\n  "tracing": {"sampling": 10},\n  "holdApplicationUntilProxyStarts": true\n}\n',
    );
    for (const text of ['{"concurrency": 2}', '{}', '{\n  "a": 1\n}']) expect(() => JSON.parse(set(text))).not.toThrow();
  });

  it('a YAML flow map stays a flow map', () => {
    expect(set('{concurrency: 2}')).toBe('{concurrency: 2, holdApplicationUntilProxyStarts: true}');
  });

  it('text the simple edits cannot extend is rebuilt, other keys kept', () => {
    const text = 'concurrency: 2\n...\n';
    expect(parse(set(text))).toEqual({ concurrency: 2, [HOLD]: true });
  });

  it('already true: nothing to do', () => {
    expect(mergeField('holdApplicationUntilProxyStarts: true\n', HOLD, true)).toEqual({ kind: 'same' });
    expect(mergeField('{"holdApplicationUntilProxyStarts": true, "concurrency": 2}', HOLD, true)).toEqual({ kind: 'same' });
  });

  it('explicitly false, or not a boolean: the user value is reported, not changed', () => {
    expect(mergeField('holdApplicationUntilProxyStarts: false\n', HOLD, true)).toEqual({ kind: 'other', current: false });
    expect(mergeField('holdApplicationUntilProxyStarts: "true"\n', HOLD, true)).toEqual({ kind: 'other', current: 'true' });
  });

  it('not a map: unreadable', () => {
    expect(mergeField('- a\n- b\n', HOLD, true).kind).toBe('unreadable');
    expect(mergeField('just text', HOLD, true).kind).toBe('unreadable');
    expect(mergeField('a: [1\n', HOLD, true).kind).toBe('unreadable');
    expect(mergeField('a: 1\na: 2\n', HOLD, true).kind).toBe('unreadable');
  });

  it('a map that is not plain (tagged, odd keys, aliases): left as written, with the reason (issue 28)', () => {
    const why = (text: string) => {
      const m = mergeField(text, HOLD, true);
      return m.kind === 'unreadable' ? m.why : m.kind;
    };
    expect(why('!!set\n? concurrency\n? drainDuration\n')).toBe('it is tagged tag:yaml.org,2002:set, not a plain map');
    expect(why('!!omap\n- concurrency: 2\n')).toBe('it is not a map');
    expect(why('!custom {concurrency: 2}')).toMatch(/^it is tagged !custom/);
    expect(why('? [a, b]\n: 1\n')).toBe('it has a key that is not a plain string');
    expect(why('1: a\n')).toBe('it has a key that is not a plain string');
    expect(why('? \n: a\n')).toBe('it has a key that is not a plain string');
    expect(why('<<: {concurrency: 2}\n')).toBe('it has a key that is not a plain string');
    expect(why('a: &x {b: 1}\nc: *x\n')).toBe('it uses an alias');
    // quoted string keys are plain strings: merged
    expect(why('"1": a\n')).toBe('set');
  });

  it('is idempotent', () => {
    for (const text of [undefined, 'concurrency: 2\n', '{"concurrency": 2}', '{\n  "a": 1\n}', '{a: 1}']) {
      expect(mergeField(set(text), HOLD, true)).toEqual({ kind: 'same' });
    }
  });
});

type Obj = Record<string, unknown>;

function workload(kind: string, podMeta: Obj = {}, namespace?: string, containers: Obj[] = [{ name: 'app', image: 'app:1', command: ['/app'] }]) {
  const pod = { metadata: podMeta, spec: { containers } };
  const obj: Obj =
    kind === 'Pod'
      ? { apiVersion: 'v1', kind, metadata: { name: 'p', ...(namespace && { namespace }), ...podMeta }, spec: { ...pod.spec, restartPolicy: 'Never' } }
      : { apiVersion: kind === 'Job' ? 'batch/v1' : 'apps/v1', kind, metadata: { name: 'w', ...(namespace && { namespace }) }, spec: { template: pod } };
  return makeWorkload(obj, kind === 'Pod' ? [] : ['spec', 'template'])!;
}

function ctxFor(mesh: Obj, w: ReturnType<typeof workload>, opts: { kubernetesVersion?: string; facts?: InputFacts; spec?: Obj } = {}) {
  // Classic sidecars unless the case gives a version (the hold and shutdown switches are for them).
  const { config, errors } = loadConfig(typed({ mesh, kubernetesVersion: opts.kubernetesVersion ?? '1.28', ...opts.spec }));
  expect(errors).toEqual([]);
  const results: Result[] = [];
  return { ctx: makeCtx(config, w, results, opts.facts ?? noFacts()), results };
}

function nsFacts(name: string, labels: Record<string, string> = {}, annotations: Record<string, string> = {}): InputFacts {
  const facts = noFacts();
  facts.namespaces.set(name, { labels, annotations });
  return facts;
}

describe('which pods are meshed', () => {
  it('nothing visible: meshed when the mesh is configured', () => {
    const { ctx } = ctxFor({ istio: {} }, workload('Deployment'));
    expect(injection(ctx, 'istio')).toEqual({ meshed: true, reason: 'mesh.istio is configured and the input has no Namespace default to say otherwise' });
  });

  it('the pod template opts out (label or annotation), and wins over its Namespace', () => {
    const facts = nsFacts('prod', { 'istio-injection': 'enabled' });
    for (const meta of [{ labels: { 'sidecar.istio.io/inject': 'false' } }, { annotations: { 'sidecar.istio.io/inject': 'false' } }]) {
      const { ctx } = ctxFor({ istio: {} }, workload('Job', meta, 'prod'), { facts });
      expect(injection(ctx, 'istio').meshed).toBe(false);
    }
    const { ctx } = ctxFor({ linkerd: {} }, workload('Deployment', { annotations: { 'linkerd.io/inject': 'disabled' } }));
    expect(injection(ctx, 'linkerd')).toEqual({ meshed: false, reason: 'the pod template has annotation linkerd.io/inject: "disabled"' });
  });

  it('a Namespace in the input decides when the pod template says nothing', () => {
    const cases: [Obj, InputFacts, boolean, string][] = [
      [{ istio: {} }, nsFacts('prod', { 'istio-injection': 'enabled' }), true, 'Namespace prod has label istio-injection: "enabled"'],
      [{ istio: {} }, nsFacts('prod', { 'istio.io/rev': 'canary' }), true, 'Namespace prod has label istio.io/rev: "canary"'],
      [
        { istio: {} },
        nsFacts('prod', { 'istio-injection': 'disabled', 'istio.io/rev': 'canary' }),
        false,
        'Namespace prod has label istio-injection: "disabled"',
      ],
      [{ istio: {} }, nsFacts('prod', { team: 'a' }), false, 'Namespace prod in the input does not enable istio injection'],
      [{ linkerd: {} }, nsFacts('prod', {}, { 'linkerd.io/inject': 'enabled' }), true, 'Namespace prod has annotation linkerd.io/inject: "enabled"'],
      [{ kuma: {} }, nsFacts('prod', { 'kuma.io/sidecar-injection': 'enabled' }), true, 'Namespace prod has label kuma.io/sidecar-injection: "enabled"'],
    ];
    for (const [mesh, facts, meshed, reason] of cases) {
      const { ctx } = ctxFor(mesh, workload('Deployment', {}, 'prod'), { facts });
      expect(injection(ctx, Object.keys(mesh)[0] as 'istio')).toEqual({ meshed, reason, ...(meshed && { evidence: true }) });
    }
  });

  it('Dapr and the Vault agent inject only pods that ask', () => {
    const { ctx } = ctxFor({ dapr: {}, vault: {} }, workload('Job'));
    expect(meshedSidecars(ctx)).toEqual([]);
    const asked = workload('Job', { annotations: { 'dapr.io/enabled': 'true', 'vault.hashicorp.com/agent-inject': 'true' } });
    expect(meshedSidecars(ctxFor({ dapr: {}, vault: {} }, asked).ctx).map((s) => s.profile)).toEqual(['dapr', 'vault']);
  });

  it('each marker counts only where its injector reads it (issue 14: no wait for a proxy that never comes)', () => {
    const bare = nsFacts('prod');
    const cases: [Obj, Obj, InputFacts, boolean, string][] = [
      // Istio's webhooks select by label; the pod annotation can only opt out.
      [{ istio: {} }, { annotations: { 'sidecar.istio.io/inject': 'true' } }, bare, false, 'Namespace prod in the input does not enable istio injection'],
      [{ istio: {} }, { labels: { 'sidecar.istio.io/inject': 'true' } }, bare, true, 'the pod template has label sidecar.istio.io/inject: "true"'],
      [
        { istio: {} },
        { labels: { 'istio.io/dataplane-mode': 'ambient' } },
        nsFacts('prod', { 'istio.io/rev': 'x' }),
        false,
        'the pod template has label istio.io/dataplane-mode: "ambient"',
      ],
      [{ istio: {} }, {}, nsFacts('prod', { 'istio.io/dataplane-mode': 'ambient' }), false, 'Namespace prod has label istio.io/dataplane-mode: "ambient"'],
      // Linkerd reads annotations; Dapr and Vault read pod annotations only.
      [{ linkerd: {} }, { labels: { 'linkerd.io/inject': 'enabled' } }, bare, false, 'Namespace prod in the input does not enable linkerd injection'],
      [{ dapr: {} }, { labels: { 'dapr.io/enabled': 'true' } }, bare, false, 'the pod template does not ask for dapr injection (dapr.io/enabled)'],
      [
        { vault: {} },
        { labels: { 'vault.hashicorp.com/agent-inject': 'true' } },
        bare,
        false,
        'the pod template does not ask for vault injection (vault.hashicorp.com/agent-inject)',
      ],
    ];
    for (const [mesh, meta, facts, meshed, reason] of cases) {
      const { ctx } = ctxFor(mesh, workload('Job', meta, 'prod'), { facts });
      expect(injection(ctx, Object.keys(mesh)[0] as 'istio'), JSON.stringify(meta)).toEqual({ meshed, reason, ...(meshed && { evidence: true }) });
    }
  });

  it('a sidecar already in the manifest is not injected again', () => {
    const w = workload('Deployment', {}, undefined, [
      { name: 'app', image: 'a' },
      { name: 'istio-proxy', image: 'proxyv2' },
    ]);
    const { ctx, results } = ctxFor({ istio: {} }, w);
    expect(injection(ctx, 'istio')).toEqual({ meshed: false, reason: 'istio-proxy is already in the manifest' });
    applyMesh(ctx);
    expect(results).toEqual([]);
  });
});

describe('annotations and meshedSidecars', () => {
  it('Istio on a Deployment, classic: the hold annotation, on the pod template only', () => {
    const w = workload('Deployment');
    const { ctx, results } = ctxFor({ istio: {} }, w);
    applyMesh(ctx);
    expect(podAnnotations(w)).toEqual({ 'proxy.istio.io/config': 'holdApplicationUntilProxyStarts: true\n' });
    expect(w.metadata.annotations).toBeUndefined();
    expect(results.map((r) => [r.severity, r.field?.path])).toEqual([['info', 'spec.template.metadata.annotations["proxy.istio.io/config"]']]);
    expect(meshedSidecars(ctx)).toEqual([
      {
        profile: 'istio',
        container: 'istio-proxy',
        native: false,
        readiness: { http: 'http://127.0.0.1:15021/healthz/ready' },
        shutdown: { http: 'http://127.0.0.1:15020/quitquitquit', method: 'POST' },
        reason: 'mesh.istio is configured and the input has no Namespace default to say otherwise',
      },
    ]);
  });

  it('native follows kubernetesVersion under auto; explicit false is written', () => {
    const w = workload('Job');
    const { ctx } = ctxFor({ istio: {} }, w, { kubernetesVersion: '1.30' });
    applyMesh(ctx);
    expect(podAnnotations(w)['sidecar.istio.io/nativeSidecar']).toBe('true');
    expect(meshedSidecars(ctx)[0]).toMatchObject({ native: true });
    expect(meshedSidecars(ctx)[0]!.shutdown).toBeUndefined();

    const old = workload('Job');
    applyMesh(ctxFor({ istio: {} }, old, { kubernetesVersion: '1.28' }).ctx);
    expect(podAnnotations(old)['sidecar.istio.io/nativeSidecar']).toBeUndefined();

    const off = workload('Job');
    applyMesh(ctxFor({ istio: { native: false } }, off, { kubernetesVersion: '1.30' }).ctx);
    expect(podAnnotations(off)['sidecar.istio.io/nativeSidecar']).toBe('false');
  });

  // linkerd/linkerd2@version-2.15..2.20:pkg/k8s/labels.go: alpha read by all, beta from 2.19, GA from 2.20.
  it('Linkerd: the native key follows mesh.linkerd.version (unknown: alpha, read by every release)', () => {
    const keyFor = (version?: string) => {
      const w = workload('Deployment');
      applyMesh(ctxFor({ linkerd: { native: true, ...(version && { version }) } }, w, { kubernetesVersion: '1.30' }).ctx);
      return Object.keys(podAnnotations(w)).filter((k) => k.includes('native'));
    };
    expect(keyFor()).toEqual(['config.alpha.linkerd.io/proxy-enable-native-sidecar']);
    expect(keyFor('2.19')).toEqual(['config.beta.linkerd.io/proxy-enable-native-sidecar']);
    expect(keyFor('2.15')).toEqual(['config.alpha.linkerd.io/proxy-enable-native-sidecar']);
    expect(keyFor('stable-2.18.2')).toEqual(['config.alpha.linkerd.io/proxy-enable-native-sidecar']);
    expect(keyFor('2.20')).toEqual(['config.linkerd.io/proxy-enable-native-sidecar']);
  });

  it('Linkerd on a classic Job: await and the shutdown endpoint; none of it when terminateSidecars is off', () => {
    const w = workload('Job');
    const { ctx } = ctxFor({ linkerd: {} }, w);
    applyMesh(ctx);
    expect(podAnnotations(w)).toEqual({ 'config.linkerd.io/proxy-await': 'enabled', 'config.linkerd.io/proxy-admin-shutdown': 'enabled' });
    expect(meshedSidecars(ctx)[0]!.shutdown).toEqual({ http: 'http://127.0.0.1:4191/shutdown', method: 'POST' });

    const kept = workload('Job');
    const off = ctxFor({ linkerd: {} }, kept, { spec: { jobs: { terminateSidecars: false } } }).ctx;
    applyMesh(off);
    expect(podAnnotations(kept)).toEqual({ 'config.linkerd.io/proxy-await': 'enabled' });
    expect(meshedSidecars(off)[0]!.shutdown).toBeUndefined();
  });

  it('Vault on Jobs: pre-populate-only (no sidecar), else the quit endpoint; nothing for Deployments', () => {
    const inject = { annotations: { 'vault.hashicorp.com/agent-inject': 'true' } };
    const pre = workload('Job', structuredClone(inject));
    const preCtx = ctxFor({ vault: { prePopulateOnly: true } }, pre).ctx;
    applyMesh(preCtx);
    expect(podAnnotations(pre)['vault.hashicorp.com/agent-pre-populate-only']).toBe('true');
    expect(podAnnotations(pre)['vault.hashicorp.com/agent-enable-quit']).toBeUndefined();
    expect(meshedSidecars(preCtx)).toEqual([]);

    const quit = workload('Job', structuredClone(inject));
    const quitCtx = ctxFor({ vault: {} }, quit).ctx;
    applyMesh(quitCtx);
    expect(podAnnotations(quit)['vault.hashicorp.com/agent-enable-quit']).toBe('true');
    expect(meshedSidecars(quitCtx)[0]).toMatchObject({
      profile: 'vault',
      native: false,
      shutdown: { http: 'http://127.0.0.1:8200/agent/v1/quit', method: 'POST' },
    });
    expect(meshedSidecars(quitCtx)[0]!.readiness).toBeUndefined();

    // The user's "false" on pre-populate-only leaves a sidecar: it gets the quit endpoint.
    const no = workload('Job', { annotations: { ...inject.annotations, 'vault.hashicorp.com/agent-pre-populate-only': 'false' } });
    applyMesh(ctxFor({ vault: { prePopulateOnly: true } }, no).ctx);
    expect(podAnnotations(no)['vault.hashicorp.com/agent-enable-quit']).toBe('true');

    const d = workload('Deployment', structuredClone(inject));
    applyMesh(ctxFor({ vault: { prePopulateOnly: true } }, d).ctx);
    expect(podAnnotations(d)).toEqual(inject.annotations);
  });

  it('a contrary per-pod value wins: warned when it lets the app start first, silent otherwise', () => {
    const w = workload('Deployment', {
      annotations: { 'proxy.istio.io/config': 'holdApplicationUntilProxyStarts: false\n', 'sidecar.istio.io/nativeSidecar': 'false' },
    });
    const { ctx, results } = ctxFor({ istio: {} }, w, { kubernetesVersion: '1.30' });
    applyMesh(ctx);
    expect(podAnnotations(w)['proxy.istio.io/config']).toBe('holdApplicationUntilProxyStarts: false\n');
    expect(podAnnotations(w)['sidecar.istio.io/nativeSidecar']).toBe('false');
    expect(results.map((r) => r.severity)).toEqual(['warning']);
    expect(results[0]!.message).toContain('holdApplicationUntilProxyStarts: false');

    // Under a native Istio sidecar the startupProbe holds the app: nothing to warn about.
    const i = workload('Deployment', {
      labels: { 'sidecar.istio.io/inject': 'true' },
      annotations: { 'proxy.istio.io/config': 'holdApplicationUntilProxyStarts: false\n' },
    });
    const ic = ctxFor({ istio: { native: true } }, i, { kubernetesVersion: '1.30' });
    applyMesh(ic.ctx);
    expect(ic.results.map((r) => r.severity)).toEqual(['info']);
    // Linkerd gives a native proxy its startupProbe only with proxy-await on
    // (linkerd/linkerd2@version-2.20:charts/partials/templates/_proxy.tpl): disabled, it holds nothing.
    const n = workload('Deployment', { annotations: { 'config.linkerd.io/proxy-await': 'disabled' } });
    const nc = ctxFor({ linkerd: { native: true } }, n, { kubernetesVersion: '1.30' });
    applyMesh(nc.ctx);
    expect(nc.results.map((r) => r.severity)).toEqual(['info', 'warning']);
    expect(nc.results[1]!.message).toContain('config.linkerd.io/proxy-await: "disabled"');
  });

  it('an unreadable proxy.istio.io/config is left alone with a warning', () => {
    const w = workload('Deployment', { annotations: { 'proxy.istio.io/config': '- not a map\n' } });
    const { ctx, results } = ctxFor({ istio: {} }, w);
    applyMesh(ctx);
    expect(podAnnotations(w)['proxy.istio.io/config']).toBe('- not a map\n');
    expect(results.map((r) => r.severity)).toEqual(['warning']);
  });

  it('a second run adds and reports nothing', () => {
    const w = workload('Job', { annotations: { 'dapr.io/enabled': 'true' } });
    const mesh = { istio: {}, linkerd: {}, kuma: {}, dapr: { native: true }, vault: {} };
    const first = ctxFor(mesh, w, { kubernetesVersion: '1.30' });
    applyMesh(first.ctx);
    const after = structuredClone(podAnnotations(w));
    const second = ctxFor(mesh, w, { kubernetesVersion: '1.30' });
    applyMesh(second.ctx);
    expect(podAnnotations(w)).toEqual(after);
    expect(second.results).toEqual([]);
  });
});

describe('config', () => {
  it('mesh.linkerd.version must be a 2.N version, with native sidecars from 2.15', () => {
    expect(loadConfig(typed({ mesh: { linkerd: { version: 'edge-25.1.1' } } })).errors.map((e) => e.message)).toEqual([
      `spec.mesh.linkerd.version: 'edge-25.1.1' is not a Linkerd version; write the 2.N it is or corresponds to, for example "2.18"`,
    ]);
    expect(loadConfig(typed({ mesh: { linkerd: { version: '2.14', native: true } } })).errors.map((e) => e.field?.path)).toEqual(['spec.mesh.linkerd.native']);
  });
});

describe('a native daprd holds nothing (dapr table: nativeUnprobed)', () => {
  const asked = { annotations: { 'dapr.io/enabled': 'true' } };
  const note = (results: Result[]) => results.filter((r) => r.message.startsWith('native daprd holds nothing'));

  it('says so with the change: a warning with the classic fix in a Job, an info in a Deployment', () => {
    const job = ctxFor({ dapr: { native: true, version: '1.18.0' } }, workload('Job', structuredClone(asked)), { kubernetesVersion: '1.30' });
    applyMesh(job.ctx);
    expect(podAnnotations(job.ctx.w)['dapr.io/enable-native-sidecar']).toBe('true');
    expect(note(job.results).map((r) => [r.severity, r.fix])).toEqual([['warning', 'mesh.dapr.native: false']]);
    expect(note(job.results)[0]!.detail).toContain('http://127.0.0.1:3500/v1.0/healthz/outbound');

    const deploy = ctxFor({ dapr: { native: true } }, workload('Deployment', structuredClone(asked)), { kubernetesVersion: '1.30' });
    applyMesh(deploy.ctx);
    expect(note(deploy.results).map((r) => [r.severity, r.fix])).toEqual([['info', undefined]]);
  });

  it("is the table's fact, for every mesh whose native key it writes: Istio and Linkerd say nothing until their row says so", () => {
    const holdsNothing = (mesh: 'istio' | 'linkerd', native: boolean | 'auto' = true) => {
      const run = ctxFor({ [mesh]: { native } }, workload('Job'), { kubernetesVersion: '1.30' });
      applyMesh(run.ctx);
      return run.results.filter((r) => / holds nothing: /.test(r.message)).map((r) => [r.severity, r.message.split(':')[0], r.field?.path]);
    };
    expect(holdsNothing('istio')).toEqual([]);
    expect(holdsNothing('linkerd')).toEqual([]);
    // The same rows flipped in a test double of the tables: the same check speaks for them.
    const flipped: Fact<true>[] = [{ value: true, source: 'test double', quote: 'flipped' }];
    const tables = [tableOf('istio'), tableOf('linkerd')];
    const was = tables.map((t) => t.nativeUnprobed);
    try {
      for (const t of tables) t.nativeUnprobed = flipped;
      expect(holdsNothing('istio')).toEqual([
        ['warning', 'native istio-proxy holds nothing', 'spec.template.metadata.annotations["sidecar.istio.io/nativeSidecar"]'],
      ]);
      expect(holdsNothing('linkerd')).toEqual([
        ['warning', 'native linkerd-proxy holds nothing', expect.stringMatching(/^spec\.template\.metadata\.annotations\["/)],
      ]);
      // Only where it asks for a native sidecar: native false writes the key, but a classic sidecar.
      expect(holdsNothing('istio', false)).toEqual([]);
      expect(holdsNothing('istio', 'auto')).toHaveLength(1);
    } finally {
      tables.forEach((t, i) => (t.nativeUnprobed = was[i]));
    }
    expect(holdsNothing('istio')).toEqual([]);
  });

  it('says nothing where the pod already asked for it (the choice of its author, not a change)', () => {
    const own = { annotations: { ...asked.annotations, 'dapr.io/enable-native-sidecar': 'true' } };
    const mine = ctxFor({ dapr: { native: true } }, workload('Job', own), { kubernetesVersion: '1.30' });
    applyMesh(mine.ctx);
    expect(note(mine.results)).toEqual([]);
  });
});
