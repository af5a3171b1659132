/**
 * Timeouts reach the vendor commands (issue 15): the configured timeoutSeconds is passed to each
 * profile's own wait through its budget flag (src/profiles/*.ts waitBudget rows:
 * istio/istio@1.30.0:pilot/cmd/pilot-agent/app/wait.go --timeoutSeconds,
 * GoogleCloudPlatform/cloud-sql-proxy@v2.25.3:cmd/root.go --max,
 * linkerd/linkerd2@version-2.20:charts/partials/templates/_proxy.tpl --timeout,
 * kumahq/kuma@v2.14.0:app/kuma-dp/cmd/wait.go --timeout).
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { loadConfig, typed } from '../config/helpers.js';

const deployment = (sidecar: string, image: string, hook?: string[]) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  template:
    spec:
      containers:
      - name: ${sidecar}
        image: ${image}${hook ? `\n        lifecycle: {postStart: {exec: {command: ${JSON.stringify(hook)}}}}` : ''}
      - {name: web, image: web:1}
`;

function hookOf(text: string, sidecars: unknown[]): { hook?: string[]; changed: boolean; output: string } {
  const { config, errors } = loadConfig(typed({ kubernetesVersion: '1.28', sidecars })); // classic: the postStart wait carries the budget;
  expect(errors).toEqual([]);
  const out = runFiles([readManifest('d.yaml', [], text)], config).files[0]!.output ?? text;
  const doc = parse(out) as { spec: { template: { spec: { containers: { lifecycle?: { postStart?: { exec?: { command?: string[] } } } }[] } } } };
  return { hook: doc.spec.template.spec.containers[0]!.lifecycle?.postStart?.exec?.command, changed: out !== text, output: out };
}

describe('the configured timeoutSeconds reaches the vendor wait command', () => {
  it.each([
    ['istio', 'istio-proxy', 'docker.io/istio/proxyv2:1.30.0', ['pilot-agent', 'wait', '--timeoutSeconds=300']],
    ['cloud-sql-proxy', 'cloud-sql-proxy', 'gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.25.3', ['/cloud-sql-proxy', 'wait', '--max=300s']],
    ['linkerd', 'linkerd-proxy', 'cr.l5d.io/linkerd/proxy:edge-25.4.1', ['/usr/lib/linkerd/linkerd-await', '--port=4191', '--timeout=300s']],
    ['kuma', 'kuma-sidecar', 'kumahq/kuma-dp:2.14.0', ['kuma-dp', 'wait', '--url', 'http://localhost:9902/ready', '--timeout=300s']],
  ])('%s', (profile, name, image, expected) => {
    const { hook, output } = hookOf(deployment(name, image), [{ profile, timeoutSeconds: 300 }]);
    expect(hook).toEqual(expected);
    // A second run changes nothing.
    expect(hookOf(output, [{ profile, timeoutSeconds: 300 }]).changed).toBe(false);
  });

  it('a changed timeout updates our hook; a wait command the config wrote is left as written', () => {
    const first = hookOf(deployment('istio-proxy', 'istio/proxyv2:1.30.0'), [{ profile: 'istio', timeoutSeconds: 300 }]).output;
    expect(hookOf(first, [{ profile: 'istio', timeoutSeconds: 45 }]).hook).toEqual(['pilot-agent', 'wait', '--timeoutSeconds=45']);
    const own = hookOf(deployment('istio-proxy', 'istio/proxyv2:1.30.0'), [{ profile: 'istio', waitCommand: ['/bin/my-wait', '--x'] }]);
    expect(own.hook).toEqual(['/bin/my-wait', '--x']);
  });

  it("the injector's own bare `pilot-agent wait` already holds the app: the manifest is left as it is", () => {
    const text = deployment('istio-proxy', 'istio/proxyv2:1.30.0', ['pilot-agent', 'wait']);
    expect(hookOf(text, [{ profile: 'istio' }]).changed).toBe(false);
  });
});
