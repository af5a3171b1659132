/**
 * Checks the schema cannot express. They read the raw spec and skip values of the wrong type
 * (the schema reports those), so both kinds of problem are reported in one run.
 */
import { validateGlob } from '../workloads/glob.js';
import { normalPattern, pathProblem } from '../workloads/paths.js';
import { profiles, tableOf } from '../profiles/index.js';
import { compareVersions, factAt } from '../profiles/versions.js';
import { mergeSidecar } from './resolve.js';
import { isObject, joinPath, linkerdMinorOf, minorOf, nativeSidecarMinor, type Problem, type SidecarInput } from './spec.js';
import type { ProfileName } from './types.js';
import { checkDnsName, checkHostPort, checkHttpUrl } from './values.js';

type Obj = Record<string, unknown>;

function objects(v: unknown): [number, Obj][] {
  return Array.isArray(v) ? v.flatMap((o, i): [number, Obj][] => (isObject(o) ? [[i, o]] : [])) : [];
}

export function semanticProblems(spec: unknown): Problem[] {
  const problems: Problem[] = [];
  const s: Obj = isObject(spec) ? spec : {};
  const add = (path: string, text: string | undefined, tags?: Record<string, string>) => {
    if (text) problems.push(tags ? { path, text, tags } : { path, text });
  };
  // Empty and non-string values are the schema's to report.
  const check = (path: string, v: unknown, problemOf: (s: string) => string | undefined) => {
    if (typeof v === 'string' && v.trim()) add(path, problemOf(v));
  };
  const glob = (path: string, v: unknown) => check(path, v, validateGlob);
  const selector = (path: string, sel: unknown) => {
    if (!isObject(sel)) return;
    for (const key of ['names', 'namespaces']) {
      if (Array.isArray(sel[key])) sel[key].forEach((g, i) => glob(joinPath(joinPath(path, key), i), g));
    }
  };

  const minor = minorOf(s.kubernetesVersion);
  const tooOld = minor !== undefined && minor < nativeSidecarMinor;
  const nativeUnsupported = (path: string, fix: string) =>
    add(
      path,
      `native sidecars need Kubernetes 1.${nativeSidecarMinor} or later, but kubernetesVersion is ${s.kubernetesVersion}; set kubernetesVersion to 1.${nativeSidecarMinor} or later, or ${fix}`,
      { rule: 'native-sidecar-unsupported' },
    );

  selector('spec.selector', s.selector);
  selector('spec.exclude', s.exclude);

  for (const [i, sc] of objects(s.sidecars)) {
    const at = `spec.sidecars[${i}]`;
    glob(`${at}.name`, sc.name);
    glob(`${at}.image`, sc.image);
    if (isObject(sc.readiness)) {
      check(`${at}.readiness.http`, sc.readiness.http, checkHttpUrl);
      check(`${at}.readiness.tcp`, sc.readiness.tcp, checkHostPort);
    }
    if (isObject(sc.shutdown)) check(`${at}.shutdown.http`, sc.shutdown.http, checkHttpUrl);

    const profile = (sc.profile ?? 'generic') as ProfileName;
    if (!Object.hasOwn(profiles, profile)) continue;
    if (profile === 'generic' && sc.name === undefined && sc.image === undefined) {
      add(at, 'a generic sidecar needs name or image (a glob on the container name or image) to find its containers');
    }
    const merged = mergeSidecar(sc as SidecarInput, i);
    const strategy = sc.strategy;
    // A profile whose endpoints are read from the manifest (Envoy's bootstrap) has its readiness there.
    if (
      !merged.readiness &&
      !profiles[profile].bootstrapAdmin &&
      (strategy === 'native' || strategy === 'wrap' || (strategy === 'postStart' && !merged.waitCommand))
    ) {
      const also = strategy === 'postStart' ? ' or waitCommand' : '';
      add(
        `${at}.strategy`,
        `strategy ${strategy} waits for the sidecar, but it has no readiness check; add readiness: {http: URL} or {tcp: host:port}${also}, or use strategy first or auto`,
      );
    }
    if (strategy === 'native' && tooOld) nativeUnsupported(`${at}.strategy`, 'use strategy auto or postStart');
  }

  const mesh = isObject(s.mesh) ? s.mesh : {};
  for (const name of ['istio', 'linkerd', 'dapr']) {
    const m = mesh[name];
    const fix = name === 'dapr' ? 'set native to false' : 'set native to auto or false';
    if (isObject(m) && m.native === true && tooOld) nativeUnsupported(`spec.mesh.${name}.native`, fix);
  }
  // It picks Linkerd's native-sidecar annotation, so a version we cannot read must not pass silently.
  if (isObject(mesh.linkerd)) {
    check('spec.mesh.linkerd.version', mesh.linkerd.version, (v) =>
      linkerdMinorOf(v) === undefined ? `'${v}' is not a Linkerd version; write the 2.N it is or corresponds to, for example "2.18"` : undefined,
    );
  }
  // native: true on a release that reads no native-sidecar annotation would write a key nobody reads.
  for (const name of ['istio', 'linkerd', 'dapr'] as const) {
    const m = mesh[name];
    if (!isObject(m) || m.native !== true || typeof m.version !== 'string') continue;
    const rows = tableOf(name).nativeKeys ?? [];
    if (factAt(rows, m.version)) continue;
    const first = rows.map((r) => r.since!).sort(compareVersions)[0];
    const title = name[0]!.toUpperCase() + name.slice(1);
    add(
      `spec.mesh.${name}.native`,
      `${title} ${m.version} has no native sidecars (they came in ${first}); set native to auto or false, or version to ${first} or later`,
    );
  }

  const names = new Map<string, number>();
  for (const [i, dep] of objects(s.dependencies)) {
    const at = `spec.dependencies[${i}]`;
    check(`${at}.http`, dep.http, checkHttpUrl);
    check(`${at}.tcp`, dep.tcp, checkHostPort);
    check(`${at}.dns`, dep.dns, checkDnsName);
    selector(`${at}.selector`, dep.selector);
    if (typeof dep.name !== 'string') continue;
    const first = names.get(dep.name);
    if (first === undefined) names.set(dep.name, i);
    else
      add(`${at}.name`, `'${dep.name}' is also the name of spec.dependencies[${first}]; names must be unique (each names the init container seq-wait-<name>)`);
  }

  workloadKinds(s.workloadKinds, add);

  const jobs = isObject(s.jobs) ? s.jobs : {};
  for (const [i, ep] of objects(jobs.entrypoints)) {
    glob(`spec.jobs.entrypoints[${i}].container`, ep.container);
    glob(`spec.jobs.entrypoints[${i}].image`, ep.image);
  }
  return problems;
}

