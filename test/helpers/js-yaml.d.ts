/** js-yaml (a devDependency, no bundled types): the one function the tests use. */
declare module 'js-yaml' {
  export function load(text: string): unknown;
}
