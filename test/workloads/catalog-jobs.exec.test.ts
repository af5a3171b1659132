/**
 * @needs busybox dash bash curl wget getent
 * A catalog kind's Job treatment, run for real (issue 29): a PyTorchJob whose replicas carry a
 * sidecar is generated with kubernetesVersion 1.28, then each replica's wrapped command runs
 * under dash, bash and busybox sh (image delivery) and the injected busybox (inject delivery), as
 * test/sequence/job-exit.exec.test.ts runs a Job's. The sidecar is a loopback HTTP server.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import { runFilter } from '../../src/run.js';
import type { PodSpec } from '../../src/workloads/workload.js';
import { startHttpServer, type TestHttpServer } from '../helpers/http-server.js';
import { busyboxImage as makeBusyboxImage, eachRunner, NODE, run, runToolsInit, setupLab, type Lab, type Runner } from '../shell/harness.js';

let lab: Lab;
let busyboxImage: string;
beforeAll(async () => {
  lab = await setupLab();
  busyboxImage = await makeBusyboxImage(lab);
});
afterAll(() => lab.cleanup());

/** Master (restartPolicy OnFailure) and Worker (ExitCode, which the controller makes Never), each `code` exits with. */
function generate(srv: TestHttpServer, delivery: 'inject' | 'image', code: number): Record<'Master' | 'Worker', PodSpec> {
  const template = () => ({
    spec: {
      containers: [
        { name: 'pytorch', image: 'registry.example.com/train:1', command: [NODE, '-e', `process.exit(${code})`] },
        { name: 'proxy', image: 'registry.example.com/proxy:1' },
      ],
    },
  });
  const job = {
    apiVersion: 'kubeflow.org/v1',
    kind: 'PyTorchJob',
    metadata: { name: 'mnist' },
    spec: {
      pytorchReplicaSpecs: {
        Master: { replicas: 1, restartPolicy: 'OnFailure', template: template() },
        Worker: { replicas: 2, restartPolicy: 'ExitCode', template: template() },
      },
    },
  };
  const functionConfig = {
    apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
    kind: 'PodSequence',
    metadata: { name: 'c' },
    spec: {
      kubernetesVersion: '1.28',
      tools: { delivery },
      sidecars: [
        {
          name: 'proxy',
          strategy: 'first',
          readiness: { http: srv.url('/ready') },
          shutdown: { http: srv.url('/quit'), method: 'POST' },
          timeoutSeconds: 10,
        },
      ],
    },
  };
  const out = runFilter(stringify({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: [job], functionConfig }));
  expect(out.results.filter((r) => r.severity === 'error')).toEqual([]);
  const specs = parse(out.stdout).items[0].spec.pytorchReplicaSpecs;
  return { Master: specs.Master.template.spec, Worker: specs.Worker.template.spec };
}

async function runReplica(r: Runner, pod: PodSpec) {
  const app = pod.containers!.find((c) => c.name === 'pytorch')!;
  let command = app.command!.map(String);
  expect(command.indexOf('--')).toBeGreaterThan(0);
  if (r.env.delivery === 'inject') command = (await runToolsInit(lab, r, pod.initContainers))(command);
  return run(command, { path: r.env.delivery === 'inject' ? busyboxImage : r.path, args: (app.args ?? []).map(String) });
}

describe.concurrent('a PyTorchJob replica, wrapped', () => {
  for (const code of [0, 3]) {
    test(`exits ${code} as its command did; Worker (ExitCode: Never) always ends the sidecar, Master (OnFailure) only after success`, () =>
      eachRunner(lab.runners, async (r) => {
        const srv = await startHttpServer({ '/ready': 200, '/quit': 200 });
        try {
          const pods = generate(srv, r.env.delivery, code);
          const worker = await runReplica(r, pods.Worker);
          expect(worker.code, worker.stderr).toBe(code);
          expect(srv.hits('/quit', 'POST')).toHaveLength(1);
          const master = await runReplica(r, pods.Master);
          expect(master.code, master.stderr).toBe(code);
          expect(srv.hits('/quit', 'POST')).toHaveLength(code === 0 ? 2 : 1);
        } finally {
          await srv.close();
        }
      }));
  }
});
