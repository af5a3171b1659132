/**
 * The companion ValidatingAdmissionPolicy (admissionregistration.k8s.io/v1, GA in Kubernetes
 * 1.30): it reads the pod after every mutating webhook has run, which the mutating webhook itself
 * never sees, and warns (validationActions Warn and Audit: it never denies) when a later webhook or
 * an old API server undid what pod-sequencer made:
 * - a sidecar the config knows sits in initContainers without `restartPolicy: Always` (dropped by
 *   something that predates native sidecars): the pod would hang in Init;
 * - Istio's status annotation says its proxy was put among the init containers (the injector's
 *   native layout, which pod-sequencer keeps in sync: src/sequence/istio-status.ts), but it is not
 *   a native sidecar there any more;
 * - a native mesh proxy (a mesh with a proxy UID: traffic it captures) comes after an init
 *   container that uses the network (pod-sequencer's own waits `seq-wait-*`, or one whose command
 *   or args hold a URL), which then runs before the proxy can carry its traffic;
 * - a Job-like pod (restartPolicy Never or OnFailure) keeps a classic sidecar, yet an app container
 *   neither runs pod-sequencer's wrapper (`pod-sequencer-wrap` in its command: src/sequence/wrap.ts)
 *   nor ends its sidecars itself (src/pod/commands.ts endsItsSidecars): the Job never completes. Pods whose controller
 *   ends sidecars (Argo Workflows, Tekton: the catalog's `sidecarsEndedBy: controller` groups,
 *   src/workloads/catalog.ts) are left to it.
 * The binding selects the pods the webhook does (same namespace and object selectors).
 * test/admission/policy.test.ts evaluates these expressions with @bufbuild/cel on every pod the
 * filter writes for the corpus (all pass) and on pods broken by hand (each fails with its message).
 */
import type { Config } from '../config/types.js';
import { profileNames, profiles } from '../profiles/index.js';
import { WRAP_MARKER } from '../shell/index.js';
import { QUIT_CALL } from '../pod/commands.js';
import { WAIT_PREFIX } from '../pod/dependencies.js';
import { CATALOG } from '../workloads/catalog.js';
import { argvHas, celList, celString, INITS, CONTAINERS, sidecarTest } from './cel.js';

type Obj = Record<string, unknown>;

export const POLICY_NAME = 'pod-sequencer.dev-final-pod';

export interface Validation {
  expression: string;
  message: string;
  messageExpression?: string;
  reason?: string;
}

/** How many init containers the position check reads (standard CEL has no index loop; a literal list of indexes is one). */
export const POSITIONS = 32;

export function policyObjects(cfg: Config, where: { namespaceSelector: Obj; objectSelector: Obj; labels: Record<string, string> }): Obj[] {
  return [
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingAdmissionPolicy',
      metadata: { name: POLICY_NAME, labels: where.labels },
      spec: {
        failurePolicy: 'Ignore',
        matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] }] },
        variables: policyVariables(cfg),
        validations: policyValidations(),
      },
    },
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingAdmissionPolicyBinding',
      metadata: { name: POLICY_NAME, labels: where.labels },
      spec: {
        policyName: POLICY_NAME,
        validationActions: ['Warn', 'Audit'],
        matchResources: { namespaceSelector: where.namespaceSelector, objectSelector: where.objectSelector },
      },
    },
  ];
}

/** The mesh proxies whose traffic capture an init container can run ahead of: the profiles with a proxy UID. */
function meshProxies(): string[] {
  return profileNames.flatMap((p) => (profiles[p].proxyUid !== undefined && profiles[p].containerName ? [profiles[p].containerName] : []));
}

/**
 * An app container that ends its sidecars itself, as src/pod/commands.ts endsItsSidecars reads it
 * (its QUIT_CALL pattern, `scuttle`, `linkerd-await --shutdown`), on each word of its argv: CEL
 * has no join, so a call split over several words goes unseen (a warning too many, never one fewer).
 */
function endsItself(c: string): string {
  const words = `((has(${c}.command) ? ${c}.command : []) + (has(${c}.args) ? ${c}.args : []))`;
  return `(${words}.exists(a, a.matches(${celString(QUIT_CALL.source)}) || a == 'scuttle' || a.endsWith('/scuttle')) || (${words}.exists(a, a.endsWith('linkerd-await')) && ${words}.exists(a, a == '--shutdown')))`;
}

