/**
 * Pods to run: the filter's output for the examples, the goldens' inputs and the vendor corpus's
 * Jobs and CronJobs, each under kubernetesVersion "1.28" (classic sidecars) and "1.30" (native),
 * and the behaviour every run must show (`expectSequenced`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { runFilter } from '../../src/run.js';
import { WEBHOOK_CONFIGURATION } from '../../src/admission/manifests.js';
import { makeWorkload, type Container, type ObjectMeta, type PodSpec } from '../../src/workloads/workload.js';
import { sitesFor } from '../../src/workloads/kinds.js';
import { expand, formatPath } from '../../src/workloads/paths.js';
import { loadConfig } from '../../src/config/load.js';
import type { WorkloadKind } from '../../src/config/types.js';
import { ROOT } from '../helpers/cli.js';
import { documentValues } from '../helpers/manifests.js';
import { loadEngine, type Answer, type Engine } from '../../src/admission/review.js';
import type { Result } from '../../src/krm/types.js';
import { filtered, reviewed } from '../helpers/admission.js';
import { admit, injectorsAround, uninjectable, type Admission, type Namespace } from '../helpers/pod-runner/injectors.js';
import { profiles, type MeshName, type ProfileName } from '../../src/profiles/index.js';
import { availableCorpus, cite, corpusEntries } from '../helpers/vendor-corpus.js';
import {
  isLoopback,
  isolated,
  parseDependency,
  runPod,
  show,
  sidecarKind,
  type CustomSidecar,
  type Phase,
  type PodRun,
  type ShellName,
} from '../helpers/pod-runner/index.js';

export const VERSIONS = ['1.28', '1.30'] as const;
export const SHELL_NAMES: ShellName[] = ['dash', 'bash', 'busybox'];

type Obj = Record<string, unknown>;

export interface PodCase {
  /** source / workload / version */
  id: string;
  pod: PodSpec;
  meta: ObjectMeta;
  /** The regular app containers: what the assertions are about. */
  apps: string[];
  /** Every container whose image is an app's (init containers too), with its input command line. */
  programs: Record<string, { args: string[]; hasCommand: boolean }>;
  sidecars: CustomSidecar[];
  dependencies: string[];
  /** Dependencies this pod itself declares (its annotation): it must wait on each. */
  ownDependencies: string[];
  /** The config's mode: `check` lints and changes nothing, so nothing is sequenced. */
  mode?: string;
  /** The function's own error findings for this workload (it says it left it unsequenced). */
  errors: string[];
  /**
   * Sidecars the function itself says hold nothing (`native daprd holds nothing: …`, the
   * vendor table's `nativeUnprobed`): the app is promised only that they have started.
   */
  unheld: string[];
  /** The config asks for a signal shutdown (kill by process name), which needs the sidecar's real process. */
  signalShutdown: boolean;
  /** The config's `strategy: first` profiles and sidecar globs: placed first, no readiness gate promised. */
  firstOnly: string[];
  /** The filter left the pod spec and the pod template's annotations as they were. */
  unchanged: boolean;
  /** Sidecars the stand-in mesh injectors added at admission (test/helpers/pod-runner/injectors.ts). */
  injected: string[];
  /** Meshes that would inject this pod but have no stand-in injector. */
  uninjected: string[];
  /** Its kind's controller ends the sidecars (Template.endedByController). */
  endedByController?: string;
  /** Template.deletedByController. */
  deletedByController?: boolean;
}

/** A pod template of a resource: its spec and metadata, and what its controller does with its sidecars. */
interface Template {
  spec: PodSpec;
  meta: ObjectMeta;
  /** The kind's controller ends its sidecars itself (Argo's, catalog.ts controllerNote): no stand-in does. */
  endedByController?: string;
  /** The kind's pods do not run to completion (its site says so): the controller deletes them, whatever their restartPolicy. */
  deletedByController?: boolean;
}

/**
 * Every pod template of a resource, where the engine's kind tables say it lives (built-in kinds,
 * the catalog's CRDs, the config's workloadKinds; docs/workload-kinds.md), keyed by its path in
 * a catalog or config kind ('' for a built-in kind's one template). Each is the pod its controller
 * makes: a restartPolicy the kind keeps beside the template (MPIJob's replica spec) or defaults
 * is set on it. Templates of another shape (a step list the controller turns into a pod) are not
 * pods to run.
 */
