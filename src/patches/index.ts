/**
 * `patches`: the function's changes as JSON 6902 patches that plain kustomize applies (no exec or
 * container plugin: `kubectl kustomize`, Argo CD, Flux's kustomize-controller and its HelmRelease
 * post-renderers). The same run as `fix` (runFiles), each changed object diffed before/after
 * (diff.ts), one patch per object with a target naming that one object, preceded where needed by
 * a strategic-merge patch that ensures the collections its operations fill; rendered as a
 * kustomize Component directory or as a HelmRelease `spec.postRenderers` block (docs/gitops.md).
 */
import { Document, isSeq, Scalar, stringify, visit } from 'yaml';
import { isNewNode, quoteForReaders, stringifyTrimSafe } from '../yaml/plain.js';
import type { Config } from '../config/types.js';
import { itemValue } from '../krm/io.js';
import { PathError, STDIN, type Finding, type ManifestFile } from '../files/read.js';
import { runFiles } from '../files/run.js';
import { listOf, type ItemText } from '../process.js';
import { diffEnsuring, type Operation } from './diff.js';

/** A kustomize patch target (api/types/selector.go): one object, by group, version, kind, name, namespace. */
export interface Target {
  group?: string;
  version: string;
  kind: string;
  name: string;
  /** Omitted when the input object has none: kustomize then matches the name in any namespace. */
  namespace?: string;
}

export interface ObjectPatch {
  target: Target;
  operations: Operation[];
  /**
   * The strategic-merge body to apply before the operations (diffEnsuring): the lists they fill
   * and the metadata maps they would otherwise replace, kept where the base has them by then.
   */
  ensure?: Record<string, unknown>;
  /** Where the object is in the input (`path:line`). */
  where: string;
}

export interface PatchSet {
  patches: ObjectPatch[];
  findings: Finding[];
}

/** The first line of every file `patches` writes: how a later run knows the file is its own. */
export const HEADER = '# Written by `pod-sequencer patches`; do not edit.';

interface Seen {
  target: Target;
  where: string;
}

/**
 * The changes the filter makes to these files under `cfg`, one patch per changed object. With
 * `keepGoing`, a document the run refuses is an invalid-input finding and gets no patch (runFiles).
 * Findings are placed in the input: `patches` never rewrites it.
 */
export function computePatches(files: readonly ManifestFile[], cfg: Config, opts: { keepGoing?: boolean } = {}): PatchSet {
  const { files: outcomes, findings } = runFiles(files, { ...cfg, mode: 'apply' }, { ...opts, inInput: true });
  const seen: Seen[] = [];
  const patches: ObjectPatch[] = [];
  const own = new Map<ObjectPatch, Seen>();
  const add = (item: ItemText, afterText: string | undefined, where: string) => {
    const before = itemValue(item.text);
    if (!before) return;
    const target = targetOf(before);
    const self = target && { target, where };
    if (self) seen.push(self);
    if (afterText === undefined) return;
    const after = itemValue(afterText);
    const { operations, ensure } = after ? diffEnsuring(before, after) : { operations: [], ensure: undefined };
    if (operations.length === 0 && !ensure) return;
    if (!target) throw new PathError(`${where}: ${String(before.kind)} has no metadata.name, so no patch target can name it: give it a name`);
    const patch: ObjectPatch = { target, operations, ...(ensure ? { ensure } : {}), where };
    patches.push(patch);
    own.set(patch, self!);
  };
  for (const { file, replacements, refused } of outcomes) {
    file.docs.forEach((doc, d) => {
      // A refused document (an alias bomb, a merge key) is not read again here.
      if (refused.has(d)) return;
      const after = replacements.get(d);
      const at = (offset: number) => `${file.path === STDIN ? '<stdin>' : file.path}:${file.lines.linePos(doc.start + offset).line}`;
      const list = listOf(doc);
      if (!list) return add(doc, after, at(0));
      // kustomize reads each item of a `*List` as an object of its own (api/resource/factory.go).
      const afterList = after !== undefined ? listOf({ text: after, kind: doc.kind }) : undefined;
      list.items.forEach((item, k) => add(item, afterList ? afterList.items[k]!.text : undefined, at(item.start)));
    });
  }
  for (const p of patches) {
    const others = seen.filter((s) => s !== own.get(p) && selects(p.target, s.target));
    if (others.length > 0) {
      const o = others[0]!;
      throw new PathError(
        `${p.where}: ${describe(p.target)}: a patch target for it would also select ${describe(o.target)} (${o.where}); ` +
          'kustomize matches a target without a namespace in every namespace, and "default" with no namespace: give the objects their namespaces',
      );
    }
  }
  patches.sort((a, b) => (key(a.target) < key(b.target) ? -1 : key(a.target) > key(b.target) ? 1 : 0));
  return { patches, findings };
}

