/**
 * What may differ between an input workload and the function's output for it, written from the
 * contract (the public config interface, docs/reference.md), independently of the implementation: a list of
 * violations, empty when the output keeps everything the contract says it keeps.
 */
import { isDeepStrictEqual } from 'node:util';
import { isSeq, parse, parseDocument } from 'yaml';
import type { Config } from '../../src/config/types.js';
import { get, templateOf } from './k8s.js';
import { profiles } from '../../src/profiles/index.js';
import { matchGlob } from '../../src/workloads/glob.js';

type Obj = Record<string, unknown>;
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

/** Items of a ResourceList text: exact source text and value, parsed by `yaml` itself. */
export function listItems(text: string): { text: string; value: Obj }[] {
  const doc = parseDocument(text);
  const seq = doc.get('items', true);
  if (!isSeq(seq)) return [];
  return seq.items.map((n) => {
    const r = (n as { range: [number, number, number] }).range;
    return { text: text.slice(r[0], r[1]), value: (n as { toJS(d: unknown): Obj }).toJS(doc) };
  });
}

/** Annotations only pod-sequencer adds (mesh injectors' switches). */
const OUR_ANNOTATIONS = /^(proxy\.istio\.io|sidecar\.istio\.io|config(\.alpha|\.beta)?\.linkerd\.io|kuma\.io|dapr\.io|vault\.hashicorp\.com)\//;
export const ADDED_CONTAINER = /^seq-(tools|wait-[a-z0-9]([-a-z0-9]*[a-z0-9])?)$/;

const SHELLS = [
  ['/.seq/busybox', 'sh', '-c'],
  ['/bin/busybox', 'sh', '-c'],
  ['sh', '-c'],
];

/** The parameters of one of our generated commands with this marker ($0), or undefined. */
export function scriptParams(cmd: unknown, marker: string): string[] | undefined {
  if (!Array.isArray(cmd)) return undefined;
  for (const prefix of SHELLS) {
    if (prefix.every((p, i) => cmd[i] === p) && cmd[prefix.length + 1] === marker) return cmd.slice(prefix.length + 3) as string[];
  }
  return undefined;
}

/** The argv a wrapper runs after its waits (before the container's args), or undefined. */
export function wrappedArgv(cmd: unknown): string[] | undefined {
  const p = scriptParams(cmd, 'pod-sequencer-wrap');
  return p && p.slice(p.indexOf('--') + 1);
}

/**
 * The user's own postStart command inside a hook: ours carry it after the wait; a bare wait
 * command (a profile's or the config's) is ours alone.
 */
function userHook(cmd: unknown, waits: unknown[]): unknown {
  const p = scriptParams(cmd, 'pod-sequencer-hook');
  if (p?.[0] === 'wait') return p.slice(7).length ? p.slice(7) : undefined;
  if (p?.[0] === 'chain') return p.slice(2 + Number(p[1])).length ? p.slice(2 + Number(p[1])) : undefined;
  return waits.some((w) => same(w, cmd) || same(withoutBudget(w), withoutBudget(cmd))) ? undefined : cmd;
}

/**
 * The vendor waits' budget flags, restated here from the vendors' docs (issue 15): a wait command
 * with its budget flag added is still only the wait.
 */
const BUDGET_FLAGS = ['--timeoutSeconds=', '--max=', '--timeout='];

function withoutBudget(cmd: unknown): unknown {
  return Array.isArray(cmd) ? cmd.filter((a) => !BUDGET_FLAGS.some((f) => String(a).startsWith(f))) : cmd;
}

