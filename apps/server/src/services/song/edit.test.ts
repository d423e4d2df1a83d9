import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, songEndpoints as e, type SongDto } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { SongRepository, type NewSong } from './repository';
import { newSongShortId } from './short-id';
import { createUploader, form, pollSong, tone, upload } from './upload.fixtures';

const NOT_OWNED = 'Unauthorized to edit tags that not belongs to the user';
const NOT_DELETABLE = 'Unauthorized to delete this song.';
const NOT_FOUND = 'Song not found.';
const GUEST = 'Guests cannot perform this action, please log in';
const MISSING = 'Missing bearer token';

let s: TestServer;
let tmp: string;
let untagged: Buffer;
let owner: { uuid: string; token: string };
let other: string;
let moderator: string;
let admin: string;
let guest: string;
let repo: SongRepository;

beforeAll(async () => {
  s = await startTestServer();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-song-edit-'));
  untagged = await tone(tmp, 'untagged.mp3', 8);
  owner = await createUploader(s);
  other = (await s.createUser()).token;
  moderator = (await s.createUser({ roles: ['user', 'moderator'] })).token;
  admin = (await s.createUser({ roles: ['user', 'admin'] })).token;
  guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
  repo = new SongRepository(s.app.platform.db);
}, 180_000);
afterAll(async () => {
  await s.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

/** A song row straight into the catalogue (no file): for tag edits and lists. */
async function insertSong(over: Partial<NewSong> = {}): Promise<SongDto> {
  const row = await repo.insert({
    shortId: newSongShortId(),
    trackName: 'Original Title',
    artistName: 'Original Artist',
    genre: 'Folk',
    duration: 180,
    status: 'VERIFIED',
    uploadedBy: owner.uuid,
    ...over,
  });
  return s.client.call(e.get, { params: { id: row.shortId } });
}

/** A real upload of a file without tags: MISSING_METADATA. */
async function missingMetadataUpload(fields: Record<string, string> = {}): Promise<SongDto> {
  const song = await upload(s, owner.token, form(untagged, 'untagged.mp3', fields));
  expect(song.status).toBe('MISSING_METADATA');
  return song;
}

const patch = (token: string | null, id: string, body: Record<string, unknown>) =>
  s.as(token).call(e.editTags, { params: { id }, body: body as never });
const metadata = (token: string | null, body: Record<string, unknown>) =>
  s.as(token).call(e.metadata, { body: body as never });

describe('PATCH /songs/{id}', () => {
  it('lets the uploader change some tags and leaves the others', async () => {
    const song = await insertSong();
    const edited = await patch(owner.token, song.songShortId, {
      trackName: '  New Title ',
      genre: '',
      releaseYear: 2001,
      isrc: 'usrc17607839',
      explicit: true,
    });
    expect(edited).toMatchObject({
      id: song.id,
      trackName: 'New Title',
      artistName: 'Original Artist',
      genre: null,
      releaseYear: 2001,
      isrc: 'USRC17607839',
      explicit: true,
      status: 'VERIFIED',
    });
    expect(await s.client.call(e.get, { params: { id: String(song.id) } })).toEqual(edited);
  });

  it("lets moderators and admins edit anyone's song, the catalogue's included", async () => {
    const song = await insertSong();
    expect((await patch(moderator, song.songShortId, { albumName: 'Mod Cut' })).albumName).toBe(
      'Mod Cut',
    );
    const catalogue = await insertSong({ uploadedBy: null });
    expect((await patch(admin, catalogue.songShortId, { genre: 'Blues' })).genre).toBe('Blues');
  });

  it("refuses another user's song and catalogue songs with the NOT_OWNED message", async () => {
    const song = await insertSong();
    await expectError(patch(other, song.songShortId, { trackName: 'Mine now' }), 403, NOT_OWNED);
    const catalogue = await insertSong({ uploadedBy: null });
    await expectError(patch(owner.token, catalogue.songShortId, { genre: 'X' }), 403, NOT_OWNED);
    expect((await s.client.call(e.get, { params: { id: song.songShortId } })).trackName).toBe(
      'Original Title',
    );
  });

  it('refuses guests and callers without a token', async () => {
    const song = await insertSong();
    await expectError(patch(guest, song.songShortId, { genre: 'X' }), 403, GUEST);
    await expectError(patch(null, song.songShortId, { genre: 'X' }), 401, MISSING);
  });

  it('refuses bad input, and answers 404 for an unknown song', async () => {
    const song = await insertSong();
    const id = song.songShortId;
    await expectError(patch(owner.token, id, {}), 400, 'body: Send at least one tag to change');
    await expectError(
      patch(owner.token, id, { trackName: '  ' }),
      400,
      'trackName: must not be empty',
    );
    await expectError(
      patch(owner.token, id, { artistName: 'x'.repeat(201) }),
      400,
      'artistName: Too big: expected string to have <=200 characters',
    );
    await expectError(patch(owner.token, id, { releaseYear: 'soon' }), 400, /^releaseYear: /);
    await expectError(patch(owner.token, id, { releaseYear: 99 }), 400, /^releaseYear: /);
    await expectError(
      patch(owner.token, id, { isrc: 'nope' }),
      400,
      'isrc: must be an ISRC such as USRC17607839',
    );
    await expectError(patch(owner.token, id, { explicit: 'yes' }), 400, /^explicit: /);
    await expectError(patch(owner.token, 'zzzzzzzzzz', { genre: 'X' }), 404, NOT_FOUND);
  });

  it('sends a MISSING_METADATA upload on to verification once it has a title and an artist', async () => {
    const song = await missingMetadataUpload();
    const half = await patch(owner.token, song.songShortId, { artistName: 'Patched Artist' });
    expect(half).toMatchObject({ status: 'MISSING_METADATA', artistName: 'Patched Artist' });
    const whole = await patch(owner.token, song.songShortId, { trackName: 'Patched Title' });
    expect(whole).toMatchObject({ status: 'VALID_FILE_TYPE', trackName: 'Patched Title' });
    expect(await pollSong(s, song.songShortId)).toMatchObject({
      status: 'VERIFIED',
      trackName: 'Patched Title',
      artistName: 'Patched Artist',
    });
  }, 120_000);
});

describe('POST /metadata', () => {
  it('completes a MISSING_METADATA upload, which is then verified', async () => {
    const song = await missingMetadataUpload();
    const answer = await metadata(owner.token, {
      songId: song.songShortId,
      trackName: 'Given Title',
      artistName: 'Given Artist',
      genre: 'Ambient',
      albumName: 'Given Album',
      releaseYear: 2020,
      explicit: false,
    });
    expect(answer).toMatchObject({
      status: 'VALID_FILE_TYPE',
      trackName: 'Given Title',
      artistName: 'Given Artist',
      genre: 'Ambient',
      albumName: 'Given Album',
      releaseYear: 2020,
    });
    const verified = await pollSong(s, song.songShortId);
    expect(verified).toMatchObject({ status: 'VERIFIED', trackName: 'Given Title' });
    // Tags of a verified song can still be edited; the status stays.
    const again = await metadata(owner.token, {
      songId: verified.id,
      trackName: 'Final Title',
      artistName: 'Given Artist',
    });
    expect(again).toMatchObject({ status: 'VERIFIED', trackName: 'Final Title', genre: 'Ambient' });
  }, 120_000);

  it("refuses another user's song with the NOT_OWNED message, and leaves it waiting", async () => {
    const song = await missingMetadataUpload({ trackName: 'Half Known' });
    const body = { songId: song.songShortId, trackName: 'Stolen', artistName: 'Thief' };
    await expectError(metadata(other, body), 403, NOT_OWNED);
    await expectError(metadata(guest, body), 403, GUEST);
    await expectError(metadata(null, body), 401, MISSING);
    expect((await s.client.call(e.get, { params: { id: song.songShortId } })).status).toBe(
      'MISSING_METADATA',
    );
  });

  it('refuses missing or bad fields, and answers 404 for an unknown song', async () => {
    const song = await insertSong();
    await expectError(metadata(owner.token, { songId: song.songShortId }), 400, /^trackName: /);
    await expectError(metadata(owner.token, { trackName: 'T', artistName: 'A' }), 400, /^songId: /);
    await expectError(
      metadata(owner.token, { songId: song.songShortId, trackName: 'T', artistName: '' }),
      400,
      'artistName: must not be empty',
    );
    await expectError(
      metadata(owner.token, { songId: 'zzzzzzzzzz', trackName: 'T', artistName: 'A' }),
      404,
      NOT_FOUND,
    );
  });
});

describe('DELETE /songs/{id}', () => {
  it('lets the uploader delete a song with its HLS files and key', async () => {
    const answer = await upload(
      s,
      owner.token,
      form(untagged, 'doomed.mp3', { trackName: 'Doomed', artistName: 'Owner' }),
    );
    const song = await pollSong(s, answer.songShortId);
    expect(song.status).toBe('VERIFIED');
    const storage = s.app.platform.storage;
    expect(await storage.get(`hls/${song.songShortId}/index.m3u8`)).not.toBeNull();

    await expectError(
      s.as(other).call(e.delete, { params: { id: song.songShortId } }),
      403,
      NOT_DELETABLE,
    );
    await expectError(
      s.as(moderator).call(e.delete, { params: { id: song.songShortId } }),
      403,
      NOT_DELETABLE,
    );
    expect(await s.as(owner.token).call(e.delete, { params: { id: song.songShortId } })).toEqual({
      success: true,
    });
    await expectError(s.client.call(e.get, { params: { id: song.songShortId } }), 404, NOT_FOUND);
    expect(await storage.get(`hls/${song.songShortId}/index.m3u8`)).toBeNull();
    expect(await storage.get(`hls/${song.songShortId}/seg00000.ts`)).toBeNull();
    expect(await repo.hlsKey(song.id)).toBeNull();
    await expectError(s.as(owner.token).call(e.delete, { params: { id: song.songShortId } }), 404);
  }, 120_000);

  it("lets an admin delete anyone's song, the catalogue's included", async () => {
    const song = await insertSong({ uploadedBy: null });
    expect(await s.as(admin).call(e.delete, { params: { id: String(song.id) } })).toEqual({
      success: true,
    });
    await expectError(s.client.call(e.get, { params: { id: song.songShortId } }), 404, NOT_FOUND);
  });

  it('deletes an upload still waiting for its tags, with its uploaded file', async () => {
    const song = await missingMetadataUpload();
    const storage = s.app.platform.storage;
    expect(await storage.get(`song-sources/${song.songShortId}`)).not.toBeNull();
    await s.as(owner.token).call(e.delete, { params: { id: song.songShortId } });
    expect(await storage.get(`song-sources/${song.songShortId}`)).toBeNull();
  });

  it('refuses guests, callers without a token, and unknown or malformed ids', async () => {
    const song = await insertSong();
    await expectError(s.as(guest).call(e.delete, { params: { id: song.songShortId } }), 403, GUEST);
    await expectError(s.client.call(e.delete, { params: { id: song.songShortId } }), 401, MISSING);
    await expectError(s.as(admin).call(e.delete, { params: { id: 'zzzzzzzzzz' } }), 404, NOT_FOUND);
    await expectError(
      s.as(admin).call(e.delete, { params: { id: 'a'.repeat(65) } }),
      400,
      'id: Too big: expected string to have <=64 characters',
    );
  });
});

describe('GET /songs/mine', () => {
  it("answers the caller's uploads in every status, newest first, and filters by status", async () => {
    const lister = await s.createUser();
    const mk = (trackName: string, status: SongDto['status']) =>
      insertSong({ trackName, status, uploadedBy: lister.uuid });
    const a = await mk('First', 'VERIFIED');
    const b = await mk('Second', 'MISSING_METADATA');
    const c = await mk('Third', 'VERIFICATION_ERROR');
    await insertSong({ trackName: 'Not theirs' });

    const mine = await s.as(lister.token).call(e.mine, {});
    expect(mine.songs.map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(mine).toMatchObject({ total: 3, next: null });

    const page = await s.as(lister.token).call(e.mine, { query: { limit: 2 } });
    expect(page.songs.map((x) => x.id)).toEqual([c.id, b.id]);
    expect(page.next).toBe(2);
    const rest = await s.as(lister.token).call(e.mine, { query: { limit: 2, offset: 2 } });
    expect(rest.songs.map((x) => x.id)).toEqual([a.id]);

    const waiting = await s
      .as(lister.token)
      .call(e.mine, { query: { status: 'MISSING_METADATA' } });
    expect(waiting).toMatchObject({ total: 1, songs: [{ id: b.id }] });

    const nobody = await s.as(other).call(e.mine, {});
    expect(nobody).toEqual({ songs: [], next: null, total: 0 });
  });

  it('refuses bad paging or status, guests and callers without a token', async () => {
    await expectError(
      s.as(other).call(e.mine, { query: { limit: 51 } }),
      400,
      'limit: Too big: expected number to be <=50',
    );
    await expectError(
      s.as(other).call(e.mine, { query: { status: 'DONE' as never } }),
      400,
      /^status: /,
    );
    await expectError(s.as(guest).call(e.mine, {}), 403, GUEST);
    await expectError(s.client.call(e.mine, {}), 401, MISSING);
  });
});
