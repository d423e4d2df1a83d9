import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  playlistCatalogueEndpoints as catalogue,
  playlistSongDataEndpoints as e,
  type SongDto,
} from '@tt/protocol';
import { spotifyTrack } from '../../../../test/fakes/spotify';
import { expectError } from '../../../../test/harness';
import { addCatalogueSong, HARBOR, type PlaylistWorld } from '../test-kit';
import { answerNormally, startHarborWorld } from '../test-setup';

let w: PlaylistWorld;
let user: string;
let admin: string;
let upload: SongDto;
/** Midnight Harbor in the catalogue with every provider. */
let harbor: SongDto;

beforeAll(async () => {
  ({ w, user } = await startHarborWorld());
  admin = (await w.s.createUser({ roles: ['user', 'admin'] })).token;
  upload = await addCatalogueSong(w.s, {
    trackName: 'Home Grown',
    artistName: 'Our Band',
    previews: ['/stored/preview.mp3'],
  });
  const staff = (await w.s.createUser({ roles: ['user', 'staff'] })).token;
  const found = await w.s.as(staff).call(e.service, {
    params: { providerSongId: HARBOR.spotify, musicProvider: 'spotify' },
  });
  harbor = await w.s.as(user).call(catalogue.song, { params: { songId: String(found.id) } });
});
afterAll(() => w.close());
beforeEach(() => answerNormally(w));

const stream = (
  id: string,
  query: Record<string, unknown> = {},
  country = 'US',
  token: string | null = user,
) => w.s.as(token).call(e.stream, { params: { country, id }, query: query as never });
const preview = (id: string, query: Record<string, unknown> = {}, country = 'US') =>
  w.s.as(user).call(e.preview, { params: { country, id }, query: query as never });

describe('GET /song-data/stream/{country}/{id}', () => {
  it('a verified upload streams as our HLS rendition', async () => {
    expect(await stream(upload.songShortId)).toEqual({
      country: 'US',
      quality: 'standard',
      streamUrls: {
        uploadService: { hls: `/api/song-service/songs/${upload.songShortId}/hls-playlist` },
      },
    });
  });

  it('a catalogue song streams from SoundCloud (by quality) and Audius', async () => {
    const high = await stream(String(harbor.id), { quality: 'high' }, 'gb');
    expect(high.country).toBe('GB');
    expect(high.streamUrls.soundCloudPublic).toEqual({
      http: `https://cf-media.sndcdn.com/${HARBOR.soundcloud}.128.mp3`,
      hls: `https://cf-hls-media.sndcdn.com/playlist/${HARBOR.soundcloud}.aac/playlist.m3u8`,
    });
    expect(high.streamUrls.audius?.http).toContain(`/v1/tracks/${HARBOR.audius}/stream`);
    const low = await stream(harbor.songShortId, { quality: 'low' });
    expect(low.streamUrls.soundCloudPublic?.hls).toContain('.64.opus');
    expect(low.streamUrls.uploadService).toBeUndefined();
  });

  it('a provider that fails is left out for a catalogue song', async () => {
    w.soundcloud.refuseNext = 2;
    const res = await stream(String(harbor.id));
    expect(res.streamUrls.soundCloudPublic).toBeUndefined();
    expect(res.streamUrls.audius).toBeDefined();
  });

  it('with provider, the id is a song there; unknown ones are 404, failures 502', async () => {
    const sc = await stream(String(HARBOR.soundcloud), { provider: 'soundcloud' });
    expect(Object.keys(sc.streamUrls)).toEqual(['soundCloudPublic']);
    const spotify = await stream(HARBOR.spotify, { provider: 'spotify' });
    expect(spotify.streamUrls).toEqual({});
    await expectError(
      stream('424242', { provider: 'soundcloud' }),
      404,
      'This song was not found at SoundCloud.',
    );
    await expectError(
      stream('0UnknownTrackSpotify00', { provider: 'spotify' }),
      404,
      'This song was not found at Spotify.',
    );
    w.soundcloud.refuseNext = 2;
    await expectError(
      stream('5001', { provider: 'soundcloud' }),
      502,
      'SoundCloud did not answer, please try again.',
    );
  });

  it('refuses a bad country, quality or id; an unknown catalogue song is 404', async () => {
    await expectError(
      stream(upload.songShortId, {}, 'USA'),
      400,
      'country: must be a two-letter country code',
    );
    await expectError(
      stream(upload.songShortId, { quality: 'ultra' }),
      400,
      /^quality: Invalid option/,
    );
    await expectError(
      stream('abc', { provider: 'apple' }),
      400,
      'providerSongId: must be an Apple Music song id (digits)',
    );
    await expectError(stream('zzzzzzzzzz'), 404, 'Song not found.');
  });

  it('guests may ask; no token is 401', async () => {
    const guest = (await w.s.client.call(authEndpoints.guest, {})).accessToken;
    expect(
      (await stream(upload.songShortId, {}, 'US', guest)).streamUrls.uploadService,
    ).toBeDefined();
    await expectError(stream(upload.songShortId, {}, 'US', null), 401, 'Missing bearer token');
  });
});

