/**
 * Evidence before names and defaults (issue 14): manifests that vendors' tools already sequenced
 * come out as they went in, with the default config and with kubernetesVersion 1.30; `check`
 * agrees with what `fix` does. Shapes follow what `istioctl kube-inject` (1.24+, native),
 * `linkerd inject` (native on), Google's cloud-sql-proxy examples and Contour's quickstart write.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/load.js';
import { defaultConfig } from '../../src/config/resolve.js';
import type { Config } from '../../src/config/types.js';
import { stripResults } from '../helpers/golden.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { runFilter } from '../../src/run.js';
import { said } from '../helpers/said.js';

/** Classic sidecars: the cases about wrappers, holds and postStart waits state them (the default is native). */
const classic = () => ({ ...defaultConfig(), kubernetesVersion: '1.28' });

const list = (items: string, version?: string) =>
  `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${items.replace(/^(?=.)/gm, '  ').replace(/^ {2}/, '- ')}` +
  (version ? `functionConfig: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {kubernetesVersion: "${version}"}}\n` : '');

const istioNative = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: productpage
spec:
  template:
    metadata:
      annotations:
        sidecar.istio.io/status: '{"initContainers":["istio-init","istio-proxy"],"containers":null}'
    spec:
      initContainers:
      - name: istio-init
        image: docker.io/istio/proxyv2:1.24.2
        args: ["istio-iptables", "-p", "15001"]
      - name: istio-proxy
        image: docker.io/istio/proxyv2:1.24.2
        restartPolicy: Always
        args: ["proxy", "sidecar"]
        startupProbe:
          httpGet: {path: /healthz/ready, port: 15021}
          periodSeconds: 1
          failureThreshold: 600
      containers:
      - name: productpage
        image: docker.io/istio/examples-bookinfo-productpage-v1:1.20.2
`;

const cloudSqlNative = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: app
spec:
  template:
    spec:
      initContainers:
      - name: cloud-sql-proxy
        image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1
        restartPolicy: Always
        args: ["--port=5432", "--health-check", "--http-address=0.0.0.0", "project:region:instance"]
        startupProbe:
          httpGet: {path: /startup, port: 9090}
      containers:
      - name: app
        image: app:1
`;

const linkerdNative = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      initContainers:
      - name: linkerd-init
        image: cr.l5d.io/linkerd/proxy-init:v2.4.1
      - name: linkerd-proxy
        image: cr.l5d.io/linkerd/proxy:edge-25.1.1
        restartPolicy: Always
        lifecycle:
          postStart:
            exec:
              command: [/usr/lib/linkerd/linkerd-await, --timeout=2m, --port=4191]
      containers:
      - name: web
        image: web:1
`;

const cronNative = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: report
spec:
  schedule: "0 * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          initContainers:
          - name: istio-proxy
            image: docker.io/istio/proxyv2:1.24.2
            restartPolicy: Always
            startupProbe:
              httpGet: {path: /healthz/ready, port: 15021}
          containers:
          - name: report
            image: busybox
            args: [sh, -c, "echo done"]
`;

const gateway = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: istio-ingressgateway
spec:
  template:
    spec:
      containers:
      - name: istio-proxy
        image: docker.io/istio/proxyv2:1.24.2
        args: [proxy, router]
`;

const contour = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: envoy
  namespace: projectcontour
spec:
  template:
    spec:
      initContainers:
      - name: envoy-initconfig
        image: ghcr.io/projectcontour/contour:v1.30.0
        command: [contour]
        args: [bootstrap, /config/envoy.json]
      containers:
      - name: shutdown-manager
        image: ghcr.io/projectcontour/contour:v1.30.0
        command: [/bin/contour]
        args: [envoy, shutdown-manager]
      - name: envoy
        image: docker.io/envoyproxy/envoy:v1.31.2
        command: [envoy]
        args: [-c, /config/envoy.json]
`;

