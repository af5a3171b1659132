// Build: compile the config schema into a standalone ajv validator, then bundle the CLI with esbuild.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

// V8 code cache for the CLI bundle (bin/pod-sequencer.cjs uses it): one run on the quickstart
// example, so it also holds the functions a run compiles. Without the example, no cache.
const codeCache = join(root, 'dist', 'cli.cjs.cache');
rmSync(codeCache, { force: true });
const example = join(root, 'examples', 'quickstart', 'resource-list.yaml');
if (existsSync(example)) {
  const env = { ...process.env, POD_SEQUENCER_CODE_CACHE_OUT: codeCache };
  const r = spawnSync(process.execPath, [join(root, 'bin', 'pod-sequencer.cjs')], { input: readFileSync(example), env, stdio: ['pipe', 'ignore', 'pipe'] });
  if (r.status !== 0 || !existsSync(codeCache)) console.warn(`build: no code cache (exit ${r.status}): ${r.stderr}`);
}

// Declarations for the library entry (package.json `types`): dist/types/index.d.ts.
const { buildTypes } = await import(join(root, 'scripts', 'build-types.mjs'));
buildTypes(root);
