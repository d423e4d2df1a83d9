import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  soundcloudTrack,
  startFakeSoundcloud,
  type FakeSoundcloud,
} from '../../../test/fakes/soundcloud';
import { ProviderHttpError } from './http';
import { SoundcloudClient } from './soundcloud';

describe('SoundCloud adapter', () => {
  let fake: FakeSoundcloud;
  beforeAll(async () => {
    fake = await startFakeSoundcloud();
    fake.tracks.set(
      '1001',
      soundcloudTrack(1001, {
        publisher_metadata: {
          artist: 'Label Artist',
          isrc: 'QZES72000001',
          explicit: true,
          album_title: 'Cloud EP',
        },
        release_year: 2021,
      }),
    );
    fake.tracks.set(
      '2002',
      soundcloudTrack(2002, { sharing: 'private', secret_token: 's-AbCdE', title: 'Secret demo' }),
    );
    for (let i = 0; i < 45; i++)
      fake.tracks.set(`${3000 + i}`, soundcloudTrack(3000 + i, { title: `Rain ${i}` }));
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.refuseNext = 0;
  });

  it('gets a public track with an OAuth client-credentials token and maps it', async () => {
    const client = new SoundcloudClient(fake.options);
    expect(await client.getTrack(1001)).toEqual({
      trackName: 'Cloud 1001',
      artistName: 'Label Artist',
      genre: 'House',
      duration: 245,
      isrc: 'QZES72000001',
      explicit: true,
      musicProviders: { soundCloudPublic: '1001' },
      thumbnails: { soundCloudPublic: 'https://i1.sndcdn.com/artworks-1001-t500x500.jpg' },
      links: { soundCloudPublic: 'https://soundcloud.com/someone/cloud-1001' },
      previews: [],
      streamUrls: {},
      albumName: 'Cloud EP',
      releaseYear: 2021,
    });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`OAuth ${fake.issuer.current}`);
  });

  it('gets a private track and its streams only with the secret token', async () => {
    const client = new SoundcloudClient(fake.options);
    const song = await client.getTrackWithStreams(2002, 's-AbCdE');
    expect(song.trackName).toBe('Secret demo');
    expect(song.artistName).toBe('someone');
    expect(song.releaseYear).toBe(2020);
    expect(song.streamUrls).toEqual({
      soundCloudPublic: {
        http: 'https://cf-media.sndcdn.com/2002.128.mp3',
        hls: 'https://cf-hls-media.sndcdn.com/playlist/2002.aac/playlist.m3u8',
      },
    });
    expect(song.previews).toEqual(['https://cf-preview-media.sndcdn.com/preview/2002.mp3']);
    const streamsReq = fake.requests.filter((r) => r.path === '/tracks/2002/streams').at(-1);
    expect(streamsReq?.query.get('secret_token')).toBe('s-AbCdE');
    const err = await client.getStreams(2002).catch((e: unknown) => e);
    expect((err as ProviderHttpError).status).toBe(404);
  });

  it('searches 20 a page with q, offset and linked_partitioning', async () => {
    const client = new SoundcloudClient(fake.options);
    const first = await client.search('rain');
    expect(first.songs).toHaveLength(20);
    expect(first.next).toBe(20);
    expect(Object.fromEntries(fake.requests.at(-1)!.query)).toEqual({
      q: 'rain',
      offset: '0',
      linked_partitioning: 'true',
      limit: '20',
    });
    const last = await client.search('rain', 40);
    expect(last.songs).toHaveLength(5);
    expect(last.next).toBeNull();
  });

  it.each([401, 403])('on a %i refreshes the token once and retries once', async (status) => {
    const client = new SoundcloudClient(fake.options);
    await client.getTrack(1001);
    const tokensBefore = fake.issuer.tokenRequests;
    const callsBefore = fake.requests.filter((r) => r.path === '/tracks/3001').length;
    fake.refuseStatus = status;
    fake.refuseNext = 1;
    const song = await client.getTrack(3001);
    expect(song.musicProviders).toEqual({ soundCloudPublic: '3001' });
    expect(fake.issuer.tokenRequests - tokensBefore).toBe(1);
    expect(fake.requests.filter((r) => r.path === '/tracks/3001').length - callsBefore).toBe(2);
  });

  it.each([401, 403])('a %i twice is an error after exactly one refresh', async (status) => {
    const client = new SoundcloudClient(fake.options);
    await client.getTrack(1001);
    const tokensBefore = fake.issuer.tokenRequests;
    fake.refuseStatus = status;
    fake.refuseNext = 2;
    const err = await client.getTrack(3002).catch((e: unknown) => e);
    expect((err as ProviderHttpError).status).toBe(status);
    expect(fake.issuer.tokenRequests - tokensBefore).toBe(1);
  });

  it('a 404 is thrown without a refresh', async () => {
    const client = new SoundcloudClient(fake.options);
    await client.getTrack(1001);
    const tokensBefore = fake.issuer.tokenRequests;
    await expect(client.getTrack(9)).rejects.toMatchObject({ status: 404 });
    expect(fake.issuer.tokenRequests).toBe(tokensBefore);
  });
});