// Linkerd's identity controller as `linkerd install` renders it: the proxy after the app, no
// linkerd-await hook (it cannot become ready before identity runs), aliases in the text.
const linkerdIdentity = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: linkerd-identity
  namespace: linkerd
spec:
  template:
    metadata:
      annotations:
        linkerd.io/created-by: linkerd/cli stable-2.14.10
        linkerd.io/proxy-version: stable-2.14.10
    spec:
      containers:
      - name: identity
        image: cr.l5d.io/linkerd/controller:stable-2.14.10
        args: [identity]
        env:
        - name: LINKERD_DISABLED
          value: "linkerd-await cannot block the identity controller"
      - name: linkerd-proxy
        image: cr.l5d.io/linkerd/proxy:stable-2.14.10
        env:
        - name: _pod_containerName
          value: &containerName linkerd-proxy
        - name: LINKERD2_PROXY_LOG
          value: warn
`;

// Istio's gateway chart: the gateway injection template makes istio-proxy the gateway, even with
// an additional container beside it.
const istioGatewayChart = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: istio-ingress
  namespace: istio-ingress
spec:
  template:
    metadata:
      annotations:
        inject.istio.io/templates: gateway
      labels:
        sidecar.istio.io/inject: "true"
    spec:
      containers:
        - name: istio-proxy
          image: auto
        - name: additional-container
          image: additional-image:latest
`;

// Contour before its split (linkerd/linkerd2 cli/cmd/testdata/inject_contour.golden.yml): Envoy
// serves the pod's ports beside the contour control plane it takes its configuration from.
const contourWithEnvoy = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: contour
  namespace: heptio-contour
spec:
  template:
    spec:
      containers:
      - name: contour
        image: gcr.io/heptio-images/contour:master
        command: [contour]
        args: [serve, --incluster]
      - name: envoy
        image: docker.io/envoyproxy/envoy-alpine:v1.6.0
        command: [envoy]
        args: [--config-path /config/contour.yaml]
        ports:
        - containerPort: 8080
          name: http
