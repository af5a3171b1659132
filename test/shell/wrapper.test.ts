/** @needs busybox dash bash curl wget getent */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseWrapper, sharedWrapper, wrapperCommand, type ReadyCheck, type ShutdownCall, type WrapperSpec } from '../../src/shell/index.js';
import { CLOSED_PORT, listenTcpLater, redirect, sequence, startHttpServer } from '../helpers/http-server.js';
import { BUSYBOX, eachRunner, NASTY, NODE, nodeRun, run, setupLab, type Lab, type Runner } from './harness.js';

let lab: Lab;
beforeAll(async () => {
  lab = await setupLab();
});
afterAll(() => lab.cleanup());

const job = (argv: string[], more: Partial<WrapperSpec> = {}): WrapperSpec => ({
  mode: 'job',
  checks: [],
  shutdown: [],
  shutdownOn: 'success',
  argv,
  ...more,
});

const wrap = (r: Runner, spec: WrapperSpec, args: string[] = [], extra: { stdin?: string; timeoutMs?: number } = {}) =>
  run(wrapperCommand(spec, r.env), { path: r.path, args, ...extra });

/** A readiness check; its default budget is one no load reaches (tests of the budget set theirs). */
const ready = (url: string, timeoutSeconds = 600, onTimeout: ReadyCheck['onTimeout'] = 'fail'): ReadyCheck => ({
  name: 'proxy',
  http: url,
  timeoutSeconds,
  onTimeout,
});

