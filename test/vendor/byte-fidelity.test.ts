/**
 * Issue 16 on real Helm-rendered manifests: a changed item keeps every line the change did not
 * touch. Istio's gateway chart (istio/istio operator/pkg/helm/testdata/output/
 * gateway-additional-containers.golden.yaml: `annotations:` then `{}` on the next line, lists
 * indented under their keys beside `toYaml`'s compact ones, `env:` with no value) and `linkerd
 * install` (linkerd/linkerd2 cli/cmd/testdata/install_default.golden: the proxy's `name:
 * *containerName`, kept by the text edits). Read by reference (test/vendor/README.md).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { readManifest } from '../../src/files/read.js';
import { runFiles } from '../../src/files/run.js';
import { lineDiff, type Hunk } from '../helpers/linediff.js';
import { describeWithVendor, itWithVendor } from '../helpers/vendor-it.js';
import { corpusEntries, readCorpusFile } from '../helpers/vendor-corpus.js';

/** The corpus list's entry for a path (undefined when no list names it: describeWithVendor then throws, naming it). */
const entryAt = (path: string) => corpusEntries().find((x) => x.path === path);

/** `fix` on the file with a config that makes `container` a generic sidecar ready on `tcp`. */
function fix(path: string, text: string, container: string, tcp: string): string {
  const { config, errors } = loadConfig({
    apiVersion: 'fn.pod-sequencer.dev/v1alpha1',
    kind: 'PodSequence',
    metadata: { name: 'c' },
    spec: { kubernetesVersion: '1.28', sidecars: [{ profile: 'generic', name: container, readiness: { tcp } }] }, // classic: a moved container
  });
  expect(errors).toEqual([]);
  const out = runFiles([readManifest(path, [], text)], { ...config, mode: 'apply' }).files[0]!.output;
  expect(out, 'the config forces a change').toBeDefined();
  return out!;
}

/** The lines of the block that starts at `first` (a `- ` line) and runs while lines are deeper than its dash. */
function blockAt(text: string, first: string): string[] {
  const lines = text.split('\n');
  const at = lines.indexOf(first);
  expect(at, first).toBeGreaterThanOrEqual(0);
  const col = first.indexOf('-');
  const end = lines.findIndex((l, i) => i > at && (l.length - l.trimStart().length <= col || l.trim() === ''));
  return lines.slice(at, end);
}

/**
 * The line diff once the moved block is taken out of both texts (it must stand whole in each):
 * each hunk that only adds lines must start a new field (`keys`); returns the other hunks.
 */
function diffBesides(before: string, after: string, moved: string[], keys: RegExp): Hunk[] {
  const block = moved.join('\n') + '\n';
  expect(before).toContain(block);
  expect(after).toContain(block);
  const hunks = lineDiff(before.replace(block, ''), after.replace(block, ''));
  for (const h of hunks) if (h.removed.length === 0) expect(h.added[0], 'added lines start a new field').toMatch(keys);
  return hunks.filter((h) => h.removed.length > 0);
}

const GATEWAY = 'operator/pkg/helm/testdata/output/gateway-additional-containers.golden.yaml';
const LINKERD = 'cli/cmd/testdata/install_default.golden';

/** The gateway golden's shapes in small: `{}` on the line after its key, a key with no value, lists at two indents. */
const HELM_SHAPED = `# Source: gw/templates/deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: gw
  annotations:
    {}
spec:
  template:
    spec:
      containers:
        - name: gateway
          image: gw:1
          env:
          ports:
          - containerPort: 8080
        - image: helper:1
          name: helper
          args: ["--listen", ":9000"]
`;

// Needs no vendor file, so a clone without them still runs a test here (vitest fails an empty file).
describe('a change to a Helm-shaped manifest written here touches only its own lines', () => {
  it('the second container made a sidecar: moved whole, nothing else but new fields', () => {
    const out = fix('gw.yaml', HELM_SHAPED, 'helper', 'localhost:9000');
    const moved = blockAt(HELM_SHAPED, '        - image: helper:1');
    expect(out.indexOf(moved.join('\n'))).toBeLessThan(out.indexOf('        - name: gateway'));
    expect(diffBesides(HELM_SHAPED, out, moved, /^ *(?:lifecycle|volumeMounts|initContainers|volumes):$/)).toEqual([]);
    expect(out).toContain('  annotations:\n    {}\n');
  });
});

describeWithVendor('a change to a Helm-rendered manifest touches only its own lines', [entryAt(GATEWAY), entryAt(LINKERD)], () => {
  itWithVendor("Istio's gateway chart: the additional container made a sidecar", [entryAt(GATEWAY)], () => {
    const gateway = readCorpusFile(entryAt(GATEWAY)!);
    const out = fix(GATEWAY, gateway!, 'additional-container', 'localhost:8080');
    const moved = blockAt(gateway!, '        - image: additional-image:latest');
    expect(out.indexOf(moved.join('\n'))).toBeLessThan(out.indexOf('        - name: istio-proxy')); // before the gateway
    expect(diffBesides(gateway!, out, moved, /^ *(?:lifecycle|volumeMounts|initContainers|volumes):$/)).toEqual([]);
    expect(out).toContain('  annotations:\n    {}\n');
  });

  itWithVendor("linkerd install: the destination's policy container made a sidecar, the proxy's alias kept", [entryAt(LINKERD)], () => {
    const linkerd = readCorpusFile(entryAt(LINKERD)!);
    const out = fix(LINKERD, linkerd!, 'policy', 'localhost:9990');
    const moved = blockAt(linkerd!, '      - command: ["/linkerd-policy-controller"]');
    expect(out.indexOf(moved.join('\n'))).toBeLessThan(out.indexOf('      - args:\n        - destination'));
    const kept = diffBesides(linkerd!, out, moved, /^ *(?:lifecycle|volumeMounts|initContainers|volumes|- name: seq-tools):$|^ *- name: seq-tools$/);
    // The alias no longer takes the item to the Document path (issue 31: fastParse reads anchors
    // and aliases on scalars), so the whitespace-only line and the indented `- ALL` among the
    // compact lists stay as they were. Nothing else changed.
    expect(kept).toEqual([]);
    expect(out.match(/name: \*containerName/g)).toHaveLength(3);
    expect(out.match(/&containerName linkerd-proxy/g)).toHaveLength(3);
  });
});
