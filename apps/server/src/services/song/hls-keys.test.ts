import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songHlsPaths, type MinimalSongDto } from '@tt/protocol';
import type { TestServer } from '../../../test/harness';
import {
  RoomClient,
  createRoom,
  eventually,
  guest,
  startRealtimeServer,
} from '../../realtime/test-kit';
import { songFiles } from './files';
import { SongRepository } from './repository';
import { newSongShortId } from './short-id';

/**
 * Who gets the AES key of an upload (SEC-HLS-KEY-*): only through a key URL signed for the
 * caller, written into the playlist they fetched with their token; signed for listeners of a room
 * playing the song, the DJ who chose it, its uploader and staff; previews within the limits.
 * Renditions are stored directly (no transcode): only the key's route is under test.
 */

const servers: TestServer[] = [];
async function server(env: Record<string, string> = {}) {
  const s = await startRealtimeServer({ env });
  servers.push(s);
  return s;
}
const clients: RoomClient[] = [];
afterAll(async () => {
  for (const c of clients) c.disconnect();
  for (const s of servers.reverse()) await s.close();
});

interface Upload {
  shortId: string;
  key: Buffer;
  minimal: MinimalSongDto;
}

/** A verified upload with a stored playlist and key, as the transcode job leaves it. */
async function storedUpload(s: TestServer, uploadedBy: string | null = null): Promise<Upload> {
  const repo = new SongRepository(s.app.platform.db);
  const shortId = newSongShortId();
  const row = await repo.insert({
    shortId,
    trackName: `Keyed ${shortId}`,
    artistName: 'Cipher',
    status: 'VERIFIED',
    duration: 300,
    uploadedBy,
    musicProviders: { uploadService: shortId },
    streamUrls: { uploadService: { hls: songHlsPaths.playlist(shortId) } },
  });
  const key = randomBytes(16);
  const iv = randomBytes(16);
  await repo.saveHlsKey(row.id, key, iv);
  const playlist = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:6',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXT-X-KEY:METHOD=AES-128,URI="${songHlsPaths.key(shortId)}",IV=0x${iv.toString('hex')}`,
    '#EXTINF:6.000000,',
    'seg00000.ts',
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
  await s.app.platform.storage.put(songFiles.hls(shortId, 'index.m3u8'), Buffer.from(playlist));
  const minimal: MinimalSongDto = {
    trackName: `Keyed ${shortId}`,
    artistName: 'Cipher',
    genre: null,
    duration: 300,
    isrc: null,
    musicProviders: { uploadService: shortId },
    thumbnails: {},
    playbackToken: null,
    songShortId: shortId,
  };
  return { shortId, key, minimal };
}

