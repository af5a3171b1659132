/**
 * Issue 29: the catalog's kinds with no config beyond the mesh. A PyTorchJob, JobSet, RayJob and
 * ScaledJob in an Istio-injected namespace (or with a cloud-sql-proxy) get the Job treatment in
 * each template that runs to completion, start order only in long-running ones; an Argo Workflow
 * and a Tekton TaskRun are left to their controllers with a result that says why; a CRD outside
 * the catalog is one config line. Every test names its kubernetesVersion.
 */
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadConfig } from '../../src/config/load.js';
import { explainFiles } from '../../src/explain/index.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import type { Result } from '../../src/krm/types.js';
import { runFilter } from '../../src/run.js';
import * as paths from '../../src/workloads/paths.js';

type Obj = Record<string, any>;

const NS = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'train', labels: { 'istio-injection': 'enabled' } } };
const app = (name = 'trainer') => ({ name, image: 'registry.example.com/train:1', command: ['python3', '/train.py'], args: ['--epochs=1'] });
const sqlProxy = {
  name: 'cloud-sql-proxy',
  image: 'gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1',
  args: ['--structured-logs', '--health-check', '--http-address=0.0.0.0', 'my-project:us-central1:db'],
};
const pod = (...containers: Obj[]) => ({ spec: { containers } });

function run(items: Obj[], spec: Obj): { out: Obj[]; results: Result[] } {
  const functionConfig = { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'c' }, spec };
  const res = runFilter(stringify({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items, functionConfig }));
  const out = parse(res.stdout) as { items: Obj[] };
  // Idempotent: a second run changes nothing.
  const again = runFilter(res.stdout);
  expect(errors(again.results)).toEqual([]);
  expect((parse(again.stdout) as { items: Obj[] }).items).toEqual(out.items);
  return { out: out.items, results: res.results };
}

const errors = (results: Result[]) => results.filter((r) => r.severity === 'error');
const wrapped = (c: Obj) => Array.isArray(c.command) && c.command.includes('--') && c.command.join(' ').includes(' job ');
const get = (o: Obj, path: (string | number)[]): Obj => path.reduce((v: Obj, k) => v?.[k], o);

