/**
 * @needs busybox dash bash curl wget getent
 * Shell safety, end to end: injection attempts go in through every door the config and the
 * manifests have (sidecar readiness and shutdown URLs, wait commands, entrypoints, the
 * dependencies and entrypoint annotations, container names, commands, args and hooks), through
 * the filter, and every generated script in the output is then run for real under dash, bash
 * and busybox (image delivery) and the injected busybox (inject delivery). The canary file must
 * never appear, and every user command must reach its program with its exact argv.
 *
 * Commands are found generically (any exec command starting with a known shell prefix), so the
 * test covers features as they land; it prints which scripts it ran.
 */
import { existsSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { runFilter } from '../../src/run.js';
import { startHttpServer, type TestHttpServer } from '../helpers/http-server.js';
import { eachRunner, NODE, run, runToolsInit, setupLab, type Lab, type Runner } from '../shell/harness.js';
import { listItems } from '../properties/oracle.js';
import { templateOf } from '../properties/k8s.js';

type Obj = Record<string, unknown>;

let lab: Lab;
let srv: TestHttpServer;
let injectDir: string;
beforeAll(async () => {
  lab = await setupLab();
  srv = await startHttpServer({ '*': 200 });
  injectDir = join(lab.dir, 'seq');
  await mkdir(injectDir);
  await symlink('/bin/busybox', join(injectDir, 'busybox'));
});
afterAll(async () => {
  await srv.close();
  await lab.cleanup();
});

/** Argv values that try to run `touch CANARY` in a shell, or to confuse our parameter parsing. */
const argvPayloads = (c: string) => [
  `'; touch ${c} #`,
  `$(touch ${c})`,
  `\`touch ${c}\``,
  `x\ntouch ${c}`,
  `\n touch ${c}`,
  `"; touch ${c}; "`,
  `| touch ${c}`,
  `&& touch ${c}`,
  `> ${c}`,
  `<(touch ${c})`,
  `$((1+1))`,
  '\\',
  '"',
  "'",
  '*',
  '[a-z]*',
  '~root',
  '-e',
  '--',
  'R',
  'S',
  '$IFS',
  '${PATH}',
  '',
  'a b',
  'ünïcødé ✓ 🚀',
  '%s%n',
];

/** URL paths and queries (no whitespace, no commas: the config refuses those) that try the same. */
const urlPayloads = (c: string) => [
  `/$(touch\${IFS}${c})`,
  `/\`touch\${IFS}${c}\``,
  `/;touch\${IFS}${c}`,
  `/'$(touch\${IFS}${c})'`,
  `/"$(touch\${IFS}${c})"`,
  `/x?a=1&touch\${IFS}${c}`,
  `/x|touch\${IFS}${c}`,
  '/*',
  '/[x]{y}',
  '/--',
  '/-e',
];

/** Container names that try the same (the API server would refuse them; the filter must still be safe). */
const namePayloads = (c: string) => [`x$(touch ${c})-relay`, `x;touch ${c}-relay`, `x'\`touch ${c}\`'-relay`, `x\ntouch ${c}-relay`];

/** Process names for the signal shutdown: no glob or regex character could make them match a real process. */
const processPayloads = (c: string) => [`$(touch ${c})`, `\`touch ${c}\``, `x;touch ${c}`, `x\ntouch ${c}`, `x' "$(touch ${c})" '`];

interface Corpus {
  text: string;
  /** Every argv our dump program may print (JSON), i.e. every user argv we wrote. */
  expected: Set<string>;
}

function corpus(delivery: 'inject' | 'image'): Corpus {
  const c = lab.canary;
  const dump = (...rest: string[]) => [NODE, lab.dump, ...rest];
  const expected = new Set<string>();
  const argv = (rest: string[], args: string[] = []) => {
    expected.add(JSON.stringify([...rest, ...args]));
    return dump(...rest);
  };
  const urls = urlPayloads(c).map((p) => srv.url(p));
  const payloads = argvPayloads(c);
  const relay = (name: string, extra: Obj = {}) => ({ name, image: 'registry.example.com/relay:1', ...extra });
  const app = (name: string, command: string[] | undefined, args: string[]) => ({
    name,
    image: 'registry.example.com/app:1',
    ...(command ? { command: argv(command, args) } : {}),
    args,
  });
  const hook = (rest: string[]) => ({ postStart: { exec: { command: argv(rest) } } });
  const pod = (containers: Obj[], extra: Obj = {}) => ({ spec: { containers, ...extra } });
  const items: Obj[] = [];
  const add = (kind: string, name: string, template: Obj, annotations: Obj = {}) => {
    const metadata = { name, annotations };
    if (kind === 'Job')
      items.push({ apiVersion: 'batch/v1', kind, metadata, spec: { template: { ...template, spec: { restartPolicy: 'Never', ...(template.spec as Obj) } } } });
    else
      items.push({
        apiVersion: 'apps/v1',
        kind,
        metadata,
        spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, ...template } },
      });
  };
  // postStart waits on a hostile URL, chained with a hostile user hook
  urls.forEach((u, i) => add('Deployment', `hook-${i}`, pod([relay(`hook${i}-relay`, { lifecycle: hook(payloads) }), app('app', payloads, payloads)])));
  // a hostile wait command chained with a hostile user hook
  add('Deployment', 'chain', pod([relay('chain-relay', { lifecycle: hook([...payloads].reverse()) }), app('app', payloads, [])]));
  // Job wrappers: hostile command, args, shutdown URL, entrypoints from annotation and config
  add('Job', 'job', pod([relay('job-relay'), app('app', payloads, payloads)]));
  add('Job', 'job-annotated', pod([relay('job-relay'), app('app', undefined, payloads)]), {
    'pod-sequencer.dev/entrypoint.app': JSON.stringify(argv(payloads, payloads)),
  });
  add('Job', 'job-configured', pod([relay('job-relay'), app('batch', undefined, ['--', 'R'])]));
  // strategy wrap: hostile command and args behind an exec wrapper
  add('Deployment', 'wrapped', pod([relay('wrap-relay'), app('app', payloads, payloads)]));
  // hostile container names reach scripts as names in logs
  namePayloads(c).forEach((n, i) => add('Job', `names-${i}`, pod([relay(n, { lifecycle: hook(['name']) }), app('app', [String(i)], [])])));
  // signal shutdown (opt-in) with hostile process names; none can match a real process, even as a
  // pattern, so a bug here cannot signal anything on the test machine
  processPayloads(c).forEach((_, i) => add('Job', `signal-${i}`, pod([relay(`sig${i}-relay`), app('app', ['signal'], [])])));
  // dependencies from the annotation, with hostile paths
  add('Deployment', 'deps', pod([app('app', ['deps'], [])]), { 'pod-sequencer.dev/dependencies': urls.join(', ') });

  const relayReady = { http: srv.url(urlPayloads(c)[0]) };
  const sidecar = (name: string, strategy: string, extra: Obj = {}) => ({
    profile: 'generic',
    name,
    strategy,
    readiness: relayReady,
    timeoutSeconds: 10,
    onTimeout: 'continue',
    ...extra,
  });
  const config = {
    apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
    kind: 'PodSequence',
    metadata: { name: 'hostile' },
    spec: {
      kubernetesVersion: '1.28', // no native sidecars: scripts everywhere
      sidecars: [
        ...urls.map((u, i) => sidecar(`hook${i}-relay`, 'postStart', { readiness: { http: u } })),
        sidecar('chain-relay', 'postStart', { waitCommand: argv(payloads) }),
        sidecar('job-relay', 'postStart', { shutdown: { http: urls[1], method: 'POST' } }),
        sidecar('wrap-relay', 'wrap'),
        ...processPayloads(c).map((process, i) => sidecar(`sig${i}-relay`, 'postStart', { shutdown: { signal: { process } } })),
        sidecar('*-relay', 'postStart', { readiness: { tcp: `127.0.0.1:${srv.port}` }, shutdown: { http: urls[2], method: 'GET' } }),
      ],
      dependencies: [{ http: urls[3] }, { tcp: `127.0.0.1:${srv.port}` }, { dns: 'localhost' }].map((d) => ({
        ...d,
        timeoutSeconds: 10,
        periodSeconds: 1,
        selector: { names: ['deps'] },
      })),
      jobs: { entrypoints: [{ container: 'batch', command: argv(payloads, ['--', 'R']) }] },
      tools: { delivery },
    },
  };
  const list = { apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items, functionConfig: config };
  return { text: stringify(list, { lineWidth: 0, aliasDuplicateObjects: false }), expected };
}

