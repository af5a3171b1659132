/**
 * @needs busybox dash bash curl wget getent
 * Jobs under a webhook-injected mesh: the sidecar is not in the manifest, so the wrapper the
 * function writes must talk to the mesh's real ports and paths. Loopback servers play the
 * injected proxy on those ports; the generated wrapper runs for real under dash, bash,
 * busybox sh and the injected busybox.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import type { PodSpec } from '../../src/workloads/workload.js';
import { sequence, startHttpServer, type TestHttpServer } from '../helpers/http-server.js';
import { runFilterOffThread } from '../helpers/filter-thread.js';
import { openNetns, type Netns } from '../helpers/netns.js';
import { lockPorts, lockVendorPorts } from '../helpers/port-lock.js';
import { NODE, run, runToolsInit, setupLab, type Lab, type Runner, busyboxImage as makeBusyboxImage } from '../shell/harness.js';

let lab: Lab;
let busyboxImage: string;
let unlock: () => void = () => {};
let netns: Netns | undefined;
// The meshes' real ports, in a network namespace of this file's own where the machine allows one
// (test/helpers/netns.ts): free whatever else runs here. Elsewhere they are the machine's: another
// copy of the suite waits for this file's turn (test/helpers/port-lock.ts), and a process outside
// the suite that holds one is waited for, rather than failing on EADDRINUSE.
beforeAll(async () => {
  netns = await openNetns();
  if (!netns) unlock = await lockVendorPorts();
  lab = await setupLab();
  busyboxImage = await makeBusyboxImage(lab);
}, 600_000);
afterAll(async () => {
  unlock();
  netns?.close();
  await lab.cleanup();
});

interface Mesh {
  name: string;
  config: Record<string, unknown>;
  namespace: { labels?: Record<string, string>; annotations?: Record<string, string> };
  podAnnotations?: Record<string, string>;
  /** Port -> routes of the proxy as the mesh serves them. */
  servers: Record<number, { ready?: string; quit: string }>;
}

const meshes: Mesh[] = [
  {
    name: 'istio',
    config: { istio: { hold: true, native: false } },
    namespace: { labels: { 'istio-injection': 'enabled' } },
    servers: { 15021: { ready: '/healthz/ready', quit: '' }, 15020: { quit: '/quitquitquit' } },
  },
  {
    name: 'linkerd',
    config: { linkerd: { await: true, native: false, shutdown: true } },
    namespace: { annotations: { 'linkerd.io/inject': 'enabled' } },
    servers: { 4191: { ready: '/ready', quit: '/shutdown' } },
  },
  {
    name: 'dapr',
    config: { dapr: { native: false, shutdown: true } },
    namespace: {},
    podAnnotations: { 'dapr.io/enabled': 'true' },
    servers: { 3500: { ready: '/v1.0/healthz/outbound', quit: '/v1.0/shutdown' } },
  },
];

/** A server on a mesh's fixed port: in this file's namespace, else on the machine's loopback once it is free. */
async function onPort(port: number, routes: Parameters<typeof startHttpServer>[0]): Promise<TestHttpServer> {
  return netns ? startHttpServer(routes, { port, socket: await netns.listen(port) }) : startHttpServer(routes, { port, waitIfTaken: true });
}

/** The function's output pod, generated off the servers' thread (test/helpers/filter-thread.ts). */
async function generate(mesh: Mesh, delivery: 'inject' | 'image', code: number): Promise<PodSpec> {
  const items = [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'jobs', ...mesh.namespace } },
    {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'sleep-job', namespace: 'jobs' },
      spec: {
        template: {
          metadata: { annotations: mesh.podAnnotations ?? {} },
          spec: {
            restartPolicy: 'Never',
            containers: [{ name: 'sleep', image: 'busybox', command: [NODE, '-e', `setTimeout(() => process.exit(${code}), 200)`] }],
          },
        },
      },
    },
  ];
  const functionConfig = {
    apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
    kind: 'PodSequence',
    metadata: { name: 't' },
    spec: { kubernetesVersion: '1.28', mesh: mesh.config, tools: { delivery } }, // classic sidecars: the Job wrapper ends them
  };
  const out = await runFilterOffThread(stringify({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items, functionConfig }));
  expect(out.exitCode, out.stderr.join('\n')).toBe(0);
  const pod = parse(out.stdout).items[1].spec.template.spec as PodSpec;
  expect(pod.shareProcessNamespace).toBeUndefined();
  return pod;
}

/** The app container as the kubelet runs it; inject delivery: after the pod's seq-tools, run for real. */
async function runAs(r: Runner, pod: PodSpec, env?: Record<string, string>) {
  const c = pod.containers![0]!;
  const command = r.env.delivery === 'inject' ? (await runToolsInit(lab, r, pod.initContainers))(c.command!) : c.command!.map(String);
  return run(netns ? netns.wrap(command) : command, {
    path: r.env.delivery === 'inject' ? busyboxImage : r.path,
    args: (c.args ?? []).map(String),
    timeoutMs: 30_000,
    env,
  });
}

