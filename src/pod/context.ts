import { type Config, versionAssumed } from '../config/types.js';
import type { Message, Result, RuleId, Severity } from '../krm/types.js';
import { fromMessage } from '../krm/results.js';
import type { ShellEnv } from '../shell/index.js';
import { podField, type Container, type Workload } from '../workloads/workload.js';
import type { EnvReader } from '../workloads/catalog.js';

/** What the input as a whole says, beyond one workload (read once per run). */
export interface InputFacts {
  /** Namespace items in the input, by name: their labels and annotations (mesh injection). */
  namespaces: Map<string, { labels: Record<string, string>; annotations: Record<string, string> }>;
  /** Service items in the input: which pods each selects (a workload must not wait for itself). */
  services: Services;
  /**
   * ConfigMap items in the input, each read on first use: only a container that loads a file from
   * one (an Envoy bootstrap, a script) asks, so an input of large ConfigMaps costs nothing else.
   */
  configMaps: ConfigMaps;
  /**
   * Objects of the input that read a workload's containers[0] from outside it (the catalog's
   * ENV_READERS: KEDA's ScaledObject), each read on first use; absent in an input with none.
   */
  envReaders?: EnvReaders;
  /**
   * Notes a run gives once, on the first workload they concern (noteOnce): a setting the config
   * leaves unset that decided something (the assumed kubernetesVersion, mesh.consul.version).
   * Keyed by the setting; `said` once processItems has reported it.
   */
  notes?: Map<string, { message: string | Message; said: boolean }>;
  /**
   * Errors on the objects above whose fields have the wrong types (process.ts readFacts): each
   * object is left out of the facts, and its error is reported once, at the item it is (`index`;
   * `within`: `items[k].` inside a List), whenever the run came to read it.
   */
  problems: { index: number; within: string; result: Result }[];
}

/** A ConfigMap of the input: its namespace as the item says (undefined when it says none) and its string data. */
export interface InputConfigMap {
  namespace?: string;
  data: Record<string, string>;
}

export class ConfigMaps {
  private readonly pending: (() => unknown)[] = [];
  private byName?: Map<string, InputConfigMap[]>;

  /** An item to read when a ConfigMap is first asked for (`read` gives its value; it may throw). */
  add(read: () => unknown): void {
    this.pending.push(read);
    this.byName = undefined;
  }

  /**
   * The ConfigMap the pod in `namespace` mounts by `name`: one in the same namespace, else one
   * that names none (a kustomize base, a chart's output before `kubectl -n`); undefined when the
   * input holds neither.
   */
  get(namespace: string | undefined, name: string): InputConfigMap | undefined {
    const found = this.index().get(name) ?? [];
    return found.find((m) => m.namespace !== undefined && m.namespace === namespace) ?? found.find((m) => m.namespace === undefined || namespace === undefined);
  }

  private index(): Map<string, InputConfigMap[]> {
    if (this.byName) return this.byName;
    const byName = new Map<string, InputConfigMap[]>();
    for (const obj of readEach(this.pending)) {
      const meta = (obj as { metadata?: { name?: unknown; namespace?: unknown } } | null)?.metadata;
      const data = (obj as { data?: unknown } | null)?.data;
      if (typeof meta?.name !== 'string') continue;
      const strings: Record<string, string> = {};
      if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
        for (const [k, v] of Object.entries(data)) if (typeof v === 'string') strings[k] = v;
      }
      const list = byName.get(meta.name) ?? [];
      list.push({ ...(typeof meta.namespace === 'string' && { namespace: meta.namespace }), data: strings });
      byName.set(meta.name, list);
    }
    return (this.byName = byName);
  }
}

/** A Service of the input: the pods it selects. */
export interface InputService {
  name: string;
  namespace: string;
  selector: Record<string, string>;
}

/**
 * Service items of the input, read on first use, as ConfigMaps are: only a workload that waits
 * for a dependency asks (src/pod/dependencies.ts ownService), so the Services of an input with
 * none cost nothing but a kind test (issue 28: reading each one's selector was a tenth of L0s's
 * processing).
 */
