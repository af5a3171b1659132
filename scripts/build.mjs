// Build: compile the config schema into a standalone ajv validator, then bundle the CLI with esbuild.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const validator = join(root, 'scripts', 'build-validator.mjs');
if (existsSync(validator)) {
  const { buildValidator } = await import(validator);
  await buildValidator(root);
}

await build({
  entryPoints: { cli: join(root, 'src', 'cli.ts'), index: join(root, 'src', 'index.ts') },
  outdir: join(root, 'dist'),
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

// Declarations for the library entry (package.json `types`): dist/types/index.d.ts.
const { buildTypes } = await import(join(root, 'scripts', 'build-types.mjs'));
buildTypes(root);
