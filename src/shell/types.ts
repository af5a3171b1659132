/** Where generated scripts find their tools (contract: `tools.delivery`). */
export interface ShellEnv {
  /** inject: a static busybox at `${toolsDir}/busybox`; image: `sh` + curl/wget of the image. */
  delivery: 'inject' | 'image';
  /** '/.seq' in manifests (the `seq-tools` emptyDir). */
  toolsDir: string;
}

/** A sidecar readiness check: exactly one of http (URL, 2xx/3xx) or tcp (host:port). */
export interface ReadyCheck {
  /** Sidecar name, for log lines. */
  name: string;
  http?: string;
  tcp?: string;
  /** Budget in seconds; 0 = wait forever. */
  timeoutSeconds: number;
  onTimeout: 'fail' | 'continue';
}

/** The HTTP call that makes a sidecar exit (Jobs). */
export interface ShutdownCall {
  name: string;
  http: string;
  method: 'POST' | 'GET';
  /**
   * A header to send, its value read at run time from an environment variable of the app
   * container (Dapr with an API token: `dapr-api-token` from `DAPR_API_TOKEN`, which the
   * injector gives the app). Absent: no header.
   */
  header?: { name: string; fromEnv: string };
  /** Tries before giving up, for a sidecar that may not listen yet when the work ends (Vault); default 1. */
  attempts?: number;
}

/**
 * Opt-in (`shutdown: {signal: {process}}`): SIGTERM to every process of that name, as pkill
 * matches it (/proc/PID/comm). Works only with shareProcessNamespace, and only when the app
 * container runs as the sidecar's UID or has CAP_KILL.
 */
export interface KillCall {
  name: string;
  process: string;
}

/** A dependency to wait for before the app starts: exactly one of http, tcp (host:port) or dns. */
export interface DependencyWait {
  name: string;
  http?: string;
  tcp?: string;
  dns?: string;
  /** 0 = wait forever. */
  timeoutSeconds: number;
  periodSeconds: number;
}

export interface WrapperSpec {
  /** exec: wait, then `exec` the command (long-running). job: run it, forward signals, shut sidecars down, keep its exit code. */
  mode: 'exec' | 'job';
  /** Waited for in order before the command runs. */
  checks: ReadyCheck[];
  /** Job mode only. */
  shutdown: ShutdownCall[];
  /** Job mode only; absent when there are none. Sent after the shutdown calls. */
  kill?: KillCall[];
  /** 'success' for restartPolicy OnFailure, 'always' for Never (docs/jobs.md). */
  shutdownOn: 'success' | 'always';
  /**
   * The original container `command`; Kubernetes appends `args` after it, so they reach "$@"
   * untouched. Empty: the args are the whole command (an image with no ENTRYPOINT).
   */
  argv: string[];
}
