/**
 * Pod Security Standards, "restricted" profile (kubernetes.io/docs/concepts/security/pod-security-standards,
 * policy version "latest"), as checks over plain objects, plus pod-sequencer's own stricter promise
 * for the containers it adds (read-only root filesystem, resource requests and limits).
 *
 * `restrictedViolations` checks what the policy checks: pod-level fields, volumes and every
 * container. `containerViolations` checks one container the way the policy would inside its pod
 * (a pod-level runAsNonRoot or seccompProfile counts for it). Each violation names its field.
 */

type Obj = Record<string, unknown>;

export interface PodLike {
  securityContext?: Obj;
  hostNetwork?: boolean;
  hostPID?: boolean;
  hostIPC?: boolean;
  hostUsers?: boolean;
  volumes?: Obj[];
  containers?: Obj[];
  initContainers?: Obj[];
  ephemeralContainers?: Obj[];
  [k: string]: unknown;
}

/** Volume types the restricted profile allows. */
export const RESTRICTED_VOLUME_TYPES = ['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret'];

const SAFE_SYSCTLS = new Set([
  'kernel.shm_rmid_forced',
  'net.ipv4.ip_local_port_range',
  'net.ipv4.ip_unprivileged_port_start',
  'net.ipv4.tcp_syncookies',
  'net.ipv4.ping_group_range',
  'net.ipv4.ip_local_reserved_ports',
  'net.ipv4.tcp_keepalive_time',
  'net.ipv4.tcp_fin_timeout',
  'net.ipv4.tcp_keepalive_intvl',
  'net.ipv4.tcp_keepalive_probes',
]);
const SELINUX_TYPES = new Set(['', 'container_t', 'container_init_t', 'container_kvm_t', 'container_engine_t']);

const obj = (v: unknown): Obj | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined);

/** Violations of the baseline + restricted checks that look at one security context (pod or container). */
function contextViolations(sc: Obj | undefined, where: string, out: string[]): void {
  if (!sc) return;
  if (obj(sc.windowsOptions)?.hostProcess === true) out.push(`${where}.windowsOptions.hostProcess: must not be true`);
  const se = obj(sc.seLinuxOptions);
  if (se && !SELINUX_TYPES.has(String(se.type ?? ''))) out.push(`${where}.seLinuxOptions.type: ${String(se.type)} is not allowed`);
  if (se && (se.user !== undefined || se.role !== undefined)) out.push(`${where}.seLinuxOptions: user and role must be unset`);
  const aa = obj(sc.appArmorProfile);
  if (aa && aa.type !== 'RuntimeDefault' && aa.type !== 'Localhost') out.push(`${where}.appArmorProfile.type: must be RuntimeDefault or Localhost`);
  const sp = obj(sc.seccompProfile);
  if (sp && sp.type !== 'RuntimeDefault' && sp.type !== 'Localhost')
    out.push(`${where}.seccompProfile.type: must be RuntimeDefault or Localhost, got ${String(sp.type)}`);
  if (sc.runAsNonRoot === false) out.push(`${where}.runAsNonRoot: must not be false`);
  if (sc.runAsUser === 0) out.push(`${where}.runAsUser: must not be 0 (root)`);
}

/** One container inside `pod` (pod-level runAsNonRoot and seccompProfile count for it). */
export function containerViolations(c: Obj, pod: PodLike = {}): string[] {
  const out: string[] = [];
  const where = `container ${String(c.name)}`;
  const sc = obj(c.securityContext);
  const podSc = obj(pod.securityContext);
  contextViolations(sc, `${where}: securityContext`, out);
  if (sc?.privileged === true) out.push(`${where}: securityContext.privileged must not be true`);
  if (sc?.procMount !== undefined && sc.procMount !== 'Default') out.push(`${where}: securityContext.procMount must be Default`);
  if (sc?.allowPrivilegeEscalation !== false) out.push(`${where}: securityContext.allowPrivilegeEscalation must be false`);
  if (sc?.runAsNonRoot !== true && podSc?.runAsNonRoot !== true) out.push(`${where}: runAsNonRoot must be true (container or pod)`);
  const seccomp = (s: Obj | undefined) => obj(s?.seccompProfile)?.type;
  if (!['RuntimeDefault', 'Localhost'].includes(String(seccomp(sc) ?? seccomp(podSc)))) {
    out.push(`${where}: seccompProfile.type must be RuntimeDefault or Localhost (container or pod)`);
  }
  const caps = obj(sc?.capabilities);
  const drop = Array.isArray(caps?.drop) ? caps.drop : [];
  if (!drop.includes('ALL')) out.push(`${where}: securityContext.capabilities.drop must include ALL`);
  const add = Array.isArray(caps?.add) ? caps.add : [];
  for (const cap of add)
    if (cap !== 'NET_BIND_SERVICE') out.push(`${where}: securityContext.capabilities.add may only hold NET_BIND_SERVICE, got ${String(cap)}`);
  const ports = Array.isArray(c.ports) ? c.ports : [];
  for (const p of ports) if (obj(p)?.hostPort) out.push(`${where}: ports[].hostPort must be unset or 0`);
  return out;
}

export function volumeViolations(v: Obj): string[] {
  const types = Object.keys(v).filter((k) => k !== 'name');
  return types.filter((t) => !RESTRICTED_VOLUME_TYPES.includes(t)).map((t) => `volume ${String(v.name)}: type ${t} is not allowed`);
}

/** The whole pod, as an admission controller enforcing "restricted" would see it. */
export function restrictedViolations(pod: PodLike): string[] {
  const out: string[] = [];
  for (const f of ['hostNetwork', 'hostPID', 'hostIPC'] as const) if (pod[f] === true) out.push(`pod: ${f} must not be true`);
  const podSc = obj(pod.securityContext);
  contextViolations(podSc, 'pod: securityContext', out);
  const sysctls = Array.isArray(podSc?.sysctls) ? podSc.sysctls : [];
  for (const s of sysctls) if (!SAFE_SYSCTLS.has(String(obj(s)?.name))) out.push(`pod: sysctl ${String(obj(s)?.name)} is not allowed`);
  for (const v of pod.volumes ?? []) out.push(...volumeViolations(v));
  for (const c of [...(pod.initContainers ?? []), ...(pod.containers ?? []), ...(pod.ephemeralContainers ?? [])]) out.push(...containerViolations(c, pod));
  return out;
}

/**
 * pod-sequencer's own promise for containers it adds, beyond the policy: every field set on the
 * container itself (it must not depend on the pod it lands in), a read-only root filesystem, and
 * resource requests and limits.
 */
export function addedContainerViolations(c: Obj): string[] {
  const where = `container ${String(c.name)}`;
  const out = containerViolations(c);
  const sc = obj(c.securityContext);
  if (sc?.readOnlyRootFilesystem !== true) out.push(`${where}: securityContext.readOnlyRootFilesystem must be true`);
  const res = obj(c.resources);
  if (!obj(res?.requests) || Object.keys(obj(res?.requests)!).length === 0) out.push(`${where}: resources.requests must be set`);
  if (!obj(res?.limits) || Object.keys(obj(res?.limits)!).length === 0) out.push(`${where}: resources.limits must be set`);
  return out;
}
