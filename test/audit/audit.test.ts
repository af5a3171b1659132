/**
 * audit on live objects (src/audit/): each finding from the status that shows it, with its
 * evidence and the fix the engine names, and nothing on pods whose status shows nothing wrong.
 */
import { describe, expect, it } from 'vitest';
import { webhookObjects } from '../../src/admission/manifests.js';
import { audit } from '../../src/audit/index.js';
import { defectsOf } from '../../src/audit/kubelet.js';
import { loadConfig } from '../../src/config/load.js';
import { app, at, cronJob, deployment, done, istio, job, node, pod, running, T0, webhooks } from '../helpers/live.js';

const cfg = loadConfig(undefined).config;
const withRules = (rules: Record<string, string>) =>
  loadConfig({ apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'x' }, spec: { rules } }).config;

const classicJob = { restartPolicy: 'Never', containers: [app('export'), istio()] };

function stuckCron(n = 1) {
  const cron = cronJob('nightly', 'batch', classicJob);
  const j = job('nightly-29000000', 'batch', classicJob, cron);
  const pods = Array.from({ length: n }, (_, i) =>
    pod(`nightly-29000000-p${i}`, j, classicJob, { phase: 'Running', containerStatuses: [done('export', 5, 600), running('istio-proxy', 3)] }, { node: 'n1' }),
  );
  return [cron, j, ...pods, node('n1', 'v1.30.4', 7200)];
}

describe('job-sidecar-blocks-completion from status', () => {
  it('a Job pod whose app ended while its classic sidecar runs is stuck: how long, which sidecar, which Job and CronJob, how many', () => {
    const r = audit(stuckCron(3), cfg);
    const stuck = r.findings.filter((f) => f.rule === 'job-sidecar-blocks-completion');
    expect(stuck).toHaveLength(3);
    const f = stuck[0]!;
    expect(f.severity).toBe('error');
    expect(f.object).toEqual({ kind: 'Pod', namespace: 'batch', name: 'nightly-29000000-p0' });
    expect(f.owner).toBe('CronJob/batch/nightly');
    expect(f.container).toBe('istio-proxy');
    // The dump's newest timestamp (the node's heartbeat, T0 + 2h) is "now": stuck since T0 + 600 s.
    expect(r.nowFrom).toBe('dump');
    expect(f.evidence.stuckSeconds).toBe(7200 - 600);
    expect(f.message).toContain('stuck for 1h50m');
    expect(f.message).toContain('Job/batch/nightly-29000000');
    expect(f.evidence.stuckPodsOfOwner).toBe(3);
    expect(f.detail).toContain(`export exited 0 at ${at(600)}`);
    // The engine says fix would change the CronJob: the fix names its manifest.
    expect(f.fix).toBe('pod-sequencer fix <the manifest of CronJob/batch/nightly>');
    expect(f.detail).toMatch(/pod-sequencer fix would change CronJob\/batch\/nightly: .*istio-proxy/);
  });

  it('--now wins over the dump; a config named on the command line is in the fix', () => {
    const r = audit(stuckCron(), cfg, { now: T0 + 3 * 86400_000, config: 'my config.yaml' });
    const f = r.findings.find((x) => x.rule === 'job-sidecar-blocks-completion')!;
    expect(r.nowFrom).toBe('option');
    expect(f.message).toContain('stuck for 2d23h');
    expect(f.fix).toBe("pod-sequencer fix --config 'my config.yaml' <the manifest of CronJob/batch/nightly>");
  });

  it('a sidecar injected at admission: the fix is the mesh in the config, as the engine says', () => {
    const template = { restartPolicy: 'Never', containers: [app('export')] };
    const j = job('once', 'batch', template);
    const p = pod('once-abc', j, classicJob, { phase: 'Running', containerStatuses: [done('export', 5, 60), running('istio-proxy', 3)] });
    const f = audit([j, p], cfg).findings.find((x) => x.rule === 'job-sidecar-blocks-completion')!;
    expect(f.fix).toBe('spec.mesh.istio: {} in the config, then pod-sequencer fix <the manifest of Job/batch/once>');
    expect(f.detail).toContain('injected by istio at admission');
  });

  it('not stuck: the app still runs, the pod completed, the sidecar is native, a Deployment', () => {
    const j = job('j', 'batch', classicJob);
    const nativeJob = { restartPolicy: 'Never', initContainers: [{ ...istio(), restartPolicy: 'Always' }], containers: [app('export')] };
    const pods = [
      pod('a', j, classicJob, { phase: 'Running', containerStatuses: [running('export', 5), running('istio-proxy', 3)] }),
      pod('b', j, classicJob, { phase: 'Succeeded', containerStatuses: [done('export', 5, 60), done('istio-proxy', 3, 61)] }),
      pod('c', job('n', 'batch', nativeJob), nativeJob, {
        phase: 'Running',
        initContainerStatuses: [running('istio-proxy', 3)],
        containerStatuses: [running('export', 5)],
      }),
    ];
    const d = deployment('web', 'shop', { containers: [app('web'), istio()] });
    pods.push(
      pod('web-1', d, { containers: [app('web'), istio()] }, { phase: 'Running', containerStatuses: [done('web', 1, 2, 1), running('istio-proxy', 3)] }),
    );
    expect(audit([j, ...pods, d], cfg).findings.filter((f) => f.rule === 'job-sidecar-blocks-completion')).toEqual([]);
  });

  it('spec.rules sets the severity or turns it off; an annotation with a reason suppresses it there', () => {
    expect(audit(stuckCron(), withRules({ 'job-sidecar-blocks-completion': 'warning' })).findings[0]!.severity).toBe('warning');
    expect(
      audit(stuckCron(), withRules({ 'job-sidecar-blocks-completion': 'off' })).findings.filter((f) => f.rule === 'job-sidecar-blocks-completion'),
    ).toEqual([]);
    const objs = stuckCron();
    (objs[2]!.metadata as Record<string, unknown>).annotations = {
      'pod-sequencer.dev/ignore.job-sidecar-blocks-completion': 'a reaper ends it within the hour',
    };
    expect(audit(objs, cfg).findings[0]!.suppressed).toBe('a reaper ends it within the hour');
    (objs[2]!.metadata as Record<string, unknown>).annotations = { 'pod-sequencer.dev/ignore.job-sidecar-blocks-completion': 'true' };
    expect(audit(objs, cfg).findings[0]!.suppressed).toBeUndefined();
  });
});

