/**
 * @needs busybox dash bash curl wget getent
 * The Job wrappers as the function writes them, run for real: each test generates a manifest
 * (runFilter), takes the app container's command + args from it, and runs them under dash,
 * bash and busybox sh (image delivery) and under the injected busybox (inject delivery, where
 * only the /.seq/busybox path is pointed at a local busybox). The sidecar is a loopback HTTP
 * server named in the config, so no URL in the manifest is rewritten.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import type { Container, PodSpec } from '../../src/workloads/workload.js';
import { sequence, startHttpServer, type TestHttpServer } from '../helpers/http-server.js';
import { runFilterOffThread } from '../helpers/filter-thread.js';
import {
  eachRunner,
  NASTY,
  NODE,
  run,
  runToolsInit,
  setupLab,
  type Lab,
  type RunOptions,
  type Runner,
  busyboxImage as makeBusyboxImage,
} from '../shell/harness.js';

let lab: Lab;
/** PATH of a busybox image (sleep, sh) for the inject runner, whose own PATH is empty. */
let busyboxImage: string;
beforeAll(async () => {
  lab = await setupLab();
  busyboxImage = await makeBusyboxImage(lab);
});
afterAll(() => lab.cleanup());

interface Job {
  /** Absent: the image's ENTRYPOINT, given by `entrypoint` (jobs.entrypoints) if at all. */
  command?: string[];
  entrypoint?: string[];
  args?: string[];
  restartPolicy?: 'Never' | 'OnFailure';
  kind?: 'Job' | 'Deployment';
  /** The sidecar's config entry; it is matched by its container name, `proxy`. */
  sidecar: Record<string, unknown>;
}

/** Runs the function on a one-Job ResourceList (off the servers' thread: test/helpers/filter-thread.ts); returns the output pod. */
async function generate(job: Job, delivery: 'inject' | 'image'): Promise<PodSpec> {
  const app: Container = {
    name: 'app',
    image: 'registry.example.com/app:1',
    ...(job.command && { command: job.command }),
    ...(job.args && { args: job.args }),
  };
  const pod: PodSpec = {
    ...(job.kind === 'Deployment' ? {} : { restartPolicy: job.restartPolicy ?? 'Never' }),
    containers: [app, { name: 'proxy', image: 'registry.example.com/proxy:1' }],
  };
  const item =
    job.kind === 'Deployment'
      ? { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'app' }, spec: { template: { spec: pod } } }
      : { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'app' }, spec: { template: { spec: pod } } };
  const functionConfig = {
    apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
    kind: 'PodSequence',
    metadata: { name: 'test' },
    spec: {
      sidecars: [{ name: 'proxy', strategy: 'first', ...job.sidecar }],
      tools: { delivery },
      ...(job.entrypoint && { jobs: { entrypoints: [{ container: 'app', command: job.entrypoint }] } }),
    },
  };
  const out = await runFilterOffThread(stringify({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: [item], functionConfig }));
  expect(out.results.filter((x) => x.severity === 'error')).toEqual([]);
  return parse(out.stdout).items[0].spec.template.spec as PodSpec;
}

/**
 * The app's command + args from the generated manifest. Inject delivery: the pod's seq-tools
 * init container runs first, for real, into a directory that plays /.seq (harness runToolsInit).
 */
async function appCommand(pod: PodSpec, r: Runner): Promise<{ command: string[]; args: string[] }> {
  const app = pod.containers!.find((c) => c.name === 'app')!;
  let command = app.command!.map(String);
  expect(command.indexOf('--')).toBeGreaterThan(0);
  if (r.env.delivery === 'inject') command = (await runToolsInit(lab, r, pod.initContainers))(command);
  return { command, args: (app.args ?? []).map(String) };
}

/** Generates for this runner's delivery, then runs the app container as the kubelet would. */
async function runJob(r: Runner, job: Job, opts: Partial<RunOptions> = {}) {
  const { command, args } = await appCommand(await generate(job, r.env.delivery), r);
  return run(command, { path: r.env.delivery === 'inject' ? busyboxImage : r.path, args, ...opts });
}

/** A generic sidecar served by `srv`: /ready and POST /quit. */
const proxy = (srv: TestHttpServer, more: Record<string, unknown> = {}) => ({
  profile: 'generic',
  readiness: { http: srv.url('/ready') },
  shutdown: { http: srv.url('/quit'), method: 'POST' },
  // a budget no load reaches: tests of the budget set their own (a 10 s one failed under load)
  timeoutSeconds: 600,
  ...more,
});

/** A node command that reports to `srv` (GET /app) before exiting with `code`. */
const app = (srv: TestHttpServer, code: number, before = '') => [
  NODE,
  '-e',
  `${before}; require("http").get(${JSON.stringify(srv.url('/app'))}, (r) => { r.resume(); r.on("end", () => process.exit(${code})); })`,
];

