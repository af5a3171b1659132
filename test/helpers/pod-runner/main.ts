/**
 * The child process that runs one pod (index.ts bundles this file and starts it): reads the
 * PodRunSpec from the JSON file named by argv[2], prints each event as a line `E <json>` as it
 * happens and the result as `R <json>`. Inside private namespaces (POD_RUNNER_ISOLATED=1) it first
 * bind-mounts the pod's hosts file over /etc/hosts, so dependency names resolve to loopback for
 * this pod only, and the pod has an address of its own (POD_IP); otherwise it holds a lock on every fixed port it will listen on.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDependency } from './dependencies.js';
import { PodRunner, type PodRunSpec } from './kubelet.js';
import { lockPorts } from '../port-lock.js';
import { sidecarKind } from './sidecars.js';
import { StandInSidecar } from './standin.js';
import { POD_IP } from './pod-ip.js';

async function main(): Promise<void> {
  const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as PodRunSpec;
  let unlock = () => {};
  if (process.env.POD_RUNNER_ISOLATED === '1') {
    spec.hostsFile = join(spec.podDir, 'hosts');
    writeFileSync(spec.hostsFile, `127.0.0.1 localhost ${spec.facts.name}\n::1 localhost ip6-localhost\n`);
    execFileSync('mount', ['--bind', spec.hostsFile, '/etc/hosts']);
    spec.listenHost = '::';
    spec.facts.podIp = POD_IP;
  } else {
    spec.listenHost = '127.0.0.1';
    const all = [...(spec.pod.initContainers ?? []), ...(spec.pod.containers ?? [])];
    const ports = [
      ...all.flatMap((c) => {
        const k = sidecarKind(c, spec.facts.annotations, spec.sidecars);
        return k ? StandInSidecar.ports(k) : [];
      }),
      ...(spec.dependencies ?? []).flatMap((u) => parseDependency(u)?.port ?? []),
    ];
    unlock = await lockPorts(ports);
  }
  try {
    const runner = new PodRunner(spec, (e) => process.stdout.write(`E ${JSON.stringify(e)}\n`));
    const result = await runner.run();
    process.stdout.write(`R ${JSON.stringify({ phase: result.phase, exitCodes: result.exitCodes })}\n`);
  } finally {
    unlock();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stdout.write(`X ${JSON.stringify(String(e instanceof Error ? e.stack : e))}\n`);
    process.exit(1);
  },
);
