/**
 * Shell-style globs for container names, images and workload names: `*` (any run of characters,
 * `/` and `:` included, so `*\/proxyv2:*` matches `docker.io/istio/proxyv2:1.24`), `?` (one
 * character), `[abc]`, `[a-z]`, `[!x]` (also `[^x]`), and `\` to take the next character literally.
 * A glob matches the whole string, case-sensitively, in time linear in the glob times the string
 * (no backtracking regex: `*a*a*a…b` against a long name must not hang a pipeline, issue 20).
 */

import { BoundedCache } from '../cache.js';

export class GlobError extends Error {
  constructor(
    readonly glob: string,
    reason: string,
  ) {
    super(`bad glob '${glob}': ${reason}`);
    this.name = 'GlobError';
  }
}

const regexSpecial = /[\\^$.*+?()[\]{}|/-]/;

function escapeChar(c: string): string {
  return regexSpecial.test(c) ? `\\${c}` : c;
}

/**
 * One step of a glob: `*`, `?`, or one character (a literal or a `[...]` class); `source` is the
 * step as a regular expression, for matchers that run elsewhere (globRegexSource).
 */
type Token = { star: true } | { star: false; test: (c: string) => boolean; source: string };

export function compileGlob(glob: string): Token[] {
  if (glob === '') throw new GlobError(glob, 'it is empty; use * to match anything');
  const tokens: Token[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (!tokens.at(-1)?.star) tokens.push({ star: true }); // `**` is `*`
    } else if (c === '?') tokens.push({ star: false, test: () => true, source: '.' });
    else if (c === '\\') {
      if (i + 1 === glob.length) throw new GlobError(glob, 'it ends with a lone \\');
      const lit = glob[++i]!;
      tokens.push({ star: false, test: (x) => x === lit, source: escapeChar(lit) });
    } else if (c === '[') {
      const { source, end } = compileClass(glob, i);
      const re = new RegExp(`^${source}$`, 's');
      tokens.push({ star: false, test: (x) => re.test(x), source });
      i = end;
    } else tokens.push({ star: false, test: (x) => x === c, source: escapeChar(c) });
  }
  return tokens;
}

/**
 * Wildcard matching that backtracks only to the last `*` seen: on a mismatch, that star takes one
 * more character. Enough for globs (an earlier star can never do better), and O(glob × string).
 */
/** Steps taken by matchGlob, for the test that holds it to its bound. */
export const globSteps = { count: 0 };

function matchTokens(tokens: Token[], s: string): boolean {
  let t = 0;
  let i = 0;
  let starT = -1;
  let starI = 0;
  while (i < s.length) {
    globSteps.count++;
    const tok = tokens[t];
    if (tok && !tok.star && tok.test(s[i]!)) {
      t++;
      i++;
    } else if (tok?.star) {
      starT = t++;
      starI = i;
    } else if (starT >= 0) {
      t = starT + 1;
      i = ++starI;
    } else return false;
  }
  while (tokens[t]?.star) t++;
  return t === tokens.length;
}

/** Compiles the `[...]` starting at `start`; returns its regex and the index of its `]`. */
function compileClass(glob: string, start: number): { source: string; end: number } {
  let i = start + 1;
  const negate = glob[i] === '!' || glob[i] === '^';
  if (negate) i++;
  let body = '';
  // As in POSIX, a `]` right after `[` or `[!` is a literal member, not the end.
  for (let first = true; ; first = false) {
    if (i >= glob.length) {
      throw new GlobError(glob, `the [ at position ${start + 1} is never closed; add ] or write \\[ for a literal [`);
    }
    let c = glob[i];
    if (c === ']' && !first) break;
    if (c === '\\' && i + 1 < glob.length) c = glob[++i];
    if (glob[i + 1] === '-' && i + 2 < glob.length && glob[i + 2] !== ']') {
      let hi = glob[i + 2];
      let next = i + 3;
      if (hi === '\\' && i + 3 < glob.length) {
        hi = glob[i + 3];
        next = i + 4;
      }
      if (hi < c) throw new GlobError(glob, `the range ${c}-${hi} is reversed; write ${hi}-${c}`);
      body += `${escapeChar(c)}-${escapeChar(hi)}`;
      i = next;
    } else {
      body += escapeChar(c);
      i++;
    }
  }
  return { source: `[${negate ? '^' : ''}${body}]`, end: i };
}

/**
 * The glob as an anchored regular expression in the syntax RE2 and JavaScript share, for a matcher
 * that runs elsewhere: the admission webhook's CEL matchConditions (src/admission/match.ts), whose
 * `matches` is RE2, linear in the string as matchGlob is. Made from compileGlob's own tokens, so the two
 * agree (test/admission/match.test.ts holds them to it).
 */
export function globRegexSource(glob: string): string {
  return `^${compileGlob(glob)
    .map((t) => (t.star ? '.*' : t.source))
    .join('')}$`;
}

/** The problem with a glob, or undefined when it compiles. */
export function validateGlob(glob: string): string | undefined {
  try {
    compileGlob(glob);
    return undefined;
  } catch (e) {
    if (e instanceof GlobError) return e.message;
    throw e;
  }
}

/**
 * A glob of literals and `*` only (`istio-proxy`, `*\/proxyv2:*`, most of the sidecar table) as
 * the literal parts between its stars: it matches when the string starts with the first part,
 * ends with the last, and holds the others in order between them (leftmost placement is never
 * worse, since a star takes any run). String search instead of a step per character.
 */
function starParts(glob: string): string[] | undefined {
  return /[?[\\]/.test(glob) ? undefined : glob.split('*');
}

export function matchParts(parts: readonly string[], s: string): boolean {
  const first = parts[0]!;
  if (parts.length === 1) return s === first;
  const last = parts[parts.length - 1]!;
  if (s.length < first.length + last.length || !s.startsWith(first) || !s.endsWith(last)) return false;
  const stop = s.length - last.length;
  let at = first.length;
  for (let k = 1; k < parts.length - 1; k++) {
    const part = parts[k]!;
    const j = s.indexOf(part, at);
    if (j < 0 || j + part.length > stop) return false;
    at = j + part.length;
  }
  return true;
}

// Workloads × containers × sidecar globs repeat the same few globs many times.
const compiled = new BoundedCache<string, (s: string) => boolean>(256);

export function matchGlob(glob: string, s: string): boolean {
  return globMatcher(glob)(s);
}

/** The glob compiled once, as a test: for callers that hold on to it (one per config entry). */
export function globMatcher(glob: string): (s: string) => boolean {
  return compiled.get(glob, () => {
    const tokens = compileGlob(glob); // also what refuses a bad glob
    const parts = starParts(glob);
    return parts ? (s) => matchParts(parts, s) : (s) => matchTokens(tokens, s);
  });
}
