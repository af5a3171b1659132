/**
 * The transforms, in the order they must run for one workload. Each is a small function over
 * the plain-object workload; this file only decides which sidecars each one gets.
 */
import { versionAssumed, type Dependency } from '../config/types.js';
import { allOrNothing } from './all-or-nothing.js';
import type { Ctx, PodCtx } from '../pod/context.js';
import { awaitDependencies } from './dependencies.js';
import { readDependencies } from '../pod/dependencies.js';
import { endJobSidecars, manifestJobSidecars, meshJobSidecar } from './job-exit.js';
import { applyMesh } from './mesh.js';
import { meshedSidecars, nativeChoice } from '../pod/mesh.js';
import { makeNative } from './native.js';
import { moveSidecarsFirst, nameReadApp } from './order.js';
import { addPostStartWaits } from './post-start.js';
import { effectiveStrategy, findSidecars, type Effective, type FoundSidecar } from '../pod/sidecars.js';
import { controllerWhy, podField, podMetaField } from '../workloads/workload.js';
import { onWindows, windowsField, windowsNote } from '../pod/host.js';
import { syncIstioStatus } from './istio-status.js';
import { keepSidecarsForDrain } from './stop-order.js';
import { syncTools } from './tools.js';
import { wrapForReadiness } from './wrap.js';
import { appContainers, type App } from '../pod/apps.js';
import { forgetSummary, has, maskOf, summaryOf, type Need } from '../pod/summary.js';
import { probeBlocked } from '../pod/ports.js';
import { endsItsSidecars } from '../pod/commands.js';
import { WRAP_MARKER } from '../shell/index.js';
import { REFUSED_TEXT, refuses } from '../pod/refused.js';
import { envSources } from '../pod/env-source.js';
import type { Refused } from '../workloads/catalog.js';
import { upperFirst } from '../yaml/text.js';

/**
 * `before`: gives the workload's object as it is now, when the caller can make it on demand
 * (see allOrNothing). Returns whether any step reported something (so may have changed it).
 */
export function sequenceWorkload(ctx: Ctx, before?: () => Record<string, unknown>): boolean {
  // A pod that has nothing any step needs (most workloads) costs no pass at all.
  if (!stepsCanAct(ctx)) return false;
  const changed = allOrNothing(ctx, transform, before);
  // The pod the rules read next is not the one summarised (or, on an error, is the input again).
  if (changed) forgetSummary(ctx.w);
  return changed;
}

/**
 * Whether a transform step can act on the workload: its pod has something a step needs, or it is
 * a view or on Windows, which transform says something about.
 */
export function stepsCanAct(ctx: PodCtx): boolean {
  return ctx.w.view || onWindows(ctx.w) || (summaryOf(ctx) & ANY_STEP) !== 0;
}

/**
 * What the steps of one workload share, read once from the pod as it came, before any step runs:
 * a list the pod's summary says it has nothing for is left empty (no sidecar, no dependency, no
 * app a Job step could act on), and stays empty for a step that runs only because an earlier one
 * changed the pod (none of the steps adds a sidecar, a dependency or an app).
 */
interface Pass {
  deps: Dependency[];
  sidecars: FoundSidecar[];
  /** The sidecars (not kept as their injector placed them) whose strategy is one of these. */
  by(...strategies: Effective[]): FoundSidecar[];
  /** The app containers, with their paths in the input (before anything moves). */
  apps: App[];
  /** The sidecars native in the input (a step may make one classic). */
  wasNative: ReadonlySet<FoundSidecar>;
}

/**
 * One step of the transform: `needs` is what the pod must have for it to act (any of them;
 * src/pod/summary.ts), left out when it always runs. The order is the order they must run in.
 */
interface Step {
  needs?: readonly Need[];
  run(ctx: Ctx, pass: Pass): void;
}

// Classic sidecars end with the work, whether written in the manifest or injected by a mesh. A
// controller that ends sidecars also runs the commands: no wrapper of ours goes around them. No
// sidecar and no Job: only a wrapper of ours left in a command (wrap.ts unwrap) can be acted on.
const endOrWrap: Step = {
  needs: ['job', 'sidecar', 'command'],
  run(ctx, { sidecars, by, apps }) {
    const classic = [
      ...manifestJobSidecars(sidecars),
      ...meshedSidecars(ctx)
        .filter((m) => !m.native)
        .map(meshJobSidecar),
    ];
    if (ctx.w.site.sidecarsEndedBy === 'controller') leftToController(ctx, by('wrap'));
    else if (!endJobSidecars(ctx, apps, classic)) wrapForReadiness(ctx, apps, by('wrap'));
  },
};

