import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumEndpoints as e, type SongDto } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';
import { FIXTURE_ALBUMS, seedFixtureSongs } from '../../song/catalogue.fixtures';
import { nameShortId } from './albums.service';

let s: TestServer;
let staff: string;
let user: string;
let songs: SongDto[];

beforeAll(async () => {
  s = await startTestServer();
  songs = await seedFixtureSongs(s.app.platform.db);
  staff = (await s.createUser({ roles: ['user', 'staff'] })).token;
  user = (await s.createUser()).token;
});
afterAll(() => s.close());

const first = FIXTURE_ALBUMS[0];

describe('albums and artists service routes', () => {
  it('lists every album with its artist, year and song count', async () => {
    const { albums } = await s.as(staff).call(e.allAlbums, {});
    expect(albums).toHaveLength(FIXTURE_ALBUMS.length);
    const album = albums.find((a) => a.albumName === first.albumName);
    expect(album).toMatchObject({
      albumShortId: nameShortId('album', first.artistName, first.albumName),
      artistName: first.artistName,
      artistShortId: nameShortId('artist', first.artistName),
      releaseYear: first.releaseYear,
      songsNumber: first.tracks.length,
    });
    expect(album?.albumShortId).toMatch(/^[a-z2-7]{10}$/);
  });

  it("answers an album's songs, and the album of a song", async () => {
    const id = nameShortId('album', first.artistName, first.albumName);
    const { album, songs: albumSongs } = await s
      .as(staff)
      .call(e.albumSongs, { params: { albumShortId: id } });
    expect(album.albumName).toBe(first.albumName);
    expect(albumSongs.map((x) => x.albumName)).toEqual(first.tracks.map(() => first.albumName));
    const one = albumSongs[0];
    const back = await s
      .as(staff)
      .call(e.songOfAlbum, { params: { songShortId: one.songShortId } });
    expect(back.song.songShortId).toBe(one.songShortId);
    expect(back.album?.albumShortId).toBe(id);
    await expectError(
      s.as(staff).call(e.albumSongs, { params: { albumShortId: 'aaaaaaaaaa' } }),
      404,
      'Album not found.',
    );
    await expectError(
      s.as(staff).call(e.songOfAlbum, { params: { songShortId: 'nosuchsong' } }),
      404,
      'Song not found.',
    );
  });

  it('pages every album song with take and skip', async () => {
    const all = await s.as(staff).call(e.allSongs, { query: { take: 500 } });
    expect(all.total).toBe(songs.filter((x) => x.albumName).length);
    const page = await s.as(staff).call(e.allSongs, { query: { take: 2, skip: 1 } });
    expect(page.songs.map((x) => x.id)).toEqual(all.songs.slice(1, 3).map((x) => x.id));
    expect(page.next).toBe(3);
    await expectError(s.as(staff).call(e.allSongs, { query: { take: 0 } as never }), 400);
  });

  it('lists artists, their albums, and the albums of several artists', async () => {
    const { artists } = await s.as(staff).call(e.allArtists, {});
    const names = new Set(FIXTURE_ALBUMS.map((a) => a.artistName));
    expect(artists.map((a) => a.artistName).sort()).toEqual([...names].sort());
    const artistId = nameShortId('artist', first.artistName);
    const mine = await s.as(staff).call(e.artistAlbums, { params: { artistShortId: artistId } });
    expect(mine.albums.map((a) => a.albumName)).toContain(first.albumName);
    const both = await s.as(staff).call(e.albumsByArtists, {
      body: { artistShortIds: [artistId, 'bbbbbbbbbb'] },
    });
    expect(both.albums).toEqual(mine.albums);
    await expectError(s.as(staff).call(e.albumsByArtists, { body: { artistShortIds: [] } }), 400);
    await expectError(
      s.as(staff).call(e.artistAlbums, { params: { artistShortId: 'bbbbbbbbbb' } }),
      404,
      'Artist not found.',
    );
  });

  it('is for staff and service accounts only', async () => {
    await expectError(s.as(user).call(e.allAlbums, {}), 403);
    await expectError(s.client.call(e.allArtists, {}), 401);
  });
});
