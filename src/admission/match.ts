/**
 * The webhook's `matchConditions`: the API server skips the call, at no cost to the pod, when
 * they say the pod has nothing for pod-sequencer. They must never skip a pod the engine would
 * patch, so they over-approximate what the transforms act on (src/sequence/index.ts, whose steps
 * need a sidecar, a mesh, a dependency or something of ours already in the pod), read from the
 * same config: the call is made when the pod has
 * - a container (init or regular) the config names a sidecar (by name or image glob);
 * - something pod-sequencer wrote before: an init container `seq-*`, the volume or mount
 *   `seq-tools`, a command or args holding one of its markers (`pod-sequencer-wrap`, ...);
 * - a label or annotation of pod-sequencer or of an injector (every key the mesh tables of
 *   src/profiles/ read, by domain: `*.istio.io/`, `*.linkerd.io/`, ...), which is how the
 *   engine learns that a mesh will inject here.
 * With `spec.mesh` or `spec.dependencies` configured, any pod may be meshed or need a wait: no
 * condition is written and every pod is sent.
 * test/admission/match.test.ts holds this to the filter on every pod of the corpus: a pod these
 * conditions skip is one the filter leaves unchanged.
 */
import type { Config } from '../config/types.js';
import { TABLES } from '../profiles/index.js';
import type { VendorTable } from '../profiles/types.js';
import { HOOK_MARKER, TOOLS_MARKER, WAIT_MARKER, WRAP_MARKER } from '../shell/index.js';
import { TOOLS_VOLUME } from '../sequence/tools.js';
import { argvHas, celList, celString, CONTAINERS, INITS, sidecarTest } from './cel.js';

export interface MatchCondition {
  name: string;
  expression: string;
}

/** The label and annotation prefix of pod-sequencer's own keys. */
const OWN_DOMAIN = 'pod-sequencer.dev';

export function matchConditions(cfg: Config): MatchCondition[] {
  // Any pod may get a mesh's sidecar or need a dependency wait: nothing can be skipped.
  if (Object.keys(cfg.mesh).length > 0 || cfg.dependencies.length > 0) return [];
  return [{ name: 'pod-may-need-sequencing', expression: mayNeedSequencing(cfg) }];
}

function mayNeedSequencing(cfg: Config): string {
  const c = `(${sidecarTest(cfg)} || ${ours('c')})`;
  const keys = `k.matches(${celString(keyPattern())})`;
  return [
    `(${CONTAINERS}).exists(c, ${c})`,
    `(${INITS}).exists(c, ${c})`,
    `(has(object.spec.volumes) && object.spec.volumes.exists(v, has(v.name) && v.name == ${celString(TOOLS_VOLUME)}))`,
    `(has(object.metadata.annotations) && object.metadata.annotations.exists(k, ${keys}))`,
    `(has(object.metadata.labels) && object.metadata.labels.exists(k, ${keys}))`,
  ].join(' ||\n');
}

/** What pod-sequencer leaves in a container it changed: its names, its tools mount, its scripts' markers. */
function ours(c: string): string {
  const markers = celList([WRAP_MARKER, HOOK_MARKER, WAIT_MARKER, TOOLS_MARKER]);
  return [
    `(has(${c}.name) && ${c}.name.startsWith('seq-'))`,
    `(has(${c}.volumeMounts) && ${c}.volumeMounts.exists(m, has(m.name) && m.name == ${celString(TOOLS_VOLUME)}))`,
    argvHas(c, `${markers}.exists(x, a.contains(x))`),
    `(has(${c}.lifecycle) && has(${c}.lifecycle.postStart) && has(${c}.lifecycle.postStart.exec) && has(${c}.lifecycle.postStart.exec.command) && ${c}.lifecycle.postStart.exec.command.exists(a, ${markers}.exists(x, a.contains(x))))`,
  ].join(' || ');
}

/**
 * An RE2 pattern for the label and annotation keys the engine reads: pod-sequencer's own, and
 * every key under the domain of a key an injector reads or pod-sequencer writes for a mesh (the
 * `injection`, `switches` and `nativeKeys` rows of the vendor tables).
 */
export function keyPattern(): string {
  const keys = meshKeys();
  const escape = (s: string) => s.replace(/[.\\^$|?*+()[\]{}-]/g, (c) => `\\${c}`);
  const domains = [...new Set([OWN_DOMAIN, ...keys.filter((k) => k.includes('/')).map(domainOf)])].sort().map(escape);
  const bare = [...new Set(keys.filter((k) => !k.includes('/')))].sort().map(escape);
  return `^(?:(?:[^/]*\\.)?(?:${domains.join('|')})/.*${bare.map((k) => `|${k}`).join('')})$`;
}

/** Every pod annotation or label key the vendor tables name (a Namespace's are not on the pod). */
export function meshKeys(): string[] {
  const keys = (t: VendorTable) => [
    ...(t.injection ?? []).filter((r) => r.value.at === 'pod').map((r) => r.value.key),
    ...(t.switches ?? []).map((r) => r.value.key),
    ...(t.nativeKeys ?? []).map((r) => r.value),
  ];
  return TABLES.flatMap(keys);
}

/** `sidecar.istio.io/inject` -> `istio.io`: the last two labels of the key's prefix. */
function domainOf(key: string): string {
  const prefix = key.includes('/') ? key.slice(0, key.indexOf('/')) : key;
  return prefix.split('.').slice(-2).join('.');
}
