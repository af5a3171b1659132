/** Golden files: compare, or rewrite when UPDATE_GOLDEN=1 (then read the diff before committing). */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';

export const UPDATE = process.env.UPDATE_GOLDEN === '1';

export function golden(path: string, actual: string): void {
  if (UPDATE || !existsSync(path)) {
    writeFileSync(path, actual);
    return;
  }
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

/** The output without its `results:` block, which differs between runs by design. */
export function stripResults(resourceList: string): string {
  const i = resourceList.search(/^results:/m);
  return i < 0 ? resourceList : resourceList.slice(0, i);
}