`;

const cases = { contourWithEnvoy, istioNative, cloudSqlNative, linkerdNative, cronNative, gateway, contour, linkerdIdentity, istioGatewayChart };

describe('already-sequenced and sidecar-only manifests are left as they are', () => {
  for (const [name, manifest] of Object.entries(cases)) {
    for (const version of [undefined, '1.30']) {
      it(`${name}, kubernetesVersion ${version ?? 'unset'}`, () => {
        const input = list(manifest, version);
        const out = runFilter(input);
        // A kubelet pitfall of the target version is still said, though nothing changes: a native
        // Job sidecar with a startupProbe on 1.29-1.34 (kubernetes/kubernetes#132826).
        const pitfall = name === 'cronNative' && version === '1.30' ? ['native-sidecar-startup-probe-never'] : [];
        expect(out.results.map((r) => r.tags?.rule ?? r.message)).toEqual(pitfall);
        // The items come back byte for byte; a finding adds the ResourceList's results after them.
        expect(pitfall.length ? out.stdout.slice(0, out.stdout.indexOf('results:\n')) : out.stdout).toBe(input);
      });
    }
    it(`${name}: check finds nothing that fix would change`, () => {
      const { findings } = runFiles([readManifest(`${name}.yaml`, [], manifest)], { ...defaultConfig(), mode: 'check' });
      expect(findings.map((f) => `${f.result.tags?.rule}: ${f.result.message}`)).toEqual([]);
    });
  }

  it('an explicit kubernetesVersion below 1.29 still moves native sidecars back (the config says so)', () => {
    const out = runFilter(list(cloudSqlNative, '1.28'));
    expect(out.results[0]!.message).toMatch(/^moved native sidecar cloud-sql-proxy back to containers/);
  });

  const last = cloudSqlNative
    .replace(/ {6}initContainers:\n(.*\n)*?(?= {6}containers:)/, '')
    .replace(/( {6}containers:\n(?:.*\n)*)$/, '$1      - name: cloud-sql-proxy\n        image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1\n');

  it('a classic sidecar without kubernetesVersion becomes native, and the run says what it assumed, once', () => {
    const out = runFilter(list(last));
    const messages = out.results.map(said);
    expect(messages.join('\n')).toMatch(
      /made cloud-sql-proxy a native sidecar \(initContainers, restartPolicy: Always\) \| Kubernetes 1\.29 or later \(assumed\)/,
    );
    expect(messages.filter((m) => m.startsWith('kubernetesVersion not set'))).toEqual([
      'kubernetesVersion not set: assumed 1.29 or later, where sidecars are native; for classic sidecars set kubernetesVersion: "1.28"',
    ]);
    // Its own output: native now, nothing rests on the assumption, nothing is said.
    expect(runFilter(stripResults(out.stdout)).results).toEqual([]);
  });

  it('kubernetesVersion 1.28: the classic sidecar goes first with a postStart wait, nothing native', () => {
    const out = runFilter(list(last, '1.28'));
    expect(out.results.map((r) => r.message).join('\n')).toMatch(/postStart hook to cloud-sql-proxy/);
    expect(out.results.map((r) => r.message).join('\n')).not.toMatch(/native|assumed/);
  });

  it('without kubernetesVersion, a classic sidecar already first with a postStart wait stays as it is (evidence of a classic setup)', () => {
    const sequenced = runFilter(list(last, '1.28')).stdout;
    const again = runFilter(stripResults(sequenced).replace(/functionConfig:.*\n/, ''));
    expect(again.results).toEqual([]);
  });
});

describe('Envoy beside an app that serves its own ports is a sidecar', () => {
  it('is moved first and gated, as before', () => {
    const withApp = contourWithEnvoy.replace(
      '        args: [serve, --incluster]\n',
      '        args: [serve, --incluster]\n        ports:\n        - containerPort: 8000\n',
    );
    const out = runFilter(list(withApp, '1.28'));
    expect(out.results.map((r) => r.message).join('\n')).toMatch(/moved sidecar envoy before the app containers/);
  });
});

describe('no workload waits for itself', () => {
  const cache = `apiVersion: v1
kind: Service
metadata: {name: cache, namespace: shop}
spec:
  selector: {app: cache}
  ports: [{port: 6379}]
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: cache
  namespace: shop
  annotations:
    pod-sequencer.dev/dependencies: "tcp://cache:6379, tcp://config.shop.svc.cluster.local:8080"
spec:
  template:
    metadata:
      labels: {app: cache}
    spec:
      containers:
      - name: redis
        image: redis:7
`;
  const file = () => readManifest('cache.yaml', [], cache);

  it('fix adds the wait for the other dependency only, and says why not the own Service', () => {
    const { files, findings } = runFiles([file()], defaultConfig());
    const out = files[0]!.output!;
    expect(out).toContain('name: seq-wait-config');
    expect(out).not.toContain('seq-wait-cache');
    const self = findings.filter((f) => f.result.severity === 'warning').map((f) => f.result.message);
    expect(self).toEqual([
      "dependency cache (TCP cache:6379) is this workload's own Service shop/cache: a pod that waits for itself never starts, so no wait is added",
    ]);
  });

  it('check says the same, once, and asks for no wait on it', () => {
    const { findings } = runFiles([file()], { ...defaultConfig(), mode: 'check' });
    const messages = findings.map((f) => f.result.message);
    expect(messages.filter((m) => m.includes('own Service'))).toHaveLength(1);
    expect(messages.some((m) => m.startsWith('dependency cache ') && m.includes('has no wait'))).toBe(false);
    expect(messages.some((m) => m.startsWith('dependency config ') && m.includes('has no wait'))).toBe(true);
  });
});

describe('a Job whose app already ends its sidecar is not wrapped', () => {
  const job = (command: string) => `apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: istio-proxy
        image: docker.io/istio/proxyv2:1.22.0
      - name: migrate
        image: app:1
        command: ${command}