async function get(s: TestServer, url: string, token: string | null) {
  const res = await fetch(`${s.url}${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The #EXT-X-KEY URI of the playlist as this caller gets it. */
async function keyUri(s: TestServer, shortId: string, token: string | null): Promise<string> {
  const { res, bytes } = await get(s, songHlsPaths.playlist(shortId), token);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  return /#EXT-X-KEY:.*URI="([^"]+)"/.exec(bytes.toString('utf8'))![1];
}

const isSigned = (uri: string) => /[?&]exp=\d+&sig=[\w-]+&uid=[\w-]+$/.test(uri);

async function keyOf(s: TestServer, uri: string, token: string | null) {
  const { res, bytes } = await get(s, uri, token);
  const body = res.headers.get('content-type')?.includes('json')
    ? (JSON.parse(bytes.toString()) as { code?: string; message?: string })
    : null;
  return { status: res.status, bytes, body };
}

describe('SEC-HLS-KEY-1: the key only through a URL signed for the caller', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await server({ HLS_KEY_URL_TTL: '2s' });
  });

  it('SEC-HLS-KEY-1: the bare key route refuses every token, guests and users alike', async () => {
    const song = await storedUpload(s);
    const bare = await keyUri(s, song.shortId, null);
    expect(bare).toBe(songHlsPaths.key(song.shortId));
    const user = await s.createUser();
    const g = await guest(s);
    for (const token of [user.token, g.token]) {
      const answer = await keyOf(s, bare, token);
      expect(answer.status).toBe(403);
      expect(answer.body?.code).toBe('HLS_KEY_FORBIDDEN');
    }
    expect((await keyOf(s, bare, null)).status).toBe(401);
  });

  it('SEC-HLS-KEY-1: a signed URL serves its user only, untampered', async () => {
    const song = await storedUpload(s);
    const ana = await s.createUser();
    const ben = await s.createUser();
    const uri = await keyUri(s, song.shortId, ana.token);
    expect(isSigned(uri)).toBe(true);
    const mine = await keyOf(s, uri, ana.token);
    expect(mine.status).toBe(200);
    expect(mine.bytes.equals(song.key)).toBe(true);
    expect((await keyOf(s, uri, ben.token)).status).toBe(403);
    const later = uri.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 3600}`);
    expect((await keyOf(s, later, ana.token)).status).toBe(403);
    const other = await storedUpload(s);
    const moved = uri.replace(`songId=${song.shortId}`, `songId=${other.shortId}`);
    expect((await keyOf(s, moved, ana.token)).status).toBe(403);
  });

  it('SEC-HLS-KEY-4: a signed URL works without a token (a native player), for its own user only', async () => {
    const song = await storedUpload(s);
    const ana = await s.createUser();
    const ben = await s.createUser();
    const uri = await keyUri(s, song.shortId, ana.token);
    expect(uri).toContain(`uid=${ana.uuid}`);
    const bare = await keyOf(s, uri, null);
    expect(bare.status).toBe(200);
    expect(bare.bytes.equals(song.key)).toBe(true);
    // Another user's name on the URL, or a token of someone else than the URL names: refused.
    const renamed = uri.replace(`uid=${ana.uuid}`, `uid=${ben.uuid}`);
    expect((await keyOf(s, renamed, null)).body?.code).toBe('HLS_KEY_FORBIDDEN');
    expect((await keyOf(s, uri, ben.token)).status).toBe(403);
    // Neither a token nor a signature: who is asking is unknown.
    const unsigned = uri.replace(/&sig=[^&]+/, '');
    expect((await keyOf(s, unsigned, null)).status).toBe(401);
    // A malformed uid is bad input, not a server error.
    expect((await keyOf(s, `${uri}x`.replace(/uid=[^&]+/, 'uid=%00'), null)).status).toBe(400);
  });

  it('SEC-HLS-KEY-1: a signed URL stops working after HLS_KEY_URL_TTL', async () => {
    const song = await storedUpload(s);
    const ana = await s.createUser();
    const uri = await keyUri(s, song.shortId, ana.token);
    const exp = Number(/exp=(\d+)/.exec(uri)![1]);
    while (Date.now() / 1000 <= exp + 1) await new Promise((r) => setTimeout(r, 200));
    expect((await keyOf(s, uri, ana.token)).status).toBe(403);
  });
});

describe('SEC-HLS-KEY-2: listeners, the DJ who chose it, the uploader and staff', () => {
  let s: TestServer;
  beforeAll(async () => {
    // No previews for users: only the rules below sign a key URL.
    s = await server({ USER_PREVIEW_SONGS_PER_HOUR: '0', GUEST_PREVIEW_SONGS: '0' });
  });

  it('SEC-HLS-KEY-2: the uploader and staff get it; another user does not', async () => {
    const uploader = await s.createUser();
    const song = await storedUpload(s, uploader.uuid);
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    const stranger = await s.createUser();
    for (const who of [uploader, admin]) {
      const uri = await keyUri(s, song.shortId, who.token);
      expect((await keyOf(s, uri, who.token)).bytes.equals(song.key)).toBe(true);
    }
    expect(isSigned(await keyUri(s, song.shortId, stranger.token))).toBe(false);
  });

  it('SEC-HLS-KEY-2: a room’s listeners get the song playing, the next song and the one just played', async () => {
    const [playing, next, elsewhere] = await Promise.all([
      storedUpload(s),
      storedUpload(s),
      storedUpload(s),
    ]);
    const dj = await s.createUser();
    const listener = await s.createUser();
    const outsider = await s.createUser();
    const g = await guest(s);
    const room = await createRoom(s, dj.token);
    const deck = await RoomClient.join(s, dj, room.uuid);
    const ear = await RoomClient.join(s, listener, room.uuid);
    const ghost = await RoomClient.join(s, g, room.uuid);
    clients.push(deck, ear, ghost);
    await deck.action('addDj', { song: playing.minimal });
    await eventually(() => expect(ear.state.nowPlaying?.song.songShortId).toBe(playing.shortId));

    for (const who of [dj, listener]) {
      const uri = await keyUri(s, playing.shortId, who.token);
      expect((await keyOf(s, uri, who.token)).bytes.equals(playing.key)).toBe(true);
      expect(isSigned(await keyUri(s, next.shortId, who.token))).toBe(false);
    }
    // LIVE-LISTEN-1: a guest in the room hears what it plays (no previews allowed here at all);
    // not another song, and a guest outside the room does not.
    const guestUri = await keyUri(s, playing.shortId, g.token);
    expect((await keyOf(s, guestUri, g.token)).bytes.equals(playing.key)).toBe(true);
    expect(isSigned(await keyUri(s, elsewhere.shortId, g.token))).toBe(false);
    const strangerGuest = await guest(s);
    expect(isSigned(await keyUri(s, playing.shortId, strangerGuest.token))).toBe(false);
    expect(isSigned(await keyUri(s, playing.shortId, outsider.token))).toBe(false);

    // The DJ's next song, then it plays: the one before still counts for a short while.
    await deck.action('updateNextSong', { song: next.minimal });
    await eventually(() => expect(ear.state.djs[0]?.nextSong?.songShortId).toBe(next.shortId));
    expect(isSigned(await keyUri(s, next.shortId, listener.token))).toBe(true);
    await deck.action('skipSong');
    await eventually(() => expect(ear.state.nowPlaying?.song.songShortId).toBe(next.shortId));
    expect(isSigned(await keyUri(s, playing.shortId, listener.token))).toBe(true);
    expect(isSigned(await keyUri(s, next.shortId, listener.token))).toBe(true);
    expect(isSigned(await keyUri(s, elsewhere.shortId, listener.token))).toBe(false);
    expect(isSigned(await keyUri(s, next.shortId, outsider.token))).toBe(false);

    // Out of the room (after the leave grace): no more.
    ear.disconnect();
    await eventually(async () =>
      expect(isSigned(await keyUri(s, next.shortId, listener.token))).toBe(false),
    );
  });
});

