/**
 * @needs openssl
 * `webhook serve`'s server, in process, over real TLS on loopback port 0 (src/admission/server.ts):
 * the protocol as the API server sees it, limits, hostile requests, certificate and config reload,
 * metrics, logs, and shutdown with a request in flight. Every wait is bounded by an event (a
 * response, a close) or by the test timeout; nothing asserts on time.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fjp from 'fast-json-patch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admit, loadEngine } from '../../src/admission/review.js';
import { startServer, type RunningServer, type ServerOptions } from '../../src/admission/server.js';
import type { Level } from '../../src/admission/log.js';
import { podsOf, reviewOf } from '../helpers/admission.js';
import { ROOT } from '../helpers/cli.js';
import { call, makePair, rawConnect, readUntilClosed } from '../helpers/tls.js';

type Obj = Record<string, unknown>;
interface Line {
  level: Level;
  msg: string;
  [k: string]: unknown;
}

const A = makePair('pair-a');
const B = makePair('pair-b');

/** The fixtures' pods, and under the default config the first one the engine patches and one it leaves. */
const pods = readdirSync(join(ROOT, 'fixtures', 'filter')).flatMap((c) => {
  try {
    return podsOf(readFileSync(join(ROOT, 'fixtures', 'filter', c, 'input.yaml'), 'utf8'), c).map((p) => p.pod);
  } catch {
    return [];
  }
});
const defaults = loadEngine(undefined, '(defaults)');
const patchedPod = pods.find((p) => admit(JSON.stringify(reviewOf(p)), defaults).outcome === 'patched')!;
const unchangedPod = pods.find((p) => admit(JSON.stringify(reviewOf(p)), defaults).outcome === 'unchanged')!;

/** A directory laid out as the kubelet mounts a Secret or ConfigMap: files through a `..data` symlink. */
class Mount {
  readonly dir = mkdtempSync(join(tmpdir(), 'pod-seq-mount-'));
  private n = 0;
  constructor(files: Record<string, string | Buffer>) {
    this.swap(files);
    for (const name of Object.keys(files)) symlinkSync(join('..data', name), join(this.dir, name));
  }
  path(name: string): string {
    return join(this.dir, name);
  }
  /** The kubelet's atomic update: a new timestamped directory, then `..data` renamed onto it. */
  swap(files: Record<string, string | Buffer>): void {
    const ts = `..2026_12_02_00_00_00.${++this.n}`;
    mkdirSync(join(this.dir, ts));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(this.dir, ts, name), text);
    symlinkSync(ts, join(this.dir, '..data_tmp'));
    renameSync(join(this.dir, '..data_tmp'), join(this.dir, '..data'));
  }
}

interface Started {
  server: RunningServer;
  logs: Line[];
  mount: Mount;
  config: Mount;
  /** Polls until the watcher has applied what changed (it waits for two equal reads). */
  settle(): void;
}

async function start(opts: Partial<ServerOptions> & { configText?: string } = {}): Promise<Started> {
  const logs: Line[] = [];
  const mount = new Mount({ 'tls.crt': A.cert, 'tls.key': A.key });
  const config = new Mount({ 'config.yaml': opts.configText ?? '' });
  const server = await startServer({
    certPath: mount.path('tls.crt'),
    keyPath: mount.path('tls.key'),
    configPath: config.path('config.yaml'),
    port: 0,
    metricsPort: 0,
    host: '127.0.0.1',
    // The interval is out of the way: the tests poll by hand, so nothing waits on a timer.
    pollMs: 3_600_000,
    log: (level, msg, fields) => logs.push({ level, msg, ...fields }),
    ...opts,
  });
  return { server, logs, mount, config, settle: () => (server.poll(), server.poll()) };
}

const review = (pod: Obj, o = {}) => JSON.stringify(reviewOf(structuredClone(pod), o));
const post = (s: Started, body: string | Buffer, headers: Record<string, string> = {}) => call(s.server.port, { body, headers, ca: A.cert });
const response = (body: string) => (JSON.parse(body) as { response: Obj }).response;

function metricsText(s: Started): Promise<string> {
  return fetch(`http://127.0.0.1:${s.server.metricsPort}/metrics`).then((r) => r.text());
}

