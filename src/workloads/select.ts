import type { Config, Selector } from '../config/types.js';
import { matchGlob } from './glob.js';
import { podMetadata, type Workload } from './workload.js';

export const SKIP_ANNOTATION = 'pod-sequencer.dev/skip';

/**
 * A selector matches when every criterion it names matches (kinds, name globs, namespaces,
 * labels). A workload with no namespace counts as being in `default`.
 */
export function matches(sel: Selector, w: Workload): boolean {
  if (sel.kinds && !sel.kinds.includes(w.kind)) return false;
  if (sel.names && !sel.names.some((g) => matchGlob(g, w.ref.name))) return false;
  if (sel.namespaces && !sel.namespaces.some((g) => matchGlob(g, w.ref.namespace ?? 'default'))) return false;
  if (sel.labels) {
    const labels = w.metadata.labels ?? {};
    if (!Object.entries(sel.labels).every(([k, v]) => labels[k] === String(v))) return false;
  }
  return true;
}

function isEmpty(sel: Selector): boolean {
  return !sel.kinds && !sel.names && !sel.namespaces && !sel.labels;
}

export function isSkipped(w: Workload): boolean {
  return isTrue(w.metadata.annotations?.[SKIP_ANNOTATION]) || isTrue(podMetadata(w)?.annotations?.[SKIP_ANNOTATION]);
}

/** `"true"` or `true` (unquoted); asked for every workload, most of which have no such annotation. */
function isTrue(v: unknown): boolean {
  return v !== undefined && String(v) === 'true';
}

/** Whether the function acts on this workload at all. */
export function isSelected(w: Workload, cfg: Config): boolean {
  if (isSkipped(w)) return false;
  if (cfg.selector && !matches(cfg.selector, w)) return false;
  if (cfg.exclude && !isEmpty(cfg.exclude) && matches(cfg.exclude, w)) return false;
  return true;
}
