/** The runner's event log: what happened in the pod, in the order the runner saw it. */
export type PodEvent =
  | { kind: 'started'; container: string; init: boolean; sidecar?: string }
  /** A stand-in sidecar's ready endpoint starts answering 2xx. */
  | { kind: 'ready'; container: string }
  /** A restartable init container's startupProbe succeeded (or it has none and has started). */
  | { kind: 'startup'; container: string }
  /** The app's own program (the stand-in for the image's command) began to run. */
  | { kind: 'app'; container: string }
  | { kind: 'hook'; container: string; hook: 'postStart' | 'preStop'; ok: boolean; detail?: string }
  | { kind: 'quit'; container: string; method: string; path: string; headers: Record<string, string> }
  | { kind: 'request'; container: string; method: string; path: string }
  | { kind: 'dependency'; name: string; up: boolean }
  | { kind: 'dependency-request'; name: string; what: string }
  | { kind: 'signal'; container: string; signal: 'SIGTERM' | 'SIGKILL' }
  | { kind: 'exited'; container: string; code: number; output?: string }
  /** The kubelet starts the container again after it exited with `code` (its `restarts`-th restart). */
  | { kind: 'restart'; container: string; restarts: number; code: number }
  /** A readiness probe's result changed, or a liveness probe failed its threshold (the container is killed). */
  | { kind: 'probe'; container: string; probe: 'readiness' | 'liveness'; ok: boolean; detail?: string }
  | { kind: 'note'; text: string };

export type Stamped = PodEvent & { seq: number };

export class EventLog {
  readonly events: Stamped[] = [];
  private listeners: ((e: Stamped) => void)[] = [];
  constructor(private readonly sink?: (e: Stamped) => void) {}
  add(e: PodEvent): void {
    const s = { ...e, seq: this.events.length } as Stamped;
    this.events.push(s);
    this.sink?.(s);
    for (const l of [...this.listeners]) l(s);
  }
  /** Resolves on the first event (already logged or to come) that `match` accepts. */
  when(match: (e: Stamped) => boolean): Promise<Stamped> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => {
      const l = (e: Stamped) => {
        if (!match(e)) return;
        this.listeners = this.listeners.filter((x) => x !== l);
        resolve(e);
      };
      this.listeners.push(l);
    });
  }
}
