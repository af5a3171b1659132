#!/usr/bin/env node
/**
 * First-line length of every `check` result (issue 31, item 7): median and max over examples/,
 * fixtures/ and the vendor corpus (test/vendor/corpus/*.json, read from ../shared/vendor or
 * /work/shared/vendor). Needs dist/ (node scripts/build.mjs). `--list` prints the longest ones.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const shared = [join(root, '../shared/vendor'), '/work/shared/vendor'].find(existsSync);

function corpusFiles() {
  if (!shared) return [];
  const dir = join(root, 'test/vendor/corpus');
  const files = readdirSync(dir).flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
  return files.map((e) => join(shared, `${e.repo.replace('/', '+')}`, e.path)).filter(existsSync);
}

function firstLines(paths) {
  const out = [];
  // In chunks: a command line has a limit.
  for (let i = 0; i < paths.length; i += 200) {
    const r = spawnSync(process.execPath, [join(root, 'bin/pod-sequencer.cjs'), 'check', '--format', 'json', '--fail-on', 'none', ...paths.slice(i, i + 200)], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    if (!r.stdout) throw new Error(`check failed: ${r.stderr}`);
    const json = JSON.parse(r.stdout);
    for (const f of [...json.findings, ...json.suppressed]) out.push({ where: `${f.path}:${f.line}`, rule: f.rule, line: f.message.split('\n')[0] });
  }
  return out;
}

const stats = (xs) => {
  const s = xs.map((x) => x.line.length).sort((a, b) => a - b);
  const median = s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : 0;
  return { results: s.length, median, max: s.at(-1) ?? 0, over100: s.filter((n) => n > 100).length, over120: s.filter((n) => n > 120).length };
};

const sets = { examples: ['examples'], fixtures: ['fixtures'], corpus: corpusFiles() };
const all = [];
for (const [name, paths] of Object.entries(sets)) {
  const lines = firstLines(paths.map((p) => (p.startsWith('/') ? p : join(root, p))));
  all.push(...lines);
  console.log(name.padEnd(9), JSON.stringify(stats(lines)));
}
console.log('all'.padEnd(9), JSON.stringify(stats(all)));
if (process.argv.includes('--list')) for (const x of all.sort((a, b) => b.line.length - a.line.length).slice(0, 15)) console.log(x.line.length, x.rule, x.line);