function counter(text: string, outcome: string): number {
  const m = text.match(new RegExp(`^pod_sequencer_admission_requests_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm'));
  return m ? Number(m[1]) : NaN;
}

describe('webhook serve: the AdmissionReview protocol over TLS', () => {
  let s: Started;
  beforeAll(async () => void (s = await start()));
  afterAll(() => s.server.shutdown('test'));

  it('has a pod to patch and one to leave among the fixtures', () => {
    expect(patchedPod).toBeDefined();
    expect(unchangedPod).toBeDefined();
  });

  it('answers with the engine’s own review: uid echoed, allowed, a base64 JSONPatch that fast-json-patch applies', async () => {
    const text = review(patchedPod);
    const r = await post(s, text);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.body).toBe(admit(text, defaults).body);
    const res = response(r.body);
    const req = (JSON.parse(text) as { request: { uid: string; object: Obj } }).request;
    expect(res.uid).toBe(req.uid);
    expect(res.allowed).toBe(true);
    expect(res.patchType).toBe('JSONPatch');
    expect(Array.isArray(res.warnings) && res.warnings.length).toBeGreaterThan(0);
    expect(typeof res.auditAnnotations).toBe('object');
    const ops = JSON.parse(Buffer.from(res.patch as string, 'base64').toString('utf8')) as fjp.Operation[];
    expect(fjp.validate(ops, req.object)).toBeUndefined();
    const patched = fjp.applyPatch(structuredClone(req.object), ops, true, false).newDocument;
    // Its own output, reviewed again (the reinvocation): no patch.
    const again = response((await post(s, review(patched))).body);
    expect(again.allowed).toBe(true);
    expect(again.patch).toBeUndefined();
    expect(again.patchType).toBeUndefined();
  });

  it('sends no patch when nothing changes, for dry runs the same answer, and takes the query string the API server adds', async () => {
    const res = response((await call(s.server.port, { path: '/mutate?timeout=10s', body: review(unchangedPod), ca: A.cert })).body);
    expect(res).toMatchObject({ allowed: true });
    expect(res.patch).toBeUndefined();
    const dry = response((await post(s, review(patchedPod, { dryRun: true }))).body);
    expect(dry.patchType).toBe('JSONPatch');
  });

  it('skips other kinds and operations without a patch', async () => {
    for (const [kind, operation] of [
      [{ group: 'apps', version: 'v1', kind: 'Deployment' }, 'CREATE'],
      [{ group: '', version: 'v1', kind: 'Secret' }, 'CREATE'],
      [{ group: '', version: 'v1', kind: 'Pod' }, 'UPDATE'],
      [{ group: '', version: 'v1', kind: 'Pod' }, 'DELETE'],
    ] as const) {
      const r = await post(s, review(patchedPod, { kind, operation }));
      expect(r.status, `${kind.kind} ${operation}`).toBe(200);
      const res = response(r.body);
      expect(res.allowed).toBe(true);
      expect(res.patch).toBeUndefined();
    }
  });

  it('routes: 404 elsewhere, 405 for other methods, 415 for other content types, probes', async () => {
    const ca = A.cert;
    const port = s.server.port;
    expect((await call(port, { path: '/validate', body: '{}', ca })).status).toBe(404);
    const get = await call(port, { method: 'GET', ca });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect((await call(port, { method: 'PUT', body: '{}', ca })).status).toBe(405);
    expect((await post(s, review(patchedPod), { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await post(s, review(patchedPod), { 'Content-Type': 'application/yaml' })).status).toBe(415);
    expect((await post(s, review(patchedPod), { 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(200);
    expect(await call(port, { method: 'GET', path: '/healthz', ca })).toMatchObject({ status: 200, body: 'ok' });
    expect(await call(port, { method: 'GET', path: '/readyz', ca })).toMatchObject({ status: 200, body: 'ok' });
    expect((await call(port, { method: 'POST', path: '/readyz', ca })).status).toBe(405);
  });

  it('counts requests by outcome and times them in /metrics, read-only', async () => {
    const before = await metricsText(s);
    await post(s, review(patchedPod));
    await post(s, 'not json');
    await post(s, '{}', { 'Content-Type': 'text/plain' });
    const after = await metricsText(s);
    expect(counter(after, 'patched') - counter(before, 'patched')).toBe(1);
    expect(counter(after, 'invalid') - counter(before, 'invalid')).toBe(1);
    expect(counter(after, 'rejected') - counter(before, 'rejected')).toBe(1);
    const count = (t: string) => Number(t.match(/^pod_sequencer_admission_duration_seconds_count (\d+)$/m)![1]);
    expect(count(after) - count(before)).toBe(3);
    expect(after).toMatch(/^# TYPE pod_sequencer_admission_duration_seconds histogram$/m);
    expect(after).toMatch(/^pod_sequencer_admission_duration_seconds_bucket\{le="0.005"\} \d+$/m);
    expect(after).toMatch(/^pod_sequencer_build_info\{version="[^"]+",nodejs="v\d+/m);
    const base = `http://127.0.0.1:${s.server.metricsPort}`;
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`)).headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('logs one JSON line per request with uid, names, outcome, time and warnings count, and never the pod', async () => {
    const pod = structuredClone(patchedPod) as { spec: { containers: Obj[] } };
    pod.spec.containers[0]!.env = [{ name: 'TOKEN', value: 'hunter2-do-not-log' }];
    const text = review(pod);
    const uid = (JSON.parse(text) as { request: { uid: string } }).request.uid;
    s.logs.length = 0;
    await post(s, text);
    const lines = s.logs.filter((l) => l.msg === 'admission');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', uid, outcome: 'patched', status: 200, namespace: expect.any(String) });
    expect(typeof lines[0]!.ms).toBe('number');
    expect(lines[0]!.warnings).toBeGreaterThan(0);
    expect(JSON.stringify(s.logs)).not.toContain('hunter2');
  });
});

describe('webhook serve: hostile requests', () => {
  let s: Started;
  beforeAll(async () => void (s = await start({ maxBody: 256 * 1024, requestTimeoutMs: 1000 })));
  afterAll(() => s.server.shutdown('test'));

  /** After each hostile case the server still answers a good review. */
  async function stillServes(): Promise<void> {
    const r = await post(s, review(patchedPod));
    expect(r.status).toBe(200);
    expect(response(r.body).patchType).toBe('JSONPatch');
  }

  /** A well-formed AdmissionReview answer (allowed, never denied) or a 4xx with a plain reason. */
  function wellFormed(r: { status: number; body: string }, what: string): void {
    if (r.status === 200) {
      const res = response(r.body);
      expect(res.allowed, what).toBe(true);
      expect(typeof res.uid, what).toBe('string');
    } else {
      expect(r.status, what).toBeGreaterThanOrEqual(400);
      expect(r.status, what).toBeLessThan(500);
      expect(r.body.length, what).toBeGreaterThan(0);
    }
  }

  it('answers malformed JSON, wrong apiVersion or kind, and no uid with 400 and a reason', async () => {
    const good = reviewOf(structuredClone(patchedPod)) as Obj;
    const bodies = [
      '',
      'not json',
      '{"apiVersion":',
      '[]',
      'null',
      '"AdmissionReview"',
      JSON.stringify({ ...good, apiVersion: 'admission.k8s.io/v1beta1' }),
      JSON.stringify({ ...good, kind: 'ResourceList' }),
      JSON.stringify({ ...good, request: { ...(good.request as Obj), uid: undefined } }),
      JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' }),
    ];
    for (const body of bodies) {
      const r = await post(s, body);
      expect(r.status, body.slice(0, 60)).toBe(400);
      expect(r.headers['content-type']).toMatch(/^text\/plain/);
      expect(r.body).not.toMatch(/\n./);
    }
    expect((await post(s, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))).status).toBe(400);
    await stillServes();
  });

  it('answers every field type in every place of the pod: a review or a 4xx, never a crash', async () => {
    const wrong: unknown[] = [null, true, 0, -1.5, 'x', [], {}, [1, 'a', null], { a: { b: [] } }, '\u0000', 1e308];
    const places: string[][] = [
      ['request'],
      ['request', 'uid'],
      ['request', 'kind'],
      ['request', 'operation'],
      ['request', 'namespace'],
      ['request', 'object'],
      ['request', 'object', 'metadata'],
      ['request', 'object', 'metadata', 'annotations'],
      ['request', 'object', 'metadata', 'labels'],
      ['request', 'object', 'metadata', 'ownerReferences'],
      ['request', 'object', 'spec'],
      ['request', 'object', 'spec', 'containers'],
      ['request', 'object', 'spec', 'initContainers'],
      ['request', 'object', 'spec', 'containers', '0'],
      ['request', 'object', 'spec', 'containers', '0', 'command'],
      ['request', 'object', 'spec', 'containers', '0', 'ports'],
      ['request', 'object', 'spec', 'restartPolicy'],
      ['request', 'object', 'spec', 'volumes'],
      ['request', 'dryRun'],
    ];
    for (const path of places) {
      for (const value of wrong) {
        const r = reviewOf(structuredClone(patchedPod)) as Obj;
        let at = r;
        for (const k of path.slice(0, -1)) at = at[k] as Obj;
        at[path.at(-1)!] = value;
        wellFormed(await post(s, JSON.stringify(r)), `${path.join('.')} = ${JSON.stringify(value)}`);
      }
    }
    await stillServes();
  });

  it('answers deeply nested JSON', async () => {
    for (const depth of [1000, 20_000]) {
      const r = reviewOf(structuredClone(patchedPod)) as { request: { object: { metadata: Obj } } };
      r.request.object.metadata.annotations = { deep: 'x' } as Obj;
      const text = JSON.stringify(r).replace('"deep":"x"', `"deep":${'['.repeat(depth)}${']'.repeat(depth)}`);
      wellFormed(await post(s, text), `depth ${depth}`);
    }
    await stillServes();
  });

  it('answers a pod with a thousand containers', async () => {
    const pod = structuredClone(patchedPod) as { spec: { containers: Obj[] } };
    const first = pod.spec.containers[0]!;
    pod.spec.containers = Array.from({ length: 1000 }, (_, i) => ({ ...first, name: `c${i}` }));
    const r = await post(s, review(pod));
    wellFormed(r, '1000 containers');
    expect(r.status).toBe(200);
    await stillServes();
  });

  it('refuses a body over --max-body with 413 without reading the rest (declared length or chunked)', async () => {
    const big = 'x'.repeat(300 * 1024);
    const r = await post(s, big);
    expect(r.status).toBe(413);
    // Announced as 64 MiB, 10 bytes sent: the answer comes at once, and the connection is closed.
    const sock = await rawConnect(s.server.port, A.cert);
    const got = readUntilClosed(sock);
    sock.write(`POST /mutate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${64 << 20}\r\n\r\n{"apiVersio`);
    expect(await got).toMatch(/^HTTP\/1\.1 413 /);
    // Asked first (Expect: 100-continue): 413 at once, never a 100.
    const asking = await rawConnect(s.server.port, A.cert);
    const got3 = readUntilClosed(asking);
    asking.write(`POST /mutate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${64 << 20}\r\n\r\n`);
    expect(await got3).toMatch(/^HTTP\/1\.1 413 /);
    // Chunked, no length: cut when the count passes the limit.
    const chunked = await rawConnect(s.server.port, A.cert);
    const got2 = readUntilClosed(chunked);
    chunked.write('POST /mutate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
    const piece = 'y'.repeat(64 * 1024);
    for (let i = 0; i < 5 && !chunked.destroyed; i++) chunked.write(`${piece.length.toString(16)}\r\n${piece}\r\n`);
    expect(await got2).toMatch(/^HTTP\/1\.1 413 /);
    await stillServes();
  });

  it('takes a body of exactly --max-body', async () => {
    const text = review(patchedPod);
    const padded = text.slice(0, -1) + ' '.repeat(256 * 1024 - Buffer.byteLength(text)) + '}';
    expect(Buffer.byteLength(padded)).toBe(256 * 1024);
    expect((await post(s, padded)).status).toBe(200);
  });

  it('cuts off a client that stops sending (headers or body), one that never sends, and a TLS handshake that never comes', async () => {
    const slowHeaders = await rawConnect(s.server.port, A.cert);
    const closed1 = readUntilClosed(slowHeaders);
    slowHeaders.write('POST /mutate HTTP/1.1\r\nHost: x\r\n');
    const slowBody = await rawConnect(s.server.port, A.cert);
    const closed2 = readUntilClosed(slowBody);
    slowBody.write('POST /mutate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"api');
    const silent = await rawConnect(s.server.port, A.cert);
    const closed4 = readUntilClosed(silent);
    const { connect } = await import('node:net');
    const bare = connect({ host: '127.0.0.1', port: s.server.port });
    const closed3 = new Promise<void>((resolve) => bare.on('close', () => resolve()).on('error', () => {}));
    // Meanwhile the server answers others.
    await stillServes();
    const [a, b, , d] = await Promise.all([closed1, closed2, closed3, closed4]);
    expect(d).not.toMatch(/^HTTP\/1\.1 200/);
    expect(a).not.toMatch(/^HTTP\/1\.1 200/);
    expect(b).not.toMatch(/^HTTP\/1\.1 200/);
    await stillServes();
  });

  it('logs a failed TLS handshake (plain HTTP on the TLS port) once, not once per attempt', async () => {
    // A server of its own: the rate limit is per server, and other cases here fail handshakes too.
    const own = await start();
    try {
      for (let i = 0; i < 3; i++) {
        const status = await fetch(`http://127.0.0.1:${own.server.port}/healthz`).then(
          (x) => x.status,
          () => 0,
        );
        expect(status).not.toBe(200);
      }
      expect(own.logs.filter((l) => l.msg === 'TLS handshake failed')).toHaveLength(1);
      expect((await call(own.server.port, { method: 'GET', path: '/healthz', ca: A.cert })).status).toBe(200);
    } finally {
      await own.server.shutdown('test');
    }
  });

  it('answers concurrent requests, good and bad, each on its own connection', async () => {
    const bodies = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? 'garbage' : i % 3 === 1 ? review(patchedPod) : review(unchangedPod)));
    const replies = await Promise.all(bodies.map((b) => post(s, b)));
    replies.forEach((r, i) => wellFormed(r, `request ${i}`));
    const uids = replies.filter((r) => r.status === 200).map((r) => response(r.body).uid);
    expect(new Set(uids).size).toBe(40);
    await stillServes();
  });
});

