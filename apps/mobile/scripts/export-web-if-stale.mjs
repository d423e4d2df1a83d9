// Builds the web export (`expo export --platform web` → apps/mobile/dist/web) only when it is
// missing or older than what goes into it: the app's sources and config, the workspace packages
// it bundles, the lock file, and the build settings (BRAND, API_URL). `npm test` runs it before
// the Chromium flow test, which serves that folder; a second run with nothing changed is instant.
// The build goes to a scratch folder first and replaces dist/web in one rename, so a server
// reading the old export never sees half of the new one; a lock keeps two runs from building at
// once (the second waits, then finds the export fresh).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(app, '..', '..');
export const EXPORT_DIR = path.join(app, 'dist', 'web');
const STAMP = path.join(EXPORT_DIR, 'export-stamp.json');
const LOCK = path.join(app, 'dist', '.export-web-lock');
/** A lock older than this is left over from a build that died. */
const LOCK_STALE_MS = 20 * 60_000;

/** What the build reads besides files: a change of brand or server is a new export. */
function settings() {
  return { brand: process.env.BRAND ?? '', apiUrl: process.env.API_URL ?? '' };
}

const SOURCES = [
  ...['app', 'src', 'assets', 'app.config.ts', 'metro.config.js', 'package.json', 'tsconfig.json'],
  ...[
    '../../packages/protocol/src',
    '../../packages/rules/src',
    '../../packages/room-client/src',
    '../../packages/api-client/src',
  ],
  '../../package-lock.json',
].map((p) => path.join(app, p));

const IGNORED = /(^|[/\\])(node_modules|\.cache|dist)([/\\]|$)|\.test\.tsx?$/;

/** The newest modification time among the export's inputs (ms). */
function newestSource() {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) {
        const child = path.join(p, entry);
        if (!IGNORED.test(child)) visit(child);
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const p of SOURCES) visit(p);
  return newest;
}

/** Why the export must be built, or null when it is up to date. */
export function staleReason() {
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(STAMP, 'utf8'));
  } catch {
    return fs.existsSync(path.join(EXPORT_DIR, 'index.html'))
      ? 'the export has no stamp (built by hand)'
      : 'there is no export yet';
  }
  const now = settings();
  if (stamp.brand !== now.brand || stamp.apiUrl !== now.apiUrl) return 'BRAND or API_URL changed';
  if (!fs.existsSync(path.join(EXPORT_DIR, 'index.html'))) return 'index.html is missing';
  if (newestSource() > stamp.sourcesAt) return 'a source changed since the last export';
  return null;
}

function build() {
  const sourcesAt = newestSource();
  const scratch = path.join(app, 'dist', `.web-${process.pid}`);
  fs.rmSync(scratch, { recursive: true, force: true });
  const started = Date.now();
  execFileSync('npx', ['expo', 'export', '--platform', 'web', '--output-dir', scratch], {
    cwd: app,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, CI: '1', EXPO_NO_TELEMETRY: '1' },
  });
  fs.writeFileSync(
    path.join(scratch, 'export-stamp.json'),
    `${JSON.stringify({ ...settings(), sourcesAt, builtAt: new Date().toISOString() })}\n`,
  );
  const old = path.join(app, 'dist', `.web-old-${process.pid}`);
  if (fs.existsSync(EXPORT_DIR)) fs.renameSync(EXPORT_DIR, old);
  fs.renameSync(scratch, EXPORT_DIR);
  fs.rmSync(old, { recursive: true, force: true });
  return Date.now() - started;
}

const lockAge = () => {
  try {
    return Date.now() - fs.statSync(LOCK).mtimeMs;
  } catch {
    return Infinity;
  }
};

function takeLock() {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  try {
    fs.mkdirSync(LOCK);
    return true;
  } catch {
    if (lockAge() < LOCK_STALE_MS) return false;
    fs.rmSync(LOCK, { recursive: true, force: true });
    return takeLock();
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Builds the export unless it is up to date; answers what was done. */
export async function exportWebIfStale() {
  for (;;) {
    const reason = staleReason();
    if (!reason) return 'up to date';
    if (takeLock()) {
      try {
        // Another run may have finished between the check and the lock.
        const still = staleReason();
        if (!still) return 'up to date';
        const ms = build();
        return `built in ${(ms / 1000).toFixed(0)} s (${still})`;
      } finally {
        fs.rmSync(LOCK, { recursive: true, force: true });
      }
    }
    // Another run is building: wait for it, then look again.
    while (lockAge() < LOCK_STALE_MS) await sleep(500);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const done = await exportWebIfStale();
  console.log(`mobile web export (${path.relative(root, EXPORT_DIR)}): ${done}`);
}
