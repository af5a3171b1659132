// `npm run lint`: the type check, eslint and the format check, side by side (each is one
// process on one core; together they take the time of the slowest). Each one's output is
// printed whole, in this order, and any failure fails the lint.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (pkg, file) => join(root, 'node_modules', pkg, file);
const CHECKS = [
  ['tsc --noEmit', bin('typescript', 'bin/tsc'), ['--noEmit']],
  ['eslint .', bin('eslint', 'bin/eslint.js'), ['.']],
  ['prettier --check .', bin('prettier', 'bin/prettier.cjs'), ['--check', '.']],
];

function run([name, script, args]) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (e) => resolve({ name, code: 1, out: String(e) }));
    child.on('close', (code) => resolve({ name, code, out }));
  });
}

let failed = 0;
for (const { name, code, out } of await Promise.all(CHECKS.map(run))) {
  process.stdout.write(`> ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`}\n${out}`);
  if (code !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