function templates(item: Obj, kinds: readonly WorkloadKind[]): Map<string, Template> {
  const out = new Map<string, Template>();
  const sites = sitesFor(item.apiVersion as string | undefined, item.kind as string | undefined, kinds) ?? [];
  for (const site of sites) {
    if (site.shape !== 'pod') continue;
    for (const path of expand(item, site.steps)) {
      const w = makeWorkload(item, path, site);
      if (!w || w.view) continue;
      const top = (item.metadata ?? {}) as ObjectMeta;
      const own = (w.metaHolder.metadata ?? {}) as ObjectMeta;
      const meta = site.pattern === '' ? own : { ...own, name: top.name, namespace: top.namespace };
      const spec = w.restartPolicy && !w.pod.restartPolicy ? { ...w.pod, restartPolicy: w.restartPolicy } : w.pod;
      const t: Template = {
        spec,
        meta,
        ...(site.sidecarsEndedBy === 'controller' && { endedByController: site.controllerNote ?? `${String(item.kind)}'s controller` }),
        ...(site.origin !== 'builtin' && !site.completes && { deletedByController: true }),
      };
      out.set(site.origin === 'builtin' ? '' : formatPath(path), t);
    }
  }
  return out;
}

const key = (item: Obj) => `${String(item.kind)}/${String((item.metadata as ObjectMeta | undefined)?.name)}`;

/** Sets kubernetesVersion on whichever form the function config has (or makes one). */
function withVersion(fc: Obj | undefined, version: string): Obj {
  if (!fc) return { apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'pod-runner' }, spec: { kubernetesVersion: version } };
  const copy = structuredClone(fc);
  if (copy.kind === 'ConfigMap') copy.data = { ...(copy.data as Obj), kubernetesVersion: version };
  else copy.spec = { ...(copy.spec as Obj), kubernetesVersion: version };
  return copy;
}

function customSidecars(fc: Obj): CustomSidecar[] {
  // The ConfigMap form: `sidecars: "linkerd,envoy=sidecar-x"` (a profile, or a profile for a container name).
  if (fc.kind === 'ConfigMap') {
    return String((fc.data as Obj | undefined)?.sidecars ?? '')
      .split(',')
      .map((x) => x.trim().split('='))
      .filter((kv) => kv.length === 2)
      .map(([profile, name]) => ({ profile, name }));
  }
  return (((fc.spec as Obj | undefined)?.sidecars as CustomSidecar[] | undefined) ?? []).filter((s) => s.name || s.image || s.profile);
}

