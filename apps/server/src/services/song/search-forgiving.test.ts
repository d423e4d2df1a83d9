import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlistSearchEndpoints, songEndpoints } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { seedFixtureSongs } from './catalogue.fixtures';
import { editDistance, squash, typoDistance } from './forgiving';
import { SongRepository } from './repository';
import { newSongShortId } from './short-id';

/** Forgiving catalogue search (SEARCH-FORGIVING-1, SEARCH-FORGIVING-2). */
let s: TestServer;
let user: string;
beforeAll(async () => {
  s = await startTestServer({ SEARCH_V2: 'true' });
  await seedFixtureSongs(s.app.platform.db);
  await new SongRepository(s.app.platform.db).insertNew([
    {
      shortId: newSongShortId(),
      trackName: 'Café Solstice',
      artistName: 'Señora Brisa',
      genre: 'Bossa Nova',
      duration: 140,
      status: 'VERIFIED',
    },
  ]);
  user = (await s.createUser()).token;
});
afterAll(() => s?.close());

const titles = (r: { songs: { trackName: string }[] }) => r.songs.map((x) => x.trackName).sort();
const LOFI = ['Kettle Steam', 'Sunday Crossword', 'Window Seat Sketches'];

/** The song service's search and the catalogue tab of the DJ's search (plain and v2). */
const searches = () => ({
  song: (term: string) => s.as(user).call(songEndpoints.search, { query: { term } as never }),
  catalogue: (q: string) =>
    s.as(user).call(playlistSearchEndpoints.search, {
      query: { q, source: 'uploadService' } as never,
    }),
  catalogueV2: (q: string) =>
    s.as(user).call(playlistSearchEndpoints.searchV2, {
      query: { q, source: 'uploadService' } as never,
    }),
});

describe('SEARCH-FORGIVING-1: no case, accents, hyphens or spaces', () => {
  it('SEARCH-FORGIVING-1: "lofi", "lo fi", "LO-FI" and "lo-fi" find the same songs, at every search', async () => {
    for (const search of Object.values(searches())) {
      for (const term of ['lofi', 'lo fi', 'LO-FI', 'lo-fi']) {
        expect(titles(await search(term)), `${term}`).toEqual(LOFI);
      }
    }
  });

  it('SEARCH-FORGIVING-1: accents either way, and words run together', async () => {
    for (const search of Object.values(searches())) {
      expect(titles(await search('cafe solstice'))).toEqual(['Café Solstice']);
      expect(titles(await search('senora'))).toEqual(['Café Solstice']);
      expect(titles(await search('rooftophours'))).toContain('Rooftop Hours');
      expect(titles(await search('drum and'))).toEqual([]);
      expect(titles(await search('drum&bass'))).toHaveLength(3);
    }
  });
});

describe('SEARCH-FORGIVING-2: a typo or two when nothing matches', () => {
  it('SEARCH-FORGIVING-2: a misspelt title, artist or genre still finds it; too short or too far does not', async () => {
    for (const search of Object.values(searches())) {
      expect(titles(await search('roofotp hours'))).toContain('Rooftop Hours');
      expect(titles(await search('kettel steam'))).toEqual(['Kettle Steam']);
      expect(titles(await search('synthwav'))).toHaveLength(3);
      expect(titles(await search('kettle steamboat willie'))).toEqual([]);
      expect(titles(await search('zzq'))).toEqual([]);
    }
  });

  it('SEARCH-FORGIVING-2: a term that matches is not widened by typos', async () => {
    // "Funk" matches the Funk songs; "Fund" (one letter off) is not added to them.
    const { song } = searches();
    const funk = await song('funk');
    expect(funk.songs.every((x) => x.genre === 'Funk' || /funk/i.test(x.trackName))).toBe(true);
  });

  it('edit distance: swaps count once; the cap stops early', () => {
    expect(editDistance('kettel', 'kettle', 2)).toBe(1);
    expect(editDistance('abc', 'abc', 1)).toBe(0);
    expect(editDistance('abcdef', 'uvwxyz', 1)).toBe(2);
    expect(squash('Ça-va Øresund')).toBe('cavaoresund');
    expect(
      typoDistance('kettel', {
        trackName: 'Kettle Steam',
        artistName: 'x',
        genre: null,
        albumName: null,
      }),
    ).toBe(1);
    expect(
      typoDistance('abc', { trackName: 'abd', artistName: 'x', genre: null, albumName: null }),
    ).toBeNull();
  });
});

describe('the search routes', () => {
  it('bad input: an empty term is 400; no token is 401', async () => {
    await expectError(
      s.as(user).call(songEndpoints.search, { query: { term: '  ' } as never }),
      400,
    );
    await expectError(
      s.as(user).call(playlistSearchEndpoints.search, { query: { q: '' } as never }),
      400,
    );
    await expectError(
      s.client.call(songEndpoints.search, { query: { term: 'lofi' } as never }),
      401,
    );
    await expectError(
      s.client.call(playlistSearchEndpoints.search, { query: { q: 'lofi' } as never }),
      401,
    );
  });
});
