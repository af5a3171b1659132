import { describe, expect, test } from 'vitest';
import { compileGlob, globSteps, GlobError, matchGlob, validateGlob } from '../../src/workloads/glob.js';

describe('matchGlob', () => {
  test.each([
    ['istio-proxy', 'istio-proxy', true],
    ['istio-proxy', 'istio-proxy-2', false],
    ['web-*', 'web-frontend', true],
    ['web-*', 'web-', true],
    ['web-*', 'api-web-1', false],
    ['*/proxyv2:*', 'docker.io/istio/proxyv2:1.24.0', true],
    ['*/proxyv2:*', 'proxyv2:1.24.0', false],
    ['db-?', 'db-1', true],
    ['db-?', 'db-12', false],
    ['db-[abc]', 'db-b', true],
    ['db-[abc]', 'db-d', false],
    ['db-[a-c]', 'db-c', true],
    ['db-[!a-c]', 'db-c', false],
    ['db-[!a-c]', 'db-x', true],
    ['db-[^x]', 'db-y', true],
    ['[]]', ']', true],
    ['[a-]', '-', true],
    ['a.b', 'a.b', true],
    ['a.b', 'axb', false],
    ['\\*', '*', true],
    ['\\*', 'x', false],
    ['(x)+', '(x)+', true],
    ['Web', 'web', false],
  ])('%s against %s -> %s', (glob, s, expected) => {
    expect(matchGlob(glob, s)).toBe(expected);
  });
});

describe('bad globs', () => {
  test('empty', () => {
    expect(() => compileGlob('')).toThrow(GlobError);
    expect(validateGlob('')).toBe("bad glob '': it is empty; use * to match anything");
  });
  test('unclosed [', () => {
    expect(validateGlob('web-[ab')).toBe("bad glob 'web-[ab': the [ at position 5 is never closed; add ] or write \\[ for a literal [");
    expect(validateGlob('[!')).toMatch(/never closed/);
  });
  test('reversed range', () => {
    expect(validateGlob('[z-a]')).toBe("bad glob '[z-a]': the range z-a is reversed; write a-z");
  });
  test('trailing backslash', () => {
    expect(validateGlob('a\\')).toBe("bad glob 'a\\': it ends with a lone \\");
  });
  test('good globs have no problem', () => {
    expect(validateGlob('web-[a-z]*')).toBeUndefined();
  });
});

describe('matchGlob never backtracks without bound (issue 20)', () => {
  test('`*a*a…*b` against 10,000 characters: false, in at most (tokens + 1) × (length + 1) steps', () => {
    const glob = `${'*a'.repeat(24)}*b`;
    const s = 'a'.repeat(10_000);
    globSteps.count = 0;
    expect(matchGlob(glob, s)).toBe(false);
    expect(globSteps.count).toBeLessThanOrEqual((glob.length + 1) * (s.length + 1));
    expect(matchGlob(glob, `${s}b`)).toBe(true);
  });

  test('the same with a `?` (the step-per-character matcher, not the star-only one): still bounded', () => {
    const glob = `${'*a'.repeat(24)}*?b`;
    const s = 'a'.repeat(10_000);
    globSteps.count = 0;
    expect(matchGlob(glob, s)).toBe(false);
    expect(globSteps.count).toBeGreaterThan(0);
    expect(globSteps.count).toBeLessThanOrEqual((glob.length + 1) * (s.length + 1));
    expect(matchGlob(glob, `${s}xb`)).toBe(true);
  });

  test('star-only globs (literal parts between stars) agree with the step matcher', () => {
    let seed = 11;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const pick = (alphabet: string[], max: number) => Array.from({ length: rnd(max) }, () => alphabet[rnd(alphabet.length)]).join('');
    for (let k = 0; k < 5000; k++) {
      const glob = pick(['a', 'b', 'ab', '*', '-', '/'], 7) || '*';
      const s = pick(['a', 'b', '-', '/'], 9);
      // `\?` as the last step makes matchGlob take the step matcher: compare with it, `?` then eaten by an extra `x`.
      expect(matchGlob(glob, s), `${glob} vs ${s}`).toBe(matchGlob(`${glob}?`, `${s}x`));
    }
  });

  test('agrees with a regex translation on generated globs and strings', () => {
    const alphabet = ['a', 'b', '-', '*', '?', '[ab]', '[!a]', '\\*'];
    const toRegex = (g: string[]) =>
      new RegExp(`^${g.map((t) => (t === '*' ? '.*' : t === '?' ? '.' : t === '[!a]' ? '[^a]' : t === '\\*' ? '\\*' : t === '-' ? '\\-' : t)).join('')}$`, 's');
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let k = 0; k < 3000; k++) {
      const g = Array.from({ length: 1 + rnd(6) }, () => alphabet[rnd(alphabet.length)]!);
      const s = Array.from({ length: rnd(8) }, () => 'ab-*'[rnd(4)]!).join('');
      expect(matchGlob(g.join(''), s), `${g.join('')} ${s}`).toBe(toRegex(g).test(s));
    }
  });
});
