/**
 * The webhook's metrics in the Prometheus text exposition format (version 0.0.4): a counter by
 * label, a histogram and a gauge, which is all `webhook serve` exports. No client library: the
 * format is a few lines of text, and the package adds no runtime dependency (docs/dependencies.md).
 */
import { VERSION } from '../version.js';

export const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** A label value as the text format writes it: backslash, double quote and newline escaped. */
function labelValue(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function labels(pairs: Record<string, string>): string {
  const keys = Object.keys(pairs);
  return keys.length === 0 ? '' : `{${keys.map((k) => `${k}="${labelValue(pairs[k]!)}"`).join(',')}}`;
}

/** A number as Prometheus reads it (`+Inf`, never JavaScript's `Infinity`). */
function num(n: number): string {
  return n === Infinity ? '+Inf' : String(n);
}

interface Metric {
  render(): string;
}

/** A counter with one label; the label values given up front are exported at 0 from the start. */
export class Counter implements Metric {
  private readonly values = new Map<string, number>();
  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly label: string,
    known: readonly string[],
  ) {
    for (const k of known) this.values.set(k, 0);
  }
  inc(value: string): void {
    this.values.set(value, (this.values.get(value) ?? 0) + 1);
  }
  get(value: string): number {
    return this.values.get(value) ?? 0;
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const [k, v] of this.values) lines.push(`${this.name}${labels({ [this.label]: k })} ${v}`);
    return lines.join('\n');
  }
}

/** A histogram without labels: cumulative buckets, `_sum` and `_count`. */
export class Histogram implements Metric {
  private readonly counts: number[];
  private sum = 0;
  private count = 0;
  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly buckets: readonly number[],
  ) {
    this.counts = buckets.map(() => 0);
  }
  observe(value: number): void {
    this.sum += value;
    this.count++;
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]!) this.counts[i]!++;
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    this.buckets.forEach((b, i) => lines.push(`${this.name}_bucket${labels({ le: num(b) })} ${this.counts[i]}`));
    lines.push(`${this.name}_bucket{le="+Inf"} ${this.count}`, `${this.name}_sum ${this.sum}`, `${this.name}_count ${this.count}`);
    return lines.join('\n');
  }
}

/** A gauge with fixed labels and a fixed value (build info). */
class Info implements Metric {
  constructor(
    private readonly name: string,
    private readonly help: string,
    private readonly pairs: Record<string, string>,
  ) {}
  render(): string {
    return [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} gauge`, `${this.name}${labels(this.pairs)} 1`].join('\n');
  }
}

/**
 * `rejected`: a request on /mutate answered with a 4xx before the engine saw it (wrong method or
 * content type, a body over --max-body, a client that stopped sending); the rest are the
 * engine's outcomes (src/admission/review.ts); `error`: the engine threw, which it must never do
 * (answered 500, logged).
 */
export const OUTCOMES = ['patched', 'unchanged', 'skipped', 'unreadable', 'invalid', 'rejected', 'error'] as const;
export type ServerOutcome = (typeof OUTCOMES)[number];

/**
 * Seconds. An admission answer takes well under a millisecond to a few milliseconds (BENCHMARKS.md,
 * webhook); the API server gives up at the webhook's timeoutSeconds (1-30 s), so the top buckets
 * show answers that came close to it.
 */
export const DURATION_BUCKETS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  readonly requests = new Counter('pod_sequencer_admission_requests_total', 'Admission requests on /mutate, by outcome.', 'outcome', OUTCOMES);
  readonly duration = new Histogram('pod_sequencer_admission_duration_seconds', 'Time from a request on /mutate to its answer, in seconds.', DURATION_BUCKETS);
  readonly configReloads = new Counter('pod_sequencer_config_reloads_total', 'Reloads of the --config file, by result.', 'result', ['success', 'failure']);
  readonly certReloads = new Counter('pod_sequencer_tls_reloads_total', 'Reloads of the --tls-cert and --tls-key files, by result.', 'result', [
    'success',
    'failure',
  ]);
  private readonly info = new Info('pod_sequencer_build_info', 'The running pod-sequencer: version and Node.js release.', {
    version: VERSION,
    nodejs: process.version,
  });

  render(): string {
    return [this.requests, this.duration, this.configReloads, this.certReloads, this.info].map((m) => m.render()).join('\n') + '\n';
  }
}
