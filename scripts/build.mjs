// Build: compile the config schema into a standalone ajv validator, then bundle the CLI with esbuild.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
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

// commander's lib/command.js loads node:child_process at its top, for executable subcommands,
// which pod-sequencer has none of; loading it took 5 ms of every run's start-up (BENCHMARKS.md,
// "Start-up"). The bundle gets the module on first use instead. The exact line is required: a
// commander release that changes it fails the build here rather than silently loading it again.
const COMMANDER_CHILD_PROCESS = "const childProcess = require('node:child_process');";
const lazyCommanderChildProcess = {
  name: 'lazy-commander-child-process',
  setup(b) {
    b.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, ({ path }) => {
      const text = readFileSync(path, 'utf8');
      if (!text.includes(COMMANDER_CHILD_PROCESS)) throw new Error(`${path}: no line ${COMMANDER_CHILD_PROCESS} to make lazy (scripts/build.mjs)`);
      const lazy = "const childProcess = { spawn: (...a) => process.getBuiltinModule('node:child_process').spawn(...a) };";
      return { contents: text.replace(COMMANDER_CHILD_PROCESS, lazy), loader: 'js' };
    });
  },
};

const common = {
  plugins: [lazyCommanderChildProcess],
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
  charset: 'ascii',
  logLevel: 'warning',
  define: { __VERSION__: JSON.stringify(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version) },
};
// The CLI's bundle is minified: every run reads it and V8 scans it, so its size is start-up time
// (1.37 MB to 0.75 MB: BENCHMARKS.md, "Start-up"). The library's is not, so that its users'
// stack traces name our functions; the CLI never prints one (src/cli.ts says "internal error").
await build({ ...common, entryPoints: { cli: join(root, 'src', 'cli.ts') }, minify: true });
await build({ ...common, entryPoints: { index: join(root, 'src', 'index.ts') } });

// The CLI's bundle is one function expression, Node's CommonJS wrapper written into the file:
// bin/pod-sequencer.cjs compiles the file as a script (with its V8 code cache), which evaluates to
// that function, and calls it as Node calls a module's wrapper; a wrapper added at run time made V8
// copy the whole text into one string first (BENCHMARKS.md, "Start-up"). Loaded by require()
// (Node's compile cache, a test) or as a single executable's main, the file is inside Node's
// wrapper, whose `arguments` it passes on; a script's top level has no `arguments`.
const SELF_CALLING = "((f) => typeof arguments === 'undefined' ? f : f.apply(this, arguments))(function (exports, require, module, __filename, __dirname) {";
{
  const file = join(root, 'dist', 'cli.cjs');
  writeFileSync(file, `${SELF_CALLING}${readFileSync(file, 'latin1')}\n});\n`, 'latin1');
}

// bin/pod-sequencer.cjs decodes the bundle as Latin-1, three times faster than UTF-8 for 1.3 MB,
// which is exact only for ASCII: esbuild escapes what is not ASCII in strings and regexes
// (charset: 'ascii', its default) but keeps comments as written.
const cli = readFileSync(join(root, 'dist', 'cli.cjs'));
const wide = cli.findIndex((b) => b > 0x7f);
if (wide >= 0) {
  const line = cli.subarray(0, wide).toString('latin1').split('\n').length;
  throw new Error(
    `dist/cli.cjs:${line}: a byte that is not ASCII (a comment in src/ that is not?): the bundle must be ASCII (bin/pod-sequencer.cjs reads it as Latin-1)`,
  );
}

// The bundle's last line names its build: the SHA-256 of the bytes before it. A code cache is
// kept with the name of the build it was made from, so bin/pod-sequencer.cjs knows it matches
// without reading a copy of the bundle or hashing it on every run (BUILD_TAG there).
const tagged = Buffer.concat([cli, Buffer.from(`//# pod-sequencer-build ${createHash('sha256').update(cli).digest('hex')}\n`)]);
writeFileSync(join(root, 'dist', 'cli.cjs'), tagged);

// V8 code cache for the CLI bundle (bin/pod-sequencer.cjs uses it), for this Node.
writeCodeCache(root);

// Declarations for the library entry (package.json `types`): dist/types/index.d.ts.
const { buildTypes } = await import(join(root, 'scripts', 'build-types.mjs'));
buildTypes(root);
