/**
 * Invariants on real manifests written by vendors' own tools (test/vendor/README.md): Istio's and
 * Linkerd's injector goldens, Google's cloud-sql-proxy examples, Contour's quickstart, Kuma's
 * injector goldens, Dapr's e2e app manifests, the Vault injector's Deployment and acceptance Job. For every
 * file, with the default config and with kubernetesVersion 1.30, as `fix` runs on files:
 * no error, untouched documents byte-identical, native sidecars stay native, a pod whose only
 * container is a sidecar (an ingress gateway) is untouched, no workload less valid than its input, idempotent, every changed
 * document explained by a result. Files not available here skip with one line (fail under POD_SEQUENCER_REQUIRE_VENDOR=1).
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/load.js';
import { PathError, readManifest, type ManifestFile } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { profileNames, profiles } from '../../src/profiles/index.js';
import { availableCorpus, cite, corpusEntries } from '../helpers/vendor-corpus.js';
import { describeIfHere } from '../helpers/vendor-it.js';
import { get, itemErrors, podRuleErrors, templateOf } from '../properties/k8s.js';
import { sitesFor } from '../../src/workloads/kinds.js';
import { expand } from '../../src/workloads/paths.js';

type Obj = Record<string, unknown>;
type Pod = { containers?: Obj[]; initContainers?: Obj[] };

const entries = corpusEntries();
const files = availableCorpus(entries, 'vendor corpus');

/**
 * Findings that are right, not harm: the input itself is broken and the error says how to fix it.
 * Exact: a listed case that stops appearing fails the test ("remove it here").
 */
const EXPECTED_ERRORS: Record<string, string[]> = {
  // (No kubernetesVersion is taken as 1.29 or later since issue 31: Istio's old kube-inject CronJob
  // and `linkerd inject`'s CronJobs get native proxies, and complete, so they no longer fail.)
  // Dapr's e2e Job (dapr.io/enabled, no mesh.dapr native): a classic daprd, and a container with
  // neither command nor args (its image's entrypoint), so no wrapper can end daprd. Both errors
  // name the fix (the entrypoint, or a native daprd with Dapr 1.18's dapr.io/enable-native-sidecar).
  'default dapr/dapr:tests/apps/job-publisher/service.yaml': ['container job-publisher has no command', 'this Job never completes'],
  '1.30 dapr/dapr:tests/apps/job-publisher/service.yaml': ['container job-publisher has no command', 'this Job never completes'],
  // JobSet's in-place restart examples set restartPolicy on plain containers: Kubernetes 1.34's
  // alpha container restart rules (ContainerRestartRules); a stated 1.30 refuses them, which the
  // error says with the fix (restart-policy-on-container). With no kubernetesVersion it is a
  // warning that names the gate (issue 39).
  ...Object.fromEntries(
    ['1.30'].flatMap((c) => [
      [`${c} kubernetes-sigs/jobset:site/static/examples/in-place-restart/jobset-sidecar-container-mode.yaml`, ['container worker sets restartPolicy: Never']],
      [
        `${c} kubernetes-sigs/jobset:site/static/examples/in-place-restart/jobset-main-container-mode.yaml`,
        ['container in-place-restart-agent sets restartPolicy: Never'],
      ],
    ]),
  ),
};

/** Container names of the built-in sidecar profiles: a pod with one of them alone is that proxy's own workload. */
const SIDECAR_NAMES = new Set(profileNames.flatMap((p) => (profiles[p].containerName ? [profiles[p].containerName] : [])));

const CONFIGS = { default: undefined, '1.30': { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { kubernetesVersion: '1.30' } } };

/**
 * The pod specs of an object: its built-in kind's template, or every template of a catalog kind
 * (src/workloads/catalog.ts; a JobSet's jobs, a PyTorchJob's replicas), in document order.
 */
function podsOf(o: Obj): Pod[] {
  const core = templateOf(o)?.spec as Pod | undefined;
  if (core) return [core];
  const sites = (sitesFor(String(o.apiVersion), String(o.kind), []) ?? []).filter((s) => s.shape === 'pod');
  return sites.flatMap((s) => expand(o, s.steps).flatMap((p) => ((get(o, p) as Obj | undefined)?.spec as Pod | undefined) ?? []));
}
/** Errors of an object: the API schema's and the pod rules' for a built-in kind, the pod rules' for each catalog template. */
const errorsOf = (o: Obj, minor: number | undefined) =>
  templateOf(o) ? itemErrors(o, minor) : podsOf(o).flatMap((p, k) => podRuleErrors(p as Obj, minor).map((e) => `template ${k}: ${e}`));