describe('webhook serve: reloads', () => {
  it('serves a new certificate to new connections after the files change, and keeps the old on a bad pair', async () => {
    const s = await start();
    try {
      expect((await call(s.server.port, { method: 'GET', path: '/healthz', ca: A.cert })).fingerprint).toBe(A.fingerprint);
      s.mount.swap({ 'tls.crt': B.cert, 'tls.key': B.key });
      s.settle();
      expect((await call(s.server.port, { method: 'GET', path: '/healthz', ca: B.cert })).fingerprint).toBe(B.fingerprint);
      expect(s.logs.some((l) => l.msg === 'certificate reloaded')).toBe(true);
      // A certificate with another pair's key: refused, B stays.
      s.mount.swap({ 'tls.crt': A.cert, 'tls.key': B.key });
      s.settle();
      expect((await call(s.server.port, { method: 'GET', path: '/healthz', ca: B.cert })).fingerprint).toBe(B.fingerprint);
      const err = s.logs.find((l) => l.level === 'error')!;
      expect(err.msg).toMatch(/certificate not reloaded/);
      expect(err.error).toMatch(/does not belong to the certificate/);
      expect(s.server.metrics.certReloads.get('failure')).toBe(1);
      // Not PEM at all: refused the same way.
      s.mount.swap({ 'tls.crt': 'garbage', 'tls.key': 'garbage' });
      s.settle();
      expect((await call(s.server.port, { method: 'GET', path: '/healthz', ca: B.cert })).fingerprint).toBe(B.fingerprint);
      expect(s.server.metrics.certReloads.get('failure')).toBe(2);
    } finally {
      await s.server.shutdown('test');
    }
  });

  it('polls on its own: a swapped pair is served without anyone calling poll()', async () => {
    const s = await start({ pollMs: 20 });
    try {
      s.mount.swap({ 'tls.crt': B.cert, 'tls.key': B.key });
      // Bounded by the test's timeout, not by a time: each try is a new connection that trusts either pair.
      let seen = A.fingerprint;
      while (seen !== B.fingerprint) {
        seen = (await call(s.server.port, { method: 'GET', path: '/healthz', ca: Buffer.concat([A.cert, B.cert]) })).fingerprint;
        if (seen !== B.fingerprint) await new Promise((r) => setTimeout(r, 20));
      }
      expect(s.server.metrics.certReloads.get('success')).toBe(1);
    } finally {
      await s.server.shutdown('test');
    }
  });

  it('keeps the pair in use when a file goes missing, and says so once', async () => {
    const s = await start();
    try {
      s.mount.swap({ 'tls.key': A.key }); // tls.crt now points at nothing
      s.settle();
      s.settle();
      const errors = s.logs.filter((l) => l.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.error).toMatch(/tls\.crt: cannot read the file \(ENOENT\)/);
      expect((await call(s.server.port, { method: 'GET', path: '/readyz', ca: A.cert })).fingerprint).toBe(A.fingerprint);
      s.mount.swap({ 'tls.crt': B.cert, 'tls.key': B.key });
      s.settle();
      expect((await call(s.server.port, { method: 'GET', path: '/healthz', ca: B.cert })).fingerprint).toBe(B.fingerprint);
    } finally {
      await s.server.shutdown('test');
    }
  });

  it('does not apply a pair seen only once (one file of it swapped so far)', async () => {
    const s = await start();
    try {
      s.mount.swap({ 'tls.crt': B.cert, 'tls.key': B.key });
      s.server.poll();
      expect((await call(s.server.port, { method: 'GET', path: '/healthz', ca: A.cert })).fingerprint).toBe(A.fingerprint);
      s.server.poll();
      expect((await call(s.server.port, { method: 'GET', path: '/healthz', ca: B.cert })).fingerprint).toBe(B.fingerprint);
    } finally {
      await s.server.shutdown('test');
    }
  });

  it('reloads the config from a ConfigMap mount, and keeps the old one when the new one is bad', async () => {
    const s = await start({ configText: 'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nspec:\n  selector: {kinds: [CronJob]}\n' });
    try {
      expect(response((await post(s, review(patchedPod))).body).patch).toBeUndefined();
      s.config.swap({ 'config.yaml': 'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nspec: {}\n' });
      s.settle();
      expect(response((await post(s, review(patchedPod))).body).patchType).toBe('JSONPatch');
      expect(s.logs.some((l) => l.msg === 'config reloaded')).toBe(true);
      s.config.swap({ 'config.yaml': 'apiVersion: fn.pod-sequencer.dev/v1alpha1\nkind: PodSequence\nspec:\n  mode: sideways\n' });
      s.settle();
      const err = s.logs.find((l) => l.level === 'error')!;
      expect(err.msg).toMatch(/config not reloaded/);
      expect(err.error).toMatch(/spec\.mode/);
      expect(s.server.metrics.configReloads.get('failure')).toBe(1);
      expect(response((await post(s, review(patchedPod))).body).patchType).toBe('JSONPatch');
      expect(await metricsText(s)).toMatch(/^pod_sequencer_config_reloads_total\{result="success"\} 1$/m);
    } finally {
      await s.server.shutdown('test');
    }
  });
});