function configDependencies(fc: Obj): string[] {
  if (fc.kind === 'ConfigMap') {
    return String((fc.data as Obj | undefined)?.dependencies ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  }
  const deps = ((fc.spec as Obj | undefined)?.dependencies as Obj[] | undefined) ?? [];
  return deps.flatMap((d) => {
    if (typeof d.http === 'string') return [d.http];
    if (typeof d.tcp === 'string') return [`tcp://${d.tcp}`];
    if (typeof d.dns === 'string') return [`dns://${d.dns}`];
    return [];
  });
}

const ANNOTATION = 'pod-sequencer.dev/dependencies';
const annotationDeps = (meta: ObjectMeta | undefined) =>
  (meta?.annotations?.[ANNOTATION] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The pods of `items` after the filter (config `fc` at `version`), with the input's app command
 * lines. Workloads the filter did not return are left out.
 */
export function podCases(source: string, items: Obj[], fc: Obj | undefined, version: string): PodCase[] {
  const config = withVersion(fc, version);
  const out = runFilter(stringify({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items, functionConfig: config }));
  if (out.stdout.trim() === '') return [];
  const outItems = ((parse(out.stdout) as Obj).items as Obj[] | undefined) ?? [];
  const before = new Map(items.map((i) => [key(i), i]));
  const namespaces = new Map(
    outItems
      .filter((i) => i.kind === 'Namespace')
      .map((i) => {
        const m = (i.metadata ?? {}) as ObjectMeta;
        return [m.name, { labels: m.labels ?? {}, annotations: m.annotations ?? {} }] as const;
      }),
  );
  // Meshes the config names (and does not turn off): the user says their webhook injects here.
  const meshCfg = (config.kind === 'ConfigMap' ? undefined : ((config.spec as Obj | undefined)?.mesh as Record<string, Obj> | undefined)) ?? {};
  const meshes = Object.entries(meshCfg)
    .filter(([, v]) => v?.enabled !== false)
    .map(([k]) => k as MeshName);
  const cases: PodCase[] = [];
  const { workloadKinds } = loadConfig(config).config;
  for (const item of outItems) {
    const input = before.get(key(item));
    const ins = input ? templates(input, workloadKinds) : new Map<string, Template>();
    for (const [at, t] of templates(item, workloadKinds)) {
      const inT = ins.get(at);
      if (!inT) continue;
      // The pod as admission leaves it: the mesh webhooks that select it add their sidecars.
      const ns = namespaces.get(((item.metadata ?? {}) as ObjectMeta).namespace ?? 'default');
      const name = (item.metadata as ObjectMeta | undefined)?.name;
      cases.push(
        caseOf({
          id: `${source} ${key(item)}${at ? ` ${at}` : ''} @${version}`,
          input: inT,
          output: t,
          objectMeta: (item.metadata ?? {}) as ObjectMeta,
          admitted: admit(t.spec, t.meta, ns, version, meshes),
          uninjected: uninjectable(t.spec, t.meta, ns, meshes),
          results: out.results.filter(
            (r) => r.resourceRef?.kind === item.kind && r.resourceRef?.name === name && (!at || (r.field?.path ?? '').startsWith(at)),
          ),
          config,
          items: outItems,
        }),
      );
    }
  }
  return cases;
}

interface CaseParts {
  id: string;
  /** The pod as written (or as its controller makes it): its app containers and their command lines. */
  input: { spec: PodSpec; meta: ObjectMeta };
  /** The pod as pod-sequencer left it. */
  output: Template;
  /** The metadata of the object written (a Deployment's, say), whose annotations may declare dependencies. */
  objectMeta: ObjectMeta;
  /** The pod as it will run, after every injector. */
  admitted: Admission;
  uninjected: MeshName[];
  /** The function's findings for this pod. */
  results: readonly Result[];
  /** The function config, with its kubernetesVersion. */
  config: Obj;
  /** The objects beside it (ConfigMaps holding a sidecar's bootstrap). */
  items: Obj[];
}

/** What a run of one pod is checked against: its apps, sidecars, dependencies and what the function said of it. */
function caseOf(p: CaseParts): PodCase {
  const { input: inT, output: t, admitted, config } = p;
  const sidecars = customSidecars(config);
  const annotations = inT.meta.annotations ?? {};
  const programs: PodCase['programs'] = {};
  const isApp = (c: Container, init: boolean) => (init && c.restartPolicy !== 'Always') || !sidecarKind(c, annotations, sidecars);
  for (const c of inT.spec.initContainers ?? []) if (isApp(c, true)) programs[c.name] = ownCommand(c);
  const apps = (inT.spec.containers ?? []).filter((c) => isApp(c, false)).map((c) => c.name);
  for (const c of inT.spec.containers ?? []) if (isApp(c, false)) programs[c.name] = ownCommand(c);
  const errors = p.results.filter((r) => r.severity === 'error').map((r) => r.message);
  const unheld = p.results.flatMap((r) => /^native (\S+) holds nothing:/.exec(r.message)?.[1] ?? []);
  const cfgSidecars = ((config.spec as Obj | undefined)?.sidecars as Obj[] | undefined) ?? [];
  const own = [...annotationDeps(inT.meta), ...annotationDeps(p.objectMeta)];
  return {
    id: p.id,
    pod: admitted.pod,
    injected: admitted.injected,
    uninjected: p.uninjected,
    meta: t.meta,
    apps,
    programs,
    // First: a container's own admin listener is more specific than a config entry for its profile.
    sidecars: [...bootstrapAdmins(admitted.pod, p.items), ...sidecars],
    errors,
    unheld,
    signalShutdown: cfgSidecars.some((x) => (x.shutdown as Obj | undefined)?.signal !== undefined),
    firstOnly: cfgSidecars.filter((x) => x.strategy === 'first').flatMap((x) => [x.profile, x.name, x.image].filter((v): v is string => typeof v === 'string')),
    // A pod annotation the function set (a mesh's switch) changes the pod the injector makes.
    unchanged: JSON.stringify([t.spec, t.meta.annotations ?? {}]) === JSON.stringify([inT.spec, inT.meta.annotations ?? {}]),
    dependencies: [...new Set([...configDependencies(config), ...own])],
    ownDependencies: own,
    mode: String((config.kind === 'ConfigMap' ? (config.data as Obj)?.mode : (config.spec as Obj)?.mode) ?? ''),
    ...(t.endedByController && { endedByController: t.endedByController }),
    ...(t.deletedByController && { deletedByController: true }),
  };
}

/**
 * The name of pod-sequencer's MutatingWebhookConfiguration (`webhook manifests`): it sorts before
 * every stood-in injector's (injectors.ts WEBHOOK_CONFIGS), which then run before our reinvocation.
 */
export const WEBHOOK_CONFIG = WEBHOOK_CONFIGURATION;

/** One call of the chain the API server runs for a Pod CREATE: an injector's or our webhook's. */
export interface AdmissionStep {
  /** The injectors' meshes, or `pod-sequencer`, `pod-sequencer (reinvoked)`. */
  by: string;
  before: Obj;
  after: Obj;
  /** Our webhook: the engine it ran, its answer, and what the filter writes for the same pod (`before`). */
  engine?: Engine;
  answer?: Answer;
  filter?: { pod?: Obj; results: Result[] };
}

export interface AdmissionOptions {
  /** The function config (PodSequence or ConfigMap form); its kubernetesVersion is set to `version`. */
  fc?: Obj;
  version: string;
  /** The pod's Namespace, with the labels and annotations the injectors select it by. */
  ns?: Namespace;
  /** false: the same chain without pod-sequencer's webhook (the control). */
  webhook?: boolean;
  /** The name of our webhook configuration, which decides where it runs in the chain (default WEBHOOK_CONFIG). */
  name?: string;
}

const engines = new Map<string, Engine>();

/**
 * A pod through admission as the API server runs it (issue 36), from `made`, the Pod as its
 * controller creates it: the stood-in injectors whose webhook configuration sorts before ours (none, as named),
 * then our webhook (the AdmissionReview through `admit`, its JSONPatch applied by fast-json-patch),
 * then those after ours and, where one changed the pod, our webhook again: it is configured with
 * `reinvocationPolicy: IfNeeded` (k8s.io/api admissionregistration/v1 types.go: "IfNeeded: the
 * webhook will be called at least one additional time as part of the admission evaluation if the
 * object being admitted is modified by other admission plugins after the initial webhook call.").
 * The case is checked as podCases' are, its apps and command lines those of the pod as made.
 */
export function admissionCase(id: string, made: Obj, opts: AdmissionOptions): { case: PodCase; steps: AdmissionStep[] } {
  const config = withVersion(opts.fc, opts.version);
  const configText = stringify(config);
  const engine = engines.get(configText) ?? loadEngine(configText, id);
  engines.set(configText, engine);
  const name = opts.name ?? WEBHOOK_CONFIG;
  const around = injectorsAround(name);
  const steps: AdmissionStep[] = [];
  let pod = made;
  const injected: string[] = [];
  const inject = (meshes: MeshName[]) => {
    const meta = (pod.metadata ?? {}) as ObjectMeta;
    const a = admit(pod.spec as PodSpec, meta, opts.ns, opts.version, [], meshes);
    if (a.injected.length === 0) return false;
    const after = { ...pod, spec: a.pod };
    steps.push({ by: a.injected.join(', '), before: pod, after });
    injected.push(...a.injected);
    pod = after;
    return true;
  };
  const call = (by: string) => {
    const r = reviewed(pod, engine);
    steps.push({ by, before: pod, after: r.after, engine, answer: r.a, filter: filtered(pod, configText) });
    pod = r.after;
  };
  inject(around.before);
  const webhook = opts.webhook !== false;
  if (webhook) call(name);
  if (inject(around.after) && webhook) call(`${name} (reinvoked)`);
  const asRun = (p: Obj) => {
    const meta = { ...((p.metadata ?? {}) as ObjectMeta) };
    meta.name ??= (p.metadata as Obj | undefined)?.generateName as string | undefined;
    return { spec: p.spec as PodSpec, meta };
  };
  const last = steps.filter((s) => s.answer).pop();
  const out = asRun(pod);
  const c = caseOf({
    id,
    input: asRun(made),
    output: out,
    objectMeta: out.meta,
    admitted: { pod: out.spec, injected } satisfies Admission,
    uninjected: uninjectable(out.spec, out.meta, opts.ns),
    // What the function says of the pod it sequenced last (no webhook: of the pod as made).
    results: last?.filter?.results ?? filtered(made, configText).results,
    config,
    items: [],
  });
  return { case: { ...c, unchanged: !steps.some((s) => s.answer?.outcome === 'patched') }, steps };
}

/**
 * Sidecars whose admin listener exists only where the bootstrap they load declares one (the vendor
 * table's `bootstrapAdmin`, Envoy): for each such container loading a file (`-c <path>`) from a
 * ConfigMap in the input, the listener's port from the bootstrap's `admin.address.socket_address`
 * and the table's ready and quit paths on it, as a custom sidecar for that container.
 */
function bootstrapAdmins(pod: PodSpec, items: Obj[]): CustomSidecar[] {
  return [...(pod.initContainers ?? []), ...(pod.containers ?? [])].flatMap((c) => {
    const kind = sidecarKind(c, {});
    const admin = kind && profiles[kind.profile as ProfileName]?.bootstrapAdmin;
    if (!admin || kind.readiness) return [];
    const argv = [...(c.command ?? []), ...(c.args ?? [])].map(String);
    const at = argv.findIndex((a) => admin.pathFlags.includes(a));
    const path = at === -1 ? undefined : argv[at + 1];
    const mount = path && (c.volumeMounts ?? []).find((m) => path.startsWith(`${m.mountPath}/`));
    const volume = mount && (pod.volumes ?? []).find((v) => v.name === mount.name);
    const cmName = (volume as { configMap?: { name?: string } } | undefined)?.configMap?.name;
    const cm = cmName && items.find((i) => i.kind === 'ConfigMap' && (i.metadata as ObjectMeta | undefined)?.name === cmName);
    const text = cm && mount && ((cm.data as Record<string, string> | undefined) ?? {})[path.slice(mount.mountPath.length + 1)];
    if (!text) return [];
    const port = (parse(text) as { admin?: { address?: { socket_address?: { port_value?: number } } } } | null)?.admin?.address?.socket_address?.port_value;
    if (!port) return [];
    const base = `http://127.0.0.1:${port}`;
    return [
      {
        name: c.name,
        profile: kind.profile,
        readiness: { http: base + admin.readinessPath },
        shutdown: { http: base + admin.shutdownPath, method: 'POST' as const },
      },
    ];
  });
}

/**
 * A container's own command line in the input. An input already wrapped by pod-sequencer (a
 * re-run) has its app's command after the wrapper's `--`.
 */
function ownCommand(c: Container): { args: string[]; hasCommand: boolean } {
  const argv = [...(c.command ?? []), ...(c.args ?? [])].map(String);
  const w = argv.indexOf('pod-sequencer-wrap');
  if (w !== -1 && argv.indexOf('--', w) !== -1) return { args: argv.slice(argv.indexOf('--', w) + 1), hasCommand: true };
  return { args: argv, hasCommand: c.command !== undefined };
}

/** examples/<name>: its manifests and the config its .expected/config.yaml names. */
export function exampleInputs(): { source: string; items: Obj[]; fc: Obj | undefined }[] {
  const dir = join(ROOT, 'examples');
  return readdirSync(dir)
    .filter((n) => existsSync(join(dir, n, '.expected', 'config.yaml')))
    .sort()
    .map((n) => {
      const cfg = parse(readFileSync(join(dir, n, '.expected', 'config.yaml'), 'utf8')) as { args?: Obj; fnConfig?: string };
      const files = readdirSync(join(dir, n)).filter((f) => /\.ya?ml$/.test(f) && f !== 'Kptfile');
      const docs = files.flatMap((f) => parseAllDocuments(readFileSync(join(dir, n, f), 'utf8')).map((d) => d.toJS() as Obj)).filter(Boolean);
      const fcName = cfg.fnConfig?.replace(/^\.\.\//, '');
      const fc = fcName
        ? docs.find((d) => files.includes(fcName) && d.kind === 'PodSequence')
        : cfg.args
          ? { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'fn' }, data: cfg.args }
          : undefined;
      const items = docs.filter((d) => d.kind !== 'PodSequence' && d.kind !== 'Kustomization' && d !== fc);
      return { source: `examples/${n}`, items, fc };
    });
}

/** fixtures/filter/<name>/input.yaml whose filter run succeeds. */
export function goldenInputs(): { source: string; items: Obj[]; fc: Obj | undefined }[] {
  const dir = join(ROOT, 'fixtures', 'filter');
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const expected = join(dir, n, 'expected.yaml');
      if (!existsSync(expected) || readFileSync(expected, 'utf8').trim() === '') return [];
      let rl: Obj;
      try {
        rl = parse(readFileSync(join(dir, n, 'input.yaml'), 'utf8')) as Obj;
      } catch {
        return [];
      }
      if (rl?.kind !== 'ResourceList' || !Array.isArray(rl.items)) return [];
      return [{ source: `fixtures/filter/${n}`, items: rl.items as Obj[], fc: rl.functionConfig as Obj | undefined }];
    });
}