describe('start-order-race', () => {
  const spec = { containers: [app('web'), istio()] };
  it('an app whose failed run began before its sidecar started', () => {
    const d = deployment('web', 'shop', spec);
    const p = pod('web-1', d, spec, {
      phase: 'Running',
      containerStatuses: [
        running('web', 20, { restartCount: 2, lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: at(1), finishedAt: at(2) } } }),
        running('istio-proxy', 3),
      ],
    });
    const f = audit([d, p], cfg).findings.find((x) => x.rule === 'start-order-race')!;
    expect(f.container).toBe('web');
    expect(f.evidence).toMatchObject({ restartCount: 2, sidecar: 'istio-proxy', sidecarStartedAt: at(3) });
    expect(f.detail).toContain(`started at ${at(1)}, before istio-proxy started (${at(3)})`);
    expect(f.fix).toBe('pod-sequencer fix <the manifest of Deployment/shop/web>');
  });

  it('no race: the app restarted after the sidecar was up and ready, or exited 0', () => {
    const d = deployment('web', 'shop', spec);
    const later = pod('web-1', d, spec, {
      phase: 'Running',
      containerStatuses: [
        running('web', 90, { restartCount: 1, lastState: { terminated: { exitCode: 137, startedAt: at(10), finishedAt: at(80) } } }),
        running('istio-proxy', 3),
      ],
    });
    const clean = pod('web-2', d, spec, {
      phase: 'Running',
      containerStatuses: [
        running('web', 20, { restartCount: 1, lastState: { terminated: { exitCode: 0, startedAt: at(1), finishedAt: at(2) } } }),
        running('istio-proxy', 3),
      ],
    });
    expect(audit([d, later, clean], cfg).findings.filter((f) => f.rule === 'start-order-race')).toEqual([]);
  });
});