export class Services {
  private readonly pending: (() => unknown)[] = [];
  private read?: InputService[];

  /** An item to read when the Services are first asked for (`read` gives its value; it may throw). */
  add(read: () => unknown): void {
    this.pending.push(read);
    this.read = undefined;
  }

  /** Those with a name and a selector of strings, in input order. */
  all(): readonly InputService[] {
    if (this.read) return this.read;
    const out: InputService[] = [];
    for (const value of readEach(this.pending)) {
      const obj = value as { metadata?: { name?: unknown; namespace?: unknown }; spec?: { selector?: unknown } } | null;
      const meta = obj?.metadata;
      const selector = obj?.spec?.selector;
      if (typeof meta?.name === 'string' && isStringMap(selector)) out.push({ name: meta.name, namespace: String(meta.namespace ?? 'default'), selector });
    }
    return (this.read = out);
  }
}

/** ENV_READERS objects of the input (src/pod/env-source.ts matches them to workloads), read on first use as Services are. */
export class EnvReaders {
  private readonly pending: (() => unknown)[] = [];
  private read?: { row: EnvReader; obj: Record<string, unknown> }[];

  /** An item to read when the readers are first asked for (`read` gives its value; it may throw). */
  add(row: EnvReader, read: () => unknown): void {
    this.pending.push(() => ({ row, obj: read() }));
    this.read = undefined;
  }

  /** Those that read as objects, in input order. */
  all(): readonly { row: EnvReader; obj: Record<string, unknown> }[] {
    this.read ??= (readEach(this.pending) as { row: EnvReader; obj: unknown }[]).filter(
      (r): r is { row: EnvReader; obj: Record<string, unknown> } => typeof r.obj === 'object' && r.obj !== null && !Array.isArray(r.obj),
    );
    return this.read;
  }
}

/**
 * The values of the items that read, in input order. An unreadable item is no ConfigMap a pod
 * mounts nor a Service it waits for; it is reported where it is processed, not here.
 */
function readEach(pending: readonly (() => unknown)[]): unknown[] {
  const out: unknown[] = [];
  for (const read of pending) {
    try {
      out.push(read());
    } catch {
      // left out (above)
    }
  }
  return out;
}

function isStringMap(v: unknown): v is Record<string, string> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length > 0 && Object.values(v).every((x) => typeof x === 'string');
}

export const noFacts = (): InputFacts => ({ namespaces: new Map(), services: new Services(), configMaps: new ConfigMaps(), problems: [] });

/** How the target release reads in a result: `Kubernetes 1.30`, or, when the config gives none, `Kubernetes 1.29 or later (assumed)`. */
export function kubernetesText(cfg: Config): string {
  return versionAssumed(cfg) ? `Kubernetes ${cfg.kubernetesVersion} or later (assumed)` : `Kubernetes ${cfg.kubernetesVersion}`;
}

/** A change to this workload rests on the assumed kubernetesVersion: the run says so once (process.ts). */
export function restsOnAssumedVersion(ctx: Ctx): void {
  if (versionAssumed(ctx.cfg)) noteOnce(ctx, 'kubernetesVersion', assumedVersionMessage(ctx.cfg));
}

/** Say `message` once this run (process.ts sayNotes), about the first workload it concerned. */
export function noteOnce(ctx: Ctx, setting: string, message: string | Message): void {
  const notes = (ctx.facts.notes ??= new Map());
  if (!notes.has(setting)) notes.set(setting, { message, said: false });
}

/** The one result a run gives when an assumed kubernetesVersion decided something. */
export function assumedVersionMessage(cfg: Config): string {
  return `kubernetesVersion not set: assumed ${cfg.kubernetesVersion} or later, where sidecars are native; for classic sidecars set kubernetesVersion: "1.28"`;
}

