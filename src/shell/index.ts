/**
 * Every shell script pod-sequencer puts into manifests. Script text is constant; values
 * travel as positional parameters (see scripts.ts), so nothing from config can inject code.
 */
export type { DependencyWait, ReadyCheck, ShellEnv, ShutdownCall, WrapperSpec } from './types.js';
export { shq } from './quote.js';
export {
  busyboxPath,
  chain,
  dependencyWait,
  parseDependencyWait,
  parseHook,
  parseWrapper,
  postStartWait,
  shellPrefix,
  wrapperCommand,
} from './commands.js';
export { HOOK_MARKER, WAIT_MARKER, WRAP_MARKER } from './scripts.js';
