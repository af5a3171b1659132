/**
 * The mutating admission chain as the API server calls it for a pod: configurations sorted by
 * name (kubernetes/kubernetes staging/src/k8s.io/apiserver/pkg/admission/plugin/webhook/
 * configuration/mutating_webhook_manager.go), each one's webhooks in order, with their
 * reinvocation policies. Read
 * for the orderings that undo sequencing: an Istio injector called again after pod-sequencer,
 * pod-sequencer's webhook never called again after a later injector, or no pod-sequencer webhook
 * where an injector adds sidecars.
 */
import { NAME, WEBHOOK_CONFIGURATION, WEBHOOK_NAME } from '../admission/manifests.js';
import type { AuditCtx, AuditFinding } from './finding.js';
import { INSTALL_WEBHOOK } from './finding.js';
import type { LiveObject } from './input.js';
import { nameOf } from './objects.js';

export interface ChainEntry {
  configuration: string;
  webhook: string;
  reinvocationPolicy: 'Never' | 'IfNeeded';
  /** It is pod-sequencer's own (docs/decisions.md, "Which webhook is pod-sequencer's"). */
  ours: boolean;
  /** Istio's sidecar injector. */
  istio: boolean;
}

/**
 * Istio names its injector webhooks `<prefix>sidecar-injector.istio.io` (istio/istio@1.30.0:
 * manifests/charts/istio-control/istio-discovery/templates/mutatingwebhook.yaml, "- name:
 * {{.Prefix}}sidecar-injector.istio.io") and ships them with `reinvocationPolicy: Never`
 * (values.yaml: "reinvocationPolicy: Never").
 */
const ISTIO_WEBHOOK = /(^|\.)sidecar-injector\.istio\.io$/;

interface Webhook {
  name?: string;
  reinvocationPolicy?: string;
  clientConfig?: { service?: { name?: string } };
  rules?: { operations?: string[]; resources?: string[]; apiGroups?: string[] }[];
}

/** Whether a webhook is called for pod creation (a rule on `pods` or `*` in the core group, CREATE or `*`). */
function mutatesPods(w: Webhook): boolean {
  return (w.rules ?? []).some(
    (r) =>
      (r.apiGroups ?? ['']).some((g) => g === '' || g === '*') &&
      (r.resources ?? []).some((x) => x === 'pods' || x === '*' || x === '*/*') &&
      (r.operations ?? []).some((o) => o === 'CREATE' || o === '*'),
  );
}

/**
 * pod-sequencer's webhook: the configuration, webhook or Service `pod-sequencer webhook manifests`
 * writes (src/admission/manifests.ts), or a hand-made one named for it (docs/decisions.md,
 * "Which webhook is pod-sequencer's").
 */
function isOurs(configuration: string, w: Webhook): boolean {
  const service = w.clientConfig?.service?.name;
  return (
    configuration === WEBHOOK_CONFIGURATION ||
    configuration === 'pod-sequencer' ||
    w.name === WEBHOOK_NAME ||
    /(^|\.)pod-sequencer(\.dev)?$/.test(w.name ?? '') ||
    service === NAME ||
    service === 'pod-sequencer'
  );
}

export function chainOf(configs: readonly LiveObject[]): ChainEntry[] {
  const sorted = [...configs].sort((a, b) =>
    String(a.metadata.name) < String(b.metadata.name) ? -1 : String(a.metadata.name) > String(b.metadata.name) ? 1 : 0,
  );
  return sorted.flatMap((c) => {
    const configuration = String(c.metadata.name);
    const hooks = ((c as { webhooks?: Webhook[] }).webhooks ?? []).filter(mutatesPods);
    return hooks.map((w) => ({
      configuration,
      webhook: String(w.name ?? ''),
      reinvocationPolicy: w.reinvocationPolicy === 'IfNeeded' ? ('IfNeeded' as const) : ('Never' as const),
      ours: isOurs(configuration, w),
      istio: ISTIO_WEBHOOK.test(w.name ?? ''),
    }));
  });
}

