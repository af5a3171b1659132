/**
 * The mesh step: ask each injector, through the pod template's annotations, for the behaviour we
 * want (hold the app, native sidecar, a shutdown endpoint for Jobs). Which pods an injector
 * reaches, and its keys, are pod facts (src/pod/mesh.ts); this file only writes.
 *
 * Policy: an annotation the pod template already has wins over the config (it is the user's
 * per-pod choice); we only add missing ones. A contrary value that lets the app start before
 * its proxy is worth a warning; other contrary values are respected silently.
 */
import { profileAt, profiles, tableOf } from '../profiles/index.js';
import { compareVersions, factAt } from '../profiles/versions.js';
import { configuredRelease } from '../pod/release.js';
import { podAnnotations, podMetaField } from '../workloads/workload.js';
import { kubernetesText, noteOnce, restsOnAssumedVersion, type Ctx } from '../pod/context.js';
import { ANNOTATION, isTrue, meshesOf, nativeAsked, nativeDecides, nativeKeyIn, NATIVE_KEYS, type ActiveMesh, type MeshName } from '../pod/mesh.js';
import { minorVersion, NATIVE_SIDECARS_SINCE } from '../pod/sidecars.js';
import { type MeshConsul, type MeshDapr, type MeshIstio, type MeshKuma, type MeshLinkerd, type MeshVault, versionAssumed } from '../config/types.js';
import { mergeField } from './embedded-config.js';
import { SUMMARY_LENGTH, type Message } from '../krm/types.js';
import { upperFirst } from '../yaml/text.js';

/** One annotation the config asks for. `field`: a key inside a YAML/JSON annotation value. */
interface Want {
  key: string;
  value: string;
  field?: string;
  /** What the annotation is for: "so istio-proxy is injected as a native sidecar". */
  why: string;
  /** What the choice rests on ("Kubernetes 1.30 runs native sidecars"): the result's detail. */
  because?: string;
  /** Holds the app until the proxy is ready: a contrary value the user set is worth a warning. */
  holds?: boolean;
  /** Asked for because of the assumed kubernetesVersion (the run says so once it is written). */
  assumed?: boolean;
}

/**
 * mesh.<m>.native -> "true", "false", or nothing (auto without a kubernetesVersion: the mesh's own
 * default), on the newest key the configured release reads. With no release, the key every
 * release reads (Linkerd's alpha one), said in the result; on a release that reads none (Istio
 * before 1.24, Dapr before 1.18), nothing is written and a result says so.
 */
function nativeWant(ctx: Ctx, mesh: MeshName, native: 'auto' | boolean | undefined): Want | undefined {
  const version = configuredRelease(ctx.cfg, mesh);
  const rows = tableOf(mesh).nativeKeys ?? [];
  if (native === 'auto' && version === undefined && tableOf(mesh).nativeNeedsRelease) return releaseNeeded(ctx, mesh, rows);
  const key = factAt(rows, version)?.value;
  const want = nativeKeyWant(ctx, mesh, native, key ?? rows[0]?.value);
  if (!want) return undefined;
  if (key === undefined) {
    const first = rows.map((r) => r.since!).sort(compareVersions)[0];
    const title = upperFirst(mesh);
    ctx.report(
      'info',
      `wrote no native-sidecar annotation for ${profiles[mesh].containerName}: ${title} ${version} reads none (${rows[0]!.value} came in ${first}), so it is injected as a classic sidecar`,
      podMetaField(ctx.w, 'annotations'),
    );
    return undefined;
  }
  const { oldest, newest } = tableOf(mesh).releases;
  const unknown = version === undefined && rows.length > 1 ? ` (mesh.${mesh}.version is not set: the key every release from ${oldest} to ${newest} reads)` : '';
  return { ...want, because: `${want.because ?? ''}${unknown}` };
}

/**
 * `auto` on a mesh whose native key is too recent to assume (the table's nativeNeedsRelease), with
 * no release configured: nothing is written, and where native sidecars run the result names the
 * setting that would write it.
 */
