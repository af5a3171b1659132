/**
 * Every shell script pod-sequencer puts into manifests. Each script is composed, for its
 * command, from constant snippets (only those the command needs, see scripts.ts); values
 * travel as positional parameters, so nothing from config can inject code.
 */
export type { DependencyWait, KillCall, ReadyCheck, ShellEnv, ShutdownCall, WrapperSpec } from './types.js';
export { shellWord, shq } from './quote.js';
export {
  busyboxPath,
  chain,
  dependencyWait,
  parseDependencyWait,
  parseHook,
  parseToolsInstall,
  parseWrapper,
  postStartWait,
  sharedWrapper,
  shellPrefix,
  toolsInstall,
  wrapperCommand,
  type WrapperForm,
} from './commands.js';
export { HOOK_MARKER, SHARED_WRAPPER, TOOLS_MARKER, WAIT_MARKER, WRAP_MARKER } from './scripts.js';
