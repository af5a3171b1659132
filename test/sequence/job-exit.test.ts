/** Job exit and `wrap`, decision by decision (the golden cases fixtures/filter/job-* show whole manifests). */
import { describe, expect, it } from 'vitest';
import { runRules } from '../../src/check/index.js';
import { loadConfig } from '../../src/config/load.js';
import type { Config } from '../../src/config/types.js';
import type { Result } from '../../src/krm/types.js';
import { makeCtx } from '../../src/pod/context.js';
import { sequenceWorkload } from '../../src/sequence/index.js';
import { meshJobSidecar } from '../../src/sequence/job-exit.js';
import { parseToolsInstall, parseWrapper, sharedWrapper, wrapperCommand, type WrapperSpec } from '../../src/shell/index.js';
import { makeWorkload, type Container, type PodSpec } from '../../src/workloads/workload.js';

/** Classic sidecars unless the spec says otherwise: the Job wrapper is for them. */
function config(spec: Record<string, unknown> = {}): Config {
  spec = { kubernetesVersion: '1.28', ...spec };
  const { config, errors } = loadConfig({ apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'c' }, spec });
  expect(errors).toEqual([]);
  return config;
}

const istio: Container = { name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.24.2' };
const job = (containers: Container[], more: { restartPolicy?: string; annotations?: Record<string, string> } = {}) => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name: 'j', ...(more.annotations && { annotations: more.annotations }) },
  spec: { template: { spec: { restartPolicy: more.restartPolicy ?? 'Never', containers } } },
});

/** Runs the transform and the rules as apply mode does; returns the object and results. */
function apply(obj: Record<string, unknown>, cfg = config()) {
  const w = makeWorkload(obj, obj.kind === 'Pod' ? [] : ['spec', 'template'])!;
  const results: Result[] = [];
  const ctx = makeCtx(cfg, w, results);
  if (cfg.mode === 'apply') sequenceWorkload(ctx);
  runRules(ctx);
  return { obj, pod: w.pod as PodSpec, results, meta: (obj.spec as { template: { metadata?: { annotations?: Record<string, string> } } }).template.metadata };
}

const app = (pod: PodSpec, name = 'app') => pod.containers!.find((c) => c.name === name)!;
const wrapped = (c: Container) => parseWrapper(c.command!)!.spec;
const rules = (results: Result[]) => results.filter((r) => r.tags?.rule).map((r) => `${r.severity} ${r.tags!.rule}`);

