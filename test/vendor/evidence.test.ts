/**
 * Issue 27 on the real files that showed it, by reference (test/vendor/corpus/envoy.json,
 * bank-of-anthos.json): Envoy sidecars gated only on the admin listener their bootstrap declares
 * (SPIRE's tutorials, OPA-Envoy's quick start), and Jobs whose ConfigMap script already ends the
 * proxy (Bank of Anthos's init-db Jobs). Inputs are assembled the way their projects deploy them:
 * kustomize's configMapGenerator turns a bootstrap file into a ConfigMap, the cloud-sql component
 * patches the proxy into the Job. Files not available here are named (test/helpers/vendor-it.ts).
 */
import { describe, expect } from 'vitest';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { loadConfig } from '../../src/config/load.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { corpusEntries, readCorpusFile, type CorpusEntry } from '../helpers/vendor-corpus.js';
import { itHereOrAwaited, itWithVendor } from '../helpers/vendor-it.js';
import { said } from '../helpers/said.js';

type Obj = Record<string, any>;

const entries = corpusEntries();
const find = (repo: string, path: string) => entries.find((e) => e.repo === repo && e.path === path);
const read = (e: CorpusEntry | undefined) => (e ? readCorpusFile(e) : undefined);

function run(docs: Obj[] | string, spec: Obj, mode: 'apply' | 'check' = 'apply') {
  const { config, errors } = loadConfig({ apiVersion: 'fn.pod-sequencer.dev/v1alpha1', kind: 'PodSequence', metadata: { name: 'c' }, spec });
  expect(errors).toEqual([]);
  const text = typeof docs === 'string' ? docs : docs.map((d) => stringify(d)).join('---\n');
  const out = runFiles([readManifest('input.yaml', [], text)], { ...config, mode });
  const after = parseAllDocuments(out.files[0]!.output ?? text).map((d) => d.toJS() as Obj);
  return { out, after, text, findings: out.findings.map((f) => `${f.result.severity} ${f.result.tags?.rule ?? '-'}: ${said(f.result)}`) };
}

const podOf = (docs: Obj[], kind: string) => docs.find((d) => d.kind === kind)!.spec.template.spec;
const containerOf = (pod: Obj, name: string) => [...(pod.initContainers ?? []), ...pod.containers].find((c: Obj) => c.name === name) as Obj;

/** The admin listener a bootstrap declares, read here on its own (the oracle). */
function adminOf(bootstrap: string): { address: string; port: number } | undefined {
  const s = (parse(bootstrap) as Obj)?.admin?.address?.socket_address;
  return s ? { address: s.address, port: Number(s.port_value) } : undefined;
}

const SPIRE = 'spiffe/spire-tutorials';
const spire = entries.filter((e) => e.repo === SPIRE && e.path.endsWith('-deployment.yaml'));

describe('Envoy sidecars by their bootstrap (SPIRE tutorials)', () => {
  itHereOrAwaited(
    'SPIRE tutorials',
    entries.filter((e) => e.repo === SPIRE),
  );
  for (const e of spire) {
    const bootstrapEntry = find(SPIRE, e.path.replace(/[^/]+-deployment\.yaml$/, 'config/envoy.yaml'));
    const deployment = read(e);
    const bootstrap = read(bootstrapEntry);
    for (const version of ['1.28', '1.30']) {
      itWithVendor(`${e.path}, kubernetesVersion ${version}`, [e, bootstrapEntry], () => {
        const dep = parse(deployment!) as Obj;
        const name = dep.spec.template.spec.volumes.find((v: Obj) => v.name === 'envoy-config').configMap.name;
        const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { 'envoy.yaml': bootstrap! } };
        const r = run([dep, cm], { kubernetesVersion: version });
        const envoy = containerOf(podOf(r.after, 'Deployment'), 'envoy');
        const admin = adminOf(bootstrap!);
        expect(r.out.files[0]!.output ?? '').not.toContain('9901');
        expect(envoy.startupProbe, 'no probe can reach an admin on loopback, nor one that does not exist').toBeUndefined();
        if (admin) {
          expect(admin.address).toBe('127.0.0.1');
          expect(envoy.restartPolicy).toBeUndefined();
          expect(JSON.stringify(envoy.lifecycle.postStart.exec.command)).toContain(`http://127.0.0.1:${admin.port}/ready`);
          if (version === '1.30')
            expect(r.findings.join('\n')).toMatch(
              /kept envoy classic: .* \| It is not made a native sidecar: .*admin address 127\.0\.0\.1:\d+ .*keeps its health endpoint on loopback/,
            );
        } else {
          expect(envoy.lifecycle?.postStart).toBeUndefined();
          expect(r.findings.join('\n')).toMatch(/info sidecar-endpoints-unknown: envoy gets no readiness gate .* \| .*has no admin address/);
        }
        // check on the input recommends nothing that would gate on a port that does not answer
        const check = run([dep, cm], { kubernetesVersion: version }, 'check');
        expect(check.findings.join('\n')).not.toMatch(/startupProbe to envoy|9901/);
      });
    }
  }
});

