/**
 * Where pod templates live, as data (kustomize's "field specs" idea): the built-in kinds below,
 * the catalog of custom kinds (catalog.ts), and the config's `workloadKinds`, which add kinds or
 * replace a catalog row. A site's pattern leads from the object root to a pod template: the
 * object holding `metadata` and `spec` of the pod (or, for Argo and Tekton, the fields their
 * controllers make a pod from).
 */
import type { WorkloadKind } from '../config/types.js';
import { catalogKind, type FirstContainer, type Refused, type SidecarsEndedBy, type TemplateShape } from './catalog.js';
import { normalPattern, parsePattern, type Step } from './paths.js';

/** One place in a kind where pod templates sit, and what its pods do. */
export interface Site {
  /** The pattern as written (`spec.replicatedJobs[].template.spec.template`). */
  pattern: string;
  steps: readonly Step[];
  /** Its pods run to completion. */
  completes: boolean;
  sidecarsEndedBy: SidecarsEndedBy;
  shape: TemplateShape;
  restartPolicyField?: string;
  defaultRestartPolicy?: string;
  namesOptional?: boolean;
  firstContainer?: FirstContainer;
  refuses?: readonly Refused[];
  /** Where the site comes from: results about a config's kind name `workloadKinds`. */
  origin: 'builtin' | 'catalog' | 'config';
  /** Why the controller ends sidecars (catalog rows whose controller does). */
  controllerNote?: string;
}

const builtin = (pattern: string, completes = false): Site => ({
  pattern,
  steps: parsePattern(pattern),
  completes,
  sidecarsEndedBy: completes ? 'tool' : 'nobody',
  shape: 'pod',
  origin: 'builtin',
});

/** A Pod runs to completion or not by its restartPolicy (workload.ts reads it); if it does, the tool ends its sidecars. */
export const BUILTIN_SITES: Readonly<Record<string, Site>> = {
  Pod: { ...builtin(''), sidecarsEndedBy: 'tool' },
  Deployment: builtin('spec.template'),
  StatefulSet: builtin('spec.template'),
  DaemonSet: builtin('spec.template'),
  ReplicaSet: builtin('spec.template'),
  ReplicationController: builtin('spec.template'),
  Job: builtin('spec.template', true),
  PodTemplate: builtin('template'),
  CronJob: builtin('spec.jobTemplate.spec.template', true),
};

/** Built-in kinds belong to core groups: `v1`, `apps/v1`, `batch/v1`, ... never a dotted CRD group. */
function isCoreApiVersion(apiVersion: string | undefined): boolean {
  if (!apiVersion) return false;
  const slash = apiVersion.indexOf('/');
  const dot = apiVersion.indexOf('.');
  // No dot before the slash (the group's), found where it stands: asked for every item.
  return slash < 0 || dot < 0 || dot > slash;
}

const parsed = new WeakMap<WorkloadKind, Site>();

/** A config line's site: run to completion only when it says so; the tool ends sidecars then. */
function configSite(w: WorkloadKind): Site {
  let site = parsed.get(w);
  if (!site) {
    const completes = w.runsToCompletion ?? false;
    site = {
      pattern: normalPattern(w.podTemplatePath),
      steps: parsePattern(w.podTemplatePath),
      completes,
      sidecarsEndedBy: w.sidecarsEndedBy ?? (completes ? 'tool' : 'nobody'),
      shape: 'pod',
      origin: 'config',
    };
    parsed.set(w, site);
  }
  return site;
}

const catalogSites = new Map<string, Site[]>();

function fromCatalog(apiVersion: string, kind: string): Site[] | undefined {
  const key = `${apiVersion} ${kind}`;
  let sites = catalogSites.get(key);
  if (!sites) {
    const row = catalogKind(apiVersion, kind);
    if (!row) return undefined;
    sites = row.templates.map((t) => ({
      pattern: t.path,
      steps: parsePattern(t.path),
      completes: t.completes,
      sidecarsEndedBy: t.sidecarsEndedBy,
      shape: t.shape ?? 'pod',
      ...(t.restartPolicyField ? { restartPolicyField: t.restartPolicyField } : {}),
      ...(t.defaultRestartPolicy ? { defaultRestartPolicy: t.defaultRestartPolicy } : {}),
      ...(t.namesOptional ? { namesOptional: true } : {}),
      ...(t.firstContainer ? { firstContainer: t.firstContainer } : {}),
      ...(t.refuses ? { refuses: t.refuses } : {}),
      origin: 'catalog' as const,
      ...(row.controllerNote ? { controllerNote: row.controllerNote } : {}),
    }));
    catalogSites.set(key, sites);
  }
  return sites;
}

/**
 * The template sites of an item's kind, or undefined when it holds no pod template we know of.
 * The config's lines for a kind replace the catalog's row for it (every line counts: a kind may
 * need several).
 */
export function sitesFor(apiVersion: string | undefined, kind: string | undefined, extra: readonly WorkloadKind[]): readonly Site[] | undefined {
  if (!kind) return undefined;
  // (Most configs add no kinds: no array per item then.)
  const custom = extra.length === 0 ? extra : extra.filter((w) => w.kind === kind && w.apiVersion === apiVersion);
  if (custom.length > 0) return custom.map(configSite);
  if (isCoreApiVersion(apiVersion)) return BUILTIN_LISTS.get(kind);
  return apiVersion ? fromCatalog(apiVersion, kind) : undefined;
}

/** Each built-in kind's sites as one shared list: asked for every item, no array made per workload. */
const BUILTIN_LISTS = new Map<string, readonly Site[]>(Object.entries(BUILTIN_SITES).map(([kind, site]) => [kind, [site]]));

/**
 * Kinds whose controller names a container that has none, so a manifest may leave it out
 * (issue 27). Knative Serving names each `user-container` (`user-container-N` among several)
 * when it defaults a Revision's spec, which Services and Configurations carry as their template.
 */
export const UNNAMED_CONTAINERS: readonly { group: string; kinds: readonly string[]; source: string; quote: string }[] = [
  {
    group: 'serving.knative.dev',
    kinds: ['Service', 'Configuration', 'Revision'],
    source: 'knative/serving@knative-v1.23.0:pkg/apis/serving/v1/revision_defaults.go',
    quote: 'if containers[idx].Name == "" {',
  },
];

/** Whether the kind allows containers without a name (UNNAMED_CONTAINERS). */
export function allowsUnnamedContainers(apiVersion: string | undefined, kind: string | undefined): boolean {
  if (apiVersion === undefined || kind === undefined) return false;
  // Asked for every workload: the group is compared where it stands, not split off.
  for (const k of UNNAMED_CONTAINERS) if (inGroup(apiVersion, k.group) && k.kinds.includes(kind)) return true;
  return false;
}

/** Whether `apiVersion` (`group/version`, or a bare group) is of `group`. */
function inGroup(apiVersion: string, group: string): boolean {
  return apiVersion.startsWith(group) && (apiVersion.length === group.length || apiVersion.charCodeAt(group.length) === 47);
}
