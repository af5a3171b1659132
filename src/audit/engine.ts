/**
 * What pod-sequencer decides about a live object, asked of the engine itself (src/process.ts
 * processItems, the pipeline `fix` runs), never decided again here: whether `fix` would change
 * an owner's template, and how; which containers of a pod are sidecars (src/pod/sidecars.ts).
 * The engine runs once per distinct owner that has a finding (a cache by owner), never per pod.
 */
import { loadConfig } from '../config/load.js';
import type { Config } from '../config/types.js';
import { RUN_FIX, type Result } from '../krm/types.js';
import { noFacts } from '../pod/context.js';
import { findSidecars, type FoundSidecar } from '../pod/sidecars.js';
import { dotted, processItems } from '../process.js';
import { BUILTIN_SITES } from '../workloads/kinds.js';
import { makeWorkload, shapeProblem, type Workload } from '../workloads/workload.js';
import type { LiveObject } from './input.js';
import { idText, nameOf } from './objects.js';

/** What `fix` would do to one object's template. */
export interface EngineView {
  /** What `fix` would fix here: the findings `check` gives it whose fix is `pod-sequencer fix`. */
  changes: string[];
  /** Findings `fix` leaves (what it cannot fix, e.g. missing-entrypoint). */
  left: Result[];
}

/** Annotations the API server or kubectl adds, which the engine need not see. */
const SERVER_ANNOTATIONS = ['kubectl.kubernetes.io/last-applied-configuration', 'deployment.kubernetes.io/revision'];

/**
 * The object as a manifest: apiVersion, kind, name, namespace, labels, annotations and spec; no
 * status, managedFields, uid, resourceVersion or other field the API server writes.
 */
export function asManifest(o: LiveObject): Record<string, unknown> {
  const m = o.metadata as Record<string, unknown>;
  const annotations = { ...((m.annotations as Record<string, string> | undefined) ?? {}) };
  for (const a of SERVER_ANNOTATIONS) delete annotations[a];
  const metadata: Record<string, unknown> = { name: m.name };
  if (m.namespace) metadata.namespace = m.namespace;
  if (m.labels) metadata.labels = m.labels;
  if (Object.keys(annotations).length > 0) metadata.annotations = annotations;
  return JSON.parse(JSON.stringify({ apiVersion: o.apiVersion, kind: o.kind, metadata, spec: o.spec ?? {} })) as Record<string, unknown>;
}

/** An object whose fields are not of the types Kubernetes gives them. */
export class ShapeError extends Error {}

export class Engine {
  private views = new Map<string, EngineView>();
  private meshed = new Map<string, Config>();

  constructor(readonly cfg: Config) {}

  /** `fix`'s view of the object (a template holder, or a bare pod), with the config or one that also names `mesh`. */
  viewOf(o: LiveObject, mesh?: string): EngineView {
    const key = `${mesh ?? ''}\u0000${(o.metadata as { uid?: string }).uid ?? idText(nameOf(o))}`;
    let view = this.views.get(key);
    if (!view) this.views.set(key, (view = this.run(o, mesh ? this.withMesh(mesh) : this.cfg)));
    return view;
  }

  /**
   * In check mode, as `pod-sequencer check` runs it: the findings `fix` would fix say so (their
   * fix is `pod-sequencer fix`, decided by the rule's own dry run of the transforms), and nothing
   * is written, which is most of apply's cost for an item that changes.
   */
  private run(o: LiveObject, cfg: Config): EngineView {
    const manifest = asManifest(o);
    const { results } = processItems([{ text: '', kind: o.kind, apiVersion: o.apiVersion, takeValue: () => manifest }], { ...cfg, mode: 'check' });
    const ruled = results.filter((r) => r.tags?.rule !== undefined && r.tags.assumed === undefined);
    return {
      changes: ruled.filter((r) => r.fix === RUN_FIX).map((r) => r.message),
      left: ruled.filter((r) => r.severity === 'error' && r.fix !== RUN_FIX),
    };
  }

  /** The config with a mesh it does not name turned on with that mesh's defaults (as `spec.mesh.<name>: {}` gives). */
  private withMesh(mesh: string): Config {
    let cfg = this.meshed.get(mesh);
    if (cfg) return cfg;
    const defaults = loadConfig({
      apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
      kind: 'PodSequence',
      metadata: { name: 'audit' },
      spec: { mesh: { [mesh]: {} } },
    });
    cfg = { ...this.cfg, mesh: { ...this.cfg.mesh, [mesh]: this.cfg.mesh[mesh] ?? defaults.config.mesh[mesh] } };
    this.meshed.set(mesh, cfg);
    return cfg;
  }

  /** The pod (or template) as a workload, and its sidecars as pod-sequencer finds them. */
  sidecarsOf(podLike: {
    kind: string;
    apiVersion: string;
    metadata: Record<string, unknown>;
    spec?: Record<string, unknown>;
  }): { w: Workload; sidecars: FoundSidecar[] } | undefined {
    const obj = { apiVersion: podLike.apiVersion, kind: 'Pod', metadata: podLike.metadata, spec: podLike.spec ?? {} };
    const w = makeWorkload(obj, [], BUILTIN_SITES.Pod);
    if (!w) return undefined;
    // The shape check the pipeline runs first (process.ts): a field of the wrong type is said, not misread.
    const bad = shapeProblem(w);
    if (bad) throw new ShapeError(`${dotted(bad.path)}: ${bad.text}`);
    return { w, sidecars: findSidecars(w, this.cfg, noFacts()) };
  }
}
