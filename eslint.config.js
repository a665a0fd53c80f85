import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    rules: { 'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }] },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts', 'src/store/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    // The React Compiler is not used, so its library-compatibility notes do not apply.
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/incompatible-library': 'off' },
  },
  {
    // The engine is pure: no UI, storage, network, clock or randomness.
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'zustand', 'dexie', 'openai', 'node:*', 'gpt-tokenizer*', 'smol-toml'], message: 'The engine is pure; pass it a port instead.' },
            { group: ['../formats/*', '../llm/*', '../storage/*', '../store/*', '../ui/*', '../worker/*', '../cli/*'], message: 'The engine imports nothing else of the project.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'indexedDB', 'fetch', 'localStorage', 'navigator', 'setTimeout', 'setInterval'],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'No clock in the engine.' },
        { object: 'Math', property: 'random', message: 'No randomness in the engine.' },
        { object: 'performance', property: 'now', message: 'No clock in the engine.' },
      ],
    },
  },
  {
    // "Facts lost" is pure and stands alone: no Node, DOM, clock or randomness, nothing else of the project.
    files: ['src/inspect/quality/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'react', 'react-dom', 'zustand', 'dexie', 'openai'], message: 'src/inspect/quality is pure.' },
            { group: ['../*'], message: 'src/inspect/quality imports nothing else of the project.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'indexedDB', 'fetch', 'localStorage', 'navigator', 'setTimeout', 'setInterval'],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'No clock here.' },
        { object: 'Math', property: 'random', message: 'No randomness here.' },
        { object: 'performance', property: 'now', message: 'No clock here.' },
      ],
    },
  },
  {
    // The UI reaches storage, the LLM and the worker only through the store.
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/storage/*', '**/llm/*', '**/worker/*', 'dexie', 'openai'], message: 'Go through the store.' }] },
      ],
    },
  },
);
