/**
 * The text of every shell script pod-sequencer writes into manifests.
 *
 * These are constants: no value from config or manifests is ever part of them. Values reach
 * a script as positional parameters (`sh -c SCRIPT MARKER BUSYBOX PARAMS...`), so no string
 * can inject code. Scripts are POSIX sh and run under dash, bash (as sh) and busybox ash.
 *
 * Parameter layout, after the marker ($0):
 *   $1  path of the injected busybox, or '' to use the image's own tools
 *   ... the script's own parameters (see each script).
 *
 * Every variable starts with "_" so that none collides with (and, once assigned, re-exports)
 * a variable of the container's environment that the command would inherit.
 */

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

const PRELUDE = sh`
# pod-sequencer: generated. Values come only as
# parameters, never as code.
_bb=$1
shift
_say() { printf 'pod-sequencer: %s\n' "$*" >&2; }
_die() { _say "$*"; exit 1; }
`;

/** Tool selection, target checks and the retry loop; shared by every script that waits. */
const CHECKS = sh`
_H= _T= _D= _WT= _NZ=
_inj='set tools.delivery: inject'
_inj="$_inj (or use a tools image that has one)"
# Tools: the injected busybox if any, else the image's PATH.
_run() {
  if [ -n "$_bb" ]; then "$_bb" "$@"; else "$@"; fi
}
_has() { command -v "$1" >/dev/null 2>&1; }
_now() { _run date +%s; }
_num() {
  case $1 in ''|*[!0-9]*) _die "not a number: $1" ;; esac
}
# _lim SECONDS CMD...: bound a tool that has no timeout
_lim() {
  _l=$1
  shift
  if [ -n "$_bb" ]; then "$_bb" timeout "$_l" "$_bb" "$@"
  elif _has timeout; then timeout "$_l" "$@"
  else "$@"
  fi
}
_pick_http() {
  [ -z "$_H" ] || return 0
  if [ -n "$_bb" ]; then _H=wget
  elif _has curl; then _H=curl
  elif _has wget; then _H=wget
  else _die "this image has neither curl nor wget; $_inj"
  fi
  # a busybox wget built without -T crashes on -T;
  # every wget that has it lists it in --help
  if [ "$_H" = wget ]; then
    case $(_run wget --help 2>&1) in *-T*) _WT=1 ;; esac
  fi
}
_pick_tcp() {
  [ -z "$_T" ] || return 0
  if [ -n "$_bb" ] || _has nc; then
    _T=nc
    # some nc have no -z (Debian's busybox): -e true then
    case $(_run nc -h 2>&1) in *-z*) _NZ=1 ;; esac
  elif _has curl; then _T=curl
  elif _has bash; then _T=bash
  else _die "this image has none of nc, curl, bash; $_inj"
  fi
}
_isbbnc() {
  case $(nc -h 2>&1) in *BusyBox*) return 0 ;; esac
  return 1
}
_pick_dns() {
  [ -z "$_D" ] || return 0
  if [ -n "$_bb" ]; then _D=bbnc
  elif _has getent; then _D=getent
  elif _has nc && _isbbnc; then _D=bbnc
  elif _has nslookup; then _D=nslookup
  else _die "this image has no getent or nslookup; $_inj"
  fi
  [ "$_D" != bbnc ] || _pick_tcp
}
# _need KIND TARGET: refuse a malformed target and pick
# its tool, before any wait
_need() {
  case $2 in
    ''|-*|*[[:space:][:cntrl:]]*)
      _die "invalid $1 target: $2" ;;
  esac
  case $1 in
    http)
      case $2 in
        http://?*|https://?*) ;;
        *) _die "invalid URL: $2" ;;
      esac
      _pick_http ;;
    tcp)
      case $2 in
        ?*:*) ;;
        *) _die "invalid host:port: $2" ;;
      esac
      _num "\${2##*:}"
      _pick_tcp ;;
    dns) _pick_dns ;;
    *) _die "unknown check: $1" ;;
  esac
}
# _http METHOD URL: 0 on a 2xx or 3xx answer within ~2s
_http() (
  # a proxy from the environment must not see these calls
  unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY
  unset all_proxy ALL_PROXY
  _m=$1
  _u=$2
  if [ "$_H" = curl ]; then
    # POST with an empty body, as wget --post-data= does
    set --
    [ "$_m" = GET ] || set -- --data ''
    # -g: brackets (IPv6) and braces in a URL are no globs
    _c=$(curl -gs -o /dev/null -w '%{http_code}' \
      --max-time 2 "$@" "$_u")
    case $_c in [23][0-9][0-9]) exit 0 ;; esac
    exit 1
  fi
  # wget exits 0 only on 2xx/3xx (after redirects)
  set -- -q -O /dev/null -t 1
  [ "$_m" = GET ] || set -- "$@" --post-data=
  if [ -n "$_WT" ]; then _run wget "$@" -T 2 "$_u"
  else _lim 3 wget "$@" "$_u"
  fi
) >/dev/null 2>&1 </dev/null
# _tcp HOST:PORT: 0 when a connection opens within ~2s
_tcp() {
  _h=\${1%:*}
  _h=\${_h#"["}
  _h=\${_h%"]"}
  _p=\${1##*:}
  case $_T in
    nc)
      if [ -n "$_NZ" ]; then _run nc -z -w 2 "$_h" "$_p"
      else _run nc -w 2 "$_h" "$_p" -e \${_bb:+"$_bb"} true
      fi ;;
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
# _dns NAME: 0 when NAME resolves as the app's libc would
# resolve it. busybox nslookup skips /etc/hosts and fails
# on Kubernetes search domains, so with busybox, resolve
# through nc (libc) and look for its lookup error.
_dns() {
  case $_D in
    getent) getent hosts "$1" ;;
    nslookup) nslookup "$1" ;;
    bbnc)
      case $(_tcp "$1:9" 2>&1) in
        *'bad address'*) return 1 ;;
      esac ;;
  esac
}
_up() {
  case $1 in
    http) _http GET "$2" ;;
    tcp) _tcp "$2" ;;
    dns) _dns "$2" ;;
  esac >/dev/null 2>&1 </dev/null
}
# _await NAME KIND TARGET TIMEOUT PERIOD LOUD: 0 once up,
# 1 after TIMEOUT seconds (0: never). LOUD logs each try,
# else the first and every tenth.
_await() {
  _t0=$(_now)
  _n=1
  while ! _up "$2" "$3"; do
    _s=$(($(_now) - _t0))
    if [ "$4" -gt 0 ] && [ "$_s" -ge "$4" ]; then
      return 1
    fi
    if [ "$6" = loud ] || [ $((_n % 10)) = 1 ]; then
      _say "waiting for $1 ($3): try $_n, \${_s}s elapsed"
    fi
    _run sleep "$5"
    _n=$((_n + 1))
  done
  if [ "$6" = loud ] || [ "$_n" -gt 1 ]; then
    _say "$1 is up after $(($(_now) - _t0))s"
  fi
}
`;

