import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deezerTrack, startFakeDeezer, type FakeDeezer } from '../../../test/fakes/deezer';
import { DeezerClient } from './deezer';
import { ProviderHttpError } from './http';

describe('Deezer adapter (MUSIC-PROVIDERS-1..3)', () => {
  let fake: FakeDeezer;
  let client: DeezerClient;
  beforeAll(async () => {
    fake = await startFakeDeezer();
    fake.tracks.set(
      '3135556',
      deezerTrack(3135556, { title: 'Harder Days', explicit_lyrics: true }),
    );
    for (let i = 0; i < 27; i++)
      fake.tracks.set(`${900 + i}`, deezerTrack(900 + i, { title: `Wave ${i}` }));
    client = new DeezerClient({ apiUrl: fake.url });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.failing = false;
    fake.quota = false;
  });

  it('reads a track with no key and maps it, its 30 s clip as the preview (MUSIC-PROVIDERS-2)', async () => {
    expect(await client.getTrack('3135556')).toEqual({
      trackName: 'Harder Days',
      artistName: 'Daft Duo',
      genre: null,
      duration: 224,
      isrc: 'FRZ033135556',
      explicit: true,
      musicProviders: { deezer: '3135556' },
      thumbnails: {
        deezer: 'https://e-cdns-images.dzcdn.net/images/cover/3135556/250x250-000000-80-0-0.jpg',
      },
      links: { deezer: 'https://www.deezer.com/track/3135556' },
      previews: ['https://cdns-preview-d.dzcdn.net/stream/c-3135556-8.mp3'],
      streamUrls: {},
      albumName: 'Discovery Days',
      releaseYear: 2001,
    });
    const req = fake.requests.at(-1)!;
    expect(req.path).toBe('/track/3135556');
    expect([...req.query.keys()]).toEqual([]);
  });

  it('finds a track by ISRC (MUSIC-PROVIDERS-3); an unknown ISRC is null', async () => {
    expect((await client.getTrackByIsrc('frz033135556'))?.musicProviders).toEqual({
      deezer: '3135556',
    });
    expect(fake.requests.at(-1)?.path).toBe('/track/isrc:FRZ033135556');
    expect(await client.getTrackByIsrc('XXX000000000')).toBeNull();
  });

  it('searches with index and limit; next while more follow', async () => {
    const first = await client.search('wave', 0, 20);
    expect(first.songs).toHaveLength(20);
    expect(first.songs[0]?.isrc).toBeNull();
    expect(first.next).toBe(20);
    expect(Object.fromEntries(fake.requests.at(-1)!.query)).toEqual({
      q: 'wave',
      index: '0',
      limit: '20',
    });
    const second = await client.search('wave', 20, 20);
    expect(second.songs).toHaveLength(7);
    expect(second.next).toBeNull();
  });

  it('turns error envelopes into statuses: no data 404, a bad id 400, quota and outages fail', async () => {
    const status = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: unknown) => (e instanceof ProviderHttpError ? e.status : String(e)),
      );
    expect(await status(client.getTrack('1'))).toBe(404);
    expect(await status(client.getTrack('abc'))).toBe(400);
    fake.quota = true;
    expect(await status(client.getTrack('3135556'))).toBe(502);
    fake.quota = false;
    fake.failing = true;
    expect(await status(client.search('wave'))).toBe(503);
  });
});
