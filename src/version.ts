declare const __VERSION__: string | undefined;

/** The package's version: set by the build (scripts/build.mjs) and by vitest.config.ts. */
export const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';
