/**
 * Linkerd's edge releases read as the stable minor whose facts they have (src/profiles/linkerd.ts,
 * `edges`): each row is the first edge with a fact whose row starts at that minor, read there by
 * test/profiles/facts.test.ts (and absent at the edge before). Here: every release a Linkerd fact
 * starts or ends at has its edge row, so a new fact cannot leave edges reading as the wrong minor;
 * and what an edge-tagged proxy in a Job gets.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { defaultConfig } from '../../src/config/resolve.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { asRelease, tableOf } from '../../src/profiles/index.js';
import type { Fact } from '../../src/profiles/versions.js';
import { migrateJob } from '../helpers/manifests.js';

const linkerd = tableOf('linkerd');

describe('Linkerd edge releases', () => {
  it('every since/until of a Linkerd fact is the minor of an edge row (from the oldest supported on)', () => {
    const bounds = new Set(
      Object.entries(linkerd)
        .filter(([k, v]) => k !== 'edges' && Array.isArray(v))
        .flatMap(([, v]) => (v as Fact<unknown>[]).flatMap((r) => [r.since, r.until]))
        .filter((x): x is string => x !== undefined),
    );
    const rows = (linkerd.edges ?? []).map((r) => r.value.as);
    expect([...bounds].filter((b) => !rows.includes(b))).toEqual([]);
    expect(rows[0]).toBe(linkerd.releases.oldest);
  });

  it('rows are in order, edges and minors alike', () => {
    const rows = (linkerd.edges ?? []).map((r) => r.value);
    const sorted = [...rows].sort((a, b) => a.edge.localeCompare(b.edge, 'en', { numeric: true }));
    expect(rows).toEqual(sorted);
    expect(rows.map((r) => r.as)).toEqual([...rows.map((r) => r.as)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
  });

  it.each([
    ['edge-23.11.3', undefined], // older than every supported fact: unknown
    ['edge-23.11.4', '2.15'],
    ['edge-24.6.1', '2.15'],
    ['edge-24.6.2', '2.16'],
    ['edge-25.4.1', '2.16'], // 2.16 to 2.18 have the same facts
    ['edge-25.10.1', '2.16'],
    ['edge-25.10.2', '2.19'],
    ['edge-26.5.2', '2.20'],
    ['edge-26.8.3', '2.20'],
    ['2.18', '2.18'],
  ])('%s reads as %s', (edge, minor) => {
    expect(asRelease('linkerd', edge)).toBe(minor);
  });

  const job = (tag: string) => migrateJob(`      - name: linkerd-proxy\n        image: cr.l5d.io/linkerd/proxy:${tag}\n`);
  const envOf = (tag: string) => {
    const out = runFiles([readManifest('job.yaml', [], job(tag))], { ...defaultConfig(), kubernetesVersion: '1.28' }).files[0]!.output!; // classic: the env switch is for the Job wrapper
    const spec = (parse(out) as { spec: { template: { spec: { containers: { name: string; env?: unknown }[] } } } }).spec.template.spec;
    return spec.containers.find((c) => c.name === 'linkerd-proxy')!.env;
  };

  it('the shutdown switch (env) is set from the edge that reads it (edge-24.6.2); before, the endpoint is always on', () => {
    expect(envOf('edge-24.6.1')).toBeUndefined();
    expect(envOf('edge-24.6.2')).toEqual([{ name: 'LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED', value: 'true' }]);
    expect(envOf('edge-26.8.3')).toEqual([{ name: 'LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED', value: 'true' }]);
  });
});
