// Build: compile the config schema into a standalone ajv validator, then bundle the CLI with esbuild.
import { build } from 'esbuild';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCodeCache } from './code-cache.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// The profile names (types, schema enum) and docs/profiles.md come from the vendor tables.
const facts = join(root, 'scripts', 'gen-facts.mjs');
if (existsSync(facts)) {
  const { stale } = await import(facts);
  for (const [path, text] of await stale()) writeFileSync(path, text);
}

const validator = join(root, 'scripts', 'build-validator.mjs');
if (existsSync(validator)) {
  const { buildValidator } = await import(validator);
  await buildValidator(root);
}

await build({
  entryPoints: { cli: join(root, 'src', 'cli.ts'), index: join(root, 'src', 'index.ts') },
  outdir: join(root, 'dist'),
  // dist/ is committed (docs/decisions.md): the same bytes from any clone, working directory or
  // node_modules layout. esbuild's `// node_modules/yaml/...` comments name module paths relative
  // to absWorkingDir, and through a symlinked node_modules they would name its target instead.
  absWorkingDir: root,
  preserveSymlinks: true,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  define: { __VERSION__: JSON.stringify(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version) },
});

// V8 code cache for the CLI bundle (bin/pod-sequencer.cjs uses it), for this Node.
writeCodeCache(root);

// Declarations for the library entry (package.json `types`): dist/types/index.d.ts.
const { buildTypes } = await import(join(root, 'scripts', 'build-types.mjs'));
buildTypes(root);
