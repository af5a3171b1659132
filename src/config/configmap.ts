/**
 * The ConfigMap form (kpt `configMap:` and `-- k=v`): flat string values, turned into a spec so
 * the schema, the checks and the defaults are the same as for the typed form.
 */
import { parseDependencyList } from './dependencies.js';
import { isObject, type Problem, type SidecarInput, type SpecInput } from './spec.js';
import type { FailOn, RuleLevel } from './types.js';

const keys = [
  'mode',
  'kubernetesVersion',
  'sidecars',
  'dependencies',
  'terminateJobSidecars',
  'meshIstio',
  'meshLinkerd',
  'sidecarsStopLast',
  'rules',
  'failOn',
  'baseline',
];

/** Where a problem found in the derived spec shows up: the ConfigMap key it came from. */
const keyOfSpecPath: [string, string][] = [
  ['spec.mode', 'mode'],
  ['spec.kubernetesVersion', 'kubernetesVersion'],
  ['spec.sidecars', 'sidecars'],
  ['spec.dependencies', 'dependencies'],
  ['spec.jobs', 'terminateJobSidecars'],
  ['spec.mesh.istio', 'meshIstio'],
  ['spec.mesh.linkerd', 'meshLinkerd'],
  ['spec.rules', 'rules'],
  ['spec.check.failOn', 'failOn'],
  ['spec.check.baseline', 'baseline'],
  ['spec.stopOrder', 'sidecarsStopLast'],
];

export function configMapPath(specPath: string): string {
  const within = (prefix: string) => specPath === prefix || specPath.startsWith(`${prefix}.`) || specPath.startsWith(`${prefix}[`);
  const hit = keyOfSpecPath.find(([prefix]) => within(prefix));
  return hit ? `data.${hit[1]}` : 'data';
}

const list = (s: string) =>
  s
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);

/** Comma list of switch words -> those switches on; unknown words are problems. */
function switches(path: string, value: string, words: string[], problems: Problem[]): Set<string> {
  const on = new Set<string>();
  for (const w of list(value)) {
    if (words.includes(w)) on.add(w);
    else problems.push({ path, text: `'${w}' is not accepted; use a comma list of ${words.join(', ')}, or off alone` });
  }
  return on;
}

/**
 * `sleep-ordering=off,sidecar-not-first=error` -> spec.rules; unknown ids and levels are left
 * for the schema to name, as in the typed form.
 */
function ruleLevels(path: string, value: string, problems: Problem[]): Record<string, RuleLevel> {
  const out: Record<string, RuleLevel> = {};
  for (const entry of list(value)) {
    const eq = entry.indexOf('=');
    if (eq > 0) out[entry.slice(0, eq).trim()] = entry.slice(eq + 1).trim() as RuleLevel;
    else problems.push({ path, text: `'${entry}' is not accepted; write RULE=LEVEL, for example sleep-ordering=off,sidecar-not-first=error` });
  }
  return out;
}

export function specFromConfigMap(data: unknown): { spec: SpecInput; problems: Problem[] } {
  const spec: SpecInput = {};
  const problems: Problem[] = [];
  if (data === undefined || data === null) return { spec, problems };
  if (!isObject(data)) {
    return { spec, problems: [{ path: 'data', text: `expected a map of keys to strings; accepted keys: ${keys.join(', ')}` }] };
  }
  for (const [key, raw] of Object.entries(data)) {
    const path = `data.${key}`;
    if (!keys.includes(key)) {
      problems.push({ path, text: `unknown key '${key}'; accepted keys: ${keys.join(', ')}` });
      continue;
    }
    if (raw === null || raw === undefined) continue;
    if (typeof raw === 'object') {
      problems.push({ path, text: 'expected a string (ConfigMap values are strings)' });
      continue;
    }
    // kustomize passes unquoted `true` and `5` as YAML booleans and numbers.
    const value = String(raw).trim();
    switch (key) {
      case 'mode':
        spec.mode = value as SpecInput['mode'];
        break;
      case 'kubernetesVersion':
        // 1.30 unquoted is the number 1.3: ambiguous, and no one targets a 1.x before 1.10.
        if (typeof raw === 'number' && /^1\.\d$/.test(value)) {
          problems.push({
            path,
            text: `got the number ${value}; quote the version, for example "1.30" (unquoted, YAML reads 1.30 as the number 1.3)`,
          });
        } else spec.kubernetesVersion = value;
        break;
      case 'sidecars':
        spec.sidecars = list(value).flatMap((entry): SidecarInput[] => {
          const eq = entry.indexOf('=');
          if (eq >= 0) return [{ profile: entry.slice(0, eq).trim() as SidecarInput['profile'], name: entry.slice(eq + 1).trim() }];
          if (entry !== 'generic') return [{ profile: entry as SidecarInput['profile'] }];
          problems.push({ path, text: `'generic' needs a glob on the container name; write generic=NAME-GLOB` });
          return [];
        });
        break;
      case 'dependencies': {
        const parsed = parseDependencyList(value);
        problems.push(...parsed.problems.map((text) => ({ path, text })));
        spec.dependencies = parsed.dependencies;
        break;
      }
      case 'terminateJobSidecars': {
        const b = value.toLowerCase();
        if (b === 'true' || b === 'false') spec.jobs = { terminateSidecars: b === 'true' };
        else problems.push({ path, text: `'${value}' is not accepted; use true or false` });
        break;
      }
      case 'rules':
        spec.rules = ruleLevels(path, value, problems);
        break;
      case 'failOn':
        spec.check = { ...spec.check, failOn: value as FailOn };
        break;
      case 'baseline':
        spec.check = { ...spec.check, baseline: value };
        break;
      case 'sidecarsStopLast': {
        const b = value.toLowerCase();
        if (b === 'true' || b === 'false') spec.stopOrder = { sidecarsLast: b === 'true' };
        else problems.push({ path, text: `'${value}' is not accepted; use true or false` });
        break;
      }
      // Listed switches are on, the others off; native, being auto|true|false, stays auto unless listed.
      // `off` alone turns the mesh off, also where the input proves it injects (mesh.<name>.enabled: false).
      case 'meshIstio': {
        if (value === 'off') {
          spec.mesh = { ...spec.mesh, istio: { enabled: false } };
          break;
        }
        const on = switches(path, value, ['hold', 'native'], problems);
        spec.mesh = { ...spec.mesh, istio: { hold: on.has('hold'), native: on.has('native') || 'auto' } };
        break;
      }
      case 'meshLinkerd': {
        if (value === 'off') {
          spec.mesh = { ...spec.mesh, linkerd: { enabled: false } };
          break;
        }
        const on = switches(path, value, ['await', 'native', 'shutdown'], problems);
        spec.mesh = {
          ...spec.mesh,
          linkerd: { await: on.has('await'), native: on.has('native') || 'auto', shutdown: on.has('shutdown') },
        };
        break;
      }
    }
  }
  return { spec, problems };
}
