import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MinimalSongDto,
  authEndpoints,
  songEndpoints as e,
  toMinimalSong,
  type SongDto,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { SongRepository } from './repository';
import { seedFixtureSongs } from './catalogue.fixtures';
import { newSongShortId } from './short-id';

const NOT_FOUND = 'Song not found.';
const MISSING = 'Missing bearer token';

let s: TestServer;
let guest: string;
let user: string;
/** The fixture catalogue (catalogue.fixtures.ts): verified songs, metadata only. */
let demo: SongDto[];
/** Songs added beside the fixture catalogue: one explicit, one not verified yet. */
let explicitSong: SongDto;
let pendingSong: SongDto;

beforeAll(async () => {
  s = await startTestServer();
  demo = await seedFixtureSongs(s.app.platform.db);
  guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
  user = (await s.createUser()).token;
  const repo = new SongRepository(s.app.platform.db);
  const [x, p] = await repo.insertNew([
    {
      shortId: newSongShortId(),
      trackName: 'Zebra Crossing Riddim',
      artistName: 'Test Fixture Band',
      genre: 'Dancehall',
      duration: 150,
      explicit: true,
      status: 'VERIFIED',
    },
    {
      shortId: newSongShortId(),
      trackName: 'Zebra Crossing Demo Take',
      artistName: 'Test Fixture Band',
      genre: 'Dancehall',
      duration: 90,
      status: 'PENDING_UPLOAD',
    },
  ]);
  explicitSong = await s.client.call(e.get, { params: { id: x.shortId } });
  pendingSong = await s.client.call(e.get, { params: { id: p.shortId } });
});
afterAll(() => s.close());

/** Expects a 400 whose message list is exactly `messages`. */
async function expectInvalid(promise: Promise<unknown>, ...messages: string[]) {
  const body = await expectError(promise, 400, messages[0]);
  expect(body.message).toEqual(messages);
}

const search = (query: Record<string, unknown>, token: string | null = user) =>
  s.as(token).call(e.search, { query: query as never });

describe('GET /search', () => {
  it('matches title, artist, genre and album without case, titles starting with the term first', async () => {
    const byTitle = await search({ term: 'ROOFTOP' });
    expect(byTitle.songs[0].trackName).toBe('Rooftop Hours');
    expect(byTitle.songs.every((x) => x.albumName === 'Rooftop Hours')).toBe(true);
    expect(byTitle.songs).toHaveLength(3); // the title, and the album's two other tracks
    expect(byTitle.next).toBeNull();

    const byArtist = await search({ term: 'orbit nine' });
    expect(byArtist.songs.map((x) => x.trackName).sort()).toEqual([
      'Pulse Cartography',
      'Signal Below Zero',
      'Steel Meridian',
    ]);
    const byGenre = await search({ term: 'drum & BASS' });
    expect(byGenre.songs.map((x) => x.artistName)).toEqual(Array(3).fill('Kito Farrow'));
    const byAlbum = await search({ term: 'cedar room standards' });
    expect(byAlbum.songs.map((x) => x.artistName)).toEqual(Array(3).fill('Hollow Pines Trio'));
  });

  it('takes q as an alias of term, and trims it', async () => {
    const res = await search({ q: '  quiet observatory ' });
    expect(res.songs.map((x) => x.songShortId)).toEqual([
      demo.find((x) => x.trackName === 'Quiet Observatory')!.songShortId,
    ]);
  });

  it('lets guests search (they browse, they do not DJ)', async () => {
    const res = await search({ term: 'lantern' }, guest);
    expect(res.songs.map((x) => x.trackName)).toEqual(
      expect.arrayContaining(['Drift Lantern', 'Rooftop Hours']),
    );
  });

  it('pages with limit and offset; next is the following offset, null on the last page', async () => {
    const all = await search({ term: 'e', limit: 50 });
    expect(all.songs.length).toBeGreaterThan(5);
    const first = await search({ term: 'e', limit: 2 });
    expect(first.next).toBe(2);
    expect(first.songs.map((x) => x.id)).toEqual(all.songs.slice(0, 2).map((x) => x.id));
    const second = await search({ term: 'e', limit: 2, offset: 2 });
    expect(second.songs.map((x) => x.id)).toEqual(all.songs.slice(2, 4).map((x) => x.id));
    const last = await search({ term: 'e', limit: 2, offset: all.songs.length - 1 });
    expect(last.songs).toHaveLength(1);
    expect(last.next).toBeNull();
    const past = await search({ term: 'e', offset: 500 });
    expect(past).toEqual({ songs: [], next: null });
  });

  it('answers only verified songs, and leaves explicit ones out with explicit=false', async () => {
    const res = await search({ term: 'zebra crossing' });
    expect(res.songs.map((x) => x.id)).toEqual([explicitSong.id]);
    expect(res.songs.map((x) => x.id)).not.toContain(pendingSong.id);
    const clean = await search({ term: 'zebra crossing', explicit: 'false' });
    expect(clean.songs).toEqual([]);
    const withExplicit = await search({ term: 'zebra crossing', explicit: 'true' });
    expect(withExplicit.songs).toHaveLength(1);
  });

  it('treats % and _ as plain characters', async () => {
    expect((await search({ term: '%' })).songs).toEqual([]);
    expect((await search({ term: '_' })).songs).toEqual([]);
    expect((await search({ term: 'no such song anywhere' })).songs).toEqual([]);
  });

  it('gives songs the room page can queue: each converts to a valid MinimalSongDto', async () => {
    const res = await search({ term: 'harbor' });
    expect(res.songs.length).toBeGreaterThan(0);
    for (const song of res.songs) {
      const minimal = MinimalSongDto.parse(toMinimalSong(song));
      expect(minimal).toEqual({
        artistName: song.artistName,
        trackName: song.trackName,
        genre: song.genre,
        duration: song.duration,
        isrc: null,
        musicProviders: { uploadService: song.songShortId },
        playbackToken: null,
        thumbnails: { uploadService: `/api/song-service/songs/${song.songShortId}/cover.svg` },
        songShortId: song.songShortId,
      });
    }
  });

  it('refuses a missing term, paging out of range and a term too long', async () => {
    await expectInvalid(search({}), 'term: A search term is required (term or q)');
    await expectInvalid(search({ term: '   ' }), 'term: A search term is required (term or q)');
    await expectInvalid(
      search({ term: 'x', limit: 500 }),
      'limit: Too big: expected number to be <=50',
    );
    await expectInvalid(
      search({ term: 'x', limit: 0 }),
      'limit: Too small: expected number to be >=1',
    );
    await expectInvalid(
      search({ term: 'x', offset: -1 }),
      'offset: Too small: expected number to be >=0',
    );
    await expectInvalid(
      search({ term: 'x', limit: 'many' }),
      'limit: Invalid input: expected number, received NaN',
    );
    await expectInvalid(
      search({ term: 'x', explicit: 'maybe' }),
      'explicit: Invalid option: expected one of "true"|"1"|"yes"|"on"|"y"|"enabled"|"false"|"0"|"no"|"off"|"n"|"disabled"',
    );
    await expectInvalid(
      search({ term: 'x'.repeat(201) }),
      'term: Too big: expected string to have <=200 characters',
    );
  });

  it('needs a token', async () => {
    await expectError(search({ term: 'house' }, null), 401, MISSING);
    await expectError(search({ term: 'house' }, 'not.a.jwt'), 401, 'Invalid or expired token');
  });
});

