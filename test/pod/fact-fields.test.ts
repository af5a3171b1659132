/**
 * The objects the function reads beside the workloads (src/process.ts readFacts: Namespaces,
 * ConfigMaps, Services) are held to the same field types as the workloads (src/workloads/shape.ts
 * FACT_KINDS). A wrong type is one error at its field, with its file and line and the fix, and
 * stops nothing else: the workloads are still processed, other files still written. Before, a
 * Namespace whose `labels` was a string made check, fix and the filter stop with an internal error.
 * Run through the built CLI, as users run it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse } from 'yaml';
import { runBin } from '../helpers/cli.js';

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: x}
spec:
  template:
    spec:
      containers:
      - name: app
        image: app:1
      - name: istio-proxy
        image: docker.io/istio/proxyv2:1.22.0
`;
const namespace = (metadata: string) => `apiVersion: v1\nkind: Namespace\nmetadata:\n${metadata}---\n${deployment}`;

/** Another file of the same run, whose fix must still be written. */
const other = `apiVersion: batch/v1
kind: Job
metadata: {name: j}
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: app
        image: app:1
        command: [run]
      - name: istio-proxy
        image: docker.io/istio/proxyv2:1.22.0
`;

function files(texts: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-facts-'));
  for (const [name, text] of Object.entries(texts)) writeFileSync(join(dir, name), text);
  return dir;
}

/** The input as a ResourceList for the filter. */
const resourceList = (text: string) =>
  JSON.stringify({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items: parseAllDocuments(text).map((d) => d.toJS()) });

