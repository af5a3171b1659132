/**
 * @needs busybox dash bash curl wget getent
 * The dependency waits as the function writes them, run for real: each test runs the filter,
 * takes the `seq-wait-*` command out of the generated manifest and runs it against loopback
 * servers. Image mode runs the command as written (`sh` is dash, bash or busybox ash on the
 * runner's PATH); inject mode runs the manifest's `/bin/busybox` with the test machine's busybox.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import { runFilter } from '../../src/run.js';
import { runFilterOffThread } from '../helpers/filter-thread.js';
import { CLOSED_PORT, listenTcpLater, sequence, startHttpServer } from '../helpers/http-server.js';
import { eachRunner, run, setupLab, type Lab, type RunResult, type Runner } from '../shell/harness.js';

let lab: Lab;
beforeAll(async () => {
  lab = await setupLab();
});
afterAll(() => lab.cleanup());

interface Container {
  name: string;
  command: string[];
  securityContext: Record<string, unknown>;
}

/** Runs the filter on one Deployment; returns its init containers. */
function resourceList(spec: Record<string, unknown>, annotation?: string): string {
  return stringify({
    apiVersion: 'config.kubernetes.io/v1',
    kind: 'ResourceList',
    items: [
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'order-service', ...(annotation !== undefined && { annotations: { 'pod-sequencer.dev/dependencies': annotation } }) },
        spec: { template: { spec: { containers: [{ name: 'app', image: 'registry.example.com/order-service:1' }] } } },
      },
    ],
    functionConfig: { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'ordering' }, spec },
  });
}

function generated(out: { stdout: string; exitCode: number }): { init: Container[]; stdout: string; exitCode: number } {
  const list = out.stdout ? (parse(out.stdout) as { items: { spec: { template: { spec: { initContainers?: Container[] } } } }[] }) : undefined;
  return { init: list?.items[0]?.spec.template.spec.initContainers ?? [], stdout: out.stdout, exitCode: out.exitCode };
}

const generate = (spec: Record<string, unknown>, annotation?: string) => generated(runFilter(resourceList(spec, annotation)));

/**
 * The command of the one wait the function generated for this runner's delivery mode; generated
 * off the loopback servers' thread (test/helpers/filter-thread.ts), as other tests' servers wait.
 */
async function waitCommand(r: Runner, deps: Record<string, unknown>[], annotation?: string): Promise<string[]> {
  const spec = { dependencies: deps, ...(r.env.delivery === 'image' && { tools: { delivery: 'image' } }) };
  const { init, exitCode } = generated(await runFilterOffThread(resourceList(spec, annotation)));
  expect(exitCode).toBe(0);
  const waits = init.filter((c) => c.name.startsWith('seq-wait-'));
  expect(waits).toHaveLength(1);
  const cmd = waits[0]!.command;
  if (r.env.delivery === 'image') return cmd;
  // The tools image's /bin/busybox, as the shell and as the script's tools: the test machine's here.
  expect(cmd.slice(0, 3)).toEqual(['/bin/busybox', 'sh', '-c']);
  const bb = `${r.env.toolsDir}/busybox`;
  return cmd.map((w, i) => ((i === 0 || i === 5) && w === '/bin/busybox' ? bb : w));
}

const runWait = (r: Runner, cmd: string[], timeoutMs = 20_000, onStderr?: (text: string) => void): Promise<RunResult> =>
  run(cmd, { path: r.path, timeoutMs, onStderr });

/** "try N, Ss elapsed" progress lines, as [N, S]. */
const tries = (stderr: string, name: string): number[][] =>
  [...stderr.matchAll(new RegExp(`^pod-sequencer: waiting for ${name} \\([^\\n]*\\): try (\\d+), (\\d+)s elapsed$`, 'gm'))].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);