function releaseNeeded(ctx: Ctx, mesh: MeshName, rows: readonly { value: string; since?: string }[]): undefined {
  const minor = minorVersion(ctx.cfg);
  if (minor === undefined || minor < NATIVE_SIDECARS_SINCE || rows.length === 0) return undefined;
  const since = rows.map((r) => r.since!).sort(compareVersions)[0]!;
  noteOnce(ctx, `mesh.${mesh}.version`, {
    summary: `mesh.${mesh}.version not set: ${profiles[mesh].containerName} is asked for no native sidecar`,
    detail: `${tableOf(mesh).description} reads ${rows[0]!.value} from ${since} on; an older injector ignores it and adds a classic sidecar, which Job wrappers end. Set mesh.${mesh}.version to ${since} or later (or mesh.${mesh}.native: true) for native sidecars.`,
  });
  return undefined;
}

function nativeKeyWant(ctx: Ctx, mesh: MeshName, native: 'auto' | boolean | undefined, key: string | undefined): Want | undefined {
  if (!key) return undefined;
  const container = profiles[mesh].containerName!;
  if (native === true || native === false) {
    const as = native ? 'a native' : 'a classic';
    return { key, value: String(native), why: `so ${container} is injected as ${as} sidecar`, because: `mesh.${mesh}.native is ${native}` };
  }
  // Below 1.29 no injector can give a native sidecar: leave the key off rather than write "false" everywhere.
  const minor = minorVersion(ctx.cfg);
  if (minor === undefined || minor < NATIVE_SIDECARS_SINCE) return undefined;
  // The pod's own Istio hold is a classic setup that works: an assumed release does not overrule it.
  if (versionAssumed(ctx.cfg) && mesh === 'istio' && mergeField(podAnnotations(ctx.w)[ANNOTATION.istioConfig], ANNOTATION.istioHold, true).kind === 'same')
    return undefined;
  return {
    key,
    value: 'true',
    why: `so ${container} is injected as a native sidecar`,
    because: `${kubernetesText(ctx.cfg)} runs native sidecars`,
    ...(versionAssumed(ctx.cfg) && { assumed: true }),
  };
}

/**
 * The mesh's native want, and with the change that makes it so the table's word on what such a
 * sidecar holds (unprobedNative): the same for every mesh whose native key pod-sequencer writes.
 * A pod that asked already was the user's choice, not a change: nothing is said there.
 */
function* native(ctx: Ctx, mesh: MeshName, setting: 'auto' | boolean | undefined): Generator<Want | undefined> {
  const had = nativeAsked(mesh, podAnnotations(ctx.w));
  yield nativeWant(ctx, mesh, setting);
  if (!had && nativeAsked(mesh, podAnnotations(ctx.w))) unprobedNative(ctx, mesh);
}

/**
 * The annotations one mesh needs. A generator: each is applied before the next is computed,
 * so later ones see what earlier ones (or the user) decided, e.g. no shutdown for a native proxy.
 */
