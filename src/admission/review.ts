/**
 * The admission webhook's decisions: an AdmissionReview (admission.k8s.io/v1) in, one out. Like
 * controller-runtime's pkg/webhook/admission: decode, hand the Pod to the one engine, answer with
 * a JSON patch. The engine is the filter's own per-item pipeline (src/process.ts) run on the Pod
 * as an item, and the patch is the same before/after diff that `patches` writes (src/patches/diff.ts):
 * applying it to `request.object` gives what the filter writes for that Pod, plus one record of
 * what the webhook did (the annotation `pod-sequencer.dev/admission`, record.ts). No decision is
 * made here; this module only reads the request, and says why when it leaves a pod alone.
 *
 * It never denies: every answer that names a request is `allowed: true` (docs/webhook.md). Only a
 * body that is no AdmissionReview at all (nothing to echo a uid to) is a 400 for the server to send.
 */
import { parse } from 'yaml';
import { loadConfig } from '../config/index.js';
import type { Config } from '../config/types.js';
import { FatalError, type Result } from '../krm/types.js';
import { processItems, type ItemText } from '../process.js';
import { diff, type Operation } from '../patches/diff.js';
import { BlockEmitter } from '../yaml/emit.js';
import { copyValue } from '../yaml/sync.js';
import { RECORD_ANNOTATION, recordOf } from './record.js';

/** A loaded config; the server swaps one for another when the mounted file changes. */
export interface Engine {
  /** Where the config came from (a file path, or `(defaults)`), for logs. */
  readonly source: string;
  readonly cfg: Config;
}

/** A config the webhook cannot run with: the message names the file, the field and the fix. */
export class EngineConfigError extends Error {}

