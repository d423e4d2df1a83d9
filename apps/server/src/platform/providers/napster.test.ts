import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { napsterTrack, startFakeNapster, type FakeNapster } from '../../../test/fakes/napster';
import { ProviderHttpError } from './http';
import { NapsterClient } from './napster';

describe('Napster adapter (MUSIC-PROVIDERS-1..3)', () => {
  let fake: FakeNapster;
  let client: NapsterClient;
  beforeAll(async () => {
    fake = await startFakeNapster();
    fake.tracks.set(
      'tra.5156528',
      napsterTrack(5156528, { name: 'Rhapsody Road', isExplicit: true }),
    );
    for (let i = 0; i < 25; i++)
      fake.tracks.set(`tra.${700 + i}`, napsterTrack(700 + i, { name: `Echo ${i}` }));
    client = new NapsterClient({ apiUrl: fake.url, apiKey: fake.apiKey });
  });
  afterAll(() => fake.close());

  it('reads a track (any case of tra.) with the key and maps it with its clip', async () => {
    const song = await client.getTrack('Tra.5156528');
    expect(song).toMatchObject({
      trackName: 'Rhapsody Road',
      artistName: 'The Napsters',
      duration: 230,
      isrc: 'USNP15156528',
      explicit: true,
      musicProviders: { napster: 'tra.5156528' },
      links: { napster: 'https://web.napster.com/track/tra.5156528' },
      previews: ['https://listen.hs.llnwd.net/g3/prvw/4/5156528.mp3'],
      albumName: 'Rhapsody',
    });
    expect(song.thumbnails.napster).toBe(
      `${fake.url}/imageserver/v2/albums/alb.5156509/images/300x300.jpg`,
    );
    expect(fake.requests.at(-1)?.query.get('apikey')).toBe('napster-key');
  });

  it('finds by ISRC; an unknown id is a 404, an unknown ISRC null', async () => {
    expect((await client.getTrackByIsrc('USNP15156528'))?.musicProviders.napster).toBe(
      'tra.5156528',
    );
    expect(await client.getTrackByIsrc('USNP10000000')).toBeNull();
    const err = (await client.getTrack('tra.1').catch((e: unknown) => e)) as ProviderHttpError;
    expect(err.status).toBe(404);
  });

  it('searches tracks by offset; a wrong key is a 401 whose message hides the key', async () => {
    const page = await client.search('echo', 20, 20);
    expect(page.songs).toHaveLength(5);
    expect(page.next).toBeNull();
    expect((await client.search('echo', 0, 20)).next).toBe(20);
    const bad = new NapsterClient({ apiUrl: fake.url, apiKey: 'secret-key' });
    const err = (await bad.getTrack('tra.5156528').catch((e: unknown) => e)) as ProviderHttpError;
    expect(err.status).toBe(401);
    expect(err.message).not.toContain('secret-key');
  });
});
