/**
 * @needs busybox dash bash curl wget getent
 * Values from config and manifests are data, never code: hostile names, URLs, hosts and
 * environments must not run anything (the canary file must never appear).
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dependencyWait, postStartWait, wrapperCommand, type DependencyWait } from '../../src/shell/index.js';
import { startHttpServer } from '../helpers/http-server.js';
import { eachRunner, NODE, nodeRun, run, setupLab, type Lab } from './harness.js';

let lab: Lab;
beforeAll(async () => {
  lab = await setupLab();
});
afterAll(() => lab.cleanup());

/** Ways to smuggle `touch CANARY` into a shell. */
const payloads = (canary: string) => [
  `$(touch ${canary})`,
  `\`touch ${canary}\``,
  `x;touch ${canary}`,
  `x'; touch ${canary}; '`,
  `x"; touch ${canary}; "`,
  `x\ntouch ${canary}`,
  `x && touch ${canary}`,
  `-e touch ${canary}`,
];

describe.concurrent('hostile values', () => {
  test('in names: printed as text, never run', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '/ready': 200, '/quit': 200 });
      try {
        for (const name of payloads(lab.canary)) {
          const spec = {
            mode: 'job' as const,
            // budgets no load reaches, and retried quit calls: what is tested is the names (a deadline
            // or a single 2 s try would test the machine's load instead)
            checks: [{ name, http: srv.url('/ready'), timeoutSeconds: 600, onTimeout: 'fail' as const }],
            shutdown: [{ name, http: srv.url('/quit'), method: 'POST' as const, attempts: 5 }],
            shutdownOn: 'always' as const,
            argv: nodeRun('process.exit(0)'),
          };
          const res = await run(wrapperCommand(spec, r.env), { path: r.path });
          expect(res.code, res.stderr).toBe(0);
          expect(res.stderr).toContain(`asked ${name} to shut down`);
          const dep = await run(dependencyWait({ name, http: srv.url('/ready'), timeoutSeconds: 600, periodSeconds: 1 }, r.env), {
            path: r.path,
          });
          expect(dep.code, dep.stderr).toBe(0);
          // the name as text in its last line (a slow first try, under load, adds "waiting" lines before it)
          expect(dep.stderr.endsWith(`${name} is up after ${/ after (\d+)s\n$/.exec(dep.stderr)?.[1]}s\n`), dep.stderr).toBe(true);
        }
        expect(existsSync(lab.canary)).toBe(false);
      } finally {
        await srv.close();
      }
    }));

  test('in URL paths: sent as a path, never run', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '*': 200 });
      try {
        // no spaces or newlines here: those are rejected (next test)
        const paths = [`/$(touch${'${IFS}'}${lab.canary})`, `/\`id\``, `/a;id`, `/a'b"c`, '/[x]{y}'];
        await Promise.all(
          paths.map(async (p) => {
            const res = await run(postStartWait({ name: 'x', http: srv.url(p), timeoutSeconds: 600, onTimeout: 'fail' }, r.env, [NODE, lab.dump, p]), {
              path: r.path,
            });
            expect(res.code, res.stderr).toBe(0);
            expect(JSON.parse(res.stdout)).toEqual([p]);
          }),
        );
        // clients differ in what they percent-encode; the path is the same. The set of paths, not
        // a count: a try slower than its 2 s (under load) is legitimately tried again.
        expect([...new Set(srv.requests.map((q) => decodeURIComponent(q.path)))].sort()).toEqual([...paths].sort());
        expect(existsSync(lab.canary)).toBe(false);
      } finally {
        await srv.close();
      }
    }));

  test('malformed targets are refused before any tool sees them', () =>
    eachRunner(lab.runners, async (r) => {
      const c = lab.canary;
      const bad: [string, string][] = [
        ['http', `http://127.0.0.1/\n; touch ${c}`],
        ['http', `http://127.0.0.1/ x`],
        ['http', `--output=${c}`],
        ['http', `-O${c}`],
        ['http', `file://${c}`],
        ['http', ''],
        ['tcp', `127.0.0.1:1;touch ${c}`],
        ['tcp', `127.0.0.1:$(touch ${c})`],
        ['tcp', `-e/bin/sh:80`],
        ['tcp', `127.0.0.1`],
        ['dns', `-x`],
        ['dns', `a b`],
        ['dns', `$(touch ${c})\n`],
      ];
      await Promise.all(
        bad.map(async ([kind, value]) => {
          const res = await run(dependencyWait({ name: 'd', [kind]: value, timeoutSeconds: 2, periodSeconds: 1 } as DependencyWait, r.env), {
            path: r.path,
          });
          expect(res.code, `${kind} ${JSON.stringify(value)}: ${res.stderr}`).toBe(1);
          expect(res.stderr).toMatch(/^pod-sequencer: (invalid|not a number)/);
          // refused before the first try, not after a wait (no wall-clock bound: timing belongs in the benchmark)
          expect(res.stderr).not.toMatch(/waiting for|try \d+/);
        }),
      );
      expect(existsSync(lab.canary)).toBe(false);
    }));

  test('odd but well-formed hosts are looked up as names, never run', () =>
    eachRunner(lab.runners, async (r) => {
      for (const host of [`$(touch${'${IFS}'}${lab.canary})`, `\`touch\``, `a;b`]) {
        const [tcp, dns] = await Promise.all([
          run(dependencyWait({ name: 'd', tcp: `${host}:80`, timeoutSeconds: 1, periodSeconds: 1 }, r.env), { path: r.path }),
          run(dependencyWait({ name: 'd', dns: host, timeoutSeconds: 1, periodSeconds: 1 }, r.env), { path: r.path }),
        ]);
        expect(tcp.code, tcp.stderr).toBe(1);
        expect(dns.code, dns.stderr).toBe(1);
      }
      expect(existsSync(lab.canary)).toBe(false);
    }));

  test('a script refuses parameters it was not composed for', () =>
    eachRunner(lab.runners, async (r) => {
      const c = lab.canary;
      // a hand-edited manifest: parameters changed, script left as it was
      const edit = (cmd: string[], from: string, to: string[]) => {
        const i = cmd.lastIndexOf(from);
        return [...cmd.slice(0, i), ...to, ...cmd.slice(i + 1)];
      };
      const dep = dependencyWait({ name: 'd', dns: 'localhost', timeoutSeconds: 1, periodSeconds: 1 }, r.env);
      const hook = postStartWait({ name: 'p', http: 'http://127.0.0.1:1/', timeoutSeconds: 1, onTimeout: 'fail' }, r.env, nodeRun('1'));
      const wrap = wrapperCommand(
        {
          mode: 'job',
          checks: [{ name: 'p', tcp: '127.0.0.1:1', timeoutSeconds: 1, onTimeout: 'fail' }],
          shutdown: [],
          shutdownOn: 'success',
          argv: ['touch', c],
        },
        r.env,
      );
      const exec = wrapperCommand({ mode: 'exec', checks: [], shutdown: [], shutdownOn: 'success', argv: ['touch', c] }, r.env);
      const cases: [string[], RegExp][] = [
        [edit(dep, 'dns', ['http']), /^pod-sequencer: bad parameters\n$/],
        [edit(hook, 'http', ['tcp']), /^pod-sequencer: bad parameters\n$/],
        [edit(wrap, 'tcp', ['http']), /^pod-sequencer: bad parameters at: ready http\n$/],
        [edit(wrap, '--', ['quit', 'POST', 'http://127.0.0.1:1/', 'x', '--']), /^pod-sequencer: bad parameters at: quit\n$/],
        [edit(wrap, '--', ['kill', 'sleep', 'x', '--']), /^pod-sequencer: bad parameters at: kill\n$/],
        [edit(exec, '--', ['ready', 'http', 'http://127.0.0.1:1/', '1', 'fail', 'x', '--']), /^pod-sequencer: bad parameters at: ready\n$/],
        // the one-letter records of 0.1.0 are read again on a rerun, but no script runs them
        [edit(wrap, '--', ['S', 'POST', 'http://127.0.0.1:1/', 'x', '--']), /^pod-sequencer: bad parameters at: S\n$/],
        [edit(exec, 'exec', ['job']), /^pod-sequencer: bad parameters\n$/],
      ];
      for (const [cmd, message] of cases) {
        const res = await run(cmd, { path: r.path });
        expect(res.code, res.stderr).toBe(1);
        expect(res.stderr).toMatch(message);
      }
      expect(existsSync(c)).toBe(false);
    }));

  test('the container environment cannot steer the scripts', () =>
    eachRunner(lab.runners, async (r) => {
      const srv = await startHttpServer({ '/ready': 200 });
      try {
        const env = {
          // a proxy must not see loopback checks
          http_proxy: 'http://127.0.0.1:1',
          HTTP_PROXY: 'http://127.0.0.1:1',
          // our variables are all _-prefixed; these must not leak into or out of the app
          mode: 'mine',
          rc: '9',
          child: '1',
          bb: '/nonexistent',
          _T: 'bogus',
          _H: 'bogus',
          _D: 'bogus',
          _WT: '1',
        };
        const spec = {
          mode: 'job' as const,
          checks: [
            { name: 'p', http: srv.url('/ready'), timeoutSeconds: 600, onTimeout: 'fail' as const },
            { name: 'q', tcp: `127.0.0.1:${srv.port}`, timeoutSeconds: 600, onTimeout: 'fail' as const },
          ],
          shutdown: [],
          shutdownOn: 'success' as const,
          argv: nodeRun('console.log([process.env.mode, process.env.rc, process.env.bb, process.env.http_proxy].join())'),
        };
        const res = await run(wrapperCommand(spec, r.env), { path: r.path, env });
        expect(res.code, res.stderr).toBe(0);
        expect(res.stdout).toBe('mine,9,/nonexistent,http://127.0.0.1:1\n');
        expect(srv.hits('/ready').length).toBeGreaterThanOrEqual(1); // a slow try is tried again
      } finally {
        await srv.close();
      }
    }));
});