describe('OPA-Envoy quick start: admin on 0.0.0.0:8001 behind proxy_init', () => {
  itHereOrAwaited('OPA-Envoy quick start', [{ repo: 'open-policy-agent/opa-envoy-plugin', path: 'quick_start.yaml' }]);
  const entry = find('open-policy-agent/opa-envoy-plugin', 'quick_start.yaml');
  const text = read(entry);
  itWithVendor('classic with a postStart wait on :8001 at any version: proxy_init redirects what reaches the pod IP', [entry], () => {
    for (const version of ['1.28', '1.30']) {
      const r = run(text!, { kubernetesVersion: version });
      const envoy = containerOf(podOf(r.after, 'Deployment'), 'envoy');
      expect(envoy.restartPolicy).toBeUndefined();
      expect(envoy.startupProbe).toBeUndefined();
      expect(JSON.stringify(envoy.lifecycle.postStart.exec.command)).toContain('http://127.0.0.1:8001/ready');
      if (version === '1.30') expect(r.findings.join('\n')).toMatch(/kept envoy classic: .* \| .*init container proxy-init adds NET_ADMIN/);
    }
  });
});

const BOA = 'GoogleCloudPlatform/bank-of-anthos';

/** The init-db Job as the cloud-sql component renders it: the proxy container added, with --quitquitquit. */
function initDbJob(file: string, addContainer: string, replaceArgs: string): Obj[] {
  const docs = parseAllDocuments(file).map((d) => d.toJS() as Obj);
  const job = docs.find((d) => d.kind === 'Job')!;
  const patch = (parse(addContainer) as Obj[]).find((op) => op.path === '/spec/template/spec/containers/-')!;
  const args = (parse(replaceArgs) as Obj).spec.template.spec.containers[0].args;
  job.spec.template.spec.containers.push({ ...patch.value, args });
  return docs;
}

describe('Bank of Anthos init-db Jobs: the ConfigMap script already quits the proxy', () => {
  itHereOrAwaited(
    'Bank of Anthos',
    entries.filter((e) => e.repo === BOA),
  );
  const addEntry = find(BOA, 'src/components/cloud-sql/cloud-sql-proxy/add-container.yaml');
  const argsEntry = find(BOA, 'src/components/cloud-sql/cloud-sql-proxy/replace-args-job.yaml');
  const add = read(addEntry);
  const args = read(argsEntry);
  for (const db of ['accounts', 'ledger']) {
    const fileEntry = find(BOA, `src/${db}/${db}-db/k8s/components/init-db-job/init-db-job.yaml`);
    const file = read(fileEntry);
    itWithVendor(`${db}-db: no error in check, no second wrapper in fix, and a result that says why`, [fileEntry, addEntry, argsEntry], () => {
      const docs = initDbJob(file!, add!, args!);
      const check = run(docs, { kubernetesVersion: '1.28' }, 'check');
      expect(check.findings.filter((f) => f.startsWith('error'))).toEqual([]);
      const fix = run(docs, { kubernetesVersion: '1.28' });
      const app = containerOf(podOf(fix.after, 'Job'), `populate-${db}-db`);
      expect(app.command).toEqual(['bash', '-c', `. /scripts/initialize-database.sh 127.0.0.1 5432 ${db}-db`]);
      expect(fix.findings.join('\n')).toMatch(
        new RegExp(
          `info handled-by-script: populate-${db}-db runs a script that ends its sidecars: pod-sequencer adds no Job wrapper \\| The script ends them \\(ConfigMap ${db}-schema-config key initialize-database\\.sh\\)`,
        ),
      );
      // The same Job without the script's quit call is the error it should be.
      const cm = docs.find((d) => d.kind === 'ConfigMap')!;
      const without = docs.map((d) =>
        d === cm ? { ...cm, data: { ...cm.data, 'initialize-database.sh': cm.data['initialize-database.sh'].replace(/^.*quitquitquit.*$/m, '') } } : d,
      );
      expect(run(without, { kubernetesVersion: '1.28' }, 'check').findings.join('\n')).toMatch(
        /error job-sidecar-blocks-completion: classic sidecar cloud-sql-proxy/,
      );
    });
  }

  const populateEntry = find(BOA, 'extras/cloudsql/populate-jobs/populate-accounts-db.yaml');
  const populate = read(populateEntry);
  itWithVendor('populate-accounts-db (gce-proxy v1): the sourced script killalls the proxy given as its argument', [populateEntry], () => {
    const spec = { kubernetesVersion: '1.28', sidecars: [{ profile: 'cloud-sql-proxy', name: 'cloudsql-proxy' }] };
    expect(run(populate!, spec, 'check').findings.filter((f) => f.includes('job-sidecar-blocks-completion'))).toEqual([]);
  });
});