describe('SEC-HLS-KEY-3: previews within the server’s limits', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await server({ GUEST_PREVIEW_SONGS: '2', USER_PREVIEW_SONGS_PER_HOUR: '1' });
  });

  it('SEC-HLS-KEY-3: a guest token hears GUEST_PREVIEW_SONGS different songs, then is told to sign up', async () => {
    const songs = await Promise.all([storedUpload(s), storedUpload(s), storedUpload(s)]);
    const g = await guest(s);
    for (const song of songs.slice(0, 2)) {
      const uri = await keyUri(s, song.shortId, g.token);
      expect((await keyOf(s, uri, g.token)).bytes.equals(song.key)).toBe(true);
    }
    // The same song again is no new preview.
    expect(isSigned(await keyUri(s, songs[0].shortId, g.token))).toBe(true);
    const third = await keyUri(s, songs[2].shortId, g.token);
    expect(isSigned(third)).toBe(false);
    const refused = await keyOf(s, third, g.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'HLS_PREVIEW_LIMIT',
      message: 'Guests may hear 2 songs: sign up or log in to keep listening.',
    });
  });

  it('LIVE-LISTEN-1: a guest listening in live rooms spends no preview; a full track on demand still does', async () => {
    const songs = await Promise.all([1, 2, 3, 4, 5].map(() => storedUpload(s)));
    const dj = await s.createUser();
    const g = await guest(s);
    // Three rooms, then one room playing two more songs: five songs heard, more than the limit.
    for (const song of songs.slice(0, 3)) {
      const room = await createRoom(s, dj.token);
      const deck = await RoomClient.join(s, dj, room.uuid);
      const ear = await RoomClient.join(s, g, room.uuid);
      clients.push(deck, ear);
      await deck.action('addDj', { song: song.minimal });
      await eventually(() => expect(ear.state.nowPlaying?.song.songShortId).toBe(song.shortId));
      const uri = await keyUri(s, song.shortId, g.token);
      expect((await keyOf(s, uri, g.token)).bytes.equals(song.key)).toBe(true);
      ear.disconnect();
      deck.disconnect();
    }
    // The guest's two previews are all still there for songs on demand, then the limit.
    for (const song of songs.slice(3, 5)) {
      const uri = await keyUri(s, song.shortId, g.token);
      expect((await keyOf(s, uri, g.token)).bytes.equals(song.key)).toBe(true);
    }
    const extra = await storedUpload(s);
    const refused = await keyOf(s, await keyUri(s, extra.shortId, g.token), g.token);
    expect(refused.body?.code).toBe('HLS_PREVIEW_LIMIT');
  });

  it('SEC-HLS-KEY-3: a user previews USER_PREVIEW_SONGS_PER_HOUR different songs outside a room', async () => {
    const [a, b] = await Promise.all([storedUpload(s), storedUpload(s)]);
    const user = await s.createUser();
    expect(isSigned(await keyUri(s, a.shortId, user.token))).toBe(true);
    expect(isSigned(await keyUri(s, b.shortId, user.token))).toBe(false);
    expect(isSigned(await keyUri(s, a.shortId, user.token))).toBe(true);
    const refused = await keyOf(s, await keyUri(s, b.shortId, user.token), user.token);
    expect(refused.body?.code).toBe('HLS_KEY_FORBIDDEN');
  });
});
