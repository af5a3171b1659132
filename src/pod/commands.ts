/**
 * Reading what a container runs, for transforms, rules and `explain` (pod facts): its argv
 * (command then args, as the kubelet joins them), the script of a `sh -c SCRIPT`, a leading
 * `sleep N`, and whether it ends its sidecars itself.
 */
import { parseWrapper } from '../shell/index.js';
import type { Container } from '../workloads/workload.js';

export interface Word {
  text: string;
  /** Where the word sits in the container: `command[2]`, `args[0]`, `lifecycle.preStop.exec.command[1]`. */
  field: string;
}

const SHELLS = new Set(['sh', 'bash', 'ash', 'dash', 'zsh', 'ksh', 'mksh']);

const base = (s: string | undefined) => (s ?? '').slice((s ?? '').lastIndexOf('/') + 1);

/** command + args; YAML may hand us numbers (`- 10`), the kubelet sees strings. */
export function argvOf(c: Container): Word[] {
  const words = (list: unknown, field: string): Word[] => (Array.isArray(list) ? list.map((w, i) => ({ text: String(w), field: `${field}[${i}]` })) : []);
  return [...words(c.command, 'command'), ...words(c.args, 'args')];
}

/** What the container really runs: inside one of our wrappers, the wrapped command and args. */
export function programArgv(c: Container): Word[] {
  const argv = argvOf(c);
  const wrapped = parseWrapper((c.command ?? []).map(String));
  if (!wrapped) return argv;
  const commandLength = c.command!.length;
  return [...argv.slice(commandLength - wrapped.spec.argv.length, commandLength), ...argv.slice(commandLength)];
}

/** The exec commands of the container's lifecycle hooks, each as its own argv. */
export function hookArgvs(c: Container): Word[][] {
  const out: Word[][] = [];
  for (const hook of ['postStart', 'preStop'] as const) {
    const cmd = c.lifecycle?.[hook]?.exec?.command;
    if (Array.isArray(cmd)) out.push(cmd.map((w, i) => ({ text: String(w), field: `lifecycle.${hook}.exec.command[${i}]` })));
  }
  return out;
}

/** The script of `sh -c SCRIPT` (also `/bin/bash -ec`, `busybox sh -c`), or undefined. */
export function shellScript(argv: readonly Word[]): Word | undefined {
  let i = base(argv[0]?.text) === 'busybox' ? 1 : 0;
  if (!SHELLS.has(base(argv[i]?.text))) return undefined;
  for (i++; i < argv.length; i++) {
    const a = argv[i]!.text;
    if (/^-[a-z]*c[a-z]*$/.test(a)) return argv[i + 1];
    if (!a.startsWith('-')) return undefined; // `sh script.sh`
  }
  return undefined;
}

const UNIT: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };
const SLEEP_WORD = '(?:/bin/)?sleep';
const SLEEP = `${SLEEP_WORD}\\s+(\\d+(?:\\.\\d+)?)([smhd]?)`;
/** Compiled once: leadingSleep runs for every container of every workload. */
const SCRIPT_SLEEP = new RegExp(`^\\s*(?:set\\s+[-+]\\w+\\s*(?:;|\\n)\\s*)*${SLEEP}\\s*(;|&&|\\n|$)([\\s\\S]*)$`);
const ARGV_SLEEP = new RegExp(`^${SLEEP}$`);
/** An argv whose first word is `sleep` (or starts with it): the only other way ARGV_SLEEP can match. */
const FIRST_SLEEP = new RegExp(`^${SLEEP_WORD}(?:\\s|$)`);

export interface Delay {
  seconds: number;
  /** The word holding the sleep (the script, or `sleep` itself). */
  at: Word;
  /** The sleep is all there is: nothing runs after it. */
  only: boolean;
}

/**
 * A `sleep N` that runs before anything else: as the first command of a `sh -c` script
 * (after `set -e` style lines), or as the whole argv (`[sleep, "30"]`).
 */
export function leadingSleep(argv: readonly Word[]): Delay | undefined {
  const script = shellScript(argv);
  if (script) {
    const m = SCRIPT_SLEEP.exec(script.text);
    if (!m) return undefined;
    return { seconds: Number(m[1]) * UNIT[m[2]!]!, at: script, only: m[4]!.trim() === '' };
  }
  const m = ARGV_SLEEP.exec(argv.map((w) => w.text).join(' '));
  return m ? { seconds: Number(m[1]) * UNIT[m[2]!]!, at: argv[0]!, only: true } : undefined;
}

/**
 * Whether the container's own argv could hold a leading sleep (leadingSleep of its programArgv):
 * only when it starts with a shell (`sh`, `busybox sh`, our wrapper) or `sleep`. A test on the
 * first word, for the rules that ask it of every container: most run their program directly.
 */
export function mayLeadWithSleep(c: Container): boolean {
  const first = c.command?.length ? c.command[0] : c.args?.[0];
  if (first === undefined) return false;
  const word = String(first);
  const name = base(word);
  return SHELLS.has(name) || name === 'busybox' || FIRST_SLEEP.test(word);
}

/** Readable argv for messages, on one line and shortened: scripts can be long. */
export function showArgv(words: readonly (Word | string)[], max = 80): string {
  const texts = words.map((w) => (typeof w === 'string' ? w : w.text));
  // A lone script reads best as itself; in an argv, words with spaces are quoted.
  const s = texts.length === 1 ? texts[0]! : texts.map((t) => (/^[\w@%+=:,./-]+$/.test(t) ? t : JSON.stringify(t))).join(' ');
  const flat = s.replace(/\\n|\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * An app command that ends its sidecar itself: a call to a sidecar's quit endpoint (Envoy's and
 * Istio's `/quitquitquit`, Linkerd's admin `/shutdown`), a `pkill`/`killall` of a sidecar's
 * process (with a shared process namespace), `linkerd-await --shutdown`, or scuttle as the
 * entrypoint. Trusted as the user's own way out: such a Job is not wrapped, and
 * job-sidecar-blocks-completion stays quiet. Only these unambiguous forms count: a false match
 * would leave a Job without the wrapper that ends its sidecar.
 */
export const QUIT_CALL = /\/quitquitquit\b|:4191\/shutdown\b|\bp?kill(all)?\b[^;&|\n]*\b(pilot-agent|envoy|linkerd2?-proxy|cloud[-_]sql[-_]proxy|daprd)\b/;

/**
 * Where the app ends its sidecars itself, as a result names it: `its command`, or the script it
 * runs that does (`ConfigMap scripts key init.sh`, read by src/pod/scripts.ts); undefined when
 * nothing does. The same unambiguous forms as endsItsSidecars, in the scripts' text.
 */
export function whereItEndsItsSidecars(c: Container, scripts: readonly { text: string; from: string }[]): string | undefined {
  if (endsItsSidecars(c)) return 'its command';
  return scripts.find((s) => QUIT_CALL.test(s.text))?.from;
}

/** The user's own command (not one of our wrappers) ends the pod's sidecars. */
export function endsItsSidecars(c: Container): boolean {
  if (parseWrapper((c.command ?? []).map(String))) return false;
  const argv = argvOf(c).map((w) => w.text);
  if (base(argv[0]) === 'scuttle') return true;
  if (base(argv[0]) === 'linkerd-await' && argv.slice(1, argv.indexOf('--') < 0 ? undefined : argv.indexOf('--')).includes('--shutdown')) return true;
  return QUIT_CALL.test(argv.join(' '));
}
