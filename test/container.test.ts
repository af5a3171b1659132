/**
 * @uses kpt kubectl
 * The container contract, without a Docker engine: `kubectl kustomize --enable-alpha-plugins`
 * and `kpt fn eval --image` run container functions through `docker run ... IMAGE`, so a
 * `docker` shim first on PATH runs the Dockerfile's ENTRYPOINT here instead, with the user they
 * ask for (`nobody`), passing stdin and stdout through, on a copy of just the files the
 * Dockerfile's final stage copies.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { BIN, copyPackage, ROOT, run } from './helpers/cli.js';
import { canUse } from './helpers/tools.js';

// With a '/', so kpt does not prefix its default registry.
const IMAGE = 'localhost/pod-sequencer:test';
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

/** ENTRYPOINT of the final stage, e.g. ["/nodejs/bin/node", "/app/node_modules/pod-sequencer/bin/pod-sequencer.cjs"]. */
function entrypoint(): string[] {
  const m = /^ENTRYPOINT (\[.*\])$/m.exec(finalStage);
  if (!m) throw new Error('the final stage of the Dockerfile has no exec-form ENTRYPOINT');
  return JSON.parse(m[1]!) as string[];
}

const npm = (args: string[], cwd: string) => {
  const r = run('npm', [...args, '--ignore-scripts', '--no-audit', '--no-fund'], { cwd });
  if (r.code !== 0) throw new Error(`npm ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

/**
 * The image's /app, made the way the Dockerfile makes it: this checkout (built by `npm test`)
 * packed with `npm pack`, and the tarball installed with `npm install --prefix /app --omit=dev`.
 * Readable by nobody, as in the image.
 */
let app: string | undefined;
function imageApp(): string {
  if (app) return app;
  expect(dockerfile).toMatch(/npm pack --ignore-scripts --pack-destination \/pkg$/m);
  expect(dockerfile).toMatch(/^RUN npm install --prefix \/app --omit=dev --ignore-scripts .* \/pkg\/pod-sequencer-\*\.tgz$/m);
  expect(finalStage).toMatch(/^COPY --from=install \/app \/app$/m);
  const tmp = mkdtempSync(join(tmpdir(), 'pod-seq-image-'));
  chmodSync(tmp, 0o755);
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', tmp], ROOT)) as { filename: string }[];
  app = join(tmp, 'app');
  npm(['install', '--prefix', app, '--omit=dev', '--prefer-offline', join(tmp, packed!.filename)], tmp);
  return app;
}

/** A `docker` that runs the image's entrypoint, with the image's /app, as the user asked for. */
function dockerShim(): { dir: string; log: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pod-seq-docker-'));
  const log = join(dir, 'calls.log');
  const [node, script] = entrypoint();
  expect(node).toMatch(/\/node$/);
  const entry = script!.replace(/^\/app\//, `${imageApp()}/`);
  expect(existsSync(entry), entry).toBe(true);
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

function kustomization(fn: string, spec = '  mode: apply\n  kubernetesVersion: "1.28"\n'): string {
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
    // The entrypoint is the installed package's bin, as `npm install pod-sequencer` gives users.
    expect(entrypoint()[1]).toBe('/app/node_modules/pod-sequencer/bin/pod-sequencer.cjs');
    expect(entrypoint()[1]).toBe(`/app/node_modules/pod-sequencer/${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).bin['pod-sequencer']}`);
    // Only published images may be named: none is yet.
    expect(dockerfile).not.toMatch(/localhost\//);
    const cli = readFileSync(join(ROOT, 'dist', 'cli.cjs'), 'utf8');
    const external = [...cli.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!).filter((id) => !/^(node:|\.)/.test(id) && !builtinModules.includes(id));
    expect(external).toEqual([]);
  });
});

describe.skipIf(!canUse('kubectl'))('kubectl kustomize --enable-alpha-plugins (container function through a docker shim)', () => {
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

  it('never runs exec: functions: with --enable-alpha-plugins it skips them (exit 0, nothing changed), without it it fails (the docs say both)', () => {
    const shim = dockerShim();
    const dir = kustomization(`exec:\n  path: ${BIN}`);
    // kubectl kustomize has no --enable-exec flag.
    const r = run('kubectl', ['kustomize', '--enable-alpha-plugins', dir], { env: env(shim.dir) });
    expect(r.code, r.stderr).toBe(0);
    expect(containerNames(r.stdout)).toEqual(['web', 'istio-proxy']);
    const plain = run('kubectl', ['kustomize', dir], { env: env(shim.dir) });
    expect(plain.code).toBe(1);
    expect(plain.stderr).toContain('external plugins disabled');
  });
});

describe.skipIf(!canUse('kpt'))('kpt fn eval --image (container function through the docker shim)', () => {
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