describe('Job wrapper', () => {
  it('shuts down after any exit with restartPolicy Never, after success only with OnFailure', () => {
    for (const [policy, when] of [
      ['Never', 'always'],
      ['OnFailure', 'success'],
    ]) {
      const { pod } = apply(job([{ name: 'app', command: ['/app'] }, istio], { restartPolicy: policy }));
      expect(wrapped(app(pod))).toMatchObject({ mode: 'job', shutdownOn: when, argv: ['/app'] });
    }
  });

  it('keeps args untouched: Kubernetes appends them to the wrapper', () => {
    const { pod } = apply(job([{ name: 'app', command: ['/app'], args: ['--x', 'a b'] }, istio]));
    expect(app(pod).args).toEqual(['--x', 'a b']);
    expect(wrapped(app(pod)).argv).toEqual(['/app']);
  });

  it('wraps nothing with native sidecars, and takes an earlier wrapper off', () => {
    const first = apply(job([{ name: 'app', command: ['/app'] }, istio]));
    const again = apply(structuredClone(first.obj), config({ kubernetesVersion: '1.30' }));
    expect(app(again.pod).command).toEqual(['/app']);
    expect(again.pod.initContainers!.map((c) => c.name)).toEqual(['istio-proxy']);
    expect(again.results.map((r) => r.message)).toContain("removed the wrapper from app's command: no sidecar of this pod needs it any more");
  });

  it('running twice changes nothing; a changed config rebuilds the wrapper without wrapping it again', () => {
    const first = apply(job([{ name: 'app', command: ['/app'] }, istio]));
    const second = apply(structuredClone(first.obj));
    expect(second.obj).toEqual(first.obj);
    expect(second.results.filter((r) => r.severity === 'info')).toEqual([]);
    const changed = apply(structuredClone(first.obj), config({ sidecars: [{ profile: 'istio', timeoutSeconds: 9 }] }));
    expect(wrapped(app(changed.pod))).toMatchObject({ argv: ['/app'], checks: [{ timeoutSeconds: 9 }] });
  });

  it('inject: the app runs the shared wrapper that seq-tools writes; an inline wrapper of an older version becomes the shared form; image delivery goes back inline', () => {
    const first = apply(job([{ name: 'app', command: ['/app'] }, { name: 'exporter', command: ['/export'] }, istio]));
    const tools = first.pod.initContainers!.find((c) => c.name === 'seq-tools')!;
    const installed = parseToolsInstall(tools.command!.map(String))!;
    expect(installed).toMatchObject({ busybox: '/bin/busybox', toolsDir: '/.seq' });
    expect(installed.wrapper).toBe(sharedWrapper([wrapped(app(first.pod))]));
    for (const name of ['app', 'exporter']) expect(parseWrapper(app(first.pod, name).command!)).toMatchObject({ shared: true, spec: { mode: 'job' } });
    // As 0.1.0 wrote it: the whole script in each command, and a seq-tools that only copies busybox.
    const old = structuredClone(first.obj);
    const oldPod = (old.spec as { template: { spec: PodSpec } }).template.spec;
    for (const c of oldPod.containers!.filter((c) => c.name !== 'istio-proxy'))
      c.command = wrapperCommand(wrapped(c), { delivery: 'inject', toolsDir: '/.seq' }, 'inline');
    oldPod.initContainers!.find((c) => c.name === 'seq-tools')!.command = ['/bin/busybox', 'cp', '/bin/busybox', '/.seq/busybox'];
    expect(parseWrapper(app(oldPod).command!)?.shared).toBeUndefined();
    const upgraded = apply(old);
    expect(upgraded.obj).toEqual(first.obj);
    expect(upgraded.results.map((r) => r.message)).toContain(
      'updated init container seq-tools: the configured tools image and resources, and the shared wrapper its containers need',
    );
    // image delivery: inline again, and no seq-tools
    const image = apply(structuredClone(first.obj), config({ tools: { delivery: 'image' } }));
    expect(parseWrapper(app(image.pod).command!)).toMatchObject({ env: { delivery: 'image' } });
    expect(parseWrapper(app(image.pod).command!)?.shared).toBeUndefined();
    expect((image.pod.initContainers ?? []).map((c) => c.name)).not.toContain('seq-tools');
  });

  it('an entrypoint from the annotation wins over jobs.entrypoints; entries need every glob they give to match', () => {
    const cfg = config({
      jobs: {
        entrypoints: [
          { container: 'app', image: 'other/*', command: ['/wrong'] },
          { image: 'registry.example.com/*', command: ['/from-config'] },
        ],
      },
    });
    const c = (): Container => ({ name: 'app', image: 'registry.example.com/app:1', args: ['up'] });
    expect(wrapped(app(apply(job([c(), istio]), cfg).pod)).argv).toEqual(['/from-config']);
    const annotated = apply(job([c(), istio], { annotations: { 'pod-sequencer.dev/entrypoint.app': '["/run", "--flag"]' } }), cfg);
    expect(wrapped(app(annotated.pod)).argv).toEqual(['/run', '--flag']);
    expect(app(annotated.pod).args).toEqual(['up']);
  });

  it('missing-entrypoint: an error naming the container and both fixes; the workload is left exactly as it was', () => {
    const obj = job([istio, { name: 'app', image: 'x' }]);
    const before = structuredClone(obj);
    const { results } = apply(obj);
    expect(obj).toEqual(before);
    const error = results.find((r) => r.tags?.rule === 'missing-entrypoint')!;
    expect(error.severity).toBe('error');
    expect(error.field?.path).toBe('spec.template.spec.containers[1]');
    // Both fixes: the annotation as a config line, jobs.entrypoints in the why.
    expect(error.message).toBe('container app has no command, so it cannot be wrapped: this workload is left unchanged');
    expect(error.detail).toContain('jobs.entrypoints ({container: app, command: [...]})');
    expect(error.fix).toBe(`pod-sequencer.dev/entrypoint.app: '["/path/to/entrypoint"]'`);
    expect(results.filter((r) => r.severity === 'info')).toEqual([]);
  });

  it('a bad entrypoint annotation is an error naming it', () => {
    const { results } = apply(job([{ name: 'app', image: 'x' }, istio], { annotations: { 'pod-sequencer.dev/entrypoint.app': '/app --all' } }));
    const error = results.find((r) => r.severity === 'error');
    expect(error?.message).toBe('annotation pod-sequencer.dev/entrypoint.app is not a JSON list of strings: app cannot be wrapped');
    expect(error?.detail).toContain('it is "/app --all"');
  });

  it('check mode reports missing-entrypoint exactly as apply mode does', () => {
    const obj = job([{ name: 'app', image: 'x' }, istio]);
    const inApply = apply(structuredClone(obj)).results.filter((r) => r.tags?.rule === 'missing-entrypoint');
    const inCheck = apply(structuredClone(obj), { ...config(), mode: 'check' }).results.filter((r) => r.tags?.rule === 'missing-entrypoint');
    expect(inCheck).toEqual(inApply);
    expect(inCheck).toHaveLength(1);
  });

  it('signal shutdown: shareProcessNamespace, a K record, a warning on every run, never SYS_PTRACE', () => {
    const cfg = config({ sidecars: [{ profile: 'istio', shutdown: { signal: { process: 'pilot-agent' } } }] });
    const first = apply(job([{ name: 'app', command: ['/app'] }, istio]), cfg);
    expect(first.pod.shareProcessNamespace).toBe(true);
    expect(wrapped(app(first.pod)).kill).toEqual([{ name: 'istio-proxy', process: 'pilot-agent' }]);
    expect(JSON.stringify(first.pod)).not.toMatch(/SYS_PTRACE|pkill/);
    const second = apply(structuredClone(first.obj), cfg);
    expect(rules(second.results)).toContain('warning process-namespace-sharing');
  });

  // linkerd/linkerd2@version-2.16:charts/partials/templates/_proxy.tpl: the injector turns the
  // endpoint on with env LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED; a proxy already in the manifest
  // reads no pod annotation (issue 15).
  it('cloud-sql-proxy gets its shutdown flags; a linkerd-proxy in the manifest gets the env switch, not an annotation', () => {
    const sql = apply(
      job([
        { name: 'app', command: ['/app'] },
        { name: 'cloud-sql-proxy', image: 'x', args: ['--port=5432'] },
      ]),
    );
    expect(app(sql.pod, 'cloud-sql-proxy').args).toEqual(['--port=5432', '--health-check', '--quitquitquit', '--exit-zero-on-sigterm']);
    const l5d = apply(
      job([
        { name: 'app', command: ['/app'] },
        { name: 'linkerd-proxy', image: 'x' },
      ]),
    );
    expect(l5d.meta?.annotations).toBeUndefined();
    expect((app(l5d.pod, 'linkerd-proxy') as { env?: unknown }).env).toEqual([{ name: 'LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED', value: 'true' }]);
    const off = apply(
      job([
        { name: 'app', command: ['/app'] },
        { name: 'linkerd-proxy', image: 'x', env: [{ name: 'LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED', value: 'false' }] } as never,
      ]),
    );
    expect((app(off.pod, 'linkerd-proxy') as { env?: unknown }).env).toEqual([{ name: 'LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED', value: 'false' }]);
    // The proxy would refuse the quit call: no wrapper known to fail, and an error naming the switch (issue 27).
    expect(
      off.results.some(
        (r) => r.severity === 'error' && r.detail?.includes('LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED="false" switches its shutdown endpoint off'),
      ),
    ).toBe(true);
  });

  it('a Deployment with strategy wrap gets exec wrappers; no Job wrapper outside Job-like pods', () => {
    // Envoy's admin port from the config (the manifest has no bootstrap: src/pod/bootstrap.ts).
    const cfg = config({ sidecars: [{ profile: 'envoy', strategy: 'wrap', readiness: { http: 'http://127.0.0.1:9901/ready' } }] });
    const obj = {
      ...job([
        { name: 'app', command: ['/app'] },
        { name: 'envoy', image: 'x' },
      ]),
      kind: 'Deployment',
      apiVersion: 'apps/v1',
    };
    const { pod, results } = apply(obj, cfg);
    expect(wrapped(app(pod))).toMatchObject({ mode: 'exec', checks: [{ name: 'envoy' }], argv: ['/app'] });
    expect(rules(results)).toEqual([]);
  });
});

