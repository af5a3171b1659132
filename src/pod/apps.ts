/**
 * The app containers of a pod and the argv each runs: its `command`, the argv inside our own
 * wrapper, or the image's ENTRYPOINT as configured (`jobs.entrypoints`, the
 * `pod-sequencer.dev/entrypoint.<container>` annotation). Pod facts, read by the wrap and Job
 * exit transforms (src/sequence/wrap.ts) and by rules.
 */
import type { Message } from '../krm/types.js';
import type { Config } from '../config/types.js';
import { parseWrapper } from '../shell/index.js';
import { matchGlob } from '../workloads/glob.js';
import { podAnnotations, podField, type Container, type Workload } from '../workloads/workload.js';
import { specFor } from './sidecars.js';

/** An app container (not a sidecar) and where it sits in the input (errors leave the input as it is). */
export interface App {
  c: Container;
  path: string;
}

/** Where the container sits now, for results about a change. */
export function pathNow(w: Workload, c: Container): string {
  return podField(w, 'containers', (w.pod.containers ?? []).indexOf(c));
}

/** Call before anything moves, so that field paths point into the manifest as the user wrote it. */
export function appContainers(w: Workload, cfg: Config): App[] {
  const out: App[] = [];
  (w.pod.containers ?? []).forEach((c, i) => specFor(c, cfg) || out.push({ c, path: podField(w, 'containers', i) }));
  return out;
}

export const ENTRYPOINT_ANNOTATION = 'pod-sequencer.dev/entrypoint.';

/** Where the argv to wrap comes from: a source for messages, or an error (missing-entrypoint). */
type Argv = { argv: string[]; from?: string } | { error: Message };

/** The configured entrypoint: the annotation (pod template, then workload), else jobs.entrypoints. */
export function configuredEntrypoint(w: Workload, cfg: Config, c: Container): Argv | undefined {
  const key = ENTRYPOINT_ANNOTATION + c.name;
  const raw = podAnnotations(w)[key] ?? w.metadata.annotations?.[key];
  if (raw !== undefined) {
    let v: unknown;
    try {
      v = JSON.parse(String(raw));
    } catch {
      v = undefined;
    }
    if (!Array.isArray(v) || v.length === 0 || !v.every((s) => typeof s === 'string') || v[0] === '') {
      return {
        error: {
          summary: `annotation ${key} is not a JSON list of strings: ${c.name} cannot be wrapped`,
          detail: `It gives the image's entrypoint; it is ${JSON.stringify(String(raw))}. Until it is one, pod-sequencer leaves this workload unchanged.`,
          fix: `${key}: '["/app/run", "--flag"]'`,
        },
      };
    }
    return { argv: v as string[], from: `annotation ${key}` };
  }
  const i = cfg.jobs.entrypoints.findIndex(
    (e) => (e.container === undefined || matchGlob(e.container, c.name)) && (e.image === undefined || (c.image !== undefined && matchGlob(e.image, c.image))),
  );
  return i < 0 ? undefined : { argv: [...cfg.jobs.entrypoints[i]!.command], from: `jobs.entrypoints[${i}]` };
}

/** The argv a wrapper must run: the one in our wrapper, else `command`, else the configured entrypoint. */
export function argvToWrap(w: Workload, cfg: Config, c: Container): Argv {
  const ours = parseWrapper((c.command ?? []).map(String));
  if (ours) return { argv: ours.spec.argv };
  if (c.command?.length) return { argv: c.command.map(String) };
  return (
    configuredEntrypoint(w, cfg, c) ?? {
      error: {
        summary: `container ${c.name} has no command, so it cannot be wrapped: this workload is left unchanged`,
        detail: `Its image's ENTRYPOINT is not in the manifest. Name it in the annotation the fix shows, or in jobs.entrypoints ({container: ${c.name}, command: [...]}).`,
        fix: `${ENTRYPOINT_ANNOTATION}${c.name}: '["/path/to/entrypoint"]'`,
      },
    }
  );
}
