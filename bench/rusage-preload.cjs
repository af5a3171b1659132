// Preloaded into a measured process by bench/rusage.cjs: writes its peak RSS and CPU time on exit.
process.on('exit', () => {
  const u = process.resourceUsage();
  require('node:fs').writeFileSync(process.env.BENCH_RUSAGE_FILE, `${u.maxRSS} ${u.userCPUTime / 1e6} ${u.systemCPUTime / 1e6}\n`);
});
