/**
 * The scripts a container runs that the input holds (issue 27, scripts as evidence): the script of
 * its `sh -c SCRIPT`, and the files it runs or sources (`. /scripts/init.sh`, `bash /scripts/x.sh`,
 * `/scripts/run.sh`) where a ConfigMap of the input backs them (src/pod/files.ts), followed into
 * the scripts those run in turn. What they do is evidence: a script that already calls its
 * sidecar's quit endpoint ends the sidecar itself (src/pod/commands.ts endsItsSidecars).
 */
import type { Container, Workload } from '../workloads/workload.js';
import { programArgv, shellScript } from './commands.js';
import type { InputFacts } from './context.js';
import { isUnread, mountedFile, type FileText } from './files.js';

const SHELL = /^(?:.*\/)?(?:ba|da|a|z|k|mk)?sh$/;

/** Scripts followed from one container: enough for a wrapper that sources a library that sources another. */
const MAX_SCRIPTS = 8;

/** A script's text (comments dropped) and where it comes from: `its sh -c script`, `ConfigMap scripts key init.sh`. */
export function scriptsRun(w: Workload, c: Container, facts: InputFacts): FileText[] {
  const argv = programArgv(c).map((x) => x.text);
  const out: FileText[] = [];
  const seen = new Set<string>();
  const follow = (path: string, args: string[]) => {
    if (seen.has(path) || out.length >= MAX_SCRIPTS) return;
    seen.add(path);
    const file = mountedFile(w, c, path, facts);
    if (file === undefined || isUnread(file)) return;
    const text = expanded(withArgs(uncommented(file.text), args));
    out.push({ text, from: file.from });
    for (const run of scriptRuns(text)) follow(run.path, run.args);
  };
  const inline = shellScript(programArgv(c));
  if (inline) {
    const text = expanded(uncommented(inline.text));
    out.push({ text, from: 'its sh -c script' });
    for (const run of scriptRuns(text)) follow(run.path, run.args);
  } else if (SHELL.test(argv[0] ?? '')) {
    // `sh /scripts/x.sh a b` (no -c): the shell runs the file.
    const i = argv.findIndex((a, k) => k > 0 && !a.startsWith('-'));
    if (i > 0 && argv[i]!.startsWith('/')) follow(argv[i]!, argv.slice(i + 1));
  } else if (argv[0]?.startsWith('/')) {
    follow(argv[0], argv.slice(1));
  }
  return out;
}

/** Comment lines say nothing a script does (a commented-out quit call must not count). */
function uncommented(text: string): string {
  return text.replace(/^[ \t]*#.*$/gm, '');
}

/** `$1`, `${2}` … of a script run with arguments: the words given (the sidecar's process name, a host). */
function withArgs(text: string, args: string[]): string {
  return text.replace(/\$\{?([1-9])\}?/g, (m, n: string) => args[Number(n) - 1] ?? m);
}

/**
 * `$VAR` and `${VAR}` replaced by the script's own plain assignments (`PROCESS=$2` after the
 * arguments, `INIT="/scripts/1-load.sh"`): the last one in the text, whatever the control flow.
 * Enough to read a path it runs or a process it kills; never run.
 */
function expanded(text: string): string {
  const vars = new Map<string, string>();
  for (const m of text.matchAll(/^[ \t]*(?:readonly[ \t]+|export[ \t]+|local[ \t]+)?([A-Za-z_]\w*)=(?:"([^"$`]*)"|'([^']*)'|([^\s"'$`;&|()]*))[ \t]*$/gm)) {
    vars.set(m[1]!, m[2] ?? m[3] ?? m[4] ?? '');
  }
  return vars.size === 0 ? text : text.replace(/\$\{?([A-Za-z_]\w*)\}?/g, (v, name: string) => vars.get(name) ?? v);
}

/**
 * Files a script runs or sources at command position: `. FILE`, `source FILE`, `sh FILE`,
 * `exec FILE`, or `FILE` itself, with the words after it.
 */
