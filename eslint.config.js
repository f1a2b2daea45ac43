import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint-boundaries.mjs';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // An option's label is read through `labelOf` (common/src/domain/reference.ts), never by a hand-written lookup.
      'no-restricted-syntax': [
        'error',
        ...[
          "MemberExpression[property.name='label'] > CallExpression.object[callee.property.name='find']",
          "MemberExpression[property.name='label'] > TSNonNullExpression.object > CallExpression[callee.property.name='find']",
          // The same lookup through a helper that returns the whole option (`eventType(type).label`).
          "MemberExpression[property.name='label'] > CallExpression.object[callee.name=/^(documentKind|eventType|statistic)$/]",
        ].map((selector) => ({ selector, message: 'Read an option’s label with labelOf(options, value) from @hsa-lli/common/domain.' })),
      ],
    },
  },
  {
    files: ['shell/src/**', 'mf-*/src/**', 'common/src/**', 'common/build/style-tag-transform.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, hsa: boundaries },
    rules: { ...reactHooks.configs.recommended.rules, 'hsa/boundaries': 'error' },
  },
  {
    files: ['api/src/**'],
    plugins: { hsa: boundaries },
    rules: { 'hsa/boundaries': 'error' },
  },
);
