/** @needs busybox dash bash curl wget getent */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chain, dependencyWait, postStartWait, type DependencyWait } from '../../src/shell/index.js';
import { CLOSED_PORT, listenTcpLater, sequence, startHttpServer } from '../helpers/http-server.js';
import { eachRunner, NASTY, NODE, nodeRun, run, setupLab, type Lab, type Runner } from './harness.js';

let lab: Lab;
beforeAll(async () => {
  lab = await setupLab();
});
afterAll(() => lab.cleanup());

/** A dependency wait; its default budget is one no load reaches (tests of the budget set theirs). */
const dep = (check: Partial<DependencyWait>, timeoutSeconds = 600, periodSeconds = 1): DependencyWait => ({
  name: 'config-center',
  timeoutSeconds,
  periodSeconds,
  ...check,
});
const waitFor = (r: Runner, d: DependencyWait) => run(dependencyWait(d, r.env), { path: r.path });

describe.concurrent('dependency wait', () => {
  test('HTTP: waits through refused connections and 500s, logs every try, ends when up', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '/info': sequence(500, 200) }, { listenLater: true });
      try {
        // the server starts on the script's own report of its first (refused) try
        const res = await run(dependencyWait(dep({ http: srv.url('/info') }), r.env), {
          path: r.path,
          onStderr: (text) => text.includes('try 1,') && void srv.listen(),
        });
        expect(res.code, res.stderr).toBe(0);
        const tries = res.stderr.match(/waiting for config-center \(http:\/\/127\.0\.0\.1:\d+\/info\): try \d+, \d+s elapsed/g);
        expect(tries?.length).toBeGreaterThanOrEqual(2);
        expect(res.stderr).toMatch(/try 1, \d+s elapsed/);
        expect(res.stderr).toMatch(/config-center is up after [1-9]\d*s\n$/);
        // 500 then 200: two tries at least (more when one outlasts its 2 s under load)
        expect(srv.hits('/info').length).toBeGreaterThanOrEqual(2);
      } finally {
        await srv.close();
      }
    }));

  test('HTTP: gives up after timeoutSeconds with exit 1 and a message', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '/info': 503 });
      try {
        const res = await waitFor(r, dep({ http: srv.url('/info') }, 2));
        expect(res.code, res.stderr).toBe(1);
        expect(res.stderr).toContain(`gave up waiting for config-center (${srv.url('/info')}) after 2s`);
        // tried until the budget ran out: each logged try was followed by one more (a first try
        // slower than the budget, under load, logs none)
        const logged = res.stderr.match(/try \d+/g) ?? [];
        expect(srv.hits('/info')).toHaveLength(logged.length + 1);
        expect(res.timedOut).toBe(false); // ended by its own budget, not the harness kill (no wall-clock bound: timing belongs in the benchmark)
      } finally {
        await srv.close();
      }
    }));

  test('honours periodSeconds', () =>
    eachRunner(lab.runners, async (r) => {
      // Stopped on its own "try 3" line; only lower bounds on time, from the script's own clock
      // (an exact count of tries within a whole-second budget was flaky under load).
      let pid = 0;
      let stopped = false;
      const res = await run(dependencyWait(dep({ tcp: `127.0.0.1:${CLOSED_PORT}` }, 0, 2), r.env), {
        path: r.path,
        onSpawn: (p) => (pid = p),
        onStderr: (text) => {
          if (stopped || !text.includes('try 3,')) return;
          stopped = true;
          process.kill(-pid, 'SIGKILL');
        },
      });
      expect(res.timedOut, res.stderr).toBe(false);
      const elapsed = [...res.stderr.matchAll(/try (\d+), (\d+)s elapsed/g)].map((m) => [Number(m[1]), Number(m[2])]);
      expect(elapsed.map(([n]) => n)).toEqual([1, 2, 3]);
      // two sleeps of 2 s, not of 1: at least 3 whole seconds between try 1 and try 3
      expect(elapsed[2]![1]! - elapsed[0]![1]!).toBeGreaterThanOrEqual(3);
    }));

  test('TCP: waits for a port that opens late; a closed port times out in bounds', () =>
    eachRunner(lab.runners, async (r) => {
      const late = await listenTcpLater();
      const closed = CLOSED_PORT;
      try {
        const [up, down] = await Promise.all([
          // the port opens on the script's own report of its first (refused) try
          run(dependencyWait(dep({ tcp: `127.0.0.1:${late.port}` }), r.env), { path: r.path, onStderr: (text) => text.includes('try 1,') && late.start() }),
          waitFor(r, dep({ tcp: `127.0.0.1:${closed}` }, 1)),
        ]);
        expect(up.code, up.stderr).toBe(0);
        expect(up.stderr).toMatch(/try 1, \d+s elapsed\n(.*\n)*pod-sequencer: config-center is up after [1-9]\d*s\n$/);
        expect(late.accepted).toBeGreaterThanOrEqual(1);
        expect(down.code, down.stderr).toBe(1);
        expect(down.timedOut).toBe(false); // ended by its own budget, not the harness kill (no wall-clock bound: timing belongs in the benchmark)
      } finally {
        await late.close();
      }
    }));

  test('DNS: localhost resolves; a .invalid name never does', () =>
    eachRunner(lab.runners, async (r) => {
      const [up, down] = await Promise.all([waitFor(r, dep({ dns: 'localhost' })), waitFor(r, dep({ dns: 'nothing-here.invalid' }, 1))]);
      expect(up.code, up.stderr).toBe(0);
      expect(up.stderr).toMatch(/^pod-sequencer: config-center is up after \d+s\n$/);
      expect(down.code, down.stderr).toBe(1);
      expect(down.stderr).toContain('gave up waiting for config-center (nothing-here.invalid) after 1s');
      expect(down.timedOut).toBe(false); // ended by its own budget, not the harness kill (no wall-clock bound: timing belongs in the benchmark)
    }));

  test('timeoutSeconds 0 waits for as long as it takes', () =>
    eachRunner(lab.runners.slice(0, 1), async (r) => {
      const srv = await startHttpServer({ '/info': sequence(503, 503, 200) });
      try {
        const res = await waitFor(r, dep({ http: srv.url('/info') }, 0));
        expect(res.code, res.stderr).toBe(0);
        // past any 1-2s budget: three tries, the last 2s in
        expect(srv.hits('/info').length).toBeGreaterThanOrEqual(3);
        expect(res.stderr).toMatch(/config-center is up after [1-9]\d*s\n$/);
      } finally {
        await srv.close();
      }
    }));

  test('images without tools fail at once with a clear message', () =>
    eachRunner(lab.bare, async (r) => {
      const http = await waitFor(r, dep({ http: 'http://127.0.0.1:1/' }));
      expect(http.code, http.stderr).toBe(1);
      expect(http.stderr).toBe('pod-sequencer: this image has neither curl nor wget; set tools.delivery: inject (or use a tools image that has one)\n');
      const tcp = await waitFor(r, dep({ tcp: '127.0.0.1:1' }));
      expect(tcp.code, tcp.stderr).toBe(1);
      expect(tcp.stderr).toContain('this image has none of nc, curl, bash; set tools.delivery: inject');
      const dns = await waitFor(r, dep({ dns: 'localhost' }));
      expect(dns.code, dns.stderr).toBe(1);
      expect(dns.stderr).toContain('set tools.delivery: inject');
    }));
});