/** Everything a transform needs for one workload. */
export interface Ctx {
  cfg: Config;
  w: Workload;
  facts: InputFacts;
  shell: ShellEnv;
  /** Report a change or finding about this workload (resourceRef and file are filled in). */
  /** `suppressed`: the reason a suppression annotation gives; the result is kept apart from findings. */
  /** `container`: the container the path points into, when the path was made before a move (allOrNothing). */
  report(severity: Severity, message: string | Message, fieldPath?: string, rule?: RuleId, suppressed?: string, container?: Container): void;
}

/** What a workload's pod facts are read from: the parts of a Ctx that report nothing. */
export type PodCtx = Pick<Ctx, 'cfg' | 'w' | 'facts'>;

/** Where pod-sequencer's tools volume is mounted, and the init container that fills it. */
export const TOOLS_DIR = '/.seq';
export const TOOLS_CONTAINER = 'seq-tools';

export function makeCtx(cfg: Config, w: Workload, sink: Result[], facts: InputFacts = noFacts()): Ctx {
  return {
    cfg,
    w,
    facts,
    shell: { delivery: cfg.tools.delivery, toolsDir: TOOLS_DIR },
    report(reported, message, fieldPath, rule, suppressed, container) {
      // `spec.rules` (issue 18): one place, so every output and the exit code see the same
      // severity. Only the finding changes: what a transform did or held back stays (docs/decisions.md).
      const level = rule ? cfg.rules[rule] : undefined;
      if (level === 'off') return;
      const severity = level ?? reported;
      const result: Result = {
        ...fromMessage(message),
        severity,
        resourceRef: w.ref,
        ...(fieldPath ? { field: { path: fieldPath } } : {}),
        ...(w.file ? { file: w.file } : {}),
        ...(rule
          ? { tags: { rule, ...(suppressed !== undefined ? { suppressed } : {}) } }
          : typeof message === 'object' && message.note
            ? { tags: { note: 'true' } }
            : {}),
      };
      const at = fieldPath !== undefined ? containerAt(w, fieldPath, container) : undefined;
      if (at) anchors.set(result, at);
      sink.push(result);
    },
  };
}

/**
 * Results name the container they are about by its place in the OUTPUT (docs/decisions.md,
 * "Where a result points", issue 27): a step that reports before a later step moves the container
 * (cloud-sql-proxy kept classic, then put first) would otherwise point at whatever took its place.
 * So each result keeps the container its path pointed at when it was reported, and settlePaths
 * moves the path to where that container is after every step ran.
 */
interface Anchor {
  c: Container;
  name: unknown;
  /** What follows `[i]` in the path: `.args`, `.env[0]`, ''. */
  rest: string;
}

const anchors = new WeakMap<Result, Anchor>();
const CONTAINER_PATH = /^\.(initContainers|containers)\[(\d+)\]/;

/** The container a pod field path points into, as the pod is now (or `given`). */
export function containerAt(w: Workload, fieldPath: string, given?: Container): Anchor | undefined {
  const spec = podField(w);
  if (!fieldPath.startsWith(spec)) return undefined;
  const m = CONTAINER_PATH.exec(fieldPath.slice(spec.length));
  if (!m) return undefined;
  const c = given ?? w.pod[m[1] as 'containers']?.[Number(m[2])];
  return c ? { c, name: c.name, rest: fieldPath.slice(spec.length + m[0].length) } : undefined;
}

/** Moves the container paths of results[start..] to where their containers are now: by identity, else by name. */
export function settlePaths(w: Workload, results: Result[], start = 0): void {
  for (let i = start; i < results.length; i++) {
    const r = results[i]!;
    const a = anchors.get(r);
    if (!a || !r.field) continue;
    const now = placeOf(w, (c) => c === a.c) ?? placeOf(w, (c) => c.name === a.name);
    if (now) results[i] = { ...r, field: { ...r.field, path: podField(w, now.list, now.index) + a.rest } };
  }
}

function placeOf(w: Workload, match: (c: Container) => boolean): { list: 'initContainers' | 'containers'; index: number } | undefined {
  for (const list of ['initContainers', 'containers'] as const) {
    const index = (w.pod[list] ?? []).findIndex(match);
    if (index >= 0) return { list, index };
  }
  return undefined;
}
