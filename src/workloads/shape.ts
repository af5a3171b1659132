/**
 * The types of every workload field pod-sequencer reads, as data (issue 27): one table, one
 * walker. A workload is held to it before any transform or rule reads it, so that code can take
 * `image` to be a string and `env` a list of mappings; a value of the wrong YAML type (a flow map
 * `{{IMAGE}}` left by a sed template, a number where a list goes, `value: true` unquoted) becomes
 * one error on that workload, naming the field, never an internal error. Keys not listed are not
 * read and not checked; null is "not set", as the API server reads it.
 */

/** What a field must hold. `port`: a number or a port name (IntOrString). */
export type Shape = 'string' | 'number' | 'boolean' | 'port' | 'mapping' | { map: Fields } | { list: Shape } | { values: 'string' };
type Fields = Readonly<Record<string, Shape>>;

export interface ShapeProblem {
  /** From the object the shape was checked on. */
  path: (string | number)[];
  text: string;
}

const STRINGS: Shape = { list: 'string' };
const STRING_MAP: Shape = { values: 'string' };
const HANDLER: Fields = {
  exec: { map: { command: STRINGS } },
  httpGet: {
    map: { path: 'string', port: 'port', host: 'string', scheme: 'string', httpHeaders: { list: { map: { name: 'string', value: 'string' } } } },
  },
  tcpSocket: { map: { port: 'port', host: 'string' } },
  grpc: { map: { port: 'number', service: 'string' } },
  sleep: { map: { seconds: 'number' } },
};
const PROBE: Shape = {
  map: { ...HANDLER, periodSeconds: 'number', failureThreshold: 'number', timeoutSeconds: 'number', initialDelaySeconds: 'number', successThreshold: 'number' },
};
const SECURITY: Shape = {
  map: { runAsUser: 'number', runAsGroup: 'number', runAsNonRoot: 'boolean', privileged: 'boolean', capabilities: { map: { add: STRINGS, drop: STRINGS } } },
};

/** A container, but for its name (checked apart: some kinds allow none). */
export const CONTAINER: Fields = {
  image: 'string',
  command: STRINGS,
  args: STRINGS,
  workingDir: 'string',
  env: { list: { map: { name: 'string', value: 'string', valueFrom: 'mapping' } } },
  envFrom: { list: 'mapping' },
  ports: { list: { map: { name: 'string', containerPort: 'number', protocol: 'string' } } },
  volumeMounts: { list: { map: { name: 'string', mountPath: 'string', subPath: 'string', readOnly: 'boolean' } } },
  restartPolicy: 'string',
  lifecycle: { map: { postStart: { map: HANDLER }, preStop: { map: HANDLER } } },
  startupProbe: PROBE,
  readinessProbe: PROBE,
  livenessProbe: PROBE,
  securityContext: SECURITY,
  resources: 'mapping',
};

/** The pod spec, but for its container lists (walked one container at a time). */
export const POD: Fields = {
  volumes: {
    list: {
      map: {
        name: 'string',
        configMap: { map: { name: 'string', items: { list: { map: { key: 'string', path: 'string' } } } } },
        secret: { map: { secretName: 'string' } },
        projected: 'mapping',
        emptyDir: 'mapping',
      },
    },
  },
  restartPolicy: 'string',
  shareProcessNamespace: 'boolean',
  hostNetwork: 'boolean',
  hostPID: 'boolean',
  dnsPolicy: 'string',
  terminationGracePeriodSeconds: 'number',
  activeDeadlineSeconds: 'number',
  nodeSelector: STRING_MAP,
  os: { map: { name: 'string' } },
  securityContext: SECURITY,
  serviceAccountName: 'string',
};

/** Object and pod template metadata. */
export const META: Fields = { name: 'string', namespace: 'string', labels: STRING_MAP, annotations: STRING_MAP };

/**
 * The other objects the function reads (src/process.ts readFacts): a Namespace's labels and
 * annotations (mesh injection), a ConfigMap's data (a file a container loads), a Service's
 * selector (a workload must not wait for itself). Held to the same table as a workload, so a
 * wrong type is an error at its field, never an internal error in the code that reads it.
 */
export const FACT_KINDS: Readonly<Record<string, Fields>> = {
  Namespace: { metadata: { map: META } },
  ConfigMap: { metadata: { map: META }, data: STRING_MAP },
  Service: { metadata: { map: META }, spec: { map: { selector: STRING_MAP } } },
};

/** The first field of a whole object that is not what `fields` says (paths from its root), or undefined. */
export function objectProblem(obj: Record<string, unknown>, fields: Fields): ShapeProblem | undefined {
  // As for workloads: paths are made only for an object that has a problem.
  return fieldsProblem(obj, fields, null) && fieldsProblem(obj, fields, []);
}