describe('a Linkerd proxy whose own env switches its shutdown endpoint off (issue 27)', () => {
  const offEnv = [{ name: 'LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED', value: 'false' }];
  const l5d = (env?: unknown) => ({ name: 'linkerd-proxy', image: 'cr.l5d.io/linkerd/proxy:edge-24.11.8', ...(env ? { env } : {}) }) as Container;
  const hook = (pod: PodSpec) => app(pod, 'linkerd-proxy').lifecycle?.postStart?.exec?.command;

  it('one error naming both fixes, and no sidecar-no-readiness-gate against the linkerd-await hook that holds the app', () => {
    const { pod, results } = apply(job([{ name: 'app', command: ['/app'] }, l5d(offEnv)]), config({ kubernetesVersion: '1.28' }));
    expect(pod.containers!.map((c) => c.name)).toEqual(['linkerd-proxy', 'app']);
    expect(hook(pod)).toEqual(['/usr/lib/linkerd/linkerd-await', '--port=4191', '--timeout=120s']);
    expect(app(pod).command).toEqual(['/app']); // no wrapper: its quit call would be refused
    expect(rules(results)).toEqual(['error job-sidecar-blocks-completion']);
    const [error] = results.filter((r) => r.severity === 'error');
    expect(error!.message).toBe('classic sidecar linkerd-proxy keeps running after the app exits: this Job never completes');
    expect(error!.detail).toContain('set LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED: "true" on linkerd-proxy');
    expect(error!.detail).toContain('or make it a native sidecar (kubernetesVersion 1.29 or later)');
    expect(error!.fix).toBe('LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED: "true"');
    // check on the output says the same, and nothing more.
    expect(
      rules(apply(structuredClone({ ...job([]), spec: { template: { spec: pod } } }), { ...config({ kubernetesVersion: '1.28' }), mode: 'check' }).results),
    ).toEqual(['error job-sidecar-blocks-completion']);
  });

  it('the same hook holds a Deployment: the rule reads the wait at any budget, as the postStart step writes it', () => {
    const deploy = (c: Container) => ({ ...job([{ name: 'app', command: ['/app'] }, c]), kind: 'Deployment', apiVersion: 'apps/v1' });
    const fixed = apply(deploy(l5d()), config({ kubernetesVersion: '1.28' }));
    expect(hook(fixed.pod)).toEqual(['/usr/lib/linkerd/linkerd-await', '--port=4191', '--timeout=120s']);
    expect(rules(fixed.results)).toEqual([]);
    const checked = (lifecycle?: unknown) => {
      const first = { ...job([]), kind: 'Deployment', apiVersion: 'apps/v1' };
      first.spec.template.spec.containers = [{ ...l5d(), ...(lifecycle ? { lifecycle } : {}) } as Container, { name: 'app', command: ['/app'] }];
      // Only this rule: another budget is a pending-change (fix would write 120s), not a missing gate.
      return rules(apply(first, { ...config({ kubernetesVersion: '1.28' }), mode: 'check' }).results).filter((r) => r.endsWith('sidecar-no-readiness-gate'));
    };
    const exec = (...command: string[]) => ({ postStart: { exec: { command } } });
    // The vendor's own hook (linkerd inject), ours with another budget, and either with a flag more: held.
    expect(checked(exec('/usr/lib/linkerd/linkerd-await', '--timeout=2m', '--port=4191'))).toEqual([]);
    expect(checked(exec('/usr/lib/linkerd/linkerd-await', '--port=4191', '--timeout=45s'))).toEqual([]);
    expect(checked(exec('/usr/lib/linkerd/linkerd-await', '--port=4191', '--timeout', '45s', '--verbose'))).toEqual([]);
    // No hook, or a hook that waits on nothing: nothing holds the app.
    expect(checked()).toEqual(['warning sidecar-no-readiness-gate']);
    expect(checked(exec('sh', '-c', 'echo up'))).toEqual(['warning sidecar-no-readiness-gate']);
  });
});