const configId = (ctx: AuditCtx, name: string) => {
  const o = ctx.dump.webhooks.find((w) => w.metadata.name === name);
  return o ? nameOf(o) : { kind: 'MutatingWebhookConfiguration', name };
};

/** `injected`: pods with a sidecar their owner's template lacks (added at admission). */
export function webhookFindings(ctx: AuditCtx, chain: readonly ChainEntry[], injected: number): AuditFinding[] {
  const out: AuditFinding[] = [];
  const show = chain.map((e, i) => `${i + 1}. ${e.configuration}/${e.webhook} (${e.reinvocationPolicy})`).join(', ');
  const ours = chain.findIndex((e) => e.ours);
  if (ours >= 0) {
    for (const e of chain.filter((x) => x.istio && x.reinvocationPolicy === 'IfNeeded')) {
      out.push({
        rule: 'mutating-webhook-reinvocation',
        severity: 'warning',
        object: configId(ctx, e.configuration),
        message: `Istio's injector ${e.webhook} is reinvoked (IfNeeded): it runs again after pod-sequencer's webhook`,
        detail:
          `The chain, in the order the API server calls it: ${show}. A reinvoked injector renders its template into the pod again after pod-sequencer ordered it, ` +
          "and may move istio-proxy or its hooks back; Istio ships it with reinvocationPolicy: Never, and pod-sequencer's webhook (IfNeeded) already sees its sidecar.",
        fix: `kubectl patch mutatingwebhookconfiguration ${e.configuration} --type json -p '[{"op":"replace","path":"/webhooks/${webhookIndex(ctx, e)}/reinvocationPolicy","value":"Never"}]'`,
        evidence: { chain: chain.map(plain), webhook: e.webhook },
      });
    }
    const mine = chain[ours]!;
    const later = chain.slice(ours + 1).filter((e) => !e.ours);
    if (mine.reinvocationPolicy === 'Never' && later.length > 0) {
      out.push({
        rule: 'mutating-webhook-reinvocation',
        severity: 'warning',
        object: configId(ctx, mine.configuration),
        message: `pod-sequencer's webhook has reinvocationPolicy: Never, and ${later.length} webhook(s) mutate pods after it`,
        detail: `The chain: ${show}. ${later.map((e) => e.webhook).join(', ')} run after pod-sequencer's webhook, which is not called again: the sidecars they add are left unsequenced.`,
        fix: INSTALL_WEBHOOK,
        evidence: { chain: chain.map(plain), later: later.map((e) => e.webhook) },
      });
    }
  } else {
    const injectors = chain.filter((e) => e.istio);
    if (chain.length > 0 && injected > 0) {
      out.push({
        rule: 'admission-webhook-missing',
        severity: 'warning',
        object: configId(ctx, (injectors[0] ?? chain[0]!).configuration),
        message: `no pod-sequencer webhook: ${injected} pod(s) have sidecars their templates lack, added at admission and not sequenced`,
        detail: `The chain: ${show}. pod-sequencer fix sees manifests only; sidecars a webhook adds are sequenced by pod-sequencer's own webhook, called after them (reinvocationPolicy: IfNeeded), or by naming the mesh in the config (spec.mesh).`,
        fix: INSTALL_WEBHOOK,
        evidence: { chain: chain.map(plain), podsWithInjectedSidecars: injected },
      });
    }
  }
  return out;
}

const plain = (e: ChainEntry) => ({ configuration: e.configuration, webhook: e.webhook, reinvocationPolicy: e.reinvocationPolicy });

function webhookIndex(ctx: AuditCtx, e: ChainEntry): number {
  const o = ctx.dump.webhooks.find((w) => w.metadata.name === e.configuration) as { webhooks?: Webhook[] } | undefined;
  return Math.max(
    0,
    (o?.webhooks ?? []).findIndex((w) => w.name === e.webhook),
  );
}