describe.concurrent('wrapper, job mode', () => {
  test('keeps the exit code: 0, 1, 3, 255', () =>
    eachRunner(lab.runners, async (r) => {
      const codes = [0, 1, 3, 255];
      const results = await Promise.all(codes.map((code) => wrap(r, job(nodeRun(`process.exit(${code})`)))));
      results.forEach((res, i) => {
        expect(res.code, res.stderr).toBe(codes[i]);
        expect(res.stderr).toContain(`command exited with code ${codes[i]}`);
      });
    }));

  test('reports death by signal N as 128+N: SIGTERM 143, SIGKILL 137', () =>
    eachRunner(lab.runners, async (r) => {
      const term = await wrap(r, job(nodeRun('process.kill(process.pid, "SIGTERM"); setTimeout(() => {}, 5000)')));
      expect(term.code, term.stderr).toBe(143);
      const kill = await wrap(r, job(nodeRun('process.kill(process.pid, "SIGKILL")')));
      expect(kill.code, kill.stderr).toBe(137);
    }));

  test('passes command and args through byte for byte', () =>
    eachRunner(lab.runners, async (r) => {
      const nasty = NASTY.map((s) => s.replace('CANARY', lab.canary));
      for (const mode of ['job', 'exec'] as const) {
        const res = await wrap(r, job([NODE, lab.dump, ...nasty], { mode }), nasty);
        expect(res.code, res.stderr).toBe(0);
        expect(JSON.parse(res.stdout)).toEqual([...nasty, ...nasty]);
      }
      expect(existsSync(lab.canary)).toBe(false);
    }));

  test('runs a command named like a shell builtin as the program, not the builtin', () =>
    eachRunner(lab.runners, async (r) => {
      // `kill` and `wait` are builtins (and ours are functions named _...): a program of that
      // name must still be the program. /bin/echo does not interpret "\t"; dash's builtin does.
      const res = await wrap(r, job(['/bin/echo', 'a\\tb']));
      expect(res.stdout).toBe('a\\tb\n');
    }));

  test('forwards SIGTERM to the command and returns its exit code', () =>
    eachRunner(lab.runners, async (r) => {
      const code = `process.on("SIGTERM", () => { console.log("got SIGTERM"); process.exit(42) });
        console.log("started"); setTimeout(() => {}, 10000)`;
      const res = await run(wrapperCommand(job(nodeRun(code)), r.env), {
        path: r.path,
        onStdout: (out, pid) => out === 'started\n' && process.kill(pid, 'SIGTERM'),
      });
      expect(res.stdout, res.stderr).toBe('started\ngot SIGTERM\n');
      expect(res.code, res.stderr).toBe(42);
    }));

  test('forwards SIGINT to a command that handles it', () =>
    eachRunner(lab.runners, async (r) => {
      const code = `process.on("SIGINT", () => { console.log("got SIGINT"); process.exit(7) });
        console.log("started"); setTimeout(() => {}, 10000)`;
      const res = await run(wrapperCommand(job(nodeRun(code)), r.env), {
        path: r.path,
        onStdout: (out, pid) => out === 'started\n' && process.kill(pid, 'SIGINT'),
      });
      expect(res.stdout, res.stderr).toBe('started\ngot SIGINT\n');
      expect(res.code, res.stderr).toBe(7);
    }));

  test('gives the command its stdin', () =>
    eachRunner(lab.runners, async (r) => {
      const res = await wrap(r, job(nodeRun('process.stdin.pipe(process.stdout)')), [], { stdin: 'hello\n' });
      expect(res.stdout, res.stderr).toBe('hello\n');
    }));

  test('shuts sidecars down after success, for both shutdownOn values', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '/quit': 200, '/stop': 200 });
      try {
        // retried calls: one try may outlast its 2 s on a loaded machine (a single try is tested below)
        const shutdown: ShutdownCall[] = [
          { name: 'istio-proxy', http: srv.url('/quit'), method: 'POST', attempts: 5 },
          { name: 'sql-proxy', http: srv.url('/stop'), method: 'GET', attempts: 5 },
        ];
        for (const shutdownOn of ['success', 'always'] as const) {
          const before = srv.requests.length;
          const res = await wrap(r, job(nodeRun('console.log("done")'), { shutdown, shutdownOn }));
          expect(res.code, res.stderr).toBe(0);
          expect(res.stderr).toContain('asked istio-proxy to shut down');
          expect(res.stderr).toContain('asked sql-proxy to shut down');
          // in order: every /quit try before the first /stop
          const calls = srv.requests.slice(before).map((q) => `${q.method} ${q.path}`);
          expect([...new Set(calls)]).toEqual(['POST /quit', 'GET /stop']);
          expect(calls.lastIndexOf('POST /quit')).toBeLessThan(calls.indexOf('GET /stop'));
        }
      } finally {
        await srv.close();
      }
    }));

  test('after failure, shuts down only when shutdownOn is always', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '/quit': 200 });
      try {
        const shutdown: ShutdownCall[] = [{ name: 'istio-proxy', http: srv.url('/quit'), method: 'POST' }];
        const onFailure = await wrap(r, job(nodeRun('process.exit(3)'), { shutdown, shutdownOn: 'success' }));
        expect(onFailure.code, onFailure.stderr).toBe(3);
        expect(onFailure.stderr).toContain('not shutting sidecars down');
        expect(srv.requests).toEqual([]);
        const never = await wrap(r, job(nodeRun('process.exit(3)'), { shutdown, shutdownOn: 'always' }));
        expect(never.code, never.stderr).toBe(3);
        expect(srv.hits('/quit', 'POST')).toHaveLength(1);
      } finally {
        await srv.close();
      }
    }));

  test('a failing or hanging shutdown call is logged, not fatal', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '/quit': 500, '/hang': 'hang' });
      const closed = CLOSED_PORT;
      try {
        const shutdown: ShutdownCall[] = [
          { name: 'a', http: srv.url('/quit'), method: 'POST' },
          { name: 'b', http: srv.url('/hang'), method: 'POST' },
          { name: 'c', http: `http://127.0.0.1:${closed}/quit`, method: 'POST' },
        ];
        const res = await wrap(r, job(nodeRun('process.exit(0)'), { shutdown }));
        expect(res.code, res.stderr).toBe(0);
        for (const n of ['a', 'b', 'c']) expect(res.stderr).toContain(`could not ask ${n} to shut down`);
        expect(res.timedOut).toBe(false); // ended by its own budget, not the harness kill (no wall-clock bound: timing belongs in the benchmark)
      } finally {
        await srv.close();
      }
    }));
});