describe('GET /songs/{id}', () => {
  it('answers a song by short id and by numeric id, without a token', async () => {
    const song = demo[4];
    expect(await s.client.call(e.get, { params: { id: song.songShortId } })).toEqual(song);
    expect(await s.client.call(e.get, { params: { id: String(song.id) } })).toEqual(song);
    // Any status: an uploader may look at a song that is not verified yet.
    expect((await s.client.call(e.get, { params: { id: pendingSong.songShortId } })).status).toBe(
      'PENDING_UPLOAD',
    );
  });

  it('answers 404 for an unknown id, whatever it looks like', async () => {
    for (const id of ['zzzzzzzzzz', '999999', '2147483648', '99999999999999999999', '-1', '%']) {
      await expectError(s.client.call(e.get, { params: { id } }), 404, NOT_FOUND);
    }
  });

  it('refuses an id longer than 64 characters', async () => {
    await expectInvalid(
      s.client.call(e.get, { params: { id: 'a'.repeat(65) } }),
      'id: Too big: expected string to have <=64 characters',
    );
  });
});

describe('GET /songs and GET /songs/public', () => {
  it('list verified songs, newest first, with total and next', async () => {
    const all = await s.client.call(e.list, { query: { limit: 50 } });
    expect(all.total).toBe(demo.length + 1);
    expect(all.songs).toHaveLength(demo.length + 1);
    expect(all.next).toBeNull();
    expect(all.songs.every((x) => x.status === 'VERIFIED')).toBe(true);
    expect(all.songs.map((x) => x.id)).toContain(explicitSong.id);
    expect(all.songs.map((x) => x.id)).not.toContain(pendingSong.id);
    expect(all.songs[0].id).toBe(explicitSong.id); // added last

    const page = await s.as(guest).call(e.list, { query: { limit: 5, offset: 5 } });
    expect(page.songs.map((x) => x.id)).toEqual(all.songs.slice(5, 10).map((x) => x.id));
    expect(page.next).toBe(10);
    const defaults = await s.client.call(e.list, {});
    expect(defaults.songs).toHaveLength(20);
    expect(defaults.next).toBe(20);
  });

  it('public lists only what anyone may play: no explicit songs', async () => {
    const pub = await s.client.call(e.listPublic, { query: { limit: 50 } });
    expect(pub.total).toBe(demo.length);
    expect(pub.songs.map((x) => x.id).sort()).toEqual(demo.map((x) => x.id).sort());
    expect(pub.songs.some((x) => x.explicit)).toBe(false);
  });

  it('refuse paging out of range', async () => {
    await expectInvalid(
      s.client.call(e.list, { query: { limit: 51 } }),
      'limit: Too big: expected number to be <=50',
    );
    await expectInvalid(
      s.client.call(e.listPublic, { query: { offset: -3 } }),
      'offset: Too small: expected number to be >=0',
    );
  });
});

describe('GET /songs/{id}/cover.svg', () => {
  const cover = (id: string) => fetch(`${s.url}/api/song-service/songs/${id}/cover.svg`);

  it('serves the generated cover the thumbnail points at, the same every time', async () => {
    const song = demo.find((x) => x.trackName === 'Market Day Radio')!;
    const res = await fetch(`${s.url}${song.thumbnails.uploadService}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('>MD</text>');
    expect(svg).toContain('linearGradient');
    expect(await (await cover(String(song.id))).text()).toBe(svg);
    const other = await (await cover(demo[0].songShortId)).text();
    expect(other).not.toBe(svg);
  });

  it('answers 404 for an unknown song', async () => {
    const res = await cover('zzzzzzzzzz');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: NOT_FOUND,
      code: 'SONG_NOT_FOUND',
    });
  });

  it('refuses an id longer than 64 characters', async () => {
    const res = await cover('a'.repeat(65));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: unknown }).message).toEqual([
      'id: Too big: expected string to have <=64 characters',
    ]);
  });
});
