/**
 * @needs busybox dash bash
 * Pods created at runtime come out right (issue 36: "Jobs that the Job controller, Argo or
 * Airflow create in a meshed namespace finish with their exit code"). Each pod is made as its
 * controller makes it (test/helpers/admission.ts: the Jobs and CronJobs of the vendor corpus, as
 * written and as their vendors' injectors left them, Istio's injector inputs, the fixtures' Jobs),
 * then admitted as the API server admits it (cases.ts `admissionCase`: our webhook, whose
 * configuration sorts before every mesh injector's, the injectors that select the pod, and our
 * reinvocation where they changed it), then run whole by the pod runner at kubernetesVersion 1.28 (classic
 * sidecars: wrappers) and 1.30 (native). Every webhook call gives what the filter writes for the
 * same pod (minus the record annotation) and nothing more on its own output. Without the webhook,
 * the same Job does not complete: the runs can fail.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECORD_ANNOTATION } from '../../src/admission/record.js';
import { EngineConfigError } from '../../src/admission/review.js';
import { tableOf, type MeshName } from '../../src/profiles/index.js';
import type { ObjectMeta, PodSpec } from '../../src/workloads/workload.js';
import { deepSame, podsOf, podsOfObject, reviewed, withoutRecord, type MadePod } from '../helpers/admission.js';
import { ROOT } from '../helpers/cli.js';
import { runPod, show, type PodRun } from '../helpers/pod-runner/index.js';
import { INJECTORS, meshedBy, type Namespace } from '../helpers/pod-runner/injectors.js';
import { availableCorpus, cite, corpusEntries } from '../helpers/vendor-corpus.js';
import { itWithVendor } from '../helpers/vendor-it.js';
import {
  admissionCase,
  cannotRun,
  describeRuns,
  goldenInputs,
  KNOWN,
  VERSIONS,
  WEBHOOK_CONFIG,
  type AdmissionStep,
  type PodCase,
} from '../pod-runner/cases.js';

type Obj = Record<string, unknown>;

const JOBS = ['Job', 'CronJob'];
/**
 * The meshes each Job is run in: every stood-in injector but Vault's, whose Job is admitted as its
 * own case below. Whether they run before or after our webhook is its name's doing
 * (injectors.ts injectorsAround, src/admission/manifests.ts WEBHOOK_CONFIGURATION: before them all).
 */
const BEFORE = (Object.keys(INJECTORS) as MeshName[]).filter((m) => m !== 'vault').sort();

/**
 * Vendor Jobs: the corpus (inputs and injector outputs) and Istio's own injector inputs
 * (test/admission/corpus/). A pod alike in several files (ingress-nginx's per-provider installs,
 * Linkerd's install goldens) is admitted once, under its first file.
 */
const INJECTOR_INPUTS = corpusEntries(join(ROOT, 'test', 'admission', 'corpus'));
const vendorPods: MadePod[] = unique(
  [...availableCorpus(corpusEntries(), 'admission runs: vendor Jobs'), ...availableCorpus(INJECTOR_INPUTS, 'admission runs: injector inputs')].flatMap(
    ({ e, text }) => podsOf(text, cite(e), JOBS),
  ),
);

function unique(pods: MadePod[]): MadePod[] {
  const seen = new Set<string>();
  return pods.filter((p) => {
    const k = JSON.stringify(p.pod);
    return !seen.has(k) && seen.add(k);
  });
}

/** The fixtures' Jobs and CronJobs, each with its own function config. */
const fixturePods = goldenInputs().flatMap(({ source, items, fc }) =>
  items.filter((o) => JOBS.includes(String(o.kind))).flatMap((o) => podsOfObject(o, source).map((p) => ({ ...p, fc }))),
);

/** The pod in a namespace where `mesh` injects it: the Namespace's marker, or the pod's own (Dapr). */
function inMesh(pod: Obj, mesh: (typeof BEFORE)[number]): { pod: Obj; ns?: Namespace } {
  const on = meshedBy(mesh);
  if (!on.pod) return { pod, ns: on.namespace };
  const meta = (pod.metadata ?? {}) as ObjectMeta;
  const metadata = { ...meta, labels: { ...meta.labels, ...on.pod.labels }, annotations: { ...meta.annotations, ...on.pod.annotations } };
  return { pod: { ...pod, metadata } };
}

