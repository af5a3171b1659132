import type { Result } from '../../src/krm/types.js';

/**
 * A result on one line, its parts marked (issue 31): `summary | why | fix: …`. For tests that look
 * for what a result says wherever it says it; tests of the parts read `message`, `detail`, `fix`.
 */
export function said(r: Result): string {
  return [r.message, r.detail, r.fix && `fix: ${r.fix}`].filter(Boolean).join(' | ');
}
