import type { Config } from '../config/types.js';
import type { Result, RuleId, Severity } from '../krm/types.js';
import type { ShellEnv } from '../shell/index.js';
import type { Workload } from '../workloads/workload.js';

/** What the input as a whole says, beyond one workload (read once per run). */
export interface InputFacts {
  /** Namespace items in the input, by name: their labels and annotations (mesh injection). */
  namespaces: Map<string, { labels: Record<string, string>; annotations: Record<string, string> }>;
  /** Service items in the input: which pods each selects (a workload must not wait for itself). */
  services: { name: string; namespace: string; selector: Record<string, string> }[];
  /**
   * ConfigMap items in the input, each read on first use: only a container that loads a file from
   * one (an Envoy bootstrap, a script) asks, so an input of large ConfigMaps costs nothing else.
   */
  configMaps: ConfigMaps;
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
    for (const read of this.pending) {
      let obj: unknown;
      try {
        obj = read();
      } catch {
        continue; // an unreadable item is reported where it is processed, not here
      }
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

export const noFacts = (): InputFacts => ({ namespaces: new Map(), services: [], configMaps: new ConfigMaps() });

/** Everything a transform needs for one workload. */
export interface Ctx {
  cfg: Config;
  w: Workload;
  facts: InputFacts;
  shell: ShellEnv;
  /** Report a change or finding about this workload (resourceRef and file are filled in). */
  /** `suppressed`: the reason a suppression annotation gives; the result is kept apart from findings. */
  report(severity: Severity, message: string, fieldPath?: string, rule?: RuleId, suppressed?: string): void;
}

/** Where pod-sequencer's tools volume is mounted, and the init container that fills it. */
export const TOOLS_DIR = '/.seq';
export const TOOLS_CONTAINER = 'seq-tools';

export function makeCtx(cfg: Config, w: Workload, sink: Result[], facts: InputFacts = noFacts()): Ctx {
  return {
    cfg,
    w,
    facts,
    shell: { delivery: cfg.tools.delivery, toolsDir: TOOLS_DIR },
    report(reported, message, fieldPath, rule, suppressed) {
      // `spec.rules` (issue 18): one place, so every output and the exit code see the same
      // severity. Only the finding changes: what a transform did or held back stays (docs/decisions.md).
      const level = rule ? cfg.rules[rule] : undefined;
      if (level === 'off') return;
      const severity = level ?? reported;
      sink.push({
        message,
        severity,
        resourceRef: w.ref,
        ...(fieldPath ? { field: { path: fieldPath } } : {}),
        ...(w.file ? { file: w.file } : {}),
        ...(rule ? { tags: { rule, ...(suppressed !== undefined ? { suppressed } : {}) } } : {}),
      });
    },
  };
}