/** The pod holds `mesh`'s sidecar already (its vendor's injector output): it lives in that mesh's namespace. */
function holds(pod: Obj, mesh: MeshName): boolean {
  const name = tableOf(mesh).containerName?.[0]?.value;
  const spec = pod.spec as PodSpec;
  return [...(spec.initContainers ?? []), ...(spec.containers ?? [])].some((c) => c.name === name);
}

/** The first Job pod of Istio's injector inputs (`pi`): the pod the controller-specific variants start from. */
const pi = vendorPods.find((p) => p.from.endsWith('inject/job.yaml: Job/pi spec.template'));
/** Its file: the tests built on `pi` are left out, named, where it is not here (vendor-it.ts). */
const PI_FILE = INJECTOR_INPUTS.find((e) => e.path.endsWith('/inject/job.yaml'));

/**
 * The same pod as other controllers create it. Argo Workflows: owned by its Workflow, with its
 * label (src/workloads/catalog.ts POD_OWNERS). Tekton: the TaskRun label alone. Airflow's
 * KubernetesPodOperator: a bare Pod, no owner, named (not generated), restartPolicy Never, its
 * one container `base`, its labels (apache/airflow providers/cncf/kubernetes/operators/pod.py
 * build_pod_request_obj: `restart_policy="Never"`, `name=self.BASE_CONTAINER_NAME`;
 * _get_ti_pod_labels: `"kubernetes_pod_operator": "True"`; not in shared/).
 */
function madeBy(controller: 'argo' | 'tekton' | 'airflow', pod: Obj): Obj {
  const copy = structuredClone(pod);
  const meta = copy.metadata as Obj;
  const labels = (meta.labels ?? {}) as Obj;
  if (controller === 'argo') {
    meta.ownerReferences = [{ apiVersion: 'argoproj.io/v1alpha1', kind: 'Workflow', name: 'pi-wf', uid: '5e1f', controller: true, blockOwnerDeletion: true }];
    meta.labels = { ...labels, 'workflows.argoproj.io/workflow': 'pi-wf' };
  } else if (controller === 'tekton') {
    meta.labels = { ...labels, 'tekton.dev/taskRun': 'pi-run' };
  } else {
    delete meta.generateName;
    meta.name = 'pi-task-8f3kx2';
    meta.labels = {
      ...labels,
      dag_id: 'pi',
      task_id: 'task',
      run_id: 'manual__1',
      kubernetes_pod_operator: 'True',
      try_number: '1',
      airflow_version: '2.10.4',
    };
    const spec = copy.spec as Obj;
    spec.restartPolicy = 'Never';
    spec.containers = (spec.containers as Obj[]).map((c, i) => (i === 0 ? { ...c, name: 'base' } : c));
  }
  return copy;
}

/**
 * Vault's injector runs after ours: with the vault-helm Job's agent-pre-populate-only turned
 * off, it adds the agent sidecar, and our reinvocation sequences it.
 */
function withVaultSidecar(made: MadePod): MadePod {
  const pod = structuredClone(made.pod);
  ((pod.metadata as Obj).annotations as Obj)['vault.hashicorp.com/agent-pre-populate-only'] = 'false';
  return { from: `${made.from} (agent-pre-populate-only: "false")`, pod };
}

interface Admitted {
  c: PodCase;
  steps: AdmissionStep[];
  made: Obj;
}

const admitted: Admitted[] = [];
/** Fixture configs not valid at a version (native mesh sidecars at 1.28, say). */
const refused: string[] = [];
const add = (id: string, made: Obj, ns: Namespace | undefined, version: string, fc?: Obj, name?: string) => {
  const { case: c, steps } = admissionCase(`${id} @${version}`, made, { version, ns, fc, name });
  admitted.push({ c, steps, made });
  return c;
};
/**
 * The mesh a fixture's pod is put in: from its own id (a string hash), so a fixture added or
 * removed leaves every other's mesh, and the lists below, as they were.
 */