/** Fields of a Job's own spec (beside its pod template) that the rules read. */
export const JOB: Fields = { activeDeadlineSeconds: 'number', backoffLimit: 'number' };

/**
 * The first field of `v` that is not what `fields` says, or undefined. Every workload goes
 * through this, so it is walked twice only when it has a problem: with `at` null, over the
 * object's own keys (a container has a few, the table fifteen: BENCHMARKS.md, issue 28), which
 * says only whether there is one (its path left empty); with `at`, one stack pushed and popped,
 * over the table's keys, which names the first in the table's order whatever the object's order.
 */
export function fieldsProblem(v: Record<string, unknown>, fields: Fields, at: (string | number)[] | null = []): ShapeProblem | undefined {
  if (at === null) {
    for (const key in v) {
      const shape = fields[key];
      // hasOwn: a key such as `constructor` finds Object.prototype's, which is no shape.
      if (shape === undefined || !Object.hasOwn(fields, key)) continue;
      const x = v[key];
      // The common case inline (a name, an image): a call less per field of every workload.
      if (typeof x === shape) continue;
      const p = shapeProblem(x, shape, null);
      if (p) return p;
    }
    return undefined;
  }
  for (const key in fields) {
    const x = v[key];
    if (x === undefined || x === null) continue; // most fields of most containers
    at.push(key);
    const p = shapeProblem(x, fields[key]!, at);
    at.pop();
    if (p) return p;
  }
  return undefined;
}

function shapeProblem(v: unknown, shape: Shape, at: (string | number)[] | null): ShapeProblem | undefined {
  if (v === undefined || v === null) return undefined;
  if (shape === 'string' || shape === 'number' || shape === 'boolean') {
    return typeof v === shape ? undefined : problemAt(at, `must be a ${shape}, not ${describe(v)}${hint(v, shape)}`);
  }
  if (shape === 'port') {
    return typeof v === 'number' || typeof v === 'string' ? undefined : problemAt(at, `must be a port number or name, not ${describe(v)}${hint(v, 'string')}`);
  }
  if (shape === 'mapping') return isObject(v) ? undefined : problemAt(at, `must be a mapping, not ${describe(v)}`);
  if ('list' in shape) {
    if (!Array.isArray(v))
      return problemAt(at, `must be a list, not ${describe(v)}${shape.list === 'string' ? ' (a command is a list of strings: ["sh", "-c", "..."])' : ''}`);
    for (let i = 0; i < v.length; i++) {
      // A null list item is not "unset": the API server refuses it.
      if (v[i] === null) return problemAt(at, `must be a ${typeof shape.list === 'string' ? shape.list : 'mapping'}, not null`, i);
      at?.push(i);
      const p = shapeProblem(v[i], shape.list, at);
      at?.pop();
      if (p) return p;
    }
    return undefined;
  }
  if (!isObject(v))
    return problemAt(
      at,
      'values' in shape
        ? `must be a mapping of strings, not ${describe(v)} (key: "value", one a line, or {key: "value"})`
        : `must be a mapping, not ${describe(v)}`,
    );
  if ('values' in shape) {
    for (const k in v)
      if (typeof v[k] !== 'string') return problemAt(at, `must be a string, not ${describe(v[k])} (quote values such as "true" and "8080")`, k);
    return undefined;
  }
  return fieldsProblem(v, shape.map, at);
}

/** A problem at `at` (and `key` in it); no path when the check runs without paths. A function, not a closure made on every call. */
export function problemAt(at: (string | number)[] | null, text: string, key?: string | number): ShapeProblem {
  return { path: at === null ? [] : key === undefined ? [...at] : [...at, key], text };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** How a value reads in a message: its YAML type, and the value when it is short. */
export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (isObject(v)) return 'a mapping';
  return `${typeof v === 'number' ? 'the number' : typeof v === 'boolean' ? 'the boolean' : 'the string'} ${JSON.stringify(v)}`;
}

/** The likely cause and the fix. */
function hint(v: unknown, want: string): string {
  // `image: {{ENVOY_IMAGE}}` reads as a mapping whose one key is a mapping with a null value.
  if (isObject(v) && Object.values(v).every((x) => x === null))
    return ' (an unfilled template placeholder such as {{VALUE}} reads as one: render the template first, or quote the value)';
  if (want === 'string' && (typeof v === 'number' || typeof v === 'boolean')) return ` (quote it: "${String(v)}")`;
  if (want === 'number' && typeof v === 'string') return ' (write the number without quotes)';
  return '';
}
