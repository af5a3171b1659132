/** js-yaml (a devDependency, no bundled types): the functions the tests use. */
declare module 'js-yaml' {
  export function load(text: string): unknown;
  export function loadAll(text: string): unknown[];
}
