import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlistSearchEndpoints as e, type PlaylistSearchQuery } from '@tt/protocol';
import { startFakeServer } from '../../../../test/fakes/http';
import { soundcloudTrack } from '../../../../test/fakes/soundcloud';
import { startTestServer } from '../../../../test/harness';
import { addCatalogueSong, HARBOR, type PlaylistWorld } from '../test-kit';
import { HARBOR_PROVIDERS, startHarborWorld } from '../test-setup';

let w: PlaylistWorld;
let user: string;

beforeAll(async () => {
  ({ w, user } = await startHarborWorld({ SEARCH_V2: 'true' }));
  // The platform's SoundCloud account, with private tracks (set before any search reads them).
  w.soundcloud.meUserId = 4242;
  const me = { id: 4242, username: 'Harbour Crew' };
  w.soundcloud.tracks.set(
    '9101',
    soundcloudTrack(9101, {
      title: 'Lantern Secret Demo',
      sharing: 'private',
      secret_token: 's-Abc1',
      user: me,
    }),
  );
  w.soundcloud.tracks.set(
    '9102',
    soundcloudTrack(9102, {
      title: 'Unrelated Sketch',
      sharing: 'private',
      secret_token: 's-Abc2',
      user: me,
    }),
  );
  w.soundcloud.tracks.set('9103', soundcloudTrack(9103, { title: 'Lantern Public Cut', user: me }));
  for (const [trackName, artistName, albumName] of [
    ['Blue Harbor', 'Sea Band', null],
    ['Harbor', 'Other', null],
    ['Harbor Nights', 'Dock Crew', null],
    ['Tides', 'Harbor Collective', null],
    ['Old Songs', 'Quiet Ones', 'Harbor Tales'],
  ] as const) {
    await addCatalogueSong(w.s, { trackName, artistName, albumName });
  }
});
afterAll(() => w.close());

const v1 = (query: Partial<PlaylistSearchQuery>) =>
  w.s.as(user).call(e.search, { query: query as never });
const v2 = (query: Partial<PlaylistSearchQuery>) =>
  w.s.as(user).call(e.searchV2, { query: query as never });

describe('GET /search/v2', () => {
  it('is announced by /search/sources', async () => {
    expect((await w.s.client.call(e.sources, {})).searchV2).toBe(true);
  });

  it('answers the same song found at every provider once, with all of them', async () => {
    const plain = await v1({ q: 'midnight harbor' });
    expect(plain.songs.filter((s) => s.trackName === 'Midnight Harbor')).toHaveLength(6);
    const res = await v2({ q: 'midnight harbor' });
    const harbor = res.songs.filter((s) => s.trackName === 'Midnight Harbor');
    expect(harbor).toHaveLength(1);
    expect(harbor[0].musicProviders).toEqual(HARBOR_PROVIDERS);
    expect(Object.keys(harbor[0].thumbnails).sort()).toEqual([
      'apple',
      'audius',
      'sevenDigital',
      'soundCloudPublic',
      'spotify',
      'youtube',
    ]);
    expect(harbor[0].isrc).toBe(HARBOR.isrc);
  });

  it('ranks the catalogue by relevance: exact title, title start, title word, artist, album', async () => {
    const titles = async (search: typeof v1, q: string) =>
      (await search({ q, source: 'uploadService' })).songs.map((s) => s.trackName);
    expect(await titles(v2, 'harbor')).toEqual([
      'Harbor',
      'Harbor Nights',
      'Blue Harbor',
      'Tides',
      'Old Songs',
    ]);
    // v1: titles then artists starting with the term, the rest alphabetically.
    expect(await titles(v1, 'harbor')).toEqual([
      'Harbor',
      'Harbor Nights',
      'Tides',
      'Blue Harbor',
      'Old Songs',
    ]);
    // Every word must match, in any field; v1 wants the words together.
    expect(await titles(v2, 'sea harbor')).toEqual(['Blue Harbor']);
    expect(await titles(v1, 'sea harbor')).toEqual([]);
  });

  it('takes the same query checks as /search', async () => {
    await expect(v2({ q: '' })).rejects.toMatchObject({ status: 400 });
    await expect(v2({ q: 'x', limit: 0 })).rejects.toMatchObject({ status: 400 });
  });
});

describe('private SoundCloud tracks', () => {
  it("adds the platform account's private tracks matching title or username, ahead of the public ones", async () => {
    const res = await v1({ q: 'lantern', source: 'soundcloud' });
    expect(res.songs.map((s) => s.trackName)).toEqual([
      'Lantern Secret Demo',
      'Lantern Public Cut',
    ]);
    // A private track is reached through its share link.
    expect(res.songs[0].links.soundCloudPublic).toBe(
      'https://soundcloud.com/someone/cloud-9101/s-Abc1',
    );
    // The username matches with its first space and case ignored.
    const byUser = await v1({ q: 'harbourcrew', source: 'soundcloud' });
    expect(byUser.songs.map((s) => s.trackName)).toEqual([
      'Lantern Secret Demo',
      'Unrelated Sketch',
    ]);
    // …and the public search finds the account's public track by its username.
    const spaced = await v1({ q: 'Harbour Crew', source: 'soundcloud' });
    expect(spaced.songs.map((s) => s.trackName)).toEqual([
      'Lantern Secret Demo',
      'Unrelated Sketch',
      'Lantern Public Cut',
    ]);
  });

  it('pages private and public tracks as one list', async () => {
    const first = await v1({ q: 'lantern', source: 'soundcloud', limit: 1 });
    expect(first.songs.map((s) => s.trackName)).toEqual(['Lantern Secret Demo']);
    expect(first.next).toBe(1);
    const second = await v1({ q: 'lantern', source: 'soundcloud', limit: 1, offset: 1 });
    expect(second.songs.map((s) => s.trackName)).toEqual(['Lantern Public Cut']);
  });
});

describe('a provider that does not answer', () => {
  it('is left out after SEARCH_PROVIDER_TIMEOUT; the other sources answer', async () => {
    const silent = await startFakeServer(() => new Promise(() => {}));
    const s = await startTestServer({
      YOUTUBE_API_URL: silent.url,
      YOUTUBE_API_KEY: 'k',
      SEARCH_PROVIDER_TIMEOUT: '1s',
    });
    try {
      await addCatalogueSong(s, { trackName: 'Quiet Pier', artistName: 'Slow Band' });
      const token = (await s.createUser()).token;
      const res = await s.as(token).call(e.search, { query: { q: 'quiet pier' } });
      expect(res.songs.map((x) => Object.keys(x.musicProviders))).toEqual([['uploadService']]);
      expect(silent.requests.some((r) => r.path === '/youtube/v3/search')).toBe(true);
    } finally {
      await s.close();
      await silent.close();
    }
  });
});