/** One error but the rules' findings, at `file:line`, naming the field, what it must be, and what is not read. */
function oneError(stderr: string, at: string, field: string, must: RegExp): void {
  expect(stderr).not.toMatch(/internal error|\n\s+at /);
  const errors = stderr.split('\n').filter((l) => /:\d+:\d+: error (?!\[)|: error: /.test(l));
  expect(errors, stderr).toHaveLength(1);
  expect(errors[0]).toContain(`${at}`);
  expect(errors[0]).toContain(`${field}: `);
  expect(errors[0]).toMatch(must);
}

const NAMESPACES: [string, string, string, RegExp][] = [
  [
    'labels a string',
    '  name: x\n  labels: "istio-injection"\n',
    'metadata.labels',
    /must be a mapping of strings, not the string "istio-injection" \(key: "value"/,
  ],
  [
    'annotations a string',
    '  name: x\n  annotations: "linkerd.io/inject"\n',
    'metadata.annotations',
    /must be a mapping of strings, not the string "linkerd.io\/inject"/,
  ],
  ['labels a list', '  name: x\n  labels: [istio-injection]\n', 'metadata.labels', /must be a mapping of strings, not a list/],
  [
    'a label value not a string',
    '  name: x\n  labels: {istio-injection: true}\n',
    'metadata.labels.istio-injection',
    /must be a string, not the boolean true \(quote/,
  ],
];

describe('a Namespace with a field of the wrong type', () => {
  for (const [name, metadata, field, must] of NAMESPACES) {
    const input = namespace(metadata);
    const line = input.split('\n').findIndex((l) => l.includes(field.split('.')[1]!)) + 1;

    it(`${name}: check gives one error at ${field}, and still checks the Deployment`, () => {
      const r = runBin(['check', join(files({ 'ns.yaml': input }), 'ns.yaml')]);
      expect(r.code).toBe(1);
      oneError(r.stdout + r.stderr, `ns.yaml:${line}:`, field, must);
      expect(r.stdout + r.stderr).toMatch(/\[sidecar-not-first\] sidecar istio-proxy starts after app app/);
    });

    it(`${name}: fix says the same, fixes the Deployment and the other file, leaves the Namespace as it was`, () => {
      const dir = files({ 'ns.yaml': input, 'other.yaml': other });
      const r = runBin(['fix', join(dir, 'ns.yaml'), join(dir, 'other.yaml')]);
      expect(r.code).toBe(1);
      oneError(r.stdout + r.stderr, `ns.yaml:${line}:`, field, must);
      const fixed = readFileSync(join(dir, 'ns.yaml'), 'utf8');
      expect(fixed.startsWith(input.slice(0, input.indexOf('---')))).toBe(true);
      expect(fixed).toContain('restartPolicy: Always');
      expect(readFileSync(join(dir, 'other.yaml'), 'utf8')).toContain('restartPolicy: Always');
    });

    it(`${name}: the filter writes every item, the Deployment fixed, and the error names the Namespace and field`, () => {
      const r = runBin([], resourceList(input));
      expect(r.code).toBe(1);
      oneError(r.stderr, 'Namespace/x', field, must);
      const out = parse(r.stdout) as { items: Record<string, unknown>[]; results: { severity: string; field?: { path: string } }[] };
      expect(out.items.map((i) => i.kind)).toEqual(['Namespace', 'Deployment']);
      expect(JSON.stringify(out.items[1])).toContain('"restartPolicy":"Always"');
      expect(out.results.filter((x) => x.severity === 'error').map((x) => x.field?.path)).toEqual([field]);
    });
  }

  it('a good Namespace still tells the Deployment its mesh (the control)', () => {
    const r = runBin([], resourceList(namespace('  name: x\n  labels: {istio-injection: enabled}\n').replace(/ {6}- name: istio-proxy\n.*\n/, '')));
    expect(r.stderr).not.toMatch(/ error/);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('sidecar.istio.io/nativeSidecar');
  });
});

/** A Job that runs a script from a ConfigMap, which ends its proxy (fixtures/check/handled-by-script-positive). */
const scriptJob = (configMapMeta: string, data: string) => `apiVersion: v1
kind: ConfigMap
metadata:
${configMapMeta}data:
${data}---
apiVersion: batch/v1
kind: Job
metadata:
  name: populate
spec:
  template:
    spec:
      containers:
      - command: ['bash', '-c', '. /scripts/init.sh']
        image: postgres:16
        name: populate
        volumeMounts:
        - name: scripts
          mountPath: "/scripts"
      - name: cloud-sql-proxy
        image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.8.0-alpine
        args: ["--port=5432", "--quitquitquit"]
      restartPolicy: Never
      volumes:
      - name: scripts
        configMap:
          name: schema
`;
const SCRIPT = '  init.sh: |\n    psql -f /scripts/schema.sql\n    wget --post-data "" http://127.0.0.1:9091/quitquitquit\n';

describe('a ConfigMap a container loads a file from, with a field of the wrong type', () => {
  const check = (input: string) => {
    const dir = files({ 'job.yaml': input, 'config.yaml': '{apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {kubernetesVersion: "1.28"}}' });
    return runBin(['check', '--config', join(dir, 'config.yaml'), join(dir, 'job.yaml')]);
  };

  it('the control: its script is read, and ends the proxy', () => {
    const r = check(scriptJob('  name: schema\n', SCRIPT));
    expect(r.stdout + r.stderr).toMatch(/\[handled-by-script\]/);
    expect(r.stdout + r.stderr).not.toMatch(/ error /);
  });

  for (const [name, meta, data, field, must] of [
    ['labels a list', '  name: schema\n  labels: [db]\n', SCRIPT, 'metadata.labels', /must be a mapping of strings, not a list/],
    [
      'annotations a string',
      '  name: schema\n  annotations: "owner=db"\n',
      SCRIPT,
      'metadata.annotations',
      /must be a mapping of strings, not the string "owner=db"/,
    ],
    [
      'a data value not a string',
      '  name: schema\n',
      `${SCRIPT}  retries: 3\n`,
      'data.retries',
      /must be a string, not the number 3 \(quote values such as "true"/,
    ],
  ] as const) {
    it(`${name}: one error at ${field}, and the Job is still checked, without the script`, () => {
      const input = scriptJob(meta, data);
      const line = input.split('\n').findIndex((l) => l.startsWith(field === 'data.retries' ? '  retries:' : `  ${field.split('.')[1]}:`)) + 1;
      const r = check(input);
      expect(r.code).toBe(1);
      oneError(r.stdout + r.stderr, `job.yaml:${line}:`, field, must);
      expect(r.stdout + r.stderr).toMatch(/this ConfigMap is not read/);
      expect(r.stdout + r.stderr).not.toMatch(/\[handled-by-script\]/);
      expect(r.stdout + r.stderr).toMatch(/\[job-sidecar-blocks-completion\]/);
    });
  }
});

describe('a Service a workload is behind, with a field of the wrong type', () => {
  const input = (selector: string) => `apiVersion: v1
kind: Service
metadata: {name: cache, namespace: shop}
spec:
  selector: ${selector}
  ports: [{port: 6379}]
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: cache
  namespace: shop
  annotations:
    pod-sequencer.dev/dependencies: "tcp://cache:6379"
spec:
  template:
    metadata:
      labels: {app: cache}
    spec:
      containers:
      - name: redis
        image: redis:7
`;

  it('the control: the StatefulSet is the Service, so it waits for nothing', () => {
    const r = runBin([], resourceList(input('{app: cache}')));
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('own Service shop/cache');
  });

  it('a selector that is a string: one error at spec.selector, and the StatefulSet is still processed', () => {
    const r = runBin([], resourceList(input('"app=cache"')));
    expect(r.code).toBe(1);
    oneError(
      r.stderr,
      'Service/shop/cache',
      'spec.selector',
      /must be a mapping of strings, not the string "app=cache" \(key: "value".*; this Service is not read/,
    );
    expect(r.stdout).toContain('seq-wait-cache');
    const dir = files({ 'cache.yaml': input('"app=cache"') });
    const c = runBin(['check', join(dir, 'cache.yaml')]);
    oneError(c.stdout + c.stderr, 'cache.yaml:5:', 'spec.selector', /must be a mapping of strings/);
  });
});
