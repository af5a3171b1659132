/**
 * Versioned vendor facts (issue 15): every row of a vendor table holds for a release range of
 * that vendor, compared on the vendor's own numbering (Istio 1.24.0, Linkerd 2.19, Kuma 2.14.0,
 * cloud-sql-proxy 2.8.0), and names where it was read (`owner/repo@tag:path`).
 */

/** A release range: `since` included, `until` excluded; an absent end is open. */
export interface Releases {
  since?: string;
  until?: string;
}

/** One fact and where it holds. */
export interface Fact<T> extends Releases {
  value: T;
  /** `owner/repo@tag:path`: the vendor's file, at a release the row holds for, that states it. */
  source: string;
  /** Text the source holds that shows the fact (test/profiles/facts.test.ts reads it there). */
  quote: string;
  /** `owner/repo@tag:path` of the release before `since`, where the fact is not yet there. */
  absentAt?: string;
  /** The row to use when the version is not known (else the newest row). */
  whenUnknown?: boolean;
  /** Further evidence the fact needs (a default in one file, the condition in another), each read like `source`. */
  also?: { source: string; quote: string }[];
}

/** The numbers of a version ("v2.14.0", "1.24", "stable-2.14.10" -> [2, 14, 0]); undefined if none. */
export function versionParts(v: string): number[] | undefined {
  const m = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(v);
  return m ? [m[1], m[2], m[3]].map((x) => Number(x ?? 0)) : undefined;
}

/** <0, 0, >0 as a is older than, the same as, newer than b (missing parts count as 0). */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [versionParts(a) ?? [], versionParts(b) ?? []];
  for (let i = 0; i < 3; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export function holds(r: Releases, version: string): boolean {
  return (r.since === undefined || compareVersions(version, r.since) >= 0) && (r.until === undefined || compareVersions(version, r.until) < 0);
}

/**
 * The row that holds for `version`; with no version, the row marked `whenUnknown`, else the
 * newest (open-ended) one. Undefined when no row holds: the release does not have the fact.
 */
export function factAt<T>(rows: readonly Fact<T>[] | undefined, version: string | undefined): Fact<T> | undefined {
  if (!rows) return undefined;
  if (version === undefined) return rows.find((r) => r.whenUnknown) ?? rows.find((r) => r.until === undefined);
  return rows.find((r) => holds(r, version));
}

/**
 * Every row that holds for `version` (lists: native keys to read, ports that can move); with no
 * version, every row, since any release's key or annotation found on a pod is evidence.
 */
export function factsAt<T>(rows: readonly Fact<T>[] | undefined, version: string | undefined): Fact<T>[] {
  if (!rows) return [];
  return version === undefined ? [...rows] : rows.filter((r) => holds(r, version));
}

/** "since 1.24.0", "until 2.14.0", "2.8.0 to 2.25.3", "all": how a range reads in docs and results. */
export function describeReleases(r: Releases): string {
  if (r.since && r.until) return `${r.since} – <${r.until}`;
  if (r.since) return `≥ ${r.since}`;
  if (r.until) return `< ${r.until}`;
  return 'all';
}
