/**
 * Files that `webhook serve` reloads when they change: the TLS pair and the config. Polled, not
 * watched: a Secret or ConfigMap volume is updated by the kubelet writing a new timestamped
 * directory and swapping the `..data` symlink to it, so the file a path names is replaced
 * rather than written, which an inotify watch on the file misses. Reading a few KB each interval
 * through the path sees every such swap, and a file written in place too.
 */
import { readFileSync } from 'node:fs';

export interface Watched {
  /** The paths read together (a certificate and its key change as one pair). */
  paths: readonly string[];
  /**
   * Called with the new contents once they differ from the last seen and are the same on two
   * polls in a row (a pair swapped one file at a time, or a file half written, is not applied
   * in between). Throwing keeps what was in use; the same contents are not tried again.
   */
  apply(contents: Buffer[]): void;
  /** A file that cannot be read: the old contents stay in use. Said once per error. */
  unreadable(path: string, error: NodeJS.ErrnoException): void;
}

interface State {
  watched: Watched;
  seen: Buffer[];
  pending?: Buffer[];
  lastError?: string;
}

const same = (a: Buffer[], b: Buffer[]) => a.length === b.length && a.every((x, i) => x.equals(b[i]!));

export class Poller {
  private readonly states: State[] = [];
  private timer?: NodeJS.Timeout;

  constructor(private readonly intervalMs: number) {}

  /** Watches files whose current contents (`initial`) are in use now. */
  add(watched: Watched, initial: Buffer[]): void {
    this.states.push({ watched, seen: initial });
  }

  start(): void {
    // unref: a poll never keeps the process alive on its own (shutdown ends when the servers close).
    this.timer = setInterval(() => this.poll(), this.intervalMs).unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** One round over every watched set (the interval's work; tests call it directly too). */
  poll(): void {
    for (const s of this.states) this.check(s);
  }

  private check(s: State): void {
    let now: Buffer[];
    try {
      now = s.watched.paths.map((p) => readFileSync(p));
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      const key = `${err.path}:${err.code}`;
      if (s.lastError !== key) s.watched.unreadable(err.path ?? s.watched.paths[0]!, err);
      s.lastError = key;
      s.pending = undefined;
      return;
    }
    s.lastError = undefined;
    if (same(now, s.seen)) {
      s.pending = undefined;
      return;
    }
    if (!s.pending || !same(now, s.pending)) {
      s.pending = now;
      return;
    }
    s.pending = undefined;
    s.seen = now;
    try {
      s.watched.apply(now);
    } catch {
      // apply reported it; `seen` moved on so the same bad contents are not tried every poll
    }
  }
}