/** Dependency wait (init container). Params: NAME KIND TARGET TIMEOUT PERIOD. */
export const DEPENDENCY_SCRIPT =
  PRELUDE +
  CHECKS +
  sh`
[ $# = 5 ] || _die "bad parameters"
_num "$4"
_num "$5"
_need "$2" "$3"
_p=$5
[ "$_p" -gt 0 ] || _p=1
_await "$1" "$2" "$3" "$4" "$_p" loud && exit 0
_die "gave up waiting for $1 ($3) after $4s"
`;

/**
 * postStart hook that waits for a check, then runs the user's own hook.
 * Params: wait KIND TARGET TIMEOUT ON_TIMEOUT NAME -- [THEN...].
 */
export const HOOK_WAIT_SCRIPT =
  PRELUDE +
  CHECKS +
  sh`
[ $# -ge 7 ] && [ "$7" = -- ] || _die "bad parameters"
_num "$4"
_need "$2" "$3"
if ! _await "$6" "$2" "$3" "$4" 1 quiet; then
  [ "$5" = continue ] || _die "$6 was not ready after $4s"
  _say "$6 was not ready after $4s; going on"
fi
shift 7
[ $# = 0 ] || exec "$@"
`;

/**
 * postStart hook that runs a wait command, then the user's own hook.
 * Params: chain N FIRST(N args)... THEN....
 */