function targetOf(obj: Record<string, unknown>): Target | undefined {
  const meta = obj.metadata as Record<string, unknown> | undefined;
  const name = meta?.name;
  if (typeof name !== 'string' || name === '' || typeof obj.apiVersion !== 'string' || typeof obj.kind !== 'string') return undefined;
  const slash = obj.apiVersion.lastIndexOf('/');
  const group = slash < 0 ? '' : obj.apiVersion.slice(0, slash);
  const namespace = typeof meta?.namespace === 'string' && meta.namespace !== '' ? meta.namespace : undefined;
  return {
    ...(group ? { group } : {}),
    version: obj.apiVersion.slice(slash + 1),
    kind: obj.kind,
    name,
    ...(namespace ? { namespace } : {}),
  };
}

/**
 * Whether kustomize's selector `t` picks the object `o` (kustomize api/resid/resid.go
 * IsSelectedBy): name and GVK equal (an empty group selects any), and the selector's namespace
 * empty or the same effective namespace (none counts as "default").
 */
function selects(t: Target, o: Target): boolean {
  const ns = (n: string | undefined) => n ?? 'default';
  return (
    t.name === o.name &&
    t.kind === o.kind &&
    t.version === o.version &&
    (t.group === undefined || t.group === o.group) &&
    (t.namespace === undefined || ns(t.namespace) === ns(o.namespace))
  );
}

const key = (t: Target) => [t.namespace ?? '', t.kind, t.name, t.group ?? '', t.version].join('\0');

export function describe(t: Target): string {
  return `${t.kind} ${t.namespace ? `${t.namespace}/` : ''}${t.name}`;
}

/**
 * The operations as kustomize reads them. Strings are quoted wherever a YAML 1.1 reader could
 * take them for something else (`y`, `on`, `0755`): kustomize's reader is not the YAML 1.2 one
 * that wrote them.
 */
export function operationsYaml(ops: readonly Operation[], trimmed = false): string {
  const options = { version: '1.1', lineWidth: 0, minContentWidth: 0 } as const;
  // A patch file is read as it is; an inline `patch:` string is trimmed first (trimmed: true).
  return trimmed ? stringifyTrimSafe(ops, options) : stringify(ops, options);
}

/**
 * The schema kyaml reads from a comment on a patch's field (kyaml/yaml/walk/map.go
 * `valueIfPresent`): merge this list by `name`. kustomize knows the merge keys of builtin kinds
 * only; without this, a strategic-merge patch replaces a custom kind's lists whole (an Argo
 * Rollout's `initContainers: []` would empty the base's). Checked with kustomize v4.5.4 and v5.5
 * (test/patches/gained.test.ts).
 */
const MERGE_BY_NAME = ' {"type":"array","x-kubernetes-patch-merge-key":"name","x-kubernetes-patch-strategy":"merge"}';

/**
 * The strategic-merge patch that goes before an object's operations: apiVersion, kind and name
 * (namespace when the target has one) of the target, then the ensure body, each list under a
 * comment that has kyaml merge it by name. `trimmed`: for an inline `patch:` string
 * (stringifyTrimSafe).
 */
export function ensureYaml(p: ObjectPatch, trimmed = false): string {
  const { target: t } = p;
  const { metadata, ...rest } = (p.ensure ?? {}) as { metadata?: Record<string, unknown> };
  const value = {
    apiVersion: t.group ? `${t.group}/${t.version}` : t.version,
    kind: t.kind,
    metadata: { name: t.name, ...(t.namespace ? { namespace: t.namespace } : {}), ...metadata },
    ...rest,
  };
  const options = { version: '1.1', lineWidth: 0, minContentWidth: 0 } as const;
  const doc = new Document(value, options);
  quoteForReaders(doc.contents, isNewNode);
  visit(doc, {
    Pair(_, pair) {
      if (isSeq(pair.value)) (pair.key as Scalar).comment = MERGE_BY_NAME;
    },
    Scalar(_, s) {
      if (trimmed && typeof s.value === 'string' && s.value.endsWith('\n')) s.type = Scalar.QUOTE_DOUBLE;
    },
  });
  return doc.toString(options);
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9.-]+/g, '_');

/** A file name per patch, from kind, namespace and name; a clash gets the group, then a number. */
export function fileNames(patches: readonly ObjectPatch[]): string[] {
  return patchFiles(patches).map((f) => f.operations);
}

/**
 * The files of each patch: its operations' (fileNames) and, with an ensure, the ensure's, named
 * after it (`<name>.ensure.yaml`; a clash gets a number).
 */
