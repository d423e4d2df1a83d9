import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audiusTrack, startFakeAudius, type FakeAudius } from '../../../test/fakes/audius';
import {
  soundcloudTrack,
  startFakeSoundcloud,
  type FakeSoundcloud,
} from '../../../test/fakes/soundcloud';
import { AudiusClient } from './audius';
import { ProviderHttpError } from './http';
import { SoundcloudClient } from './soundcloud';

describe('SoundCloud: resolve and me/tracks', () => {
  let fake: FakeSoundcloud;
  beforeAll(async () => {
    fake = await startFakeSoundcloud();
    fake.tracks.set(
      '3001',
      soundcloudTrack(3001, { permalink_url: 'https://soundcloud.com/someone/open-air' }),
    );
    fake.tracks.set(
      '3002',
      soundcloudTrack(3002, {
        sharing: 'private',
        secret_token: 's-Qq1',
        permalink_url: 'https://soundcloud.com/someone/secret-air',
        user: { id: 77, username: 'me' },
      }),
    );
    for (let i = 0; i < 60; i++) {
      fake.tracks.set(
        `31${i}`,
        soundcloudTrack(3100 + i, { title: `Mine ${i}`, user: { id: 77, username: 'me' } }),
      );
    }
    fake.meUserId = 77;
  });
  afterAll(() => fake.close());

  it('resolves a permalink through the 302 of GET /resolve', async () => {
    const client = new SoundcloudClient(fake.options);
    const song = await client.resolveTrack('https://soundcloud.com/someone/open-air');
    expect(song.musicProviders).toEqual({ soundCloudPublic: '3001' });
    const resolve = fake.requests.find((r) => r.path === '/resolve');
    expect(resolve?.query.get('url')).toBe('https://soundcloud.com/someone/open-air');
  });

  it('resolves a private share link (its secret token travels with the redirect)', async () => {
    const client = new SoundcloudClient(fake.options);
    const song = await client.resolveTrack('https://soundcloud.com/someone/secret-air/s-Qq1');
    expect(song.musicProviders).toEqual({ soundCloudPublic: '3002' });
  });

  it('an unknown permalink is a 404', async () => {
    const client = new SoundcloudClient(fake.options);
    const err = await client.resolveTrack('https://soundcloud.com/no/one').catch((e: unknown) => e);
    expect((err as ProviderHttpError).status).toBe(404);
  });

  it("reads the token account's tracks, private ones included, across next_href pages", async () => {
    const client = new SoundcloudClient(fake.options);
    const tracks = await client.myTracks();
    expect(tracks).toHaveLength(61);
    expect(tracks.find((t) => t.id === 3002)?.sharing).toBe('private');
    const pages = fake.requests.filter((r) => r.path === '/me/tracks');
    expect(pages).toHaveLength(2);
    expect(pages[0].headers.authorization).toMatch(/^OAuth /);
    expect(await client.myTracks(10)).toHaveLength(10);
  });
});

describe('Audius: resolve', () => {
  let fake: FakeAudius;
  beforeAll(async () => {
    fake = await startFakeAudius();
    fake.tracks.set('Zx9', audiusTrack('Zx9', { permalink: '/dj-wave/sunny-day' }));
  });
  afterAll(() => fake.close());

  it('resolves an audius.co permalink through the 302 of GET /v1/resolve', async () => {
    const client = new AudiusClient({ apiUrl: fake.url, appName: 'tt-test' });
    const song = await client.resolveTrack('https://audius.co/dj-wave/sunny-day');
    expect(song.musicProviders).toEqual({ audius: 'Zx9' });
    const resolve = fake.requests.find((r) => r.path === '/v1/resolve');
    expect(resolve?.query.get('app_name')).toBe('tt-test');
    const err = await client
      .resolveTrack('https://audius.co/nobody/nothing')
      .catch((e: unknown) => e);
    expect((err as ProviderHttpError).status).toBe(404);
  });
});