/** API groups whose controllers end their pods' sidecars (and own the pods they create). */
function controllerGroups(): string[] {
  return [...new Set(CATALOG.filter((k) => k.templates.some((t) => t.sidecarsEndedBy === 'controller')).map((k) => k.group))].sort();
}

/**
 * A container's name, '' when it has none: the policy runs at admission, before the API server's
 * validation, and CEL's `c.name` on a nameless container is an error, not a value.
 */
const NAME = `(has(c.name) ? c.name : '')`;

export function policyVariables(cfg: Config): { name: string; expression: string }[] {
  const native = `has(c.restartPolicy) && c.restartPolicy == 'Always'`;
  return [
    { name: 'inits', expression: INITS },
    { name: 'containers', expression: CONTAINERS },
    { name: 'strandedSidecars', expression: `variables.inits.filter(c, ${sidecarTest(cfg)} && !(${native})).map(c, ${NAME})` },
    { name: 'classicSidecars', expression: `variables.containers.filter(c, ${sidecarTest(cfg)}).map(c, ${NAME})` },
    {
      name: 'jobLike',
      expression: `has(object.spec.restartPolicy) && object.spec.restartPolicy in ['Never', 'OnFailure']`,
    },
    {
      name: 'endedByController',
      expression: `has(object.metadata.ownerReferences) && object.metadata.ownerReferences.exists(o, ${celList(controllerGroups().map((g) => `${g}/`))}.exists(g, o.apiVersion.startsWith(g)))`,
    },
    {
      name: 'unendedApps',
      expression: `variables.containers.filter(c, !(${sidecarTest(cfg)}) && !(has(c.command) && c.command.exists(a, a == ${celString(WRAP_MARKER)})) && !${endsItself('c')}).map(c, ${NAME})`,
    },
    { name: 'nativeProxy', expression: `variables.inits.map(c, ${NAME} in ${celList(meshProxies())} && ${native})` },
    {
      name: 'networkInit',
      expression: `variables.inits.map(c, !(${native}) && (${NAME}.startsWith(${celString(WAIT_PREFIX)}) || ${argvHas('c', "a.contains('://')")}))`,
    },
  ];
}

export function policyValidations(): Validation[] {
  const istio = profiles.istio.containerName!;
  const indexes = `[${Array.from({ length: POSITIONS }, (_, i) => i).join(', ')}]`;
  const n = 'size(variables.inits)';
  return [
    {
      expression: 'size(variables.strandedSidecars) == 0',
      message: 'a sidecar is an init container without restartPolicy: Always: it never exits, so the pod hangs in Init',
      messageExpression: `'init container ' + variables.strandedSidecars[0] + ' lost restartPolicy: Always (a webhook or an API server older than native sidecars dropped it): the pod hangs in Init; pod-sequencer made it a native sidecar'`,
      reason: 'Invalid',
    },
    {
      expression: `!(has(object.metadata.annotations) && 'sidecar.istio.io/status' in object.metadata.annotations && object.metadata.annotations['sidecar.istio.io/status'].matches(${celString(`"initContainers":\\[[^\\]]*"${istio}"`)})) || variables.inits.exists(c, ${NAME} == ${celString(istio)} && has(c.restartPolicy) && c.restartPolicy == 'Always')`,
      message: `${istio} is no longer a native sidecar: sidecar.istio.io/status lists it among the init containers, but a later webhook moved it back or dropped its restartPolicy: Always`,
      reason: 'Invalid',
    },
    {
      expression: `${indexes}.all(i, i >= ${n} ? true : !variables.networkInit[i] || ${indexes}.all(j, j <= i || j >= ${n} ? true : !variables.nativeProxy[j]))`,
      message: 'an init container that uses the network runs before the native mesh proxy, so its traffic is captured before the proxy can carry it',
      reason: 'Invalid',
    },
    {
      expression: '!variables.jobLike || variables.endedByController || size(variables.classicSidecars) == 0 || size(variables.unendedApps) == 0',
      message: 'this Job-like pod never completes: a classic sidecar keeps running after the work ends, and no wrapper ends it',
      messageExpression: `'this Job-like pod never completes: classic sidecar ' + variables.classicSidecars[0] + ' keeps running after ' + variables.unendedApps[0] + ' ends, and no pod-sequencer wrapper (' + ${celString(WRAP_MARKER)} + ') ends it'`,
      reason: 'Invalid',
    },
  ];
}
