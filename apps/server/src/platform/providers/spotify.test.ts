import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSpotify, spotifyTrack, type FakeSpotify } from '../../../test/fakes/spotify';
import { ProviderHttpError } from './http';
import { SpotifyClient } from './spotify';

describe('Spotify adapter', () => {
  let fake: FakeSpotify;
  beforeAll(async () => {
    fake = await startFakeSpotify();
    fake.tracks.set(
      '4uLU6hMCjMI75M1A2tKUQC',
      spotifyTrack('4uLU6hMCjMI75M1A2tKUQC', { explicit: true }),
    );
    for (let i = 0; i < 25; i++)
      fake.tracks.set(`s${i}`, spotifyTrack(`s${i}`, { name: `Sunrise ${i}` }));
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.refuseNext = 0;
  });

  it('gets a track with a client-credentials token and maps the track object', async () => {
    const client = new SpotifyClient(fake.options);
    const song = await client.getTrack('4uLU6hMCjMI75M1A2tKUQC');
    expect(song).toEqual({
      trackName: 'Track 4uLU6hMCjMI75M1A2tKUQC',
      artistName: 'First Artist, Second Artist',
      genre: null,
      duration: 215,
      isrc: expect.stringMatching(/^USRC1/),
      explicit: true,
      musicProviders: { spotify: '4uLU6hMCjMI75M1A2tKUQC' },
      thumbnails: { spotify: 'https://i.scdn.co/image/4uLU6hMCjMI75M1A2tKUQC-300' },
      links: { spotify: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC' },
      previews: ['https://p.scdn.co/mp3-preview/4uLU6hMCjMI75M1A2tKUQC'],
      streamUrls: {},
      albumName: 'An Album',
      releaseYear: 2019,
    });
    const tokenReq = fake.requests.find((r) => r.path === '/api/token');
    expect(tokenReq?.method).toBe('POST');
    expect(tokenReq?.body).toBe('grant_type=client_credentials');
  });

  it('reuses the cached token across calls', async () => {
    const client = new SpotifyClient(fake.options);
    const before = fake.issuer.tokenRequests;
    await client.getTrack('s1');
    await client.getTrack('s2');
    expect(fake.issuer.tokenRequests - before).toBe(1);
  });

  it('searches with q, type=track, offset and limit and pages with next', async () => {
    const client = new SpotifyClient(fake.options);
    const first = await client.search('sunrise', 0, 20);
    expect(first.songs).toHaveLength(20);
    expect(first.next).toBe(20);
    const second = await client.search('sunrise', 20, 20);
    expect(second.songs).toHaveLength(5);
    expect(second.next).toBeNull();
    const req = fake.requests.filter((r) => r.path === '/v1/search').at(-1)!;
    expect(Object.fromEntries(req.query)).toEqual({
      q: 'sunrise',
      type: 'track',
      offset: '20',
      limit: '20',
    });
  });

  it('on a 401 refreshes the token once and retries once', async () => {
    const client = new SpotifyClient(fake.options);
    await client.getTrack('s1');
    const tokensBefore = fake.issuer.tokenRequests;
    const callsBefore = fake.requests.filter((r) => r.path === '/v1/tracks/s3').length;
    fake.refuseNext = 1;
    const song = await client.getTrack('s3');
    expect(song.musicProviders).toEqual({ spotify: 's3' });
    expect(fake.issuer.tokenRequests - tokensBefore).toBe(1);
    const calls = fake.requests.filter((r) => r.path === '/v1/tracks/s3');
    expect(calls.length - callsBefore).toBe(2);
    expect(calls.at(-1)?.headers.authorization).toBe(`Bearer ${fake.issuer.current}`);
  });

  it('a second 401 is an error after exactly one refresh', async () => {
    const client = new SpotifyClient(fake.options);
    await client.getTrack('s1');
    const tokensBefore = fake.issuer.tokenRequests;
    fake.refuseNext = 2;
    const err = await client.getTrack('s4').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderHttpError);
    expect((err as ProviderHttpError).status).toBe(401);
    expect(fake.issuer.tokenRequests - tokensBefore).toBe(1);
  });

  it('a 404 is thrown without a refresh', async () => {
    const client = new SpotifyClient(fake.options);
    await client.getTrack('s1');
    const tokensBefore = fake.issuer.tokenRequests;
    const err = await client.getTrack('nope').catch((e: unknown) => e);
    expect((err as ProviderHttpError).status).toBe(404);
    expect((err as ProviderHttpError).body).toEqual({
      error: { status: 404, message: 'Non existing id' },
    });
    expect(fake.issuer.tokenRequests).toBe(tokensBefore);
  });

  it('wrong client credentials fail at the token endpoint', async () => {
    const client = new SpotifyClient({ ...fake.options, clientSecret: 'wrong' });
    const err = await client.getTrack('s1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderHttpError);
    expect((err as ProviderHttpError).url).toBe(fake.options.tokenUrl);
  });
});
