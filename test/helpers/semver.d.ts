/** semver (a devDependency, no bundled types): the functions the tests use. */
declare module 'semver' {
  export function satisfies(version: string, range: string): boolean;
  export function minVersion(range: string): { version: string } | null;
}