/** Dependencies the runner can stand in for here: names need a private /etc/hosts (isolated()). */
export function unservable(c: PodCase): string[] {
  return c.dependencies.filter((u) => {
    const d = parseDependency(u);
    return !d || (!isolated() && !isLoopback(d.host));
  });
}

/**
 * Loopback ports the pod's commands call that no container of the admitted pod and no dependency
 * serves: a sidecar that something other than the stood-in injectors adds (its wait would last the
 * whole budget).
 */
export function injectedPorts(c: PodCase): number[] {
  const served = new Set<number>();
  for (const x of [...(c.pod.initContainers ?? []), ...(c.pod.containers ?? [])]) {
    const k = sidecarKind(x, c.meta.annotations ?? {}, c.sidecars);
    // An endpoint its sidecar has off is still the pod's own: a wait on it runs, and fails.
    for (const u of [k?.readiness, k?.readinessOff?.url, k?.shutdown?.url]) if (u) served.add(Number(new URL(u).port || 80));
  }
  for (const d of c.dependencies) served.add(parseDependency(d)?.port ?? 0);
  const text = JSON.stringify([c.pod.initContainers, c.pod.containers]);
  const called = [...text.matchAll(/https?:\/\/(?:127\.0\.0\.1|localhost):(\d+)/g)].map((m) => Number(m[1]));
  return [...new Set(called.filter((p) => !served.has(p)))];
}

