/**
 * The container contract, without a Docker engine: `kubectl kustomize --enable-alpha-plugins`
 * runs `container:` functions through `docker run ... IMAGE`, so a `docker` shim first on PATH
 * runs the Dockerfile's ENTRYPOINT here instead, with the user kustomize asks for (`nobody`),
 * passing stdin and stdout through. What the image adds beyond that (the files it copies) is
 * checked by reading the Dockerfile.
 */
import { builtinModules } from 'node:module';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { BIN, ROOT, run } from './helpers/cli.js';

const IMAGE = 'pod-sequencer:test';
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

/** ENTRYPOINT of the final stage, e.g. ["/nodejs/bin/node", "/app/bin/pod-sequencer.cjs"]. */
function entrypoint(): string[] {
  const m = /^ENTRYPOINT (\[.*\])$/m.exec(finalStage);
  if (!m) throw new Error('the final stage of the Dockerfile has no exec-form ENTRYPOINT');
  return JSON.parse(m[1]!) as string[];
}

/** A `docker` that runs the image's entrypoint from this checkout (WORKDIR /app = the repository). */
function dockerShim(): { dir: string; log: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-docker-'));
  const log = join(dir, 'calls.log');
  const [node, script] = entrypoint();
  expect(node).toMatch(/\/node$/);
  const entry = script!.replace(/^\/app\//, `${ROOT}/`);
  const asNobody = process.getuid?.() === 0 ? 'setpriv --reuid=65534 --regid=65534 --clear-groups' : '';
  writeFileSync(
    join(dir, 'docker'),
    `#!/bin/sh
# docker shim: 'docker run [flags] ${IMAGE} [args]' runs the image's entrypoint here.
printf '%s\\n' "$*" >> '${log}'
[ "$1" = run ] || { echo "docker shim: only 'docker run' is supported" >&2; exit 125; }
shift
user=
while [ $# -gt 0 ]; do
  case "$1" in
    --user) user=$2; shift ;;
    --user=*) user=\${1#--user=} ;;
    '${IMAGE}') shift; break ;;
  esac
  shift
done
[ "$user" = nobody ] && run_as='${asNobody}' || run_as=
[ -n "$run_as" ] && $run_as id -u >> '${log}'
exec $run_as '${process.execPath}' '${entry}' "$@"
`,
  );
  chmodSync(join(dir, 'docker'), 0o755);
  return { dir, log };
}

function kustomization(fn: string, spec = '  mode: apply\n'): string {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-kubectl-'));
  writeFileSync(join(dir, 'kustomization.yaml'), 'resources:\n- web.yaml\ntransformers:\n- sequence.yaml\n');
  writeFileSync(
    join(dir, 'web.yaml'),
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: web\n        image: registry.example.com/web:1.4.2\n      - name: istio-proxy\n        image: docker.io/istio/proxyv2:1.24.2\n',
  );
  writeFileSync(
    join(dir, 'sequence.yaml'),
    `apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nmetadata:\n  name: ordering\n  annotations:\n    config.kubernetes.io/function: |\n${fn.replace(/^/gm, '      ')}\nspec:\n${spec}`,
  );
  return dir;
}

const containerNames = (yaml: string) => {
  const dep = parseAllDocuments(yaml).map((d) => d.toJS()).find((d) => d?.kind === 'Deployment');
  return dep.spec.template.spec.containers.map((c: { name: string }) => c.name);
};

describe('Dockerfile', () => {
  it('is multi-stage, runs as nobody, and its entrypoint is the bundled function', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(finalStage).toMatch(/^USER nobody$/m);
    expect(entrypoint()[1]).toBe('/app/bin/pod-sequencer.cjs');
    // The entrypoint needs bin/ and the bundle in dist/, and nothing from node_modules.
    expect(finalStage).toMatch(/^COPY --from=build \S+\/bin \.\/bin$/m);
    expect(finalStage).toMatch(/^COPY --from=build \S+\/dist \.\/dist$/m);
    expect(finalStage).not.toContain('node_modules');
    const cli = readFileSync(join(ROOT, 'dist', 'cli.cjs'), 'utf8');
    const external = [...cli.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!).filter((id) => !/^(node:|\.)/.test(id) && !builtinModules.includes(id));
    expect(external).toEqual([]);
  });
});


describe('kubectl kustomize --enable-alpha-plugins (container function through a docker shim)', () => {
  const env = (dir: string) => ({ ...process.env, PATH: `${dir}${delimiter}${process.env.PATH}` });

  it('runs the image entrypoint as nobody with no network, and applies the transformer', () => {
    const shim = dockerShim();
    const dir = kustomization(`container:\n  image: ${IMAGE}`);
    const r = run('kubectl', ['kustomize', '--enable-alpha-plugins', dir], { env: env(shim.dir) });
    expect(r.code, r.stderr).toBe(0);
    expect(containerNames(r.stdout)).toEqual(['istio-proxy', 'web']);
    const call = readFileSync(shim.log, 'utf8');
    expect(call).toMatch(/^run /);
    expect(call).toContain('--user nobody');
    expect(call).toContain('--network none');
    expect(call).toContain(IMAGE);
    if (process.getuid?.() === 0) expect(call).toContain('\n65534\n');
  });

  it('fails the build on bad config, with the reason on stderr', () => {
    const shim = dockerShim();
    const dir = kustomization(`container:\n  image: ${IMAGE}`, '  kubernetesVersion: banana\n');
    const r = run('kubectl', ['kustomize', '--enable-alpha-plugins', dir], { env: env(shim.dir) });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('spec.kubernetesVersion');
  });

  it('silently skips exec: functions (exit 0, function never runs): use the standalone kustomize for those', () => {
    const shim = dockerShim();
    const dir = kustomization(`exec:\n  path: ${BIN}`);
    // kubectl kustomize has no --enable-exec flag.
    const r = run('kubectl', ['kustomize', '--enable-alpha-plugins', dir], { env: env(shim.dir) });
    expect(r.code, r.stderr).toBe(0);
    expect(containerNames(r.stdout)).toEqual(['web', 'istio-proxy']);
  });
});
