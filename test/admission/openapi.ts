/** Moved to test/helpers/openapi.ts (issue 39: every output of the function is held to it too). */
export { builtinsDir, openapiErrors } from '../helpers/openapi.js';
