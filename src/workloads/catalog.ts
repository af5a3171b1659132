/**
 * The built-in catalog of workload kinds (issue 29): custom resources whose controllers make
 * pods from templates they hold. Each row is a fact read from the project's own Go types (or
 * docs, for who ends sidecars) at a tag, like the vendor tables in src/profiles/: `source` is
 * `owner/repo@tag:path` and `quote` a line of it (test/workloads/catalog.test.ts reads them).
 *
 * Per template site: where it is (a path pattern, src/workloads/paths.ts), whether its pods run
 * to completion, and who ends their sidecars when the work ends:
 *   tool        a run-to-completion pod nobody else ends sidecars in: the Job treatment
 *   nobody      a long-running pod: start order only
 *   controller  the controller stops sidecars itself (Argo Workflows, Tekton): start order and
 *               lint, never a wrapper (it would fight the controller)
 */
import type { Releases } from '../profiles/versions.js';

export type SidecarsEndedBy = 'tool' | 'controller' | 'nobody';

/**
 * How a site describes its pod: `pod` a PodTemplateSpec ({metadata, spec}); `argo` an Argo
 * Workflows template (container/script/containerSet, sidecars, its own `metadata`); `tekton` a
 * Tekton TaskSpec (steps, sidecars; pod metadata from the object or the embedded task).
 */
export type TemplateShape = 'pod' | 'argo' | 'tekton';

export interface TemplateSite {
  path: string;
  completes: boolean;
  sidecarsEndedBy: SidecarsEndedBy;
  shape?: TemplateShape;
  /**
   * A field beside the template that the controller writes into the pod's restartPolicy
   * (Kubeflow's ReplicaSpec.restartPolicy; `ExitCode` reads as Never).
   */
  restartPolicyField?: string;
  /**
   * The controller names unnamed containers itself (Knative's webhook defaults them): a template
   * with one is left as it is, since no container can be told from another.
   */
  namesOptional?: boolean;
  /** The pod's restartPolicy when neither that field nor the template sets one (the controller's default). */
  defaultRestartPolicy?: 'Never' | 'OnFailure';
  /** The controller reads `containers[0]` as the app: no sidecar may take its place. */
  firstContainer?: FirstContainer;
  /** What the controller's admission refuses in the template, so no step may write it. */
  refuses?: readonly Refused[];
}

export interface FirstContainer {
  /** What the controller does with it, for results ("mpi-operator adds its MPI env and SSH setup to it"). */
  what: string;
  /** A field of the object (from its root) that names the container instead, written when unset (KEDA's envSourceContainerName). */
  nameField?: string;
  /**
   * Where the object names the env variables the controller reads from that container (KEDA: each
   * trigger's metadata key ending in `FromEnv` holds one variable's name): `at` is a path pattern
   * (src/workloads/paths.ts) from the root to string maps, `keySuffix` what such a key ends with.
   * The evidence rule sidecar-read-as-app weighs, and `fix` with it (src/pod/env-source.ts).
   */
  envNames?: { at: string; keySuffix: string };
}

/**
 * Fields a controller's admission refuses in its template (Knative's webhook): `lifecycle` (hooks
 * on any container), `restartPolicy` (on a container: no native sidecar), `initContainers`
 * (behind a flag that is off by default: no tools copy, no dependency wait), `initProbes` (a
 * probe on an init container).
 */
export type Refused = 'lifecycle' | 'restartPolicy' | 'initContainers' | 'initProbes';

export interface CatalogKind extends Releases {
  group: string;
  kind: string;
  /** The API versions of the group that hold these templates. */
  versions: readonly string[];
  templates: readonly TemplateSite[];
  /** `owner/repo@tag:path` of the Go types (or schema) the sites were read from. */
  source: string;
  quote: string;
  /** Further evidence (another field, an older tag for the range, who ends sidecars). */
  also?: readonly { source: string; quote: string }[];
  /** Why the controller, not this tool, ends the sidecars (said in the result). */
  controllerNote?: string;
}

const job = (path: string, extra: Partial<TemplateSite> = {}): TemplateSite => ({ path, completes: true, sidecarsEndedBy: 'tool', ...extra });
const service = (path: string): TemplateSite => ({ path, completes: false, sidecarsEndedBy: 'nobody' });

const KUBEFLOW = 'kubeflow/training-operator@v1.9.0:pkg/apis/kubeflow.org/v1';
const replicas = (field: string, defaultRestartPolicy: 'Never' | 'OnFailure'): TemplateSite[] => [
  job(`spec.${field}.*.template`, { restartPolicyField: 'restartPolicy', defaultRestartPolicy }),
];
const kubeflowAlso = { source: `${KUBEFLOW}/common_types.go`, quote: 'Template v1.PodTemplateSpec `json:"template,omitempty"`' };