/** Top-level fields that never hold a pod template in a manifest. */
const NO_TEMPLATES = new Set(['apiVersion', 'kind', 'metadata', 'status']);

/**
 * `workloadKinds`: a path the schema accepts may still never match (it starts in metadata or
 * status), and a line may repeat another (the same template sequenced twice).
 */
function workloadKinds(v: unknown, add: (path: string, text: string | undefined) => void): void {
  const seen = new Map<string, number>();
  for (const [i, k] of objects(v)) {
    const at = `spec.workloadKinds[${i}]`;
    const path = k.podTemplatePath;
    if (typeof path !== 'string' || pathProblem(path)) continue; // the schema reports it
    const first = normalPattern(path).split('.')[0]!.replace(/\[\]$/, '');
    if (NO_TEMPLATES.has(first)) {
      add(
        `${at}.podTemplatePath`,
        `'${path}' can never match: ${first} holds no pod template; write the path from the root to the template, for example spec.template`,
      );
    }
    if (typeof k.apiVersion !== 'string' || typeof k.kind !== 'string') continue;
    const id = `${k.apiVersion} ${k.kind} ${normalPattern(path)}`;
    const earlier = seen.get(id);
    if (earlier === undefined) seen.set(id, i);
    else add(`${at}.podTemplatePath`, `'${path}' for ${k.kind} (${k.apiVersion}) is also in spec.workloadKinds[${earlier}]; remove one of the two lines`);
    if (k.runsToCompletion !== true && k.sidecarsEndedBy === 'tool') {
      add(
        `${at}.sidecarsEndedBy`,
        `sidecarsEndedBy tool ends sidecars when the work ends, but runsToCompletion is not true; set runsToCompletion: true, or leave sidecarsEndedBy out`,
      );
    }
  }
}