function* wants(ctx: Ctx, { mesh, settings }: ActiveMesh): Generator<Want | undefined> {
  const { cfg, w } = ctx;
  const container = profiles[mesh].containerName!;
  const hold = `so the app starts only once ${container} is ready`;
  const now = () => podAnnotations(w);
  // Ending sidecars is for Job-like pods with classic sidecars, and only under jobs.terminateSidecars.
  const endsJob = () => w.jobLike && cfg.jobs.terminateSidecars && !nativeAsked(mesh, now());
  switch (mesh) {
    case 'istio': {
      const m = settings as MeshIstio;
      yield* native(ctx, mesh, m.native);
      // One switch decides: Istio drops the hold for a native proxy (the nativeKeys row's `also`).
      // Only a known release that reads the native key: an older one ignores it and needs the hold.
      if (m.hold && !nativeDecides(ctx, mesh)) yield { key: ANNOTATION.istioConfig, field: ANNOTATION.istioHold, value: 'true', why: hold, holds: true };
      break;
    }
    case 'linkerd': {
      const m = settings as MeshLinkerd;
      yield* native(ctx, mesh, m.native);
      if (m.await) yield { key: ANNOTATION.linkerdAwait, value: 'enabled', why: hold, holds: true };
      // Linkerd 2.15 has the endpoint on always; from 2.16 the annotation turns it on.
      if (m.shutdown && endsJob()) yield shutdownSwitch(mesh, m.version, ANNOTATION.linkerdShutdown, '(the endpoint is off by default since Linkerd 2.16)');
      break;
    }
    case 'kuma':
      if ((settings as MeshKuma).waitReady) yield { key: ANNOTATION.kumaWait, value: 'true', why: hold, holds: true };
      break;
    case 'dapr':
      // Only on request: Dapr adds no startupProbe to a native daprd (its table's nativeUnprobed).
      if ((settings as MeshDapr).native) yield* native(ctx, mesh, true);
      break;
    case 'vault': {
      const m = settings as MeshVault;
      if (!w.jobLike) break;
      if (m.prePopulateOnly) {
        yield { key: ANNOTATION.vaultPrePopulate, value: 'true', why: `so the pod gets only the agent's init container and no ${container} sidecar to end` };
      }
      // The user's "false" on pre-populate-only leaves a sidecar, which then needs its quit endpoint.
      if (m.quit && endsJob() && !isTrue(now()[ANNOTATION.vaultPrePopulate])) {
        yield { key: ANNOTATION.vaultQuit, value: 'true', why: `so a Job wrapper can shut ${container} down when the work ends (POST /agent/v1/quit)` };
      }
      break;
    }
    case 'consul': {
      const m = settings as MeshConsul;
      yield* native(ctx, mesh, m.native);
      // The lifecycle default is the operator's (chart values): the pod's annotation makes the endpoint certain.
      if (m.shutdown && endsJob()) yield shutdownSwitch(mesh, m.version, ANNOTATION.consulLifecycle, '(POST /graceful_shutdown)');
      break;
    }
  }
}

/**
 * The pod annotation that turns the mesh's shutdown endpoint on for a Job's wrapper, with the
 * value its release's table row gives (`shutdownSwitch`); none where that release has no switch
 * (Linkerd 2.15: always on).
 */
function shutdownSwitch(mesh: MeshName, version: string | undefined, key: string, note: string): Want | undefined {
  const value = profileAt(mesh, version).shutdownSwitch?.annotations?.[key];
  const container = profiles[mesh].containerName!;
  return value ? { key, value, why: `so a Job wrapper can shut ${container} down when the work ends ${note}` } : undefined;
}

/**
 * A native sidecar its injector gives no startupProbe (the table's `nativeUnprobed`, per mesh and
 * release; Dapr's today) holds nothing: say so, once, where pod-sequencer asks for it. In a Job
 * it still ends with the work; a classic one would be waited for by the Job wrapper, hence the
 * warning and that fix there.
 */
function unprobedNative(ctx: Ctx, mesh: MeshName): void {
  if (!factAt(tableOf(mesh).nativeUnprobed, configuredRelease(ctx.cfg, mesh))) return;
  const container = profiles[mesh].containerName!;
  const ready = profiles[mesh].readiness?.http;
  const job = ctx.w.jobLike && ctx.cfg.jobs.terminateSidecars;
  ctx.report(
    job ? 'warning' : 'info',
    {
      summary: `native ${container} holds nothing: the app may start before ${container} is ready`,
      detail:
        `${tableOf(mesh).description} is injected native without a startupProbe, so the kubelet starts the app once ${container} has started.` +
        (ready ? ` Have the app wait for ${ready} (its SDK's wait for the sidecar).` : '') +
        (job ? ` As a classic sidecar, the Job wrapper would wait for it and then end it.` : ''),
      ...(job && { fix: `mesh.${mesh}.native: false` }),
    },
    annotationPath(ctx, nativeKeyIn(mesh, podAnnotations(ctx.w)) ?? NATIVE_KEYS[mesh][0]!),
  );
}

/** The mesh step of sequenceWorkload: add the annotations each injecting mesh needs. */
export function applyMesh(ctx: Ctx): void {
  for (const active of meshesOf(ctx)) {
    const { mesh, reason } = active;
    const because = `${profiles[mesh].containerName} is injected here: ${reason}.`;
    for (const want of wants(ctx, active)) if (want) apply(ctx, mesh, want, because);
  }
}

