/**
 * Kubernetes API validation for test oracles: the OpenAPI schema (kubernetes-models validators)
 * plus the API server's own pod rules that the schema cannot express and pod-sequencer's changes
 * could break (unique names, mounts of existing volumes, what init containers may carry, fields
 * newer than the target version).
 */
import * as apps from 'kubernetes-models/apps/v1';
import * as batch from 'kubernetes-models/batch/v1';
import * as core from 'kubernetes-models/v1';

type Obj = Record<string, unknown>;
type Model = new (data: unknown) => { validate(): void };

const MODELS: Record<string, Record<string, unknown>> = { v1: core, 'apps/v1': apps, 'batch/v1': batch };

/** Where each built-in kind keeps its pod template (the object holding metadata and spec). */
export const TEMPLATE_PATHS: Record<string, string[]> = {
  Pod: [],
  PodTemplate: ['template'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template'],
  Deployment: ['spec', 'template'],
  StatefulSet: ['spec', 'template'],
  DaemonSet: ['spec', 'template'],
  ReplicaSet: ['spec', 'template'],
  ReplicationController: ['spec', 'template'],
  Job: ['spec', 'template'],
  Rollout: ['spec', 'template'],
};

export function get(o: unknown, path: readonly (string | number)[]): unknown {
  let cur = o;
  for (const p of path) cur = cur === null || typeof cur !== 'object' ? undefined : (cur as Obj)[p];
  return cur;
}

/** The pod template of a workload item (undefined for other items). */
export function templateOf(o: Obj): { metadata?: Obj; spec: Obj } | undefined {
  const path = TEMPLATE_PATHS[String(o.kind)];
  const t = path && (get(o, path) as Obj | undefined);
  return t && typeof t.spec === 'object' && t.spec !== null ? (t as { metadata?: Obj; spec: Obj }) : undefined;
}

/**
 * Schema errors of one object, paths naming containers by name (`/spec/containers[web]/...`) so
 * that errors before and after a container moves compare equal. Undefined when no model covers
 * the object (CRDs, Kptfile, items without kind).
 */
export function schemaErrors(o: Obj): string[] | undefined {
  const M = MODELS[String(o.apiVersion)]?.[String(o.kind)] as Model | undefined;
  if (typeof M !== 'function') return undefined;
  try {
    new M(o).validate();
    return [];
  } catch (e) {
    const errors = (e as { errors?: { instancePath: string; message?: string }[] }).errors;
    if (!errors) return [(e as Error).message];
    return errors.map((x) => `${namedPath(o, x.instancePath)} ${x.message ?? ''}`);
  }
}

function namedPath(o: Obj, instancePath: string): string {
  const parts = instancePath.split('/').slice(1);
  const out: string[] = [];
  parts.forEach((p, i) => {
    const prev = parts[i - 1];
    const name = (prev === 'containers' || prev === 'initContainers') && /^\d+$/.test(p) ? get(o, [...parts.slice(0, i + 1), 'name']) : undefined;
    if (name !== undefined) out[out.length - 1] = `containers[${String(name)}]`;
    else out.push(p);
  });
  return '/' + out.join('/');
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

function handlerActions(h: Obj): string[] {
  return ['exec', 'httpGet', 'tcpSocket', 'grpc', 'sleep'].filter((k) => h[k] !== undefined);
}

/**
 * Pod rules the API server enforces beyond the schema (a subset: those our changes touch).
 * `minor` is the target Kubernetes minor, when the config names one.
 */
export function podRuleErrors(pod: Obj, minor?: number): string[] {
  const out: string[] = [];
  const inits = (pod.initContainers as Obj[] | undefined) ?? [];
  const mains = (pod.containers as Obj[] | undefined) ?? [];
  const volumes = new Set<string>();
  for (const v of (pod.volumes as Obj[] | undefined) ?? []) {
    const n = String(v.name);
    if (volumes.has(n)) out.push(`volume ${n}: duplicate name`);
    if (!DNS_LABEL.test(n)) out.push(`volume ${n}: not a DNS-1123 label`);
    volumes.add(n);
  }
  const names = new Set<string>();
  for (const [list, cs] of [
    ['initContainers', inits],
    ['containers', mains],
  ] as const) {
    for (const c of cs) {
      const n = String(c.name);
      const at = `container ${n}`;
      if (names.has(n)) out.push(`${at}: duplicate container name`);
      names.add(n);
      if (!DNS_LABEL.test(n)) out.push(`${at}: name is not a DNS-1123 label`);
      const native = list === 'initContainers' && c.restartPolicy === 'Always';
      if (c.restartPolicy !== undefined && !native) out.push(`${at}: restartPolicy is allowed only as Always on init containers`);
      if (native && minor !== undefined && minor < 29) out.push(`${at}: native sidecars need Kubernetes 1.29`);
      if (list === 'initContainers' && !native) {
        for (const f of ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe'])
          if (c[f] !== undefined) out.push(`${at}: ${f} is not allowed on an init container`);
      }
      const paths = new Set<string>();
      for (const m of (c.volumeMounts as Obj[] | undefined) ?? []) {
        if (!volumes.has(String(m.name))) out.push(`${at}: volumeMount ${String(m.name)} names no volume`);
        if (paths.has(String(m.mountPath))) out.push(`${at}: duplicate mountPath ${String(m.mountPath)}`);
        paths.add(String(m.mountPath));
      }
      for (const f of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
        const p = c[f] as Obj | undefined;
        if (p && handlerActions(p).length !== 1) out.push(`${at}: ${f} needs exactly one action`);
      }
      for (const [hook, h] of Object.entries((c.lifecycle as Obj | undefined) ?? {})) {
        const actions = handlerActions(h as Obj);
        if (actions.length !== 1 || actions[0] === 'tcpSocket' || actions[0] === 'grpc')
          out.push(`${at}: lifecycle.${hook} needs exactly one of exec, httpGet, sleep`);
        if (actions[0] === 'sleep' && minor !== undefined && minor < 30) out.push(`${at}: lifecycle.${hook}.sleep needs Kubernetes 1.30`);
        const cmd = get(h, ['exec', 'command']) as unknown[] | undefined;
        if (actions[0] === 'exec' && (!Array.isArray(cmd) || cmd.length === 0)) out.push(`${at}: lifecycle.${hook}.exec.command must not be empty`);
      }
    }
  }
  return out;
}

/** Everything wrong with one item: schema errors and pod rules (empty when valid or not covered). */
export function itemErrors(o: Obj, minor?: number): string[] {
  const t = templateOf(o);
  return [...(schemaErrors(o) ?? []), ...(t ? podRuleErrors(t.spec, minor) : [])];
}