function meshIndex(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return h % BEFORE.length;
}
const vaultJob = vendorPods.find((p) => p.from.includes('injector-test/job.yaml'));
for (const version of VERSIONS) {
  // Every vendor Job in each mesh (one injected already: in its own); each fixture Job in one mesh, in turn (its own config).
  for (const p of [...vendorPods, ...(vaultJob ? [withVaultSidecar(vaultJob)] : [])]) {
    const own = BEFORE.filter((m) => holds(p.pod, m));
    for (const mesh of own.length > 0 ? own : BEFORE) {
      const m = inMesh(p.pod, mesh);
      add(`${p.from} in ${mesh}`, m.pod, m.ns, version);
    }
  }
  for (const p of fixturePods) {
    const mesh = BEFORE[meshIndex(p.from)]!;
    const m = inMesh(p.pod, mesh);
    try {
      add(`${p.from} in ${mesh}`, m.pod, m.ns, version, p.fc as Obj | undefined);
    } catch (e) {
      // A config the webhook refuses to start with (as the filter refuses it): no pod is admitted by it.
      if (!(e instanceof EngineConfigError)) throw e;
      refused.push(`${p.from} @${version}`);
    }
  }
}
const istioNs = meshedBy('istio').namespace;
/**
 * Where our webhook runs decides what a Linkerd Job gets at 1.28. Sorted after Linkerd's injector
 * (the first draft's `zz-pod-sequencer`), the proxy is in with its shutdown endpoint off (the
 * proxy-admin-shutdown annotation was not there when Linkerd read it), and the function can only
 * say the pod never completes. Sorted before it (`00-pod-sequencer`, docs/decisions.md), with the
 * user's `mesh.linkerd` config, our first call writes the annotations Linkerd reads and wraps the
 * app; the reinvocation finds the proxy as planned.
 */
const LINKERD_FIRST = WEBHOOK_CONFIG;
/** Where a first draft named it: after every injector. */
const LINKERD_AFTER = 'zz-pod-sequencer';
const linkerdConfig = {
  apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
  kind: 'PodSequence',
  metadata: { name: 'webhook' },
  spec: { mesh: { linkerd: { shutdown: true } } },
};
const linkerdNs = meshedBy('linkerd').namespace;
const linkerdOrder = pi
  ? {
      after: add(`${pi.from} in linkerd, mesh config, after Linkerd`, pi.pod, linkerdNs, '1.28', linkerdConfig, LINKERD_AFTER),
      before: add(`${pi.from} in linkerd, mesh config, named ${LINKERD_FIRST}`, pi.pod, linkerdNs, '1.28', linkerdConfig, LINKERD_FIRST),
    }
  : undefined;
const byController = pi
  ? (['argo', 'tekton', 'airflow'] as const).flatMap((who) =>
      VERSIONS.map((v) => ({ who, v, c: add(`${who} ${pi.from} in istio`, madeBy(who, pi.pod), istioNs, v) })),
    )
  : [];

/**
 * The pods not run, each for the reason cases.ts `cannotRun` gives (the function's own error
 * finding, mostly: it says it cannot sequence them). A vendor file this machine lacks makes fewer
 * cases, never an unlisted one (hence `partial`).
 */
