/**
 * Which container a controller reads as the app where a field of the object may name another
 * (the catalog's firstContainer.nameField: KEDA's ScaledJob and `spec.envSourceContainerName`),
 * and what the object itself says when a sidecar is `containers[0]` and that field is unset: the
 * variables the object names (the catalog's envNames: each trigger's `*FromEnv` metadata value)
 * and whether each container gives them, as KEDA reads a container's env. Read by the rule
 * sidecar-read-as-app and by fix (src/sequence/order.ts nameReadApp), so check says what fix does.
 *
 * KEDA (kedacore/keda@v2.17.0, pkg/scaling/resolver/scale_resolvers.go): ResolveContainerEnv
 * takes the container the field names, else `podSpec.Containers[0]`; resolveEnv reads that
 * container's envFrom ConfigMaps and Secrets (every key), then its env entries in order, each
 * overwriting: a non-empty `value`, else a secretKeyRef or configMapKeyRef; fieldRef and
 * resourceFieldRef entries are skipped, and an entry with neither value nor valueFrom sets "".
 * A scaler looks a parameter up by the value of its `<param>FromEnv` key and takes "" as not
 * found (kedacore/keda@v2.17.0, pkg/scalers/scalersconfig/typed_config.go configParamValue).
 */
import type { EnvReader } from '../workloads/catalog.js';
import type { Container, Workload } from '../workloads/workload.js';
import { fieldAt, getPath, isObject } from '../workloads/workload.js';
import { expand, formatPath, parsePattern } from '../workloads/paths.js';
import type { PodCtx } from './context.js';
import { findSidecars } from './sidecars.js';

/** Whether a container gives the controller a variable: surely, maybe (only its envFrom could), or not. */
export type Gives = 'yes' | 'unknown' | 'no';

/** One variable the object names: the metadata key that names it and where that key is. */
export interface EnvRead {
  variable: string;
  /** `hostFromEnv` */
  key: string;
  /** `spec.triggers[0].metadata.hostFromEnv` */
  at: string;
}

/** A sidecar in `containers[0]` of a template whose controller reads that container's env. */
export interface SidecarRead {
  /** The field that names the app instead (`spec.envSourceContainerName`), unset here. */
  field: string;
  /** Who reads containers[0]: the workload's own kind (`ScaledJob`), or another object (`ScaledObject q`). */
  reader: string;
  /** What it does with it, in the catalog's words. */
  what: string;
  /** The field is another object's (`reader`): fix cannot write it. */
  elsewhere: boolean;
  /** containers[0], a classic sidecar. */
  sidecar: string;
  /** Every variable the object names, each once, in the order written. */
  reads: EnvRead[];
  /** Variables an app container gives and containers[0] does not: the controller does not find them. */
  missed: EnvRead[];
  /**
   * Variables where it cannot be told: containers[0] gives it only maybe (envFrom) while an app
   * container gives it, or does not give it while an app container only maybe does.
   */
  unsure: EnvRead[];
  /**
   * The app container to name: the first that gives a missed variable, and every variable at
   * least as surely as containers[0] does (naming it loses none). Undefined when none does.
   */
  app?: string;
  /** The app container a finding names when no `app` qualifies: the first that gives a missed (else unsure) variable. */
  candidate: string;
  /** Each app container's and containers[0]'s answer per variable. */
  gives(container: string, variable: string): Gives;
}

/** How surely a container gives a variable: compare two answers (`no` < `unknown` < `yes`). */
export const RANK: Readonly<Record<Gives, number>> = { no: 0, unknown: 1, yes: 2 };

/**
 * Where the site's nameField goes while it names no container: unset, null or "" (KEDA reads
 * containers[0] then: `if containerName != ""`). Undefined for a site without one, or when the
 * field holds a name, which is the user's and stays.
 */
export function unsetNameField(w: Workload): { field: string; holder: Record<string, unknown>; key: string } | undefined {
  const field = w.site.firstContainer?.nameField;
  if (!field) return undefined;
  const path = field.split('.');
  const holder = getPath(w.obj, path.slice(0, -1));
  const key = path[path.length - 1]!;
  if (!holder) return undefined;
  return isUnsetName(holder[key]) ? { field, holder, key } : undefined;
}

/**
 * The evidence about a sidecar in containers[0] (above), or undefined where there is none to
 * give: the site has no nameField or envNames, the field names a container, containers[0] is no
 * classic sidecar, or no variable the object names is missed or unsure (none named; or
 * containers[0] gives them itself; or no app container gives them either).
 */
export function sidecarRead(ctx: PodCtx): SidecarRead | undefined {
  const { w } = ctx;
  const containers = w.pod.containers ?? [];
  const c0 = containers[0];
  if (!c0) return undefined;
  const source = envSources(ctx).find((x) => x.reads.length > 0);
  if (!source) return undefined;
  const sidecars = findSidecars(w, ctx.cfg, ctx.facts).filter((s) => !s.native);
  if (!sidecars.some((s) => s.name === c0.name)) return undefined;
  const { reads } = source;
  const apps = containers.filter((c) => !sidecars.some((s) => s.name === c.name));
  const of = (c: Container, variable: string) => givesVariable(c, variable);
  const anyApp = (variable: string, g: Gives) => apps.some((a) => of(a, variable) === g);
  const missed = reads.filter((r) => of(c0, r.variable) === 'no' && anyApp(r.variable, 'yes'));
  const unsure = reads.filter(
    (r) =>
      !missed.includes(r) &&
      ((of(c0, r.variable) === 'unknown' && anyApp(r.variable, 'yes')) || (of(c0, r.variable) === 'no' && anyApp(r.variable, 'unknown'))),
  );
  if (missed.length === 0 && unsure.length === 0) return undefined;
  const app = apps.find((a) => missed.some((r) => of(a, r.variable) === 'yes') && reads.every((r) => RANK[of(a, r.variable)] >= RANK[of(c0, r.variable)]));
  const candidate =
    app ??
    (missed.length > 0
      ? apps.find((a) => missed.some((r) => of(a, r.variable) === 'yes'))
      : (apps.find((a) => unsure.some((r) => of(a, r.variable) === 'yes')) ?? apps.find((a) => unsure.some((r) => of(a, r.variable) !== 'no'))))!;
  const byName = new Map(containers.map((c) => [c.name, c]));
  return {
    field: source.field,
    reader: source.reader,
    what: source.what,
    elsewhere: source.elsewhere,
    sidecar: c0.name,
    reads,
    missed,
    unsure,
    ...(app ? { app: app.name } : {}),
    candidate: candidate.name,
    gives: (container, variable) => {
      const c = byName.get(container);
      return c ? of(c, variable) : 'no';
    },
  };
}

