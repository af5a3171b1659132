// Single executable (Node SEA) of the bundled function: build/pod-sequencer, which kpt and
// kustomize can run as an exec function on machines without Node. Run after the build
// (`npm run build:sea` does both); optional argument: the output directory. Needs the dev
// dependency `postject`, which writes the script into a copy of the node binary running this
// script; the result runs on the OS and CPU it was built on.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Fixed by Node for SEA; it must match the string compiled into the node binary.
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

export async function buildSea(out = join(root, 'build')) {
  let postject;
  try {
    postject = createRequire(join(root, 'package.json'))('postject');
  } catch {
    throw new Error('build:sea needs postject: npm install --save-dev postject');
  }
  if (!readFileSync(process.execPath).includes(FUSE)) {
    throw new Error(`${process.execPath} was built without single-executable support`);
  }
  // SEA runs one CommonJS file that may require only Node's built-in modules: dist/cli.cjs is
  // the whole function bundled, so it is that file.
  const main = join(root, 'dist', 'cli.cjs');
  mkdirSync(out, { recursive: true });
  const blob = join(out, 'sea-prep.blob');
  const config = join(out, 'sea-config.json');
  writeFileSync(config, JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true }, null, 2));
  execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: ['ignore', 'ignore', 'inherit'] });

  const exe = join(out, 'pod-sequencer');
  rmSync(exe, { force: true });
  copyFileSync(process.execPath, exe);
  chmodSync(exe, 0o755);
  await postject.inject(exe, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: FUSE });
  rmSync(blob);
  rmSync(config);
  return exe;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(await buildSea(process.argv[2]));
  } catch (e) {
    console.error(`build:sea: ${e.message}`);
    process.exit(1);
  }
}