describe('native sidecars in Init; stripped by a webhook', () => {
  const nativeSpec = {
    restartPolicy: 'Never',
    initContainers: [{ ...istio(), restartPolicy: 'Always', startupProbe: { httpGet: { path: '/healthz/ready', port: 15021 } } }],
    containers: [app('export')],
  };
  const initStatus = (restarts: number) => ({
    phase: 'Pending',
    startTime: at(0),
    initContainerStatuses: [
      running('istio-proxy', 30, {
        ready: false,
        started: false,
        restartCount: restarts,
        lastState: { terminated: { exitCode: 1, startedAt: at(1), finishedAt: at(2) } },
      }),
    ],
    containerStatuses: [{ name: 'export', ready: false, restartCount: 0, state: { waiting: { reason: 'PodInitializing' } } }],
  });

  it('a restarted native sidecar never started holds the pod in Init; on a kubelet with #132826 the fix is the upgrade', () => {
    const j = job('j', 'batch', nativeSpec);
    const p = pod('j-1', j, nativeSpec, initStatus(1), { node: 'n1' });
    const r = audit([j, p, node('n1', 'v1.34.1')], cfg);
    const f = r.findings.find((x) => x.rule === 'native-sidecar-stuck-init')!;
    expect(f.fix).toBe('upgrade the kubelet of node n1 to 1.34.2 (or any later release)');
    expect(f.evidence).toMatchObject({ restartCount: 1, started: false, defect: 'kubernetes/kubernetes#132826' });
    const n = r.findings.find((x) => x.rule === 'kubelet-sidecar-defect')!;
    expect(n.object).toEqual({ kind: 'Node', name: 'n1' });
    expect(n.evidence).toMatchObject({ pods: 1, named: ['Pod/batch/j-1'] });
  });

  it('on a fixed kubelet: no defect, the fix bounds the pod; a fresh pod (no restart, 2 minutes) is not stuck', () => {
    const j = job('j', 'batch', nativeSpec);
    const r = audit([j, pod('j-1', j, nativeSpec, initStatus(1), { node: 'n1' }), node('n1', 'v1.34.2')], cfg);
    expect(r.findings.map((f) => f.rule)).toEqual(['native-sidecar-stuck-init']);
    expect(r.findings[0]!.fix).toMatch(/^activeDeadlineSeconds: 600/);
    const fresh = audit([j, pod('j-2', j, nativeSpec, initStatus(0))], cfg, { now: T0 + 120_000 });
    expect(fresh.findings).toEqual([]);
  });

  it('the template says native, the pod does not: stripped', () => {
    const j = job('j', 'batch', nativeSpec);
    const strippedSpec = { restartPolicy: 'Never', initContainers: [{ ...istio() }], containers: [app('export')] };
    const f = audit([j, pod('j-1', j, strippedSpec, { phase: 'Pending' })], cfg).findings.find((x) => x.rule === 'native-sidecar-stripped')!;
    expect(f.message).toContain('istio-proxy is a native sidecar in Job/batch/j');
    expect(f.evidence.pod).toBe('an init container without restartPolicy: Always');
    expect(f.fix).toBe('pod-sequencer webhook manifests | kubectl apply -f -');
  });
});

describe('sequencing-drift', () => {
  it('a Job pod without the template wrapper, seq-tools and order: certain (a Job template does not change)', () => {
    const wrappedSpec = {
      restartPolicy: 'Never',
      initContainers: [{ name: 'seq-tools', image: 'busybox:1.37.0-musl' }],
      containers: [istio(), app('export', { command: ['/.seq/busybox', 'sh', '-c', '. x', 'pod-sequencer-wrap', '--', '/app/export'] })],
    };
    const j = job('j', 'batch', wrappedSpec);
    const p = pod(
      'j-1',
      j,
      { restartPolicy: 'Never', containers: [app('export'), istio()] },
      { phase: 'Running', containerStatuses: [running('export', 1), running('istio-proxy', 1)] },
    );
    const f = audit([j, p], cfg).findings.find((x) => x.rule === 'sequencing-drift')!;
    expect(f.evidence.lost).toEqual(['init container seq-tools', 'the wrapper of export', 'istio-proxy before export']);
    expect(f.evidence.current).toBe(true);
    expect(f.fix).toBe('pod-sequencer webhook manifests | kubectl apply -f -');
  });

  it('a Deployment pod may predate the template: the fix is a rollout; a pod more sequenced than its template is no drift', () => {
    const d = deployment('web', 'shop', { containers: [istio(), app('web')] });
    const old = pod('web-1', d, { containers: [app('web'), istio()] }, { phase: 'Running' });
    const f = audit([d, old], cfg).findings.find((x) => x.rule === 'sequencing-drift')!;
    expect(f.fix).toBe('kubectl rollout restart deployment/web -n shop');
    const plain = deployment('api', 'shop', { containers: [app('api'), istio()] });
    const better = pod('api-1', plain, { containers: [istio(), app('api')] }, { phase: 'Running' });
    expect(audit([plain, better], cfg).findings).toEqual([]);
  });
});