function globRe(glob: string): RegExp {
  return new RegExp(
    `^${glob
      .replace(/[.+^${}()|\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );
}

/** The command a wrapper must run for this container: its own, else the configured entrypoint. */
function entrypoint(c: Obj, item: Obj, cfg: Config): unknown {
  if (c.command !== undefined) return c.command;
  const key = `pod-sequencer.dev/entrypoint.${String(c.name)}`;
  const anno = (get(item, ['metadata', 'annotations', key]) ?? get(templateOf(item), ['metadata', 'annotations', key])) as string | undefined;
  if (anno !== undefined) return JSON.parse(anno);
  return cfg.jobs.entrypoints.find(
    (e) => (e.container !== undefined && e.container === c.name) || (e.image !== undefined && globRe(e.image).test(String(c.image))),
  )?.command;
}

const without = (o: Obj, keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
const list = (v: unknown) => (Array.isArray(v) ? (v as Obj[]) : []);

function containerProblems(name: string, a: Obj, b: Obj, aInit: boolean, bInit: boolean, item: Obj, cfg: Config): string[] {
  const out: string[] = [];
  const at = `container ${name}`;
  const changing = ['lifecycle', 'restartPolicy', 'startupProbe', 'args', 'command', 'volumeMounts', 'env'];
  if (!same(without(a, changing), without(b, changing))) out.push(`${at}: a field outside what may change was changed`);
  // env only gains a sidecar's shutdown switch (Linkerd's, on a proxy in the manifest); nothing else in it changes.
  const envAdded = list(b.env).slice(list(a.env).length);
  if (!same(list(b.env).slice(0, list(a.env).length), list(a.env)) || envAdded.some((e) => e.name !== 'LINKERD2_PROXY_SHUTDOWN_ENDPOINT_ENABLED'))
    out.push(`${at}: env changed beyond a shutdown switch`);
  const mounts = (c: Obj) => list(c.volumeMounts).filter((m) => !String(m.name).startsWith('seq-'));
  if (!same(mounts(a), mounts(b))) out.push(`${at}: volumeMounts changed`);
  for (const m of list(b.volumeMounts)) if (String(m.name).startsWith('seq-') && m.readOnly !== true) out.push(`${at}: tools mount must be read-only`);
  // Sidecars may get the flags their readiness or shutdown endpoints need, appended.
  const args = list(a.args);
  const added = list(b.args).slice(args.length);
  if (!same(list(b.args).slice(0, args.length), args) || added.some((x) => !String(x).startsWith('--'))) out.push(`${at}: args changed`);
  if (!same(a.command, b.command)) {
    const argv = wrappedArgv(b.command);
    if (!argv) out.push(`${at}: command replaced by something that is not our wrapper`);
    else if (!same(argv, entrypoint(a, item, cfg))) out.push(`${at}: wrapper runs ${JSON.stringify(argv)}, not the effective command`);
  }
  const native = (c: Obj, init: boolean) => init && c.restartPolicy === 'Always';
  if (bInit && !native(b, bInit) && (aInit !== bInit || !same(a.restartPolicy, b.restartPolicy))) out.push(`${at}: became a plain init container`);
  if (!bInit && b.restartPolicy !== undefined && !same(a.restartPolicy, b.restartPolicy)) out.push(`${at}: regular container got a restartPolicy`);
  if (!same(a.startupProbe, b.startupProbe)) {
    const addedProbe = a.startupProbe === undefined && native(b, bInit);
    const dropped = b.startupProbe === undefined && native(a, aInit) && !bInit;
    if (!addedProbe && !dropped) out.push(`${at}: startupProbe changed`);
  }
  const la = (a.lifecycle as Obj | undefined) ?? {};
  const lb = (b.lifecycle as Obj | undefined) ?? {};
  if (!same(without(la, ['postStart']), without(lb, ['postStart']))) out.push(`${at}: lifecycle hooks other than postStart changed`);
  const pa = la.postStart as Obj | undefined;
  const pb = lb.postStart as Obj | undefined;
  if (!same(pa, pb)) {
    // The first sidecar entry matching the container (by name or image glob) is its spec.
    const spec = cfg.sidecars.find(
      (x) => (x.name !== undefined && globRe(x.name).test(name)) || (x.image !== undefined && globRe(x.image).test(String(a.image))),
    );
    const waits = spec?.waitCommand ? [spec.waitCommand] : [];
    if (pa && !pa.exec) out.push(`${at}: a non-exec postStart hook was changed`);
    else if (!same(userHook(get(pa, ['exec', 'command']), waits), userHook(get(pb, ['exec', 'command']), waits)))
      out.push(`${at}: the user's postStart command was lost or altered`);
  }
  return out;
}

/** Relative order of the names in `names` that appear in both lists. */
function order(names: string[], among: (n: string) => boolean): string[] {
  return names.filter(among);
}

