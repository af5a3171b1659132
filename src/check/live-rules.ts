/**
 * The rules only `pod-sequencer audit` reports (src/audit/), read from live objects' status:
 * listed here so that the config's `spec.rules`, the schema's rule enum, SARIF's driver and
 * docs/rules/ know them as they know check's (src/check/index.ts ruleInfos). audit also reports
 * job-sidecar-blocks-completion, check's rule, for a Job pod that is stuck now.
 */
import type { RuleInfo } from './rule.js';

export const liveRuleInfos: readonly RuleInfo[] = [
  {
    id: 'start-order-race',
    severity: 'warning',
    summary: '`audit`: an app container restarted after a run that began before its sidecar started, or failed while the sidecar was not ready',
  },
  {
    id: 'native-sidecar-stuck-init',
    severity: 'error',
    summary: '`audit`: a pod held in Init by a native sidecar that never passed its startup (restarted, or not started for 10 minutes)',
  },
  {
    id: 'native-sidecar-stripped',
    severity: 'warning',
    summary: "`audit`: the owner's template has a native sidecar (`restartPolicy: Always` init container) that the live pod lacks: a webhook stripped it",
  },
  {
    id: 'sequencing-drift',
    severity: 'warning',
    summary:
      "`audit`: a live pod lacks what its owner's template has of pod-sequencer's work (a `seq-*` init container, a Job wrapper, a sidecar before an app)",
  },
  {
    id: 'kubelet-sidecar-defect',
    severity: 'warning',
    byAnnotation: false,
    summary: "`audit`: a node's kubelet release has a known native-sidecar defect, and pods on it could be hit",
  },
  {
    id: 'mutating-webhook-reinvocation',
    severity: 'warning',
    byAnnotation: false,
    summary:
      "`audit`: the mutating webhook chain undoes sequencing: Istio's injector reinvoked (`IfNeeded`), or pod-sequencer's webhook `Never` with webhooks after it",
  },
  {
    id: 'admission-webhook-missing',
    severity: 'warning',
    byAnnotation: false,
    summary: '`audit`: webhooks add sidecars to pods (their templates lack them) and no pod-sequencer webhook sequences them',
  },
];
