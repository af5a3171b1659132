// npm's `prepare`: after `npm install` in a clone, before `npm pack`, and when npm installs this
// package from git. The last may give it no dependencies at all: `npm install -g git+…`, how
// pre-commit 4.6.1+ installs the hooks, runs it without even devDependencies (npm/cli#8440). So
// this file needs Node's built-ins only. With the build tools installed it builds; without them
// it keeps the committed dist/ (test/dist.test.ts holds it to a fresh build of the committed
// sources) and only writes the V8 code cache for this Node. docs/decisions.md says why.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCodeCache } from './code-cache.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));

/** What scripts/build.mjs imports (ajv is a dependency, but the git install above has none). */
const BUILD_TOOLS = ['esbuild', 'typescript', 'ajv'];

function installed(name) {
  try {
    require.resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

const missing = BUILD_TOOLS.filter((name) => !installed(name));
if (missing.length === 0) {
  await import('./build.mjs');
} else if (['cli.cjs', 'index.cjs', 'types/index.d.ts'].every((f) => existsSync(join(root, 'dist', f)))) {
  writeCodeCache(root);
} else {
  console.error(
    `pod-sequencer prepare: dist/ is missing and ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not installed, so it cannot be built.\n` +
      '  In a clone: npm install (with devDependencies), then npm run build.\n' +
      '  Installing from git: use a commit that has dist/ (every commit since dist/ was committed does).',
  );
  process.exit(1);
}
