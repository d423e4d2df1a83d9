import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeYoutube, youtubeVideo, type FakeYoutube } from '../../../test/fakes/youtube';
import { ProviderHttpError } from './http';
import { YoutubeClient } from './youtube';

describe('YouTube search (search.list, then videos.list)', () => {
  let fake: FakeYoutube;
  beforeAll(async () => {
    fake = await startFakeYoutube();
    for (let i = 0; i < 120; i++) {
      const id = `Wave${String(i).padStart(7, '0')}`;
      fake.videos.set(id, youtubeVideo(id, `PT3M${i % 60}S`, { title: `Ocean Wave ${i}` }));
    }
    fake.videos.set(
      'Other000001',
      youtubeVideo('Other000001', 'PT1M', { title: 'Something Else' }),
    );
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.failing = false;
    fake.searchOnly = [];
  });

  const client = () => new YoutubeClient({ apiUrl: fake.url, apiKey: fake.apiKey });

  it('searches music videos and reads their durations with videos.list', async () => {
    const before = fake.requests.length;
    const page = await client().search('ocean wave', 0, 3, 'GB');
    expect(page.songs.map((s) => [s.trackName, s.duration])).toEqual([
      ['Ocean Wave 0', 180],
      ['Ocean Wave 1', 181],
      ['Ocean Wave 2', 182],
    ]);
    expect(page.songs[0].musicProviders).toEqual({ youtube: 'Wave0000000' });
    expect(page.next).toBe(3);
    const [search, videos] = fake.requests.slice(before);
    expect(search.path).toBe('/youtube/v3/search');
    expect(Object.fromEntries(search.query)).toEqual({
      part: 'snippet',
      type: 'video',
      videoCategoryId: '10',
      q: 'ocean wave',
      maxResults: '50',
      regionCode: 'GB',
      key: 'yt-key',
    });
    expect(videos.path).toBe('/youtube/v3/videos');
    expect(videos.query.get('id')).toBe('Wave0000000,Wave0000001,Wave0000002');
  });

  it('addresses results by offset across pages (page tokens), and remembers the tokens', async () => {
    const c = client();
    const page = await c.search('ocean wave', 45, 10);
    expect(page.songs.map((s) => s.trackName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Ocean Wave ${45 + i}`),
    );
    expect(page.next).toBe(55);
    const before = fake.requests.length;
    const later = await c.search('ocean wave', 100, 30);
    expect(later.songs.map((s) => s.trackName)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Ocean Wave ${100 + i}`),
    );
    expect(later.next).toBeNull();
    // The third page's token was learnt by the first call: that page only, no re-walk.
    const searches = fake.requests.slice(before).filter((r) => r.path === '/youtube/v3/search');
    expect(searches.map((r) => r.query.get('pageToken'))).toEqual(['page-100']);
    // Another client knows no token yet and walks from the first page.
    const walked = fake.requests.length;
    await client().search('ocean wave', 100, 5);
    const walk = fake.requests.slice(walked).filter((r) => r.path === '/youtube/v3/search');
    expect(walk.map((r) => r.query.get('pageToken'))).toEqual([null, 'page-50', 'page-100']);
  });

  it('leaves out videos that search.list names but videos.list does not know', async () => {
    fake.searchOnly = ['Deleted0001'];
    const page = await client().search('something', 0, 10);
    expect(page.songs.map((s) => s.musicProviders.youtube)).toEqual(['Other000001']);
  });

  it('answers nothing past the first 200 results', async () => {
    expect(await client().search('ocean wave', 200, 10)).toEqual({ songs: [], next: null });
  });

  it('a failure is thrown with the key hidden', async () => {
    fake.failing = true;
    const err = await client()
      .search('ocean', 0, 5)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderHttpError);
    expect((err as ProviderHttpError).status).toBe(503);
    expect((err as Error).message).not.toContain('yt-key');
  });
});