function apply(ctx: Ctx, mesh: MeshName, want: Want, because: string): void {
  const current = podAnnotations(ctx.w)[want.key];
  const path = annotationPath(ctx, want.key);
  if (want.field) {
    const merged = mergeField(current === undefined ? undefined : String(current), want.field, want.value === 'true');
    if (merged.kind === 'set') {
      set(ctx, want.key, merged.text);
      const what = `${want.field}: ${want.value}`;
      const how = current === undefined ? `added annotation ${want.key} with ${what}` : `added ${what} to annotation ${want.key}`;
      ctx.report('info', change(how, want, current === undefined ? because : `Its other settings are kept. ${because}`), path);
    } else if (merged.kind === 'unreadable') {
      ctx.report(
        'warning',
        `left annotation ${want.key} as is: it is not a YAML or JSON map (${merged.why}), so ${want.field}: ${want.value} could not be merged into it`,
        path,
      );
    } else if (merged.kind === 'other') {
      contrary(ctx, mesh, want, `${want.key} ${want.field}: ${JSON.stringify(merged.current)}`, path);
    }
    return;
  }
  if (current === undefined || current === null) {
    set(ctx, want.key, want.value);
    if (want.assumed) restsOnAssumedVersion(ctx);
    ctx.report('info', change(`added annotation ${want.key}: ${JSON.stringify(want.value)}`, want, because), path);
  } else if (String(current).toLowerCase() !== want.value) {
    contrary(ctx, mesh, want, `${want.key}: ${JSON.stringify(String(current))}`, path);
  }
}

/**
 * What an annotation change says: what was written and what for, on the first line where the two
 * fit in a short summary (docs/decisions.md, "Short messages"); otherwise the what-for opens the
 * detail. The detail ends with what the choice rests on and why the mesh is in the pod at all.
 */
function change(how: string, want: Want, injected: string): Message {
  const fits = how.length + want.why.length < SUMMARY_LENGTH;
  const why = [fits ? undefined : want.why, want.because].filter(Boolean).join(': ');
  const detail = [why && `${sentence(why)}.`, injected].filter(Boolean).join(' ');
  return { summary: fits ? `${how} ${want.why}` : how, detail };
}

/** A clause as a sentence: a capital first letter, unless it opens with a config path (`mesh.dapr.native is true`). */
function sentence(clause: string): string {
  return /^[a-z]+[.[]/.test(clause) ? clause : upperFirst(clause);
}

/** The user's per-pod value wins; say so only when it lets the app start before its proxy. */
function contrary(ctx: Ctx, mesh: MeshName, want: Want, what: string, path: string): void {
  // A native sidecar holds the app by its startupProbe, unless that probe needs this very switch (Linkerd's await).
  const needs = tableOf(mesh).nativeProbeNeeds?.map((r) => switchKeyOf(mesh, r.value)) ?? [];
  if (!want.holds || (nativeAsked(mesh, podAnnotations(ctx.w)) && !needs.includes(want.key))) return;
  const container = profiles[mesh].containerName!;
  ctx.report(
    'warning',
    {
      summary: `left ${what} as is, so the app may start before ${container} is ready`,
      detail: `A per-pod setting wins over mesh.${mesh}. Remove it to let pod-sequencer set ${want.field ?? want.key} to ${want.value}.`,
    },
    path,
  );
}

function set(ctx: Ctx, key: string, value: string): void {
  (ctx.w.podMeta().annotations ??= {})[key] = value;
}

/** `spec.template.metadata.annotations["proxy.istio.io/config"]`: annotation keys hold dots. */
function annotationPath(ctx: Ctx, key: string): string {
  return `${podMetaField(ctx.w, 'annotations')}[${JSON.stringify(key)}]`;
}

function switchKeyOf(mesh: MeshName, name: string): string | undefined {
  return tableOf(mesh).switches?.find((r) => r.value.name === name)?.value.key;
}