describe.concurrent('wrapper, job mode, quit calls with a header and retries', () => {
  const token = "s3cr3t $(touch CANARY) 'x' \\n";
  const dapr = (url: string, more: Partial<ShutdownCall> = {}): ShutdownCall => ({
    name: 'daprd',
    http: url,
    method: 'POST',
    header: { name: 'dapr-api-token', fromEnv: 'DAPR_API_TOKEN' },
    ...more,
  });

  test('sends the header with the value of its variable, read at run time; without it, says so and gets 401', () =>
    eachRunner(lab.runners, async (r) => {
      const value = token.replace('CANARY', lab.canary);
      const srv = await startHttpServer({ '/v1.0/shutdown': (req) => (req.headers['dapr-api-token'] === value ? 200 : 401) });
      try {
        const spec = job(nodeRun('process.exit(3)'), { shutdown: [dapr(srv.url('/v1.0/shutdown'))], shutdownOn: 'always' });
        expect(JSON.stringify(wrapperCommand(spec, r.env))).not.toContain('s3cr3t');
        // with the token the call must succeed: retried, as one try may outlast its 2 s under load
        const retried = job(nodeRun('process.exit(3)'), { shutdown: [dapr(srv.url('/v1.0/shutdown'), { attempts: 5 })], shutdownOn: 'always' });
        const res = await run(wrapperCommand(retried, r.env), { path: r.path, env: { DAPR_API_TOKEN: value } });
        expect(res.code, res.stderr).toBe(3);
        expect(res.stderr).toContain('asked daprd to shut down');
        expect(new Set(srv.requests.map((q) => `${q.method} ${q.headers['dapr-api-token']}`))).toEqual(new Set([`POST ${value}`]));
        const withToken = srv.requests.length;
        for (const env of [{}, { DAPR_API_TOKEN: '' }] as Record<string, string>[]) {
          const bare = await run(wrapperCommand(spec, r.env), { path: r.path, env });
          expect(bare.code, bare.stderr).toBe(3);
          expect(bare.stderr).toContain('DAPR_API_TOKEN is empty or unset: calling daprd without dapr-api-token');
          expect(bare.stderr).toContain(`could not ask daprd to shut down (POST ${srv.url('/v1.0/shutdown')}); going on`);
        }
        expect(srv.requests.slice(withToken).map((q) => q.headers['dapr-api-token'])).toEqual([undefined, undefined]);
        // a value that would split the request is not sent
        const nl = await run(wrapperCommand(spec, r.env), { path: r.path, env: { DAPR_API_TOKEN: 'a\r\nx-evil: 1' } });
        expect(nl.stderr).toContain('DAPR_API_TOKEN holds a control character: calling daprd without dapr-api-token');
        expect(srv.requests.at(-1)!.headers).not.toHaveProperty('x-evil');
        expect(existsSync(lab.canary)).toBe(false);
      } finally {
        await srv.close();
      }
    }));

  test('attempts: a sidecar that starts listening only after the first try is asked again, 1 s later', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '/agent/v1/quit': 200 }, { listenLater: true });
      try {
        const spec = job(nodeRun('process.exit(0)'), { shutdown: [{ name: 'vault-agent', http: srv.url('/agent/v1/quit'), method: 'POST', attempts: 5 }] });
        // the server starts on the script's own report of the refused first try
        const res = await run(wrapperCommand(spec, r.env), {
          path: r.path,
          onStderr: (text) => text.includes('vault-agent did not take its shutdown call (try 1 of 5)') && void srv.listen(),
        });
        expect(res.code, res.stderr).toBe(0);
        // asked again after the refusal, until it took the call (a later try may also outlast its
        // 2 s under load: what is guaranteed is the retry and the success, not which try)
        expect(res.stderr).toContain('did not take its shutdown call (try 1 of 5); trying again in 1s\n');
        expect(res.stderr).toMatch(/pod-sequencer: asked vault-agent to shut down\n$/);
        expect(srv.hits('/agent/v1/quit', 'POST').length).toBeGreaterThanOrEqual(1);
      } finally {
        await srv.close();
      }
    }));

  test('attempts: non-2xx answers are retried up to N times, then given up with a message; the exit code is kept', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '/late': sequence(503, 500, 200), '/never': 401 });
      try {
        const [late, never] = await Promise.all([
          // 503, 500, then 200: three tries at least (more if one outlasts its 2 s under load)
          wrap(r, job(nodeRun('process.exit(0)'), { shutdown: [{ name: 'a', http: srv.url('/late'), method: 'POST', attempts: 6 }] })),
          run(wrapperCommand(job(nodeRun('process.exit(4)'), { shutdownOn: 'always', shutdown: [dapr(srv.url('/never'), { attempts: 2 })] }), r.env), {
            path: r.path,
            env: { DAPR_API_TOKEN: 'wrong' },
          }),
        ]);
        expect(late.code, late.stderr).toBe(0);
        expect(srv.hits('/late', 'POST').length).toBeGreaterThanOrEqual(3);
        expect(late.stderr).toContain('asked a to shut down');
        expect(never.code, never.stderr).toBe(4);
        expect(srv.hits('/never', 'POST').map((q) => q.headers['dapr-api-token'])).toEqual(['wrong', 'wrong']);
        expect(never.stderr).toContain('daprd did not take its shutdown call (try 1 of 2); trying again in 1s');
        expect(never.stderr).not.toContain('try 2 of 2');
        expect(never.stderr).toMatch(
          /command exited with code 4\n.*\(try 1 of 2\).*\n.*could not ask daprd to shut down \(POST http:[^)]*\/never\); going on\n$/,
        );
      } finally {
        await srv.close();
      }
    }));
});