/** The shell prefixes generated commands start with; the injected busybox path is rewritten to the lab's. */
const PREFIXES: [string[], 'inject' | 'image' | 'tools'][] = [
  [['/.seq/busybox', 'sh', '-c'], 'inject'],
  [['/bin/busybox', 'sh', '-c'], 'tools'],
  [['sh', '-c'], 'image'],
];

interface Job {
  where: string;
  command: string[];
  args: string[];
  kind: 'inject' | 'image' | 'tools';
  /** $0 of the script: which of our scripts it is. */
  marker: string;
  /** The pod's init containers: inject delivery runs its seq-tools first (the shared wrapper). */
  init: Obj[];
}

/** Every generated script command in the output, with the args Kubernetes would append. */
function jobs(output: string): Job[] {
  const out: Job[] = [];
  for (const { value } of listItems(output)) {
    const t = templateOf(value);
    if (!t) continue;
    for (const c of [...((t.spec.initContainers as Obj[]) ?? []), ...((t.spec.containers as Obj[]) ?? [])]) {
      const found: [string, unknown, unknown][] = [
        ['command', c.command, c.args],
        [
          'postStart',
          (c.lifecycle as Obj | undefined)?.postStart &&
            ((c.lifecycle as Obj).postStart as Obj).exec &&
            (((c.lifecycle as Obj).postStart as Obj).exec as Obj).command,
          [],
        ],
        [
          'preStop',
          (c.lifecycle as Obj | undefined)?.preStop &&
            ((c.lifecycle as Obj).preStop as Obj).exec &&
            (((c.lifecycle as Obj).preStop as Obj).exec as Obj).command,
          [],
        ],
      ];
      for (const [field, cmd, args] of found) {
        if (!Array.isArray(cmd)) continue;
        const p = PREFIXES.find(([prefix]) => prefix.every((x, i) => cmd[i] === x));
        if (!p) continue;
        out.push({
          where: `${String((value.metadata as Obj).name)}/${String(c.name)}.${field}`,
          command: cmd as string[],
          args: (args as string[] | undefined) ?? [],
          kind: p[1],
          marker: String(cmd[p[0].length + 1]),
          init: (t.spec.initContainers as Obj[]) ?? [],
        });
      }
    }
  }
  return out;
}

