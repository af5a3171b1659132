// Fallback when GNU time is absent: run `node SCRIPT` with a preload that records the child's
// own peak RSS and CPU time (process.resourceUsage) into STATS as "KB USER_S SYS_S".
// Usage: node bench/rusage.cjs STATS NODE SCRIPT...
const { spawnSync } = require('node:child_process');
const [stats, node, ...rest] = process.argv.slice(2);
const r = spawnSync(node, ['--require', __filename.replace(/rusage\.cjs$/, 'rusage-preload.cjs'), ...rest], {
  stdio: 'inherit',
  env: { ...process.env, BENCH_RUSAGE_FILE: stats },
});
process.exitCode = r.status ?? 1;
