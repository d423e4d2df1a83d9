import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audiusTrack, startFakeAudius, type FakeAudius } from '../../../test/fakes/audius';
import { AudiusClient } from './audius';
import { ProviderHttpError } from './http';

describe('Audius adapter', () => {
  let fake: FakeAudius;
  let client: AudiusClient;
  beforeAll(async () => {
    fake = await startFakeAudius();
    fake.tracks.set('D7KyD', audiusTrack('D7KyD'));
    for (let i = 0; i < 23; i++)
      fake.tracks.set(`w${i}`, audiusTrack(`w${i}`, { title: `Wave ${i}` }));
    client = new AudiusClient({ apiUrl: fake.url, appName: 'tt-test' });
  });
  afterAll(() => fake.close());

  it('gets a track and maps it with its stream URL', async () => {
    const song = await client.getTrack('D7KyD');
    const stream = `${fake.url}/v1/tracks/D7KyD/stream?app_name=tt-test`;
    expect(song).toEqual({
      trackName: 'Audius D7KyD',
      artistName: 'DJ Wave',
      genre: 'Electronic',
      duration: 201,
      isrc: null,
      explicit: false,
      musicProviders: { audius: 'D7KyD' },
      thumbnails: { audius: 'https://creatornode.example/D7KyD/480x480.jpg' },
      links: { audius: 'https://audius.co/dj-wave/audius-D7KyD' },
      previews: [],
      streamUrls: { audius: { http: stream } },
      albumName: null,
      releaseYear: 2023,
    });
    expect(fake.requests.at(-1)?.query.get('app_name')).toBe('tt-test');
    // The stream URL is the provider's real stream endpoint.
    const res = await fetch(stream, { redirect: 'manual' });
    expect(res.status).toBe(302);
  });

  it('searches with query, offset and limit', async () => {
    const first = await client.search('wave', 0, 20);
    expect(first.songs).toHaveLength(20);
    expect(first.next).toBe(20);
    const req = fake.requests.at(-1)!;
    expect(req.path).toBe('/v1/tracks/search');
    expect(req.query.get('query')).toBe('wave');
    const second = await client.search('wave', 20, 20);
    expect(second.songs).toHaveLength(3);
    expect(second.next).toBeNull();
  });

  it('a non-streamable track has no stream URL; an unknown one is a 404 error', async () => {
    fake.tracks.set('gated', audiusTrack('gated', { is_streamable: false, artwork: null }));
    const song = await client.getTrack('gated');
    expect(song.streamUrls).toEqual({});
    expect(song.thumbnails).toEqual({});
    const err = await client.getTrack('missing').catch((e: unknown) => e);
    expect((err as ProviderHttpError).status).toBe(404);
  });
});