const steps: readonly Step[] = [
  { needs: ['mesh'], run: (ctx) => applyMesh(ctx) },
  { needs: ['sidecar'], run: (ctx, { by, sidecars }) => moveSidecarsFirst(ctx, by('first', 'postStart'), sidecars) },
  { needs: ['sidecar'], run: (ctx, { by }) => addPostStartWaits(ctx, by('postStart')) },
  { needs: ['sidecar'], run: (ctx, { by }) => makeNative(ctx, by('native')) },
  // After the strategies: a sidecar still first (none moved it, none made it native) where the
  // controller reads containers[0]'s env (KEDA's ScaledJob): the field names the app if the evidence says so.
  { needs: ['sidecar'], run: (ctx) => nameReadApp(ctx) },
  // After the strategies: waits go after native sidecars. Without a dependency, only an old wait
  // of ours (an init container) can be taken out.
  { needs: ['dependency', 'init'], run: (ctx, { deps }) => awaitDependencies(ctx, deps) },
  endOrWrap,
  // After the strategies: a sidecar made native here already stops after the app, and one made
  // classic here loses that order. Only an app's preStop hook makes it need its sidecars to stay
  // (pod/stop.ts appNeed).
  {
    needs: ['hook'],
    run: (ctx, { sidecars, wasNative }) =>
      keepSidecarsForDrain(
        ctx,
        sidecars.filter((s) => wasNative.has(s) && !s.native),
      ),
  },
  // Our tools: called from a command or hook, copied by an init container, mounted.
  { needs: ['command', 'hook', 'init', 'mount'], run: (ctx) => syncTools(ctx) },
  // Istio's status annotation (pod template annotations).
  { needs: ['annotation'], run: (ctx) => syncIstioStatus(ctx) },
];

/** Each step's needs as a mask (src/pod/summary.ts), and what any step needs: one test for most pods. */
const STEP_MASKS = steps.map((step) => maskOf(step.needs));
const ANY_STEP = STEP_MASKS.reduce((a, m) => a | m, 0);

function transform(ctx: Ctx): void {
  const windows = windowsField(ctx.w);
  if (windows) {
    // Every wait and wrapper pod-sequencer writes is POSIX sh in a Linux image.
    ctx.report('warning', windowsNote(ctx.w), podField(ctx.w, windows));
    return;
  }
  // Argo's and Tekton's templates are read through a view of their containers: only the pod's
  // metadata is written (the meshes' start-order switches); their controllers end the sidecars.
  if (ctx.w.view) return void applyMesh(ctx);
  const pod = summaryOf(ctx);
  const deps = has(pod, 'dependency') ? readDependencies(ctx) : [];
  if (!deps) return; // a bad dependencies annotation: reported, workload left as it is
  const sidecars = has(pod, 'sidecar') ? findSidecars(ctx.w, ctx.cfg, ctx.facts) : [];
  const strategy = new Map(sidecars.map((s) => [s, strategyOf(ctx, s, sidecars)]));
  // A sidecar whose injector's layout stays (s.keep) gets no strategy; a Job still ends it.
  const by = (...strategies: Effective[]): FoundSidecar[] => sidecars.filter((s) => !s.keep && strategies.includes(strategy.get(s)!));
  const apps = (pod & maskOf(endOrWrap.needs)) !== 0 ? appContainers(ctx.w, ctx.cfg) : []; // before anything moves: paths into the input
  const pass: Pass = { deps, sidecars, by, apps, wasNative: new Set(sidecars.filter((s) => s.native)) };
  // Every change comes with a report. After one the summary may no longer describe the pod, so
  // every later step runs, as all did before there were needs (summarising again after each
  // change cost changed pods more than it saved them: issue 28), and the rules read a new one.
  let changed = false;
  const report: Ctx['report'] = (...r) => {
    if (!changed) forgetSummary(ctx.w);
    changed = true;
    return ctx.report(...r);
  };
  const counted: Ctx = { ...ctx, report };
  for (let i = 0; i < steps.length; i++) if (changed || (pod & STEP_MASKS[i]!) !== 0) steps[i]!.run(counted, pass);
}