describe('webhook serve: shutdown', () => {
  it('fails /readyz, stops accepting, and finishes a request in flight before it stops', async () => {
    const s = await start();
    // A keep-alive connection opened before, to ask /readyz after the listener has closed.
    const probe = await rawConnect(s.server.port, A.cert);
    const text = review(patchedPod);
    const slow = await rawConnect(s.server.port, A.cert);
    const answer = readUntilClosed(slow);
    slow.write(`POST /mutate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n`);
    slow.write(text.slice(0, 100));
    // The request is in flight once its headers are read: wait for the server to count it.
    while (s.server.inFlight() === 0) await new Promise((r) => setTimeout(r, 10));
    const stopped = s.server.shutdown('SIGTERM');
    expect(s.server.ready()).toBe(false);
    const readyz = readUntilClosed(probe);
    probe.write('GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await readyz).toMatch(/^HTTP\/1\.1 503 /);
    await expect(call(s.server.port, { method: 'GET', path: '/healthz', ca: A.cert })).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);
    slow.write(text.slice(100));
    const got = await answer;
    expect(got).toMatch(/^HTTP\/1\.1 200 /);
    expect(got).toContain('"patchType":"JSONPatch"');
    expect(await stopped).toBe(0);
    expect(s.logs.map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
  });

  it('cuts connections still open at the bound', async () => {
    const s = await start({ shutdownMs: 200, requestTimeoutMs: 60_000 });
    const slow = await rawConnect(s.server.port, A.cert);
    const closed = readUntilClosed(slow);
    slow.write('POST /mutate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    while (s.server.inFlight() === 0) await new Promise((r) => setTimeout(r, 10));
    expect(await s.server.shutdown('SIGTERM')).toBe(1);
    await closed;
  });
});
