/**
 * Envoy by evidence (issue 27): its admin listener, and so its readiness and quit endpoints, is
 * read from the bootstrap its container loads (src/pod/bootstrap.ts); with none in the input, no
 * gate and an info result; on loopback, a postStart wait instead of a startupProbe.
 */
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { runFilter } from '../../src/run.js';
import { said } from '../helpers/said.js';

type Obj = Record<string, any>;

const configMap = (name: string, data: Record<string, string>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data });

const deployment = (envoy: Obj, volumes: Obj[] = [{ name: 'envoy-config', configMap: { name: 'envoy' } }]) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: {
    template: {
      spec: {
        containers: [
          { name: 'web', image: 'registry.example.com/web:1', ports: [{ containerPort: 8080 }] },
          { name: 'envoy', image: 'envoyproxy/envoy:v1.31.2', volumeMounts: [{ name: 'envoy-config', mountPath: '/etc/envoy' }], ...envoy },
        ],
        volumes,
      },
    },
  },
});

const bootstrap = (admin?: Obj) => stringify({ ...(admin && { admin }), static_resources: { listeners: [] } });
const socket = (address: string, port: number) => ({ address: { socket_address: { address, port_value: port } } });

function run(items: Obj[], kubernetesVersion: string) {
  const input = stringify({
    apiVersion: 'config.kubernetes.io/v1',
    kind: 'ResourceList',
    items,
    functionConfig: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { kubernetesVersion } },
  });
  const out = runFilter(input);
  const list = parse(out.stdout) as Obj;
  const w = (list.items as Obj[]).find((i) => i.kind !== 'ConfigMap')!;
  const pod = w.spec.template?.spec ?? w.spec;
  const all = [...(pod.initContainers ?? []), ...pod.containers] as Obj[];
  return { out, pod, envoy: all.find((c) => c.name === 'envoy')!, messages: out.results.map((r) => `${r.severity}: ${said(r)}`) };
}

const args = ['-c', '/etc/envoy/envoy.yaml'];