const RAY = 'ray-project/kuberay@v1.6.0:ray-operator/apis/ray/v1';
const rayCluster = (at: string): TemplateSite[] => [service(`${at}.headGroupSpec.template`), service(`${at}.workerGroupSpecs[].template`)];
const RAY_1_0 = 'ray-project/kuberay@v1.0.0:ray-operator/apis/ray/v1';
const rayAlso = [
  { source: `${RAY}/raycluster_types.go`, quote: 'HeadGroupSpec HeadGroupSpec `json:"headGroupSpec"`' },
  { source: `${RAY}/raycluster_types.go`, quote: 'WorkerGroupSpecs []WorkerGroupSpec `json:"workerGroupSpecs,omitempty"`' },
  // The range's first end: the same fields in v1.0.0, the first release of the ray.io/v1 types.
  { source: `${RAY_1_0}/raycluster_types.go`, quote: 'WorkerGroupSpecs []WorkerGroupSpec `json:"workerGroupSpecs,omitempty"`' },
  { source: `${RAY_1_0}/raycluster_types.go`, quote: 'Template v1.PodTemplateSpec `json:"template"`' },
];

const ARGO_TYPES = 'argoproj/argo-workflows@v3.6.0:pkg/apis/workflow/v1alpha1';
const argoTemplates = (at: string): TemplateSite[] => [{ path: `${at}.templates[]`, completes: true, sidecarsEndedBy: 'controller', shape: 'argo' }];
const argoAlso = [
  { source: `${ARGO_TYPES}/workflow_types.go`, quote: '// Sidecars are automatically killed when the main container completes' },
  { source: 'argoproj/argo-workflows@v3.6.0:docs/sidecar-injection.md', quote: '## How We Kill Sidecars Using `kubectl exec`' },
];
const ARGO_NOTE =
  "Argo Workflows' controller kills a step's sidecars (injected ones too, by kubectl exec) when its main container completes (docs/sidecar-injection.md)";

const TEKTON = 'tektoncd/pipeline@v0.68.0:pkg/apis/pipeline/v1';
const tektonAlso = [
  { source: `${TEKTON}/task_types.go`, quote: 'Sidecars []Sidecar `json:"sidecars,omitempty"`' },
  { source: 'tektoncd/pipeline@v0.68.0:docs/tasks.md', quote: 'Tekton uses a container image named `nop` to terminate `Sidecars`.' },
];
const TEKTON_NOTE = "Tekton's controller stops a TaskRun's sidecars once its steps are done (it swaps their image for `nop`, docs/tasks.md)";
const tekton = (path: string): TemplateSite => ({ path, completes: true, sidecarsEndedBy: 'controller', shape: 'tekton' });

const JOBSET_SITE = 'spec.replicatedJobs[].template.spec.template';

const KNATIVE = 'knative/serving@knative-v1.23.0:pkg/apis/serving';

const MPI = 'kubeflow/mpi-operator@v0.8.0:pkg/apis/kubeflow/v2beta1';
const MPI_FIRST: FirstContainer = { what: 'mpi-operator gives it the MPI env, the SSH keys and sshd' };