`;
  for (const command of [
    `[sh, -c, "./migrate && curl -fsS -X POST http://127.0.0.1:15020/quitquitquit"]`,
    `[/usr/lib/linkerd/linkerd-await, --shutdown, --, ./migrate]`,
    `[scuttle, ./migrate]`,
  ]) {
    it(command, () => {
      const { files, findings } = runFiles([readManifest('job.yaml', [], job(command))], defaultConfig());
      const out = files[0]!.output ?? job(command);
      expect(out).not.toContain('pod-sequencer-wrap');
      expect(out).toContain(`command: ${command}`);
      expect(findings.filter((f) => f.result.severity !== 'info')).toEqual([]);
    });
  }

  it('without such a call it is wrapped, as before', () => {
    const { files } = runFiles([readManifest('job.yaml', [], job('[./migrate]'))], classic());
    expect(files[0]!.output).toContain('pod-sequencer-wrap');
  });
});

describe('kube-injected classic pods under kubernetesVersion 1.30', () => {
  const injected = (annotations: string, init: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    metadata:
      annotations:
${annotations}
    spec:
      initContainers:
${init}
      containers:
      - name: web
        image: web:1
      - name: istio-proxy
        image: docker.io/istio/proxyv2:1.22.0
`;
  const classicInit = `      - name: istio-validation
        image: docker.io/istio/proxyv2:1.22.0
      - name: migrate
        image: web:1
      - name: istio-init
        image: docker.io/istio/proxyv2:1.22.0
`;
  const v130 = { ...defaultConfig(), kubernetesVersion: '1.30' };
  const fix = (text: string) => runFiles([readManifest('web.yaml', [], text)], v130);

  it('sidecar.istio.io/nativeSidecar: "false" on the pod wins over auto: the proxy stays classic, and says so', () => {
    const { files, findings } = fix(injected('        sidecar.istio.io/nativeSidecar: "false"', classicInit));
    const out = parse(files[0]!.output!) as { spec: { template: { spec: { initContainers: { name: string }[]; containers: { name: string }[] } } } };
    expect(out.spec.template.spec.containers.map((c) => c.name)).toEqual(['istio-proxy', 'web']);
    expect(findings.map((f) => said(f.result))).toContain(
      'kept istio-proxy classic: the pod\'s annotation sidecar.istio.io/nativeSidecar: "false" says so | A per-pod choice wins over strategy auto.',
    );
  });

  it('the sidecar.istio.io/status record follows the proxy into initContainers, once', () => {
    const status = `        sidecar.istio.io/status: '{"initContainers":["istio-validation","istio-init"],"containers":["istio-proxy"],"volumes":["istio-envoy"],"revision":"default"}'`;
    const { files, findings } = fix(injected(status, classicInit));
    const out = files[0]!.output!;
    expect(out).toContain(
      `sidecar.istio.io/status: '{"initContainers":["istio-validation","istio-init","istio-proxy"],"containers":null,"volumes":["istio-envoy"],"revision":"default"}'`,
    );
    expect(findings.some((f) => f.result.message.startsWith('updated annotation sidecar.istio.io/status'))).toBe(true);
    expect(fix(out).files[0]!.output).toBeUndefined();
  });

  it("made native, the proxy comes after the mesh's setup and before the pod's own init containers (Istio's native layout)", () => {
    const { files } = fix(injected('        example.com/x: "1"', classicInit));
    const out = parse(files[0]!.output!) as { spec: { template: { spec: { initContainers: { name: string }[] } } } };
    expect(out.spec.template.spec.initContainers.map((c) => c.name)).toEqual(['istio-validation', 'istio-init', 'istio-proxy', 'migrate']);
  });
});