describe('job-sidecar-blocks-completion', () => {
  it('fires when nothing ends a classic sidecar, and not for a sidecar the app ends itself', () => {
    const off = apply(job([{ name: 'app', command: ['/app'] }, istio]), config({ jobs: { terminateSidecars: false } }));
    expect(rules(off.results)).toContain('error job-sidecar-blocks-completion');
    const kuma = apply(
      job([
        { name: 'app', command: ['/app'] },
        { name: 'kuma-sidecar', image: 'x' },
      ]),
    );
    expect(kuma.results.find((r) => r.tags?.rule === 'job-sidecar-blocks-completion')?.detail).toMatch(/kuma has no shutdown endpoint/);
    const own = { name: 'app', command: ['sh', '-c', '/app; curl -X POST localhost:15020/quitquitquit'] };
    expect(rules(apply(job([own, istio]), { ...config(), mode: 'check' }).results)).not.toContain('error job-sidecar-blocks-completion');
    // fix wraps the app, so check says so at most as a warning (issue 39: an error is for what fix cannot solve).
    expect(rules(apply(job([{ name: 'app', command: ['/app'] }, istio]), { ...config(), mode: 'check' }).results)).toContain(
      'warning job-sidecar-blocks-completion',
    );
  });
});

describe('wrapper records', () => {
  it('K records round-trip through parseWrapper', () => {
    const spec: WrapperSpec = {
      mode: 'job',
      checks: [],
      shutdown: [{ name: 's', http: 'http://127.0.0.1:1/q', method: 'POST' }],
      kill: [{ name: 'p', process: 'pilot agent' }],
      shutdownOn: 'always',
      argv: ['/app'],
    };
    for (const delivery of ['inject', 'image'] as const) {
      expect(parseWrapper(wrapperCommand(spec, { delivery, toolsDir: '/.seq' }))?.spec).toEqual(spec);
    }
    expect(() => wrapperCommand({ ...spec, kill: [{ name: 'p', process: ' ' }] }, { delivery: 'image', toolsDir: '/.seq' })).toThrow(/blank/);
  });

  it('a mesh sidecar becomes a JobSidecar with its profile budget', () => {
    expect(
      meshJobSidecar({ profile: 'linkerd', container: 'linkerd-proxy', native: false, readiness: { http: 'http://127.0.0.1:4191/ready' }, reason: 'r' }),
    ).toEqual({
      name: 'linkerd-proxy',
      profile: 'linkerd',
      readiness: { http: 'http://127.0.0.1:4191/ready' },
      timeoutSeconds: 120,
      onTimeout: 'fail',
      shutdown: undefined,
    });
  });
});

