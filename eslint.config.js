import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      'preserve-caught-error': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Components call the API through their feature's queries (useXQuery / useXMutation hooks).
  {
    files: ['apps/web/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.object.name='api'][callee.property.name='call']",
          message: "Call the API in the feature's queries.ts (a useXQuery or useXMutation hook).",
        },
        {
          selector:
            "ImportDeclaration[source.value=/lib\\/api$/] ImportSpecifier[imported.name='api']",
          message: "Call the API in the feature's queries.ts (a useXQuery or useXMutation hook).",
        },
      ],
    },
  },
  // The web app's layers (apps/web/src/architecture.test.ts also refuses circles between features).
  {
    files: ['apps/web/src/{entities,ui,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/pages/**', '**/app/**'],
              message: 'entities/, ui/ and lib/ sit below the features: move the shared part down.',
            },
          ],
        },
      ],
    },
  },
);