describe('pods that cannot take a mesh, a busybox wait or a cluster name', () => {
  const job = (spec: string, namespace = 'shop') => `apiVersion: batch/v1
kind: Job
metadata:
  name: j
  namespace: ${namespace}
  annotations:
    pod-sequencer.dev/dependencies: "tcp://db:5432, tcp://10.0.0.5:5432"
spec:
  template:
    spec:
      restartPolicy: Never
${spec}      containers:
      - name: app
        image: app:1
        command: [./run]
`;
  const meshed = { ...defaultConfig(), mesh: { istio: { hold: true, native: 'auto' as const } } };
  const run = (text: string, cfg = defaultConfig()) => runFiles([readManifest('j.yaml', [], text)], cfg);

  it('hostNetwork: no mesh injects it (no Job wrapper), no wait for a cluster name, a warning says why', () => {
    const { files, findings } = run(job('      hostNetwork: true\n'), meshed);
    const out = files[0]!.output!;
    expect(out).not.toContain('pod-sequencer-wrap');
    expect(out).not.toContain('seq-wait-db');
    expect(out).toContain('seq-wait-10-0-0-5');
    expect(findings.map((f) => f.result.message)).toContain(
      'dependency db (TCP db:5432) names a cluster Service, which this hostNetwork pod cannot resolve (dnsPolicy is not ClusterFirstWithHostNet), so no wait is added',
    );
  });

  it('hostNetwork with dnsPolicy ClusterFirstWithHostNet resolves cluster names: both waits', () => {
    const out = run(job('      hostNetwork: true\n      dnsPolicy: ClusterFirstWithHostNet\n')).files[0]!.output!;
    expect(out).toContain('seq-wait-db');
  });

  it('kube-system: Istio never injects it, so the Job is not wrapped for a proxy', () => {
    const out = run(job('', 'kube-system'), meshed).files[0]!.output!;
    expect(out).not.toContain('pod-sequencer-wrap');
  });

  it('Windows: left unchanged, with a warning', () => {
    const text = job('      nodeSelector:\n        kubernetes.io/os: windows\n');
    const { files, findings } = run(text, meshed);
    expect(files[0]!.output).toBeUndefined();
    expect(findings.map((f) => f.result.severity)).toContain('warning');
    expect(findings.find((f) => f.result.severity === 'warning')!.result.message).toMatch(/^Windows pod/);
  });

  // Issue 39: spec.os.name is how the API server knows (validateWindows in kubernetes/kubernetes
  // pkg/apis/core/validation/validation.go forbids the Linux securityContext fields seq-tools has).
  const windowsJob = `apiVersion: batch/v1
kind: Job
metadata:
  name: report
spec:
  template:
    spec:
      os:
        name: windows
      restartPolicy: Never
      containers:
      - name: cloud-sql-proxy
        image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.1
        args: ["--port=5432", "proj:region:db"]
      - name: app
        image: app:1
        command: ["app.exe"]
`;
  for (const mode of ['apply', 'check'] as const) {
    it(`Windows by spec.os.name (${mode}): no Linux container, no shell wrapper, and the warning says what would end the Job`, () => {
      const { files, findings } = run(windowsJob, { ...classic(), mode });
      expect(files[0]!.output).toBeUndefined();
      expect(findings.map((f) => `${f.result.severity} ${f.result.tags?.rule ?? ''}`)).toEqual(['warning ']);
      const { result } = findings[0]!;
      expect(result.message).toBe('Windows pod (os.name: windows): left unchanged');
      expect(result.detail).toMatch(/quit endpoint.*restartPolicy: Always, Kubernetes 1\.29/s);
      expect(result.field?.path).toBe('spec.template.spec.os');
    });
  }

  it('Windows by spec.os.name on a Deployment: the note has no advice about completing', () => {
    const text = windowsJob.replace('batch/v1\nkind: Job', 'apps/v1\nkind: Deployment').replace('      restartPolicy: Never\n', '');
    const { result } = run(text, classic()).findings[0]!;
    expect(result.message).toBe('Windows pod (os.name: windows): left unchanged');
    expect(said(result)).not.toMatch(/quit endpoint/);
  });
});

