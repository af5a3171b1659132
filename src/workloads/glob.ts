/**
 * Shell-style globs for container names, images and workload names: `*` (any run of characters,
 * `/` and `:` included, so `*\/proxyv2:*` matches `docker.io/istio/proxyv2:1.24`), `?` (one
 * character), `[abc]`, `[a-z]`, `[!x]` (also `[^x]`), and `\` to take the next character literally.
 * A glob matches the whole string, case-sensitively.
 */

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

export function compileGlob(glob: string): RegExp {
  if (glob === '') throw new GlobError(glob, 'it is empty; use * to match anything');
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') re += '.*';
    else if (c === '?') re += '.';
    else if (c === '\\') {
      if (i + 1 === glob.length) throw new GlobError(glob, 'it ends with a lone \\');
      re += escapeChar(glob[++i]);
    } else if (c === '[') {
      const { source, end } = compileClass(glob, i);
      re += source;
      i = end;
    } else re += escapeChar(c);
  }
  return new RegExp(`^${re}$`, 's');
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

// Workloads × containers × sidecar globs repeat the same few globs many times.
const cache = new Map<string, RegExp>();
const cacheLimit = 256;

export function matchGlob(glob: string, s: string): boolean {
  let re = cache.get(glob);
  if (!re) {
    re = compileGlob(glob);
    if (cache.size >= cacheLimit) cache.clear();
    cache.set(glob, re);
  }
  return re.test(s);
}
