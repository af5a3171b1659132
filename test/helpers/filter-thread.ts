/**
 * The function run off the test's main thread (the built library, dist/index.cjs, in one worker
 * thread per test file). The .exec tests' loopback servers answer on the main thread's event
 * loop: a filter run there is synchronous CPU work that, on a loaded 2-core machine, held the
 * servers' answers past the generated scripts' 2 s per try while another test's shell waited on
 * them. Off the thread, a server answers whenever its process gets the CPU. dist/ is built before
 * the tests (`npm test`; by hand: `node scripts/build.mjs`).
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ROOT } from './cli.js';

export interface FilterRun {
  stdout: string;
  stderr: string[];
  exitCode: number;
  results: { severity: string; message: string }[];
}

const SOURCE = `
const { parentPort } = require('node:worker_threads');
const { runFilter } = require(${JSON.stringify(join(ROOT, 'dist', 'index.cjs'))});
parentPort.on('message', ({ id, stdin }) => {
  try {
    const o = runFilter(stdin);
    parentPort.postMessage({ id, out: { stdout: o.stdout, stderr: o.stderr, exitCode: o.exitCode, results: JSON.parse(JSON.stringify(o.results)) } });
  } catch (e) {
    parentPort.postMessage({ id, error: String((e && e.stack) || e) });
  }
});`;

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (o: FilterRun) => void; reject: (e: Error) => void }>();

function thread(): Worker {
  if (worker) return worker;
  worker = new Worker(SOURCE, { eval: true });
  worker.unref();
  worker.on('message', ({ id, out, error }: { id: number; out?: FilterRun; error?: string }) => {
    const p = pending.get(id)!;
    pending.delete(id);
    if (error !== undefined) p.reject(new Error(error));
    else p.resolve(out!);
  });
  worker.on('error', (e) => {
    for (const p of pending.values()) p.reject(e);
    pending.clear();
    worker = undefined;
  });
  return worker;
}

/** `runFilter(stdin)` of the built library, on the worker thread. */
export function runFilterOffThread(stdin: string): Promise<FilterRun> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread().postMessage({ id, stdin });
  });
}