describe('evidence turns a mesh on: the input proves an injector will act (issue 14)', () => {
  const namespace = (labels: string) => `apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels:
${labels}`;
  const job = (meta = '') => `apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
  namespace: shop
spec:
  template:
${meta}    spec:
      restartPolicy: Never
      containers:
      - name: migrate
        image: migrate:1
        command: [./migrate, --up]
`;
  const labelled = namespace('    istio-injection: enabled\n');
  const stream = (...docs: string[]) => docs.join('---\n');
  const run = (text: string, cfg: Config = classic()) => runFiles([readManifest('shop.yaml', [], text)], cfg);
  const messages = (r: ReturnType<typeof run>) => r.findings.map((f) => said(f.result)).join('\n');

  it('a Job in a Namespace the input labels for Istio injection is wrapped and held, with the default config', () => {
    const r = run(stream(labelled, job()));
    const out = r.files[0]!.output!;
    expect(out).toContain('holdApplicationUntilProxyStarts: true');
    expect(out).toContain('pod-sequencer-wrap');
    expect(out).toContain('http://127.0.0.1:15020/quitquitquit');
    expect(messages(r)).toContain(
      'Namespace shop has label istio-injection: "enabled", so istio is handled with its default settings (mesh.istio.enabled: false turns this off)',
    );
  });

  it('check, the dry run, reports the Job that would hang, with its rule', () => {
    const { findings } = run(stream(labelled, job()), { ...classic(), mode: 'check' });
    expect(findings.map((f) => f.result.tags?.rule)).toContain('job-sidecar-blocks-completion');
  });

  it('a pod label the webhook selects on is evidence too; a pod annotation alone is not (Istio selects by label)', () => {
    const byLabel = run(job('    metadata:\n      labels:\n        sidecar.istio.io/inject: "true"\n')).files[0]!.output!;
    expect(byLabel).toContain('pod-sequencer-wrap');
    expect(run(job('    metadata:\n      annotations:\n        sidecar.istio.io/inject: "true"\n')).files[0]!.output).toBeUndefined();
  });

  it('Dapr, Linkerd: the annotation their injectors read turns them on', () => {
    const dapr = run(job('    metadata:\n      annotations:\n        dapr.io/enabled: "true"\n        dapr.io/app-id: migrate\n')).files[0]!.output!;
    expect(dapr).toContain('http://127.0.0.1:3500/v1.0/shutdown');
    const linkerd = run(job('    metadata:\n      annotations:\n        linkerd.io/inject: enabled\n')).files[0]!.output!;
    expect(linkerd).toContain('config.linkerd.io/proxy-await: enabled');
    expect(linkerd).toContain('config.linkerd.io/proxy-admin-shutdown: enabled');
  });

  it('mesh.<name>.enabled: false, or meshIstio=off in the ConfigMap form, turns it off: nothing changes, check is quiet', () => {
    const off = loadConfig({
      apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
      kind: 'PodSequence',
      metadata: { name: 'c' },
      spec: { mesh: { istio: { enabled: false } } },
    });
    const offMap = loadConfig({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { meshIstio: 'off' } });
    for (const { config, errors } of [off, offMap]) {
      expect(errors).toEqual([]);
      expect(run(stream(labelled, job()), config).files[0]!.output).toBeUndefined();
      expect(run(stream(labelled, job()), { ...config, mode: 'check' }).findings).toEqual([]);
    }
  });

  it('a configured mesh keeps its own settings where evidence also says it injects', () => {
    const cfg = { ...classic(), mesh: { istio: { hold: false, native: 'auto' as const } } };
    const out = run(stream(labelled, job()), cfg).files[0]!.output!;
    expect(out).not.toContain('holdApplicationUntilProxyStarts');
    expect(out).toContain('pod-sequencer-wrap');
  });

  it('no evidence, no mesh: a Job in an unlabelled Namespace is left alone', () => {
    expect(run(stream(namespace('    team: a\n'), job())).files[0]!.output).toBeUndefined();
  });
});
