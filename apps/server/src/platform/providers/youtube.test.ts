import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeYoutube, youtubeVideo, type FakeYoutube } from '../../../test/fakes/youtube';
import { ProviderHttpError } from './http';
import { YoutubeClient, parseIsoDuration } from './youtube';

describe('parseIsoDuration', () => {
  it.each([
    ['PT1H2M3S', 3723],
    ['PT4M13S', 253],
    ['PT45S', 45],
    ['PT3M', 180],
    ['PT2H', 7200],
    ['P1DT1S', 86401],
    ['PT4M13.6S', 254],
    ['P0D', 0],
    ['PT0S', 0],
  ])('%s → %i s', (iso, seconds) => {
    expect(parseIsoDuration(iso)).toBe(seconds);
  });

  it.each(['', 'P', 'PT', '4:13', 'P1M', 'PT1H2X'])('refuses %j', (iso) => {
    expect(() => parseIsoDuration(iso)).toThrow(/ISO-8601/);
  });
});

describe('YouTube adapter', () => {
  let fake: FakeYoutube;
  beforeAll(async () => {
    fake = await startFakeYoutube();
    fake.videos.set('dQw4w9WgXcQ', youtubeVideo('dQw4w9WgXcQ', 'PT3M33S'));
    fake.videos.set('long', youtubeVideo('long', 'PT1H2M3S', { channelTitle: 'Live Channel' }));
  });
  afterAll(() => fake.close());

  it('looks a video up with part=contentDetails,snippet and the key and maps it', async () => {
    const client = new YoutubeClient({ apiUrl: fake.url, apiKey: fake.apiKey });
    expect(await client.getVideo('dQw4w9WgXcQ')).toEqual({
      trackName: 'Video dQw4w9WgXcQ',
      artistName: 'Some Band',
      genre: null,
      duration: 213,
      isrc: null,
      explicit: false,
      musicProviders: { youtube: 'dQw4w9WgXcQ' },
      thumbnails: { youtube: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg' },
      links: { youtube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      previews: [],
      streamUrls: {},
      albumName: null,
      releaseYear: 2015,
    });
    const req = fake.requests.at(-1)!;
    expect(req.path).toBe('/youtube/v3/videos');
    expect(Object.fromEntries(req.query)).toEqual({
      part: 'contentDetails,snippet',
      id: 'dQw4w9WgXcQ',
      key: 'yt-key',
    });
  });

  it('looks several up at once, leaving unknown ids out', async () => {
    const client = new YoutubeClient({ apiUrl: fake.url, apiKey: fake.apiKey });
    const songs = await client.getVideos(['long', 'unknown', 'dQw4w9WgXcQ']);
    expect(songs.map((s) => [s.musicProviders.youtube, s.duration, s.artistName])).toEqual([
      ['long', 3723, 'Live Channel'],
      ['dQw4w9WgXcQ', 213, 'Some Band'],
    ]);
    expect(await client.getVideo('unknown')).toBeNull();
  });

  it('a wrong key is a 400 error whose message hides the key', async () => {
    const client = new YoutubeClient({ apiUrl: fake.url, apiKey: 'leaked-secret' });
    const err = await client.getVideo('dQw4w9WgXcQ').catch((e: unknown) => e);
    expect((err as ProviderHttpError).status).toBe(400);
    expect((err as Error).message).not.toContain('leaked-secret');
  });
});
