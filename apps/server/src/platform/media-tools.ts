import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The npm packages that carry a static build of each program (optional dependencies). */
const BUNDLED = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
} as const;

export type MediaTool = keyof typeof BUNDLED;

const found = new Map<MediaTool, string>();

function onPath(name: string): boolean {
  try {
    return spawnSync(name, ['-version'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
  } catch {
    return false;
  }
}

/**
 * The program to run for ffmpeg or ffprobe: the one on PATH (a system package, the best build),
 * else the static build of the bundled npm package, else the bare name (and the transcode is
 * postponed with a logged error until one is installed). Looked up once per process.
 */
export function mediaToolPath(tool: MediaTool): string {
  const known = found.get(tool);
  if (known) return known;
  let resolved: string = tool;
  if (!onPath(tool)) {
    try {
      resolved = (require(BUNDLED[tool]) as { path: string }).path;
    } catch {
      resolved = tool;
    }
  }
  found.set(tool, resolved);
  return resolved;
}

/** Whether the program can run here: on PATH or from the bundled static build (looked up once). */
export function mediaToolAvailable(tool: MediaTool): boolean {
  let ok = available.get(tool);
  if (ok === undefined) {
    ok = mediaToolPath(tool) !== tool || onPath(tool);
    available.set(tool, ok);
  }
  return ok;
}

const available = new Map<MediaTool, boolean>();