/** Sidecars configured with strategy wrap in a template whose controller ends sidecars: said, not done. */
function leftToController(ctx: Ctx, wrapped: FoundSidecar[]): void {
  if (wrapped.length === 0) return;
  ctx.report(
    'warning',
    {
      summary: `wrote no readiness wrapper for ${wrapped.map((s) => s.name).join(', ')} (strategy wrap): its controller would fight it`,
      detail: `${controllerWhy(ctx.w)}, and a wrapper around its commands would fight it; use strategy native, postStart or first for this kind.`,
    },
    podField(ctx.w, 'containers'),
  );
}

/**
 * The config's strategy, unless the pod template opts this sidecar's mesh out of native sidecars
 * itself (`sidecar.istio.io/nativeSidecar: "false"`, Linkerd's and Dapr's keys): an `auto` that
 * would make it native yields to that per-pod choice, said in an info result. A "true" there
 * changes nothing: only kubernetesVersion says the cluster can run native sidecars.
 */
function strategyOf(ctx: Ctx, s: FoundSidecar, all: FoundSidecar[]): Effective {
  const planned = admitted(ctx, s, plannedStrategy(ctx, s, all));
  return planned !== 'native' && planned !== 'wrap' && keepsAppFirst(ctx, s, all) ? 'wrap' : planned;
}

/** What each strategy writes that a controller may refuse, and the strategy to try instead. */
const NEEDS: Partial<Record<Effective, Refused>> = { native: 'restartPolicy', postStart: 'lifecycle', wrap: 'initContainers' };
const FALLBACK: Partial<Record<Effective, Effective>> = { native: 'postStart', postStart: 'first', wrap: 'first' };

/**
 * The strategy the kind's controller admits (the catalog's `refuses`, src/pod/refused.ts):
 * native needs a container restartPolicy, postStart a hook, wrap our tools' init container; each
 * falls back to the next that writes nothing refused, down to `first` (list order alone). A
 * sidecar native in the input stays so: the input is the evidence that its cluster admits it.
 */
function admitted(ctx: Ctx, s: FoundSidecar, planned: Effective): Effective {
  const site = ctx.w.site;
  if (!site.refuses || (planned === 'native' && s.native)) return planned;
  const refused: Refused[] = [];
  let e = planned;
  for (let need = NEEDS[e]; need && refuses(site, need); need = NEEDS[e]) {
    refused.push(need);
    e = FALLBACK[e]!;
  }
  if (e === planned) return e;
  ctx.report(
    'info',
    {
      summary: `gave ${s.name} strategy ${e}, not ${planned}: ${ctx.w.kind} admits no ${refused.map((r) => REFUSED_TEXT[r]).join(' or ')}`,
      note: true,
      detail:
        (e === 'first'
          ? `It goes before the app in containers, so the kubelet starts it first, but nothing holds the app until it is ready: ${ctx.w.kind} admits no hook or wait that would. `
          : '') + 'The workload catalog says what its admission refuses (docs/workload-kinds.md).',
    },
    podField(ctx.w, 'containers'),
  );
  return e;
}

function plannedStrategy(ctx: Ctx, s: FoundSidecar, all: FoundSidecar[]): Effective {
  const planned = effectiveStrategy(s.spec, ctx.cfg, s.native);
  if (planned === 'native' && !s.native && unprobeable(ctx, s)) return 'postStart';
  if (s.spec.strategy !== 'auto' || planned !== 'native') return planned;
  if (!s.native && versionAssumed(ctx.cfg) && gatedClassic(ctx, s, all)) return 'postStart';
  const choice = nativeChoice(ctx, s.spec.profile);
  if (!choice || choice.native) {
    return planned;
  }
  ctx.report(
    'info',
    {
      summary: `kept ${s.name} ${s.native ? 'as it is' : 'classic'}: the pod's annotation ${choice.key}: "false" says so`,
      detail: 'A per-pod choice wins over strategy auto.',
    },
    podMetaField(ctx.w, 'annotations'),
  );
  return s.native ? 'native' : 'postStart';
}

