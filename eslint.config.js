import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { boundaries } from './eslint/boundaries.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        {
          // A call takes about 120,000 arguments: a long run's steps, or a list in a stranger's log, can hold more.
          selector: "CallExpression[callee.object.name='Math'] > SpreadElement",
          message: 'Fold the values (a loop or reduce): Math.max(...values) throws past about 120,000 of them.',
        },
      ],
    },
  },
  {
    // The layers (eslint/boundaries.js says which folder may import which) and no import circles.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/layers': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts', 'src/store/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    // The React Compiler is not used, so its library-compatibility notes do not apply.
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/incompatible-library': 'off' },
  },
  {
    // The engine (and the quality measure beside it) is pure: no UI, storage, network, clock or randomness.
    files: ['src/engine/**/*.ts', 'src/inspect/quality/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'zustand', 'dexie', 'openai', 'node:*', 'gpt-tokenizer*', 'smol-toml'],
              message: 'The engine is pure; pass it a port instead.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'indexedDB',
        'fetch',
        'localStorage',
        'navigator',
        'setTimeout',
        'setInterval',
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'No clock in the engine.' },
        { object: 'Math', property: 'random', message: 'No randomness in the engine.' },
        { object: 'performance', property: 'now', message: 'No clock in the engine.' },
      ],
    },
  },
  {
    // The UI reaches storage, the LLM and the worker only through the store (eslint/boundaries.js for the project's own folders).
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['dexie', 'openai'], message: 'Go through the store.' }] },
      ],
    },
  },
);
