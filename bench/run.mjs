// `npm run bench`: pod-sequencer against two baselines, as whole processes, on generated
// ResourceLists. Prints medians and ratios and writes them into BENCHMARKS.md.
//
//   node bench/run.mjs [--sizes S,M,L,M30,L30,L0,L0s,audit,one-file] [--runs N] [--no-build] [--no-write]
//                      [--against COMMIT|none] [--cmd NAME=SCRIPT]
//                      [--webhook none] [--webhook-seconds N] [--soak [--soak-minutes N]]
//
// M30 and L30 are M's and L's items at kubernetesVersion 1.30 (native sidecars; issue 38).
// `--against COMMIT` (default: REFERENCE below, when the history has it) builds that commit's
// dist in a temporary git worktree (this checkout's node_modules linked in, its own
// scripts/build.mjs run there) and runs its bin as one more command on every size: ratios
// against the last release's build, in the same run, on the same work.
//
// `audit` (issue 37): `pod-sequencer audit` on a generated 50,000-pod dump as kubectl prints it
// (bench/live.mjs), against `pod-sequencer check` on the same pods as manifests; its own table.
// `one-file` (issue 38): one file of 10,000 Deployments, each with a sidecar the defaults move
// (bench/one-file.mjs), through `fix --dry-run`, `post-render` and the filter; its own table.
//
// B0 copies stdin to stdout (start-up and I/O floor); B1 parses with the `yaml` Document API and
// re-serialises (a naive KRM function); B2 is js-yaml load + dump (keeps no comment at all).
// On L, `fix` also runs on the same items as one multi-document file (a fresh copy each round). Each round runs the three in a rotating order (so load
// from other processes falls on all of them alike), after one warm-up round. Wall time comes
// from process.hrtime around each spawn; peak RSS and CPU time from GNU time (`/usr/bin/time`,
// Debian package `time`), else from the child's own process.resourceUsage() via bench/rusage.cjs.
import { spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, release, tmpdir, totalmem, type as osType } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate, SHAPES, SIZES, toDocuments } from './gen.mjs';
import { liveDump, podsAsDocuments } from './live.mjs';
import { oneFile, oneList } from './one-file.mjs';
import { benchWebhook } from './webhook.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'bench', 'out');
const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const sizes = (opt('--sizes') ?? 'S,M,L,M30,L30,L0,L0s,audit,one-file').split(',');
/** `--shapes none` leaves the YAML shapes out; `--shapes 'flow items,plain scalar'` picks some. */
const shapeNames = opt('--shapes') === 'none' ? [] : opt('--shapes') ? opt('--shapes').split(',') : Object.keys(SHAPES);
/** Base size of each shape, in MB; each also runs at twice that. */
const SHAPE_MB = 2;
/** Rounds per size: enough for a stable median, few enough for ~3 minutes on 2 cores. */
const RUNS = { S: 15, M: 9, L: 5, M30: 9, L30: 5, L0: 7, L0s: 7, audit: 3, 'one-file': 3 };
const runsOverride = opt('--runs') && Number(opt('--runs'));
/** The webhook case (bench/webhook.mjs): `--webhook none` leaves it out; `--soak` adds its 10-minute soak. */
const webhook = opt('--webhook') !== 'none';
const webhookSeconds = Number(opt('--webhook-seconds') ?? 10);
const soakMinutes = args.includes('--soak') ? Number(opt('--soak-minutes') ?? 10) : 0;

const TIME = '/usr/bin/time';
const hasGnuTime = existsSync(TIME) && spawnSync(TIME, ['-f', '%M', 'true']).status === 0;

const COMMANDS = {
  'pod-sequencer': [join(root, 'bin', 'pod-sequencer.cjs')],
  B0: [join(root, 'bench', 'b0.cjs')],
  B1: [join(root, 'bench', 'b1.cjs')],
  B2: [join(root, 'bench', 'b2.cjs')],
};
/** Runs only on sizes with a documents file: `fix` in place on a fresh copy of it. */
const FIX = 'pod-sequencer fix';

// `--cmd NAME=SCRIPT` adds a variant to compare (e.g. an experimental entry point).
for (const [i, a] of args.entries()) {
  if (a !== '--cmd') continue;
  const [name, script] = args[i + 1].split('=');
  COMMANDS[name] = [resolve(script)];
}