export const CATALOG: readonly CatalogKind[] = [
  {
    group: 'jobset.x-k8s.io',
    kind: 'JobSet',
    versions: ['v1alpha2'],
    templates: [job(JOBSET_SITE)],
    since: 'v0.2.0',
    source: 'kubernetes-sigs/jobset@v0.12.0:api/jobset/v1alpha2/jobset_types.go',
    quote: 'Template batchv1.JobTemplateSpec `json:"template"`',
    also: [
      {
        source: 'kubernetes-sigs/jobset@v0.12.0:api/jobset/v1alpha2/jobset_types.go',
        quote: 'ReplicatedJobs []ReplicatedJob `json:"replicatedJobs,omitempty"',
      },
      { source: 'kubernetes-sigs/jobset@v0.2.0:api/jobset/v1alpha2/jobset_types.go', quote: 'Template batchv1.JobTemplateSpec `json:"template"`' },
    ],
  },
  ...(
    [
      [
        'PyTorchJob',
        'pytorchReplicaSpecs',
        'pytorch_types.go',
        'PyTorchReplicaSpecs map[ReplicaType]*ReplicaSpec `json:"pytorchReplicaSpecs"`',
        'PyTorch',
        'OnFailure',
      ],
      ['TFJob', 'tfReplicaSpecs', 'tensorflow_types.go', 'TFReplicaSpecs map[ReplicaType]*ReplicaSpec `json:"tfReplicaSpecs"`', 'TF', 'Never'],
      ['MPIJob', 'mpiReplicaSpecs', 'mpi_types.go', 'MPIReplicaSpecs map[ReplicaType]*ReplicaSpec `json:"mpiReplicaSpecs"`', 'MPI', 'Never'],
      ['XGBoostJob', 'xgbReplicaSpecs', 'xgboost_types.go', 'XGBReplicaSpecs map[ReplicaType]*ReplicaSpec `json:"xgbReplicaSpecs"`', 'XGBoost', 'Never'],
      [
        'PaddleJob',
        'paddleReplicaSpecs',
        'paddlepaddle_types.go',
        'PaddleReplicaSpecs map[ReplicaType]*ReplicaSpec `json:"paddleReplicaSpecs"`',
        'Paddle',
        'OnFailure',
      ],
      ['JAXJob', 'jaxReplicaSpecs', 'jax_types.go', 'JAXReplicaSpecs map[ReplicaType]*ReplicaSpec `json:"jaxReplicaSpecs"`', 'JAX', 'Never'],
    ] as const
  ).map(([kind, field, file, quote, prefix, restart]): CatalogKind => ({
    group: 'kubeflow.org',
    kind,
    versions: ['v1'],
    templates: replicas(field, restart),
    ...(kind === 'JAXJob' ? { since: 'v1.9.0' } : { since: 'v1.7.0' }),
    source: `${KUBEFLOW}/${file}`,
    quote,
    also: [
      // The range's first end: the same field at v1.7.0 (JAXJob came in v1.9.0).
      { source: `kubeflow/training-operator@${kind === 'JAXJob' ? 'v1.9.0' : 'v1.7.0'}:pkg/apis/kubeflow.org/v1/${file}`, quote },
      kubeflowAlso,
      { source: `${KUBEFLOW}/common_types.go`, quote: 'RestartPolicyExitCode RestartPolicy = "ExitCode"' },
      { source: `${KUBEFLOW}/${file}`, quote: `${prefix}JobDefaultRestartPolicy = RestartPolicy${restart}` },
      // The controller writes ReplicaSpec.restartPolicy into the pod (ExitCode as Never).
      { source: 'kubeflow/training-operator@v1.9.0:pkg/core/pod.go', quote: 'podTemplateSpec.Spec.RestartPolicy = v1.RestartPolicyNever' },
    ],
  })),
  // Kubeflow Trainer v2: a runtime holds a JobSet template; a TrainJob holds only overrides (no template).
  ...(['TrainingRuntime', 'ClusterTrainingRuntime'] as const).map((kind): CatalogKind => ({
    group: 'trainer.kubeflow.org',
    kind,
    versions: ['v1alpha1'],
    templates: [job(`spec.template.${JOBSET_SITE}`)],
    since: 'v2.0.0',
    source: 'kubeflow/trainer@v2.1.0:pkg/apis/trainer/v1alpha1/trainingruntime_types.go',
    quote: 'Spec jobsetv1alpha2.JobSetSpec `json:"spec,omitempty"`',
    also: [
      { source: 'kubeflow/trainer@v2.1.0:pkg/apis/trainer/v1alpha1/trainingruntime_types.go', quote: 'Template JobSetTemplateSpec `json:"template,omitzero"`' },
      { source: 'kubeflow/trainer@v2.0.0:pkg/apis/trainer/v1alpha1/trainingruntime_types.go', quote: 'Spec jobsetv1alpha2.JobSetSpec `json:"spec,omitempty"`' },
    ],
  })),
  {
    // The submitter runs `ray job submit` to completion; the cluster's head and workers serve until the RayJob ends them.
    group: 'ray.io',
    kind: 'RayJob',
    versions: ['v1'],
    templates: [...rayCluster('spec.rayClusterSpec'), job('spec.submitterPodTemplate')],
    since: 'v1.0.0',
    source: `${RAY}/rayjob_types.go`,
    quote: 'SubmitterPodTemplate *corev1.PodTemplateSpec `json:"submitterPodTemplate,omitempty"`',
    also: [
      { source: `${RAY}/rayjob_types.go`, quote: 'RayClusterSpec *RayClusterSpec `json:"rayClusterSpec,omitempty"`' },
      ...rayAlso,
      {
        source: 'ray-project/kuberay@v1.0.0:ray-operator/apis/ray/v1/rayjob_types.go',
        quote: 'SubmitterPodTemplate *v1.PodTemplateSpec `json:"submitterPodTemplate,omitempty"`',
      },
    ],
  },
  {
    group: 'ray.io',
    kind: 'RayCluster',
    versions: ['v1'],
    templates: rayCluster('spec'),
    since: 'v1.0.0',
    source: `${RAY}/raycluster_types.go`,
    quote: 'Template corev1.PodTemplateSpec `json:"template"`',
    also: rayAlso,
  },
  {
    group: 'ray.io',
    kind: 'RayService',
    versions: ['v1'],
    templates: rayCluster('spec.rayClusterConfig'),
    since: 'v1.0.0',
    source: `${RAY}/rayservice_types.go`,
    quote: 'RayClusterSpec RayClusterSpec `json:"rayClusterConfig"`',
    also: [...rayAlso, { source: `${RAY_1_0}/rayservice_types.go`, quote: 'RayClusterSpec `json:"rayClusterConfig,omitempty"`' }],
  },
  {
    group: 'keda.sh',
    kind: 'ScaledJob',
    versions: ['v1alpha1'],
    templates: [
      job('spec.jobTargetRef.template', {
        firstContainer: {
          what: "KEDA's scalers read their *FromEnv values from it",
          nameField: 'spec.envSourceContainerName',
          envNames: { at: 'spec.triggers[].metadata', keySuffix: 'FromEnv' },
        },
      }),
    ],
    // Read back to v2.5.0, where the types moved to apis/; older releases kept them in api/.
    since: 'v2.5.0',
    source: 'kedacore/keda@v2.17.0:apis/keda/v1alpha1/scaledjob_types.go',
    quote: 'JobTargetRef *batchv1.JobSpec `json:"jobTargetRef"`',
    also: [
      { source: 'kedacore/keda@v2.5.0:apis/keda/v1alpha1/scaledjob_types.go', quote: 'JobTargetRef *batchv1.JobSpec `json:"jobTargetRef"`' },
      {
        source: 'kedacore/keda@v2.17.0:apis/keda/v1alpha1/scaledjob_types.go',
        quote: 'EnvSourceContainerName string `json:"envSourceContainerName,omitempty"`',
      },
      // No envSourceContainerName: the scalers' env comes from the first container.
      { source: 'kedacore/keda@v2.17.0:pkg/scaling/resolver/scale_resolvers.go', quote: 'container = podSpec.Containers[0]' },
      {
        source: 'kedacore/keda@v2.17.0:pkg/scaling/resolver/scale_resolvers.go',
        quote: 'return &obj.Spec.JobTargetRef.Template, obj.Spec.EnvSourceContainerName, nil',
      },
      // That container's env as KEDA reads it (resolveEnv): envFrom's ConfigMaps and Secrets, then
      // each env entry's value, secretKeyRef or configMapKeyRef; fieldRef and resourceFieldRef are skipped.
      { source: 'kedacore/keda@v2.17.0:pkg/scaling/resolver/scale_resolvers.go', quote: 'for _, source := range container.EnvFrom {' },
      { source: 'kedacore/keda@v2.17.0:pkg/scaling/resolver/scale_resolvers.go', quote: 'fieldRef and resourceFieldRef env are skipped' },
      // envNames: a trigger's `<param>FromEnv` metadata value is the variable read from it (the
      // typed config; older scalers read the key themselves, rabbitmq's hostFromEnv since v2.5.0).
      { source: 'kedacore/keda@v2.17.0:apis/keda/v1alpha1/scaledjob_types.go', quote: 'Triggers        []ScaleTriggers `json:"triggers"`' },
      { source: 'kedacore/keda@v2.17.0:apis/keda/v1alpha1/scaletriggers_types.go', quote: 'Metadata map[string]string `json:"metadata"`' },
      { source: 'kedacore/keda@v2.17.0:pkg/scalers/scalersconfig/typed_config.go', quote: 'key = sc.TriggerMetadata[fmt.Sprintf("%sFromEnv", key)]' },
      { source: 'kedacore/keda@v2.5.0:pkg/scalers/rabbitmq_scaler.go', quote: 'meta.host = config.ResolvedEnv[config.TriggerMetadata["hostFromEnv"]]' },
    ],
  },
  {
    // mpi-operator's own MPIJob (kubeflow.org/v2beta1), the one in use since v0.4.0; kubeflow.org/v1 is
    // the training-operator's, above. The launcher runs mpirun to completion; workers serve sshd.
    group: 'kubeflow.org',
    kind: 'MPIJob',
    versions: ['v2beta1'],
    templates: [
      job('spec.mpiReplicaSpecs.Launcher.template', { restartPolicyField: 'restartPolicy', defaultRestartPolicy: 'OnFailure', firstContainer: MPI_FIRST }),
      { ...service('spec.mpiReplicaSpecs.Worker.template'), restartPolicyField: 'restartPolicy', defaultRestartPolicy: 'Never', firstContainer: MPI_FIRST },
    ],
    since: 'v0.4.0',
    source: `${MPI}/types.go`,
    quote: 'MPIReplicaSpecs map[MPIReplicaType]*ReplicaSpec `json:"mpiReplicaSpecs"`',
    also: [
      {
        source: 'kubeflow/mpi-operator@v0.4.0:pkg/apis/kubeflow/v2beta1/types.go',
        quote: 'MPIReplicaSpecs map[MPIReplicaType]*common.ReplicaSpec `json:"mpiReplicaSpecs"`',
      },
      { source: `${MPI}/types.go`, quote: 'Template v1.PodTemplateSpec `json:"template,omitempty"`' },
      { source: `${MPI}/constants.go`, quote: 'DefaultLauncherRestartPolicy = RestartPolicyOnFailure' },
      { source: `${MPI}/constants.go`, quote: 'DefaultRestartPolicy = RestartPolicyNever' },
      // The launcher's and each worker's first container gets the MPI env, sshd and the SSH keys.
      { source: 'kubeflow/mpi-operator@v0.8.0:pkg/controller/mpi_job_controller.go', quote: 'container := &podTemplate.Spec.Containers[0]' },
      { source: 'kubeflow/mpi-operator@v0.8.0:pkg/controller/mpi_job_controller.go', quote: 'mainContainer := &podSpec.Containers[0]' },
    ],
  },
  {
    group: 'batch.volcano.sh',
    kind: 'Job',
    versions: ['v1alpha1'],
    templates: [job('spec.tasks[].template')],
    source: 'volcano-sh/apis@v1.12.0:pkg/apis/batch/v1alpha1/job.go',
    quote: 'Tasks []TaskSpec `json:"tasks,omitempty" protobuf:"bytes,4,opt,name=tasks"`',
    also: [
      {
        source: 'volcano-sh/apis@v1.12.0:pkg/apis/batch/v1alpha1/job.go',
        quote: 'Template v1.PodTemplateSpec `json:"template,omitempty" protobuf:"bytes,4,opt,name=template"`',
      },
    ],
  },
  {
    group: 'batch.volcano.sh',
    kind: 'CronJob',
    versions: ['v1alpha1'],
    templates: [job('spec.jobTemplate.spec.tasks[].template')],
    since: 'v1.13.0',
    source: 'volcano-sh/apis@v1.13.0:pkg/apis/batch/v1alpha1/job.go',
    quote: 'JobTemplate JobTemplateSpec `json:"jobTemplate" protobuf:"bytes,6,opt,name=jobTemplate"`',
    also: [{ source: 'volcano-sh/apis@v1.13.0:pkg/apis/batch/v1alpha1/job.go', quote: 'type CronJob struct' }],
  },
  {
    group: 'argoproj.io',
    kind: 'Rollout',
    versions: ['v1alpha1'],
    templates: [service('spec.template')],
    source: 'argoproj/argo-rollouts@v1.8.0:pkg/apis/rollouts/v1alpha1/types.go',
    quote: 'Template corev1.PodTemplateSpec `json:"template" protobuf:"bytes,3,opt,name=template"`',
  },
  // Knative: a RevisionTemplateSpec is {metadata, spec} with the PodSpec inlined in spec.
  ...(['Service', 'Configuration'] as const).map((kind): CatalogKind => ({
    group: 'serving.knative.dev',
    kind,
    versions: ['v1'],
    templates: [{ ...service('spec.template'), namesOptional: true, refuses: ['lifecycle', 'restartPolicy', 'initContainers', 'initProbes'] }],
    source: 'knative/serving@v0.45.0:pkg/apis/serving/v1/configuration_types.go',
    quote: 'Template RevisionTemplateSpec `json:"template"`',
    also: [
      { source: 'knative/serving@v0.45.0:pkg/apis/serving/v1/revision_types.go', quote: 'corev1.PodSpec `json:",inline"`' },
      { source: 'knative/serving@v0.45.0:pkg/apis/config/defaults.go', quote: 'DefaultUserContainerName = "user-container"' },
      // Its webhook refuses every container field ContainerMask does not copy: lifecycle is
      // dropped by name, and restartPolicy is not among the fields it copies.
      { source: `${KNATIVE}/k8s_validation.go`, quote: 'errs := apis.CheckDisallowedFields(container, *ContainerMask(&container))' },
      { source: `${KNATIVE}/fieldmask.go`, quote: 'out.Lifecycle = nil' },
      // Init containers only behind a flag, off by default; none with a probe or lifecycle.
      { source: `${KNATIVE}/fieldmask.go`, quote: 'if cfg.Features.PodSpecInitContainers != config.Disabled {' },
      { source: 'knative/serving@knative-v1.23.0:pkg/apis/config/features.go', quote: 'PodSpecInitContainers:            Disabled,' },
      { source: `${KNATIVE}/k8s_validation.go`, quote: 'pod spec support for init-containers is off, ' },
      { source: `${KNATIVE}/k8s_validation.go`, quote: 'Paths:   []string{"startupProbe"},' },
      ...(kind === 'Service' ? [{ source: 'knative/serving@v0.45.0:pkg/apis/serving/v1/service_types.go', quote: 'ConfigurationSpec `json:",inline"`' }] : []),
    ],
  })),
  {
    group: 'argoproj.io',
    kind: 'Workflow',
    versions: ['v1alpha1'],
    templates: argoTemplates('spec'),
    source: `${ARGO_TYPES}/workflow_types.go`,
    quote: 'Templates []Template `json:"templates,omitempty" patchStrategy:"merge" patchMergeKey:"name" protobuf:"bytes,1,opt,name=templates"`',
    also: argoAlso,
    controllerNote: ARGO_NOTE,
  },
  {
    group: 'argoproj.io',
    kind: 'WorkflowTemplate',
    versions: ['v1alpha1'],
    templates: argoTemplates('spec'),
    source: `${ARGO_TYPES}/workflow_template_types.go`,
    quote: 'WorkflowSpec `json:"spec" protobuf:"bytes,2,opt,name=spec"`',
    also: argoAlso,
    controllerNote: ARGO_NOTE,
  },
  {
    group: 'argoproj.io',
    kind: 'ClusterWorkflowTemplate',
    versions: ['v1alpha1'],
    templates: argoTemplates('spec'),
    source: `${ARGO_TYPES}/cluster_workflow_template_types.go`,
    quote: 'WorkflowSpec `json:"spec" protobuf:"bytes,2,opt,name=spec"`',
    also: argoAlso,
    controllerNote: ARGO_NOTE,
  },
  {
    group: 'argoproj.io',
    kind: 'CronWorkflow',
    versions: ['v1alpha1'],
    templates: argoTemplates('spec.workflowSpec'),
    source: `${ARGO_TYPES}/cron_workflow_types.go`,
    quote: 'WorkflowSpec WorkflowSpec `json:"workflowSpec" protobuf:"bytes,1,opt,name=workflowSpec,casttype=WorkflowSpec"`',
    also: argoAlso,
    controllerNote: ARGO_NOTE,
  },
  {
    // A Task's annotations reach its TaskRuns' pods; its steps and sidecars are the containers.
    group: 'tekton.dev',
    kind: 'Task',
    versions: ['v1', 'v1beta1'],
    templates: [tekton('')],
    source: `${TEKTON}/task_types.go`,
    quote: 'Steps []Step `json:"steps,omitempty"`',
    also: tektonAlso,
    controllerNote: TEKTON_NOTE,
  },
  {
    group: 'tekton.dev',
    kind: 'TaskRun',
    versions: ['v1', 'v1beta1'],
    templates: [tekton('spec.taskSpec')],
    source: `${TEKTON}/taskrun_types.go`,
    quote: 'TaskSpec *TaskSpec `json:"taskSpec,omitempty"`',
    also: tektonAlso,
    controllerNote: TEKTON_NOTE,
  },
  {
    group: 'tekton.dev',
    kind: 'Pipeline',
    versions: ['v1', 'v1beta1'],
    templates: [tekton('spec.tasks[].taskSpec'), tekton('spec.finally[].taskSpec')],
    source: `${TEKTON}/pipeline_types.go`,
    quote: 'TaskSpec *EmbeddedTask `json:"taskSpec,omitempty"`',
    also: [...tektonAlso, { source: `${TEKTON}/pipeline_types.go`, quote: 'Metadata PipelineTaskMetadata `json:"metadata,omitempty"`' }],
    controllerNote: TEKTON_NOTE,
  },
  {
    group: 'tekton.dev',
    kind: 'PipelineRun',
    versions: ['v1', 'v1beta1'],
    templates: [tekton('spec.pipelineSpec.tasks[].taskSpec'), tekton('spec.pipelineSpec.finally[].taskSpec')],
    source: `${TEKTON}/pipelinerun_types.go`,
    quote: 'PipelineSpec *PipelineSpec `json:"pipelineSpec,omitempty"`',
    also: [...tektonAlso, { source: `${TEKTON}/pipeline_types.go`, quote: 'Finally []PipelineTask `json:"finally,omitempty"`' }],
    controllerNote: TEKTON_NOTE,
  },
  {
    // v1beta1 is on the main branch after v1.9.0 (commit 07169cfac7b9), not yet in a release.
    group: 'apps.kruise.io',
    kind: 'CloneSet',
    versions: ['v1alpha1', 'v1beta1'],
    templates: [service('spec.template')],
    source: 'openkruise/kruise@v1.8.0:apis/apps/v1alpha1/cloneset_types.go',
    quote: 'Template v1.PodTemplateSpec `json:"template"`',
    also: [
      {
        source: 'openkruise/kruise@07169cfac7b9cf7800dda1b8652f850cc3184132:apis/apps/v1beta1/cloneset_types.go',
        quote: 'Template v1.PodTemplateSpec `json:"template"`',
      },
    ],
  },
  {
    group: 'apps.kruise.io',
    kind: 'StatefulSet',
    versions: ['v1beta1', 'v1alpha1'],
    templates: [service('spec.template')],
    source: 'openkruise/kruise@v1.8.0:apis/apps/v1beta1/statefulset_types.go',
    quote: 'Template v1.PodTemplateSpec `json:"template"`',
    also: [{ source: 'openkruise/kruise@v1.8.0:apis/apps/v1alpha1/statefulset_types.go', quote: 'Template v1.PodTemplateSpec `json:"template"`' }],
  },
  {
    group: 'apps.kruise.io',
    kind: 'BroadcastJob',
    versions: ['v1alpha1', 'v1beta1'],
    templates: [job('spec.template')],
    source: 'openkruise/kruise@v1.8.0:apis/apps/v1alpha1/broadcastjob_types.go',
    quote: 'Template v1.PodTemplateSpec `json:"template" protobuf:"bytes,2,opt,name=template"`',
    also: [
      {
        source: 'openkruise/kruise@v1.9.0:apis/apps/v1beta1/broadcastjob_types.go',
        quote: 'Template v1.PodTemplateSpec `json:"template" protobuf:"bytes,2,opt,name=template"`',
      },
    ],
  },
];

