import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appleSong, startFakeApple, type FakeApple } from '../../../test/fakes/apple';
import { AppleMusicClient } from './apple';
import { ProviderHttpError } from './http';

function recordingLog() {
  const lines: { obj: Record<string, unknown>; msg: string }[] = [];
  return {
    lines,
    warn: (obj: object, msg: string) => lines.push({ obj: obj as Record<string, unknown>, msg }),
  };
}

describe('Apple Music adapter', () => {
  let fake: FakeApple;
  beforeAll(async () => {
    fake = await startFakeApple();
    fake.songs.set('1440857781', appleSong('1440857781'));
    for (let i = 0; i < 30; i++) {
      fake.songs.set(
        `9${i}`,
        appleSong(`9${i}`, { name: `Moonlight ${i}`, contentRating: undefined }),
      );
    }
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.failing = false;
  });
  const client = (log = recordingLog(), storefront = 'us') =>
    new AppleMusicClient({
      apiUrl: fake.url,
      developerToken: fake.developerToken,
      storefront,
      log,
    });

  it('looks a song up by id with the developer token and maps the resource', async () => {
    const song = await client().getSong('1440857781');
    expect(song).toEqual({
      trackName: 'Song 1440857781',
      artistName: 'Apple Artist',
      genre: 'Pop',
      duration: 185,
      isrc: 'GBAYE0857781',
      explicit: true,
      musicProviders: { apple: '1440857781' },
      thumbnails: { apple: 'https://is1-ssl.mzstatic.com/image/1440857781/256x256bb.jpg' },
      links: { apple: 'https://music.apple.com/us/album/x/1?i=1440857781' },
      previews: ['https://audio-ssl.itunes.apple.com/1440857781.m4a'],
      streamUrls: {},
      albumName: 'Apple Album',
      releaseYear: 2012,
    });
    const req = fake.requests.at(-1)!;
    expect(req.path).toBe('/v1/catalog/us/songs/1440857781');
    expect(req.headers.authorization).toBe('Bearer apple-dev-token');
  });

  it('looks a song up by ISRC with filter[isrc] in the configured storefront', async () => {
    const song = await client(recordingLog(), 'gb').getSongByIsrc('GBAYE0857781');
    expect(song?.musicProviders).toEqual({ apple: '1440857781' });
    const req = fake.requests.at(-1)!;
    expect(req.path).toBe('/v1/catalog/gb/songs');
    expect(req.query.get('filter[isrc]')).toBe('GBAYE0857781');
    expect(await client().getSongByIsrc('XX0000000000')).toBeNull();
  });

  it('a 500 on lookup by id or ISRC is logged and answers null', async () => {
    fake.failing = true;
    const log = recordingLog();
    expect(await client(log).getSong('1440857781')).toBeNull();
    expect(await client(log).getSongByIsrc('GBAYE0857781')).toBeNull();
    expect(log.lines.map((l) => l.msg)).toEqual([
      'Apple song lookup by ID failed',
      'Apple song lookup by ISRC failed',
    ]);
    expect((log.lines[0].obj.err as ProviderHttpError).status).toBe(500);
    expect(log.lines[0].obj.id).toBe('1440857781');
    expect(log.lines[1].obj.isrc).toBe('GBAYE0857781');
  });

  it('an unknown id (404) is logged and answers null', async () => {
    const log = recordingLog();
    expect(await client(log).getSong('404404')).toBeNull();
    expect(log.lines).toHaveLength(1);
  });

  it('searches 25 songs a page with term, types=songs and offset', async () => {
    const first = await client().search('moonlight');
    expect(first.songs).toHaveLength(25);
    expect(first.next).toBe(25);
    expect(first.songs[0].explicit).toBe(false);
    const req = fake.requests.at(-1)!;
    expect(Object.fromEntries(req.query)).toEqual({
      term: 'moonlight',
      types: 'songs',
      limit: '25',
      offset: '0',
    });
    const second = await client().search('moonlight', 25);
    expect(second.songs).toHaveLength(5);
    expect(second.next).toBeNull();
    expect(await client().search('nothing-matches')).toEqual({ songs: [], next: null });
  });

  it('a search failure is thrown', async () => {
    fake.failing = true;
    await expect(client().search('moonlight')).rejects.toBeInstanceOf(ProviderHttpError);
  });
});
