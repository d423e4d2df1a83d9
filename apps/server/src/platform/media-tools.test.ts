import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { mediaToolPath } from './media-tools';

const require = createRequire(import.meta.url);

describe('mediaToolPath', () => {
  it.each(['ffmpeg', 'ffprobe'] as const)('finds a %s that runs', (tool) => {
    const found = mediaToolPath(tool);
    expect(spawnSync(found, ['-version'], { stdio: 'ignore' }).status).toBe(0);
    expect(mediaToolPath(tool)).toBe(found);
  });

  it('the bundled static ffmpeg runs on this platform (the fallback of a machine without one)', () => {
    const bundled = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    const out = spawnSync(bundled, [
      '-hide_banner',
      '-f',
      'lavfi',
      '-i',
      'sine=d=1',
      '-f',
      'null',
      '-',
    ]);
    expect(out.status).toBe(0);
  });
});