/**
 * Controllers that create bare Pods at run time and end those pods' sidecars themselves: a Pod
 * they own (an ownerReference of this group and kind, or failing that their label on the pod) gets
 * start order and lint, never a wrapper, as their templates do above. The admission webhook sees
 * these pods (src/admission/review.ts); a Pod file with the same metadata gets the same answer.
 */
export interface PodOwner {
  group: string;
  kind: string;
  /** The label the controller puts on every pod it creates. */
  label: string;
  source: string;
  quote: string;
  also?: readonly { source: string; quote: string }[];
  controllerNote: string;
}

export const POD_OWNERS: readonly PodOwner[] = [
  {
    group: 'argoproj.io',
    kind: 'Workflow',
    label: 'workflows.argoproj.io/workflow',
    source: 'argoproj/argo-workflows@v3.6.0:workflow/common/common.go',
    quote: '// LabelKeyWorkflow is the pod metadata label to indicate the associated workflow name',
    also: argoAlso,
    controllerNote: ARGO_NOTE,
  },
  {
    group: 'tekton.dev',
    kind: 'TaskRun',
    label: 'tekton.dev/taskRun',
    source: 'tektoncd/pipeline@v0.68.0:pkg/apis/pipeline/register.go',
    quote: '// TaskRunLabelKey is used as the label identifier for a TaskRun',
    also: tektonAlso,
    controllerNote: TEKTON_NOTE,
  },
];

