// Latency at a fixed rate, as the API server makes it: request i is sent at t0 + i/RATE (open
// loop: a slow answer does not delay the next send), on a pool of CONNECTIONS keep-alive TLS
// connections, the bodies of REVIEWS_FILE in turn. Prints JSON on stdout like bench/load.mjs.
//   node bench/paced.mjs PORT REVIEWS_FILE SECONDS RATE CONNECTIONS
// Why not autocannon here: its rate limit lets each connection send its whole second's quota back
// to back and then pause until the next second (node_modules/autocannon/lib/httpClient.js,
// `_doRequest` and `rateInterval`), so "200/s" on 10 connections is a burst of 200 with 10 in
// flight each second: that measures queueing behind a burst, not an answer at 200/s. autocannon
// still measures the most requests/s (bench/load.mjs).
// The client is as thin as autocannon's: each request's bytes are built once, and an answer is
// framed by its Content-Length (both servers send one, no chunking), so the client's own work
// (node:https's is about 0.5 ms a request) stays out of the numbers. Latency is from the due time
// to the answer's last byte, so a send that waits for a free connection counts its wait; the
// sends due in the first WARM ms (the new connections' TLS handshakes: the API server keeps its
// connections) are not counted. `lagP99`: how late the sends left against the schedule.
// The idle connections are used in turn (first freed, first used), so each carries a request
// every CONNECTIONS/RATE seconds: a connection left unused would be closed by the server's
// 10 s limit for a client that never sends (src/admission/server.ts), and a request sent on it at
// that moment lost (seen: 2 of 36,000 in 3 minutes while most-recently-freed-first left 8 of 10
// connections unused). The API server opens a connection when it has a call to send on it.
import { readFileSync } from 'node:fs';
import { connect } from 'node:tls';
import { performance } from 'node:perf_hooks';

const WARM = 500;
/** A send due this close (ms) is waited for by turning the event loop, not by a timer (1 ms grain). */
const SPIN = 1.5;
const [port, file, seconds, rate, connections] = process.argv.slice(2);
const requests = JSON.parse(readFileSync(file, 'utf8')).reviews.map((r) => {
  const body = Buffer.from(r.body);
  const head = `POST /mutate?timeout=10s HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
});
const interval = 1000 / Number(rate);
const latencies = [];
const lags = [];
const waiting = [];
const idle = [];
let [non2xx, errors, sent, answered, open] = [0, 0, 0, 0, 0];
let t0 = 0;
let end = 0;
let done = false;

/** One keep-alive connection: at most one request in flight; `due` is its request's due time. */
function connection() {
  const c = { socket: undefined, due: 0, buf: Buffer.alloc(0) };
  c.socket = connect({ host: '127.0.0.1', port: Number(port), rejectUnauthorized: false }, () => {
    open++;
    free(c);
    if (open === Number(connections)) start();
  });
  c.socket.setNoDelay(true);
  c.socket.on('data', (d) => {
    c.buf = c.buf.length ? Buffer.concat([c.buf, d]) : d;
    const headEnd = c.buf.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = c.buf.subarray(0, headEnd).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (c.buf.length < headEnd + 4 + length) return;
    const status = Number(head.slice(9, 12));
    c.buf = c.buf.subarray(headEnd + 4 + length);
    answered++;
    if (status < 200 || status >= 300) non2xx++;
    else if (c.due - t0 >= WARM) latencies.push(performance.now() - c.due);
    free(c);
  });
  c.socket.on('error', () => errors++);
  return c;
}

function free(c) {
  const due = waiting.shift();
  if (due === undefined) idle.push(c);
  else write(c, due);
  if (done && answered === sent && waiting.length === 0) report();
}

function write(c, due) {
  c.due = due;
  c.socket.write(requests[sent % requests.length]);
  sent++;
}

function tick() {
  if (reported) return; // the report timer ended the run: an answer never came
  const now = performance.now();
  for (let due = t0 + (sent + waiting.length) * interval; due <= now && due < end; due += interval) {
    if (due - t0 >= WARM) lags.push(now - due);
    const c = idle.shift();
    if (c) write(c, due);
    else waiting.push(due);
  }
  const next = t0 + (sent + waiting.length) * interval;
  if (next >= end) {
    done = true;
    if (answered === sent && waiting.length === 0) report();
    else setTimeout(tick, 5);
  } else if (next - performance.now() < SPIN) setImmediate(tick);
  else setTimeout(tick, next - performance.now() - SPIN);
}

function start() {
  t0 = performance.now();
  end = t0 + Number(seconds) * 1000;
  tick();
  // An answer that never comes is counted as a timeout, not waited for.
  setTimeout(report, Number(seconds) * 1000 + 10_000).unref();
}

let reported = false;
function report() {
  if (reported) return;
  reported = true;
  const at = (xs, q) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))];
  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  process.stdout.write(
    JSON.stringify({
      count: latencies.length,
      p50: at(latencies, 0.5),
      p90: at(latencies, 0.9),
      p99: at(latencies, 0.99),
      max: latencies.at(-1),
      rps: latencies.length / ((end - t0 - WARM) / 1000),
      lagP99: at(lags, 0.99),
      non2xx,
      errors,
      timeouts: sent + waiting.length - answered,
    }),
  );
  for (const c of pool) c.socket.destroy();
}

const pool = Array.from({ length: Number(connections) }, connection);
