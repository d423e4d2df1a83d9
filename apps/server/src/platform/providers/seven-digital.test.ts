import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sevenDigitalTrack,
  startFakeSevenDigital,
  type FakeSevenDigital,
} from '../../../test/fakes/seven-digital';
import { ProviderHttpError } from './http';
import { SevenDigitalClient } from './seven-digital';

describe('7digital adapter', () => {
  let fake: FakeSevenDigital;
  let client: SevenDigitalClient;
  beforeAll(async () => {
    fake = await startFakeSevenDigital();
    fake.tracks.set(
      '12345',
      sevenDigitalTrack(12345, { version: 'Radio Edit', explicitContent: true }),
    );
    for (let i = 0; i < 27; i++)
      fake.tracks.set(`${500 + i}`, sevenDigitalTrack(500 + i, { title: `Storm ${i}` }));
    client = new SevenDigitalClient({ apiUrl: fake.url, consumerKey: fake.consumerKey });
  });
  afterAll(() => fake.close());

  it('gets track details with the consumer key and country and maps them', async () => {
    expect(await client.getTrack(12345)).toEqual({
      trackName: 'Digital 12345 (Radio Edit)',
      artistName: 'The Band',
      genre: null,
      duration: 199,
      isrc: 'GBUM70012345',
      explicit: true,
      musicProviders: { sevenDigital: '12345' },
      thumbnails: {
        sevenDigital:
          'https://artwork-cdn.7static.com/static/img/sleeveart/00/000/900/0000000900_350.jpg',
      },
      links: { sevenDigital: 'https://us.7digital.com/artist/band/release/album?partner=1' },
      previews: [],
      streamUrls: {},
      albumName: 'Digital Album',
      releaseYear: 2018,
    });
    const req = fake.requests.at(-1)!;
    expect(Object.fromEntries(req.query)).toEqual({
      trackid: '12345',
      country: 'US',
      oauth_consumer_key: '7d-key',
    });
  });

  it('searches by page, turning offsets into pages', async () => {
    const first = await client.search('storm', 0, 20);
    expect(first.songs).toHaveLength(20);
    expect(first.next).toBe(20);
    const second = await client.search('storm', 20, 20);
    expect(fake.requests.at(-1)?.query.get('page')).toBe('2');
    expect(second.songs).toHaveLength(7);
    expect(second.next).toBeNull();
  });

  it('errors carry the 7digital message and hide the key', async () => {
    const err = await client.getTrack(1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderHttpError);
    expect((err as ProviderHttpError).status).toBe(404);
    const bad = new SevenDigitalClient({ apiUrl: fake.url, consumerKey: 'secret-key' });
    const err2 = (await bad.getTrack(12345).catch((e: unknown) => e)) as ProviderHttpError;
    expect(err2.status).toBe(401);
    expect(err2.url).not.toContain('secret-key');
    expect(err2.message).not.toContain('secret-key');
  });
});
