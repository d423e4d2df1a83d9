import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { isSettledSongStatus } from '@tt/rules';
import { moderationEndpoints, songEndpoints, type SongDto, type SongStatus } from '@tt/protocol';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { ffmpegPath } from './hls';

/** Test helpers of the upload pipeline (tones, forms, polling): not used by the server. */

export const UPLOAD_PATH = '/api/song-service/upload/song';
const run = promisify(execFile);

/** A sine tone of `seconds` as MP3 in `dir`, with these tags. */
export async function tone(
  dir: string,
  name: string,
  seconds: number,
  metadata: Record<string, string> = {},
): Promise<Buffer> {
  const out = path.join(dir, name);
  const meta = Object.entries(metadata).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);
  // Long tones are made small (mono, 8 kHz, 8 kb/s): only their length matters.
  const small = seconds > 60 ? ['-ac', '1', '-ar', '8000', '-b:a', '8k'] : [];
  await run(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...small,
    ...meta,
    out,
  ]);
  return fs.readFile(out);
}

export function form(file: Buffer, name: string, fields: Record<string, string> = {}): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new Blob([new Uint8Array(file)], { type: 'audio/mpeg' }), name);
  return fd;
}

export function upload(s: TestServer, token: string | null, formData: FormData): Promise<SongDto> {
  return s.as(token).raw({ method: 'POST', path: UPLOAD_PATH, formData }) as Promise<SongDto>;
}

/** A new account holding the uploadMusic capability (granted by a new moderator). */
export async function createUploader(s: TestServer) {
  const moderator = await s.createUser({ roles: ['user', 'moderator'] });
  const user = await s.createUser();
  await s.as(moderator.token).call(moderationEndpoints.addCapability, {
    params: { id: user.uuid, capability: 'uploadMusic' },
  });
  return user;
}

/**
 * Polls GET /songs/{id} (every 100 ms) until the song's status satisfies `done` — by default,
 * until the pipeline has settled it. Fails after two minutes: a generous bound, not a timing.
 */
export async function pollSong(
  s: TestServer,
  id: string,
  done: (status: SongStatus) => boolean = isSettledSongStatus,
): Promise<SongDto> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const song = await s.client.call(songEndpoints.get, { params: { id } });
    if (done(song.status)) return song;
    if (Date.now() > deadline) {
      throw new Error(`song ${id} is still ${song.status} after two minutes`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The shared setup of the transcode suites: a temporary folder, an 8-second tagged MP3 in it and
 * the servers the suite starts, all removed after it.
 */
export function transcodeSuite(tag: string, title: string) {
  const state: { tmp: string; tagged: Buffer } = { tmp: '', tagged: Buffer.alloc(0) };
  const servers: TestServer[] = [];
  beforeAll(async () => {
    state.tmp = await fs.mkdtemp(path.join(os.tmpdir(), `tt-song-${tag}-`));
    state.tagged = await tone(state.tmp, 'tagged.mp3', 8, { title, artist: 'Oscillator' });
  }, 180_000);
  afterAll(async () => {
    for (const s of servers.reverse()) await s.close();
    await fs.rm(state.tmp, { recursive: true, force: true });
  });
  return {
    get tmp() {
      return state.tmp;
    },
    get tagged() {
      return state.tagged;
    },
    /** A server closed by the test itself (a restart): not closed again after the suite. */
    forget(s: TestServer): void {
      servers.splice(servers.indexOf(s), 1);
    },
    async server(env: Record<string, string> = {}, opts = {}): Promise<TestServer> {
      const s = await startTestServer(env, opts);
      servers.push(s);
      return s;
    },
  };
}