/**
 * The command as it runs in this lab: the injected busybox lives in a temp dir, filled by the
 * pod's own seq-tools (run for real, once per pod) where it writes the shared wrapper.
 */
async function localize(j: Job, pods: Map<Obj[], Promise<(cmd: unknown[]) => string[]>>): Promise<string[]> {
  if (j.kind !== 'inject') return j.command;
  if (!pods.has(j.init))
    pods.set(j.init, runToolsInit(lab, { name: 'inject', env: { delivery: 'inject', toolsDir: injectDir }, path: '/nonexistent' }, j.init));
  return (await pods.get(j.init)!)(j.command);
}

async function runAll(delivery: 'inject' | 'image'): Promise<Map<string, number>> {
  const { text, expected } = corpus(delivery);
  const out = runFilter(text);
  expect(out.stdout, out.stderr.join('\n')).not.toBe('');
  const found = jobs(out.stdout);
  // The signal shutdown's hostile process names reach wrappers (K records) as parameters.
  expect(found.some((j) => j.marker === 'pod-sequencer-wrap' && processPayloads(lab.canary).some((p) => j.command.includes(p)))).toBe(true);
  const runners: Runner[] = lab.runners.filter((r) => r.env.delivery === 'image');
  const seen = new Map<string, number>();
  const pods = new Map<Obj[], Promise<(cmd: unknown[]) => string[]>>();
  await inBatches(
    // seq-tools runs, once per pod, before the commands that need it (localize)
    found
      .filter((j) => j.marker !== 'pod-sequencer-tools')
      .map((j) => async () => {
        const targets = j.kind === 'image' ? runners.map((r) => r.path) : ['/nonexistent'];
        await eachRunner(
          targets.map((path) => ({ name: `${j.where} (${j.marker}) PATH=${path}`, env: { delivery, toolsDir: '/' }, path })),
          async (r) => {
            const res = await run(await localize(j, pods), { path: r.path, args: j.args, timeoutMs: 20_000 });
            expect(res.timedOut, res.stderr).toBe(false);
            expect(res.code, res.stderr).toBe(0);
            for (const line of res.stdout.split('\n').filter(Boolean)) expect(expected.has(line), `unexpected argv ${line}`).toBe(true);
            if (j.command.includes(lab.dump)) expect(res.stdout).not.toBe('');
          },
        );
        const key = `${j.kind}:${j.marker}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }),
  );
  expect(existsSync(lab.canary), 'the canary file appeared: something ran a value as code').toBe(false);
  // Hostile URLs were fetched as URLs (clients differ in what they percent-encode).
  const asked = new Set(srv.requests.map((q) => decodeURIComponent(q.path)));
  for (const p of urlPayloads(lab.canary)) expect(asked.has(p), `never asked for ${p}`).toBe(true);
  return seen;
}

/** A few at a time: hundreds of shells at once would make the waits time out on a busy machine. */
async function inBatches(tasks: (() => Promise<void>)[], size = 8): Promise<void> {
  for (let i = 0; i < tasks.length; i += size) await Promise.all(tasks.slice(i, i + size).map((t) => t()));
}

describe('shell safety: hostile values through config and manifests, run for real', () => {
  for (const delivery of ['inject', 'image'] as const) {
    it(`tools.delivery ${delivery}`, async () => {
      const seen = await runAll(delivery);
      console.log(`shell-injection ${delivery}: ran ${[...seen].map(([k, n]) => `${k} x${n}`).join(', ')}`);
      // postStart waits, chained hooks and dependency waits exist today; wrappers as they land
      expect([...seen.keys()].some((k) => k.endsWith('pod-sequencer-hook'))).toBe(true);
      expect([...seen.keys()].some((k) => k.endsWith('pod-sequencer-wait'))).toBe(true);
    });
  }
});
