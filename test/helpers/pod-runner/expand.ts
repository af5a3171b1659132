/**
 * `$(VAR)` expansion and container environments, as the kubelet makes them.
 *
 * expand() follows kubernetes/kubernetes third_party/forked/golang/expansion/expand.go
 * (`Expand`, `tryReadVariableName`, `MappingFuncFor`): `$$` is an escaped `$`; `$(NAME)` is the
 * variable's value, or stays `$(NAME)` when NAME is not defined; an unclosed `$(` and a `$`
 * before any other character stay as they are.
 */
import type { Container } from '../../../src/workloads/workload.js';

export function expand(input: string, vars: ReadonlyMap<string, string>): string {
  let out = '';
  let checkpoint = 0;
  for (let cursor = 0; cursor < input.length; cursor++) {
    if (input[cursor] !== '$' || cursor + 1 >= input.length) continue;
    out += input.slice(checkpoint, cursor);
    const rest = input.slice(cursor + 1);
    let advance = 1;
    if (rest[0] === '$') out += '$';
    else if (rest[0] === '(') {
      const close = rest.indexOf(')', 1);
      if (close === -1) out += '$(';
      else {
        const name = rest.slice(1, close);
        out += vars.get(name) ?? `$(${name})`;
        advance = close + 1;
      }
    } else out += `$${rest[0]}`;
    cursor += advance;
    checkpoint = cursor + 1;
  }
  return out + input.slice(checkpoint);
}

/** What stands in for the API server's data: the pod's fields and the values of Secrets and ConfigMaps. */
export interface PodFacts {
  name: string;
  namespace: string;
  annotations: Record<string, string>;
  labels: Record<string, string>;
  /** Secret and ConfigMap values by `name/key`; a missing one stands in as `stand-in:<name>/<key>`. */
  data?: Record<string, string>;
  /**
   * The pod's own address, not loopback (POD_IP in index.ts): set where the pod runs in its own
   * network namespace. Unset, loopback stands in for it.
   */
  podIp?: string;
}

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    fieldRef?: { fieldPath: string };
    secretKeyRef?: { name: string; key: string };
    configMapKeyRef?: { name: string; key: string };
    resourceFieldRef?: unknown;
  };
}

/**
 * A container's environment: kubernetes/kubernetes pkg/kubelet/kubelet_pods.go
 * `makeEnvironmentVariables`, which expands each `value` against the variables defined before it
 * in the same container (`expansion.MappingFuncFor(tmpEnv, serviceEnv)`). Service links are left
 * out (no Services here); fieldRef reads the pod's own fields (status.podIP is loopback, as the
 * runner's network is); secret and configMap refs read `facts.data` or stand in.
 */
export function containerEnv(c: Container, facts: PodFacts): Map<string, string> {
  const env = new Map<string, string>();
  for (const v of (c.env as EnvVar[] | undefined) ?? []) {
    if (v.value !== undefined) env.set(v.name, expand(String(v.value), env));
    else if (v.valueFrom) env.set(v.name, valueFrom(v.valueFrom, facts));
    else env.set(v.name, '');
  }
  return env;
}

function valueFrom(from: NonNullable<EnvVar['valueFrom']>, facts: PodFacts): string {
  const ref = from.secretKeyRef ?? from.configMapKeyRef;
  if (ref) return facts.data?.[`${ref.name}/${ref.key}`] ?? `stand-in:${ref.name}/${ref.key}`;
  const path = from.fieldRef?.fieldPath ?? '';
  const field = /^metadata\.(annotations|labels)\['(.*)'\]$/.exec(path);
  if (field) return (field[1] === 'labels' ? facts.labels : facts.annotations)[field[2]!] ?? '';
  const fields: Record<string, string> = {
    'metadata.name': facts.name,
    'metadata.namespace': facts.namespace,
    'metadata.uid': '00000000-0000-0000-0000-000000000000',
    'spec.nodeName': 'pod-runner',
    'spec.serviceAccountName': 'default',
    'status.podIP': facts.podIp ?? '127.0.0.1',
    'status.podIPs': facts.podIp ?? '127.0.0.1',
    'status.hostIP': '127.0.0.1',
  };
  return fields[path] ?? '';
}

/**
 * The container's command line: kubernetes/kubernetes pkg/kubelet/container/helpers.go
 * `ExpandContainerCommandAndArgs` (each of command and args expanded with the container's env).
 * Empty when both are unset (the image's entrypoint, which the caller stands in for).
 */
export function commandLine(c: Container, env: ReadonlyMap<string, string>): string[] {
  return [...(c.command ?? []), ...(c.args ?? [])].map((s) => expand(String(s), env));
}
