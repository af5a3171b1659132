/**
 * V8's inlining budget, for the runs it pays off in (docs/decisions.md, "A V8 flag for large
 * runs"). Most of a run's code runs before TurboFan has optimised it, and TurboFan's jobs take
 * longest where it inlines most; a smaller budget than V8's default (920 bytes of bytecode)
 * made 10,000 small items 10 % faster (BENCHMARKS.md, "V8's inlining budget"). Loading node:v8
 * to set it cost a small run ~4 ms of its start-up, so it is set only once there is work to gain
 * on: LARGE_INPUT bytes read (stdin and files together), or an audit or the webhook server. The
 * code caches are not affected: V8 checks one against its flags when the bundle is compiled,
 * before this runs, and bin/pod-sequencer.cjs puts the default back before it writes one.
 */

const FLAG = '--max-inlined-bytecode-size-cumulative';

/** Input bytes from which a run sets the budget (the bench's 20 items are 18 KiB, 1,000 are 0.9 MiB). */
export const LARGE_INPUT = 256 * 1024;

let read = 0;
let set = false;

/**
 * Sets the smaller budget, once, unless the user gave one (NODE_OPTIONS or node's own flags win;
 * bin/pod-sequencer.cjs's `userInlining` makes the same test before it puts the default back).
 */
export function useSmallInliningBudget(): void {
  if (set) return;
  set = true;
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes(FLAG) || a.includes('turbo-inlining'));
  if (!given) process.getBuiltinModule('node:v8').setFlagsFromString(`${FLAG}=200`);
}

/** Told of `bytes` of input read: past LARGE_INPUT in all, the run is large. */
export function inputRead(bytes: number): void {
  read += bytes;
  if (read >= LARGE_INPUT) useSmallInliningBudget();
}
