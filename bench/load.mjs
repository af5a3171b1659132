// One autocannon run against https://127.0.0.1:PORT/mutate, the bodies of REVIEWS_FILE in turn on
// each connection; prints JSON on stdout: every 2xx latency in ms (autocannon's own histogram
// counts whole milliseconds, too coarse for sub-millisecond answers), counts, req/s.
//   node bench/load.mjs PORT REVIEWS_FILE SECONDS RATE|max CONNECTIONS
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [port, file, seconds, rate, connections] = process.argv.slice(2);
const { reviews } = JSON.parse(readFileSync(file, 'utf8'));
const latencies = [];
const instance = autocannon(
  {
    url: `https://127.0.0.1:${port}/mutate?timeout=10s`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: reviews.map((r) => ({ method: 'POST', body: r.body })),
    duration: Number(seconds),
    connections: Number(connections),
    ...(rate === 'max' ? {} : { overallRate: Number(rate) }),
    // The server's certificate is self-signed and throwaway (made by the bench).
    tlsOptions: { rejectUnauthorized: false },
  },
  (err, result) => {
    if (err) throw err;
    latencies.sort((a, b) => a - b);
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    process.stdout.write(
      JSON.stringify({
        count: latencies.length,
        p50: at(0.5),
        p90: at(0.9),
        p99: at(0.99),
        max: latencies.at(-1),
        rps: result.requests.average,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      }),
    );
  },
);
instance.on('response', (_client, status, _bytes, ms) => {
  if (status >= 200 && status < 300) latencies.push(ms);
});