/**
 * The build issue 38 compared with (before changed items went through yaml's stringifier at
 * 1.29+): the default `--against`.
 */
const REFERENCE = '19b3df5';

/**
 * `commit`'s bin, built in a temporary worktree: its own scripts/build.mjs (so its own bundle
 * and code cache) with this checkout's node_modules. Undefined (said on stderr) when the
 * history lacks the commit. The worktree is removed when the run ends.
 */
function buildReference(commit) {
  const git = (...a) => spawnSync('git', ['-C', root, ...a], { encoding: 'utf8' });
  const sha = git('rev-parse', '--verify', '--quiet', `${commit}^{commit}`).stdout.trim();
  if (!sha) {
    process.stderr.write(`bench: no commit ${commit} in this history: no reference build\n`);
    return undefined;
  }
  const dir = join(tmpdir(), `pod-sequencer-ref-${sha.slice(0, 12)}-${process.pid}`);
  const added = git('worktree', 'add', '--detach', dir, sha);
  if (added.status !== 0) throw new Error(`git worktree add ${dir}: ${added.stderr}`);
  process.on('exit', () => {
    git('worktree', 'remove', '--force', dir);
    rmSync(dir, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130)); // the worktree goes then too
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const b = spawnSync(process.execPath, [join(dir, 'scripts', 'build.mjs')], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (b.status !== 0) throw new Error(`the build of ${commit} failed (exit ${b.status})`);
  return join(dir, 'bin', 'pod-sequencer.cjs');
}

const against = opt('--against') ?? REFERENCE;
const reference = against === 'none' ? undefined : buildReference(against);
/** The reference build's command name: one column of the table and one ratio per size. */
const REF = reference && `pod-sequencer at ${against}`;
if (REF) COMMANDS[REF] = [reference];

function measure(name, input) {
  const stats = join(out, `${slug(name)}.stats`);
  rmSync(stats, { force: true });
  let node;
  if (name === FIX) {
    const copy = join(out, 'fix-target.yaml');
    copyFileSync(input.replace(/\.yaml$/, '.docs.yaml'), copy);
    node = [process.execPath, COMMANDS['pod-sequencer'][0], 'fix', copy];
  } else node = [process.execPath, ...COMMANDS[name]];
  const [cmd, ...argv] = hasGnuTime ? [TIME, '-f', '%M %U %S', '-o', stats, ...node] : [process.execPath, join(root, 'bench', 'rusage.cjs'), stats, ...node];
  const stdin = openSync(input, 'r');
  const stdout = openSync(join(out, `${slug(name)}.out`), 'w');
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, argv, { stdio: [stdin, stdout, 'pipe'], maxBuffer: 64 << 20 });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  closeSync(stdin);
  closeSync(stdout);
  if (r.error) throw r.error;
  // pod-sequencer exits 1 when a finding is an error; the generated inputs have none.
  if (r.status !== 0) throw new Error(`${name} exited ${r.status}: ${r.stderr.toString().slice(0, 2000)}`);
  const [kb, user, sys] = readFileSync(stats, 'utf8').trim().split('\n').pop().split(' ').map(Number);
  return { wall, rss: kb / 1024, cpu: (user + sys) * 1000 };
}

const slug = (name) => name.replace(/ /g, '-');

/** One run of the bin with `args` (stdin from `input`, else /dev/null): wall, CPU and peak RSS; exit 0 or 1 (findings) only. */
function measureArgs(name, args, input) {
  const stats = join(out, `${slug(name)}.stats`);
  rmSync(stats, { force: true });
  const node = [process.execPath, COMMANDS['pod-sequencer'][0], ...args];
  const [cmd, ...argv] = hasGnuTime ? [TIME, '-f', '%M %U %S', '-o', stats, ...node] : [process.execPath, join(root, 'bench', 'rusage.cjs'), stats, ...node];
  const stdout = openSync(join(out, `${slug(name)}.out`), 'w');
  const stdin = input ? openSync(input, 'r') : 'ignore';
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, argv, { stdio: [stdin, stdout, 'pipe'], maxBuffer: 64 << 20 });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  closeSync(stdout);
  if (input) closeSync(stdin);
  if (r.error) throw r.error;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${name} exited ${r.status}: ${r.stderr.toString().slice(0, 2000)}`);
  const [kb, user, sys] = readFileSync(stats, 'utf8').trim().split('\n').pop().split(' ').map(Number);
  return { wall, rss: kb / 1024, cpu: (user + sys) * 1000 };
}

const AUDIT_PODS = 50_000;

/**
 * `audit` on 50,000 pods (a kubectl -o json dump, ~370 MiB: 4-space indent, managedFields and
 * status as the API server returns them) and `check` on the same pods' specs as a multi-document
 * file: medians of RUNS.audit rounds, alternating the two.
 */
function benchAudit() {
  const dump = join(out, 'audit.json');
  const docs = join(out, 'audit-pods.yaml');
  const text = liveDump(AUDIT_PODS);
  writeFileSync(dump, text);
  writeFileSync(docs, podsAsDocuments(text));
  const runs = runsOverride || RUNS.audit;
  const samples = { audit: [], check: [] };
  for (let round = -1; round < runs; round++) {
    const a = measureArgs('audit', ['audit', '--format', 'json', dump]);
    const c = measureArgs('check on the pods', ['check', '--format', 'json', docs]);
    if (round >= 0) {
      samples.audit.push(a);
      samples.check.push(c);
    }
    process.stderr.write('.');
  }
  const found = JSON.parse(readFileSync(join(out, 'audit.out'), 'utf8'));
  if (found.summary.read.pods !== AUDIT_PODS) throw new Error(`audit read ${found.summary.read.pods} pods, not ${AUDIT_PODS}`);
  const med = (k, key) => median(samples[k].map((s) => s[key]));
  const row = (k) => ({ wall: med(k, 'wall'), cpu: med(k, 'cpu'), rss: med(k, 'rss') });
  process.stderr.write(` audit ${fmt(med('audit', 'wall'))} ms\n`);
  return { runs, dumpBytes: statSync(dump).size, docsBytes: statSync(docs).size, findings: found.findings.length, audit: row('audit'), check: row('check') };
}

function auditReport(a) {
  const cell = (m) => `${fmt(m.wall / 1000, 1)} s (cpu ${fmt(m.cpu / 1000, 1)} s) | ${fmt(m.rss)} MiB`;
  return [
    `\`audit\` on ${AUDIT_PODS} pods (issue 37), medians of ${a.runs} runs; ${a.findings} findings.`,
    '',
    '| command | input | wall (cpu) | peak RSS |',
    '|---|---:|---:|---:|',
    `| \`audit --format json\` (kubectl -o json dump) | ${fmt(a.dumpBytes / 2 ** 20)} MiB | ${cell(a.audit)} |`,
    `| \`check --format json\` (the same pods as manifests) | ${fmt(a.docsBytes / 2 ** 20)} MiB | ${cell(a.check)} |`,
  ].join('\n');
}