function scriptRuns(text: string): { path: string; args: string[] }[] {
  const out: { path: string; args: string[] }[] = [];
  const RUN =
    /(?:^|[\n;&|(]|\b(?:then|do|else)\b)[ \t]*(?:(?:exec|\.|source|(?:\/(?:usr\/)?bin\/)?(?:ba|da|a|z|k|mk)?sh)[ \t]+(?:-[a-z]+[ \t]+)*)?["']?(\/[^\s"';&|)]*)["']?([^\n;&|]*)/g;
  for (const m of text.matchAll(RUN)) {
    const args = [...m[2]!.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((a) => a[1] ?? a[2] ?? a[3]!);
    out.push({ path: m[1]!, args });
  }
  return out;
}

/** A dependency's target, as config and annotation give it (src/pod/dependencies.ts). */
interface Target {
  http?: string;
  tcp?: string;
  dns?: string;
}

/**
 * The script that already waits for `t` before going on: a loop (`until`, `while`, `for`) around
 * a probe of that host (and port, where the probe names one): `nc -z HOST PORT`, `/dev/tcp/HOST/PORT`,
 * `pg_isready -h HOST` (port 5432 unless `-p`), `curl`/`wget` of the URL, `nslookup HOST`; or a
 * wait tool given the target (`wait-for-it HOST:PORT`, `dockerize -wait tcp://HOST:PORT`).
 * A probe without a loop is one try, not a wait, and does not count.
 */
export function scriptWaitingFor(scripts: readonly FileText[], t: Target): FileText | undefined {
  const target = targetOf(t);
  if (!target) return undefined;
  const { host, port } = target;
  const h = hostPattern(host);
  const p = port === undefined ? '\\d+' : port;
  const tools = new RegExp(
    `\\b(?:wait-for-it(?:\\.sh)?|wait-for|wait4x\\s+\\w+)\\s+(?:\\S+\\s+)*?${h}:${p}\\b|\\bdockerize\\b[^\\n]*-wait\\s+(?:tcp|https?)://${h}(?::${p})?\\b`,
  );
  const probes: RegExp[] = [];
  if (t.tcp !== undefined) {
    probes.push(new RegExp(`\\bnc\\b[^\\n;&|]*\\s${h}\\s+${p}\\b`), new RegExp(`/dev/tcp/${h}/${p}\\b`));
    if (port === '5432') probes.push(/\bpg_isready\b(?![^\n;&|]*(?:-p\s*|--port[= ])(?!5432\b)\d)/);
  }
  if (t.http !== undefined) probes.push(new RegExp(`\\b(?:curl|wget)\\b[^\\n;&|]*\\b${h}${port === undefined ? '' : `(?::${p})?`}\\b`));
  if (t.dns !== undefined) probes.push(new RegExp(`\\b(?:nslookup|getent\\s+hosts|host|dig)\\s+(?:\\S+\\s+)*?${h}\\b`));
  return scripts.find((s) => tools.test(s.text) || (/\b(?:until|while|for)\b/.test(s.text) && probes.some((r) => r.test(s.text) && mentions(s.text, h, t))));
}

/** pg_isready names its host by a flag or PGHOST: the host must be in the script as a word. */
function mentions(text: string, h: string, t: Target): boolean {
  return t.tcp === undefined || new RegExp(`(?:^|[\\s=:/'"])${h}(?![\\w.-])`).test(text);
}

function targetOf(t: Target): { host: string; port?: string } | undefined {
  if (t.tcp !== undefined) {
    const i = t.tcp.lastIndexOf(':');
    return i > 0 ? { host: t.tcp.slice(0, i), port: t.tcp.slice(i + 1) } : undefined;
  }
  if (t.http !== undefined) {
    try {
      const url = new URL(t.http);
      return { host: url.hostname, ...(url.port && { port: url.port }) };
    } catch {
      return undefined;
    }
  }
  return t.dns !== undefined ? { host: t.dns } : undefined;
}

/** The host, or its first label when the target is a Service name (`db.ns.svc…` is also `db` in the pod's namespace). */
function hostPattern(host: string): string {
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const first = host.split('.')[0]!;
  return /\.svc(\.|$)/.test(host) || !host.includes('.') ? `(?:${esc(host)}|${esc(first)}(?:\\.[\\w-]+)*)` : esc(host);
}