/** Why a pod cannot run here, if it cannot. */
export function cannotRun(c: PodCase): string | undefined {
  if (c.mode === 'check') return 'mode: check lints and changes nothing';
  if (c.errors.length) return `the function reports it cannot sequence it: ${c.errors[0]}`;
  const quits = [...(c.pod.initContainers ?? []), ...(c.pod.containers ?? [])].flatMap((x) => {
    const u = sidecarKind(x, c.meta.annotations ?? {}, c.sidecars)?.shutdown?.url;
    return u ? [new URL(u).pathname] : [];
  });
  const selfQuit = Object.entries(c.programs).find(([, p]) => quits.some((q) => p.args.join(' ').includes(q)));
  if (selfQuit) return `${selfQuit[0]}'s own script calls its sidecar's quit endpoint, which the stand-in app would drop`;
  if (c.endedByController) return `its controller ends the sidecars, which the runner does not stand in for: ${c.endedByController}`;
  if (c.signalShutdown) return 'signal shutdown kills the sidecar by process name, which needs its real process';
  if (c.uninjected.length) return `injected at admission by ${c.uninjected.join(', ')}, which the runner has no stand-in injector for`;
  const deps = unservable(c);
  if (deps.length) return `dependencies the runner cannot stand in for here: ${deps.join(', ')}`;
  const ports = injectedPorts(c);
  if (ports.length) return `waits on loopback port(s) ${ports.join(', ')} of a sidecar that nothing in the admitted pod serves`;
  return undefined;
}