const ONE_FILE_DOCS = 10_000;

/**
 * One file of ONE_FILE_DOCS Deployments, every one changed (issue 38: each way in was quadratic
 * in documents per file): `fix --dry-run` on the file, `post-render` and the filter on it as a
 * stream, the filter on the same documents as a ResourceList; medians of RUNS['one-file']
 * rounds, in a rotating order.
 */
function benchOneFile() {
  const docs = join(out, 'one-file.yaml');
  const list = join(out, 'one-file.list.yaml');
  writeFileSync(docs, oneFile(ONE_FILE_DOCS));
  writeFileSync(list, oneList(ONE_FILE_DOCS));
  const cases = [
    ['fix --dry-run', ['fix', '--dry-run', docs]],
    ['post-render', ['post-render'], docs],
    ['filter (ResourceList)', [], list],
    ['filter (plain stream)', [], docs],
  ];
  const runs = runsOverride || RUNS['one-file'];
  const samples = cases.map(() => []);
  for (let round = -1; round < runs; round++) {
    for (let k = 0; k < cases.length; k++) {
      const i = (k + round + cases.length) % cases.length;
      const [name, argv, input] = cases[i];
      const m = measureArgs(`one-file ${name}`, argv, input);
      if (round >= 0) samples[i].push(m);
    }
    process.stderr.write('.');
  }
  const med = (i, key) => median(samples[i].map((s) => s[key]));
  const rows = cases.map(([name], i) => ({ name, wall: med(i, 'wall'), cpu: med(i, 'cpu'), rss: med(i, 'rss') }));
  process.stderr.write(` one-file ${rows.map((r) => `${r.name} ${fmt(r.wall)} ms`).join(', ')}\n`);
  return { runs, bytes: statSync(docs).size, rows };
}