async function withServer(routes: Parameters<typeof startHttpServer>[0], fn: (srv: TestHttpServer) => Promise<void>) {
  const srv = await startHttpServer(routes);
  try {
    await fn(srv);
  } finally {
    await srv.close();
  }
}

describe.concurrent('generated Job wrapper', () => {
  test('keeps the exit code: 0, 1, 3, 255', () =>
    eachRunner(lab.runners, (r) =>
      withServer({ '/ready': 200, '/quit': 200, '/app': 200 }, async (srv) => {
        const codes = [0, 1, 3, 255];
        const results = await Promise.all(codes.map((code) => runJob(r, { command: app(srv, code), sidecar: proxy(srv) })));
        results.forEach((res, i) => expect(res.code, res.stderr).toBe(codes[i]));
        expect(srv.hits('/app')).toHaveLength(4);
      }),
    ));

  test('reports death by SIGKILL as 137 and by SIGTERM as 143', () =>
    eachRunner(lab.runners, (r) =>
      withServer({ '/ready': 200, '/quit': 200 }, async (srv) => {
        const kill = await runJob(r, { command: [NODE, '-e', 'process.kill(process.pid, "SIGKILL")'], sidecar: proxy(srv) });
        expect(kill.code, kill.stderr).toBe(137);
        const term = await runJob(r, { command: [NODE, '-e', 'process.kill(process.pid, "SIGTERM"); setTimeout(() => {}, 5000)'], sidecar: proxy(srv) });
        expect(term.code, term.stderr).toBe(143);
        // Never: a failure ends the sidecar too
        expect(srv.hits('/quit', 'POST')).toHaveLength(2);
      }),
    ));

  test('passes command and args through unchanged: spaces, quotes, $, *, newlines, empty strings', () =>
    eachRunner(lab.runners, (r) =>
      withServer({ '/ready': 200, '/quit': 200 }, async (srv) => {
        const nasty = NASTY.map((s) => s.replace('CANARY', lab.canary));
        const res = await runJob(r, { command: [NODE, lab.dump, ...nasty], args: nasty, sidecar: proxy(srv) });
        expect(res.code, res.stderr).toBe(0);
        expect(JSON.parse(res.stdout)).toEqual([...nasty, ...nasty]);
        expect(existsSync(lab.canary)).toBe(false);
      }),
    ));

  test('entrypoint `command: []` (an image with no ENTRYPOINT): runs the args as the whole command', () =>
    eachRunner(lab.runners, (r) =>
      withServer({ '/ready': 200, '/quit': 200 }, async (srv) => {
        const nasty = NASTY.map((s) => s.replace('CANARY', lab.canary));
        const res = await runJob(r, { entrypoint: [], args: [NODE, lab.dump, ...nasty], sidecar: proxy(srv) });
        expect(res.code, res.stderr).toBe(0);
        expect(JSON.parse(res.stdout)).toEqual(nasty);
        expect(srv.hits('/quit', 'POST')).toHaveLength(1);
        const failing = await runJob(r, { entrypoint: [], args: [NODE, '-e', 'process.exit(3)'], sidecar: proxy(srv) });
        expect(failing.code, failing.stderr).toBe(3);
        expect(existsSync(lab.canary)).toBe(false);
      }),
    ));

  test('forwards SIGTERM to the command and exits with its code', () =>
    eachRunner(lab.runners, (r) =>
      withServer({ '/ready': 200, '/quit': 200 }, async (srv) => {
        const code = 'process.on("SIGTERM", () => { console.log("got SIGTERM"); process.exit(42) }); console.log("started"); setTimeout(() => {}, 10000)';
        const res = await runJob(
          r,
          { command: [NODE, '-e', code], sidecar: proxy(srv) },
          { onStdout: (out, pid) => out === 'started\n' && process.kill(pid, 'SIGTERM') },
        );
        expect(res.stdout, res.stderr).toBe('started\ngot SIGTERM\n');
        expect(res.code, res.stderr).toBe(42);
      }),
    ));

  test('waits for a sidecar that is ready late, then runs the command', () =>
    eachRunner(lab.runners, (r) =>
      withServer({ '/ready': sequence(503, 503, 200), '/quit': 200, '/app': 200 }, async (srv) => {
        const res = await runJob(r, { command: app(srv, 0), sidecar: proxy(srv) });
        expect(res.code, res.stderr).toBe(0);
        // the command ran once the sidecar answered 200 (the third answer, or later when a try
        // outlasted its 2 s under load), then the sidecar was asked to quit
        const calls = srv.requests.map((q) => `${q.method} ${q.path}`);
        expect(calls.slice(-2)).toEqual(['GET /app', 'POST /quit']);
        expect(new Set(calls.slice(0, -2))).toEqual(new Set(['GET /ready']));
        expect(calls.length).toBeGreaterThanOrEqual(5);
      }),
    ));

  for (const [policy, afterFailure] of [
    ['Never', 1],
    ['OnFailure', 0],
  ] as const) {
    test(`restartPolicy ${policy}: shuts the sidecar down once after success, ${afterFailure ? 'and after failure' : 'not after failure'}`, () =>
      eachRunner(lab.runners, (r) =>
        withServer({ '/ready': 200, '/quit': 200, '/app': 200 }, async (srv) => {
          const ok = await runJob(r, {
            command: app(srv, 0, 'const t = Date.now(); while (Date.now() - t < 300);'),
            restartPolicy: policy,
            sidecar: proxy(srv),
          });
          expect(ok.code, ok.stderr).toBe(0);
          const quits = srv.hits('/quit', 'POST');
          expect(quits).toHaveLength(1);
          // after the command, never before
          expect(quits[0]!.at).toBeGreaterThanOrEqual(srv.hits('/app')[0]!.at);
          const failed = await runJob(r, { command: app(srv, 3), restartPolicy: policy, sidecar: proxy(srv) });
          expect(failed.code, failed.stderr).toBe(3);
          expect(srv.hits('/quit', 'POST')).toHaveLength(1 + afterFailure);
        }),
      ));
  }

  test('onTimeout fail: exit 1 without running the command (Never: the sidecar is still ended)', () =>
    eachRunner(lab.runners, (r) =>
      withServer({ '/ready': 503, '/quit': 200, '/app': 200 }, async (srv) => {
        const res = await runJob(r, { command: app(srv, 0), sidecar: proxy(srv, { timeoutSeconds: 1, onTimeout: 'fail' }) });
        expect(res.code, res.stderr).toBe(1);
        expect(res.stderr).toContain('proxy was not ready after 1s; giving up');
        expect(srv.hits('/app')).toEqual([]);
        expect(srv.hits('/quit', 'POST')).toHaveLength(1);
      }),
    ));

  test('onTimeout continue: runs the command anyway', () =>
    eachRunner(lab.runners, (r) =>
      withServer({ '/ready': 503, '/quit': 200, '/app': 200 }, async (srv) => {
        const res = await runJob(r, { command: app(srv, 0), sidecar: proxy(srv, { timeoutSeconds: 1, onTimeout: 'continue' }) });
        expect(res.code, res.stderr).toBe(0);
        expect(res.stderr).toContain('proxy was not ready after 1s; going on');
        expect(srv.hits('/app')).toHaveLength(1);
      }),
    ));

  test('a sidecar with no readiness (Vault agent) is not waited for but is still ended', () =>
    eachRunner(lab.runners, (r) =>
      withServer({ '/agent/v1/quit': 200 }, async (srv) => {
        const vault = { profile: 'vault', shutdown: { http: srv.url('/agent/v1/quit') } };
        const res = await runJob(r, { command: [NODE, '-e', 'process.exit(0)'], sidecar: vault });
        expect(res.code, res.stderr).toBe(0);
        // the set: the vault profile retries its quit call, and a try may outlast its 2 s under load
        expect(new Set(srv.requests.map((q) => `${q.method} ${q.path}`))).toEqual(new Set(['POST /agent/v1/quit']));
      }),
    ));

  test('strategy wrap: waits, then execs the command in its place (same pid, no shell left)', () =>
    eachRunner(lab.runners, (r) =>
      withServer({ '/ready': sequence(503, 200) }, async (srv) => {
        let spawned = 0;
        const res = await runJob(
          r,
          { kind: 'Deployment', command: [NODE, '-e', 'console.log(process.pid)'], sidecar: { ...proxy(srv), strategy: 'wrap' } },
          { onSpawn: (pid) => (spawned = pid) },
        );
        expect(res.code, res.stderr).toBe(0);
        expect(Number(res.stdout)).toBe(spawned);
        expect(srv.hits('/quit')).toEqual([]);
      }),
    ));
});

