/**
 * TLS without cert-manager: the kube-webhook-certgen Job pattern, as ingress-nginx ships it in its
 * static manifests (kubernetes/ingress-nginx `deploy/static/provider/cloud/deploy.yaml`, the
 * `ingress-nginx-admission-create` and `-patch` Jobs and their ServiceAccount, Role, ClusterRole
 * and bindings). A `create` Job writes a self-signed CA and a serving certificate into a Secret
 * (if it is not there yet); a `patch` Job copies that CA into the webhook configuration's
 * caBundle. Their rights are narrower than ingress-nginx's: the one Secret and the one webhook
 * configuration, by name, where RBAC can name them (it cannot for `create`).
 */
import { restrictedSecurityContext } from '../sequence/tools.js';
import type { Fact } from '../profiles/versions.js';

type Obj = Record<string, unknown>;

/** The image, pinned by digest as ingress-nginx pins it. */
export const CERTGEN_IMAGE: Fact<string> = {
  value: 'registry.k8s.io/ingress-nginx/kube-webhook-certgen:v1.6.9@sha256:01038e7de14b78d702d2849c3aad72fd25903c4765af63cf16aa3398f5d5f2dd',
  source: 'kubernetes/ingress-nginx@dbb11b92ddb77bee9c35e462479129354c84f939:deploy/static/provider/cloud/deploy.yaml',
  quote: 'image: registry.k8s.io/ingress-nginx/kube-webhook-certgen:v1.6.9@sha256:01038e7de14b78d702d2849c3aad72fd25903c4765af63cf16aa3398f5d5f2dd',
};

/** The user ingress-nginx runs the Jobs as (the image's nonroot user). */
const CERTGEN_USER = 65532;

export interface CertgenNames {
  secret: string;
  service: string;
  webhookConfiguration: string;
  labels: Record<string, string>;
}

/** `before`: applied before the Deployment (the Secret it mounts); `after`: once the webhook configuration exists. */
export function certgenObjects(ns: string, n: CertgenNames): { before: Obj[]; after: Obj[] } {
  const name = 'pod-sequencer-certgen';
  const meta = (extra: Obj = {}) => ({ name, labels: { ...n.labels, 'app.kubernetes.io/component': 'certgen' }, ...extra });
  const subjects = [{ kind: 'ServiceAccount', name, namespace: ns }];
  const before: Obj[] = [
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta({ namespace: ns }) },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: meta({ namespace: ns }),
      rules: [
        { apiGroups: [''], resources: ['secrets'], resourceNames: [n.secret], verbs: ['get'] },
        // RBAC cannot restrict `create` by name (the object has none until it exists).
        { apiGroups: [''], resources: ['secrets'], verbs: ['create'] },
      ],
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: meta({ namespace: ns }),
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name },
      subjects,
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: meta(),
      rules: [
        {
          apiGroups: ['admissionregistration.k8s.io'],
          resources: ['mutatingwebhookconfigurations'],
          resourceNames: [n.webhookConfiguration],
          verbs: ['get', 'update'],
        },
      ],
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: meta(),
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name },
      subjects,
    },
    job(ns, `${name}-create`, meta, [
      'create',
      `--host=${n.service},${n.service}.$(POD_NAMESPACE).svc`,
      '--namespace=$(POD_NAMESPACE)',
      `--secret-name=${n.secret}`,
    ]),
  ];
  // The failure policy stays the one the configuration was written with (no --patch-failure-policy).
  const after = [
    job(ns, `${name}-patch`, meta, [
      'patch',
      `--webhook-name=${n.webhookConfiguration}`,
      '--namespace=$(POD_NAMESPACE)',
      '--patch-validating=false',
      `--secret-name=${n.secret}`,
    ]),
  ];
  return { before, after };
}

function job(ns: string, jobName: string, meta: (extra?: Obj) => Obj, args: string[]): Obj {
  const labels = (meta() as { labels: Obj }).labels;
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { ...meta({ namespace: ns }), name: jobName },
    spec: {
      // Gone once done, as ingress-nginx's: applying the stream again runs them again (create
      // keeps an existing Secret), rather than failing on a Job's immutable template.
      ttlSecondsAfterFinished: 0,
      backoffLimit: 6,
      template: {
        metadata: { labels },
        spec: {
          serviceAccountName: 'pod-sequencer-certgen',
          // It calls the API server: the one pod here that needs its token.
          automountServiceAccountToken: true,
          restartPolicy: 'OnFailure',
          securityContext: { runAsNonRoot: true, runAsUser: CERTGEN_USER, runAsGroup: CERTGEN_USER, seccompProfile: { type: 'RuntimeDefault' } },
          nodeSelector: { 'kubernetes.io/os': 'linux' },
          containers: [
            {
              name: args[0],
              image: CERTGEN_IMAGE.value,
              imagePullPolicy: 'IfNotPresent',
              args,
              env: [{ name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } }],
              resources: { requests: { cpu: '10m', memory: '20Mi' }, limits: { memory: '64Mi' } },
              securityContext: restrictedSecurityContext(CERTGEN_USER),
            },
          ],
        },
      },
    },
  };
}