/** Who reads a workload's containers[0] env with the field to name another unset, and the variables it names. */
export interface EnvSource {
  reader: string;
  what: string;
  field: string;
  elsewhere: boolean;
  reads: EnvRead[];
}

/**
 * Every reader of this workload's containers[0] env whose field names no container: the
 * workload's own kind (the catalog's firstContainer with envNames: KEDA's ScaledJob), then the
 * input's objects that point at it (the catalog's ENV_READERS: a KEDA ScaledObject whose
 * scaleTargetRef is this workload, in its namespace).
 */
export function envSources(ctx: PodCtx): EnvSource[] {
  const { w } = ctx;
  const out: EnvSource[] = [];
  const first = w.site.firstContainer;
  const unset = unsetNameField(w);
  if (first?.envNames && unset) out.push({ reader: w.kind, what: first.what, field: unset.field, elsewhere: false, reads: envReads(w.obj, first.envNames) });
  for (const { row, obj } of ctx.facts.envReaders?.all() ?? []) {
    if (!pointsAt(obj, row, w) || !isUnsetName(getValue(obj, row.nameField))) continue;
    const name = (obj.metadata as { name?: unknown } | undefined)?.name;
    out.push({ reader: `${row.kind} ${String(name ?? '')}`, what: row.what, field: row.nameField, elsewhere: true, reads: envReads(obj, row.envNames) });
  }
  return out;
}

/** Whether the reader's reference names this workload: its name, apiVersion and kind (the row's defaults where left out), in its namespace. */
function pointsAt(obj: Record<string, unknown>, row: EnvReader, w: Workload): boolean {
  if (w.templatePath.length === 0) return false; // a bare Pod is no scale target
  const ref = getValue(obj, row.target);
  if (!isObject(ref) || ref.name !== w.ref.name) return false;
  const apiVersion = typeof ref.apiVersion === 'string' && ref.apiVersion !== '' ? ref.apiVersion : row.defaultTarget.apiVersion;
  const kind = typeof ref.kind === 'string' && ref.kind !== '' ? ref.kind : row.defaultTarget.kind;
  if (apiVersion !== w.ref.apiVersion || kind !== w.ref.kind) return false;
  const ns = (obj.metadata as { namespace?: unknown } | undefined)?.namespace;
  // As ConfigMaps are matched: one that names no namespace (a kustomize base) matches either way.
  return ns === undefined || w.ref.namespace === undefined || ns === w.ref.namespace;
}

const getValue = (obj: Record<string, unknown>, dotted: string): unknown => fieldAt(obj, dotted.split('.'));

const isUnsetName = (v: unknown) => v === undefined || v === null || v === '';

/** Every variable the object names at the envNames maps (keys ending in keySuffix, a non-empty string value), each once. */
function envReads(obj: unknown, names: { at: string; keySuffix: string }): EnvRead[] {
  const out: EnvRead[] = [];
  for (const path of expand(obj, parsePattern(names.at))) {
    const map = getPath(obj, path);
    for (const key in map) {
      const variable = map[key];
      if (key.length <= names.keySuffix.length || !key.endsWith(names.keySuffix)) continue;
      if (typeof variable !== 'string' || variable === '' || out.some((r) => r.variable === variable)) continue;
      out.push({ variable, key, at: formatPath([...path, key]) });
    }
  }
  return out;
}

/**
 * Whether KEDA finds `variable` in the container's env: the last env entry of that name it does
 * not skip decides (a non-empty value or a Secret or ConfigMap key: yes; neither: ""); with none,
 * an envFrom ConfigMap or Secret may hold it (every key is read; which keys, the input does not
 * say); else no.
 */
export function givesVariable(c: Container, variable: string): Gives {
  const env = Array.isArray(c.env) ? (c.env as unknown[]) : [];
  for (let i = env.length - 1; i >= 0; i--) {
    const e = env[i];
    if (!isObject(e) || e.name !== variable) continue;
    if (typeof e.value === 'string' && e.value !== '') return 'yes';
    if (isObject(e.valueFrom)) {
      if (isObject(e.valueFrom.secretKeyRef) || isObject(e.valueFrom.configMapKeyRef)) return 'yes';
      continue; // fieldRef, resourceFieldRef: skipped, so an earlier entry or envFrom decides
    }
    return 'no';
  }
  const from = Array.isArray(c.envFrom) ? (c.envFrom as unknown[]) : [];
  return from.some((s) => isObject(s) && (isObject(s.configMapRef) || isObject(s.secretRef))) ? 'unknown' : 'no';
}
