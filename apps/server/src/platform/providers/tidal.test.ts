import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTidal, tidalTrack, type FakeTidal } from '../../../test/fakes/tidal';
import { ProviderHttpError } from './http';
import { TidalClient } from './tidal';

describe('TIDAL adapter (MUSIC-PROVIDERS-1, -3)', () => {
  let fake: FakeTidal;
  let client: TidalClient;
  beforeAll(async () => {
    fake = await startFakeTidal();
    fake.tracks.set('75413016', tidalTrack('75413016', { title: 'Undertow', version: 'Live' }));
    client = new TidalClient(fake.options);
  });
  afterAll(() => fake.close());

  it('reads a track with a client-credentials token and its artist and album', async () => {
    expect(await client.getTrack('75413016')).toEqual({
      trackName: 'Undertow (Live)',
      artistName: 'Wave Riders',
      genre: null,
      duration: 200,
      isrc: 'GBTD15413016',
      explicit: false,
      musicProviders: { tidal: '75413016' },
      thumbnails: { tidal: 'https://resources.tidal.com/images/al1/320x320.jpg' },
      links: { tidal: 'https://tidal.com/browse/track/75413016' },
      previews: [],
      streamUrls: {},
      albumName: 'High Tide',
      releaseYear: 2019,
    });
    const req = fake.requests.at(-1)!;
    expect(req.query.get('countryCode')).toBe('US');
    expect(req.query.get('include')).toBe('artists,albums');
    expect(fake.issuer.tokenRequests).toBe(1);
  });

  it('finds by ISRC (null when none); an unknown id is a 404', async () => {
    expect((await client.getTrackByIsrc('gbtd15413016'))?.musicProviders.tidal).toBe('75413016');
    expect(await client.getTrackByIsrc('GBTD10000000')).toBeNull();
    const err = (await client.getTrack('1').catch((e: unknown) => e)) as ProviderHttpError;
    expect(err.status).toBe(404);
  });

  it('refreshes the token once on a 401', async () => {
    fake.issuer.current = 'expired';
    const before = fake.issuer.tokenRequests;
    await client.getTrack('75413016');
    expect(fake.issuer.tokenRequests).toBe(before + 1);
  });
});