describe.concurrent('wrapper, job mode, K records', () => {
  test('SIGTERM every process of that name after the shutdown calls; say when there is none', () =>
    eachRunner(lab.runners, async (r) => {
      // a name of its own per runner (they run at once), under /proc/PID/comm's 15 bytes
      const name = `psq-k${lab.runners.indexOf(r)}-${process.pid % 100000}`;
      const path = join(lab.dir, name);
      await symlink('/usr/bin/sleep', path);
      const sleeper = spawn(path, ['30'], { stdio: 'ignore' });
      const ended = new Promise<string | null>((resolve) => sleeper.on('exit', (_code, signal) => resolve(signal)));
      await once(sleeper, 'spawn');
      const srv = await startHttpServer({ '/quit': 200 });
      try {
        const spec = job(nodeRun('process.exit(0)'), {
          shutdown: [{ name: 'proxy', http: srv.url('/quit'), method: 'POST', attempts: 5 }],
          kill: [{ name: 'sidecar', process: name }],
        });
        const res = await wrap(r, spec);
        expect(res.code, res.stderr).toBe(0);
        expect(res.stderr).toMatch(new RegExp(`asked proxy to shut down\\n.*sent SIGTERM to 1 ${name} process\\(es\\) of sidecar\\n`, 's'));
        expect(await ended).toBe('SIGTERM');
        expect(srv.hits('/quit', 'POST').length).toBeGreaterThanOrEqual(1);
        const none = await wrap(r, job(nodeRun('process.exit(3)'), { shutdownOn: 'always', kill: [{ name: 'sidecar', process: name }] }));
        expect(none.code, none.stderr).toBe(3);
        expect(none.stderr).toContain(`found no ${name} process of sidecar (is shareProcessNamespace on?)`);
      } finally {
        sleeper.kill();
        await srv.close();
      }
    }));
});