/**
 * Objects that read a workload's `containers[0]` from outside it: KEDA's ScaledObject, whose
 * scalers take their `*FromEnv` values from its scale target's first container unless it names
 * another. A sidecar put first there changes what they read, and the field is the other object's,
 * not the workload's to write: the workload keeps its app first (src/sequence/index.ts
 * keepsAppFirst), and a sidecar already first is the rule sidecar-read-as-app's
 * (src/pod/env-source.ts reads both).
 */
export interface EnvReader {
  group: string;
  kind: string;
  /** Where the reference to the workload is (`name`, `apiVersion`, `kind`), in the reader's namespace. */
  target: string;
  /** What the reference means when it leaves apiVersion or kind out. */
  defaultTarget: { apiVersion: string; kind: string };
  /** The reader's field that names the container instead. */
  nameField: string;
  /** Where it names the variables it reads (as FirstContainer's envNames). */
  envNames: { at: string; keySuffix: string };
  /** What it does with the container, for results. */
  what: string;
  source: string;
  quote: string;
  also?: readonly { source: string; quote: string }[];
}

const KEDA = 'kedacore/keda@v2.17.0:';

export const ENV_READERS: readonly EnvReader[] = [
  {
    group: 'keda.sh',
    kind: 'ScaledObject',
    target: 'spec.scaleTargetRef',
    defaultTarget: { apiVersion: 'apps/v1', kind: 'Deployment' },
    nameField: 'spec.scaleTargetRef.envSourceContainerName',
    envNames: { at: 'spec.triggers[].metadata', keySuffix: 'FromEnv' },
    what: "KEDA's scalers read their *FromEnv values from it",
    source: `${KEDA}apis/keda/v1alpha1/scaledobject_types.go`,
    quote: 'ScaleTargetRef *ScaleTarget `json:"scaleTargetRef"`',
    also: [
      { source: `${KEDA}apis/keda/v1alpha1/scaledobject_types.go`, quote: 'EnvSourceContainerName string `json:"envSourceContainerName,omitempty"`' },
      { source: `${KEDA}apis/keda/v1alpha1/scaledobject_types.go`, quote: 'Triggers []ScaleTriggers `json:"triggers"`' },
      // The target's pod template and the field, then containers[0] when the field is empty.
      { source: `${KEDA}pkg/scaling/resolver/scale_resolvers.go`, quote: 'return &podTemplateSpec, obj.Spec.ScaleTargetRef.EnvSourceContainerName, nil' },
      {
        source: `${KEDA}pkg/scaling/resolver/scale_resolvers.go`,
        quote: 'objKey := client.ObjectKey{Namespace: obj.Namespace, Name: obj.Spec.ScaleTargetRef.Name}',
      },
      // No apiVersion or kind: apps/v1 Deployment.
      { source: `${KEDA}apis/keda/v1alpha1/gvkr.go`, quote: 'defaultKind     = "Deployment"' },
      { source: `${KEDA}apis/keda/v1alpha1/gvkr.go`, quote: 'defaultGroup    = "apps"' },
    ],
  },
];

