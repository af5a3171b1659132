/**
 * The container contract, without a Docker engine: `kubectl kustomize --enable-alpha-plugins`
 * and `kpt fn eval --image` run container functions through `docker run ... IMAGE`, so a
 * `docker` shim first on PATH runs the Dockerfile's ENTRYPOINT here instead, with the user they
 * ask for (`nobody`), passing stdin and stdout through, on a copy of just the files the
 * Dockerfile's final stage copies.
 */
import { chmodSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { BIN, copyPackage, ROOT, run } from './helpers/cli.js';

// With a '/', so kpt does not prefix its default registry.
const IMAGE = 'localhost/pod-sequencer:test';
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

/** ENTRYPOINT of the final stage, e.g. ["/nodejs/bin/node", "/app/bin/pod-sequencer.cjs"]. */
function entrypoint(): string[] {
  const m = /^ENTRYPOINT (\[.*\])$/m.exec(finalStage);
  if (!m) throw new Error('the final stage of the Dockerfile has no exec-form ENTRYPOINT');
  return JSON.parse(m[1]!) as string[];
}

/**
 * The final stage's /app: what its `COPY --from=build /src/X ./Y` lines copy, taken from this
 * checkout (built by `npm test`), readable by nobody as in the image.
 */
function imageApp(): string {
  expect(finalStage).toMatch(/^WORKDIR \/app$/m);
  const app = mkdtempSync(join(tmpdir(), 'pod-seq-image-'));
  chmodSync(app, 0o755);
  for (const m of finalStage.matchAll(/^COPY --from=build \/src\/(\S+) \.\/(\S*)$/gm)) {
    // `./` copies into the directory, keeping the name.
    const dest = m[2] === '' || m[2]!.endsWith('/') ? join(app, m[2]!, basename(m[1]!)) : join(app, m[2]!);
    cpSync(join(ROOT, m[1]!), dest, { recursive: true });
  }
  return app;
}

/** A `docker` that runs the image's entrypoint, with the image's /app, as the user asked for. */
function dockerShim(): { dir: string; log: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-docker-'));
  const log = join(dir, 'calls.log');
  const [node, script] = entrypoint();
  expect(node).toMatch(/\/node$/);
  const entry = script!.replace(/^\/app\//, `${imageApp()}/`);
  const asNobody = process.getuid?.() === 0 ? 'setpriv --reuid=65534 --regid=65534 --clear-groups' : '';
  writeFileSync(
    join(dir, 'docker'),
    `#!/bin/sh
# docker shim: 'docker run [flags] ${IMAGE} [args]' runs the image's entrypoint here.
printf '%s\\n' "$*" >> '${log}'
case "$1" in
  run) ;;
  version) echo 27.0.0; exit 0 ;;   # kpt checks that docker runs
  *) echo "docker shim: only 'docker run' is supported" >&2; exit 125 ;;
esac
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
  const dep = parseAllDocuments(yaml)
    .map((d) => d.toJS())
    .find((d) => d?.kind === 'Deployment');
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

describe('kpt fn eval --image (container function through the docker shim)', () => {
  it('runs the image entrypoint as nobody with no network', () => {
    const shim = dockerShim();
    const dir = copyPackage('shop');
    const r = run('kpt', ['fn', 'eval', dir, '--image', IMAGE, '--image-pull-policy', 'ifNotPresent', '--', 'kubernetesVersion=1.30'], {
      env: { ...process.env, PATH: `${shim.dir}${delimiter}${process.env.PATH}` },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'web.yaml'), 'utf8')).toMatch(/initContainers:\n\s*# injected by hand, years ago\n\s*- name: istio-proxy/);
    const call = readFileSync(shim.log, 'utf8');
    expect(call).toMatch(/^run .*--network none --user nobody .*localhost\/pod-sequencer:test$/m);
  });
});
