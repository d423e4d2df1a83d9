#!/usr/bin/env node
// Before `npm test`: the end-to-end tests need Chromium, and the media tests a full ffmpeg (the
// bundled static build lacks `amix … normalize` and its ffprobe crashes on MPEG-TS segments).
// Missing ones are installed with apt when this user can (root, or sudo without a password);
// otherwise this stops at once with the exact command to run.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const has = (cmd, args) => spawnSync(cmd, args, { encoding: 'utf8' });

function ffmpegOk() {
  const r = has('ffmpeg', ['-hide_banner', '-h', 'filter=amix']);
  return r.status === 0 && /normalize/.test(r.stdout) && has('ffprobe', ['-version']).status === 0;
}

const missing = [];
if (!fs.existsSync(chromium)) missing.push('chromium');
if (!ffmpegOk()) missing.push('ffmpeg');
if (missing.length === 0) process.exit(0);

const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
const root = process.getuid?.() === 0;
const sudo = !root && has('sudo', ['-n', 'true']).status === 0;
const apt = has('apt-get', ['--version']).status === 0;
if (apt && (root || sudo)) {
  console.log(`npm test needs ${missing.join(' and ')}: installing with apt…`);
  const run = (args) =>
    execFileSync(root ? args[0] : 'sudo', root ? args.slice(1) : ['-n', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', ...missing]);
  if (!fs.existsSync(chromium) || !ffmpegOk()) {
    console.error('The installation did not give a usable Chromium and ffmpeg.');
    process.exit(1);
  }
  process.exit(0);
}
console.error(
  `npm test needs ${missing.join(' and ')} (Chromium for the browser tests, a full ffmpeg for the media tests).\n` +
    `Install ${missing.length > 1 ? 'them' : 'it'} and run npm test again:\n\n  sudo ${command}\n\n` +
    '(Set CHROMIUM_PATH if Chromium lives elsewhere.)',
);
process.exit(1);