describe.concurrent('wrapper, readiness', () => {
  test('waits for a sidecar that becomes ready later, then runs the command', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '/ready': sequence(503, 503, 200), '/app': 200 });
      try {
        const res = await wrap(
          r,
          job(nodeRun(`require("http").get(${JSON.stringify(srv.url('/app'))}, (r) => r.resume())`), { checks: [ready(srv.url('/ready'))] }),
        );
        expect(res.code, res.stderr).toBe(0);
        expect(res.stderr).toMatch(/waiting for proxy \(http:\/\/127\.0\.0\.1:\d+\/ready\): try 1, \d+s elapsed/);
        expect(res.stderr).toMatch(/proxy is up after [1-9]\d*s\n/);
        // the command ran after the first 200 (the third answer, or later when a try outlasted its
        // 2 s under load), never before
        const paths = srv.requests.map((q) => q.path);
        expect(paths.at(-1)).toBe('/app');
        expect(new Set(paths.slice(0, -1))).toEqual(new Set(['/ready']));
        expect(paths.length).toBeGreaterThanOrEqual(4);
      } finally {
        await srv.close();
      }
    }));

  test('treats 500 as not ready and 3xx as ready; waits for a port that opens late; checks in order', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '/a': sequence(500, 500, 200), '/b': redirect('/ok'), '/ok': 204 });
      const tcp = await listenTcpLater();
      try {
        const checks: ReadyCheck[] = [
          ready(srv.url('/a')),
          { name: 'db', tcp: `127.0.0.1:${tcp.port}`, timeoutSeconds: 600, onTimeout: 'fail' },
          ready(srv.url('/b')),
        ];
        // the port opens on the script's own report that db refused its first try
        const res = await run(wrapperCommand(job(nodeRun('console.log("ran")'), { checks }), r.env), {
          path: r.path,
          onStderr: (text) => text.includes('waiting for db') && tcp.start(),
        });
        expect(res.stderr).toMatch(/waiting for db \(127\.0\.0\.1:\d+\): try 1, /);
        expect(res.code, res.stderr).toBe(0);
        expect(res.stdout).toBe('ran\n');
        expect(srv.hits('/a').length).toBeGreaterThanOrEqual(3);
        expect(tcp.accepted).toBeGreaterThanOrEqual(1);
        expect(srv.hits('/b').length).toBeGreaterThanOrEqual(1); // a slow try is tried again
        expect(srv.hits('/b')[0].at).toBeGreaterThan(srv.hits('/a')[2].at);
      } finally {
        await Promise.all([srv.close(), tcp.close()]);
      }
    }));

  test('onTimeout fail: exit 1 with a message, command never runs, sidecars shut down for always', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '/ready': 503, '/quit': 200 });
      try {
        const spec = job(nodeRun('console.log("ran")'), {
          checks: [ready(srv.url('/ready'), 1, 'fail')],
          shutdown: [{ name: 'proxy', http: srv.url('/quit'), method: 'POST' }],
          shutdownOn: 'always',
        });
        const [res, exec] = await Promise.all([wrap(r, spec), wrap(r, { ...spec, mode: 'exec' })]);
        expect(res.code, res.stderr).toBe(1);
        expect(res.stdout).toBe('');
        expect(res.stderr).toContain('proxy was not ready after 1s; giving up');
        expect(res.timedOut).toBe(false); // ended by its own budget, not the harness kill (no wall-clock bound: timing belongs in the benchmark)
        expect(srv.hits('/quit', 'POST')).toHaveLength(1);
        expect(exec.code, exec.stderr).toBe(1);
        expect(exec.stdout).toBe('');
      } finally {
        await srv.close();
      }
    }));

  test('onTimeout continue: logs and runs the command anyway', () =>
    eachRunner(lab.runners, async (r) => {
      const closed = CLOSED_PORT;
      const modes = ['job', 'exec'] as const;
      const results = await Promise.all(
        modes.map((mode) => wrap(r, job(nodeRun('console.log("ran")'), { mode, checks: [ready(`http://127.0.0.1:${closed}/`, 1, 'continue')] }))),
      );
      for (const res of results) {
        expect(res.code, res.stderr).toBe(0);
        expect(res.stdout).toBe('ran\n');
        expect(res.stderr).toContain('proxy was not ready after 1s; going on');
      }
    }));

  test('a sidecar that accepts but never answers does not stall a try beyond its timeout', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '/ready': 'hang' });
      try {
        const res = await wrap(r, job(nodeRun('console.log("ran")'), { checks: [ready(srv.url('/ready'), 1, 'fail')] }));
        expect(res.code, res.stderr).toBe(1);
        expect(res.stdout).toBe('');
        // one try, cut short by the client's own timeout; then the budget is spent
        expect(srv.hits('/ready')).toHaveLength(1);
        expect(res.timedOut).toBe(false); // ended by its own budget, not the harness kill (no wall-clock bound: timing belongs in the benchmark)
      } finally {
        await srv.close();
      }
    }));

  test('SIGTERM while waiting for readiness ends the wrapper with 143', () =>
    eachRunner(lab.runners, async (r) => {
      const closed = CLOSED_PORT;
      const spec = job(nodeRun('console.log("ran")'), { checks: [ready(`http://127.0.0.1:${closed}/`, 30)] });
      let pid = 0;
      let sent = false;
      const res = await run(wrapperCommand(spec, r.env), {
        path: r.path,
        onSpawn: (p) => (pid = p),
        // on the wrapper's own report of its first refused try: its trap is set by then (a fixed
        // delay could fire before the shell set it, under load)
        onStderr: (text) => {
          if (!sent && text.includes('try 1,')) {
            sent = true;
            process.kill(pid, 'SIGTERM');
          }
        },
      });
      expect(sent, res.stderr).toBe(true);
      expect(res.code, res.stderr).toBe(143);
      expect(res.stdout).toBe('');
      expect(res.timedOut).toBe(false); // ended by its own budget, not the harness kill (no wall-clock bound: timing belongs in the benchmark)
    }));
});