const runToCompletion = (c: PodCase) => (c.pod.restartPolicy === 'Never' || c.pod.restartPolicy === 'OnFailure') && !c.deletedByController;

/** What every run must show. */
export function expectSequenced(c: PodCase, run: PodRun, appExitCode: number): void {
  const log = `${c.id}: phase ${run.phase}; events:\n${run.events.map(show).join('\n')}`;
  const ev = run.events;
  const all: Container[] = [...(c.pod.initContainers ?? []), ...(c.pod.containers ?? [])];
  const sidecars = ev.flatMap((e) => (e.kind === 'started' && e.sidecar ? [e.container] : []));
  const appNames = c.apps;
  // Every app program ran, and only after each sidecar of the pod was ready (one without a ready
  // endpoint in its vendor's table: had started).
  for (const app of appNames) {
    const ran = ev.find((e) => e.kind === 'app' && e.container === app);
    expect(ran, `${app} never ran its command. ${log}`).toBeDefined();
    for (const s of sidecars) {
      const spec = all.find((x) => x.name === s)!;
      const kind = sidecarKind(spec, c.meta.annotations ?? {}, c.sidecars);
      const first = c.firstOnly.some((f) => f === kind?.profile || f === s || kind?.profile === `custom:${f}`);
      // `strategy: first` promises only the place in the list: the sidecar starts first.
      const gate = (kind?.readiness || kind?.readinessTcp) && !first && !c.unheld.includes(s) ? ['ready'] : ['started'];
      const before = ev.find((e) => gate.includes(e.kind) && 'container' in e && e.container === s);
      expect(before && before.seq < ran!.seq, `${app} ran before sidecar ${s} was ready. ${log}`).toBe(true);
    }
  }
  // Dependencies: the app runs only once each one it contacted (and each it declares) is up.
  for (const app of appNames) {
    const ran = ev.find((e) => e.kind === 'app' && e.container === app)!;
    for (const d of c.dependencies) {
      const asked = ev.some((e) => e.kind === 'dependency-request' && e.name === d && e.seq < ran.seq);
      const mustWait = c.ownDependencies.includes(d) && parseDependency(d)?.kind !== 'dns';
      if (mustWait) expect(asked, `${app}: the pod never contacted its dependency ${d}. ${log}`).toBe(true);
      if (!asked && !mustWait) continue;
      const up = ev.find((e) => e.kind === 'dependency' && e.name === d);
      expect(up && up.seq < ran.seq, `${app} ran before dependency ${d} was up. ${log}`).toBe(true);
    }
  }
  if (!runToCompletion(c)) {
    expect(run.phase, log).toBe('Deleted');
    return;
  }
  // A run-to-completion pod completes, with the app's exit code.
  if (appExitCode !== 0 && c.pod.restartPolicy === 'OnFailure') expect(run.phase, log).toBe('Restarting');
  else expect(run.phase, log).toBe(appExitCode === 0 ? 'Succeeded' : 'Failed');
  for (const app of appNames) expect(run.exitCodes[app], `${app}'s exit code. ${log}`).toBe(appExitCode);
  // Each sidecar is asked to quit at most once; one among the containers (classic) exactly once.
  for (const s of sidecars) {
    const quits = ev.filter((e) => e.kind === 'quit' && e.container === s).length;
    const classic = (c.pod.containers ?? []).some((x) => x.name === s);
    if (classic && run.phase === 'Succeeded') expect(quits, `${s} quit calls. ${log}`).toBe(1);
    else expect(quits, `${s} quit calls. ${log}`).toBeLessThanOrEqual(1);
  }
}

