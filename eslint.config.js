// ESLint for every TypeScript file of the repository (web/, tests/, bench/), with typescript-eslint's
// recommended rules; formatting is Prettier's job (eslint-config-prettier turns style rules off).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'build/',
      'web/src/lib/wasm/',
      'web/src/lib/analysis/types.generated.ts',
      'web/src/lib/lab/info.generated.ts',
      'web/src/lib/limits.generated.ts',
      'tests/e2e/screenshots/',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Unused names are mistakes, except arguments kept for a signature (prefixed _).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Test helpers and emscripten glue types use `any` deliberately in a few places; flag, not fail.
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
);
