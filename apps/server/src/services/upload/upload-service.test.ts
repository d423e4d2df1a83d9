import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, uploadEndpoints as e, type SongDto } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { createUploader, form, pollSong, tone, upload } from '../song/upload.fixtures';

let s: TestServer;
let dir: string;
let uploader: Awaited<ReturnType<typeof createUploader>>;
let other: Awaited<ReturnType<TestServer['createUser']>>;
let verified: SongDto;
let untagged: SongDto;

beforeAll(async () => {
  s = await startTestServer();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-upload-service-'));
  uploader = await createUploader(s);
  other = await s.createUser();
  const answer = await upload(
    s,
    uploader.token,
    form(
      await tone(dir, 'a.mp3', 6, { title: 'Harbour Lights', artist: 'Upload Tester' }),
      'a.mp3',
    ),
  );
  verified = await pollSong(s, answer.songShortId);
  untagged = await upload(s, uploader.token, form(await tone(dir, 'b.mp3', 6), 'b.mp3'));
}, 180_000);
afterAll(async () => {
  await s.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('upload service (getSong, getHlsPlaylistUrl, search, getSongsForUser)', () => {
  it('answers a song by short id or numeric id, and 404 for an unknown one', async () => {
    expect(verified.status).toBe('VERIFIED');
    const byShort = await s.client.call(e.getSong, { params: { id: verified.songShortId } });
    const byId = await s.client.call(e.getSong, { params: { id: String(verified.id) } });
    expect(byShort).toEqual(byId);
    expect(byShort.trackName).toBe('Harbour Lights');
    await expectError(
      s.client.call(e.getSong, { params: { id: 'nosuchsong' } }),
      404,
      'Song not found.',
    );
  });

  it('gives the absolute HLS playlist URL of a verified song, 403 before', async () => {
    const { hlsPlaylistUrl } = await s.client.call(e.hlsPlaylistUrl, {
      params: { id: verified.songShortId },
    });
    expect(hlsPlaylistUrl).toMatch(
      new RegExp(`^https?://.+/api/song-service/songs/${verified.songShortId}/hls-playlist$`),
    );
    const playlist = await fetch(`${s.url}${new URL(hlsPlaylistUrl).pathname}`);
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain('#EXT-X-KEY:METHOD=AES-128');
    expect(untagged.status).toBe('MISSING_METADATA');
    await expectError(
      s.client.call(e.hlsPlaylistUrl, { params: { id: untagged.songShortId } }),
      403,
      'Song is not verified',
    );
  });

  it('searches verified songs for any signed-in caller, guests included', async () => {
    const guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
    const found = await s.as(guest).call(e.search, { query: { q: 'harbour' } });
    expect(found.songs.map((x) => x.songShortId)).toEqual([verified.songShortId]);
    await expectError(s.client.call(e.search, { query: { q: 'harbour' } }), 401);
    await expectError(s.as(guest).call(e.search, { query: {} as never }), 400);
  });

  it("lists a user's uploads: all of them for the user, the verified ones for others", async () => {
    const own = await s
      .as(uploader.token)
      .call(e.songsForUser, { params: { userUuid: uploader.uuid }, query: {} });
    expect(own.total).toBe(2);
    expect(own.songs.map((x) => x.songShortId).sort()).toEqual(
      [verified.songShortId, untagged.songShortId].sort(),
    );
    const seen = await s
      .as(other.token)
      .call(e.songsForUser, { params: { userUuid: uploader.uuid }, query: { limit: 1 } });
    expect(seen).toMatchObject({ total: 1, next: null });
    expect(seen.songs.map((x) => x.songShortId)).toEqual([verified.songShortId]);
    await expectError(
      s.as(other.token).call(e.songsForUser, { params: { userUuid: 'not-a-uuid' }, query: {} }),
      400,
    );
  });
});