describe('GET /song-data/preview/{country}/{id}', () => {
  it('gathers the clips of Spotify (the country market), Apple and SoundCloud, then stored ones', async () => {
    const res = await preview(String(harbor.id), {}, 'de');
    expect(res.byProvider).toEqual({
      spotify: `https://p.scdn.co/mp3-preview/${HARBOR.spotify}`,
      apple: `https://audio-ssl.itunes.apple.com/${HARBOR.apple}.m4a`,
      soundCloudPublic: `https://cf-preview-media.sndcdn.com/preview/${HARBOR.soundcloud}.mp3`,
    });
    expect(res.previews.slice(0, 3)).toEqual([
      res.byProvider.spotify,
      res.byProvider.apple,
      res.byProvider.soundCloudPublic,
    ]);
    const market = w.spotify.requests
      .filter((r) => r.path === `/v1/tracks/${HARBOR.spotify}`)
      .at(-1);
    expect(market?.query.get('market')).toBe('DE');
  });

  it('keeps the stored previews of an upload, and leaves a failing provider out', async () => {
    expect(await preview(upload.songShortId)).toEqual({
      country: 'US',
      previews: ['/stored/preview.mp3'],
      byProvider: {},
    });
    w.apple.failing = true;
    expect((await preview(String(harbor.id))).byProvider.apple).toBeUndefined();
  });

  it('with provider: that provider only; unknown is 404', async () => {
    expect((await preview(HARBOR.apple, { provider: 'apple' })).byProvider).toEqual({
      apple: `https://audio-ssl.itunes.apple.com/${HARBOR.apple}.m4a`,
    });
    expect((await preview(HARBOR.youtube, { provider: 'youtube' })).previews).toEqual([]);
    await expectError(preview('0UnknownTrackSpotify00', { provider: 'spotify' }), 404);
    await expectError(
      preview('Unknown0001', { provider: 'youtube' }),
      404,
      'This song was not found at YouTube.',
    );
    await expectError(preview('1', { provider: 'pandora' }), 400, /^provider: Invalid option/);
  });
});

describe('POST /song-data/migrate-links', () => {
  const migrate = (body: Record<string, unknown>, token = admin) =>
    w.s.as(token).call(e.migrateLinks, { body: body as never });

  it('is for admins', async () => {
    await expectError(migrate({}, user), 403, 'You do not have the role this action needs');
  });

  it('re-reads catalogue songs from their providers and stores fresh links, in batches', async () => {
    // Spotify now answers another link and artwork for the song.
    const t = spotifyTrack(HARBOR.spotify, {
      name: 'Midnight Harbor',
      artists: [{ id: 'nova', name: 'Nova Lights' }],
      duration_ms: 200_000,
      external_ids: { isrc: HARBOR.isrc },
      external_urls: { spotify: `https://open.spotify.com/track/${HARBOR.spotify}?v=2` },
    });
    t.album!.images = [{ url: 'https://i.scdn.co/image/new-300', width: 300, height: 300 }];
    w.spotify.tracks.set(HARBOR.spotify, t);
    const res = await migrate({ limit: 10 });
    expect(res).toEqual({ processed: 1, updated: 1, unchanged: 0, failed: 0, nextAfterId: null });
    const stored = await w.s
      .as(user)
      .call(catalogue.song, { params: { songId: String(harbor.id) } });
    expect(stored.links.spotify).toBe(`https://open.spotify.com/track/${HARBOR.spotify}?v=2`);
    expect(stored.thumbnails.spotify).toBe('https://i.scdn.co/image/new-300');
    expect(stored.musicProviders).toEqual(harbor.musicProviders);
    // Nothing changed since: unchanged.
    expect(await migrate({ limit: 10 })).toMatchObject({ processed: 1, updated: 0, unchanged: 1 });
    // Uploads are not provider songs; a batch of 1 continues after the song.
    expect(await migrate({ limit: 1, provider: 'spotify' })).toMatchObject({
      processed: 1,
      nextAfterId: harbor.id,
    });
    expect(await migrate({ afterId: harbor.id })).toMatchObject({
      processed: 0,
      nextAfterId: null,
    });
  });

  it('counts a song whose provider fails as failed, and goes on', async () => {
    w.spotify.refuseNext = 2;
    expect(await migrate({ limit: 10 })).toMatchObject({ processed: 1, updated: 0, failed: 1 });
  });

  it('refuses a batch over 200 or a negative cursor', async () => {
    await expectError(migrate({ limit: 201 }), 400, 'limit: Too big: expected number to be <=200');
    await expectError(
      migrate({ afterId: -1 }),
      400,
      'afterId: Too small: expected number to be >=0',
    );
  });
});