export function loadEngine(configText: string | undefined, source: string): Engine {
  if (configText === undefined || configText.trim() === '') return { source, cfg: loadConfig(undefined).config };
  let value: unknown;
  try {
    value = parse(configText);
  } catch (e) {
    throw new EngineConfigError(`${source}: not valid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  const { config, errors } = loadConfig(value, { source });
  if (errors.length > 0) {
    throw new EngineConfigError(`${source}: ${errors.map((r) => (r.field ? `${r.field.path}: ${r.message}` : r.message)).join('; ')}`);
  }
  return { source, cfg: config };
}

export type Outcome = 'patched' | 'unchanged' | 'skipped' | 'unreadable' | 'invalid';

export interface Answer {
  /** 400: not an AdmissionReview admission.k8s.io/v1 with a request.uid at all. */
  status: 200 | 400;
  /** 200: the AdmissionReview response as JSON text; 400: a one-line plain-text reason. */
  body: string;
  outcome: Outcome;
  uid?: string;
  kind?: string;
  namespace?: string;
  name?: string;
  warnings: readonly string[];
  /** The patch's operations (patched only), for tests and logs. */
  patch?: readonly Operation[];
}

const API_VERSION = 'admission.k8s.io/v1';
/** The opt-out label the webhook configuration's objectSelector also excludes (docs/webhook.md). */
export const SKIP_LABEL = 'pod-sequencer.dev/skip';
/**
 * The API server keeps warnings short (k8s.io/apiserver pkg/warning: each at most 120 characters
 * is the advice to webhook authors; it truncates long ones) and few: so do we.
 */
const WARNING_LENGTH = 120;
const MAX_WARNINGS = 12;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Never throws, whatever the text: a request it cannot read is answered, not crashed on. */
export function admit(bodyText: string, engine: Engine): Answer {
  let review: unknown;
  try {
    review = JSON.parse(bodyText);
  } catch (e) {
    return invalid(`the body is not JSON (${(e as Error).message}): send an AdmissionReview ${API_VERSION}`);
  }
  if (!isObject(review)) return invalid(`the body is JSON ${Array.isArray(review) ? 'array' : typeof review}, not an AdmissionReview object`);
  if (review.kind !== 'AdmissionReview' || review.apiVersion !== API_VERSION) {
    return invalid(`expected kind AdmissionReview, apiVersion ${API_VERSION}; got kind ${String(review.kind)}, apiVersion ${String(review.apiVersion)}`);
  }
  const request = review.request;
  if (!isObject(request) || typeof request.uid !== 'string' || request.uid === '') return invalid('the AdmissionReview has no request.uid to answer');
  try {
    return decide(request as Obj & { uid: string }, engine, bodyText);
  } catch (e) {
    // A defect of ours must not stop the pod: admitted as it is, said in a warning and the log.
    return answer(request.uid, 'unreadable', [`pod-sequencer: internal error, pod admitted unchanged: ${String((e as Error)?.message ?? e)}`], {});
  }
}

function decide(request: Obj & { uid: string }, engine: Engine, bodyText: string): Answer {
  const { uid } = request;
  const gvk = isObject(request.kind) ? request.kind : {};
  const about = { kind: String(gvk.kind ?? ''), namespace: str(request.namespace), name: str(request.name) };
  if (gvk.group !== '' || gvk.version !== 'v1' || gvk.kind !== 'Pod' || request.operation !== 'CREATE' || (request.subResource ?? '') !== '') {
    const what = `${String(request.operation)} of ${[gvk.group, gvk.version, gvk.kind].filter(Boolean).join('/')}${request.subResource ? `/${String(request.subResource)}` : ''}`;
    return answer(uid, 'skipped', [`pod-sequencer: ${what} left alone: it sequences Pod CREATE only (check the webhook's rules)`], about);
  }
  const pod = request.object;
  if (!isObject(pod) || !isObject(pod.spec))
    return answer(uid, 'unreadable', ['pod-sequencer: request.object is not a Pod with a spec; admitted unchanged'], about);
  const meta = isObject(pod.metadata) ? pod.metadata : {};
  const labels = isObject(meta.labels) ? meta.labels : {};
  about.name ||= str(meta.name) || (str(meta.generateName) ? `${str(meta.generateName)}*` : '');
  if (labels[SKIP_LABEL] === 'true') return answer(uid, 'skipped', [], about);
  return sequencePod(uid, pod, request, engine, about, bodyText, bodyText.includes('"<<"'));
}

/**
 * The Pod as the engine reads it: the request's namespace where the object has none (the API
 * server fills it in after the webhooks), so `selector.namespaces` selects it as it would the
 * file. A pod made from `generateName` has no name yet: the selector's `names` match that prefix
 * (docs/decisions.md, "Admission").
 */
function asItem(pod: Obj, request: Obj): Obj {
  const meta = isObject(pod.metadata) ? pod.metadata : {};
  const fill: Obj = {};
  if (!str(meta.namespace) && str(request.namespace)) fill.namespace = request.namespace;
  if (!str(meta.name) && str(meta.generateName)) fill.name = meta.generateName;
  const withMeta = Object.keys(fill).length > 0 ? { ...pod, metadata: { ...meta, ...fill } } : pod;
  return { ...withMeta, apiVersion: 'v1', kind: 'Pod' };
}

/**
 * The Pod as the engine's item (src/process.ts ItemText). A class, not an object literal with a
 * getter: a literal's accessor is kept in a hidden class made for each object, in the old
 * generation, and through it each request's pod outlived every young-generation GC until the
 * next full one (the webhook's p99 was those pauses: docs/architecture.md, "Nothing of one item outlives it").
 *
 * The engine works on the request's own pod value, not a copy (most pods are left alone, and a
 * copy of each was most of a request's garbage). The pod as it came is read again from the
 * request's text only where it is needed: for a change's diff and for the text a finding names.
 */
class PodItem implements ItemText {
  readonly kind = 'Pod';
  readonly apiVersion = 'v1';
  changed: Obj | undefined;
  private own: Obj | undefined;
  private blockOrJson: string | undefined;
  readonly takeValue: (() => Obj) | undefined;

  constructor(
    live: Obj,
    private readonly reread: () => Obj,
    mergeKeys: boolean,
  ) {
    // A `<<` key is YAML 1.1's merge key to kubectl and kustomize: the engine reads such a pod
    // from its text and refuses it (src/process.ts mergeKey), as it would the file.
    this.takeValue = mergeKeys ? undefined : () => live;
  }

  /** The pod as it came, whatever the engine has done to the live value since. */
  original(): Obj {
    return (this.own ??= this.reread());
  }

  get text(): string {
    return (this.blockOrJson ??= textOf(this.original()));
  }

  valueBefore(): Obj {
    return this.original();
  }

  valueOut(value: Obj): void {
    this.changed = value;
  }
}

function sequencePod(uid: string, pod: Obj, request: Obj, engine: Engine, about: Partial<Answer>, bodyText: string, mergeKeys: boolean): Answer {
  const item = new PodItem(asItem(pod, request), () => asItem(podOf(bodyText), request), mergeKeys);
  let processed: ReturnType<typeof processItems>;
  try {
    // `mode: check` lints: the findings come back as warnings and nothing is patched (docs/webhook.md).
    processed = processItems([item], engine.cfg);
  } catch (e) {
    if (!(e instanceof FatalError)) throw e;
    return answer(uid, 'unreadable', [`pod-sequencer: pod admitted unchanged: ${e.message.replace(/^items\[0\]: /, '')}`], about);
  }
  const warnings = warningsOf(processed.results);
  const { changed } = item;
  // The live pod's annotations are the request's own unless the engine changed it.
  if (!changed && !hasRecord(pod)) return answer(uid, 'unchanged', warnings, about);
  // The engine's value before any change is this same parse (PodItem.valueBefore): no text
  // is written or read back for it.
  const before = item.original();
  const after = changed ?? copyValue(before);
  withRecord(after);
  const operations = diff(before, after);
  if (operations.length === 0) return answer(uid, 'unchanged', warnings, about);
  return answer(uid, 'patched', warnings, about, operations);
}

/** The request's pod, parsed again from the body admit read (checked there: an object with a spec). */
function podOf(bodyText: string): Obj {
  return (JSON.parse(bodyText) as { request: { object: Obj } }).request.object;
}

/** The engine's text of the pod: block YAML where the emitter writes it whole, else JSON. */
function textOf(item: Obj): string {
  return blockText(item) ?? JSON.stringify(item);
}

/**
 * The pod as block YAML, the form the engine's fast reader and text edits are made for (JSON is
 * YAML too, but only `yaml`'s full parser reads flow collections: several times slower). Undefined
 * where the emitter leaves a value to `yaml` (a float, a non-ASCII string): then JSON text.
 */
function blockText(item: Obj): string | undefined {
  const emit = new BlockEmitter(false);
  let out = '';
  for (const key of Object.keys(item)) {
    const line = emit.pair(key, item[key]);
    if (line === undefined) return undefined;
    out += line + '\n';
  }
  return out;
}

/** An earlier call of this webhook left its record (a reinvocation after another injector). */
function hasRecord(pod: Obj): boolean {
  const meta = pod.metadata;
  return isObject(meta) && isObject(meta.annotations) && Object.hasOwn(meta.annotations, RECORD_ANNOTATION);
}

/**
 * Writes the record of what pod-sequencer governs in this pod (record.ts), computed from the pod
 * as it will be: when the engine changed it, or when an earlier call left a record. A pod the
 * webhook never changed gets none.
 */
function withRecord(after: Obj): void {
  if (!isObject(after.metadata)) after.metadata = {};
  const meta = after.metadata as Obj;
  if (!isObject(meta.annotations)) meta.annotations = {};
  (meta.annotations as Obj)[RECORD_ANNOTATION] = recordOf(after);
}

/** One short line per decision and finding: what `kubectl` prints as `Warning:` on a create. */
function warningsOf(results: readonly Result[]): string[] {
  const lines = results.filter((r) => !r.tags?.assumed || r.severity !== 'info').map((r) => clip(`pod-sequencer: ${r.message}`));
  const unique = [...new Set(lines)];
  if (unique.length <= MAX_WARNINGS) return unique;
  return [...unique.slice(0, MAX_WARNINGS - 1), `pod-sequencer: and ${unique.length - MAX_WARNINGS + 1} more (see the webhook's log)`];
}

function clip(line: string): string {
  const flat = line.replace(/\s+/g, ' ');
  return flat.length <= WARNING_LENGTH ? flat : `${flat.slice(0, WARNING_LENGTH - 1)}…`;
}

function answer(uid: string, outcome: Outcome, warnings: readonly string[], about: Partial<Answer>, patch?: Operation[]): Answer {
  const response: Obj = { uid, allowed: true };
  if (patch) {
    response.patchType = 'JSONPatch';
    response.patch = Buffer.from(JSON.stringify(patch)).toString('base64');
  }
  if (warnings.length > 0) response.warnings = warnings;
  // Keys without a prefix: the API server prefixes them with the webhook's name (admission/v1 types.go).
  response.auditAnnotations = { outcome, ...(patch ? { operations: String(patch.length) } : {}) };
  const body = JSON.stringify({ apiVersion: API_VERSION, kind: 'AdmissionReview', response });
  return { status: 200, body, outcome, uid, ...about, warnings, ...(patch ? { patch } : {}) };
}

function invalid(reason: string): Answer {
  return { status: 400, body: reason, outcome: 'invalid', warnings: [] };
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