const natives = (pod: Pod | undefined) => (pod?.initContainers ?? []).filter((c) => c.restartPolicy === 'Always').map((c) => String(c.name));
const docsOf = (f: ManifestFile) => f.docs.map((d) => f.source.slice(d.start, d.end));

/** What breaks an invariant on one file, as lines; empty when all hold. */
function violations(path: string, text: string, minor: number | undefined, cfg: ReturnType<typeof loadConfig>['config']): string[] {
  const out: string[] = [];
  let file: ManifestFile;
  try {
    file = readManifest(path, [], text);
  } catch (e) {
    if (e instanceof PathError) return []; // not YAML we read (a template): reported, not our harm
    throw e;
  }
  const run = runFiles([file], cfg);
  const { output, replacements } = run.files[0]!;
  for (const f of run.findings) if (f.result.severity === 'error') out.push(`error at ${f.line}: ${f.result.message}`);
  if (output === undefined) return out;
  const after = readManifest(path, [], output);
  const [a, b] = [docsOf(file), docsOf(after)];
  if (a.length !== b.length) return [...out, `document count ${a.length} -> ${b.length}`];
  a.forEach((doc, i) => {
    if (!replacements.has(i)) {
      if (b[i] !== doc) out.push(`document ${i + 1} changed without a replacement`);
      return;
    }
    const [before, now] = [parse(doc) as Obj, parse(b[i]!) as Obj];
    const name = `${String(before.kind)} ${String((before.metadata as Obj | undefined)?.name)}`;
    const [pbs, pas] = [podsOf(before), podsOf(now)];
    if (pbs.length !== pas.length) out.push(`${name}: ${pbs.length} pod templates became ${pas.length}`);
    pbs.forEach((pb, k) => {
      const pa = pas[k];
      for (const n of natives(pb)) if (!natives(pa).includes(n)) out.push(`${name}: native sidecar ${n} is no longer native`);
      const sole = (pb.containers ?? []).length === 1 && (pb.initContainers ?? []).length === 0 ? String(pb.containers![0]!.name) : undefined;
      if (sole !== undefined && SIDECAR_NAMES.has(sole) && JSON.stringify(pb) !== JSON.stringify(pa))
        out.push(`${name}: a pod whose only container is ${sole} was changed`);
    });
    const [eb, ea] = [errorsOf(before, minor), errorsOf(now, minor)];
    for (const err of ea) if (!eb.includes(err)) out.push(`${name}: became invalid: ${err}`);
    const explained = run.findings.some(
      (f) => f.line >= after.lines.linePos(after.docs[i]!.start).line && f.line <= after.lines.linePos(after.docs[i]!.end).line,
    );
    if (!explained) out.push(`${name}: changed without a result`);
  });
  const again = runFiles([readManifest(path, [], output)], cfg).files[0]!.output;
  if (again !== undefined) out.push('not idempotent: a second run changes it again');
  return out;
}

describeIfHere(files.length > 0, 'a file of test/vendor/corpus/*.json (test/helpers/vendor-corpus.ts says where from)')('vendor corpus invariants', () => {
  for (const [label, raw] of Object.entries(CONFIGS)) {
    it(`config ${label}: ${files.length} files`, () => {
      const { config, errors } = loadConfig(raw);
      expect(errors).toEqual([]);
      const minor = label === '1.30' ? 30 : undefined;
      const expected = Object.entries(EXPECTED_ERRORS).filter(([k]) => k.startsWith(`${label} `));
      const found = files.flatMap(({ e, text }) => {
        const known = expected.find(([k]) => k === `${label} ${e.repo}:${e.path}`)?.[1] ?? [];
        const v = violations(e.path, text, minor, { ...config, mode: 'apply' });
        const unexplained = v.filter((x) => !known.some((k) => x.includes(k)));
        for (const k of known)
          if (!v.some((x) => x.includes(k))) unexplained.push(`expected an error containing "${k}": none came (remove it from EXPECTED_ERRORS)`);
        return unexplained.map((x) => `${cite(e)}: ${x}`);
      });
      expect(found).toEqual([]);
    });
  }
});

// Needs no vendor file, so a clone without any still runs a test here (vitest fails an empty file).
describe('the expected errors', () => {
  it('each names a config and a file of the corpus lists', () => {
    const listed = new Set(entries.map((e) => `${e.repo}:${e.path}`));
    const stale = Object.keys(EXPECTED_ERRORS).filter((k) => {
      const [label, file] = [k.slice(0, k.indexOf(' ')), k.slice(k.indexOf(' ') + 1)];
      return !(label in CONFIGS) || !listed.has(file);
    });
    expect(stale).toEqual([]);
  });
});
