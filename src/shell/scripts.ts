/**
 * The shell scripts pod-sequencer writes into manifests, each composed for its command from
 * small named snippets: only the snippets the command needs, and what those need, are emitted.
 *
 * Script text is built from constants only: no value from config or manifests is ever part of
 * it. What varies is decided at generation time from the command's shape (tools delivery, check
 * kinds, wrapper mode, shutdown calls), never from a value. Values reach a script as positional
 * parameters (`sh -c SCRIPT MARKER BUSYBOX PARAMS...`), so no string can inject code. Scripts
 * are POSIX sh and run under dash, bash (as sh) and busybox ash.
 *
 * Parameter layout, after the marker ($0):
 *   $1  path of the injected busybox, or '' to use the image's own tools
 *   ... the script's own parameters (see each builder below).
 * The layout is the same for every version of the scripts: parse* in commands.ts recognise our
 * commands by marker and parameters, whatever script text they carry.
 *
 * Every variable starts with "_" so that none collides with (and, once assigned, re-exports)
 * a variable of the container's environment that the command would inherit.
 */
import { VERSION } from '../version.js';

/**
 * Tag for script text: written as-is (backslashes included), except that `\${` stands for the
 * shell's `${`, which a template literal would otherwise take as a substitution.
 */
function sh(strings: TemplateStringsArray): string {
  if (strings.length !== 1) throw new Error('shell scripts take no substitutions');
  return strings.raw[0].replace(/\\\$\{/g, '${').replace(/^\n/, '');
}

/** Markers passed as $0: they name the script in the shell's own messages and let parse* recognise our commands. */
export const WRAP_MARKER = 'pod-sequencer-wrap';
export const HOOK_MARKER = 'pod-sequencer-hook';
export const WAIT_MARKER = 'pod-sequencer-wait';
export const TOOLS_MARKER = 'pod-sequencer-tools';

/** Name of the shared wrapper in the tools directory, next to the injected busybox. */
export const SHARED_WRAPPER = 'wrap.sh';

/**
 * The script of a wrapper command in its shared form (tools.delivery inject): it runs the pod's
 * shared wrapper, which the `seq-tools` init container wrote next to the busybox ($1), in this
 * very shell, so the wrapper sees the same parameters as an inline one.
 */
export const SHARED_WRAP_CALL = '. "${1%/*}/' + SHARED_WRAPPER + '"';

export type Delivery = 'inject' | 'image';
export type Kind = 'http' | 'tcp' | 'dns';
const KINDS: readonly Kind[] = ['http', 'tcp', 'dns'];

/** What a script must handle, known when its command is built (never a value). */
interface Features {
  delivery: Delivery;
  /** Kinds of the readiness checks it waits on, in KINDS order. */
  kinds: readonly Kind[];
  /** Wrapper: HTTP shutdown calls (quit records); `post` when one of them POSTs. */
  shutdown: boolean;
  post: boolean;
  /** Wrapper: a quit call sends a header read from the environment (header records). */
  header: boolean;
  /** Wrapper: a quit call is tried more than once (tries records). */
  retry: boolean;
  /** Wrapper: SIGTERM-by-process-name calls (kill records). */
  kill: boolean;
}

type Part = string | false | undefined;
const join = (...parts: Part[]): string => parts.filter((p): p is string => typeof p === 'string').join('');

/**
 * A piece of script. Functions may call anything the closure holds; snippets that `run`
 * (top-level code) execute where they stand, so whatever they need must come before them.
 * In text, `{bb}` stands before a tool's name: the injected busybox (inject) or nothing (image).
 */
interface Snippet {
  name: string;
  /** Only for this delivery; a name has at most one snippet per delivery. */
  only?: Delivery;
  runs?: boolean;
  needs?: (f: Features) => Part[];
  text: string | ((f: Features) => string);
}

const ends = (f: Features) => f.shutdown || f.kill;
const records = (f: Features) => f.kinds.length > 0 || ends(f);

/** _http's optional 3rd and 4th parameters, for quit calls that send a header. */
const headerArgs = sh`
  # and HEADER VALUE, sent when VALUE is not empty
  _hn=$3
  _hv=$4
`;

/** In emission order. */
const LIBRARY: Snippet[] = [
  {
    name: 'say',
    text: sh`
_say() { printf 'pod-sequencer: %s\n' "$*" >&2; }
`,
  },
  {
    name: 'die',
    needs: () => ['say'],
    text: sh`
_die() { _say "$*"; exit 1; }
`,
  },
  {
    name: 'num',
    needs: () => ['die'],
    text: sh`
_num() {
  case $1 in ''|*[!0-9]*) _die "not a number: $1" ;; esac
}
`,
  },
  {
    name: 'has',
    only: 'image',
    text: sh`
_has() { command -v "$1" >/dev/null 2>&1; }
`,
  },
  {
    name: 'lim',
    only: 'image',
    needs: () => ['has'],
    text: sh`
# _lim SECONDS CMD...: bound a tool that has no timeout
_lim() {
  _l=$1
  shift
  if _has timeout; then timeout "$_l" "$@"; else "$@"; fi
}
`,
  },
  {
    name: 'isbbnc',
    only: 'image',
    text: sh`
_isbbnc() {
  case $(nc -h 2>&1) in *BusyBox*) return 0 ;; esac
  return 1
}
`,
  },

  // Targets: refused before any tool sees them (no option injection, no waiting on garbage).
  {
    name: 'need_doc',
    text: sh`
# _need_KIND TARGET: exit unless TARGET is well-formed
`,
  },
  {
    name: 'need_http',
    needs: () => ['die', 'need_doc'],
    text: sh`
_need_http() {
  case $1 in
    ''|-*|*[[:space:][:cntrl:]]*)
      _die "invalid http target: $1" ;;
    http://?*|https://?*) ;;
    *) _die "invalid URL: $1" ;;
  esac
}
`,
  },
  {
    name: 'need_tcp',
    needs: () => ['die', 'num', 'need_doc'],
    text: sh`
_need_tcp() {
  case $1 in
    ''|-*|*[[:space:][:cntrl:]]*)
      _die "invalid tcp target: $1" ;;
    ?*:*) _num "\${1##*:}" ;;
    *) _die "invalid host:port: $1" ;;
  esac
}
`,
  },
  {
    name: 'need_dns',
    needs: () => ['die', 'need_doc'],
    text: sh`
_need_dns() {
  case $1 in
    ''|-*|*[[:space:][:cntrl:]]*)
      _die "invalid dns target: $1" ;;
  esac
}
`,
  },

  {
    name: 'need_header',
    needs: () => ['die'],
    text: sh`
# _need_header NAME VAR: exit unless NAME is a header name
# and VAR a variable name (_quit reads it through eval)
_need_header() {
  case $1 in
    ''|*[!A-Za-z0-9_-]*) _die "bad header name: $1" ;;
  esac
  case $2 in
    [A-Za-z]*) ;;
    *) _die "bad variable name: $2" ;;
  esac
  case $2 in
    *[!A-Za-z0-9_]*) _die "bad variable name: $2" ;;
  esac
}
`,
  },

  // Checks: 0 when the target is up. Tools are set up further down (they run).
  {
    name: 'nc',
    needs: () => ['nz'],
    text: sh`
# _nc HOST PORT: 0 when a connection opens within ~2s
_nc() {
  if [ -n "$_NZ" ]; then {bb}nc -z -w 2 "$1" "$2"
  else {bb}nc -w 2 "$1" "$2" -e {bb}true
  fi
}
`,
  },
  {
    name: 'http',
    only: 'inject',
    needs: () => ['wt'],
    text: (f) =>
      join(
        sh`
# _http METHOD URL: 0 on a 2xx or 3xx answer within ~2s
# (wget exits 0 only then, after redirects)
_http() (
  # a proxy from the environment must not see this call
  unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY
`,
        f.post &&
          sh`
  _m=$1
`,
        f.header && headerArgs,
        sh`
  set -- -q -O /dev/null -t 1 "$2"
`,
        f.post &&
          sh`
  # POST with an empty body
  [ "$_m" = GET ] || set -- --post-data= "$@"
`,
        f.header &&
          sh`
  # busybox wget takes a header on its command line only
  [ -z "$_hv" ] || set -- --header "$_hn: $_hv" "$@"
`,
        sh`
  if [ -n "$_WT" ]; then "$_bb" wget -T 2 "$@"
  else "$_bb" timeout 3 "$_bb" wget "$@"
  fi
) >/dev/null 2>&1 </dev/null
`,
      ),
  },
  {
    name: 'http',
    only: 'image',
    needs: () => ['tools_http', 'wt', 'lim'],
    text: (f) =>
      join(
        sh`
# _http METHOD URL: 0 on a 2xx or 3xx answer within ~2s
_http() (
  # a proxy from the environment must not see this call
  unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY
  unset all_proxy ALL_PROXY
`,
        f.post &&
          sh`
  _m=$1
`,
        f.header && headerArgs,
        sh`
  if [ "$_H" = curl ]; then
    set -- -o /dev/null -w '%{http_code}' --max-time 2 "$2"
`,
        f.post &&
          sh`
    # POST with an empty body, as wget --post-data= does
    [ "$_m" = GET ] || set -- --data '' "$@"
`,
        f.header
          ? sh`
    # -g: brackets (IPv6) and braces in a URL are no globs;
    # -H @-: the header comes on stdin, out of sight of ps
    if [ -n "$_hv" ]; then
      _c=$(printf '%s: %s\n' "$_hn" "$_hv" |
        curl -gs -H @- "$@")
    else _c=$(curl -gs "$@")
    fi
    case $_c in [23][0-9][0-9]) exit 0 ;; esac
    exit 1
  fi
`
          : sh`
    # -g: brackets (IPv6) and braces in a URL are no globs
    case $(curl -gs "$@") in [23][0-9][0-9]) exit 0 ;; esac
    exit 1
  fi
`,
        sh`
  # wget exits 0 only on 2xx/3xx (after redirects)
  set -- -q -O /dev/null -t 1 "$2"
`,
        f.post &&
          sh`
  [ "$_m" = GET ] || set -- --post-data= "$@"
`,
        f.header &&
          sh`
  # wget takes a header on its command line only
  [ -z "$_hv" ] || set -- --header "$_hn: $_hv" "$@"
`,
        sh`
  if [ -n "$_WT" ]; then wget -T 2 "$@"
  else _lim 3 wget "$@"
  fi
) >/dev/null 2>&1 </dev/null
`,
      ),
  },
  {
    name: 'tcp',
    only: 'inject',
    needs: () => ['nc'],
    text: sh`
# _tcp HOST:PORT: 0 when a connection opens within ~2s
_tcp() {
  _h=\${1%:*}
  _h=\${_h#"["}
  _h=\${_h%"]"}
  _nc "$_h" "\${1##*:}"
}
`,
  },
  {
    name: 'tcp',
    only: 'image',
    needs: () => ['tools_tcp', 'nc', 'lim'],
    text: sh`
# _tcp HOST:PORT: 0 when a connection opens within ~2s
_tcp() {
  _h=\${1%:*}
  _h=\${_h#"["}
  _h=\${_h%"]"}
  _p=\${1##*:}
  case $_T in
    nc) _nc "$_h" "$_p" ;;
    curl)
      # telnet:// ends at --max-time once connected and at
      # once when refused; the connect time tells which
      _c=$(curl -gs --noproxy '*' --max-time 1 \
        -w '%{time_connect}' "telnet://$1")
      case $_c in *[1-9]*) return 0 ;; esac
      return 1 ;;
    bash)
      _lim 2 bash -c ': <"/dev/tcp/$0/$1"' "$_h" "$_p" ;;
  esac
}
`,
  },
  {
    name: 'dns',
    only: 'inject',
    needs: () => ['nc'],
    text: sh`
# _dns NAME: 0 when NAME resolves as the app's libc would
# resolve it. busybox nslookup skips /etc/hosts and fails
# on Kubernetes search domains, so resolve through nc
# (libc) and look for its lookup error.
_dns() {
  case $(_nc "$1" 9 2>&1) in
    *'bad address'*) return 1 ;;
  esac
}
`,
  },
  {
    name: 'dns',
    only: 'image',
    needs: () => ['tools_dns', 'nc'],
    text: sh`
# _dns NAME: 0 when NAME resolves as the app's libc would
# resolve it. busybox nslookup skips /etc/hosts and fails
# on Kubernetes search domains: with busybox, resolve
# through nc (libc) and look for its lookup error.
_dns() {
  case $_D in
    getent) getent hosts "$1" ;;
    nslookup) nslookup "$1" ;;
    bbnc)
      case $(_nc "$1" 9 2>&1) in
        *'bad address'*) return 1 ;;
      esac ;;
  esac
}
`,
  },
  {
    name: 'up',
    needs: (f) => [...f.kinds],
    text: (f) => {
      const call: Record<Kind, string> = { http: '_http GET "$2"', tcp: '_tcp "$2"', dns: '_dns "$2"' };
      const quiet = '>/dev/null 2>&1 </dev/null';
      // One kind: the caller has made sure KIND is that one.
      if (f.kinds.length === 1) return `_up() { ${call[f.kinds[0]]}; } ${quiet}\n`;
      return join(
        '# _up KIND TARGET: 0 when TARGET is up\n_up() {\n  case $1 in\n',
        ...f.kinds.map((k) => `    ${k}) ${call[k]} ;;\n`),
        `  esac ${quiet}\n}\n`,
      );
    },
  },
  {
    name: 'now',
    text: sh`
_now() { {bb}date +%s; }
`,
  },
  // Hooks and wrappers: every second, logging the first try and every tenth.
  {
    name: 'await',
    needs: () => ['up', 'now', 'say'],
    text: sh`
# _await NAME KIND TARGET TIMEOUT: 0 once up, 1 after
# TIMEOUT seconds (0: never)
_await() {
  _t0=$(_now)
  _n=1
  while ! _up "$2" "$3"; do
    _s=$(($(_now) - _t0))
    [ "$4" -eq 0 ] || [ "$_s" -lt "$4" ] || return 1
    [ $((_n % 10)) != 1 ] ||
      _say "waiting for $1 ($3): try $_n, \${_s}s elapsed"
    {bb}sleep 1
    _n=$((_n + 1))
  done
  [ "$_n" = 1 ] || _say "$1 is up after $(($(_now) - _t0))s"
}
`,
  },
  // Dependency waits (init containers): every PERIOD seconds, logging each try.
  {
    name: 'await_loud',
    needs: () => ['up', 'now', 'say'],
    text: sh`
# _await NAME KIND TARGET TIMEOUT PERIOD: 0 once up, 1
# after TIMEOUT seconds (0: never)
_await() {
  _t0=$(_now)
  _n=1
  while ! _up "$2" "$3"; do
    _s=$(($(_now) - _t0))
    [ "$4" -eq 0 ] || [ "$_s" -lt "$4" ] || return 1
    _say "waiting for $1 ($3): try $_n, \${_s}s elapsed"
    {bb}sleep "$5"
    _n=$((_n + 1))
  done
  _say "$1 is up after $(($(_now) - _t0))s"
}
`,
  },

  {
    name: 'first',
    text: sh`
# _first N ARGS...: run the first N of ARGS. sh has no
# arrays: rotate those N to the end, drop the rest.
_first() {
  _i=$1
  shift
  _rest=$(($# - _i))
  while [ "$_i" -gt 0 ]; do
    set -- "$@" "$1"
    shift
    _i=$((_i - 1))
  done
  shift "$_rest"
  (exec "$@")
}
`,
  },

  // Wrapper records: see wrapScript.
  {
    name: 'each',
    needs: () => ['die'],
    text: (f) =>
      join(
        sh`
# _each FN RECORDS... -- ARGV...: call FN on each record
# (with all that follows it), up to the "--"
_each() {
  _fn=$1
  shift
  while [ "$1" != -- ]; do
    case $1 in
`,
        f.kinds.length > 0 &&
          sh`
      ready) _len=6 ;;
`,
        f.shutdown &&
          sh`
      quit) _len=4 ;;
`,
        f.header &&
          sh`
      header) _len=3 ;;
`,
        f.retry &&
          sh`
      tries) _len=2 ;;
`,
        f.kill &&
          sh`
      kill) _len=3 ;;
`,
        sh`
      *) _die "bad parameters at: $1" ;;
    esac
    [ $# -gt "$_len" ] || _die "bad parameters"
    "$_fn" "$@"
    shift "$_len"
  done
}
`,
      ),
  },
  {
    name: 'check',
    needs: (f) => ['die', ...f.kinds.map((k) => `need_${k}`), (f.kinds.length > 0 || f.retry) && 'num', f.shutdown && 'need_http', f.header && 'need_header'],
    text: (f) => {
      const checks = f.kinds.length > 0;
      const stop = checks ? '; return' : '';
      return join(
        sh`
# _check RECORD: exit on a malformed record
_check() {
  case $1:$2 in
`,
        ...f.kinds.map((k) => `    ready:${k}) _need_${k} "$3" ;;\n`),
        f.shutdown && `    quit:GET|quit:POST) _need_http "$3"${stop} ;;\n`,
        f.header && `    header:*) _need_header "$2" "$3"${stop} ;;\n`,
        f.retry && `    tries:*) _num "$2"${stop} ;;\n`,
        f.kill && `    kill:*[![:space:]]*)${checks ? ' return' : ''} ;;\n`,
        sh`
    *) _die "bad parameters at: $1 $2" ;;
  esac
`,
        checks &&
          sh`
  _num "$4"
  case $5 in
    fail|continue) ;;
    *) _die "bad onTimeout: $5" ;;
  esac
`,
        '}\n',
      );
    },
  },
  {
    name: 'ready',
    needs: (f) => ['await', 'say', !ends(f) && 'die'],
    text: (f) =>
      ends(f)
        ? sh`
# _ready RECORD: wait for a ready record's sidecar; _rc=1
# if it was not ready in time and may not be skipped
_ready() {
  [ "$1" = ready ] && [ "$_rc" = 0 ] || return 0
  _await "$6" "$2" "$3" "$4" && return 0
  if [ "$5" = continue ]; then
    _say "$6 was not ready after $4s; going on"
    return 0
  fi
  _say "$6 was not ready after $4s; giving up"
  _rc=1
}
`
        : sh`
# _ready RECORD: wait for a ready record's sidecar
_ready() {
  [ "$1" = ready ] || return 0
  _await "$6" "$2" "$3" "$4" && return 0
  [ "$5" = continue ] ||
    _die "$6 was not ready after $4s; giving up"
  _say "$6 was not ready after $4s; going on"
}
`,
  },
  {
    name: 'hval',
    needs: () => ['say'],
    text: sh`
# _hval VAR NAME HEADER: _hv=$VAR, read when the call is
# made; empty (and said) when unset or unfit for a header
_hval() {
  eval "_hv=\$$1"
  case $_hv in
    '') _say "$1 is empty or unset: calling $2 without $3"
      ;;
    *[[:cntrl:]]*)
      _hv=
      _say "$1 holds a control character:" \
        "calling $2 without $3" ;;
  esac
}
`,
  },
  {
    name: 'quit',
    needs: (f) => ['http', 'say', f.header && 'hval', (f.header || f.retry) && 'quit_init'],
    text: (f) => {
      const call = f.header ? '_http "$2" "$3" "$_qh" "$_hv"' : '_http "$2" "$3"';
      return join(
        sh`
# _quit RECORD: make a quit record's call
_quit() {
`,
        f.header || f.retry
          ? join(
              '  case $1 in\n',
              f.header && '    header) _qh=$2; _qe=$3; return 0 ;;\n',
              f.retry && '    tries) _qn=$2; return 0 ;;\n',
              '    quit) ;;\n    *) return 0 ;;\n  esac\n',
            )
          : '  [ "$1" = quit ] || return 0\n',
        f.header &&
          sh`
  _hv=
  [ -z "$_qh" ] || _hval "$_qe" "$4" "$_qh"
`,
        f.retry
          ? join(
              '  _qi=1\n',
              `  until ${call}; do\n`,
              sh`
    if [ "$_qi" -ge "$_qn" ]; then
      _say "could not ask $4 to shut down ($2 $3); going on"
      _qi=
      break
    fi
    _say "$4 did not take its shutdown call (try $_qi of" \
      "$_qn); trying again in 1s"
    {bb}sleep 1
    _qi=$((_qi + 1))
  done
  [ -z "$_qi" ] || _say "asked $4 to shut down"
`,
            )
          : join(
              `  if ${call}; then\n`,
              sh`
    _say "asked $4 to shut down"
  else
    _say "could not ask $4 to shut down ($2 $3); going on"
  fi
`,
            ),
        f.header && '  _qh=\n',
        f.retry && '  _qn=1\n',
        '}\n',
      );
    },
  },
  {
    name: 'kill',
    needs: () => ['say'],
    text: sh`
# _kill RECORD: for a kill record, SIGTERM each process
# whose /proc/PID/comm (the name, cut to 15 bytes) is
# PROCESS.
# Seeing them needs shareProcessNamespace; signalling them,
# the sidecar's UID or CAP_KILL.
_kill() {
  [ "$1" = kill ] || return 0
  _k=$(printf '%.15s' "$2")
  _n=0
  _e=0
  for _d in /proc/[0-9]*; do
    _p=\${_d#/proc/}
    [ "$_p" != $$ ] || continue
    { IFS= read -r _c <"$_d/comm"; } 2>/dev/null || continue
    [ "$_c" = "$_k" ] || continue
    if kill -s TERM "$_p" 2>/dev/null; then _n=$((_n + 1))
    else _e=$((_e + 1))
    fi
  done
  _m="$2 process(es) of $3"
  [ "$_n" = 0 ] || _say "sent SIGTERM to $_n $_m"
  [ "$_e" = 0 ] || _say "not allowed to signal $_e $_m" \
    "(needs its UID or CAP_KILL)"
  [ "$_n$_e" != 00 ] || _say "found no $2 process of $3" \
    "(is shareProcessNamespace on?)"
}
`,
  },
  {
    name: 'start',
    text: sh`
# _start RECORDS... -- ARGV...: run ARGV in the background.
# exec: ARGV[0] is a program, never a function or builtin.
# fd 3: sh gives background commands /dev/null as stdin.
_start() {
  while [ "$1" != -- ]; do shift; done
  shift
  [ $# -gt 0 ] || _die "no command and no args to run"
  exec "$@" 0<&3 3<&- &
  _child=$!
}
`,
  },

  // Tool set-up: runs before the main part, once.
  {
    name: 'inj',
    only: 'image',
    runs: true,
    text: sh`
_inj='set tools.delivery: inject'
_inj="$_inj (or use a tools image that has one)"
`,
  },
  {
    name: 'tools_http',
    only: 'image',
    runs: true,
    needs: () => ['has', 'die', 'inj'],
    text: sh`
_H=
if _has curl; then _H=curl
elif _has wget; then _H=wget
else _die "this image has neither curl nor wget; $_inj"
fi
`,
  },
  {
    name: 'wt',
    runs: true,
    text: sh`
# a busybox wget built without -T crashes on -T; every
# wget that has it lists it in --help
_WT=
case $({bb}wget --help 2>&1) in *-T*) _WT=1 ;; esac
`,
  },
  {
    name: 'tools_tcp',
    only: 'image',
    runs: true,
    needs: () => ['has', 'die', 'inj'],
    text: sh`
_T=
if _has nc; then _T=nc
elif _has curl; then _T=curl
elif _has bash; then _T=bash
else _die "this image has none of nc, curl, bash; $_inj"
fi
`,
  },
  {
    name: 'tools_dns',
    only: 'image',
    runs: true,
    needs: () => ['has', 'isbbnc', 'die', 'inj'],
    text: sh`
_D=
if _has getent; then _D=getent
elif _has nc && _isbbnc; then _D=bbnc
elif _has nslookup; then _D=nslookup
else _die "this image has no getent or nslookup; $_inj"
fi
`,
  },
  {
    name: 'nz',
    runs: true,
    text: sh`
# some nc have no -z (Debian's busybox): -e true then
_NZ=
case $({bb}nc -h 2>&1) in *-z*) _NZ=1 ;; esac
`,
  },
  {
    name: 'quit_init',
    runs: true,
    text: (f) =>
      join(
        `# ${f.header && f.retry ? 'header and tries records apply' : f.header ? 'a header record applies' : 'a tries record applies'} to the next quit record\n`,
        f.header && '_qh=\n',
        f.retry && '_qn=1\n',
      ),
  },
];

/** The script's header: what it is, which config knob asked for it, what it does. */
interface Purpose {
  what: string;
  from: string;
  does: string;
}

/** Comment lines of at most 60 columns, as the rest of the script text. */
function comment(text: string): string {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    if (lines.length && lines.at(-1)!.length + 1 + word.length <= 60) lines[lines.length - 1] += ` ${word}`;
    else lines.push(`# ${word}`);
  }
  return lines.join('\n') + '\n';
}

