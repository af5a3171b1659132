/**
 * The API server's pod rules beyond the OpenAPI schema, for what pod-sequencer writes: container
 * names, native sidecars, probes and lifecycle hooks, volumes and mounts, env, metadata, Windows
 * pods. Each rule is the one of a function of kubernetes/kubernetes@v1.33.0,
 * pkg/apis/core/validation/validation.go (named in its message), at release `minor`, with the
 * feature gates of kubernetes/kubernetes@v1.33.0, pkg/features/kube_features.go for what a
 * release before the gate's default-on version drops (pkg/api/pod/util.go dropDisabledFields:
 * the API server removes a field whose gate is off, so what was written is not what runs).
 *
 * Messages name containers by name and never by index, so errors before and after a change
 * compare equal. A subset: the rules a change of pod-sequencer's can break.
 */
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);

/** apimachinery IsDNS1123Label: what ValidateDNS1123Label (validation.go) checks. */
const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const isDnsLabel = (s: string) => s.length <= 63 && DNS1123_LABEL.test(s);
/** apimachinery IsValidPortName (IANA_SVC_NAME): at most 15 characters, a letter, no `--`. */
const isPortName = (s: string) => s.length <= 15 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(s) && /[a-z]/.test(s) && !s.includes('--');
/** apimachinery IsQualifiedName, for annotation and label keys. */
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
function isQualifiedName(key: string): boolean {
  const parts = key.split('/');
  if (parts.length > 2) return false;
  const name = parts.pop()!;
  const prefix = parts[0];
  if (prefix !== undefined && (prefix.length === 0 || prefix.length > 253 || !DNS1123_SUBDOMAIN.test(prefix))) return false;
  return name.length > 0 && name.length <= 63 && QUALIFIED_NAME.test(name);
}
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

/** kube_features.go (v1.33.0): SidecarContainers beta and on by default from 1.29 (alpha, off, in 1.28). */
export const SIDECARS_FROM = 29;
/** kube_features.go (v1.33.0): PodLifecycleSleepAction beta and on by default from 1.30 (alpha, off, in 1.29). */
export const SLEEP_FROM = 30;
/** kube_features.go (v1.33.0): PodLifecycleSleepActionAllowZero beta and on by default from 1.33. */
export const SLEEP_ZERO_FROM = 33;
/** SetDefaults_PodSpec (pkg/apis/core/v1/defaults.go): terminationGracePeriodSeconds 30 when unset. */
const DEFAULT_GRACE = 30;

/** Rules of ObjectMeta that a written annotation or label can break (ValidateObjectMeta → apimachinery ValidateAnnotations, ValidateLabels). */
export function metadataErrors(meta: unknown, at: string): string[] {
  if (!isObj(meta)) return [];
  const out: string[] = [];
  const annotations = isObj(meta.annotations) ? meta.annotations : {};
  let size = 0;
  for (const [k, v] of Object.entries(annotations)) {
    if (!isQualifiedName(k)) out.push(`${at}.annotations[${k}]: ValidateObjectMeta (ValidateAnnotations): not a qualified name`);
    size += k.length + (typeof v === 'string' ? v.length : 0);
  }
  if (size > 256 * 1024) out.push(`${at}.annotations: ValidateObjectMeta (ValidateAnnotations): ${size} bytes, more than 256 KiB`);
  for (const [k, v] of Object.entries(isObj(meta.labels) ? meta.labels : {})) {
    if (!isQualifiedName(k)) out.push(`${at}.labels[${k}]: ValidateObjectMeta (ValidateLabels): not a qualified name`);
    if (typeof v === 'string' && (v.length > 63 || !LABEL_VALUE.test(v)))
      out.push(`${at}.labels[${k}]: ValidateObjectMeta (ValidateLabels): not a valid label value`);
  }
  return out;
}

export interface SpecOptions {
  /**
   * The containers are a custom kind's own type that its controller makes a pod from (Argo
   * Workflows, Tekton): the pod's volumes are not in this object, so mounts are not checked.
   */
  view?: boolean;
}

