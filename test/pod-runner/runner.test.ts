/**
 * @needs busybox dash bash
 * The pod runner itself (test/helpers/pod-runner/): its kubelet rules on hand-written pods, and
 * that it fails pods that are not sequenced (a runner that passes everything proves nothing).
 */
import { describe, expect, it } from 'vitest';
import type { Container, PodSpec } from '../../src/workloads/workload.js';
import { expand } from '../helpers/pod-runner/expand.js';
import { isolated, runPod, show, sidecarKind, type PodRun, type ShellName } from '../helpers/pod-runner/index.js';
import { admit } from '../helpers/pod-runner/injectors.js';
import { lockPorts } from '../helpers/port-lock.js';
import { mountRewrite } from '../helpers/pod-runner/volumes.js';
import { exampleInputs, podCases } from './cases.js';

const SHELLS: ShellName[] = ['dash', 'bash', 'busybox'];
const meta = { name: 'p', namespace: 'default' };
const app = (name: string, extra: Partial<Container> = {}): Container => ({ name, image: 'app:1', command: [`/${name}`], ...extra });
const own = (...names: string[]) => Object.fromEntries(names.map((n) => [n, { args: [`/${n}`], hasCommand: true }]));
const seqOf = (run: PodRun, kind: string, container: string) =>
  run.events.find((e) => e.kind === kind && 'container' in e && e.container === container)?.seq ?? -1;
const log = (run: PodRun) => `phase ${run.phase}\n${run.events.map(show).join('\n')}`;

describe('expand: $(VAR) as the kubelet expands it', () => {
  const vars = new Map([
    ['A', 'x'],
    ['EMPTY', ''],
  ]);
  it.each([
    ['$(A)', 'x'],
    ['a-$(A)-b', 'a-x-b'],
    ['$$(A)', '$(A)'],
    ['$$$(A)', '$x'],
    ['$(MISSING)', '$(MISSING)'],
    ['$(EMPTY)', ''],
    ['$(A', '$(A'],
    ['$A $', '$A $'],
    ['$$', '$'],
  ])('%s -> %s', (input, out) => expect(expand(input, vars)).toBe(out));
});

describe('volumes: mount paths rewritten where they start a path', () => {
  const rw = mountRewrite({ name: 'c', volumeMounts: [{ name: 'v', mountPath: '/.seq' }] }, new Map([['v', '/tmp/pod/v']]));
  it.each([
    ['/.seq/busybox', '/tmp/pod/v/busybox'],
    ['/.seq', '/tmp/pod/v'],
    ['. "/.seq/wrap.sh"', '. "/tmp/pod/v/wrap.sh"'],
    ['x=/.seq:/bin', 'x=/tmp/pod/v:/bin'],
    ['/.sequel', '/.sequel'],
    ['/a/.seq/b', '/a/.seq/b'],
  ])('%s -> %s', (input, out) => expect(rw(input)).toBe(out));
});

