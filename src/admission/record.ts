/**
 * The one record the webhook leaves on a pod it changed: `pod-sequencer.dev/admission`, what
 * pod-sequencer governs in the pod, read from the pod itself each time (as Istio's injector
 * recomputes `sidecar.istio.io/status` from what it injected, pkg/kube/inject/webhook.go). It is a
 * record, never the reason to skip: idempotence comes from the engine, which leaves a sequenced pod
 * as it is, so a reinvocation after another injector sequences what that injector added and the
 * record follows. The generated scripts carry their markers as `$0` (src/shell/scripts.ts), which
 * is how the pod says which containers are wrapped or held.
 */
import { HOOK_MARKER, WRAP_MARKER } from '../shell/scripts.js';
import { VERSION } from '../version.js';

export const RECORD_ANNOTATION = 'pod-sequencer.dev/admission';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObject) : []);
const names = (cs: Obj[]) => cs.map((c) => String(c.name));
const carries = (v: unknown, marker: string) => Array.isArray(v) && v.includes(marker);

export interface Record_ {
  by: string;
  /** Init containers with `restartPolicy: Always`: native sidecars, in start order. */
  native?: string[];
  /** App containers whose command is the Job wrapper or the `wrap` strategy's. */
  wrapped?: string[];
  /** Containers whose postStart hook holds the next ones until they are ready. */
  held?: string[];
  /** Containers pod-sequencer added (`seq-tools`, `seq-wait-*`). */
  added?: string[];
}

export function recordOf(pod: Obj): string {
  const spec = isObject(pod.spec) ? pod.spec : {};
  const init = list(spec.initContainers);
  const all = [...init, ...list(spec.containers)];
  const r: Record_ = { by: `pod-sequencer/${VERSION}` };
  const put = (key: Exclude<keyof Record_, 'by'>, found: string[]) => {
    if (found.length > 0) r[key] = found;
  };
  put('native', names(init.filter((c) => c.restartPolicy === 'Always')));
  put('wrapped', names(all.filter((c) => carries(c.command, WRAP_MARKER) || carries(c.args, WRAP_MARKER))));
  put('held', names(all.filter((c) => carries(postStartCommand(c), HOOK_MARKER))));
  put('added', names(all.filter((c) => String(c.name).startsWith('seq-'))));
  return JSON.stringify(r);
}

function postStartCommand(c: Obj): unknown {
  const lifecycle = isObject(c.lifecycle) ? c.lifecycle : {};
  const hook = isObject(lifecycle.postStart) ? lifecycle.postStart : {};
  return isObject(hook.exec) ? hook.exec.command : undefined;
}