/**
 * A classic sidecar that `first` or `postStart` would move in front of the app where something
 * reads `containers[0]` as the app and no field of the workload names it instead: the controller
 * itself (the catalog's firstContainer: mpi-operator), or another object of the input that reads
 * its env (the catalog's ENV_READERS: a KEDA ScaledObject whose triggers read `*FromEnv`
 * variables and that names no container; its field is not this object's to write). The app stays
 * first and its command waits for the sidecar (strategy wrap). Where the workload's own field can
 * name it (KEDA's ScaledJob envSourceContainerName), the move goes ahead and sets it (order.ts).
 */
function keepsAppFirst(ctx: Ctx, s: FoundSidecar, all: FoundSidecar[]): boolean {
  const app = ctx.w.pod.containers?.[0];
  if (s.native || !app || all.some((x) => x.name === app.name)) return false;
  const why = appFirstReason(ctx);
  if (!why) return false;
  ctx.report(
    'info',
    {
      summary: `kept ${app.name} first and ${s.name} after it: ${why.summary}`,
      note: true,
      detail: `${upperFirst(why.what)}, so no sidecar may go before it; the app's command waits for ${s.name} instead (strategy wrap). A native sidecar (Kubernetes 1.29 or later) needs neither.`,
    },
    podField(ctx.w, 'containers', 0),
  );
  return true;
}

/** Why containers[0] must stay the app, if something reads it (keepsAppFirst). */
function appFirstReason(ctx: Ctx): { summary: string; what: string } | undefined {
  const first = ctx.w.site.firstContainer;
  if (first && !first.nameField) return { summary: `${ctx.w.kind} reads containers[0] as the app`, what: first.what };
  const other = envSources(ctx).find((x) => x.elsewhere && x.reads.length > 0);
  if (!other) return undefined;
  const vars = other.reads.map((r) => r.variable).join(', ');
  return {
    summary: `${other.reader} reads containers[0]'s env`,
    what: `${other.what} (${vars}), unless ${other.reader} names another in ${other.field}`,
  };
}

/**
 * A classic sidecar of a long-running pod that is already sequenced (it starts before every app
 * container, held by an exec postStart hook: the vendor's wait, ours or the user's) is evidence
 * of a classic setup that works; an assumed kubernetesVersion does not overrule it (only a stated
 * one does: docs/decisions.md, "Native sidecars by default"). In a Job-like pod only when the Job
 * also ends it already (an app command that ends its sidecars, or our Job wrapper): otherwise the
 * Job hangs, and native is how it completes without a wrapper.
 */
function gatedClassic(ctx: Ctx, s: FoundSidecar, all: FoundSidecar[]): boolean {
  const containers = ctx.w.pod.containers ?? [];
  const i = containers.findIndex((c) => c.name === s.name);
  if (i < 0 || !containers[i]!.lifecycle?.postStart?.exec) return false;
  if (!containers.slice(0, i).every((c) => all.some((x) => x.name === c.name))) return false;
  return !ctx.w.jobLike || containers.some((c) => endsItsSidecars(c) || (c.command ?? []).includes(WRAP_MARKER));
}

/**
 * A classic sidecar whose health endpoint the pod IP does not reach (src/pod/ports.ts probeBlocked:
 * Envoy's bootstrap admin on 127.0.0.1, cloud-sql-proxy `--http-address=127.0.0.1`) stays
 * classic: as a native sidecar it would need a startupProbe, which the kubelet sends to the pod
 * IP, so it would never pass and the app never start. pod-sequencer does not widen an address the
 * user chose; a warning names the fix.
 */
function unprobeable(ctx: Ctx, s: FoundSidecar): boolean {
  const i = (ctx.w.pod.containers ?? []).findIndex((c) => c.name === s.name);
  const blocked = i < 0 || !s.spec.readiness ? undefined : probeBlocked(s.spec, ctx.w.pod.containers![i]!);
  if (!blocked) return false;
  ctx.report(
    'warning',
    {
      summary: `kept ${s.name} classic: no startupProbe could reach it, so a postStart wait holds the app`,
      detail: `It is not made a native sidecar: ${blocked.why}. Set ${blocked.fix} to let it become native.`,
      fix: blocked.fix,
    },
    podField(ctx.w, 'containers', i),
  );
  return true;
}