/** Runs `fn` on every item with at most `n` at a time. */
export async function pool<T>(items: T[], n: number, fn: (t: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

/**
 * Pods whose right outcome is not the default one, by case id (without the version: both), each
 * with its reason.
 */
export const KNOWN: Record<string, { skip: string } | { phase: Phase; why: string }> = {
  // The config turns the Job wrapper off (jobs.terminateSidecars: false): the classic sidecar keeps
  // the Job from completing, as the user asked.
  'fixtures/filter/job-terminate-off Job/sleep-job @1.28': { phase: 'Stuck', why: 'jobs.terminateSidecars: false' },
  // Kuma has no quit endpoint: a classic kuma-sidecar keeps the Job running (the function says so, as an error).
  'fixtures/filter/job-kuma Job/cleanup @1.28': { phase: 'Stuck', why: 'kuma has no shutdown endpoint' },
  // Two app containers each end the shared classic sidecar when their own command exits, so the
  // second one's wait lasts its whole 30 s budget (`onTimeout: continue`): the function warns of
  // exactly this ("the first to finish ends it for the others; native sidecars ... avoid this").
  // Knative admits no hook, no init container and no container restartPolicy, so nothing can hold
  // the app until its sidecar is ready: the proxy only goes first, and the function warns
  // (sidecar-no-readiness-gate; knative/serving@knative-v1.23.0 fieldmask.go).
  'fixtures/filter/kinds-mpi-keda-knative Service/web spec.template @1.28': { skip: 'Knative admits no hold for the app (the function warns)' },
  'fixtures/filter/job-generic-two-apps Job/export @1.28': {
    skip: 'documented limit of classic sidecars with two apps (the function warns); its wait takes 30 s',
  },
};

/** Runs every case that can run (shells in turn), 6 at a time (they mostly wait); one message per failure. */
export async function runAll(cases: PodCase[], appExitCode: number, knownOutcomes = KNOWN): Promise<{ failures: string[]; unchangedFailures: string[] }> {
  const failures: string[] = [];
  const unchangedFailures: string[] = [];
  await pool(cases, 6, async (c, i) => {
    const known = knownOutcomes[c.id];
    // A known outcome is checked even where the function itself reports why (job-terminate-off).
    if (known ? 'skip' in known : cannotRun(c)) return;
    const shell = SHELL_NAMES[i % SHELL_NAMES.length]!;
    try {
      // Dependencies are up from the start here: that the pod asks before its app runs is the
      // point; that a wait outlasts a slow dependency is test/pod-runner/runner.test.ts's.
      const run = await runPod(c.pod, c.meta, {
        shell,
        apps: c.programs,
        appExitCode,
        sidecars: c.sidecars,
        dependencies: c.dependencies,
        dependencyAfterMs: 0,
        // Under OnFailure the kubelet restarts a failing app for ever (its wrapper then waits on a
        // classic sidecar that has already quit); the outcome checked here is the first run's.
        // Restarts themselves are test/pod-runner/runner.test.ts's.
        maxRestarts: 0,
        deletedByController: c.deletedByController,
      });
      if (known && 'phase' in known) expect(run.phase, `${c.id} (${known.why}): ${run.events.map(show).join('\n')}`).toBe(known.phase);
      else expectSequenced(c, run, appExitCode);
    } catch (e) {
      // A pod the function left as it was makes no claim: its failures are listed, not failed on.
      if (c.unchanged && !known) unchangedFailures.push(`${c.id}: ${(e as Error).message.split('\n')[0]}`);
      else failures.push(`[${shell}] {{${c.id}}} ${(e as Error).message}`);
    }
  });
  return { failures, unchangedFailures };
}

/**
 * The vitest body shared by the test files: every case, for an app exiting 0 and one exiting 3.
 * `notRun`: the ids (without ` @version`) of the pods each file expects not to run, each for the
 * reason `cannotRun` or KNOWN gives; the set is asserted exactly, so a new example, golden or
 * corpus Job that cannot run fails the test until it is listed here with its reason. `partial`:
 * the inputs may be missing on this machine (vendor files), so only listed ids may be absent.
 * `knownOutcomes`: KNOWN, or a file's own (by full case id).
 */
export function describeRuns(all: PodCase[], notRun: readonly string[], partial = false, knownOutcomes = KNOWN): void {
  // The same pod from both versions (a Deployment both leave alone, say) runs once.
  const seen = new Set<string>();
  const cases = all.filter((c) => {
    const k = JSON.stringify([c.pod, c.meta, c.programs, c.dependencies, c.sidecars, c.mode, c.errors]);
    return !seen.has(k) && seen.add(k);
  });
  it('runs every pod but the listed ones, each named with the reason', () => {
    const skipped = cases.filter((c) => {
      const known = knownOutcomes[c.id];
      return known ? 'skip' in known : cannotRun(c) !== undefined;
    });
    const injected = cases.filter((c) => c.injected.length && !skipped.includes(c));
    console.info(
      `${cases.length - skipped.length} of ${cases.length} pods run (${all.length} before merging pods both versions write alike), ` +
        `${injected.length} with a sidecar added by a stand-in injector`,
    );
    for (const c of skipped) {
      const known = knownOutcomes[c.id];
      console.info(`not run: ${c.id}: ${known && 'skip' in known ? known.skip : cannotRun(c)}`);
    }
    const got = [...new Set(skipped.map((c) => c.id.replace(/ @[\d.]+$/, '')))].sort();
    const want = [...notRun].sort();
    if (partial) expect(got.filter((id) => !want.includes(id))).toEqual([]);
    else expect(got).toEqual(want);
    expect(cases.length - skipped.length).toBeGreaterThan(0);
  });
  for (const code of [0, 3]) {
    it(`every pod behaves (app exits ${code})`, { timeout: 240_000 }, async () => {
      // A failing app changes the outcome only where the pod runs to completion.
      const { failures, unchangedFailures } = await runAll(code === 0 ? cases : cases.filter((c) => runToCompletion(c)), code, knownOutcomes);
      for (const f of unchangedFailures) console.info(`left unchanged by the function, not sequenced: ${f}`);
      expect(failures, failures.join('\n\n')).toEqual([]);
    });
  }
}

/**
 * The vendor corpus's Jobs and CronJobs (test/vendor/corpus/*.json, read from shared/ or a local
 * snapshot), one source per file, with no function config but the version. Files this machine
 * lacks are counted, not run (test/helpers/vendor-corpus.ts says where they come from).
 */
export function vendorJobInputs(): { source: string; items: Obj[]; fc: Obj | undefined }[] {
  // Missing files: named in one line, or under POD_SEQUENCER_REQUIRE_VENDOR=1 an error (vendor-corpus.ts).
  return availableCorpus(corpusEntries(), 'vendor Jobs for the pod runner').flatMap(({ e, text }) => {
    const items = documentValues(text).filter((o) => o.kind === 'Job' || o.kind === 'CronJob');
    return items.length ? [{ source: cite(e), items, fc: undefined }] : [];
  });
}