/** The pod rules' problems of one pod spec at release `minor`, each path under `at`. */
export function podSpecErrors(spec: Obj, minor: number, at: string, opts: SpecOptions = {}): string[] {
  const out: string[] = [];
  const grace = typeof spec.terminationGracePeriodSeconds === 'number' ? spec.terminationGracePeriodSeconds : DEFAULT_GRACE;
  const volumes = new Set<string>();
  // ValidatePodSpec → ValidateVolumes: each name a DNS-1123 label, once.
  for (const v of list(spec.volumes)) {
    const n = String(v.name ?? '');
    if (!isDnsLabel(n)) out.push(`${at}.volumes[${n}]: ValidateVolumes: name is not a DNS-1123 label`);
    if (volumes.has(n)) out.push(`${at}.volumes[${n}]: ValidateVolumes: duplicate name`);
    volumes.add(n);
  }
  const containers = list(spec.containers);
  const inits = list(spec.initContainers);
  const ephemeral = list(spec.ephemeralContainers);
  const c = (x: Obj) => `${at}.container[${String(x.name ?? '')}]`;

  // Names are unique across initContainers and containers: validateContainers finds a duplicate
  // among the regular ones, validateInitContainers one of an init container with any: one
  // message for both, so a duplicate a change moves from one list to the other stays the same.
  const duplicate = (x: Obj) => `${c(x)}: validateContainers, validateInitContainers: duplicate name`;
  // validateContainers: at least one; names unique among them; hooks and probes; no restartPolicy.
  if (containers.length === 0 && !opts.view) out.push(`${at}.containers: validateContainers: required`);
  const names = new Set<string>();
  for (const x of containers) {
    out.push(...commonErrors(x, c(x), volumes, opts));
    if (names.has(String(x.name))) out.push(duplicate(x));
    names.add(String(x.name));
    out.push(...hooksAndProbes(x, c(x), minor, grace));
    if (x.restartPolicy !== undefined) out.push(`${c(x)}.restartPolicy: validateContainers: may not be set for non-init containers`);
  }
  // validateInitContainers: names unique with the regular ones; restartPolicy only Always (a
  // native sidecar), which alone may carry hooks and probes.
  for (const x of inits) {
    out.push(...commonErrors(x, c(x), volumes, opts));
    let restartable = false;
    if (x.restartPolicy !== undefined) {
      if (x.restartPolicy !== 'Always')
        out.push(
          `${c(x)}.restartPolicy: validateInitContainers (validateInitContainerRestartPolicy): ${JSON.stringify(x.restartPolicy)} not supported, only "Always"`,
        );
      else if (minor < SIDECARS_FROM)
        out.push(
          `${c(x)}.restartPolicy: validateInitContainers: SidecarContainers is off by default in 1.${minor} (on from 1.${SIDECARS_FROM}): the API server drops the field, and the sidecar blocks the pod as a plain init container`,
        );
      else restartable = true;
    }
    if (names.has(String(x.name))) out.push(duplicate(x));
    names.add(String(x.name));
    if (restartable) out.push(...hooksAndProbes(x, c(x), minor, grace));
    else
      for (const f of ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe'])
        if (x[f] !== undefined && x[f] !== null)
          out.push(`${c(x)}.${f}: validateInitContainers: may not be set for init containers without restartPolicy=Always`);
  }
  // validateEphemeralContainers: names unique across every list.
  for (const x of ephemeral) if (names.has(String(x.name))) out.push(`${c(x)}: validateEphemeralContainers: duplicate name`);

  // validatePodSpecSecurityContext: shareProcessNamespace (what a signal stop writes) with hostPID.
  if (spec.shareProcessNamespace === true && spec.hostPID === true)
    out.push(`${at}.shareProcessNamespace: validatePodSpecSecurityContext: ShareProcessNamespace and HostPID cannot both be enabled`);
  const os = isObj(spec.os) ? spec.os.name : undefined;
  if (os === 'windows') out.push(...windowsErrors(spec, [...inits, ...containers, ...ephemeral], at, c));
  if (os === 'linux') {
    // validateLinux: no windowsOptions on a Linux pod.
    if (isObj(spec.securityContext) && spec.securityContext.windowsOptions != null)
      out.push(`${at}.securityContext.windowsOptions: validateLinux: windows options cannot be set for a linux pod`);
    for (const x of [...inits, ...containers, ...ephemeral])
      if (isObj(x.securityContext) && x.securityContext.windowsOptions != null)
        out.push(`${c(x)}.securityContext.windowsOptions: validateLinux: windows options cannot be set for a linux pod`);
  }
  return out;
}

/** validateContainerCommon: the name, the image, the mounts (ValidateVolumeMounts), the env (ValidateEnv). */
function commonErrors(x: Obj, at: string, volumes: ReadonlySet<string>, opts: SpecOptions): string[] {
  const out: string[] = [];
  const name = x.name;
  if (typeof name !== 'string' || name === '') out.push(`${at}.name: validateContainerCommon: required`);
  else if (!isDnsLabel(name)) out.push(`${at}.name: validateContainerCommon (ValidateDNS1123Label): ${JSON.stringify(name)} is not a DNS-1123 label`);
  if (!opts.view && (typeof x.image !== 'string' || x.image === '')) out.push(`${at}.image: validateContainerCommon: required`);
  if (!opts.view) {
    const paths = new Set<string>();
    for (const m of list(x.volumeMounts)) {
      const where = `${at}.volumeMounts[${String(m.name)}]`;
      if (!volumes.has(String(m.name))) out.push(`${where}: validateContainerCommon (ValidateVolumeMounts): names no volume of the pod`);
      if (typeof m.mountPath !== 'string' || m.mountPath === '') out.push(`${where}.mountPath: validateContainerCommon (ValidateVolumeMounts): required`);
      else if (paths.has(m.mountPath)) out.push(`${where}.mountPath: validateContainerCommon (ValidateVolumeMounts): ${m.mountPath} must be unique`);
      paths.add(String(m.mountPath));
    }
  }
  for (const e of list(x.env)) {
    const where = `${at}.env[${String(e.name)}]`;
    if (typeof e.name !== 'string' || e.name === '') out.push(`${where}.name: validateContainerCommon (ValidateEnv): required`);
    if (isObj(e.valueFrom)) {
      const sources = ['fieldRef', 'resourceFieldRef', 'configMapKeyRef', 'secretKeyRef'].filter((k) => (e.valueFrom as Obj)[k] != null).length;
      if (sources !== 1) out.push(`${where}.valueFrom: validateContainerCommon (validateEnvVarValueFrom): ${sources} sources, must be exactly one`);
      else if (typeof e.value === 'string' && e.value !== '')
        out.push(`${where}.valueFrom: validateContainerCommon (validateEnvVarValueFrom): may not be specified when value is not empty`);
    }
  }
  return out;
}

/** validateLifecycle, validateLivenessProbe, validateReadinessProbe, validateStartupProbe, for a container that may carry them. */
function hooksAndProbes(x: Obj, at: string, minor: number, grace: number): string[] {
  const out: string[] = [];
  if (isObj(x.lifecycle)) {
    for (const hook of ['postStart', 'preStop']) {
      const h = x.lifecycle[hook];
      if (isObj(h)) out.push(...handlerErrors(h, ['exec', 'httpGet', 'tcpSocket', 'sleep'], `${at}.lifecycle.${hook}`, 'validateLifecycle', minor, grace));
    }
  }
  for (const f of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
    const p = x[f];
    if (!isObj(p)) continue;
    const fn = `validate${f[0]!.toUpperCase()}${f.slice(1)}`;
    const where = `${at}.${f}`;
    out.push(...handlerErrors(p, ['exec', 'httpGet', 'tcpSocket', 'grpc'], where, `${fn} (validateProbe)`, minor, grace));
    for (const n of ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'])
      if (typeof p[n] === 'number' && (p[n] as number) < 0) out.push(`${where}.${n}: ${fn} (validateProbe): must be greater than or equal to 0`);
    if (typeof p.terminationGracePeriodSeconds === 'number' && p.terminationGracePeriodSeconds <= 0)
      out.push(`${where}.terminationGracePeriodSeconds: ${fn} (validateProbe): must be greater than 0`);
    if (f !== 'readinessProbe' && p.successThreshold !== undefined && p.successThreshold !== 1) out.push(`${where}.successThreshold: ${fn}: must be 1`);
    if (f === 'readinessProbe' && p.terminationGracePeriodSeconds != null)
      out.push(`${where}.terminationGracePeriodSeconds: ${fn}: must not be set for readinessProbes`);
  }
  return out;
}

/** validateHandler: exactly one action (handlerFromProbe, handlerFromLifecycle say which count), each valid. */
function handlerErrors(h: Obj, kinds: readonly string[], at: string, fn: string, minor: number, grace: number): string[] {
  const out: string[] = [];
  const set = kinds.filter((k) => h[k] != null);
  if (h.sleep != null && kinds.includes('sleep') && minor < SLEEP_FROM)
    out.push(
      `${at}.sleep: ${fn} (validateHandler): PodLifecycleSleepAction is off by default in 1.${minor} (on from 1.${SLEEP_FROM}): the API server drops the action`,
    );
  const counted = minor < SLEEP_FROM ? set.filter((k) => k !== 'sleep') : set;
  if (counted.length === 0) out.push(`${at}: ${fn} (validateHandler): must specify a handler type`);
  for (const k of counted.slice(1)) out.push(`${at}.${k}: ${fn} (validateHandler): may not specify more than 1 handler type`);
  const [only] = counted;
  const a = only === undefined ? undefined : (h[only] as Obj);
  if (!isObj(a)) return out;
  const port = (p: unknown, where: string) => {
    if (typeof p === 'number' ? !Number.isInteger(p) || p < 1 || p > 65535 : typeof p !== 'string' || !isPortName(p))
      out.push(`${where}.port: ${fn} (ValidatePortNumOrName): ${JSON.stringify(p)} is not a port number or name`);
  };
  if (only === 'exec' && (!Array.isArray(a.command) || a.command.length === 0)) out.push(`${at}.exec.command: ${fn} (validateExecAction): required`);
  if (only === 'httpGet' || only === 'tcpSocket') port(a.port, `${at}.${only}`);
  if (only === 'grpc' && (!Number.isInteger(a.port) || (a.port as number) < 1 || (a.port as number) > 65535))
    out.push(`${at}.grpc.port: ${fn} (validateGRPCAction): not a port number`);
  if (only === 'sleep') {
    const s = a.seconds;
    const low = minor >= SLEEP_ZERO_FROM ? 0 : 1;
    if (typeof s !== 'number' || s < low || s > grace)
      out.push(
        `${at}.sleep.seconds: ${fn} (validateSleepAction): ${JSON.stringify(s)} must be ${low === 0 ? 'non-negative' : 'greater than 0'} and at most terminationGracePeriodSeconds (${grace})`,
      );
  }
  return out;
}

const WINDOWS_POD = [
  'appArmorProfile',
  'seLinuxOptions',
  'seccompProfile',
  'fsGroup',
  'fsGroupChangePolicy',
  'runAsUser',
  'runAsGroup',
  'supplementalGroups',
  'supplementalGroupsPolicy',
  'seLinuxChangePolicy',
];
const WINDOWS_CONTAINER = [
  'appArmorProfile',
  'seLinuxOptions',
  'seccompProfile',
  'capabilities',
  'readOnlyRootFilesystem',
  'privileged',
  'allowPrivilegeEscalation',
  'procMount',
  'runAsUser',
  'runAsGroup',
];

/**
 * validateWindows: a Windows pod (spec.os.name windows) has none of the Linux-only fields: in the
 * pod's securityContext, on the pod (hostUsers, hostPID, hostIPC, shareProcessNamespace, which
 * the internal type keeps in its security context), and in any container's securityContext.
 */
function windowsErrors(spec: Obj, all: readonly Obj[], at: string, c: (x: Obj) => string): string[] {
  const out: string[] = [];
  const forbidden = (where: string) => `${where}: validateWindows: cannot be set for a windows pod`;
  const sc = isObj(spec.securityContext) ? spec.securityContext : {};
  for (const f of WINDOWS_POD) if (sc[f] != null) out.push(forbidden(`${at}.securityContext.${f}`));
  if (Array.isArray(sc.sysctls) && sc.sysctls.length > 0) out.push(forbidden(`${at}.securityContext.sysctls`));
  if (spec.hostUsers != null) out.push(forbidden(`${at}.hostUsers`));
  if (spec.hostPID === true) out.push(forbidden(`${at}.hostPID`));
  if (spec.hostIPC === true) out.push(forbidden(`${at}.hostIPC`));
  if (spec.shareProcessNamespace != null) out.push(forbidden(`${at}.shareProcessNamespace`));
  for (const x of all) {
    const csc = isObj(x.securityContext) ? x.securityContext : {};
    for (const f of WINDOWS_CONTAINER) if (csc[f] != null) out.push(forbidden(`${c(x)}.securityContext.${f}`));
  }
  return out;
}