describe.concurrent('postStart hooks', () => {
  const nasty = () => NASTY.map((s) => s.replace('CANARY', lab.canary));

  test('postStartWait: waits, then runs the user hook with its exact argv', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '/ready': sequence(503, 200) });
      try {
        const then = [NODE, lab.dump, ...nasty()];
        const check = { name: 'istio-proxy', http: srv.url('/ready'), timeoutSeconds: 600, onTimeout: 'fail' as const };
        const res = await run(postStartWait(check, r.env, then), { path: r.path });
        expect(res.code, res.stderr).toBe(0);
        expect(JSON.parse(res.stdout)).toEqual(nasty());
        // the hook ran once the sidecar answered 200, not at the first 503
        expect(srv.hits('/ready').length).toBeGreaterThanOrEqual(2); // 503 then 200, or a slow try again
        expect(res.stderr).toMatch(/istio-proxy is up after \d+s\n$/);
        const bare = await run(postStartWait(check, r.env), { path: r.path });
        expect(bare.code, bare.stderr).toBe(0);
        expect(bare.stdout).toBe('');
      } finally {
        await srv.close();
      }
    }));

  test('postStartWait: onTimeout fail exits 1; continue runs the user hook', () =>
    eachRunner(lab.runners, async (r) => {
      const closed = CLOSED_PORT;
      const check = { name: 'envoy', tcp: `127.0.0.1:${closed}`, timeoutSeconds: 1 };
      const then = nodeRun('console.log("hook ran")');
      const [fail, cont] = await Promise.all([
        run(postStartWait({ ...check, onTimeout: 'fail' }, r.env, then), { path: r.path }),
        run(postStartWait({ ...check, onTimeout: 'continue' }, r.env, then), { path: r.path }),
      ]);
      expect(fail.code, fail.stderr).toBe(1);
      expect(fail.stdout).toBe('');
      expect(fail.stderr).toContain('envoy was not ready after 1s');
      expect(cont.code, cont.stderr).toBe(0);
      expect(cont.stdout).toBe('hook ran\n');
    }));

  test('chain: runs the wait command, then the user hook; stops when the wait command fails', () =>
    eachRunner(lab.runners, async (r) => {
      const ok = await run(chain([NODE, lab.dump, 'wait', '--', 'x y'], [NODE, lab.dump, ...nasty()], r.env), {
        path: r.path,
      });
      expect(ok.code, ok.stderr).toBe(0);
      expect(
        ok.stdout
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
      ).toEqual([['wait', '--', 'x y'], nasty()]);
      const failed = await run(chain(nodeRun('process.exit(3)'), nodeRun('console.log("hook ran")'), r.env), {
        path: r.path,
      });
      expect(failed.code, failed.stderr).toBe(1);
      expect(failed.stdout).toBe('');
      expect(failed.stderr).toContain(`pod-sequencer: ${NODE} failed with exit code 3`);
    }));

  test('chain without a user hook is the wait command itself (no shell needed)', () => {
    expect(chain(['pilot-agent', 'wait'], [], { delivery: 'inject', toolsDir: '/.seq' })).toEqual(['pilot-agent', 'wait']);
  });
});
