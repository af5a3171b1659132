/**
 * PLACEHOLDER until the lead's admission core lands on main (same interface): the server branch
 * builds against it. It checks the AdmissionReview envelope only and never patches. Replaced
 * wholesale by main's src/admission/review.ts at the merge.
 */
import { parse } from 'yaml';

export interface Engine {
  readonly source: string;
}
export class EngineConfigError extends Error {}
export type Outcome = 'patched' | 'unchanged' | 'skipped' | 'unreadable' | 'invalid';
export interface Answer {
  status: 200 | 400;
  body: string;
  outcome: Outcome;
  uid?: string;
  kind?: string;
  namespace?: string;
  name?: string;
  warnings: readonly string[];
}

export function loadEngine(configText: string | undefined, source: string): Engine {
  if (configText !== undefined) {
    let v: unknown;
    try {
      v = parse(configText);
    } catch (e) {
      throw new EngineConfigError(`${source}: not valid YAML: ${(e as Error).message.split('\n')[0]}`);
    }
    if (v !== null && (typeof v !== 'object' || Array.isArray(v))) throw new EngineConfigError(`${source}: not a PodSequence or ConfigMap`);
    const spec = (v as { spec?: unknown } | null)?.spec;
    if (spec !== undefined && (typeof spec !== 'object' || spec === null)) throw new EngineConfigError(`${source}: spec: must be a map`);
  }
  return { source };
}

export function admit(bodyText: string, _engine: Engine): Answer {
  let v: unknown;
  try {
    v = JSON.parse(bodyText);
  } catch {
    return { status: 400, body: 'not JSON', outcome: 'invalid', warnings: [] };
  }
  const r = v as { apiVersion?: unknown; kind?: unknown; request?: { uid?: unknown; kind?: { kind?: unknown }; operation?: unknown } };
  if (typeof v !== 'object' || v === null || r.apiVersion !== 'admission.k8s.io/v1' || r.kind !== 'AdmissionReview' || typeof r.request?.uid !== 'string') {
    return { status: 400, body: 'not an AdmissionReview admission.k8s.io/v1 with a request.uid', outcome: 'invalid', warnings: [] };
  }
  const uid = r.request.uid;
  const pod = r.request.kind?.kind === 'Pod' && r.request.operation === 'CREATE';
  const body = JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid, allowed: true } });
  return { status: 200, body, outcome: pod ? 'unchanged' : 'skipped', uid, warnings: [] };
}
