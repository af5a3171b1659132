/**
 * cloud-sql-proxy's health endpoints listen on `--http-address` (or `CSQL_PROXY_HTTP_ADDRESS`),
 * "localhost" by default (GoogleCloudPlatform/cloud-sql-proxy@v2.25.3:cmd/root.go). The kubelet
 * sends a native sidecar's startupProbe to the pod IP, so an address the user set to loopback
 * keeps the sidecar classic (or, already native, gets no probe: sidecar-no-readiness-gate), with a
 * warning naming the flag and the fix; pod-sequencer never widens it itself.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { defaultConfig } from '../../src/config/resolve.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import type { Result } from '../../src/krm/types.js';
import { loopbackListener } from '../../src/pod/ports.js';
import { profileAt } from '../../src/profiles/index.js';
import { said } from '../helpers/said.js';

/** A Deployment with the proxy after the app (classic) or as a native sidecar. */
const deployment = (more: string, native = false) => {
  const proxy = `      - name: cloud-sql-proxy\n        image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1\n${native ? '        restartPolicy: Always\n' : ''}${more}`;
  const app = '      - name: api\n        image: app:1\n        command: [./api]\n';
  const pod = native ? `      initContainers:\n${proxy}      containers:\n${app}` : `      containers:\n${app}${proxy}`;
  return `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api}\nspec:\n  template:\n    spec:\n${pod}`;
};

type C = { name: string; args?: string[]; startupProbe?: unknown; lifecycle?: { postStart?: unknown } };
function run(text: string) {
  const out = runFiles([readManifest('d.yaml', [], text)], { ...defaultConfig(), kubernetesVersion: '1.30' });
  const file = out.files[0]!;
  const spec = (parse(file.output ?? text) as { spec: { template: { spec: { containers: C[]; initContainers?: C[] } } } }).spec.template.spec;
  const all = [...(spec.initContainers ?? []), ...spec.containers];
  return { spec, proxy: all.find((c) => c.name === 'cloud-sql-proxy')!, results: out.findings.map((f) => f.result) as Result[] };
}
const warnings = (results: Result[]) => results.filter((r) => r.severity === 'warning').map(said);

describe('cloud-sql-proxy on a loopback address', () => {
  it('--http-address=127.0.0.1 stays classic, held by its postStart wait, with a warning naming the flag and the fix', () => {
    const text = deployment('        args: ["--http-address=127.0.0.1", "p:r:db"]\n');
    const { spec, proxy: c, results } = run(text);
    expect(spec.initContainers ?? []).toEqual([]);
    expect(spec.containers.map((x) => x.name)).toEqual(['cloud-sql-proxy', 'api']);
    expect(c.args).toEqual(['--http-address=127.0.0.1', 'p:r:db', '--health-check']);
    expect(c.lifecycle?.postStart).toBeDefined();
    expect(warnings(results)).toEqual([
      expect.stringMatching(
        /^kept cloud-sql-proxy classic: .* \| It is not made a native sidecar: its --http-address=127\.0\.0\.1 keeps its health endpoint on loopback.*Set --http-address=0\.0\.0\.0 .* \| fix: --http-address=0\.0\.0\.0$/,
      ),
    ]);
  });

  it('the env form (CSQL_PROXY_HTTP_ADDRESS=localhost) counts the same: no --http-address=0.0.0.0 overrides it', () => {
    const { spec, proxy: c, results } = run(deployment('        env: [{name: CSQL_PROXY_HTTP_ADDRESS, value: localhost}]\n'));
    expect(spec.initContainers ?? []).toEqual([]);
    expect(c.args ?? []).not.toContain('--http-address=0.0.0.0');
    expect(warnings(results)[0]).toContain('env CSQL_PROXY_HTTP_ADDRESS=localhost');
  });

  it('already native: no startupProbe (it would never pass) and no address flag, with a warning', () => {
    const { proxy: c, results } = run(deployment('        args: ["--http-address", "::1", "p:r:db"]\n', true));
    expect(c.startupProbe).toBeUndefined();
    expect(c.args).toEqual(['--http-address', '::1', 'p:r:db', '--health-check']);
    expect(warnings(results)).toEqual([
      expect.stringMatching(
        /^native sidecar cloud-sql-proxy has no startupProbe, .* \| No probe can reach it: its --http-address=::1 keeps its health endpoint on loopback.*Set --http-address=0\.0\.0\.0, then.* \| fix: --http-address=0\.0\.0\.0$/,
      ),
    ]);
    expect(results.find((r) => r.severity === 'warning')?.tags?.rule).toBe('sidecar-no-readiness-gate');
  });

  it('the default address and 0.0.0.0 become native with a probe, as before', () => {
    for (const args of ['', '        args: ["--http-address=0.0.0.0"]\n']) {
      const { spec, proxy: c, results } = run(deployment(args));
      expect(spec.initContainers!.map((x) => x.name)).toEqual(['cloud-sql-proxy']);
      expect(c.startupProbe).toBeDefined();
      expect(c.args).toContain('--http-address=0.0.0.0');
      expect(warnings(results)).toEqual([]);
    }
  });
});

describe('loopbackListener (src/profiles/cloud-sql-proxy.ts listenAddress)', () => {
  const spec = { ...defaultConfig().sidecars.find((s) => s.profile === 'cloud-sql-proxy')!, version: '2.14.1' };
  it('reads the flag before the env, loopback forms only', () => {
    const at = (args: string[], env: { name: string; value: string }[] = []) => loopbackListener(spec, { name: 'p', args, env } as never);
    expect(at(['--http-address=127.0.0.1'])).toBe('--http-address=127.0.0.1');
    expect(at(['-http-address', 'localhost'])).toBe('--http-address=localhost');
    expect(at(['--http-address=[::1]'])).toBe('--http-address=[::1]');
    expect(at(['--http-address=127.1.2.3'])).toBe('--http-address=127.1.2.3');
    expect(at(['--http-address=0.0.0.0'], [{ name: 'CSQL_PROXY_HTTP_ADDRESS', value: '127.0.0.1' }])).toBeUndefined();
    expect(at([], [{ name: 'CSQL_PROXY_HTTP_ADDRESS', value: '127.0.0.1' }])).toBe('env CSQL_PROXY_HTTP_ADDRESS=127.0.0.1');
    expect(at(['--http-address=10.0.0.5'])).toBeUndefined();
    expect(at([])).toBeUndefined();
  });

  it('v1 (gce-proxy) has no such setting', () => {
    expect(profileAt('cloud-sql-proxy', '1.33.0').listenAddress).toBeUndefined();
    expect(profileAt('cloud-sql-proxy', '2.0.0').listenAddress).toEqual({ flag: '--http-address', env: 'CSQL_PROXY_HTTP_ADDRESS', default: 'localhost' });
  });
});