export const HOOK_CHAIN_SCRIPT =
  PRELUDE +
  sh`
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
case $2 in ''|*[!0-9]*) _die "bad parameters" ;; esac
_c=$2
shift 2
[ "$_c" -gt 0 ] && [ $# -ge "$_c" ] || _die "bad parameters"
_first "$_c" "$@" || _die "$1 failed with exit code $?"
shift "$_c"
[ $# = 0 ] || exec "$@"
`;

/**
 * Command wrapper. Params: MODE(exec|job) SHUTDOWN_ON(success|always) RECORDS... -- ARGV...
 * Records: R KIND(http|tcp) TARGET TIMEOUT ON_TIMEOUT NAME   readiness, waited in order
 *          S METHOD URL NAME                                 shutdown call (job mode)
 * Kubernetes appends the container's args after ARGV.
 */
export const WRAP_SCRIPT =
  PRELUDE +
  CHECKS +
  sh`
_mode=$1
_when=$2
shift 2
case $_mode:$_when in
  exec:*|job:success|job:always) ;;
  *) _die "bad parameters" ;;
esac
# _each FN PARAMS...: call FN on each record (with all that
# follows it), up to the "--" before the command
_each() {
  _fn=$1
  shift
  while [ "$1" != -- ]; do
    case $1 in
      R) [ $# -gt 6 ] || _die "bad parameters"
        "$_fn" "$@"
        shift 6 ;;
      S) [ $# -gt 4 ] || _die "bad parameters"
        "$_fn" "$@"
        shift 4 ;;
      *) _die "bad parameters at: $1" ;;
    esac
  done
}
_check() {
  case $1:$2 in
    R:http|R:tcp)
      _need "$2" "$3"
      _num "$4"
      case $5 in
        fail|continue) ;;
        *) _die "bad onTimeout: $5" ;;
      esac ;;
    S:GET|S:POST) _need http "$3" ;;
    *) _die "bad parameters at: $1 $2" ;;
  esac
}
_ready() {
  [ "$1" = R ] && [ "$_rc" = 0 ] || return 0
  _await "$6" "$2" "$3" "$4" 1 quiet && return 0
  if [ "$5" = continue ]; then
    _say "$6 was not ready after $4s; going on"
    return 0
  fi
  _say "$6 was not ready after $4s; giving up"
  _rc=1
}
_quit() {
  [ "$1" = S ] || return 0
  if _http "$2" "$3"; then
    _say "asked $4 to shut down"
  else
    _say "could not ask $4 to shut down ($2 $3); going on"
  fi
}
# _start RECORDS... -- ARGV...: run ARGV in the background.
# exec: ARGV[0] is a program, never a function or builtin.
# fd 3: sh gives background commands /dev/null as stdin.
_start() {
  while [ "$1" != -- ]; do shift; done
  shift
  exec "$@" 0<&3 3<&- &
  _child=$!
}
_rc=0
_child=
_each _check "$@"
trap 'exit 143' TERM
trap 'exit 130' INT
_each _ready "$@"
if [ "$_rc" = 0 ] && [ "$_mode" = exec ]; then
  while [ "$1" != -- ]; do shift; done
  shift
  exec "$@"
fi
if [ "$_rc" = 0 ]; then
  _start "$@" 3<&0
  [ -n "$_child" ] || _die "could not start the command"
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
fi
if [ "$_mode" = job ]; then
  if [ "$_rc" = 0 ] || [ "$_when" = always ]; then
    _each _quit "$@"
  else
    # OnFailure reruns the command in this very pod
    _say "not shutting sidecars down after a failure"
  fi
fi
exit "$_rc"
`;