describe('generated manifests', () => {
  test('inject mode runs the tools image busybox; image mode the image sh; both restricted', () => {
    const inject = generate({ dependencies: [{ tcp: 'db:5432' }] }).init[0]!;
    expect(inject.command.slice(0, 3)).toEqual(['/bin/busybox', 'sh', '-c']);
    expect(inject.command.slice(4)).toEqual(['pod-sequencer-wait', '/bin/busybox', 'db', 'tcp', 'db:5432', '300', '2']);
    const image = generate({ dependencies: [{ tcp: 'db:5432' }], tools: { delivery: 'image', image: 'example.com/tools:1' } }).init[0]!;
    expect(image.command.slice(0, 2)).toEqual(['sh', '-c']);
    expect(image.command.slice(3)).toEqual(['pod-sequencer-wait', '', 'db', 'tcp', 'db:5432', '300', '2']);
    for (const c of [inject, image]) {
      expect(c.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 65534, allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
    }
  });

  test('hostile names and malformed URLs are config errors, with nothing written', () => {
    const c = '/tmp/pwned';
    const name = generate({ dependencies: [{ name: `x;touch ${c}`, tcp: 'db:1' }] });
    expect([name.exitCode, name.stdout]).toEqual([1, '']);
    for (const http of [`http://db/$(touch ${c})`, `http://db/a\ntouch ${c}`, 'http://$(id)/', 'ftp://db/']) {
      const res = generate({ dependencies: [{ http }] });
      expect([res.exitCode, res.stdout], http).toEqual([1, '']);
    }
    // In the annotation: an error, and the workload comes back without any wait.
    const bad = generate({}, `tcp://db:1, http://db/a\n; touch ${c}, dns://\`id\``);
    expect(bad.exitCode).toBe(1);
    expect(bad.init).toEqual([]);
  });
});

describe.concurrent('generated waits, run under busybox sh, dash and bash', () => {
  test('seed scenario: the config center comes up late; progress lines, then exit 0', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '/info': 200 }, { listenLater: true });
      try {
        const cmd = await waitCommand(r, [{ name: 'apollo-configservice-fat', http: srv.url('/info'), periodSeconds: 1 }]);
        // the config center comes up on the script's own report of its second refused try
        const res = await runWait(r, cmd, 20_000, (text) => text.includes('try 2,') && void srv.listen());
        expect(res.code, res.stderr).toBe(0);
        const lines = tries(res.stderr, 'apollo-configservice-fat');
        expect(lines.length).toBeGreaterThanOrEqual(2);
        expect(lines[0]![0]).toBe(1);
        // elapsed time grows with the tries
        expect(lines.at(-1)![1]).toBeGreaterThanOrEqual(1);
        expect(res.stderr).toMatch(/pod-sequencer: apollo-configservice-fat is up after [1-9]\d*s\n$/);
        expect(srv.hits('/info').length).toBeGreaterThanOrEqual(1);
      } finally {
        await srv.close();
      }
    }));

  test('a dependency that never comes up: exit 1 after timeoutSeconds with a clear message', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '/info': 503 });
      try {
        const url = srv.url('/info');
        const res = await runWait(r, await waitCommand(r, [{ name: 'config', http: url, timeoutSeconds: 2, periodSeconds: 1 }]));
        expect(res.code, res.stderr).toBe(1);
        expect(res.timedOut).toBe(false); // ended by its own budget, not the harness kill (no wall-clock bound: timing belongs in the benchmark)
        expect(res.stderr).toMatch(new RegExp(`pod-sequencer: gave up waiting for config \\(${url.replace(/[.?]/g, '\\$&')}\\) after 2s\\n$`));
        // it kept trying until the budget ran out: each logged try was followed by one more (a
        // first try slower than the budget, under load, logs none)
        expect(srv.hits('/info', 'GET')).toHaveLength(tries(res.stderr, 'config').length + 1);
      } finally {
        await srv.close();
      }
    }));

  test('500 then 200: one more try, then exit 0', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '/health': sequence(500, 200) });
      try {
        const res = await runWait(r, await waitCommand(r, [{ name: 'config', http: srv.url('/health'), periodSeconds: 1 }]));
        expect(res.code, res.stderr).toBe(0);
        // one logged try per answer before the 200 (one, unless a try outlasted its 2 s under load)
        const t = tries(res.stderr, 'config');
        expect(t.map(([n]) => n)).toEqual(t.map((_, i) => i + 1));
        expect(t.length).toBeGreaterThanOrEqual(1);
        expect(srv.hits('/health', 'GET')).toHaveLength(t.length + 1);
        expect(res.timedOut).toBe(false); // ended by its own budget, not the harness kill (no wall-clock bound: timing belongs in the benchmark)
      } finally {
        await srv.close();
      }
    }));

  test('TCP accepted late: exit 0 once it connects; a refused port times out', () =>
    eachRunner(lab.runners, async (r) => {
      const late = await listenTcpLater();
      try {
        const [up, down] = await Promise.all([
          // the port opens on the script's own report of its first refused try
          runWait(
            r,
            await waitCommand(r, [{ name: 'db', tcp: `127.0.0.1:${late.port}`, periodSeconds: 1 }]),
            20_000,
            (text) => text.includes('try 1,') && late.start(),
          ),
          runWait(r, await waitCommand(r, [{ name: 'db', tcp: `127.0.0.1:${CLOSED_PORT}`, timeoutSeconds: 1, periodSeconds: 1 }])),
        ]);
        expect(up.code, up.stderr).toBe(0);
        expect(tries(up.stderr, 'db')[0]![0]).toBe(1);
        expect(up.stderr).toMatch(/pod-sequencer: db is up after [1-9]\d*s\n$/);
        expect(late.accepted).toBeGreaterThanOrEqual(1);
        expect(down.code, down.stderr).toBe(1);
        expect(down.stderr).toContain(`gave up waiting for db (127.0.0.1:${CLOSED_PORT}) after 1s`);
        expect(down.timedOut).toBe(false); // ended by its own budget, not the harness kill (no wall-clock bound: timing belongs in the benchmark)
      } finally {
        await late.close();
      }
    }));

  test('DNS: a resolvable name passes at once; one that never resolves times out', () =>
    eachRunner(lab.runners, async (r) => {
      const [up, down] = await Promise.all([
        runWait(r, await waitCommand(r, [{ name: 'local', dns: 'localhost' }])),
        runWait(r, await waitCommand(r, [{ name: 'nowhere', dns: 'nowhere.invalid', timeoutSeconds: 1, periodSeconds: 1 }])),
      ]);
      expect(up.code, up.stderr).toBe(0);
      expect(up.stderr).toMatch(/^pod-sequencer: local is up after \d+s\n$/);
      expect(down.code, down.stderr).toBe(1);
      expect(down.stderr).toContain('gave up waiting for nowhere (nowhere.invalid) after 1s');
    }));

  test('periodSeconds spaces the tries; timeoutSeconds 0 waits forever', () =>
    eachRunner(lab.runners, async (r) => {
      // Event-driven: the harness stops the wait on its own "try 3" line. Only lower bounds on
      // time, read from the script's own clock: a sleep never ends early, load only adds time.
      // (Whole-second deadlines made "gives up at 3 s after 2 tries" flaky under load.)
      let pid = 0;
      let stopped = false;
      const res = await run(await waitCommand(r, [{ name: 'db', tcp: `127.0.0.1:${CLOSED_PORT}`, timeoutSeconds: 0, periodSeconds: 2 }]), {
        path: r.path,
        timeoutMs: 30_000,
        onSpawn: (p) => (pid = p),
        onStderr: (text) => {
          if (stopped || !tries(text, 'db').some(([n]) => n === 3)) return;
          stopped = true;
          process.kill(-pid, 'SIGKILL');
        },
      });
      expect(res.timedOut, res.stderr).toBe(false);
      const t = tries(res.stderr, 'db');
      expect(t.map(([n]) => n)).toEqual([1, 2, 3]);
      // two sleeps of 2 s between try 1 and try 3, in whole seconds at least 3 (with period 1, 1 or 2 on a quiet machine)
      expect(t[2]![1] - t[0]![1]).toBeGreaterThanOrEqual(3);
      // timeoutSeconds 0: past any short budget and still trying, never "gave up"
      expect(res.stderr).not.toContain('gave up');
    }));

  test('hostile URL from the annotation: sent as data, never run', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '*': 200 });
      try {
        const touch = `touch\${IFS}${lab.canary}`;
        const path = `/info?a=$(${touch})&b=\`${touch}\`;${touch};x='1'"2"`;
        const cmd = await waitCommand(r, [], srv.url(path));
        expect(cmd).toContain(srv.url(path));
        const res = await runWait(r, cmd);
        expect(res.code, res.stderr).toBe(0);
        // clients differ in what they percent-encode; the request is the same (the set of paths:
        // a try that outlasted its 2 s under load is sent again)
        expect(new Set(srv.requests.map((q) => decodeURIComponent(q.path)))).toEqual(new Set([path]));
        expect(existsSync(lab.canary)).toBe(false);
      } finally {
        await srv.close();
      }
    }));
});