describe('the admin listener from the bootstrap in a ConfigMap', () => {
  it('127.0.0.1:8100, Kubernetes 1.30: stays classic, held by a postStart wait on that port, and says why', () => {
    const r = run(
      [deployment({ args }), configMap('envoy', { 'envoy.yaml': bootstrap({ access_log_path: '/dev/null', ...socket('127.0.0.1', 8100) }) })],
      '1.30',
    );
    expect(r.pod.containers.map((c: Obj) => c.name)).toEqual(['envoy', 'web']);
    expect(r.envoy.restartPolicy).toBeUndefined();
    expect(r.envoy.startupProbe).toBeUndefined();
    expect(JSON.stringify(r.envoy.lifecycle.postStart.exec.command)).toContain('http://127.0.0.1:8100/ready');
    expect(r.messages.join('\n')).toMatch(
      /warning: kept envoy classic: no startupProbe could reach it, so a postStart wait holds the app \| It is not made a native sidecar: its bootstrap's admin address 127\.0\.0\.1:8100 \(ConfigMap envoy key envoy\.yaml, loaded by \/etc\/envoy\/envoy\.yaml\) keeps its health endpoint on loopback/,
    );
  });

  it('0.0.0.0:8001, Kubernetes 1.30: a native sidecar with a startupProbe on /ready at 8001', () => {
    const r = run([deployment({ args }), configMap('envoy', { 'envoy.yaml': bootstrap(socket('0.0.0.0', 8001)) })], '1.30');
    expect(r.envoy.restartPolicy).toBe('Always');
    expect(r.envoy.startupProbe.httpGet).toMatchObject({ path: '/ready', port: 8001 });
  });

  it('no admin block: no gate, and an info finding (sidecar-endpoints-unknown) says what would make one', () => {
    for (const v of ['1.28', '1.30']) {
      const r = run([deployment({ args }), configMap('envoy', { 'envoy.yaml': bootstrap() })], v);
      expect(r.envoy.lifecycle).toBeUndefined();
      expect(r.envoy.startupProbe).toBeUndefined();
      expect(r.messages.join('\n')).toMatch(
        /info: envoy gets no readiness gate and no quit call: no Envoy admin listener is in the input \| .*its bootstrap \(ConfigMap envoy key envoy\.yaml, loaded by \/etc\/envoy\/envoy\.yaml\) has no admin address\. To gate on it, add an admin block/,
      );
      expect(r.messages.join('\n')).not.toMatch(/9901/);
    }
  });

  it('admin on :: without ipv4_compat: a postStart wait on [::1], never a probe to the (IPv4) pod IP; with it, native', () => {
    const v6 = run([deployment({ args }), configMap('envoy', { 'envoy.yaml': bootstrap(socket('::', 9901)) })], '1.30');
    expect(v6.envoy.startupProbe).toBeUndefined();
    expect(v6.envoy.lifecycle.postStart.exec.command.join(' ')).toContain('http://[::1]:9901/ready');
    expect(v6.messages.join('\n')).toMatch(/takes IPv6 connections only/);
    const compat = { address: { socket_address: { address: '::', port_value: 9901, ipv4_compat: true } } };
    expect(run([deployment({ args }), configMap('envoy', { 'envoy.yaml': bootstrap(compat) })], '1.30').envoy.startupProbe.httpGet.port).toBe(9901);
  });

  it('an Envoy started by sh -c: the flags are read from the script', () => {
    const r = run(
      [
        deployment({ command: ['sh', '-c', 'exec envoy -c "/etc/envoy/envoy.yaml" --service-cluster web'] }),
        configMap('envoy', { 'envoy.yaml': bootstrap(socket('127.0.0.1', 8100)) }),
      ],
      '1.28',
    );
    expect(r.envoy.lifecycle.postStart.exec.command.join(' ')).toContain('http://127.0.0.1:8100/ready');
  });

  it('admin on a Unix socket (pipe): no TCP gate', () => {
    const r = run([deployment({ args }), configMap('envoy', { 'envoy.yaml': bootstrap({ address: { pipe: { path: '/tmp/admin.sock' } } }) })], '1.28');
    expect(r.envoy.lifecycle).toBeUndefined();
    expect(r.messages.join('\n')).toMatch(/Unix socket \(\/tmp\/admin\.sock\)/);
  });

  it('JSON bootstrap, --config-path=, a subPath mount and items that rename the key', () => {
    const json = JSON.stringify({ admin: socket('127.0.0.1', 9000) });
    const subPath = deployment({
      args: ['--config-path=/etc/envoy/envoy.json'],
      volumeMounts: [{ name: 'envoy-config', mountPath: '/etc/envoy/envoy.json', subPath: 'bootstrap.json' }],
    });
    expect(run([subPath, configMap('envoy', { 'bootstrap.json': json })], '1.28').envoy.lifecycle.postStart.exec.command.join(' ')).toContain(
      '127.0.0.1:9000/ready',
    );
    const items = deployment({ args: ['-c', '/etc/envoy/envoy.json'] }, [
      { name: 'envoy-config', configMap: { name: 'envoy', items: [{ key: 'b', path: 'envoy.json' }] } },
    ]);
    expect(run([items, configMap('envoy', { b: json })], '1.28').envoy.lifecycle.postStart.exec.command.join(' ')).toContain('127.0.0.1:9000/ready');
  });

  it('--config-yaml inline, alone or merged over the file (its admin wins)', () => {
    const inline = deployment({ args: ['--config-yaml', `admin: {address: {socket_address: {address: 127.0.0.1, port_value: 9100}}}`] });
    expect(run([inline], '1.28').envoy.lifecycle.postStart.exec.command.join(' ')).toContain('127.0.0.1:9100/ready');
    const over = deployment({ args: [...args, '--config-yaml', JSON.stringify({ admin: socket('127.0.0.1', 9200) })] });
    expect(
      run([over, configMap('envoy', { 'envoy.yaml': bootstrap(socket('127.0.0.1', 8100)) })], '1.28').envoy.lifecycle.postStart.exec.command.join(' '),
    ).toContain('127.0.0.1:9200/ready');
  });

  it('the ConfigMap or its key missing from the input, or no bootstrap flag: no gate, and the result names what is missing', () => {
    expect(run([deployment({ args })], '1.28').messages.join('\n')).toMatch(/info: envoy gets no readiness gate .*ConfigMap envoy is not in the input/);
    expect(run([deployment({ args }), configMap('envoy', { other: 'x' })], '1.28').messages.join('\n')).toMatch(/ConfigMap envoy has no key envoy\.yaml/);
    expect(run([deployment({})], '1.28').messages.join('\n')).toMatch(/its command names no bootstrap \(-c, --config-path, --config-yaml\)/);
  });

  it("no bootstrap in the input, but the container's own probe on /ready shows the admin port (and the pod IP reaches it)", () => {
    const probed = deployment({ readinessProbe: { httpGet: { path: '/ready', port: 9901 } } });
    const native = run([probed], '1.30').envoy;
    expect(native.restartPolicy).toBe('Always');
    expect(native.startupProbe.httpGet).toMatchObject({ path: '/ready', port: 9901 });
    expect(run([probed], '1.28').envoy.lifecycle.postStart.exec.command.join(' ')).toContain('http://127.0.0.1:9901/ready');
  });

  it('a Job: the wrapper waits on and quits the admin listener the bootstrap declares', () => {
    const job = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'sync' },
      spec: { template: { spec: { ...deployment({ args }).spec.template.spec, restartPolicy: 'Never' } } },
    };
    job.spec.template.spec.containers[0] = { name: 'sync', image: 'registry.example.com/sync:1', command: ['/sync'] } as never;
    const r = run([job, configMap('envoy', { 'envoy.yaml': bootstrap(socket('127.0.0.1', 8100)) })], '1.28');
    const app = (r.pod.containers as Obj[]).find((c) => c.name === 'sync')!;
    expect(app.command.join(' ')).toContain('http://127.0.0.1:8100/quitquitquit');
    expect(app.command.join(' ')).not.toContain('9901');
  });

  it('readiness named in the config is evidence: kept, and the quit call is on the same listener', () => {
    const input = stringify({
      apiVersion: 'config.kubernetes.io/v1',
      kind: 'ResourceList',
      items: [deployment({})],
      functionConfig: {
        apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
        kind: 'PodSequence',
        metadata: { name: 'c' },
        spec: { kubernetesVersion: '1.28', sidecars: [{ profile: 'envoy', readiness: { http: 'http://127.0.0.1:9901/ready' } }] },
      },
    });
    const out = runFilter(input);
    const envoy = (parse(out.stdout) as Obj).items[0].spec.template.spec.containers[0];
    expect(envoy.name).toBe('envoy');
    expect(envoy.lifecycle.postStart.exec.command.join(' ')).toContain('127.0.0.1:9901/ready');
  });
});