const NOT_RUN: string[] = [
  // Kuma at 1.28: kuma-dp has no quit endpoint, so a classic kuma-sidecar keeps a Job running; the
  // function says so (as for fixtures/filter/job-kuma). At 1.30 these run, native.
  'GoogleCloudPlatform/cloud-sql-proxy@31c3b33e3f85:examples/k8s-sidecar/job_with_sidecar.yaml: Job/job spec.template in kuma',
  'hashicorp/vault-helm@eecd0492cc98:test/acceptance/injector-test/job.yaml: Job/pgdump spec.template (agent-pre-populate-only: "false") in kuma',
  'hashicorp/vault-helm@eecd0492cc98:test/acceptance/injector-test/job.yaml: Job/pgdump spec.template in kuma',
  'istio/istio@86c9f01fd735:pkg/kube/inject/testdata/inject/cronjob.yaml: CronJob/hellocron spec.jobTemplate.spec.template in kuma',
  'istio/istio@86c9f01fd735:pkg/kube/inject/testdata/inject/job.yaml: Job/pi spec.template in kuma',
  'kubernetes/ingress-nginx@dbb11b92ddb7:deploy/static/provider/aws/deploy.yaml: Job/ingress-nginx-admission-create spec.template in kuma',
  'kubernetes/ingress-nginx@dbb11b92ddb7:deploy/static/provider/aws/deploy.yaml: Job/ingress-nginx-admission-patch spec.template in kuma',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/inject_emojivoto_cronjob.golden.yml: CronJob/hello spec.jobTemplate.spec.template in kuma',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/inject_emojivoto_cronjob_nometa.golden.yml: CronJob/hello spec.jobTemplate.spec.template in kuma',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_custom_registry.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in kuma',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_default.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in kuma',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_ha_output.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in kuma',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_helm_control_plane_output.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in kuma',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_helm_control_plane_output_ha.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in kuma',
  'projectcontour/contour@31c4bb38e0a5:examples/contour/02-job-certgen.yaml: Job/contour-certgen-main spec.template in kuma',
  // Linkerd at 1.28 with no `mesh.linkerd` in the config: nothing asks Linkerd for its proxy's
  // shutdown endpoint (the proxy-admin-shutdown annotation), so it injects it off; the function says
  // the pod never completes. At 1.30 these run, native; the ordering test shows the way at 1.28.
  'dapr/dapr@7c4f540efa3e:tests/apps/job-publisher/service.yaml: Job/job-publisher spec.template in linkerd',
  'hashicorp/vault-helm@eecd0492cc98:test/acceptance/injector-test/job.yaml: Job/pgdump spec.template (agent-pre-populate-only: "false") in linkerd',
  'hashicorp/vault-helm@eecd0492cc98:test/acceptance/injector-test/job.yaml: Job/pgdump spec.template in linkerd',
  'istio/istio@86c9f01fd735:pkg/kube/inject/testdata/inject/cronjob.yaml: CronJob/hellocron spec.jobTemplate.spec.template in linkerd',
  'istio/istio@86c9f01fd735:pkg/kube/inject/testdata/inject/job.yaml: Job/pi spec.template in linkerd',
  'kubernetes/ingress-nginx@dbb11b92ddb7:deploy/static/provider/aws/deploy.yaml: Job/ingress-nginx-admission-create spec.template in linkerd',
  'kubernetes/ingress-nginx@dbb11b92ddb7:deploy/static/provider/aws/deploy.yaml: Job/ingress-nginx-admission-patch spec.template in linkerd',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/inject_emojivoto_cronjob.golden.yml: CronJob/hello spec.jobTemplate.spec.template in dapr',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/inject_emojivoto_cronjob.golden.yml: CronJob/hello spec.jobTemplate.spec.template in istio',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/inject_emojivoto_cronjob.golden.yml: CronJob/hello spec.jobTemplate.spec.template in linkerd',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/inject_emojivoto_cronjob_nometa.golden.yml: CronJob/hello spec.jobTemplate.spec.template in dapr',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/inject_emojivoto_cronjob_nometa.golden.yml: CronJob/hello spec.jobTemplate.spec.template in istio',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/inject_emojivoto_cronjob_nometa.golden.yml: CronJob/hello spec.jobTemplate.spec.template in linkerd',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_custom_registry.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in linkerd',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_default.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in linkerd',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_ha_output.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in linkerd',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_helm_control_plane_output.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in linkerd',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_helm_control_plane_output_ha.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in linkerd',
  'projectcontour/contour@31c4bb38e0a5:examples/contour/02-job-certgen.yaml: Job/contour-certgen-main spec.template in linkerd',
  // No command in the manifest (the image's ENTRYPOINT): at 1.28 the function cannot wrap it and says
  // so (the fix is pod-sequencer.dev/entrypoint.<container>). At 1.30 these run, native.
  'dapr/dapr@7c4f540efa3e:tests/apps/job-publisher/service.yaml: Job/job-publisher spec.template in dapr',
  'dapr/dapr@7c4f540efa3e:tests/apps/job-publisher/service.yaml: Job/job-publisher spec.template in istio',
  'dapr/dapr@7c4f540efa3e:tests/apps/job-publisher/service.yaml: Job/job-publisher spec.template in kuma',
  'istio/istio@86c9f01fd735:pkg/kube/inject/testdata/inject/cronjob-old-version.yaml.injected: CronJob/hellocron spec.jobTemplate.spec.template in istio',
  'istio/istio@86c9f01fd735:pkg/kube/inject/testdata/inject/cronjob.yaml.injected: CronJob/hellocron spec.jobTemplate.spec.template in istio',
  'istio/istio@86c9f01fd735:pkg/kube/inject/testdata/inject/cronjob.yaml: CronJob/hellocron spec.jobTemplate.spec.template in dapr',
  'istio/istio@86c9f01fd735:pkg/kube/inject/testdata/inject/cronjob.yaml: CronJob/hellocron spec.jobTemplate.spec.template in istio',
  'kubernetes/ingress-nginx@dbb11b92ddb7:deploy/static/provider/aws/deploy.yaml: Job/ingress-nginx-admission-create spec.template in dapr',
  'kubernetes/ingress-nginx@dbb11b92ddb7:deploy/static/provider/aws/deploy.yaml: Job/ingress-nginx-admission-create spec.template in istio',
  'kubernetes/ingress-nginx@dbb11b92ddb7:deploy/static/provider/aws/deploy.yaml: Job/ingress-nginx-admission-patch spec.template in dapr',
  'kubernetes/ingress-nginx@dbb11b92ddb7:deploy/static/provider/aws/deploy.yaml: Job/ingress-nginx-admission-patch spec.template in istio',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_custom_registry.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in dapr',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_custom_registry.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in istio',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_default.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in dapr',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_default.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in istio',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_ha_output.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in dapr',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_ha_output.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in istio',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_helm_control_plane_output.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in dapr',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_helm_control_plane_output.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in istio',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_helm_control_plane_output_ha.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in dapr',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_helm_control_plane_output_ha.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in istio',
  // my-application's own script calls its sidecar's quit endpoint, which the stand-in app would drop
  'GoogleCloudPlatform/cloud-sql-proxy@31c3b33e3f85:examples/k8s-sidecar/job_with_shutdown_hook.yaml: Job/job spec.template in dapr',
  'GoogleCloudPlatform/cloud-sql-proxy@31c3b33e3f85:examples/k8s-sidecar/job_with_shutdown_hook.yaml: Job/job spec.template in istio',
  'GoogleCloudPlatform/cloud-sql-proxy@31c3b33e3f85:examples/k8s-sidecar/job_with_shutdown_hook.yaml: Job/job spec.template in kuma',
  'GoogleCloudPlatform/cloud-sql-proxy@31c3b33e3f85:examples/k8s-sidecar/job_with_shutdown_hook.yaml: Job/job spec.template in linkerd',
  // classic sidecar cloud-sql-proxy keeps running after the app exits: this pod never completes
  'GoogleCloudPlatform/cloud-sql-proxy@31c3b33e3f85:examples/k8s-sidecar/job_with_sidecar.yaml: Job/job spec.template in linkerd',
  // The vendors' Jobs in Consul (a stood-in injector since issue 39), each with what the function or
  // the runner reports for it.
  // my-application's own script calls its sidecar's quit endpoint, which the stand-in app would drop
  'GoogleCloudPlatform/cloud-sql-proxy@31c3b33e3f85:examples/k8s-sidecar/job_with_shutdown_hook.yaml: Job/job spec.template in consul',
  // container job-publisher has no command, so it cannot be wrapped: this workload is left unchanged
  'dapr/dapr@7c4f540efa3e:tests/apps/job-publisher/service.yaml: Job/job-publisher spec.template in consul',
  // classic sidecar kuma-sidecar keeps running after the app exits: this pod never completes
  'hashicorp/consul-k8s@7af6b659cead:acceptance/tests/fixtures/bases/job-client/job.yaml: Job/job-client spec.template in kuma',
  // classic sidecar linkerd-proxy keeps running after the app exits: this pod never completes
  'hashicorp/consul-k8s@7af6b659cead:acceptance/tests/fixtures/bases/job-client/job.yaml: Job/job-client spec.template in linkerd',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/inject_emojivoto_cronjob.golden.yml: CronJob/hello spec.jobTemplate.spec.template in consul',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/inject_emojivoto_cronjob_nometa.golden.yml: CronJob/hello spec.jobTemplate.spec.template in consul',
  // container hello has no command, so it cannot be wrapped: this workload is left unchanged
  'istio/istio@86c9f01fd735:pkg/kube/inject/testdata/inject/cronjob.yaml: CronJob/hellocron spec.jobTemplate.spec.template in consul',
  // container create has no command, so it cannot be wrapped: this workload is left unchanged
  'kubernetes/ingress-nginx@dbb11b92ddb7:deploy/static/provider/aws/deploy.yaml: Job/ingress-nginx-admission-create spec.template in consul',
  // container patch has no command, so it cannot be wrapped: this workload is left unchanged
  'kubernetes/ingress-nginx@dbb11b92ddb7:deploy/static/provider/aws/deploy.yaml: Job/ingress-nginx-admission-patch spec.template in consul',
  // container heartbeat has no command, so it cannot be wrapped: this workload is left unchanged
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_custom_registry.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in consul',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_default.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in consul',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_ha_output.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in consul',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_helm_control_plane_output.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in consul',
  'linkerd/linkerd2@b24cd4059841:cli/cmd/testdata/install_helm_control_plane_output_ha.golden: CronJob/linkerd-heartbeat spec.jobTemplate.spec.template in consul',
  // The fixtures' Jobs, each in one mesh chosen by its id (meshIndex), with what the function or the
  // runner reports for it (generated from the run's "not run" lines). "container <sidecar> has no
  // command": the fixture's config lists its sidecars, which replaces the default set
  // (function-config.md), so the sidecar injected before us is taken for an app with no command
  // (1.28), or left classic and unended (1.30, KNOWN_HERE).
  // the function reports it cannot sequence it: classic sidecar cloud-sql-proxy keeps running after the app exits: this pod never completes
  'fixtures/filter/cloud-sql-proxy-releases: Job/migrate-2-0 spec.template in consul',
  // the function reports it cannot sequence it: classic sidecar consul-dataplane keeps running after the app exits: this pod never completes
  'fixtures/filter/job-terminate-off: Job/sleep-job spec.template in consul',
  'fixtures/filter/mesh-consul-classic: CronJob/report spec.jobTemplate.spec.template in linkerd',
  'fixtures/filter/mesh-consul-native: Job/migrate spec.template in linkerd',
  // the function reports it cannot sequence it: classic sidecar kuma-sidecar keeps running after the app exits: this pod never completes
  'fixtures/filter/job-entrypoints: Job/migrate spec.template in kuma',
  'fixtures/filter/job-envoy-image-delivery: Job/sync spec.template in kuma',
  'fixtures/filter/job-native-1.30: Job/sleep-job spec.template in kuma',
  'fixtures/filter/mesh-consul-classic: Job/no-lifecycle spec.template in kuma',
  'fixtures/filter/mesh-istio-classic: CronJob/report spec.jobTemplate.spec.template in kuma',
  'fixtures/filter/mesh-linkerd-classic: Job/migrate spec.template in kuma',
  // the function reports it cannot sequence it: classic sidecar linkerd-proxy keeps running after the app exits: this pod never completes
  'fixtures/filter/job-cronjob: CronJob/nightly spec.jobTemplate.spec.template in linkerd',
  'fixtures/filter/job-kuma: Job/cleanup spec.template in linkerd',
  'fixtures/filter/mesh-vault-pre-populate: Job/needs-renewal spec.template in linkerd',
  'fixtures/filter/mesh-vault-pre-populate: Job/rotate-keys spec.template in linkerd',
  'fixtures/filter/mesh-vault-quit: CronJob/backup spec.jobTemplate.spec.template in linkerd',
  // the function reports it cannot sequence it: container consul-dataplane has no command, so it cannot be wrapped: this workload is left unchanged
  'fixtures/filter/all-kinds-first: CronJob/cronjob spec.jobTemplate.spec.template in consul',
  // the function reports it cannot sequence it: container daprd has no command, so it cannot be wrapped: this workload is left unchanged
  'fixtures/filter/job-rerun-changed-config: Job/sleep-job spec.template in dapr',
  'fixtures/filter/job-signal: Job/legacy spec.template in dapr',
  // the function reports it cannot sequence it: container istio-proxy has no command, so it cannot be wrapped: this workload is left unchanged
  'fixtures/filter/job-vault: Job/rotate spec.template in istio',
  'fixtures/filter/stop-order-sidecars-last: Job/report spec.template in dapr',
  // the function reports it cannot sequence it: container kuma-sidecar has no command, so it cannot be wrapped: this workload is left unchanged
  'fixtures/filter/cloud-sql-proxy-releases: Job/migrate-2-5 spec.template in kuma',
  // the function reports it cannot sequence it: container linkerd-proxy has no command, so it cannot be wrapped: this workload is left unchanged
  'fixtures/filter/all-kinds-first: Job/job spec.template in linkerd',
  'fixtures/filter/job-generic-two-apps: Job/export spec.template in linkerd',
  // the function reports it cannot sequence it: container work has no command, so it cannot be wrapped: this workload is left unchanged
  'fixtures/filter/job-missing-entrypoint: Job/bad-annotation spec.template in istio',
  'fixtures/filter/job-missing-entrypoint: Job/no-command spec.template in kuma',
  // the function reports it cannot sequence it: injected kuma-sidecar keeps running after the app exits: this pod never completes
  'fixtures/filter/mesh-kuma: Job/seed spec.template in consul',
  // waits on loopback port(s) 15021, 15020 of a sidecar that nothing in the admitted pod serves
  'fixtures/filter/mesh-istio-classic: Job/sleep-job spec.template in dapr',
  'fixtures/filter/mesh-istio-native-1.30: Job/sleep-job spec.template in dapr',
];