/** The closure of `roots` under `needs`, in LIBRARY order, as text; `main` (which runs) last. */
function compose(f: Features, roots: Part[], main: string, purpose: Purpose): string {
  const pick = (name: string): Snippet => {
    const found = LIBRARY.filter((s) => s.name === name && (!s.only || s.only === f.delivery));
    if (found.length !== 1) throw new Error(`shell snippet ${name}: ${found.length} for ${f.delivery}`);
    return found[0];
  };
  const wanted = new Set<Snippet>();
  const visit = (name: Part) => {
    if (!name) return;
    const s = pick(name);
    if (wanted.has(s)) return;
    wanted.add(s);
    for (const n of s.needs?.(f) ?? []) visit(n);
  };
  roots.forEach(visit);
  const chosen = LIBRARY.filter((s) => wanted.has(s));
  for (const [i, s] of chosen.entries()) {
    if (!s.runs) continue;
    for (const n of s.needs?.(f) ?? []) {
      if (n && chosen.indexOf(pick(n)) > i) throw new Error(`shell snippet ${s.name} runs before ${n}`);
    }
  }
  const body = chosen.map((s) => (typeof s.text === 'string' ? s.text : s.text(f))).join('') + main;
  const text = body.replace(/\{bb\}/g, f.delivery === 'inject' ? '"$_bb" ' : '');
  // What wrote it and why, for whoever reviews the manifest; the parsers never read script text.
  const head = comment(`pod-sequencer ${VERSION}: ${purpose.what}, from ${purpose.from}. ${purpose.does} Values come only as parameters, never as code.`);
  // $1 is the busybox path ('' in image mode); it is only kept where a tool needs it.
  return head + (text.includes('$_bb') ? '_bb=$1\nshift\n' : 'shift\n') + text;
}