function patchFiles(patches: readonly ObjectPatch[]): { operations: string; ensure?: string }[] {
  const used = new Set<string>(['kustomization.yaml']);
  const free = (name: string, other: (n: number) => string) => {
    for (let n = 2; used.has(name); n++) name = other(n);
    used.add(name);
    return name;
  };
  const files = patches.map(({ target: t }) => {
    const base = [slug(t.kind), ...(t.namespace ? [slug(t.namespace)] : []), slug(t.name)].join('-');
    const first = used.has(`${base}.yaml`) ? `${base}.${slug(t.group || 'core')}.yaml` : `${base}.yaml`;
    return { operations: free(first, (n) => `${base}-${n}.yaml`) };
  });
  return files.map((f, i) => {
    if (!patches[i]!.ensure) return f;
    const base = f.operations.slice(0, -'.yaml'.length);
    return { ...f, ensure: free(`${base}.ensure.yaml`, (n) => `${base}.ensure-${n}.yaml`) };
  });
}

/**
 * Comment lines naming the inputs that could not be read (`path:line:col: message`, one each), so
 * the Component or block never passes for whole (docs/decisions.md, Patches). They follow the
 * header, so `--check` compares them (body).
 */
export function unreadNotice(unread: readonly string[]): string {
  if (unread.length === 0) return '';
  const lines = unread.map((u) => `#   ${u.replace(/\s*\n\s*/g, ' ')}\n`).join('');
  return `# INCOMPLETE: these inputs could not be read, so their objects have no patches here even where they need them; fix them and regenerate:\n${lines}`;
}

/** What an ensure file's header says it is. */
const ENSURE_SAYS =
  'strategic merge, applied before the JSON 6902 patch: it keeps the lists and maps the base has and creates those it lacks, so the operations add to them instead of replacing them.';

/** The Component directory: file name -> text, `kustomization.yaml` first. `unread`: inputs not read (unreadNotice). */
export function renderComponent(patches: readonly ObjectPatch[], regenerate: string, unread: readonly string[] = []): Map<string, string> {
  const files = patchFiles(patches);
  const head = (what: string) => `${HEADER}\n# ${what}\n# Regenerate: ${regenerate}\n`;
  // An object's ensure goes right before its operations: kustomize applies patches in order.
  const kustomization = {
    apiVersion: 'kustomize.config.k8s.io/v1alpha1',
    kind: 'Component',
    patches: patches.flatMap((p, i) => [
      ...(files[i]!.ensure ? [{ path: files[i]!.ensure, target: { ...p.target } }] : []),
      ...(p.operations.length > 0 ? [{ path: files[i]!.operations, target: { ...p.target } }] : []),
    ]),
  };
  const out = new Map<string, string>();
  out.set(
    'kustomization.yaml',
    head(`The function's changes as patches: list this directory under \`components:\` of an overlay whose resources are the inputs.`) +
      unreadNotice(unread) +
      stringify(kustomization, { version: '1.1', lineWidth: 0 }),
  );
  patches.forEach((p, i) => {
    const { ensure, operations } = files[i]!;
    if (ensure) out.set(ensure, head(`${describe(p.target)} (${p.where}): ${ENSURE_SAYS}`) + ensureYaml(p));
    if (p.operations.length > 0)
      out.set(
        operations,
        head(`${describe(p.target)} (${p.where}): JSON 6902; each \`test\` fails the kustomize build if the base has drifted.`) + operationsYaml(p.operations),
      );
  });
  return out;
}

/**
 * A HelmRelease `spec.postRenderers` block, under its `postRenderers:` key so that it pastes as is
 * under the HelmRelease's `spec:` (docs/gitops.md): Flux's kustomize post-renderer takes `patch` (a
 * string) and `target`.
 */
export function renderFlux(patches: readonly ObjectPatch[], regenerate: string, unread: readonly string[] = []): string {
  const entries = patches.flatMap((p) => [
    ...(p.ensure ? [{ target: { ...p.target }, patch: ensureYaml(p, true) }] : []),
    ...(p.operations.length > 0 ? [{ target: { ...p.target }, patch: operationsYaml(p.operations, true) }] : []),
  ]);
  const block = { postRenderers: [{ kustomize: { patches: entries } }] };
  return (
    `${HEADER}\n# HelmRelease spec.postRenderers: the function's changes to the rendered chart.\n# Regenerate: ${regenerate}\n` +
    unreadNotice(unread) +
    stringify(block, { version: '1.1', lineWidth: 0 })
  );
}

/**
 * A file's text without its header (the comment lines up to `# Regenerate:`, which names the
 * command as typed): what `--check` compares. The unread notice after it is compared.
 */
export function body(text: string): string {
  const header = /^(?:#[^\n]*\n)*?# Regenerate: [^\n]*\n/.exec(text);
  return header ? text.slice(header[0].length) : text.replace(/^(?:#[^\n]*\n)*/, '');
}