/** Outcomes other than the default one, by case id, each with its reason (cases.ts KNOWN for the rest). */
const SIDECARS_LIST =
  "the config's sidecars list replaces the default set (function-config.md): the mesh's sidecar injected before us is none of them, so nothing ends it, and the function says nothing of it";
const KNOWN_HERE: typeof KNOWN = {
  ...KNOWN,
  'fixtures/filter/job-generic-two-apps: Job/export spec.template in linkerd @1.30': { phase: 'Stuck', why: SIDECARS_LIST },
  'fixtures/filter/job-rerun-changed-config: Job/sleep-job spec.template in dapr @1.30': { phase: 'Stuck', why: SIDECARS_LIST },
};

const wrapped = (pod: Obj) => JSON.stringify(pod.spec).includes('pod-sequencer-wrap');
const commandLines = (pod: Obj) =>
  Object.fromEntries(
    [...(((pod.spec as Obj).initContainers ?? []) as Obj[]), ...((pod.spec as Obj).containers as Obj[])].map((c) => [c.name, [c.command, c.args]]),
  );

describe('pods created at runtime, through the admission chain', () => {
  itWithVendor('has Job pods in every mesh, for both versions, some patched again after Vault', [PI_FILE], () => {
    expect(pi, 'Istio injector input job.yaml').toBeDefined();
    expect(vendorPods.length).toBeGreaterThan(5);
    for (const mesh of BEFORE) expect(admitted.some((a) => a.c.injected.some((i) => i.includes(`(${mesh},`)))).toBe(true);
    const reinvoked = admitted.filter((a) => a.steps.some((s) => s.by === `${WEBHOOK_CONFIG} (reinvoked)` && s.answer?.outcome === 'patched'));
    expect(reinvoked.length).toBeGreaterThan(0);
    console.info(
      `${admitted.length} pods admitted, ${reinvoked.length} patched again on reinvocation; fixture configs refused: ${refused.join(', ') || 'none'}`,
    );
    for (const v of VERSIONS) {
      const mine = admitted.filter((a) => a.c.id.endsWith(`@${v}`)).map((a) => a.c);
      const runs = mine.filter((c) => (KNOWN_HERE[c.id] ? !('skip' in KNOWN_HERE[c.id]!) : !cannotRun(c)));
      console.info(`@${v}: ${mine.length} admitted, ${runs.length} to run (before merging pods alike), ${mine.length - runs.length} not run`);
    }
  });

  it('every webhook call gives what the filter writes for that pod, allowed, and nothing more on its own output', () => {
    const problems: string[] = [];
    let calls = 0;
    for (const { c, steps } of admitted) {
      for (const s of steps) {
        if (!s.answer) continue;
        calls++;
        const response = (JSON.parse(s.answer.body) as { response: Obj }).response;
        if (response.allowed !== true || !['patched', 'unchanged'].includes(s.answer.outcome)) problems.push(`${c.id} ${s.by}: ${s.answer.outcome}`);
        const want = s.filter?.pod;
        if (!want) problems.push(`${c.id} ${s.by}: the filter wrote nothing, the webhook said ${s.answer.outcome}`);
        else if (!deepSame(withoutRecord(s.after), withoutRecord(want))) problems.push(`${c.id} ${s.by}: the patched pod differs from the filter's output`);
        if (s.answer.outcome === 'patched' && typeof ((s.after.metadata as Obj).annotations as Obj | undefined)?.[RECORD_ANNOTATION] !== 'string')
          problems.push(`${c.id} ${s.by}: no record annotation`);
        const again = reviewed(s.after, s.engine!);
        if (again.a.outcome !== 'unchanged')
          problems.push(`${c.id} ${s.by}: a call on its own output is ${again.a.outcome}: ${JSON.stringify(again.patch).slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(admitted.length);
  });

  itWithVendor(
    'gives pods that Argo Workflows or Tekton create no wrapper and leaves their command lines alone; Airflow pods get one at 1.28',
    [PI_FILE],
    () => {
      expect(byController.length).toBe(6);
      for (const { who, v, c } of byController) {
        const a = admitted.find((x) => x.c === c)!;
        const final = a.steps.at(-1)!.after;
        if (who === 'airflow') {
          expect(wrapped(final), `${c.id}`).toBe(v === '1.28');
          continue;
        }
        expect(wrapped(final), c.id).toBe(false);
        const lines = commandLines(a.made);
        for (const [name, line] of Object.entries(commandLines(final))) if (name in lines) expect(line, `${c.id} ${name}`).toEqual(lines[name]);
      }
    },
  );

  itWithVendor("a Linkerd Job at 1.28 can finish only if our webhook runs before Linkerd's injector", [PI_FILE], () => {
    const { after, before } = linkerdOrder!;
    expect(
      after.errors.some((e) => /linkerd-proxy keeps running after the app exits/.test(e)),
      after.errors.join('; '),
    ).toBe(true);
    const steps = admitted.find((a) => a.c === before)!.steps;
    expect(steps.map((s) => s.by)).toEqual([LINKERD_FIRST, 'linkerd-proxy (linkerd, classic)', `${LINKERD_FIRST} (reinvoked)`]);
    expect(before.errors).toEqual([]);
    const proxy = (before.pod.containers ?? []).find((c) => c.name === 'linkerd-proxy');
    expect(proxy?.env).toContainEqual({ name: 'LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED', value: 'true' });
    expect(wrapped(steps.at(-1)!.after)).toBe(true);
  });

  itWithVendor(
    'without the webhook, the same Job in an Istio namespace never completes',
    [PI_FILE],
    async () => {
      const made = pi!.pod;
      const runs: { version: string; outcome: string }[] = [];
      await Promise.all(
        VERSIONS.map(async (version) => {
          const { case: c } = admissionCase(`control ${pi!.from} @${version}`, made, { version, ns: istioNs, webhook: false });
          expect(c.injected).toEqual(['istio-proxy (istio, classic)']);
          let run: PodRun | undefined;
          let outcome: string;
          try {
            run = await runPod(c.pod, c.meta, { shell: 'dash', apps: c.programs, appExitCode: 0, sidecars: c.sidecars, hangGuardMs: 20_000, maxRestarts: 0 });
            outcome = run.phase;
          } catch (e) {
            outcome = /hung for/.test((e as Error).message) ? 'hung' : `error: ${(e as Error).message}`;
          }
          expect(['Stuck', 'hung'], `${c.id}: ${run?.events.map(show).join('\n')}`).toContain(outcome);
          runs.push({ version, outcome });
        }),
      );
      expect(runs).toHaveLength(2);
    },
    60_000,
  );

  // Each pod runs as cases.ts runs the file-time ones: completes with the app's exit code (0, and 3),
  // the app only after its sidecars are ready, the sidecars asked to quit once, or ended natively.
  // The Argo and Tekton pods at 1.28 are left out: their controller ends their classic sidecars (not modelled).
  const owned = new Set(byController.filter((b) => b.who !== 'airflow' && b.v === '1.28').map((b) => b.c));
  describeRuns(
    admitted.map((a) => a.c).filter((c) => !owned.has(c)),
    NOT_RUN,
    true,
    KNOWN_HERE,
  );
});