function features(delivery: Delivery, more: Partial<Omit<Features, 'delivery'>> = {}): Features {
  const kinds = KINDS.filter((k) => more.kinds?.includes(k));
  return { delivery, shutdown: false, post: false, header: false, retry: false, kill: false, ...more, kinds };
}

function kindOf(kind: string): Kind {
  const k = KINDS.find((x) => x === kind);
  if (!k) throw new Error(`unknown check kind: ${kind}`);
  return k;
}

/** Dependency wait (init container). Params: NAME KIND TARGET TIMEOUT PERIOD. */
export function dependencyScript(delivery: Delivery, kind: string): string {
  const k = kindOf(kind);
  return compose(
    features(delivery, { kinds: [k] }),
    [`need_${k}`, 'num', 'await_loud'],
    sh`
[ $# = 5 ] && [ "$2" = {kind} ] || _die "bad parameters"
_num "$4"
_num "$5"
_need_{kind} "$3"
_every=$5
[ "$_every" -gt 0 ] || _every=1
_await "$1" "$2" "$3" "$4" "$_every" && exit 0
_die "gave up waiting for $1 ($3) after $4s"
`.replace(/\{kind\}/g, k),
    {
      what: 'dependency wait',
      from: 'spec.dependencies, or the pod-sequencer.dev/dependencies annotation',
      does: 'Tries until the target answers.',
    },
  );
}

