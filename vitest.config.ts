import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    // `npm run test:unit|test:api|test:e2e` runs one of them; `npm test` all three.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: { name: 'api', include: ['apps/server/**/*.test.ts'], sequence: { groupOrder: 0 } },
      },
      // Browser tests wait on Chromium, ffmpeg and the server at once: on a loaded 2-core machine
      // one can take minutes, so they get a longer limit (not a measure of speed).
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts', 'apps/mobile/e2e/**/*.test.ts'],
          testTimeout: 180_000,
          // expect.poll waits for a condition (a saved change, a message arriving); its default of
          // 1 s is shorter than one request on a loaded 2-core CI with two browsers running.
          expect: { poll: { timeout: 20_000, interval: 100 } },
          // Set-ups render and transcode demo songs with ffmpeg beside a running browser.
          hookTimeout: 300_000,
          // After the unit and API tests, two files at a time: each runs a server, Chromium and
          // ffmpeg, and three at once beside the API tests starved real-time playback on 2 cores.
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
        },
      },
    ],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 3,
    // Test files share their worker's module cache: each worker imports the app once instead of
    // once per file (about a third off the suite on 2 cores). Every file starts its own servers
    // and databases, and restores what it stubs.
    isolate: false,
  },
});
