/**
 * Dependencies written as URLs (ConfigMap `dependencies` and the workload annotation
 * `pod-sequencer.dev/dependencies`), and the names derived from their hosts.
 */
import type { Dependency } from './types.js';
import { checkDnsName, checkHostPort, checkHttpUrl, splitHostPort } from './values.js';

export const dependencyDefaults = { timeoutSeconds: 300, periodSeconds: 2 };

/** A dependency's name becomes the init container `seq-wait-<name>`, at most 63 characters. */
const maxNameLength = 63 - 'seq-wait-'.length;

/** The host a dependency waits for. */
export function dependencyHost(dep: { http?: string; tcp?: string; dns?: string }): string {
  if (dep.http !== undefined) {
    try {
      return new URL(dep.http).hostname;
    } catch {
      return '';
    }
  }
  if (dep.tcp !== undefined) return splitHostPort(dep.tcp)?.host ?? '';
  return dep.dns ?? '';
}

/**
 * Names a dependency after its host's first label (the whole address for IPs), made a valid
 * DNS-1123 label, with -2, -3... when `taken` already holds it. Adds the name to `taken`.
 */
export function dependencyName(host: string, taken: Set<string>): string {
  const isIp = /^[\d.]+$/.test(host) || host.includes(':');
  const base =
    (isIp ? host : host.split('.')[0])
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'dependency';
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const name = base.slice(0, maxNameLength - suffix.length).replace(/-+$/, '') + suffix;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

const urlForms = 'http://..., https://..., tcp://host:port or dns://name';

/** One dependency URL as {http} | {tcp} | {dns}, or what is wrong with it. */
export function parseDependencyUrl(url: string): { http?: string; tcp?: string; dns?: string } | string {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1].toLowerCase();
  if (scheme === 'http' || scheme === 'https') return checkHttpUrl(url) ?? { http: url };
  const rest = url.slice((scheme?.length ?? 0) + 3);
  const inUrl = (problem: string | undefined) => problem && `in '${url}': ${problem}`;
  if (scheme === 'tcp') return inUrl(checkHostPort(rest)) ?? { tcp: rest };
  if (scheme === 'dns') return inUrl(checkDnsName(rest)) ?? { dns: rest };
  return `'${url}' is not accepted; write ${urlForms}`;
}

/**
 * Parses a comma list of dependency URLs into dependencies with default timing. Names are
 * derived from hosts and kept unique against `taken` (which this adds to).
 */
export function parseDependencyList(list: string, taken: Set<string> = new Set()): { dependencies: Dependency[]; problems: string[] } {
  const dependencies: Dependency[] = [];
  const problems: string[] = [];
  for (const url of list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const parsed = parseDependencyUrl(url);
    if (typeof parsed === 'string') problems.push(parsed);
    else dependencies.push({ name: dependencyName(dependencyHost(parsed), taken), ...parsed, ...dependencyDefaults });
  }
  return { dependencies, problems };
}