describe.concurrent('wrapper, empty argv (an image with no ENTRYPOINT: the args are the command)', () => {
  test('runs the args as the command, in job and exec mode', () =>
    eachRunner(lab.runners, async (r) => {
      const nasty = NASTY.map((s) => s.replace('CANARY', lab.canary));
      for (const mode of ['job', 'exec'] as const) {
        const res = await wrap(r, job([], { mode }), [NODE, lab.dump, ...nasty]);
        expect(res.code, res.stderr).toBe(0);
        expect(JSON.parse(res.stdout)).toEqual(nasty);
      }
      const code = await wrap(r, job([]), [NODE, '-e', 'process.exit(7)']);
      expect(code.code, code.stderr).toBe(7);
      expect(existsSync(lab.canary)).toBe(false);
    }));

  test('with no args either: fails at once, saying so', () =>
    eachRunner(lab.runners, async (r) => {
      for (const mode of ['job', 'exec'] as const) {
        const res = await wrap(r, job([], { mode }));
        expect(res.code).toBe(1);
        expect(res.stderr).toContain('no command and no args to run');
      }
    }));

  test('is recognised as ours on the next run', () => {
    const spec = job([], { mode: 'exec' });
    const cmd = wrapperCommand(spec, { delivery: 'image', toolsDir: '/.seq' });
    expect(parseWrapper(cmd)?.spec).toEqual(spec);
  });
});

describe.concurrent('wrapper, exec mode', () => {
  test('replaces itself with the command: same pid, no shell left', () =>
    eachRunner(lab.runners, async (r) => {
      let spawned = 0;
      const res = await run(wrapperCommand({ ...job(nodeRun('console.log(process.pid)')), mode: 'exec' }, r.env), {
        path: r.path,
        onStdout: (_out, pid) => (spawned = pid),
      });
      expect(res.code, res.stderr).toBe(0);
      expect(Number(res.stdout)).toBe(spawned);
    }));
});