describe('the kubelet rules, on hand-written pods', () => {
  it.each(SHELLS)('init containers in order; a native sidecar gates the next one on its startupProbe; it stops after the app (%s)', async (shell) => {
    const pod: PodSpec = {
      restartPolicy: 'Never',
      initContainers: [
        app('setup'),
        {
          name: 'istio-proxy',
          image: 'docker.io/istio/proxyv2:1.24.2',
          restartPolicy: 'Always',
          startupProbe: { httpGet: { port: 15021, path: '/healthz/ready' } },
        },
        app('after-proxy'),
      ],
      containers: [app('main')],
    };
    const run = await runPod(pod, meta, { shell, apps: own('setup', 'after-proxy', 'main'), appExitCode: 3 });
    expect(run.phase, log(run)).toBe('Failed');
    expect(run.exitCodes.main).toBe(3);
    const at = (k: string, c: string) => seqOf(run, k, c);
    expect(at('exited', 'setup')).toBeLessThan(at('started', 'istio-proxy'));
    expect(at('ready', 'istio-proxy')).toBeLessThan(at('startup', 'istio-proxy'));
    expect(at('startup', 'istio-proxy'), log(run)).toBeLessThan(at('started', 'after-proxy'));
    expect(at('exited', 'after-proxy')).toBeLessThan(at('started', 'main'));
    expect(at('exited', 'main')).toBeLessThan(at('signal', 'istio-proxy'));
  });

  it.each(SHELLS)('postStart completes before the next container starts; emptyDir is shared at its mount path; env values expand (%s)', async (shell) => {
    const mount = [{ name: 'data', mountPath: '/data' }];
    const pod: PodSpec = {
      restartPolicy: 'Never',
      volumes: [{ name: 'data', emptyDir: {} }],
      containers: [
        {
          name: 'first',
          image: 'x',
          command: ['sh', '-c', '/bin/busybox sleep 1'],
          lifecycle: { postStart: { exec: { command: ['sh', '-c', '/bin/busybox sleep 0.3; echo "$GREETING" > /data/greeting'] } } },
          env: [
            { name: 'WHO', value: 'pod' },
            { name: 'GREETING', value: 'hello $(WHO) $$(WHO)' },
          ],
          volumeMounts: mount,
        },
        { name: 'second', image: 'x', command: ['sh', '-c', 'test "$(cat /data/greeting)" = "hello pod \\$(WHO)"'], volumeMounts: mount },
      ],
    };
    const run = await runPod(pod, meta, { shell, apps: {} });
    expect(run.phase, log(run)).toBe('Succeeded');
    expect(run.exitCodes.second, log(run)).toBe(0);
    expect(seqOf(run, 'hook', 'first')).toBeLessThan(seqOf(run, 'started', 'second'));
  });

  it('deletion: preStop, then SIGTERM; sidecars after the app, the later sidecar first', async () => {
    const preStop = { exec: { command: ['sh', '-c', 'true'] } };
    const pod: PodSpec = {
      initContainers: [
        { name: 'linkerd-proxy', image: 'cr.l5d.io/linkerd/proxy:stable-2.14.10', restartPolicy: 'Always', lifecycle: { preStop } },
        { name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.24.2', restartPolicy: 'Always', lifecycle: { preStop } },
      ],
      containers: [app('web', { lifecycle: { preStop } })],
    };
    const run = await runPod(pod, meta, { shell: 'dash', apps: own('web') });
    expect(run.phase, log(run)).toBe('Deleted');
    const at = (k: string, c: string) => seqOf(run, k, c);
    expect(at('hook', 'web')).toBeLessThan(at('signal', 'web'));
    expect(at('exited', 'web'), log(run)).toBeLessThan(at('hook', 'istio-proxy'));
    expect(at('exited', 'istio-proxy'), log(run)).toBeLessThan(at('hook', 'linkerd-proxy'));
  });

  it('a failing init container stops the pod before any app runs', async () => {
    const pod: PodSpec = { restartPolicy: 'Never', initContainers: [{ name: 'bad', image: 'x', command: ['sh', '-c', 'exit 4'] }], containers: [app('main')] };
    const run = await runPod(pod, meta, { shell: 'busybox', apps: own('main') });
    expect(run.phase).toBe('InitFailed');
    expect(run.events.some((e) => e.kind === 'started' && e.container === 'main')).toBe(false);
  });

  it('a failing postStart hook kills its container', async () => {
    const lifecycle = { postStart: { exec: { command: ['sh', '-c', 'exit 1'] } } };
    const pod: PodSpec = { restartPolicy: 'Never', containers: [{ name: 'main', image: 'x', command: ['/bin/busybox', 'sleep', '100000'], lifecycle }] };
    const run = await runPod(pod, meta, { shell: 'dash', apps: {} });
    expect(run.events.find((e) => e.kind === 'hook')).toMatchObject({ ok: false });
    expect(run.phase).toBe('Failed');
  });
});

describe('it catches pods that are not sequenced', () => {
  it('a Job with a classic sidecar and nothing to end it is stuck', async () => {
    const pod: PodSpec = { restartPolicy: 'Never', containers: [app('job'), { name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.24.2' }] };
    const run = await runPod(pod, meta, { shell: 'dash', apps: own('job') });
    expect(run.phase, log(run)).toBe('Stuck');
    expect(run.events.some((e) => e.kind === 'quit')).toBe(false);
  });

  it('an app listed before its sidecar runs before the sidecar is ready', async () => {
    const pod: PodSpec = { containers: [app('web'), { name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.24.2' }] };
    // The sidecar would be ready only after a minute: nothing holds the app, which runs at once.
    const run = await runPod(pod, meta, { shell: 'bash', apps: own('web'), readyAfterMs: 60_000 });
    expect(seqOf(run, 'app', 'web'), log(run)).toBeGreaterThan(-1);
    expect(seqOf(run, 'ready', 'istio-proxy'), log(run)).toBe(-1);
  });
});

describe('fixed ports without a network namespace', () => {
  it('a second pod needing a locked port waits until the first releases it', async () => {
    const first = await lockPorts([15021, 15020]);
    let second: (() => void) | undefined;
    const waiting = lockPorts([15020]).then((u) => (second = u));
    await new Promise((r) => setImmediate(r));
    expect(second).toBeUndefined();
    first();
    await waiting;
    second!();
  });
});

describe('dependencies', () => {
  // Its host resolves to loopback only through the pod's private /etc/hosts (index.ts `isolated`).
  it.skipIf(!isolated())('the config-center example holds its app until the dependency is up, which comes late', async () => {
    const ex = exampleInputs().find((e) => e.source === 'examples/config-center-wait')!;
    const [c] = podCases(ex.source, ex.items, ex.fc, '1.30');
    const run = await runPod(c!.pod, c!.meta, { shell: 'busybox', apps: c!.programs, dependencies: c!.dependencies, dependencyAfterMs: 1500 });
    const up = run.events.find((e) => e.kind === 'dependency')!;
    expect(up, log(run)).toBeDefined();
    expect(up.seq, log(run)).toBeLessThan(seqOf(run, 'app', c!.apps[0]!));
  });
});

describe('stand-in mesh injectors (test/helpers/pod-runner/injectors.ts)', () => {
  const job: PodSpec = { restartPolicy: 'Never', containers: [app('job')] };
  const labelled = (annotations: Record<string, string> = {}) => ({ ...meta, labels: { 'sidecar.istio.io/inject': 'true' }, annotations });

  it('Istio without hold appends a classic proxy that nothing ends: the Job is stuck', async () => {
    const { pod, injected } = admit(job, labelled(), undefined, '1.30');
    expect(injected).toEqual(['istio-proxy (istio, classic)']);
    expect(pod.containers!.map((c) => c.name)).toEqual(['job', 'istio-proxy']);
    const run = await runPod(pod, meta, { shell: 'dash', apps: own('job') });
    expect(run.phase, log(run)).toBe('Stuck');
  });

  it('Istio with holdApplicationUntilProxyStarts puts the proxy first, its postStart holding the app until ready', async () => {
    const { pod } = admit(job, labelled({ 'proxy.istio.io/config': '{ holdApplicationUntilProxyStarts: true }' }), undefined, '1.30');
    expect(pod.containers!.map((c) => c.name)).toEqual(['istio-proxy', 'job']);
    const run = await runPod(pod, meta, { shell: 'busybox', apps: own('job'), readyAfterMs: 400 });
    expect(seqOf(run, 'ready', 'istio-proxy'), log(run)).toBeLessThan(seqOf(run, 'hook', 'istio-proxy'));
    expect(seqOf(run, 'hook', 'istio-proxy'), log(run)).toBeLessThan(seqOf(run, 'started', 'job'));
  });

  it('Istio with nativeSidecar: "true" adds a native proxy with a startupProbe; the Job completes with the app\'s code', async () => {
    const { pod, injected } = admit(job, labelled({ 'sidecar.istio.io/nativeSidecar': 'true' }), undefined, '1.30');
    expect(injected).toEqual(['istio-proxy (istio, native)']);
    const run = await runPod(pod, meta, { shell: 'bash', apps: own('job'), appExitCode: 3 });
    expect(run.phase, log(run)).toBe('Failed');
    expect(run.exitCodes.job).toBe(3);
    expect(seqOf(run, 'startup', 'istio-proxy'), log(run)).toBeLessThan(seqOf(run, 'started', 'job'));
  });

  it('a Namespace label selects the pod; a pod marker turning injection off wins', () => {
    const ns = { labels: { 'istio-injection': 'enabled' }, annotations: {} };
    expect(admit(job, meta, ns, '1.30').injected).toEqual(['istio-proxy (istio, classic)']);
    expect(admit(job, { ...meta, labels: { 'sidecar.istio.io/inject': 'false' } }, ns, '1.30').injected).toEqual([]);
  });

  it('Linkerd: await (its default) puts the proxy first with linkerd-await; its quit endpoint is off unless the annotation enables it', () => {
    const linkerd = (annotations: Record<string, string>) =>
      admit(job, { ...meta, annotations: { 'linkerd.io/inject': 'enabled', ...annotations } }, undefined, '1.30');
    const off = linkerd({}).pod.containers![0]!;
    expect(off.name).toBe('linkerd-proxy');
    expect(off.lifecycle?.postStart?.exec?.command?.[0]).toBe('/usr/lib/linkerd/linkerd-await');
    expect(sidecarKind(off, {})?.shutdown).toBeUndefined();
    const on = linkerd({ 'config.linkerd.io/proxy-admin-shutdown': 'enabled' }).pod.containers![0]!;
    expect(sidecarKind(on, {})?.shutdown?.url).toBe('http://127.0.0.1:4191/shutdown');
    const native = linkerd({ 'config.alpha.linkerd.io/proxy-enable-native-sidecar': 'true', 'config.linkerd.io/proxy-await': 'disabled' }).pod;
    expect(native.initContainers).toEqual([expect.objectContaining({ name: 'linkerd-proxy', restartPolicy: 'Always' })]);
    expect(native.initContainers![0]!.startupProbe).toBeUndefined();
  });
});

describe('restarts and probes (kubelet.ts restartOrSettle, probe)', () => {
  // Fails on its first run, succeeds on the next: a marker in an emptyDir survives the restart.
  const flaky = (): Container => ({
    name: 'flaky',
    image: 'x',
    command: ['sh', '-c', 'if [ -e /data/ran ]; then exit 0; fi; : > /data/ran; exit 5'],
    volumeMounts: [{ name: 'data', mountPath: '/data' }],
  });
  const volumes = [{ name: 'data', emptyDir: {} }];

  it.each([
    ['OnFailure', 'Succeeded', 1],
    ['Never', 'Failed', 0],
  ] as const)('restartPolicy %s: a failed container is %s after %i restart(s)', async (restartPolicy, phase, restarts) => {
    const run = await runPod({ restartPolicy, volumes, containers: [flaky()] }, meta, { shell: 'dash', apps: {} });
    expect(run.phase, log(run)).toBe(phase);
    expect(run.events.filter((e) => e.kind === 'restart').length, log(run)).toBe(restarts);
  });

  it('a failed init container is restarted under OnFailure, and the app starts after it succeeds', async () => {
    const run = await runPod({ restartPolicy: 'OnFailure', volumes, initContainers: [flaky()], containers: [app('main')] }, meta, {
      shell: 'busybox',
      apps: own('main'),
    });
    expect(run.phase, log(run)).toBe('Succeeded');
    expect(seqOf(run, 'restart', 'flaky'), log(run)).toBeLessThan(seqOf(run, 'started', 'main'));
  });

  it('a native sidecar that exits is restarted under restartPolicy Never; it is not restarted once the pod is killed', async () => {
    // The app quits the sidecar itself, then lets it come back before it ends.
    const main: Container = {
      name: 'main',
      image: 'x',
      command: ['sh', '-c', '/bin/busybox wget -q -O /dev/null --post-data= http://127.0.0.1:15020/quitquitquit; /bin/busybox sleep 1'],
    };
    const proxy: Container = { name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.24.2', restartPolicy: 'Always' };
    const run = await runPod({ restartPolicy: 'Never', initContainers: [proxy], containers: [main] }, meta, { shell: 'dash', apps: {} });
    expect(run.phase, log(run)).toBe('Succeeded');
    expect(run.events.filter((e) => e.kind === 'restart' && e.container === 'istio-proxy').length, log(run)).toBe(1);
    expect(seqOf(run, 'exited', 'main'), log(run)).toBeLessThan(seqOf(run, 'signal', 'istio-proxy'));
  });

  it('liveness failing its threshold kills the container (preStop first), which is restarted; readiness gates nothing', async () => {
    const mount = [{ name: 'data', mountPath: '/data' }];
    // Runs until killed the first time, and exits 0 when started again.
    const sick: Container = {
      name: 'sick',
      image: 'x',
      command: ['sh', '-c', 'echo >> /data/starts; [ "$(/bin/busybox wc -l < /data/starts)" -ge 2 ] && exit 0; exec /bin/busybox sleep 100000'],
      livenessProbe: { exec: { command: ['sh', '-c', 'exit 1'] }, failureThreshold: 1 },
      lifecycle: { preStop: { exec: { command: ['sh', '-c', 'true'] } } },
      volumeMounts: mount,
    };
    const unready: Container = { name: 'unready', image: 'x', command: ['/bin/busybox', 'sleep', '1'], readinessProbe: { exec: { command: ['false'] } } };
    const run = await runPod({ restartPolicy: 'OnFailure', volumes, containers: [unready, sick] }, meta, { shell: 'bash', apps: {} });
    expect(run.phase, log(run)).toBe('Succeeded');
    const at = (k: string, c: string) => seqOf(run, k, c);
    expect(at('probe', 'sick'), log(run)).toBeGreaterThan(-1);
    expect(at('probe', 'sick'), log(run)).toBeLessThan(at('hook', 'sick'));
    expect(at('hook', 'sick'), log(run)).toBeLessThan(at('signal', 'sick'));
    expect(at('signal', 'sick'), log(run)).toBeLessThan(at('restart', 'sick'));
    // The never-ready container did not hold the next one.
    expect(
      run.events.find((e) => e.kind === 'probe' && e.container === 'unready'),
      log(run),
    ).toMatchObject({ ok: false });
    expect(at('started', 'sick'), log(run)).toBeLessThan(at('exited', 'unready'));
  });
});
