import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { hasTool, needsOf, TOOLS, usesOf, type ToolName } from './test/helpers/tools.js';

const required = process.env.POD_SEQUENCER_REQUIRE_TOOLS === '1';
const testFiles = readdirSync('test', { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => join('test', f));

/** Files that need a tool this machine lacks: left out, with one line per tool (see test/helpers/tools.ts). */
function leftOut(): string[] {
  const out = new Set<string>();
  const missing = (Object.keys(TOOLS) as ToolName[]).filter((t) => !hasTool(t));
  for (const tool of missing) {
    const needing = testFiles.filter((f) => needsOf(f).includes(tool));
    const using = testFiles.filter((f) => usesOf(f).includes(tool));
    if (needing.length + using.length === 0) continue;
    needing.forEach((f) => out.add(f));
    const files = (n: number) => `${n} test file${n === 1 ? '' : 's'}`;
    const what = [needing.length && `${files(needing.length)} skipped`, using.length && `${files(using.length)} run without it`].filter(Boolean).join(', ');
    console.warn(`${required ? 'MISSING' : 'skipped'}: ${tool} not found (${what}); install: ${TOOLS[tool].install}`);
  }
  return required ? [] : [...out];
}

export default defineConfig({
  // As the build defines it (scripts/build.mjs): generated scripts name the version that wrote them.
  define: { __VERSION__: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...leftOut()],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Every workload a test runs (in process, or through the CLI it spawns) is also compared with
    // a copy when no transform reported anything: a change without a result fails (src/process.ts).
    env: { POD_SEQUENCER_VERIFY: '1' },
    // vitest's default is one worker fewer than the cores: one worker on a 2-core machine. Most
    // test files wait on child processes (the CLI, kpt, shells), so one per core keeps both busy.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
