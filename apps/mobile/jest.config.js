const path = require('node:path');

// The app has its own React (apps/mobile/node_modules/react, the version Expo's SDK expects) beside
// the web's at the workspace root. Metro picks the app's copy by itself; Jest must be told, or
// hooks from the root copy fail ("reading 'useState'").
const react = path.dirname(require.resolve('react/package.json', { paths: [__dirname] }));

/** @type {import('jest').Config} */
module.exports = {
  preset: 'jest-expo',
  cacheDirectory: path.join(__dirname, '.cache', 'jest'),
  // A cold run transforms expo-router and React Native while the first test renders.
  testTimeout: 60_000,
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/jest-setup.ts'],
  moduleNameMapper: {
    '^react$': react,
    '^react/(.*)$': `${react}/$1`,
  },
};
