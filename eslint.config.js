// Lint: the recommended JavaScript and TypeScript rules, run by `npm test` (see docs/contributing.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'bench/out/', 'node_modules/', 'coverage/', 'src/config/validate.generated.*', 'examples/', 'fixtures/', '.ci/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        TextDecoder: 'readonly',
        TextEncoder: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setImmediate: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        structuredClone: 'readonly',
        __dirname: 'readonly',
        require: 'readonly',
        module: 'writable',
        AbortController: 'readonly',
        queueMicrotask: 'readonly',
        performance: 'readonly',
        fetch: 'readonly',
        __filename: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-require-imports': 'off',
      // Input validation matches control characters on purpose (names, values, log escaping).
      'no-control-regex': 'off',
    },
  },
  { files: ['test/**'], rules: { '@typescript-eslint/no-explicit-any': 'off', 'preserve-caught-error': 'off' } },
);
