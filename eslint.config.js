import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// ACCESS-TABLE-1: who may do what is the access table of packages/rules, read through can().
const ROLE_NAMES = 'superUser|admin|globalModerator|moderator|staff|promoter|owner|coOwner';
const ROLE_LISTS = [
  {
    selector: 'VariableDeclarator[id.name=/_ROLES$/]',
    message: 'Role lists live in the access table (packages/rules): ask can(actor, permission).',
  },
  {
    selector: `CallExpression[callee.property.name=/^(includes|some|indexOf)$/] > Literal.arguments[value=/^(${ROLE_NAMES})$/]`,
    message: 'Deciding by a role name belongs to the access table (packages/rules): use can().',
  },
];
const API_IN_COMPONENTS = [
  {
    selector:
      "CallExpression[callee.type='MemberExpression'][callee.object.name='api'][callee.property.name='call']",
    message: "Call the API in the feature's queries.ts (a useXQuery or useXMutation hook).",
  },
  {
    selector: "ImportDeclaration[source.value=/lib\\/api$/] ImportSpecifier[imported.name='api']",
    message: "Call the API in the feature's queries.ts (a useXQuery or useXMutation hook).",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      // The mobile app's generated files: Expo's state, the native projects of `expo prebuild`,
      // the Metro and Jest caches.
      'apps/mobile/{.expo,.cache,ios,android}/**',
      'apps/mobile/expo-env.d.ts',
    ],
  },
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
  {
    files: ['apps/mobile/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Expo and Jest load the mobile app's config files as CommonJS.
  {
    files: ['apps/mobile/*.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // No role lists outside the access table. The protocol's enums name the roles (TOKEN_ROLES,
  // USER_ROLES, COMMUNITY_ROLES): a vocabulary, not a decision.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    ignores: [
      'packages/rules/**',
      'packages/protocol/src/enums.ts',
      'packages/protocol/src/room/communities.ts',
      '**/*.test.{ts,tsx}',
      'apps/*/e2e/**',
      'apps/server/test/**',
    ],
    rules: { 'no-restricted-syntax': ['error', ...ROLE_LISTS] },
  },
  // Components call the API through their feature's queries (useXQuery / useXMutation hooks).
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...ROLE_LISTS, ...API_IN_COMPONENTS] },
  },
  // The room client runs in browsers and in React Native alike: no DOM (the platform passes in its
  // WebSocket, storage and origin), and React only in its `react` entry.
  {
    files: ['packages/room-client/src/**/*.ts'],
    ignores: ['packages/room-client/src/react.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'location', 'navigator', 'localStorage', 'sessionStorage'].map(
          (name) => ({ name, message: 'The room client has no DOM: take it as an option.' }),
        ),
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'react-native', 'zustand'].map((name) => ({
            name,
            message: "Only src/react.ts uses React; the store comes from 'zustand/vanilla'.",
          })),
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