/**
 * postStart hook that waits for a check, then runs the user's own hook.
 * Params: wait KIND TARGET TIMEOUT ON_TIMEOUT NAME -- [THEN...].
 */
export function hookWaitScript(delivery: Delivery, kind: string): string {
  const k = kindOf(kind);
  return compose(
    features(delivery, { kinds: [k] }),
    [`need_${k}`, 'num', 'await'],
    sh`
[ $# -ge 7 ] && [ "$7" = -- ] && [ "$2" = {kind} ] ||
  _die "bad parameters"
_num "$4"
_need_{kind} "$3"
if ! _await "$6" "$2" "$3" "$4"; then
  [ "$5" = continue ] || _die "$6 was not ready after $4s"
  _say "$6 was not ready after $4s; going on"
fi
shift 7
[ $# = 0 ] || exec "$@"
`.replace(/\{kind\}/g, k),
    {
      what: 'postStart wait',
      from: 'sidecars[].strategy: postStart',
      does: 'Holds the next containers until this one is ready, then runs your own postStart command, if any.',
    },
  );
}

/**
 * postStart hook that runs a wait command, then the user's own hook.
 * Params: chain N FIRST(N args)... THEN....
 */
export function hookChainScript(delivery: Delivery): string {
  return compose(
    features(delivery),
    ['first', 'die'],
    sh`
case $2 in ''|*[!0-9]*) _die "bad parameters" ;; esac
_c=$2
shift 2
[ "$_c" -gt 0 ] && [ $# -ge "$_c" ] || _die "bad parameters"
_first "$_c" "$@" || _die "$1 failed with exit code $?"
shift "$_c"
[ $# = 0 ] || exec "$@"
`,
    {
      what: 'postStart wait',
      from: 'sidecars[].strategy: postStart',
      does: "Runs the sidecar's own wait command, then your own postStart command.",
    },
  );
}