/** The mesh's proxy on its real ports: readiness answers 503 once, then ready; quit answers 200. */
function startProxy(mesh: Mesh): Promise<TestHttpServer[]> {
  return Promise.all(
    Object.entries(mesh.servers).map(([port, r]) =>
      onPort(Number(port), { ...(r.ready ? { [r.ready]: sequence(503, mesh.name === 'dapr' ? 204 : 200) } : {}), [r.quit || '/none']: 200 }),
    ),
  );
}

// The meshes at once (each has its own ports); within a mesh one run at a time, as they share its fixed ports.
describe.concurrent('a Job under an injected, classic mesh', () => {
  test.each(meshes)('$name: exits 0 or 3, with a readiness wait and one shutdown call on the real endpoints', async (mesh) => {
    const servers = await startProxy(mesh);
    try {
      const quits = () => servers.flatMap((s, i) => s.hits(Object.values(mesh.servers)[i]!.quit || '/none', 'POST'));
      const readies = () => servers.flatMap((s, i) => s.hits(Object.values(mesh.servers)[i]!.ready ?? '/none', 'GET'));
      for (const code of [0, 3])
        for (const r of lab.runners) {
          const pod = await generate(mesh, r.env.delivery, code);
          const q0 = quits().length;
          const g0 = readies().length;
          const res = await runAs(r, pod);
          expect(res.code, `[${r.name}] ${res.stderr}`).toBe(code);
          expect(readies().length, r.name).toBeGreaterThan(g0);
          expect(quits().length - q0, r.name).toBe(1);
        }
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });
});

/**
 * Dapr with dapr.io/api-token-secret: daprd takes every call but its health checks only with the
 * `dapr-api-token` header. The injector gives the token to daprd alone
 * (dapr/dapr@v1.18.0:pkg/injector/patcher/sidecar_container.go), so the app gets it from the
 * Secret the annotation names, and the wrapper sends it; the kubelet's part (the Secret's value in
 * the env) is played here.
 */
describe('a Job under Dapr with an API token', () => {
  const dapr = meshes.find((m) => m.name === 'dapr')!;
  const TOKEN = 'tok en-$(id)-;"\'';
  const mesh: Mesh = { ...dapr, podAnnotations: { ...dapr.podAnnotations, 'dapr.io/api-token-secret': 'dapr-token' } };

  /** The Job under Dapr with the token, run by every runner against a daprd on 3500 that checks it. */
  async function tokenRun(): Promise<void> {
    const pod = await generate(mesh, 'image', 0);
    expect(pod.containers![0]!.env).toContainEqual({ name: 'DAPR_API_TOKEN', valueFrom: { secretKeyRef: { name: 'dapr-token', key: 'token' } } });
    const quit = (req: { headers: Record<string, unknown> }) => (req.headers['dapr-api-token'] === TOKEN ? 200 : 401);
    const server = await onPort(3500, { '/v1.0/healthz/outbound': 204, '/v1.0/shutdown': quit });
    try {
      for (const r of lab.runners) {
        const before = server.hits('/v1.0/shutdown', 'POST').length;
        const res = await runAs(r, await generate(mesh, r.env.delivery, 0), { DAPR_API_TOKEN: TOKEN });
        expect(res.code, `[${r.name}] ${res.stderr}`).toBe(0);
        const calls = server.hits('/v1.0/shutdown', 'POST').slice(before);
        expect(
          calls.map((c) => c.headers['dapr-api-token']),
          r.name,
        ).toEqual([TOKEN]);
        expect(res.stderr, r.name).toContain('asked daprd to shut down');
      }
    } finally {
      await server.close();
    }
  }

  test('the app gets the token from the Secret, and the quit call carries it', tokenRun);

  // Issue 38: a process outside the suite (here another Node) held 3500 and the test failed with
  // EADDRINUSE. In its own namespace the port is free; without one, the test waits until the
  // holder lets it go (then it does, after a second; in a namespace it never does). The holder
  // takes the port lock (without a namespace the file holds it already), so two copies of the
  // suite take turns holding it; one already held by someone else is the same case.
  test('the same while another process of the machine holds 127.0.0.1:3500', async () => {
    const unlockHeld = netns ? await lockPorts([3500]) : () => {};
    const holder = spawn(process.execPath, ['-e', HOLD_3500, netns ? 'forever' : '1000'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.once('data', () => resolve());
        holder.once('exit', (code) => reject(new Error(`the holder of 3500 exited (${code})`)));
      });
      await tokenRun();
    } finally {
      holder.kill();
      unlockHeld();
    }
  });
});

/** Listens on the machine's 127.0.0.1:3500 (or finds it held), says so, and lets it go after argv[1] ms ('forever': when killed). */
const HOLD_3500 = `const s = require('node:net').createServer();
s.once('error', () => process.stdout.write('held by another\\n')); // then exits: the other keeps it held
s.listen(3500, '127.0.0.1', () => {
  process.stdout.write('held\\n');
  if (process.argv[1] !== 'forever') setTimeout(() => s.close(() => process.exit(0)), Number(process.argv[1]));
});`;
