// Type declarations for the library entry (src/index.ts) into dist/types/, for package.json `types`.
// tsc declares every module the entry reaches; only those the public declarations import are kept,
// so internal modules do not become API. dist/types is marked CommonJS to match dist/index.cjs.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export function buildTypes(root) {
  const out = join(root, 'dist', 'types');
  const options = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    types: ['node'],
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: join(root, 'src'),
    outDir: out,
  };
  const program = ts.createProgram([join(root, 'src', 'index.ts')], options);
  const emitted = new Map();
  const { diagnostics } = program.emit(undefined, (file, text) => emitted.set(resolve(file), text), undefined, true);
  // Only declaration problems fail the build; type errors are `tsc --noEmit`'s job.
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) {
    throw new Error(ts.formatDiagnostics(errors, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' }));
  }
  const keep = new Set();
  const visit = (file) => {
    if (keep.has(file) || !emitted.has(file)) return;
    keep.add(file);
    for (const m of emitted.get(file).matchAll(/from '(\.[^']+)\.js'/g)) visit(resolve(dirname(file), `${m[1]}.d.ts`));
  };
  visit(join(out, 'index.d.ts'));
  rmSync(out, { recursive: true, force: true });
  for (const file of keep) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, emitted.get(file));
  }
  writeFileSync(join(out, 'package.json'), '{ "type": "commonjs" }\n');
  return [...keep].map((f) => relative(out, f)).sort();
}