describe.concurrent('inject delivery: one shared wrapper per pod', () => {
  test('seq-tools writes the wrapper once; each app command runs it with its own records and argv', () =>
    eachRunner(
      lab.runners.filter((r) => r.env.delivery === 'inject'),
      (r) =>
        withServer({ '/ready': 200, '/quit': 200 }, async (srv) => {
          const pod = await generate({ command: [NODE, lab.dump, 'a b'], args: ['$HOME'], sidecar: proxy(srv) }, 'inject');
          const app = pod.containers!.find((c) => c.name === 'app')!;
          const tools = pod.initContainers!.find((c) => c.name === 'seq-tools')!;
          // the script is in seq-tools only: the app's command is parameters and a one-line call
          expect(app.command!.slice(0, 5)).toEqual(['/.seq/busybox', 'sh', '-c', '. "${1%/*}/wrap.sh"', 'pod-sequencer-wrap']);
          expect(JSON.stringify(app.command)).not.toContain('_say');
          expect(tools.command!.filter((w) => String(w).includes('_say'))).toHaveLength(1);
          const res = await runJob(r, { command: [NODE, lab.dump, 'a b'], args: ['$HOME'], sidecar: proxy(srv) });
          expect(res.code, res.stderr).toBe(0);
          expect(JSON.parse(res.stdout)).toEqual(['a b', '$HOME']);
          expect(srv.hits('/quit', 'POST')).toHaveLength(1);
        }),
    ));
});

