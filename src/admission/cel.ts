/**
 * CEL text the admission objects carry (the webhook's matchConditions, the companion policy's
 * validations), built from the config. Only standard CEL macros and functions: `has`, `exists`,
 * `all`, `filter`, `map`, `size`, `in`, `matches` (RE2), `startsWith`, `contains`. No Kubernetes
 * extension (optional `.?`, the `lists`, `strings` and `regex` libraries): the tests evaluate
 * these expressions with @bufbuild/cel, which has none of them (docs/decisions.md, "The webhook's
 * CEL is standard CEL").
 */
import type { Config, SidecarSpec } from '../config/types.js';
import { globRegexSource } from '../workloads/glob.js';

/** A CEL string literal: JSON's escapes (`\"`, `\\`, `\n`, `\uXXXX`) are CEL's too. */
export function celString(s: string): string {
  return JSON.stringify(s);
}

export function celList(items: readonly string[]): string {
  return `[${items.map(celString).join(', ')}]`;
}

/** `v` is one of `items` (false for none). */
function oneOf(v: string, items: readonly string[]): string | undefined {
  if (items.length === 0) return undefined;
  return items.length === 1 ? `${v} == ${celString(items[0]!)}` : `${v} in ${celList(items)}`;
}

const isLiteral = (glob: string) => !/[*?[\\]/.test(glob);

/**
 * Whether the container `c` is one of the config's sidecars (src/pod/sidecars.ts specFor: its
 * name glob or its image glob): literal names in one `in`, each other glob one `matches`.
 * `false` when the config names no sidecar.
 */
export function sidecarTest(cfg: Config, c = 'c'): string {
  const names = cfg.sidecars.flatMap((s: SidecarSpec) => (s.name !== undefined && isLiteral(s.name) ? [s.name] : []));
  const nameGlobs = cfg.sidecars.flatMap((s) => (s.name !== undefined && !isLiteral(s.name) ? [s.name] : []));
  const imageGlobs = cfg.sidecars.flatMap((s) => (s.image !== undefined ? [s.image] : []));
  // A container may come without a name: admission runs before the API server's validation,
  // and CEL errors on a missing field, so every name test is guarded as the image's is.
  const named = (test: string | undefined) => (test === undefined ? undefined : `(has(${c}.name) && ${test})`);
  const parts = [
    named(oneOf(`${c}.name`, [...new Set(names)])),
    ...[...new Set(nameGlobs)].map((g) => named(`${c}.name.matches(${celString(globRegexSource(g))})`)),
    ...[...new Set(imageGlobs)].map((g) => `(has(${c}.image) && ${c}.image.matches(${celString(globRegexSource(g))}))`),
  ].filter((p): p is string => p !== undefined);
  return parts.length === 0 ? 'false' : parts.length === 1 ? parts[0]! : `(${parts.join(' || ')})`;
}

/** Some string of the container's `field` (a list: command, args) satisfies `test` (a CEL predicate on `a`). */
export function argvHas(c: string, test: string): string {
  return `((has(${c}.command) && ${c}.command.exists(a, ${test})) || (has(${c}.args) && ${c}.args.exists(a, ${test})))`;
}

/** The pod's init containers, or an empty list (Kubernetes leaves the field out when empty). */
export const INITS = 'has(object.spec.initContainers) ? object.spec.initContainers : []';
export const CONTAINERS = 'has(object.spec.containers) ? object.spec.containers : []';