/** What a wrapper script must handle: its mode and which records its command carries. */
export interface WrapperShape {
  mode: 'exec' | 'job';
  /** Kinds of its ready records (readiness checks). */
  kinds: readonly string[];
  /** quit records (job mode); `post` when one of them POSTs. */
  shutdown: boolean;
  post: boolean;
  /** header records (a quit call sends a header read from the environment); tries records (a quit call retried). */
  header?: boolean;
  retry?: boolean;
  /** kill records (job mode). */
  kill: boolean;
}

const indent = (text: string): string => text.replace(/^(?=.)/gm, '  ');

/**
 * Command wrapper. Params: MODE(exec|job) SHUTDOWN_ON(success|always) RECORDS... -- ARGV...
 * Records: ready KIND(http|tcp) TARGET TIMEOUT ON_TIMEOUT NAME   readiness, waited in order
 *          quit METHOD URL NAME                                 shutdown call (job mode)
 *          header NAME VAR                                      the next quit call sends header NAME: $VAR
 *          tries N                                              the next quit call is tried up to N times, 1 s apart
 *          kill PROCESS NAME                                    SIGTERM by process name (job mode, opt-in)
 * (0.1.0 wrote R, S and K for ready, quit and kill.)
 * Kubernetes appends the container's args after ARGV.
 */
