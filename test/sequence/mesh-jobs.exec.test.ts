/**
 * @needs busybox dash bash curl wget getent
 * Jobs under a webhook-injected mesh: the sidecar is not in the manifest, so the wrapper the
 * function writes must talk to the mesh's real ports and paths. Loopback servers play the
 * injected proxy on those ports; the generated wrapper runs for real under dash, bash,
 * busybox sh and the injected busybox.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import type { PodSpec } from '../../src/workloads/workload.js';
import { sequence, startHttpServer, type TestHttpServer } from '../helpers/http-server.js';
import { runFilterOffThread } from '../helpers/filter-thread.js';
import { lockVendorPorts } from '../helpers/port-lock.js';
import { NODE, run, runToolsInit, setupLab, type Lab, type Runner, busyboxImage as makeBusyboxImage } from '../shell/harness.js';

let lab: Lab;
let busyboxImage: string;
let unlock: () => void = () => {};
// The meshes' real ports are the machine's: another copy of the suite waits for this file's turn
// (test/helpers/port-lock.ts), rather than failing on EADDRINUSE or answering this one's calls.
beforeAll(async () => {
  unlock = await lockVendorPorts();
  lab = await setupLab();
  busyboxImage = await makeBusyboxImage(lab);
}, 600_000);
afterAll(async () => {
  unlock();
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
  return run(command, { path: r.env.delivery === 'inject' ? busyboxImage : r.path, args: (c.args ?? []).map(String), timeoutMs: 30_000, env });
}

/** The mesh's proxy on its real ports: readiness answers 503 once, then ready; quit answers 200. */
function startProxy(mesh: Mesh): Promise<TestHttpServer[]> {
  return Promise.all(
    Object.entries(mesh.servers).map(([port, r]) =>
      startHttpServer({ ...(r.ready ? { [r.ready]: sequence(503, mesh.name === 'dapr' ? 204 : 200) } : {}), [r.quit || '/none']: 200 }, { port: Number(port) }),
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

  test('the app gets the token from the Secret, and the quit call carries it', async () => {
    const pod = await generate(mesh, 'image', 0);
    expect(pod.containers![0]!.env).toContainEqual({ name: 'DAPR_API_TOKEN', valueFrom: { secretKeyRef: { name: 'dapr-token', key: 'token' } } });
    const quit = (req: { headers: Record<string, unknown> }) => (req.headers['dapr-api-token'] === TOKEN ? 200 : 401);
    const server = await startHttpServer({ '/v1.0/healthz/outbound': 204, '/v1.0/shutdown': quit }, { port: 3500 });
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
  });
});
