/**
 * The CLI's output: write(2) on descriptors 1 and 2, not `process.stdout` and `process.stderr`.
 * Node creates those streams on first use, and creating one loads its stream modules (node:net
 * too, on a pipe): 3 % of a 20-item run, which writes nothing else (BENCHMARKS.md, "Start-up").
 *
 * Each call has written all its bytes when it returns, as `process.stdout.write` has on Linux for
 * files and pipes (nodejs.org/api/process.html, "A note on process I/O"), so lines keep their order
 * and a run's exit code is set after its output, as before. Two cases differ from a plain write:
 * - EAGAIN: the descriptor is non-blocking (O_NONBLOCK belongs to the open file, so a parent or an
 *   earlier `process.stdout` on a pipe may have set it). The rest, and every later write there,
 *   goes to Node's stream, which waits for the reader.
 * - EPIPE: the reader has gone (`pod-sequencer < big.yaml | head`). Later writes there are dropped,
 *   quietly, and the run ends with its own exit code, as a shell pipeline expects.
 */
import { writeSync } from 'node:fs';

type Fd = 1 | 2;
type Mode = 'direct' | 'stream' | 'gone';
const mode: Record<Fd, Mode> = { 1: 'direct', 2: 'direct' };

export const writeStdout = (data: string | Uint8Array): void => write(1, data);
export const writeStderr = (data: string | Uint8Array): void => write(2, data);

function write(fd: Fd, data: string | Uint8Array): void {
  if (mode[fd] === 'gone' || data.length === 0) return;
  if (mode[fd] === 'stream') return void nodeStream(fd).write(data);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  for (let at = 0; at < bytes.length;) {
    try {
      at += writeSync(fd, bytes, at, bytes.length - at);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EINTR') continue;
      if (code === 'EPIPE') return void (mode[fd] = 'gone');
      if (code !== 'EAGAIN') throw e;
      return void toStream(fd).write(bytes.subarray(at));
    }
  }
}

const nodeStream = (fd: Fd): NodeJS.WriteStream => (fd === 1 ? process.stdout : process.stderr);

/** From now on `fd` is written through Node's stream, which ends writing there when the reader goes, as a direct write does. */
function toStream(fd: Fd): NodeJS.WriteStream {
  mode[fd] = 'stream';
  return nodeStream(fd).on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    mode[fd] = 'gone';
  });
}
