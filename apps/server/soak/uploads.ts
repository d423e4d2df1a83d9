import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { moderationEndpoints, songEndpoints } from '@tt/protocol';
import type { Service } from './services';
import { api, retrying } from './http';

/**
 * Uploads during the chaos: each one's transcode job may be running in a process that is killed.
 * At the end every upload must have left VALID_FILE_TYPE / VERIFICATION_POSTPONED (JOBS-STALL-1:
 * taken up again within a minute; nothing waits for the 15-minute sweep).
 */
const run = promisify(execFile);
export const UPLOAD_PATH = '/api/song-service/upload/song';

/** An 8-second MP3 tone (made once). */
export async function toneFile(): Promise<{ bytes: Buffer; drop: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-soak-tone-'));
  const out = path.join(dir, 'tone.mp3');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'sine=frequency=440:duration=8', '-metadata', 'title=Soak Tone'],
    ...['-metadata', 'artist=Soak', out],
  ]);
  return { bytes: await fs.readFile(out), drop: () => fs.rm(dir, { recursive: true }) };
}

/**
 * The accounts as a verified community has them (in the database: the soak reads no mail): every
 * e-mail address verified and `moderator` a moderator.
 */
export async function verifyAccounts(db: Service, moderator: string): Promise<void> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    await c.query(`UPDATE emails SET status = 'VERIFIED', verified_at = now()`);
    await c.query(`UPDATE users SET roles = '["user","moderator"]'::jsonb WHERE uuid = $1`, [
      moderator,
    ]);
  } finally {
    await c.end();
  }
}

/** `moderator` (a moderator) grants `uploader` the uploadMusic capability. */
export async function grantUpload(base: string, moderatorToken: string, uploader: string) {
  await retrying(() =>
    api(base, moderatorToken).call(moderationEndpoints.addCapability, {
      params: { id: uploader, capability: 'uploadMusic' },
    }),
  );
}

export async function upload(base: string, token: string, bytes: Buffer, n: number) {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/mpeg' }), `soak-${n}.mp3`);
  try {
    const song = (await api(base, token).raw({
      method: 'POST',
      path: UPLOAD_PATH,
      formData: fd,
    })) as { songShortId: string };
    return song.songShortId;
  } catch {
    return null;
  }
}

export async function statusOf(base: string, id: string): Promise<string> {
  const song = await retrying(() => api(base).call(songEndpoints.get, { params: { id } }));
  return song.status;
}
