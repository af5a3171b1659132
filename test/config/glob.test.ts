import { describe, expect, test } from 'vitest';
import { compileGlob, GlobError, matchGlob, validateGlob } from '../../src/workloads/glob.js';

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