describe('tools mounts (syncTools)', () => {
  const deployment = (containers: Container[], volumes?: unknown[]) => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd' },
    spec: { template: { spec: { containers, ...(volumes && { volumes }) } } },
  });

  it('a tools mount left without its init container is removed, and said (every change is reported)', () => {
    const mount = { name: 'seq-tools', mountPath: '/.seq', readOnly: true };
    const { pod, results } = apply(deployment([{ name: 'app', command: ['/app'], volumeMounts: [mount, { name: 'data', mountPath: '/data' }] }]));
    expect(app(pod).volumeMounts).toEqual([{ name: 'data', mountPath: '/data' }]);
    expect(results.map((r) => r.message)).toEqual(['seq-tools wiring: removed the /.seq mount from app, which no longer calls the tools']);
  });

  it('with seq-tools present, a mount or the volume put back and a stale mount taken off are each said (they were silent)', () => {
    const first = apply(job([{ name: 'app', command: ['/app'] }, istio]));
    expect(first.pod.initContainers?.[0]?.name).toBe('seq-tools');
    const edited = structuredClone(first.obj) as ReturnType<typeof job>;
    const pod = edited.spec.template.spec as PodSpec;
    delete app(pod).volumeMounts; // a patch replaced the app's mounts
    delete pod.volumes;
    app(pod, 'istio-proxy').volumeMounts = [{ name: 'seq-tools', mountPath: '/.seq' }];
    const again = apply(edited);
    expect(again.obj).toEqual(first.obj);
    expect(again.results.filter((r) => r.message.startsWith('seq-tools wiring')).map((r) => r.message)).toEqual([
      'seq-tools wiring: removed the /.seq mount from istio-proxy, which no longer calls the tools; mounted /.seq in app; added the volume seq-tools it mounts',
    ]);
    // and a rerun on the fixed manifest says nothing
    expect(apply(structuredClone(first.obj)).results.filter((r) => r.severity === 'info')).toEqual([]);
  });

  it("the user's own volume named seq-tools, mounted elsewhere, stays, and nothing is reported", () => {
    const mounts = [{ name: 'seq-tools', mountPath: '/opt/tools' }];
    const { pod, results } = apply(deployment([{ name: 'app', command: ['/app'], volumeMounts: mounts }], [{ name: 'seq-tools', emptyDir: {} }]));
    expect(app(pod).volumeMounts).toEqual(mounts);
    expect(pod.volumes).toEqual([{ name: 'seq-tools', emptyDir: {} }]);
    expect(results).toEqual([]);
  });
});