/** Violations of "nothing is lost or altered except where the contract says" for one workload. */
export function workloadProblems(input: Obj, output: Obj, cfg: Config, sidecarNames: Set<string>): string[] {
  const out: string[] = [];
  const ta = templateOf(input)!;
  const tb = templateOf(output);
  if (!tb) return ['the pod template is gone'];
  // Everything but the pod spec and the template's annotations is untouched.
  const strip = (o: Obj) => {
    const c = structuredClone(o);
    const t = templateOf(c)!;
    delete (t as Obj).spec;
    if (t.metadata) {
      delete t.metadata.annotations;
      if (Object.keys(t.metadata).length === 0) delete t.metadata;
    }
    return c;
  };
  if (!same(strip(input), strip(output))) out.push('fields outside the pod spec and its annotations changed');
  const aa = (ta.metadata?.annotations as Record<string, string> | undefined) ?? {};
  const ab = (tb.metadata?.annotations as Record<string, string> | undefined) ?? {};
  for (const [k, v] of Object.entries(aa)) {
    if (k === 'proxy.istio.io/config' && ab[k] !== v) {
      const before = parse(v) as Obj;
      const after = parse(ab[k] ?? '') as Obj;
      if (Object.entries(before).some(([x, y]) => !same(after?.[x], y))) out.push(`annotation ${k}: existing settings changed`);
    } else if (ab[k] !== v) out.push(`annotation ${k} changed or removed`);
  }
  for (const k of Object.keys(ab)) if (!(k in aa) && !OUR_ANNOTATIONS.test(k)) out.push(`annotation ${k} added`);

  const pa = ta.spec;
  const pb = tb.spec;
  const podKeys = ['containers', 'initContainers', 'volumes', 'shareProcessNamespace'];
  if (!same(without(pa, podKeys), without(pb, podKeys))) out.push('pod spec fields other than containers and volumes changed');
  // Only the explicit signal opt-in shares the process namespace.
  const signal = cfg.sidecars.some((s) => s.shutdown?.signal);
  if (pa.shareProcessNamespace !== pb.shareProcessNamespace && !(signal && pb.shareProcessNamespace === true)) out.push('shareProcessNamespace changed');
  const ours = (v: Obj) => String(v.name).startsWith('seq-');
  if (
    !same(
      list(pa.volumes),
      list(pb.volumes).filter((v) => !ours(v)),
    )
  )
    out.push('volumes lost or altered');
  for (const v of list(pb.volumes).filter(ours))
    if (!same(Object.keys(v).sort(), ['emptyDir', 'name'])) out.push(`added volume ${String(v.name)} is not an emptyDir`);

  const byName = (cs: Obj[]) => new Map(cs.map((c) => [String(c.name), c]));
  const ia = byName(list(pa.initContainers));
  const ma = byName(list(pa.containers));
  const ib = byName(list(pb.initContainers));
  const mb = byName(list(pb.containers));
  for (const [name, a] of [...ia, ...ma]) {
    const b = ib.get(name) ?? mb.get(name);
    if (!b) out.push(`container ${name} lost`);
    else out.push(...containerProblems(name, a, b, ia.has(name), ib.has(name), input, cfg));
  }
  for (const name of [...ib.keys(), ...mb.keys()]) {
    if (!ia.has(name) && !ma.has(name) && !ADDED_CONTAINER.test(name)) out.push(`unexpected container ${name} added`);
  }
  // App containers keep their order; so do init containers that are not sidecars.
  const apps = (n: string) => !sidecarNames.has(n) && ma.has(n);
  if (!same(order([...ma.keys()], apps), order([...mb.keys()], apps))) out.push('app containers reordered');
  // A mesh's setup init containers (istio-init, ...) go first when a sidecar becomes native: the
  // vendors' native layout (src/sequence/native.ts setupFirst), not a reorder of the pod's own.
  const setup = (n: string) => Object.values(profiles).some((p) => p.initAfter.some((g) => matchGlob(g, n)));
  const plainInit = (n: string) => !sidecarNames.has(n) && !setup(n) && ia.has(n);
  if (!same(order([...ia.keys()], plainInit), order([...ib.keys()], plainInit))) out.push('init containers reordered');
  // Several sidecars keep their relative order: those that come from one list into another.
  const isSidecar = (n: string, c: Obj) =>
    cfg.sidecars.some((x) => (x.name !== undefined && globRe(x.name).test(n)) || (x.image !== undefined && globRe(x.image).test(String(c.image))));
  for (const from of [ia, ma]) {
    for (const to of [ib, mb]) {
      const moved = (n: string) => from.has(n) && to.has(n) && isSidecar(n, from.get(n)!);
      if (!same(order([...from.keys()], moved), order([...to.keys()], moved))) out.push('sidecars lost their relative order');
    }
  }
  return out;
}
