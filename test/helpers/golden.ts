/** Golden files: compare, or rewrite when UPDATE_GOLDEN=1 (then read the diff before committing). */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

export const FILTER_FIXTURES = join(__dirname, '..', '..', 'fixtures', 'filter');

/** Every golden case's input and expected output that exists, as `{ key: 'case/file', source }`. */
export function fixtureSources(): { key: string; source: string }[] {
  return readdirSync(FILTER_FIXTURES)
    .sort()
    .flatMap((name) =>
      ['input.yaml', 'expected.yaml']
        .filter((file) => existsSync(join(FILTER_FIXTURES, name, file)))
        .map((file) => ({ key: `${name}/${file}`, source: readFileSync(join(FILTER_FIXTURES, name, file), 'utf8') })),
    );
}