describe('the mutating webhook chain', () => {
  const meshed = () => {
    const d = deployment('web', 'shop', { containers: [app('web')] });
    return [d, pod('web-1', d, { containers: [app('web'), istio()] }, { phase: 'Running' })];
  };

  it('in API-server order; Istio reinvoked and pod-sequencer Never with a webhook after it are findings', () => {
    const objs = [
      webhooks('vault-agent-injector-cfg', [{ name: 'vault.hashicorp.com' }]),
      webhooks('pod-sequencer', [{ name: 'pods.pod-sequencer.dev', reinvocationPolicy: 'Never' }]),
      webhooks('istio-sidecar-injector', [{ name: 'rev.namespace.sidecar-injector.istio.io', reinvocationPolicy: 'IfNeeded', service: 'istiod' }]),
      ...meshed(),
    ];
    const r = audit(objs, cfg);
    expect(r.chain.map((e) => `${e.configuration}/${e.webhook}`)).toEqual([
      'istio-sidecar-injector/rev.namespace.sidecar-injector.istio.io',
      'pod-sequencer/pods.pod-sequencer.dev',
      'vault-agent-injector-cfg/vault.hashicorp.com',
    ]);
    const found = r.findings.filter((f) => f.rule === 'mutating-webhook-reinvocation');
    expect(found.map((f) => f.object.name).sort()).toEqual(['istio-sidecar-injector', 'pod-sequencer']);
    expect(found.find((f) => f.object.name === 'pod-sequencer')!.evidence.later).toEqual(['vault.hashicorp.com']);
    expect(found.find((f) => f.object.name === 'istio-sidecar-injector')!.fix).toContain('"path":"/webhooks/0/reinvocationPolicy","value":"Never"');
  });

  it("takes the configuration `webhook manifests` writes for pod-sequencer's, first in the chain", () => {
    const ours = webhookObjects({ namespace: 'pod-sequencer', tls: 'cert-manager', failurePolicy: 'Ignore' }).find(
      (o) => o.kind === 'MutatingWebhookConfiguration',
    )!;
    const objs = [webhooks('istio-sidecar-injector', [{ name: 'namespace.sidecar-injector.istio.io', service: 'istiod' }]), ours as never, ...meshed()];
    const r = audit(objs, cfg);
    expect(r.chain.map((e) => e.configuration)).toEqual(['00-pod-sequencer', 'istio-sidecar-injector']);
    expect(r.findings).toEqual([]);
  });

  it('no pod-sequencer webhook where an injector added sidecars; none where nothing was injected', () => {
    const r = audit([webhooks('istio-sidecar-injector', [{ name: 'namespace.sidecar-injector.istio.io', service: 'istiod' }]), ...meshed()], cfg);
    expect(r.findings.map((f) => f.rule)).toEqual(['admission-webhook-missing']);
    expect(r.findings[0]!.evidence.podsWithInjectedSidecars).toBe(1);
    const plain = deployment('api', 'shop', { containers: [app('api')] });
    expect(
      audit(
        [webhooks('istio-sidecar-injector', [{ name: 'namespace.sidecar-injector.istio.io' }]), plain, pod('api-1', plain, { containers: [app('api')] }, {})],
        cfg,
      ).findings,
    ).toEqual([]);
  });
});

describe('kubelet defects table (src/audit/kubelet.ts)', () => {
  it.each([
    ['v1.28.9', true],
    ['v1.32.9-eks-1234', true],
    ['v1.33.5+k3s1', true],
    ['v1.33.6', false],
    ['v1.34.1-gke.100', true],
    ['v1.34.2', false],
    ['v1.35.0', false],
    ['v1.27.16', false],
  ])('%s: #132826 %s', (v, hit) => expect(defectsOf(v).length > 0).toBe(hit));
});

describe('objects the checks cannot read', () => {
  it('a pod with a field of the wrong type is an invalid-input finding; the others are audited', () => {
    const bad = pod('bad', undefined, { containers: 'oops' as never }, { phase: 'Running', containerStatuses: [done('x', 1, 2)] });
    const r = audit([bad, ...stuckCron()], cfg);
    expect(r.findings.map((f) => f.rule).sort()).toEqual(['invalid-input', 'job-sidecar-blocks-completion'].sort());
  });
});