describe.concurrent('wrapper, shared form (inject delivery: the script in the tools volume, once per pod)', () => {
  /** A tools directory as seq-tools leaves it (busybox and wrap.sh for these specs), and each spec's command. */
  async function shared(...specs: WrapperSpec[]): Promise<string[][]> {
    const dir = await mkdtemp(join(lab.dir, 'shared-'));
    await symlink(BUSYBOX, join(dir, 'busybox'));
    await writeFile(join(dir, 'wrap.sh'), sharedWrapper(specs));
    return specs.map((spec) => wrapperCommand(spec, { delivery: 'inject', toolsDir: dir }, 'shared'));
  }
  const path = '/nonexistent';

  test('two containers, one script: each keeps its exit code and gets its argv and args byte for byte', async () => {
    const nasty = NASTY.map((s) => s.replace('CANARY', lab.canary));
    const srv = await startHttpServer({ '/ready': 200, '/quit': 200 });
    try {
      const more = { checks: [ready(srv.url('/ready'))], shutdown: [{ name: 'proxy', http: srv.url('/quit'), method: 'POST' as const }] };
      const [dump, fail] = await shared(job([NODE, lab.dump, ...nasty], more), job(nodeRun('process.exit(3)'), { ...more, shutdownOn: 'always' }));
      const [a, b] = await Promise.all([run(dump!, { path, args: nasty }), run(fail!, { path })]);
      expect(a.code, a.stderr).toBe(0);
      expect(JSON.parse(a.stdout)).toEqual([...nasty, ...nasty]);
      expect(b.code, b.stderr).toBe(3);
      expect(srv.hits('/quit', 'POST')).toHaveLength(2);
      expect(existsSync(lab.canary)).toBe(false);
    } finally {
      await srv.close();
    }
  });

  test('forwards SIGTERM; exec mode replaces itself with the command', async () => {
    const code = `process.on("SIGTERM", () => { console.log("got SIGTERM"); process.exit(42) });
      console.log("started"); setTimeout(() => {}, 10000)`;
    const [term] = await shared(job(nodeRun(code)));
    const res = await run(term!, { path, onStdout: (out, pid) => out === 'started\n' && process.kill(pid, 'SIGTERM') });
    expect(res.stdout, res.stderr).toBe('started\ngot SIGTERM\n');
    expect(res.code).toBe(42);
    const [exec] = await shared({ ...job(nodeRun('console.log(process.pid)')), mode: 'exec' });
    let spawned = 0;
    const e = await run(exec!, { path, onSpawn: (pid) => (spawned = pid) });
    expect(Number(e.stdout)).toBe(spawned);
  });

  test('a header from the environment and retries work as inline', async () => {
    const srv = await startHttpServer({ '/v1.0/shutdown': (req) => (req.headers['dapr-api-token'] === 't0k' ? 200 : 401) });
    try {
      const call: ShutdownCall = {
        name: 'daprd',
        http: srv.url('/v1.0/shutdown'),
        method: 'POST',
        header: { name: 'dapr-api-token', fromEnv: 'DAPR_API_TOKEN' },
        attempts: 2,
      };
      const [cmd] = await shared(job(nodeRun('process.exit(0)'), { shutdown: [call] }));
      const [ok, bare] = await Promise.all([run(cmd!, { path, env: { DAPR_API_TOKEN: 't0k' } }), run(cmd!, { path })]);
      expect(ok.stderr).toContain('asked daprd to shut down');
      expect(bare.stderr).toContain('(try 1 of 2)');
      expect(
        srv
          .hits('/v1.0/shutdown')
          .map((q) => q.headers['dapr-api-token'] ?? '-')
          .sort(),
      ).toEqual(['-', '-', 't0k']);
    } finally {
      await srv.close();
    }
  });
});