export function wrapScript(delivery: Delivery, shape: WrapperShape, shared = false): string {
  const job = shape.mode === 'job';
  const f = features(delivery, {
    kinds: shape.kinds.map(kindOf),
    shutdown: job && shape.shutdown,
    post: job && shape.shutdown && shape.post,
    header: job && shape.shutdown && !!shape.header,
    retry: job && shape.shutdown && !!shape.retry,
    kill: job && shape.kill,
  });
  const checks = f.kinds.length > 0;
  const head = job
    ? sh`
case $1:$2 in
  job:success|job:always) ;;
  *) _die "bad parameters" ;;
esac
`
    : sh`
[ "$1" = exec ] || _die "bad parameters"
`;
  const validate = records(f)
    ? sh`
_each _check "$@"
`
    : sh`
[ "$1" = -- ] || _die "bad parameters at: $1"
`;
  const wait =
    checks &&
    sh`
trap 'exit 143' TERM
trap 'exit 130' INT
_each _ready "$@"
`;
  const run = sh`
_start "$@" 3<&0
trap 'kill -s TERM "$_child" 2>/dev/null' TERM
trap 'kill -s INT "$_child" 2>/dev/null' INT
# a trapped signal ends wait early: wait again while the
# command lives
while kill -0 "$_child" 2>/dev/null; do
  wait "$_child"
  _rc=$?
done
# bash reaps by itself and keeps the status for one more
# wait (then 127); dash and ash give it again
wait "$_child" 2>/dev/null
_r=$?
[ "$_r" = 127 ] || _rc=$_r
_say "command exited with code $_rc"
`;
  const main = job
    ? join(
        head,
        ends(f) && '_when=$2\n',
        'shift 2\n_rc=0\n',
        validate,
        wait,
        // without shutdown calls, a sidecar that is not ready ends the script at once
        checks && ends(f) ? `if [ "$_rc" = 0 ]; then\n${indent(run)}fi\n` : run,
        ends(f) &&
          join(
            'if [ "$_rc" = 0 ] || [ "$_when" = always ]; then\n',
            f.shutdown && '  _each _quit "$@"\n',
            f.kill && '  _each _kill "$@"\n',
            sh`
else
  # OnFailure reruns the command in this very pod
  _say "not shutting sidecars down after a failure"
fi
`,
          ),
        'exit "$_rc"\n',
      )
    : join(
        head,
        'shift 2\n',
        validate,
        wait,
        checks ? 'while [ "$1" != -- ]; do shift; done\n' : '',
        'shift\n[ $# -gt 0 ] || _die "no command and no args to run"\nexec "$@"\n',
      );
  const roots: Part[] = ['die', records(f) && 'each', records(f) && 'check', checks && 'ready', f.shutdown && 'quit', f.kill && 'kill', job && 'start'];
  const purpose: Purpose = job
    ? {
        what: 'Job wrapper',
        from: 'jobs.terminateSidecars',
        does: `${checks ? 'Waits for the sidecars, runs' : 'Runs'} the command${ends(f) ? ', then asks the sidecars to exit' : ''}; keeps its exit code.`,
      }
    : { what: 'wrapper', from: 'sidecars[].strategy: wrap', does: 'Waits for the sidecars, then runs the command in its place.' };
  if (shared) purpose.does += ' Each wrapped container of the pod runs it with its own parameters.';
  return compose(f, roots, main, purpose);
}

/**
 * The `seq-tools` init container's script when the pod has a shared wrapper.
 * Params: BUSYBOX DIR SCRIPT: copies BUSYBOX to DIR/busybox and writes SCRIPT to DIR/wrap.sh.
 */
export function toolsScript(): string {
  const head = comment(`pod-sequencer ${VERSION}: tools, from tools.delivery: inject. Copies busybox and writes the pod's wrapper; values are parameters.`);
  return (
    head +
    sh`
[ $# = 3 ] || { echo 'bad parameters' >&2; exit 2; }
"$1" cp "$1" "$2/busybox"
printf '%s' "$3" >"$2/wrap.sh"
`
  );
}