const READER_KINDS = new Set(ENV_READERS.map((r) => r.kind));

/** The ENV_READERS row of an object's apiVersion and kind, if any. */
export function envReaderOf(apiVersion: string | undefined, kind: string | undefined): EnvReader | undefined {
  if (!apiVersion || !kind || !READER_KINDS.has(kind)) return undefined; // most items: one set lookup
  const group = apiVersion.split('/')[0];
  return ENV_READERS.find((r) => r.kind === kind && r.group === group);
}

interface OwnerRef {
  apiVersion?: unknown;
  kind?: unknown;
}

/** The controller among POD_OWNERS that made this pod, read from its metadata. */
export function podOwner(metadata: { ownerReferences?: unknown; labels?: unknown }): PodOwner | undefined {
  const refs = Array.isArray(metadata.ownerReferences) ? (metadata.ownerReferences as OwnerRef[]) : [];
  for (const ref of refs) {
    if (typeof ref !== 'object' || ref === null || typeof ref.apiVersion !== 'string') continue;
    const group = ref.apiVersion.slice(0, Math.max(0, ref.apiVersion.indexOf('/')));
    const row = POD_OWNERS.find((o) => o.group === group && o.kind === ref.kind);
    if (row) return row;
  }
  const labels = metadata.labels;
  if (typeof labels !== 'object' || labels === null) return undefined;
  return POD_OWNERS.find((o) => Object.hasOwn(labels, o.label));
}

/** The catalog row for an object's apiVersion and kind, if any. */
export function catalogKind(apiVersion: string, kind: string): CatalogKind | undefined {
  const slash = apiVersion.indexOf('/');
  if (slash < 0) return undefined;
  const group = apiVersion.slice(0, slash);
  const version = apiVersion.slice(slash + 1);
  return CATALOG.find((k) => k.kind === kind && k.group === group && k.versions.includes(version));
}
