#!/usr/bin/env node
// `npm run check`: types (every workspace, and the phone app's browser flow), lint, format, the
// phone app's native bundles and its native configuration. The steps read and write nothing the
// others use, so they run side by side, as many at once as the machine has cores (at most
// CHECK_JOBS), longest first; each step's output is printed whole when it ends, and the run fails
// when any step fails. On a 2-core machine one step after another took 243 s.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const npm = (...args) => ['npm', args];

/** Every workspace with a typecheck script (the root's `npm run typecheck` runs the same). */
const workspaces = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  .workspaces.flatMap((glob) => {
    const dir = glob.replace(/\/\*$/, '');
    return fs.readdirSync(path.join(root, dir)).map((name) => `${dir}/${name}`);
  })
  .filter((dir) => {
    const file = path.join(root, dir, 'package.json');
    return fs.existsSync(file) && JSON.parse(fs.readFileSync(file, 'utf8')).scripts?.typecheck;
  });

/** Seconds each step took one after another on 2 cores: the longest start first. */
const SECONDS = { 'apps/web': 37, 'apps/server': 25, 'apps/mobile': 14 };

/** [name, command, arguments, seconds one after another]. */
const STEPS = [
  // One step, one after the other: the configuration check copies the app's sources into
  // apps/mobile/.cache while the bundler may still be reading the app's folders.
  [
    'phone app native bundles, then native config',
    'sh',
    ['-c', 'npm run export:native -w @tt/mobile && npm run prebuild:check -w @tt/mobile'],
    87,
  ],
  ...workspaces.map((dir) => [
    `types: ${dir}`,
    ...npm('run', 'typecheck', '-w', dir),
    SECONDS[dir] ?? 6,
  ]),
  ['format', bin('prettier'), ['--check', '.'], 25],
  ['lint', bin('eslint'), ['.', '--max-warnings', '0'], 21],
  ['types: phone app browser flow', bin('tsc'), ['-p', 'apps/mobile/e2e'], 19],
].sort((a, b) => b[3] - a[3]);

const jobs = Math.max(1, Math.min(Number(process.env.CHECK_JOBS) || 4, os.availableParallelism()));
const started = Date.now();
const failed = [];

function run([name, command, args]) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    let settled = false;
    // A command that cannot start emits 'error' and then 'close': the step is reported once.
    const done = (code, why) => {
      if (settled) return;
      settled = true;
      const secs = ((Date.now() - t0) / 1000).toFixed(1);
      const ok = code === 0;
      if (!ok) failed.push(name);
      const text = Buffer.concat(out).toString().trimEnd();
      process.stdout.write(
        `\n--- ${ok ? 'ok' : 'FAILED'}: ${name} (${secs} s${why ? `, ${why}` : ''})\n` +
          (text && (!ok || process.env.CHECK_VERBOSE) ? `${text}\n` : ''),
      );
      resolve();
    };
    child.on('error', (err) => done(1, err.message));
    child.on('close', (code, signal) => done(code ?? 1, signal ?? undefined));
  });
}

const queue = [...STEPS];
await Promise.all(
  Array.from({ length: jobs }, async () => {
    for (let step = queue.shift(); step; step = queue.shift()) await run(step);
  }),
);
const total = ((Date.now() - started) / 1000).toFixed(0);
if (failed.length > 0) {
  console.error(`\ncheck failed in ${total} s: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\ncheck passed: ${STEPS.length} steps in ${total} s, ${jobs} at a time`);
