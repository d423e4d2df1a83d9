// Generates the native projects (`expo prebuild`) for each brand in a scratch copy of the app and
// checks what background audio and push need: on iOS the audio and remote-notification background
// modes and the aps-environment entitlement, on Android expo-video's media playback foreground
// service and its permissions; and each brand's deep-link scheme and identifiers. The generated
// projects are deleted afterwards: they are not committed (`expo prebuild` makes them on a build).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside the app, so the copy resolves the app's and the workspace's node_modules.
const scratch = path.join(app, '.cache', 'prebuild-check');
const BRANDS = {
  turntable: { scheme: 'turntable', id: 'live.turntable.app' },
  hangout: { scheme: 'hangout', id: 'fm.hangout.app' },
};

const failures = [];
const check = (brand, ok, what) => {
  if (!ok) failures.push(`${brand}: ${what}`);
};

/** The strings of a plist array under `key` (the generated plists are pretty-printed XML). */
function plistArray(xml, key) {
  const m = xml.match(new RegExp(`<key>${key}</key>\\s*<array>([\\s\\S]*?)</array>`));
  return m ? [...m[1].matchAll(/<string>([^<]*)<\/string>/g)].map((s) => s[1]) : [];
}

function prebuild(brand) {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  for (const entry of ['package.json', 'app.config.ts', 'tsconfig.json', 'app', 'src']) {
    cpSync(path.join(app, entry), path.join(scratch, entry), { recursive: true });
  }
  const started = Date.now();
  execFileSync('npx', ['expo', 'prebuild', '--no-install', '--clean'], {
    cwd: scratch,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, BRAND: brand, CI: '1', EXPO_NO_GIT_STATUS: '1' },
  });
  return Date.now() - started;
}

function checkIos(brand, want) {
  const ios = path.join(scratch, 'ios');
  const project = readdirSync(ios)
    .find((f) => f.endsWith('.xcodeproj'))
    ?.replace(/\.xcodeproj$/, '');
  if (!project) return check(brand, false, 'no Xcode project in ios/');
  const plist = readFileSync(path.join(ios, project, 'Info.plist'), 'utf8');
  const modes = plistArray(plist, 'UIBackgroundModes');
  check(brand, modes.includes('audio'), `Info.plist UIBackgroundModes lacks audio (${modes})`);
  check(
    brand,
    modes.includes('remote-notification'),
    `Info.plist UIBackgroundModes lacks remote-notification (${modes})`,
  );
  const schemes = plistArray(plist, 'CFBundleURLSchemes');
  check(brand, schemes.includes(want.scheme), `Info.plist URL schemes lack ${want.scheme}`);
  const entitlements = path.join(ios, project, `${project}.entitlements`);
  check(
    brand,
    existsSync(entitlements) &&
      /<key>aps-environment<\/key>\s*<string>(development|production)<\/string>/.test(
        readFileSync(entitlements, 'utf8'),
      ),
    'no aps-environment entitlement',
  );
  const pbxproj = readFileSync(path.join(ios, `${project}.xcodeproj`, 'project.pbxproj'), 'utf8');
  check(
    brand,
    pbxproj.includes(`PRODUCT_BUNDLE_IDENTIFIER = "${want.id}";`),
    `bundle identifier is not ${want.id}`,
  );
}

function checkAndroid(brand, want) {
  const manifestPath = path.join(scratch, 'android', 'app', 'src', 'main', 'AndroidManifest.xml');
  const manifest = readFileSync(manifestPath, 'utf8');
  for (const permission of ['FOREGROUND_SERVICE', 'FOREGROUND_SERVICE_MEDIA_PLAYBACK']) {
    check(
      brand,
      manifest.includes(`<uses-permission android:name="android.permission.${permission}"/>`),
      `AndroidManifest lacks the ${permission} permission`,
    );
  }
  const service = manifest.match(
    /<service android:name="expo\.modules\.video\.playbackService\.ExpoVideoPlaybackService"[^>]*>/,
  );
  check(
    brand,
    service?.[0].includes('android:foregroundServiceType="mediaPlayback"'),
    'AndroidManifest lacks the media playback foreground service',
  );
  check(
    brand,
    manifest.includes(`<data android:scheme="${want.scheme}"/>`),
    `AndroidManifest has no intent filter for ${want.scheme}://`,
  );
  const gradle = readFileSync(path.join(scratch, 'android', 'app', 'build.gradle'), 'utf8');
  check(brand, gradle.includes(`applicationId '${want.id}'`), `applicationId is not ${want.id}`);
}

try {
  for (const [brand, want] of Object.entries(BRANDS)) {
    const ms = prebuild(brand);
    checkIos(brand, want);
    checkAndroid(brand, want);
    console.log(`${brand}: prebuild ${(ms / 1000).toFixed(1)} s`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

if (failures.length) {
  console.error(`Native config check failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('Native config OK: background audio, media playback service, push entitlement.');