describe.concurrent('seed: sleep-job with an Istio-like sidecar', () => {
  // Istio's endpoints, on the test server's port.
  const istio = (srv: TestHttpServer) => ({
    profile: 'istio',
    readiness: { http: srv.url('/healthz/ready') },
    shutdown: { http: srv.url('/quitquitquit'), method: 'POST' },
    timeoutSeconds: 600, // not the subject here; the profile's 120 s is a deadline under load
  });

  /**
   * Istio's quit call is one try of at most 2 s (the profile has no retries): the script makes it
   * exactly once, after the command, and says how it went. On a loaded machine the answer can
   * outlast the try ("could not ask ... going on"); then the server saw it at most once. The
   * answered case is held exactly by the wrapper tests that retry (test/shell/wrapper.test.ts).
   */
  const quitOnce = (stderr: string, srv: TestHttpServer) => {
    expect(stderr).toMatch(/pod-sequencer: (asked proxy to shut down|could not ask proxy to shut down \(POST [^)]*\); going on)\n$/);
    expect(stderr.match(/(asked|could not ask) proxy to shut down/g)).toHaveLength(1);
    if (stderr.endsWith('asked proxy to shut down\n')) expect(srv.hits('/quitquitquit', 'POST')).toHaveLength(1);
    else expect(srv.hits('/quitquitquit', 'POST').length).toBeLessThanOrEqual(1);
  };

  test('`sleep 1` completes with exit 0 and ends the sidecar; nothing kills by name, no capability added', () =>
    eachRunner(lab.runners, (r) =>
      withServer({ '/healthz/ready': sequence(503, 200), '/quitquitquit': 200 }, async (srv) => {
        const pod = await generate({ command: ['sleep', '1'], sidecar: istio(srv) }, r.env.delivery);
        const text = JSON.stringify(pod);
        expect(text).not.toMatch(/pkill|killall|SYS_PTRACE|shareProcessNamespace|"add"/);
        const { command, args } = await appCommand(pod, r);
        const res = await run(command, { path: r.env.delivery === 'inject' ? busyboxImage : r.path, args });
        expect(res.code, res.stderr).toBe(0);
        // the wrapper's own log: sidecar ready, `sleep 1` ran to its end, then the quit call
        expect(res.stderr).toMatch(/proxy is up after \d+s\n(.*\n)*pod-sequencer: command exited with code 0\npod-sequencer: [^\n]*shut down[^\n]*\n$/);
        quitOnce(res.stderr, srv);
      }),
    ));

  test('`exit 3` fails the pod with exit code 3 and, with restartPolicy Never, still ends the sidecar', () =>
    eachRunner(lab.runners, (r) =>
      withServer({ '/healthz/ready': 200, '/quitquitquit': 200 }, async (srv) => {
        const res = await runJob(r, { command: ['sh', '-c', 'sleep 1; exit 3'], sidecar: istio(srv) });
        expect(res.code, res.stderr).toBe(3);
        quitOnce(res.stderr, srv);
      }),
    ));
});

describe.concurrent('opt-in signal shutdown', () => {
  test('SIGTERMs the sidecar process by name once the command has ended', () =>
    eachRunner(lab.runners, async (r) => {
      // A stand-in sidecar whose process name (comm) no other process has.
      const name = `seqsc${Math.random().toString(36).slice(2, 8)}`;
      const dir = join(lab.dir, name);
      await mkdir(dir);
      await symlink('/usr/bin/sleep', join(dir, name));
      const sidecar = run([join(dir, name), '30'], { path: '/nonexistent', timeoutMs: 20_000 });
      try {
        const res = await runJob(r, { command: [NODE, '-e', 'process.exit(0)'], sidecar: { profile: 'generic', shutdown: { signal: { process: name } } } });
        expect(res.code, res.stderr).toBe(0);
        expect(res.stderr).toContain(`sent SIGTERM to 1 ${name} process(es) of proxy`);
        const end = await sidecar;
        expect(end.signal).toBe('SIGTERM');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }));
});
