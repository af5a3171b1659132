/**
 * `pod-sequencer webhook manifests` (src/admission/manifests.ts): every object valid for the
 * Kubernetes API (the API server's OpenAPI document of 1.30, the first release with
 * ValidatingAdmissionPolicy v1, and of 1.34, through kubectl-validate's copies; kubernetes-models
 * for the groups shared/ has no document of), pods Pod Security "restricted", names that refer to
 * each other agreeing, the config validated as the server loads it, and the command's exit codes.
 * `kubectl apply --dry-run=client` cannot run here: it downloads the OpenAPI from a cluster.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadAll as jsYamlLoadAll } from 'js-yaml';
import * as admission from 'kubernetes-models/admissionregistration.k8s.io/v1';
import * as apps from 'kubernetes-models/apps/v1';
import * as batch from 'kubernetes-models/batch/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as rbac from 'kubernetes-models/rbac.authorization.k8s.io/v1';
import * as core from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { CERTGEN_IMAGE } from '../../src/admission/certgen.js';
import { manifestsCommand, ManifestsError, renderManifests, webhookObjects, type ManifestsOptions } from '../../src/admission/manifests.js';
import { loadConfig } from '../../src/config/load.js';
import { BIN, run } from '../helpers/cli.js';
import { restrictedViolations } from '../helpers/pss.js';
import { sharedDir } from '../helpers/vendor-corpus.js';
import { builtinsDir, openapiErrors } from './openapi.js';
import { itIfHere } from '../helpers/vendor-it.js';

type Obj = Record<string, any>;

const MODELS: Record<string, Record<string, unknown>> = {
  v1: core,
  'apps/v1': apps,
  'batch/v1': batch,
  'policy/v1': policy,
  'rbac.authorization.k8s.io/v1': rbac,
  'admissionregistration.k8s.io/v1': admission,
};

const base: ManifestsOptions = { namespace: 'pod-sequencer', tls: 'cert-manager', failurePolicy: 'Ignore' };
const objects = (o: Partial<ManifestsOptions> = {}) => webhookObjects({ ...base, ...o }) as Obj[];
const find = (os: Obj[], kind: string, name?: string) => os.find((o) => o.kind === kind && (name === undefined || o.metadata.name === name))!;

function modelErrors(o: Obj): string[] | undefined {
  const M = MODELS[o.apiVersion]?.[o.kind] as (new (d: unknown) => { validate(): void }) | undefined;
  if (!M) return undefined;
  try {
    new M(o).validate();
    return [];
  } catch (e) {
    return [(e as Error).message];
  }
}

describe('webhook manifests: valid objects', () => {
  const routes = [objects(), objects({ tls: 'certgen', failurePolicy: 'Fail', namespace: 'seq-system', image: 'registry.example.com/pod-sequencer:0.4.0' })];

  for (const minor of ['1.30', '1.34']) {
    itIfHere(existsSync(builtinsDir(minor)) || undefined)(`every built-in object matches the API server's OpenAPI of Kubernetes ${minor}`, () => {
      let checked = 0;
      for (const os of routes) {
        for (const o of os) {
          const errors = openapiErrors(o, minor);
          if (errors === undefined) continue;
          checked++;
          expect(errors, `${o.kind} ${o.metadata.name}`).toEqual([]);
        }
      }
      // Namespace, ServiceAccount, ConfigMap, Service, Deployment, the webhook configuration, the policy and binding; the Jobs.
      expect(checked).toBeGreaterThanOrEqual(16);
    });
  }

  it('every built-in object validates with kubernetes-models; the rest are cert-manager objects', () => {
    for (const os of routes) {
      for (const o of os) {
        const errors = modelErrors(o);
        if (errors === undefined) expect(o.apiVersion, o.kind).toBe('cert-manager.io/v1');
        else expect(errors, `${o.kind} ${o.metadata.name}`).toEqual([]);
      }
    }
  });

  it('every pod is Pod Security "restricted", with requests and limits', () => {
    for (const os of routes) {
      for (const o of os.filter((x) => x.kind === 'Deployment' || x.kind === 'Job')) {
        const pod = o.spec.template.spec;
        expect(restrictedViolations(pod), o.metadata.name).toEqual([]);
        for (const c of pod.containers) {
          expect(c.securityContext.readOnlyRootFilesystem, c.name).toBe(true);
          expect(c.resources.requests && c.resources.limits.memory, c.name).toBeTruthy();
        }
      }
    }
  });

  it('the stream reads the same under YAML 1.2 and 1.1 readers, and is the same bytes each run', () => {
    const text = renderManifests(objects());
    const a = parseAllDocuments(text).map((d) => d.toJS());
    const b = jsYamlLoadAll(text);
    expect(b).toEqual(a);
    expect(a).toEqual(JSON.parse(JSON.stringify(objects())));
    expect(renderManifests(objects())).toBe(text);
  });
});

describe('webhook manifests: what the objects say', () => {
  it('the webhook: pods CREATE only, v1, safe by default, opt-in namespaces, opt-out pods, its own namespace excluded', () => {
    const os = objects({ namespace: 'seq-system' });
    const w = find(os, 'MutatingWebhookConfiguration').webhooks[0];
    expect(w.rules).toEqual([{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'], scope: 'Namespaced' }]);
    expect(w).toMatchObject({
      admissionReviewVersions: ['v1'],
      sideEffects: 'None',
      failurePolicy: 'Ignore',
      reinvocationPolicy: 'IfNeeded',
      timeoutSeconds: 3,
    });
    expect(w.namespaceSelector.matchExpressions).toEqual([
      { key: 'pod-sequencer.dev/admission', operator: 'In', values: ['enabled'] },
      { key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: ['kube-system', 'kube-node-lease', 'seq-system'] },
    ]);
    expect(w.objectSelector.matchExpressions).toEqual([{ key: 'pod-sequencer.dev/skip', operator: 'NotIn', values: ['true'] }]);
    expect(w.clientConfig.service).toEqual({ namespace: 'seq-system', name: 'pod-sequencer-webhook', path: '/mutate', port: 443 });
    expect(w.matchConditions).toHaveLength(1);
    expect(find(objects({ failurePolicy: 'Fail' }), 'MutatingWebhookConfiguration').webhooks[0].failurePolicy).toBe('Fail');
  });

  it("sorts before every mesh injector's configuration name", () => {
    const name = find(objects(), 'MutatingWebhookConfiguration').metadata.name as string;
    // The injectors' configuration names (docs/webhook.md, "Where it runs").
    const injectors = [
      'consul-connect-injector',
      'dapr-sidecar-injector',
      'istio-revision-tag-default',
      'istio-sidecar-injector',
      'kuma-admission-mutating-webhook-configuration',
      'linkerd-proxy-injector-webhook-config',
      'vault-agent-injector-cfg',
    ];
    expect([...injectors, name].sort()[0]).toBe(name);
  });

  it('the Deployment runs `webhook serve` with the mounted config and TLS files, probes over HTTPS, no token', () => {
    const os = objects({ image: 'registry.example.com/pod-sequencer:0.4.0' });
    const d = find(os, 'Deployment');
    const pod = d.spec.template.spec;
    const c = pod.containers[0];
    expect(d.spec.replicas).toBe(2);
    expect(pod.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey).toBe('kubernetes.io/hostname');
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(find(os, 'ServiceAccount').automountServiceAccountToken).toBe(false);
    expect(c.image).toBe('registry.example.com/pod-sequencer:0.4.0');
    const arg = (flag: string) => c.args[c.args.indexOf(flag) + 1];
    expect(c.args.slice(0, 2)).toEqual(['webhook', 'serve']);
    const mountOf = (file: string) => c.volumeMounts.find((m: Obj) => file.startsWith(m.mountPath + '/'));
    const volumeOf = (file: string) => pod.volumes.find((v: Obj) => v.name === mountOf(file).name);
    expect(volumeOf(arg('--config')).configMap.name).toBe(find(os, 'ConfigMap').metadata.name);
    expect(Object.keys(find(os, 'ConfigMap').data)).toEqual([arg('--config').split('/').pop()]);
    for (const f of ['--tls-cert', '--tls-key'])
      expect(volumeOf(arg(f)).secret.secretName).toBe(find(os, 'Certificate', 'pod-sequencer-webhook-tls').spec.secretName);
    expect(c.volumeMounts.every((m: Obj) => m.readOnly === true && m.subPath === undefined)).toBe(true);
    expect(c.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'https', scheme: 'HTTPS' });
    expect(c.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'https', scheme: 'HTTPS' });
    expect(c.ports.map((p: Obj) => [p.name, p.containerPort])).toEqual([
      ['https', Number(arg('--port'))],
      ['metrics', Number(arg('--metrics-port'))],
    ]);
    // Its own pods never go through it.
    expect(pod.containers.length).toBe(1);
    expect(d.spec.template.metadata.labels['pod-sequencer.dev/skip']).toBe('true');
  });

  it('the Service exposes only the webhook port; the PDB keeps one replica', () => {
    const os = objects();
    const s = find(os, 'Service');
    expect(s.spec.ports).toEqual([{ name: 'https', port: 443, targetPort: 'https', protocol: 'TCP' }]);
    expect(s.spec.type).toBe('ClusterIP');
    expect(s.spec.selector).toEqual(find(os, 'Deployment').spec.selector.matchLabels);
    expect(find(os, 'PodDisruptionBudget').spec).toMatchObject({ minAvailable: 1, selector: { matchLabels: s.spec.selector } });
  });

  it('cert-manager: a self-signed CA issues the serving certificate for the Service names; its CA injected into the webhook', () => {
    const os = objects({ namespace: 'seq-system' });
    const serving = find(os, 'Certificate', 'pod-sequencer-webhook-tls');
    const ca = find(os, 'Certificate', 'pod-sequencer-ca');
    expect(find(os, 'Issuer', ca.spec.issuerRef.name).spec).toEqual({ selfSigned: {} });
    expect(ca.spec.isCA).toBe(true);
    expect(find(os, 'Issuer', serving.spec.issuerRef.name).spec.ca.secretName).toBe(ca.spec.secretName);
    expect(serving.spec.dnsNames).toContain('pod-sequencer-webhook.seq-system.svc');
    expect(serving.spec.usages).toContain('server auth');
    const mwc = find(os, 'MutatingWebhookConfiguration');
    expect(mwc.metadata.annotations['cert-manager.io/inject-ca-from']).toBe(`seq-system/${serving.metadata.name}`);
    expect(os.filter((o) => o.apiVersion === 'cert-manager.io/v1').every((o) => o.metadata.namespace === 'seq-system')).toBe(true);
  });

  it("certgen: ingress-nginx's Jobs with its pinned image, rights narrowed to the one Secret and webhook configuration", () => {
    const os = objects({ tls: 'certgen' });
    expect(os.some((o) => o.apiVersion === 'cert-manager.io/v1')).toBe(false);
    const mwc = find(os, 'MutatingWebhookConfiguration');
    expect(mwc.metadata.annotations).toBeUndefined();
    const [create, patch] = ['pod-sequencer-certgen-create', 'pod-sequencer-certgen-patch'].map((n) => find(os, 'Job', n));
    const args = (j: Obj) => j.spec.template.spec.containers[0].args as string[];
    const secret = find(os, 'Deployment').spec.template.spec.volumes.find((v: Obj) => v.secret).secret.secretName;
    expect(args(create)).toContain(`--secret-name=${secret}`);
    expect(args(create)).toContain('--host=pod-sequencer-webhook,pod-sequencer-webhook.$(POD_NAMESPACE).svc');
    expect(args(patch)).toEqual(expect.arrayContaining([`--webhook-name=${mwc.metadata.name}`, `--secret-name=${secret}`, '--patch-validating=false']));
    // Create before the Deployment (it mounts the Secret), patch after the configuration exists.
    const at = (o: Obj) => os.indexOf(o);
    expect(at(create)).toBeLessThan(at(find(os, 'Deployment')));
    expect(at(patch)).toBeGreaterThan(at(mwc));
    for (const j of [create, patch]) expect(j.spec.template.spec.containers[0].image).toBe(CERTGEN_IMAGE.value);
    expect(find(os, 'Role').rules).toEqual([
      { apiGroups: [''], resources: ['secrets'], resourceNames: [secret], verbs: ['get'] },
      { apiGroups: [''], resources: ['secrets'], verbs: ['create'] },
    ]);
    expect(find(os, 'ClusterRole').rules).toEqual([
      {
        apiGroups: ['admissionregistration.k8s.io'],
        resources: ['mutatingwebhookconfigurations'],
        resourceNames: [mwc.metadata.name],
        verbs: ['get', 'update'],
      },
    ]);
  });

  const [repo, rest] = CERTGEN_IMAGE.source.split('@');
  const certgenFile = join(sharedDir(), 'vendor', repo!.replace('/', '+'), rest!.slice(rest!.indexOf(':') + 1));
  itIfHere(existsSync(certgenFile) || undefined)("the certgen image is the one ingress-nginx's manifest pins (the cited file, read from shared/)", () => {
    const text = readFileSync(certgenFile, 'utf8');
    expect(text).toContain(CERTGEN_IMAGE.quote);
  });

  it('the ConfigMap holds the config as given, and it loads to the same config', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata:\n  kubernetesVersion: "1.30"\n  meshIstio: hold\n';
    const os = objects({ config: { text, source: 'c.yaml' } });
    expect(find(os, 'ConfigMap').data['config.yaml']).toBe(text);
    // A mesh is configured: any pod may be meshed, so no condition skips one.
    expect(find(os, 'MutatingWebhookConfiguration').webhooks[0].matchConditions).toBeUndefined();
    const defaults = find(objects(), 'ConfigMap').data['config.yaml'];
    expect(loadConfig(parse(defaults)).errors).toEqual([]);
    expect(loadConfig(parse(defaults)).config).toEqual(loadConfig(undefined).config);
  });

  it('a bad config, namespace or image is an error naming it, and no objects', () => {
    const bad = (o: Partial<ManifestsOptions>) => () => objects(o);
    expect(
      bad({
        config: {
          text: 'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata: {name: x}\nspec: {jobs: {terminateSidecars: maybe}}\n',
          source: 'c.yaml',
        },
      }),
    ).toThrow(/--config c\.yaml: invalid\n.*spec\.jobs\.terminateSidecars/);
    expect(bad({ config: { text: 'a: [', source: 'c.yaml' } })).toThrow(/--config c\.yaml: not valid YAML/);
    expect(bad({ namespace: 'Bad_NS' })).toThrow(ManifestsError);
    expect(bad({ namespace: 'kube-system' })).toThrow(/--namespace kube-system: the webhook needs a namespace of its own/);
    expect(bad({ namespace: 'default' })).toThrow(/--namespace default: the webhook needs a namespace of its own/);
    expect(bad({ image: 'a b' })).toThrow(/--image/);
  });
});

describe('pod-sequencer webhook manifests (the command)', () => {
  it('writes the stream and a note naming the image; exit 0', () => {
    const r = run('node', [BIN, 'webhook', 'manifests', '--tls', 'certgen']);
    expect(r.code).toBe(0);
    expect(parseAllDocuments(r.stdout).map((d) => d.toJS()?.kind)).toContain('MutatingWebhookConfiguration');
    expect(r.stderr).toMatch(/no --image given: the Deployment runs pod-sequencer:/);
    expect(run('node', [BIN, 'webhook', 'manifests', '--image', 'r.example/p:1']).stderr).toBe('');
  });

  it('a bad flag value or config: exit 2, the field named, nothing on stdout', () => {
    const io = { out: [] as string[], err: [] as string[] };
    const call = (o: Partial<Parameters<typeof manifestsCommand>[0]>, file = '') =>
      manifestsCommand(
        { namespace: 'pod-sequencer', tls: 'cert-manager', failurePolicy: 'Ignore', image: 'i:1', ...o },
        {
          readFile: () => file,
          out: (s) => void io.out.push(s),
          err: (s) => void io.err.push(s),
        },
      );
    expect(call({ tls: 'self' })).toBe(2);
    expect(call({ failurePolicy: 'ignore' })).toBe(2);
    expect(
      call({ config: 'c.yaml' }, 'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata: {name: x}\nspec: {sidecars: [{profile: istioo}]}\n'),
    ).toBe(2);
    expect(io.out).toEqual([]);
    expect(io.err.join('')).toMatch(
      /--tls "self": use cert-manager or certgen[\s\S]*--failure-policy "ignore": use Ignore or Fail[\s\S]*spec\.sidecars\[0\]\.profile/,
    );
    const r = run('node', [BIN, 'webhook', 'manifests', '--config', '/nonexistent/c.yaml']);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(/--config \/nonexistent\/c\.yaml: cannot read the file \(ENOENT\)/);
  });
});