function oneFileReport(o) {
  const lines = [
    `One file of ${ONE_FILE_DOCS} Deployments (${fmt(o.bytes / 2 ** 20, 1)} MiB), each with a sidecar the defaults move (issue 38), medians of ${o.runs} runs.`,
    '',
    '| command | wall (cpu) | peak RSS |',
    '|---|---:|---:|',
    ...o.rows.map((r) => `| \`${r.name}\` | ${fmt(r.wall / 1000, 2)} s (cpu ${fmt(r.cpu / 1000, 2)} s) | ${fmt(r.rss)} MiB |`),
    '',
    '| ratio | value | target | |',
    '|---|---:|---:|---|',
  ];
  const [fix, post, list, plain] = o.rows;
  for (const [a, b] of [
    [fix, post],
    [list, fix],
    [list, post],
    [plain, post],
  ]) {
    const value = a.wall / b.wall;
    const worst = Math.max(value, 1 / value);
    lines.push(`| ${a.name} / ${b.name} (wall) | ${fmt(value, 2)} | within 1.5x | ${worst <= 1.5 ? 'met' : '**above target**'} |`);
  }
  return lines.join('\n');
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function benchSize(size) {
  const input = join(out, `${size.name}.yaml`);
  const text = generate(size.count, size);
  writeFileSync(input, text);
  const names = Object.keys(COMMANDS);
  if (size.fix) {
    writeFileSync(input.replace(/\.yaml$/, '.docs.yaml'), toDocuments(text));
    names.push(FIX);
  }
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  const runs = runsOverride || RUNS[size.name];
  for (let round = -1; round < runs; round++) {
    const order = names.map((_, i) => names[(i + round + names.length) % names.length]);
    for (const name of order) {
      const m = measure(name, input);
      if (round >= 0) samples[name].push(m);
    }
    process.stderr.write('.');
  }
  // Sanity: the function's output is a ResourceList; with nothing to change, the input itself.
  const produced = readFileSync(join(out, 'pod-sequencer.out'), 'utf8');
  if (size.changedShare === 0 && produced !== text) throw new Error(`${size.name}: output differs from input`);
  if (!produced.startsWith('apiVersion: config.kubernetes.io/v1')) throw new Error(`${size.name}: no ResourceList on stdout`);
  const med = (name, key) => median(samples[name].map((s) => s[key]));
  const row = { size: size.name, items: size.count, bytes: text.length, runs };
  for (const name of names) row[name] = { wall: med(name, 'wall'), cpu: med(name, 'cpu'), rss: med(name, 'rss') };
  const extra = names.filter((n) => !['pod-sequencer', 'B0', 'B1', 'B2', FIX].includes(n));
  const show = (n) => `${n} ${fmt(row[n].wall)} ms (cpu ${fmt(row[n].cpu)}, ${fmt(row[n].rss)} MiB)`;
  process.stderr.write(` ${size.name}${extra.length ? ': ' + [...extra, 'pod-sequencer'].map(show).join('; ') : ''}\n`);
  return row;
}

function fmt(n, digits = 0) {
  return n.toFixed(digits);
}

function report(rows) {
  const by = Object.fromEntries(rows.map((r) => [r.size, r]));
  const lines = [];
  const refHead = REF ? ` ${against} (reference build) |` : '';
  lines.push(
    `| size | items | input | runs | pod-sequencer |${refHead} \`fix\` (same items as a file) | B0 (copy) | B1 (yaml Document) | B2 (js-yaml) | pod-sequencer RSS | B1 RSS |`,
  );
  lines.push(`|---|---:|---:|---:|---:|${REF ? '---:|' : ''}---:|---:|---:|---:|---:|---:|`);
  const cell = (m) => (m ? `${fmt(m.wall)} ms (cpu ${fmt(m.cpu)})` : '–');
  for (const r of rows) {
    const p = r['pod-sequencer'];
    const refCell = REF ? ` ${cell(r[REF])} |` : '';
    lines.push(
      `| ${r.size} | ${r.items} | ${fmt(r.bytes / 1024)} KiB | ${r.runs} | ${cell(p)} |${refCell} ${cell(r[FIX])} | ${cell(r.B0)} | ${cell(r.B1)} | ${cell(r.B2)} | ${fmt(p.rss)} MiB | ${fmt(r.B1.rss)} MiB |`,
    );
  }
  const checks = [];
  const ratio = (label, value, target) => checks.push({ label, value, target, ok: value <= target });
  const w = (size, name) => by[size]?.[name].wall;
  if (by.S) ratio('S: pod-sequencer / B0 (wall)', w('S', 'pod-sequencer') / w('S', 'B0'), 1.5);
  if (by.M) ratio('M: pod-sequencer / B1 (wall)', w('M', 'pod-sequencer') / w('M', 'B1'), 0.6);
  if (by.L) ratio('L: pod-sequencer / B1 (wall)', w('L', 'pod-sequencer') / w('L', 'B1'), 0.6);
  if (by.L) ratio('L: pod-sequencer / B2 js-yaml (wall)', w('L', 'pod-sequencer') / w('L', 'B2'), 0.4);
  // Issue 38: changed items at 1.30 (native sidecars), where they had become slower.
  if (by.M30) ratio('M30 (1.30): pod-sequencer / B1 (wall)', w('M30', 'pod-sequencer') / w('M30', 'B1'), 0.5);
  if (by.L30) ratio('L30 (1.30): pod-sequencer / B1 (wall)', w('L30', 'pod-sequencer') / w('L30', 'B1'), 0.3);
  if (by.L30) ratio('L30 (1.30): pod-sequencer / B2 js-yaml (wall)', w('L30', 'pod-sequencer') / w('L30', 'B2'), 0.4);
  if (by.L0) ratio('L0: pod-sequencer / B1 (wall)', w('L0', 'pod-sequencer') / w('L0', 'B1'), 0.1);
  if (by.L0s) ratio('L0s (small items): pod-sequencer / B1 (wall)', w('L0s', 'pod-sequencer') / w('L0s', 'B1'), 0.1);
  if (by.L?.[FIX]) ratio('L: `fix` on a file / the filter (wall)', w('L', FIX) / w('L', 'pod-sequencer'), 1.5);
  if (by.L && by.M) ratio('scaling: pod-sequencer L / M (wall)', w('L', 'pod-sequencer') / w('M', 'pod-sequencer'), 11);
  if (by.L) ratio('L: peak RSS pod-sequencer / B1', by.L['pod-sequencer'].rss / by.L.B1.rss, 0.5);
  // Against the reference build: no slower than it, size by size.
  if (REF) for (const r of rows) ratio(`${r.size}: pod-sequencer / ${against} (wall)`, w(r.size, 'pod-sequencer') / w(r.size, REF), 1);
  lines.push('');
  lines.push('| ratio | value | target | |');
  lines.push('|---|---:|---:|---|');
  for (const c of checks) lines.push(`| ${c.label} | ${fmt(c.value, 2)} | ≤ ${c.target} | ${c.ok ? 'met' : '**above target**'} |`);
  return lines.join('\n');
}

/**
 * Each YAML shape at SHAPE_MB and twice that (median of 3 runs): time and memory must follow the
 * input, so 2x the input must cost less than 2.5x the CPU time.
 */
function benchShapes() {
  const rows = [];
  for (const name of shapeNames) {
    const m = [];
    for (const factor of [1, 2]) {
      const input = join(out, `shape-${slug(name)}-${factor}.yaml`);
      const text = SHAPES[name](SHAPE_MB * factor);
      writeFileSync(input, text);
      const runs = Array.from({ length: 3 }, () => measure('pod-sequencer', input));
      m.push({
        bytes: Buffer.byteLength(text),
        cpu: median(runs.map((r) => r.cpu)),
        wall: median(runs.map((r) => r.wall)),
        rss: median(runs.map((r) => r.rss)),
      });
    }
    process.stderr.write(`. ${name}\n`);
    rows.push({ name, m, ratio: m[1].cpu / m[0].cpu });
  }
  return rows;
}

function shapesReport(rows) {
  const lines = ['| shape | input | cpu | peak RSS | 2x input | cpu | peak RSS | cpu ratio | target | |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|'];
  for (const r of rows) {
    const [a, b] = r.m;
    const ok = r.ratio < 2.5;
    lines.push(
      `| ${r.name} | ${fmt(a.bytes / 2 ** 20, 1)} MiB | ${fmt(a.cpu)} ms | ${fmt(a.rss)} MiB | ${fmt(b.bytes / 2 ** 20, 1)} MiB | ${fmt(b.cpu)} ms | ${fmt(b.rss)} MiB | ${fmt(r.ratio, 2)} | < 2.5 | ${ok ? 'met' : '**above target**'} |`,
    );
  }
  return lines.join('\n');
}

function machine() {
  const cpu = cpus();
  return (
    `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${fmt(totalmem() / 2 ** 30, 1)} GiB RAM, ` +
    `${osType()} ${release()}, Node ${process.version}; peak RSS and CPU from ${hasGnuTime ? 'GNU time' : 'process.resourceUsage()'}` +
    extraCaCerts()
  );
}

/**
 * NODE_EXTRA_CA_CERTS, where the machine sets it, is read by Node 20 at every start, before any
 * script runs (30 ms on the machine of BENCHMARKS.md's table; Node 22 and 24 read it when TLS
 * first needs it). Every command pays it alike, so it is kept, and said: it weighs on each ratio.
 */
function extraCaCerts() {
  if (!process.env.NODE_EXTRA_CA_CERTS) return '';
  const start = (env) => {
    const t0 = process.hrtime.bigint();
    spawnSync(process.execPath, ['-e', '0'], { env });
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  const without = { ...process.env };
  delete without.NODE_EXTRA_CA_CERTS;
  const runs = Array.from({ length: 5 }, () => [start(process.env), start(without)]);
  return `; NODE_EXTRA_CA_CERTS is set: a bare start takes ${fmt(median(runs.map((r) => r[0])))} ms with it, ${fmt(median(runs.map((r) => r[1])))} ms without`;
}

mkdirSync(out, { recursive: true });
if (!args.includes('--no-build')) {
  const b = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const started = Date.now();
const rows = SIZES.filter((s) => sizes.includes(s.name)).map(benchSize);
const audited = sizes.includes('audit') ? auditReport(benchAudit()) : '';
const oneFiled = sizes.includes('one-file') ? oneFileReport(benchOneFile()) : '';
const shapes = shapeNames.length > 0 ? shapesReport(benchShapes()) : '';
const table =
  (rows.length > 0 ? report(rows) : '') +
  (shapes ? `${rows.length > 0 ? '\n\n' : ''}YAML shapes (issue 20): each at ${SHAPE_MB} MB and twice that.\n\n${shapes}` : '');
const hooked = webhook ? await benchWebhook({ root, out, seconds: webhookSeconds, soakMinutes }) : '';
const stamp = `${new Date().toISOString().slice(0, 10)}, ${machine()}; ${fmt((Date.now() - started) / 1000)} s in all.`;
process.stdout.write(`\n${[stamp, table, audited, oneFiled, hooked].filter(Boolean).join('\n\n')}\n`);

/** Replaces the text between two markers of BENCHMARKS.md (the prose around them is written by hand). */
function writeBlock(begin, end, body) {
  const file = join(root, 'BENCHMARKS.md');
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const a = old.indexOf(begin);
  const b = old.indexOf(end);
  const block = `${begin}\n${body}\n${end}`;
  writeFileSync(file, a >= 0 && b > a ? old.slice(0, a) + block + old.slice(b + end.length) : `${old || '# Benchmarks\n'}\n${block}\n`);
  process.stderr.write(`wrote ${file} (${statSync(file).size} bytes)\n`);
}

if (audited && !args.includes('--no-write')) {
  writeBlock('<!-- bench-audit:begin (written by `npm run bench`) -->', '<!-- bench-audit:end -->', `${stamp}\n\n${audited}`);
}

if (oneFiled && !args.includes('--no-write')) {
  writeBlock('<!-- bench-one-file:begin (written by `npm run bench`) -->', '<!-- bench-one-file:end -->', `${stamp}\n\n${oneFiled}`);
}

if (hooked && !args.includes('--no-write')) {
  writeBlock('<!-- bench:webhook:begin (written by `npm run bench`) -->', '<!-- bench:webhook:end -->', `One run: ${stamp}\n\n${hooked}`);
}

if (!args.includes('--no-write') && ['S', 'M', 'L', 'L0', 'L0s'].every((n) => sizes.includes(n))) {
  writeBlock('<!-- bench:begin (written by `npm run bench`) -->', '<!-- bench:end -->', `Medians of one run of \`npm run bench\`: ${stamp}\n\n${table}`);
}