describe('catalog kinds in an Istio-injected namespace, no config beyond kubernetesVersion', () => {
  const pytorch = {
    apiVersion: 'kubeflow.org/v1',
    kind: 'PyTorchJob',
    metadata: { name: 'mnist', namespace: 'train' },
    spec: {
      pytorchReplicaSpecs: {
        Master: { replicas: 1, restartPolicy: 'OnFailure', template: pod(app('pytorch')) },
        Worker: { replicas: 2, restartPolicy: 'ExitCode', template: pod(app('pytorch')) },
      },
    },
  };

  it('PyTorchJob (1.28): every replica template is wrapped, holds the app, and ends istio-proxy; ExitCode reads as Never', () => {
    const { out, results } = run([NS, pytorch], { kubernetesVersion: '1.28' });
    expect(errors(results)).toEqual([]);
    for (const [replica, when] of [
      ['Master', 'success'],
      ['Worker', 'always'],
    ] as const) {
      const template = get(out[1]!, ['spec', 'pytorchReplicaSpecs', replica, 'template']);
      expect(template.metadata.annotations['proxy.istio.io/config']).toContain('holdApplicationUntilProxyStarts: true');
      const c = template.spec.containers[0];
      expect(wrapped(c), replica).toBe(true);
      expect(c.command).toContain(when);
      expect(c.command).toContain('http://127.0.0.1:15020/quitquitquit');
      // The original argv follows the wrapper's `--`, args untouched.
      expect(c.command.slice(c.command.indexOf('--') + 1)).toEqual(['python3', '/train.py']);
      expect(c.args).toEqual(['--epochs=1']);
      const at = `spec.pytorchReplicaSpecs.${replica}.template.spec.containers[0].command`;
      expect(results.some((r) => r.field?.path === at && /wrapped pytorch's command/.test(r.message))).toBe(true);
    }
    // The OnFailure warning points at the field the controller copies into the pod.
    expect(results.find((r) => r.tags?.rule === 'onfailure-classic-sidecar')?.field?.path).toBe('spec.pytorchReplicaSpecs.Master.restartPolicy');
  });

  it('PyTorchJob (1.30): asks Istio for a native proxy in every template and writes no wrapper', () => {
    const { out, results } = run([NS, pytorch], { kubernetesVersion: '1.30' });
    expect(errors(results)).toEqual([]);
    for (const replica of ['Master', 'Worker']) {
      const template = get(out[1]!, ['spec', 'pytorchReplicaSpecs', replica, 'template']);
      expect(template.metadata.annotations['sidecar.istio.io/nativeSidecar']).toBe('true');
      expect(wrapped(template.spec.containers[0])).toBe(false);
    }
  });

  it('JobSet with the injection label on its pod templates (1.28): each replicated job is wrapped', () => {
    const inject = { labels: { 'sidecar.istio.io/inject': 'true' } };
    const jobset = {
      apiVersion: 'jobset.x-k8s.io/v1alpha2',
      kind: 'JobSet',
      metadata: { name: 'paralleljobs' },
      spec: {
        replicatedJobs: ['leader', 'workers'].map((name) => ({
          name,
          template: { spec: { template: { metadata: inject, spec: { restartPolicy: 'Never', containers: [app()] } } } },
        })),
      },
    };
    const { out, results } = run([jobset], { kubernetesVersion: '1.28' });
    expect(errors(results)).toEqual([]);
    for (const i of [0, 1]) {
      const template = get(out[0]!, ['spec', 'replicatedJobs', i, 'template', 'spec', 'template']);
      expect(template.metadata.labels['sidecar.istio.io/inject']).toBe('true');
      expect(template.metadata.annotations['proxy.istio.io/config']).toContain('holdApplicationUntilProxyStarts');
      expect(wrapped(template.spec.containers[0])).toBe(true);
    }
    expect(results.map((r) => r.field?.path)).toContain('spec.replicatedJobs[1].template.spec.template.spec.containers[0].command');
  });

  it('RayJob (1.28): only the submitter runs to completion; head and workers get start order only', () => {
    const rayjob = {
      apiVersion: 'ray.io/v1',
      kind: 'RayJob',
      metadata: { name: 'sample', namespace: 'train' },
      spec: {
        entrypoint: 'python /home/ray/samples/sample_code.py',
        rayClusterSpec: {
          headGroupSpec: { template: pod({ name: 'ray-head', image: 'rayproject/ray:2.46.0', command: ['ray', 'start', '--head'] }) },
          workerGroupSpecs: [{ groupName: 'small', template: pod({ name: 'ray-worker', image: 'rayproject/ray:2.46.0', command: ['ray', 'start'] }) }],
        },
        submitterPodTemplate: {
          spec: { restartPolicy: 'Never', containers: [{ name: 'submitter', image: 'rayproject/ray:2.46.0', command: ['ray', 'job', 'submit'] }] },
        },
      },
    };
    const { out, results } = run([NS, rayjob], { kubernetesVersion: '1.28' });
    expect(errors(results)).toEqual([]);
    const spec = out[1]!.spec;
    expect(wrapped(spec.submitterPodTemplate.spec.containers[0])).toBe(true);
    expect(wrapped(spec.rayClusterSpec.headGroupSpec.template.spec.containers[0])).toBe(false);
    expect(wrapped(spec.rayClusterSpec.workerGroupSpecs[0].template.spec.containers[0])).toBe(false);
    // Start order everywhere: the hold annotation on each template's own metadata.
    for (const t of [spec.submitterPodTemplate, spec.rayClusterSpec.headGroupSpec.template, spec.rayClusterSpec.workerGroupSpecs[0].template]) {
      expect(t.metadata.annotations['proxy.istio.io/config']).toContain('holdApplicationUntilProxyStarts: true');
    }
  });
});

describe('catalog kinds with a cloud-sql-proxy in the manifest', () => {
  const scaledJob = (restartPolicy: string) => ({
    apiVersion: 'keda.sh/v1alpha1',
    kind: 'ScaledJob',
    metadata: { name: 'consumer' },
    spec: {
      jobTargetRef: { template: { spec: { restartPolicy, containers: [app('consumer'), sqlProxy] } } },
      triggers: [{ type: 'rabbitmq', metadata: { queueName: 'jobs' } }],
    },
  });

  it('ScaledJob (1.30): the proxy becomes a native sidecar, so the Job completes with no wrapper', () => {
    const { out, results } = run([scaledJob('Never')], { kubernetesVersion: '1.30' });
    expect(errors(results)).toEqual([]);
    const spec = out[0]!.spec.jobTargetRef.template.spec;
    expect(spec.initContainers.map((c: Obj) => [c.name, c.restartPolicy])).toEqual([['cloud-sql-proxy', 'Always']]);
    expect(spec.containers.map((c: Obj) => c.name)).toEqual(['consumer']);
    expect(wrapped(spec.containers[0])).toBe(false);
  });

  it('ScaledJob (1.28): the proxy is held first and ended by the wrapper through its quit endpoint', () => {
    const { out, results } = run([scaledJob('Never')], { kubernetesVersion: '1.28' });
    expect(errors(results)).toEqual([]);
    const spec = out[0]!.spec.jobTargetRef.template.spec;
    expect(spec.containers.map((c: Obj) => c.name)).toEqual(['cloud-sql-proxy', 'consumer']);
    const consumer = spec.containers[1];
    expect(wrapped(consumer)).toBe(true);
    expect(consumer.command.join(' ')).toContain('/quitquitquit');
    // The proxy's quit endpoint is switched on for the wrapper to call (a change, reported).
    expect(spec.containers[0].args).toContain('--quitquitquit');
    // KEDA reads the scalers' env from containers[0] unless envSourceContainerName names one
    // (kedacore/keda@v2.17.0:pkg/scaling/resolver/scale_resolvers.go): it names the app now.
    expect(out[0]!.spec.envSourceContainerName).toBe('consumer');
    expect(results.map((r) => r.message).join('\n')).toMatch(/set spec\.envSourceContainerName: consumer/);
  });

  it("ScaledJob (1.28) with envSourceContainerName set: the user's value stays", () => {
    const named = scaledJob('Never');
    (named.spec as Obj).envSourceContainerName = 'cloud-sql-proxy';
    const { out } = run([named], { kubernetesVersion: '1.28' });
    expect(out[0]!.spec.envSourceContainerName).toBe('cloud-sql-proxy');
    expect(out[0]!.spec.jobTargetRef.template.spec.containers.map((c: Obj) => c.name)).toEqual(['cloud-sql-proxy', 'consumer']);
  });

  it('a long-running kind with the same proxy (Argo Rollout, 1.28): start order only, no wrapper', () => {
    const rollout = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Rollout',
      metadata: { name: 'web' },
      spec: { strategy: { canary: {} }, template: pod(app('web'), sqlProxy) },
    };
    const { out, results } = run([rollout], { kubernetesVersion: '1.28' });
    expect(errors(results)).toEqual([]);
    const spec = out[0]!.spec.template.spec;
    expect(spec.containers.map((c: Obj) => c.name)).toEqual(['cloud-sql-proxy', 'web']);
    expect(wrapped(spec.containers[1])).toBe(false);
  });
});

describe("mpi-operator's MPIJob (kubeflow.org/v2beta1): containers[0] is the MPI container", () => {
  // mpi-operator's v2beta1 pi example (kubeflow/mpi-operator@v0.8.0, v2beta1/pi/pi.yaml of its examples), with a cloud-sql-proxy beside each.
  const mpiJob = () => ({
    apiVersion: 'kubeflow.org/v2beta1',
    kind: 'MPIJob',
    metadata: { name: 'pi' },
    spec: {
      slotsPerWorker: 1,
      mpiReplicaSpecs: {
        Launcher: {
          replicas: 1,
          template: pod({ name: 'mpi-launcher', image: 'mpioperator/mpi-pi:openmpi', command: ['mpirun'], args: ['-n', '2', '/home/mpiuser/pi'] }, sqlProxy),
        },
        Worker: {
          replicas: 2,
          template: pod({ name: 'mpi-worker', image: 'mpioperator/mpi-pi:openmpi', command: ['/usr/sbin/sshd'], args: ['-De'] }, sqlProxy),
        },
      },
    },
  });
  const template = (o: Obj, replica: string) => o.spec.mpiReplicaSpecs[replica].template.spec;

  it('1.28: the MPI containers stay first; their commands wait for the proxy, and the launcher ends it', () => {
    const { out, results } = run([mpiJob()], { kubernetesVersion: '1.28' });
    expect(errors(results)).toEqual([]);
    for (const replica of ['Launcher', 'Worker']) {
      const spec = template(out[0]!, replica);
      expect(
        spec.containers.map((c: Obj) => c.name),
        replica,
      ).toEqual([`mpi-${replica.toLowerCase()}`, 'cloud-sql-proxy']);
      expect(spec.containers[0].command.join(' '), replica).toContain('127.0.0.1:9090');
    }
    // The launcher runs to completion (restartPolicy OnFailure, the controller's default): its wrapper ends the proxy.
    expect(wrapped(template(out[0]!, 'Launcher').containers[0])).toBe(true);
    expect(wrapped(template(out[0]!, 'Worker').containers[0])).toBe(false);
    expect(results.filter((r) => /^kept mpi-\w+ first/.test(r.message))).toHaveLength(2);
  });

  it('1.30: the proxy becomes native in both templates, the MPI container first in containers', () => {
    const { out, results } = run([mpiJob()], { kubernetesVersion: '1.30' });
    expect(errors(results)).toEqual([]);
    for (const replica of ['Launcher', 'Worker']) {
      const spec = template(out[0]!, replica);
      expect(spec.containers.map((c: Obj) => c.name)).toEqual([`mpi-${replica.toLowerCase()}`]);
      expect(spec.initContainers.map((c: Obj) => [c.name, c.restartPolicy])).toEqual([['cloud-sql-proxy', 'Always']]);
    }
  });

  it("training-operator's kubeflow.org/v1 MPIJob is its own row, which moves a sidecar first as before", () => {
    const v1 = { ...mpiJob(), apiVersion: 'kubeflow.org/v1' };
    const { out } = run([v1], { kubernetesVersion: '1.28' });
    expect(template(out[0]!, 'Launcher').containers[0].name).toBe('cloud-sql-proxy');
  });
});

describe('Knative Service: nothing its webhook refuses (knative/serving@knative-v1.23.0 fieldmask.go, k8s_validation.go)', () => {
  const ksvc = (spec: Obj, annotations?: Obj) => ({
    apiVersion: 'serving.knative.dev/v1',
    kind: 'Service',
    metadata: { name: 'web', ...(annotations ? { annotations } : {}) },
    spec: { template: { spec } },
  });
  const web = { name: 'web', image: 'registry.example.com/web:1', ports: [{ containerPort: 8080 }] };
  const refusedFields = (spec: Obj) => [
    ...(spec.initContainers ?? []).map(() => 'initContainers'),
    ...[...(spec.initContainers ?? []), ...spec.containers].flatMap((c: Obj) => ['lifecycle', 'restartPolicy'].filter((f) => f in c)),
  ];

  for (const version of ['1.28', '1.30']) {
    it(`${version}: a classic cloud-sql-proxy goes first, with no hook, no native restartPolicy and no init container`, () => {
      const { out, results } = run([ksvc({ containers: [web, sqlProxy] })], { kubernetesVersion: version });
      expect(errors(results)).toEqual([]);
      const spec = out[0]!.spec.template.spec;
      expect(spec.containers.map((c: Obj) => c.name)).toEqual(['cloud-sql-proxy', 'web']);
      expect(refusedFields(spec)).toEqual([]);
      expect(results.map((r) => r.message)).toContain(
        `gave cloud-sql-proxy strategy first, not ${version === '1.28' ? 'postStart' : 'native'}: Service admits no ${version === '1.28' ? 'hooks' : 'container restartPolicy or hooks'}`,
      );
    });
  }

  it("a cloud-sql-proxy already native (Cloud Run) is the input's own: no startupProbe or flags added", () => {
    const native = { ...sqlProxy, restartPolicy: 'Always' };
    const input = ksvc({ initContainers: [native], containers: [web] });
    const { out } = run([input], { kubernetesVersion: '1.30' });
    expect(out[0]).toEqual(input);
  });

  it('a dependency wait needs an init container: the Service is left as it is, with a warning that says why', () => {
    const input = ksvc({ containers: [web] }, { 'pod-sequencer.dev/dependencies': 'tcp://db:5432' });
    const { out, results } = run([input], { kubernetesVersion: '1.30' });
    expect(out[0]).toEqual(input);
    const warned = results.filter((r) => r.severity === 'warning').map((r) => r.message);
    // The rule still says what is missing.
    expect(warned).toEqual([
      'left this Service as it is: the change needs init containers, which Service does not admit',
      'dependency db has no wait in this pod, so the app may start before it is up',
    ]);
  });

  it('a spec.workloadKinds line for the kind replaces the row: the wait is written', () => {
    const input = ksvc({ containers: [web] }, { 'pod-sequencer.dev/dependencies': 'tcp://db:5432' });
    const kinds = [{ apiVersion: 'serving.knative.dev/v1', kind: 'Service', podTemplatePath: 'spec.template' }];
    const { out } = run([input], { kubernetesVersion: '1.30', workloadKinds: kinds });
    expect(out[0]!.spec.template.spec.initContainers.map((c: Obj) => c.name)).toEqual(['seq-wait-db']);
  });
});

describe('templates whose controller ends the sidecars', () => {
  const workflow = {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Workflow',
    metadata: { generateName: 'sidecar-nginx-', name: 'sidecar-nginx', namespace: 'train' },
    spec: {
      entrypoint: 'main',
      templates: [
        { name: 'main', steps: [[{ name: 'fetch', template: 'fetch' }]] },
        {
          name: 'fetch',
          container: { image: 'appropriate/curl', command: ['sh', '-c'], args: ['curl http://127.0.0.1/'] },
          sidecars: [{ name: 'nginx', image: 'nginx:1.13', command: ['nginx', '-g', 'daemon off;'] }],
        },
      ],
    },
  };

  it('Argo Workflow in an Istio namespace (1.28): the hold goes on the template metadata, no wrapper, a result says why', () => {
    const { out, results } = run([NS, workflow], { kubernetesVersion: '1.28' });
    expect(errors(results)).toEqual([]);
    const fetch = out[1]!.spec.templates[1];
    expect(fetch.metadata.annotations['proxy.istio.io/config']).toContain('holdApplicationUntilProxyStarts: true');
    // Not a word of the container or the sidecars changed; the steps template (no pod) untouched.
    expect(fetch.container).toEqual(workflow.spec.templates[1]!.container);
    expect(fetch.sidecars).toEqual(workflow.spec.templates[1]!.sidecars);
    expect(out[1]!.spec.templates[0]).toEqual(workflow.spec.templates[0]);
    const note = results.find((r) => r.field?.path === 'spec.templates[1]' && r.severity === 'info');
    expect(note?.message).toBe('left nginx, istio-proxy to the Workflow controller, which ends its sidecars');
    expect(note?.detail).toMatch(/^Argo Workflows' controller kills a step's sidecars/);
    expect(note?.detail).toContain('writes no wrapper');
  });

  it('Argo Workflow, check mode (1.28): the note, and the start-order change fix would make', () => {
    const { out, results } = run([NS, workflow], { kubernetesVersion: '1.28', mode: 'check' });
    expect(out[1]).toEqual(workflow);
    expect(results.filter((r) => r.field?.path?.startsWith('spec.templates[1]')).map((r) => [r.severity, r.tags?.rule, r.field?.path])).toEqual([
      ['info', undefined, 'spec.templates[1]'],
      ['info', 'pending-change', 'spec.templates[1].metadata.annotations["proxy.istio.io/config"]'],
    ]);
  });

  it('Tekton TaskRun with a sidecar (1.30): left as it is, with the same kind of result', () => {
    const taskRun = {
      apiVersion: 'tekton.dev/v1',
      kind: 'TaskRun',
      metadata: { name: 'sidecar-ready' },
      spec: {
        taskSpec: {
          sidecars: [{ name: 'slow-sidecar', image: 'alpine', script: 'sleep 5; touch /shared/ready' }],
          steps: [{ name: 'check-ready', image: 'alpine', script: 'cat /shared/ready' }],
        },
      },
    };
    const { out, results } = run([taskRun], { kubernetesVersion: '1.30' });
    expect(out[0]).toEqual(taskRun);
    expect(results.map((r) => [r.severity, r.field?.path])).toEqual([['info', 'spec.taskSpec']]);
    expect(results[0]!.message).toBe('left slow-sidecar to the TaskRun controller, which ends its sidecars');
    expect(results[0]!.detail).toMatch(/^Tekton's controller stops a TaskRun's sidecars/);
  });
});

describe('Tekton PipelineRun', () => {
  it('an embedded task with a sidecar (1.28): the hold on its taskSpec.metadata, the note at its path', () => {
    const pipelineRun = {
      apiVersion: 'tekton.dev/v1',
      kind: 'PipelineRun',
      metadata: { name: 'pr', namespace: 'train' },
      spec: {
        pipelineSpec: {
          tasks: [
            {
              name: 'build',
              taskSpec: {
                sidecars: [{ name: 'registry', image: 'registry:2' }],
                steps: [{ name: 'push', image: 'alpine', script: 'echo push' }],
              },
            },
          ],
        },
      },
    };
    const { out, results } = run([NS, pipelineRun], { kubernetesVersion: '1.28' });
    expect(errors(results)).toEqual([]);
    const taskSpec = out[1]!.spec.pipelineSpec.tasks[0].taskSpec;
    expect(taskSpec.metadata.annotations['proxy.istio.io/config']).toContain('holdApplicationUntilProxyStarts: true');
    expect(taskSpec.steps).toEqual(pipelineRun.spec.pipelineSpec.tasks[0]!.taskSpec.steps);
    expect(results.find((r) => r.field?.path === 'spec.pipelineSpec.tasks[0].taskSpec')?.message).toMatch(
      /left registry, istio-proxy to the PipelineRun controller/,
    );
  });
});

describe('a CRD outside the catalog: one config line', () => {
  const trainer = {
    apiVersion: 'ml.example.com/v1',
    kind: 'Trainer',
    metadata: { name: 't', namespace: 'train' },
    spec: {
      workers: [
        { name: 'a', template: pod(app()) },
        { name: 'b', template: pod(app()) },
      ],
    },
  };
  const line = { apiVersion: 'ml.example.com/v1', kind: 'Trainer', podTemplatePath: 'spec.workers[].template', runsToCompletion: true };

  it('without it the kind is not read; with it every list item is a Job-like template (1.28)', () => {
    expect(run([NS, trainer], { kubernetesVersion: '1.28' }).results).toEqual([]);
    const { out, results } = run([NS, trainer], { kubernetesVersion: '1.28', workloadKinds: [line] });
    expect(errors(results)).toEqual([]);
    for (const i of [0, 1]) expect(wrapped(out[1]!.spec.workers[i].template.spec.containers[0])).toBe(true);
  });

  it('sidecarsEndedBy controller: start order only, a result says so, never a wrapper (1.28)', () => {
    const { out, results } = run([NS, trainer], { kubernetesVersion: '1.28', workloadKinds: [{ ...line, sidecarsEndedBy: 'controller' }] });
    expect(errors(results)).toEqual([]);
    expect(wrapped(out[1]!.spec.workers[0].template.spec.containers[0])).toBe(false);
    expect(out[1]!.spec.workers[0].template.metadata.annotations['proxy.istio.io/config']).toContain('holdApplicationUntilProxyStarts');
    expect(results.find((r) => r.field?.path === 'spec.workers[0].template')?.detail).toContain('sidecarsEndedBy: controller for Trainer');
  });

  it('a config line replaces the catalog row of its kind', () => {
    const job = {
      apiVersion: 'kubeflow.org/v1',
      kind: 'PyTorchJob',
      metadata: { name: 'p', namespace: 'train' },
      spec: { pytorchReplicaSpecs: { Worker: { template: pod(app()) } } },
    };
    const { out } = run([NS, job], {
      kubernetesVersion: '1.28',
      workloadKinds: [{ apiVersion: 'kubeflow.org/v1', kind: 'PyTorchJob', podTemplatePath: 'spec.pytorchReplicaSpecs.*.template' }],
    });
    // Not declared to run to completion: start order, no wrapper.
    expect(wrapped(out[1]!.spec.pytorchReplicaSpecs.Worker.template.spec.containers[0])).toBe(false);
  });
});

describe('workloadKinds paths that can never match are config errors with the fix', () => {
  const load = (podTemplatePath: string, more: Obj = {}) =>
    loadConfig({
      apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
      kind: 'PodSequence',
      metadata: { name: 'c' },
      spec: { kubernetesVersion: '1.28', workloadKinds: [{ apiVersion: 'ml.example.com/v1', kind: 'Trainer', podTemplatePath, ...more }] },
    }).errors.map((e) => e.message);

  it.each([
    ['spec..template', 'step 2 is empty'],
    ['spec.template.', 'step 3 is empty'],
    ['spec.workers[0].template', "write 'workers[]' to take every item"],
    ['spec.workers[*][0].template', "write 'workers[*][]'"],
    ['spec.[*].template', "'[]' alone"],
    ['spec.[].template', "'[]' alone"],
    ['spec.replica*.template', "'*' stands alone"],
    ['spec/template', 'join field names with dots: spec.template'],
    ['', 'the path is empty'],
    ['metadata.template', 'metadata holds no pod template'],
    ['status.template', 'status holds no pod template'],
  ])('%j', (path, fix) => {
    const messages = load(path);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('spec.workloadKinds[0].podTemplatePath');
    expect(messages[0]).toContain(fix);
  });

  it('accepts lists, maps and plain paths', () => {
    for (const p of [
      'spec.template',
      'spec.replicatedJobs[].template.spec.template',
      'spec.pytorchReplicaSpecs.*.template',
      'spec.tasks[].template',
      'spec.a_b-c.*',
      'spec.nodeSets[*].podTemplate',
    ])
      expect(load(p), p).toEqual([]);
  });

  it("'[*]' (the JSONPath and yq spelling) is the same step as '[]': the same templates, and the same line twice", () => {
    const { expand, parsePattern } = paths;
    const obj = { spec: { nodeSets: [{ podTemplate: { spec: {} } }, { name: 'x' }, { podTemplate: { spec: {} } }] } };
    expect(expand(obj, parsePattern('spec.nodeSets[*].podTemplate'))).toEqual([
      ['spec', 'nodeSets', 0, 'podTemplate'],
      ['spec', 'nodeSets', 2, 'podTemplate'],
    ]);
    expect(parsePattern('spec.nodeSets[*].podTemplate')).toEqual(parsePattern('spec.nodeSets[].podTemplate'));
    const twice = loadConfig({
      apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
      kind: 'PodSequence',
      metadata: { name: 'c' },
      spec: {
        workloadKinds: ['spec.nodeSets[].podTemplate', 'spec.nodeSets[*].podTemplate'].map((p) => ({ apiVersion: 'x.io/v1', kind: 'X', podTemplatePath: p })),
      },
    });
    expect(twice.errors.map((e) => e.message)).toEqual([
      "spec.workloadKinds[1].podTemplatePath: 'spec.nodeSets[*].podTemplate' for X (x.io/v1) is also in spec.workloadKinds[0]; remove one of the two lines",
    ]);
  });

  it('refuses the same line twice, and sidecarsEndedBy tool on pods that do not complete', () => {
    const twice = loadConfig({
      apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
      kind: 'PodSequence',
      metadata: { name: 'c' },
      spec: { workloadKinds: [0, 1].map(() => ({ apiVersion: 'x.io/v1', kind: 'X', podTemplatePath: 'spec.template' })) },
    });
    expect(twice.errors.map((e) => e.message)).toEqual([
      "spec.workloadKinds[1].podTemplatePath: 'spec.template' for X (x.io/v1) is also in spec.workloadKinds[0]; remove one of the two lines",
    ]);
    expect(load('spec.template', { sidecarsEndedBy: 'tool' })[0]).toContain('set runsToCompletion: true');
  });
});

describe('explain and check find every template', () => {
  const text = `${stringify({ ...NS })}---
apiVersion: kubeflow.org/v1
kind: PyTorchJob
metadata:
  name: mnist
  namespace: train
spec:
  pytorchReplicaSpecs:
    Master:
      restartPolicy: Never
      template:
        spec:
          containers:
            - name: pytorch
              image: registry.example.com/train:1
              command: [python3, /train.py]
    Worker:
      restartPolicy: Never
      template:
        spec:
          containers:
            - name: pytorch
              image: registry.example.com/train:1
              command: [python3, /train.py]
`;
  const { config } = loadConfig({
    apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
    kind: 'PodSequence',
    metadata: { name: 'c' },
    spec: { kubernetesVersion: '1.28' },
  });

  it('explain: one timeline per template, titled with its path, at its file:line', () => {
    const out = explainFiles([readManifest('job.yaml', [], text)], config, { format: 'text', diff: false });
    // Each template at its own line: the `template:` key under its replica.
    const lines = text.split('\n');
    const templateLine = (replica: string) => lines.indexOf('      template:', lines.indexOf(`    ${replica}:`)) + 1;
    expect(out).toContain(`PyTorchJob/train/mnist spec.pytorchReplicaSpecs.Master.template (job.yaml:${templateLine('Master')})`);
    expect(out).toContain(`PyTorchJob/train/mnist spec.pytorchReplicaSpecs.Worker.template (job.yaml:${templateLine('Worker')})`);
    expect(out).toMatch(/asked to exit by the app's wrapper/);
  });

  it('check: findings at file:line of the template they are about', () => {
    const run = runFiles([readManifest('job.yaml', [], text)], { ...config, mode: 'check' });
    const lines = text.split('\n');
    const found = run.findings.filter((f) => f.result.tags?.rule === 'job-sidecar-blocks-completion');
    expect(found.map((f) => f.result.field?.path?.split('.spec.containers')[0])).toEqual([
      'spec.pytorchReplicaSpecs.Master.template',
      'spec.pytorchReplicaSpecs.Worker.template',
    ]);
    // Each finding's line is inside its own replica's block.
    const master = lines.indexOf('    Master:') + 1;
    const worker = lines.indexOf('    Worker:') + 1;
    expect(found[0]!.line).toBeGreaterThan(master);
    expect(found[0]!.line).toBeLessThan(worker);
    expect(found[1]!.line).toBeGreaterThan(worker);
  });
});
