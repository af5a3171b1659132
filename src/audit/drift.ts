/**
 * A live pod against its owner's template, in what pod-sequencer governs: native sidecars
 * (`restartPolicy: Always` init containers), the order of sidecars before apps, Job wrappers and
 * the `seq-*` init containers. Only what the pod lost counts: a pod that is more sequenced than
 * its template (pod-sequencer's webhook did it) is what it should be. Containers a webhook added
 * (not in the template) are not compared.
 */
import { isNativeSidecar } from '../pod/sidecars.js';
import { WRAP_MARKER } from '../shell/scripts.js';
import type { Container } from '../workloads/workload.js';
import { INSTALL_WEBHOOK, type AuditCtx, type AuditFinding } from './finding.js';
import type { LiveObject } from './input.js';
import { idText, labelsOf, nameOf, templateOf } from './objects.js';
import type { PodFacts } from './pods.js';

interface Shape {
  init: Container[];
  containers: Container[];
}

const shapeOf = (spec: { containers?: Container[]; initContainers?: Container[] } | undefined): Shape => ({
  init: spec?.initContainers ?? [],
  containers: spec?.containers ?? [],
});

const wrapped = (c: Container | undefined) => c !== undefined && [...(c.command ?? []), ...(c.args ?? [])].includes(WRAP_MARKER);
const native = (c: Container | undefined) => c !== undefined && isNativeSidecar(c);

/** The template's sidecars as pod-sequencer finds them, once per owner. */
const SIDECARS = new WeakMap<LiveObject, Set<string>>();

function templateSidecars(ctx: AuditCtx, owner: LiveObject): Set<string> {
  let names = SIDECARS.get(owner);
  if (names) return names;
  const t = templateOf(owner);
  const read = t && ctx.engine.sidecarsOf({ kind: 'Pod', apiVersion: 'v1', metadata: { ...(t.metadata ?? {}), name: nameOf(owner).name }, spec: t.spec });
  names = new Set(read?.sidecars.map((s) => s.name) ?? []);
  SIDECARS.set(owner, names);
  return names;
}

/**
 * native-sidecar-stripped: the template has a native sidecar; the pod has that container without
 * `restartPolicy: Always`, among the regular containers, or not at all. A webhook that ran after
 * the pod was made from the template rewrote it (one built on an API older than 1.28 drops the
 * field it does not know).
 */
export function stripped(ctx: AuditCtx, f: PodFacts): AuditFinding | undefined {
  const owner = f.own.object;
  if (!owner || owner === f.pod) return undefined;
  const t = shapeOf(templateOf(owner)?.spec as Shape | undefined);
  const p = shapeOf(f.spec);
  for (const c of t.init) {
    if (!native(c)) continue;
    const inInit = p.init.find((x) => x.name === c.name);
    if (native(inInit)) continue;
    const moved = p.containers.some((x) => x.name === c.name);
    const what = inInit ? 'an init container without restartPolicy: Always' : moved ? 'a regular container' : 'absent';
    const ownerId = idText(f.own.top);
    return {
      rule: 'native-sidecar-stripped',
      severity: 'warning',
      object: nameOf(f.pod),
      owner: ownerId,
      container: c.name,
      message: `${c.name} is a native sidecar in ${ownerId}'s template but ${what} in the pod: a webhook stripped it`,
      detail:
        `The template has ${c.name} in initContainers with restartPolicy: Always; the pod has it ${what === 'absent' ? 'nowhere' : `as ${what}`}. ` +
        `Made from the template, the pod had it; a mutating webhook called later rewrote the pod (${webhookNames(ctx)}). ` +
        `${inInit ? 'An init container without restartPolicy: Always must exit before the app starts: the pod stays in Init.' : 'A classic sidecar keeps a Job from completing and starts in no order.'}`,
      fix: INSTALL_WEBHOOK,
      evidence: { template: 'native', pod: what, container: c.name },
    };
  }
  return undefined;
}

function webhookNames(ctx: AuditCtx): string {
  const names = ctx.dump.webhooks.map((w) => String(w.metadata.name));
  return names.length > 0 ? `the cluster's mutating webhook configurations: ${names.join(', ')}` : 'the dump has no MutatingWebhookConfiguration to name it';
}

/**
 * sequencing-drift: the pod lost what the template has of pod-sequencer's work: a `seq-*` init
 * container, a Job wrapper, a sidecar listed before an app. A Job's template does not change, so
 * its pods differ because of admission; a Deployment's, StatefulSet's or DaemonSet's pods may
 * predate a template change (the fix is then a rollout).
 */
export function drift(ctx: AuditCtx, f: PodFacts): AuditFinding | undefined {
  const owner = f.own.object;
  if (!owner || owner === f.pod) return undefined;
  const t = shapeOf(templateOf(owner)?.spec as Shape | undefined);
  const p = shapeOf(f.spec);
  const lost: string[] = [];
  for (const c of t.init) {
    if (c.name.startsWith('seq-') && !p.init.some((x) => x.name === c.name)) lost.push(`init container ${c.name}`);
  }
  for (const c of t.containers) {
    if (wrapped(c) && !wrapped(p.containers.find((x) => x.name === c.name))) lost.push(`the wrapper of ${c.name}`);
  }
  const sidecars = templateSidecars(ctx, owner);
  const order = (list: Container[]) => list.map((c) => c.name).filter((n) => t.containers.some((c) => c.name === n));
  const before = order(t.containers);
  const now = order(p.containers);
  for (const s of sidecars) {
    const [ti, pi] = [before.indexOf(s), now.indexOf(s)];
    if (ti < 0 || pi < 0) continue;
    const apps = before.filter((n, i) => i > ti && !sidecars.has(n));
    const behind = apps.filter((a) => now.indexOf(a) >= 0 && now.indexOf(a) < pi);
    if (behind.length > 0) lost.push(`${s} before ${behind.join(', ')}`);
  }
  if (lost.length === 0) return undefined;
  const ownerId = idText(f.own.top);
  const jobLike = f.own.top.kind === 'Job' || f.own.top.kind === 'CronJob';
  const current = jobLike || revisionCurrent(owner, f.pod);
  return {
    rule: 'sequencing-drift',
    severity: 'warning',
    object: nameOf(f.pod),
    owner: ownerId,
    message: `the pod lacks what ${ownerId}'s template has: ${lost.join('; ')}`,
    detail: current
      ? `The pod was made from the template as it is now${jobLike ? ' (a Job template does not change)' : ' (its revision is the current one)'}, so a mutating webhook changed it at admission (${webhookNames(ctx)}).`
      : `The pod may predate the template's last change (pods are replaced only on a rollout), or a webhook changed it at admission (${webhookNames(ctx)}).`,
    fix: current ? INSTALL_WEBHOOK : `kubectl rollout restart ${f.own.top.kind.toLowerCase()}/${f.own.top.name} -n ${f.own.top.namespace ?? 'default'}`,
    evidence: { lost, current },
  };
}

/** A StatefulSet's pod from its current revision (controller-revision-hash = status.updateRevision). */
function revisionCurrent(owner: LiveObject, pod: LiveObject): boolean {
  if (owner.kind !== 'StatefulSet') return false;
  const rev = (owner.status as { updateRevision?: string } | undefined)?.updateRevision;
  return rev !== undefined && labelsOf(pod)['controller-revision-hash'] === rev;
}
