'use strict';
// The webhook bench's floor: a Node HTTPS server that reads each request's body and answers
// `allowed: true` without looking at it (no JSON parse, no engine). Same TLS settings, port 0 on
// loopback; prints its port on stdout.
//   node bench/bare-https.cjs CERT KEY
const { readFileSync } = require('node:fs');
const { createServer } = require('node:https');

const [cert, key] = process.argv.slice(2).map((p) => readFileSync(p));
const answer = JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: '', allowed: true } });
const server = createServer({ cert, key, minVersion: 'TLSv1.2', keepAliveTimeout: 95_000 }, (req, res) => {
  req.on('data', () => {});
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(answer) });
    res.end(answer);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
