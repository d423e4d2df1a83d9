import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  playlistCatalogueEndpoints as catalogue,
  playlistSongDataEndpoints as e,
} from '@tt/protocol';
import { appleSong } from '../../../../test/fakes/apple';
import { audiusTrack } from '../../../../test/fakes/audius';
import { sevenDigitalTrack } from '../../../../test/fakes/seven-digital';
import { soundcloudTrack } from '../../../../test/fakes/soundcloud';
import { spotifyTrack } from '../../../../test/fakes/spotify';
import { youtubeVideo } from '../../../../test/fakes/youtube';
import { expectError } from '../../../../test/harness';
import { addCatalogueSong, HARBOR, type PlaylistWorld } from '../test-kit';
import { answerNormally, HARBOR_PROVIDERS, startHarborWorld } from '../test-setup';

let w: PlaylistWorld;
let user: string;
let staff: string;

beforeAll(async () => {
  ({ w, user } = await startHarborWorld());
  staff = (await w.s.createUser({ roles: ['user', 'staff'] })).token;
});
afterAll(() => w.close());
beforeEach(() => answerNormally(w));

const byLink = (link: string, token: string | null = user) =>
  w.s.as(token).call(e.byLink, { params: { link } });
const providers = (id: string, musicProvider: string, token: string | null = user) =>
  w.s
    .as(token)
    .call(e.providers, { params: { providerSongId: id, musicProvider: musicProvider as never } });

describe('GET /song-data/{link}', () => {
  it.each([
    ['Spotify', `https://open.spotify.com/track/${HARBOR.spotify}?si=x`, 'spotify', HARBOR.spotify],
    [
      'Apple Music',
      `https://music.apple.com/us/album/harbor/1?i=${HARBOR.apple}`,
      'apple',
      HARBOR.apple,
    ],
    ['YouTube', `https://youtu.be/${HARBOR.youtube}`, 'youtube', HARBOR.youtube],
    [
      'SoundCloud',
      'https://soundcloud.com/novalights/midnight-harbor',
      'soundCloudPublic',
      String(HARBOR.soundcloud),
    ],
    ['Audius', 'https://audius.co/novalights/midnight-harbor', 'audius', HARBOR.audius],
    [
      '7digital',
      `https://us.7digital.com/artist/nova/release/harbor-900?trackid=${HARBOR.sevenDigital}`,
      'sevenDigital',
      String(HARBOR.sevenDigital),
    ],
  ])('a %s link answers the song there', async (_name, link, provider, id) => {
    const song = await byLink(link);
    expect(song).toMatchObject({
      trackName: 'Midnight Harbor',
      artistName: 'Nova Lights',
      musicProviders: { [provider]: id },
      id: null,
      songShortId: null,
    });
    expect(song.duration).toBeGreaterThan(195);
  });

  it('resolves a private SoundCloud share link with its secret token', async () => {
    w.soundcloud.tracks.set(
      '5002',
      soundcloudTrack(5002, {
        title: 'Harbor Demo',
        sharing: 'private',
        secret_token: 's-Zz9',
        permalink_url: 'https://soundcloud.com/novalights/harbor-demo',
      }),
    );
    const song = await byLink('https://soundcloud.com/novalights/harbor-demo/s-Zz9');
    expect(song).toMatchObject({
      trackName: 'Harbor Demo',
      musicProviders: { soundCloudPublic: '5002' },
    });
  });

  it('names the catalogue song once the track is imported', async () => {
    const { song } = await w.s.as(user).call(catalogue.trackImport, {
      body: { musicProvider: 'youtube', providerId: HARBOR.youtube },
    });
    expect(await byLink(`https://www.youtube.com/watch?v=${HARBOR.youtube}`)).toMatchObject({
      id: song.id,
      songShortId: song.songShortId,
    });
  });

  it('refuses links of other sites and answers 404 for songs the provider does not know', async () => {
    await expectError(
      byLink('https://example.com/song/1'),
      400,
      'This is not a song link of a supported music provider (Spotify, Apple Music, SoundCloud, YouTube, Audius, 7digital, Deezer, Napster or TIDAL).',
    );
    await expectError(byLink('https://open.spotify.com/album/0MidnightHarborSpotify'), 400);
    await expectError(
      byLink('https://open.spotify.com/track/0UnknownTrackSpotify00'),
      404,
      'This song was not found at Spotify.',
    );
    await expectError(
      byLink('https://soundcloud.com/nobody/nothing'),
      404,
      'This song was not found at SoundCloud.',
    );
  });

  it('answers 502 naming the provider when it fails', async () => {
    w.spotify.refuseNext = 2;
    await expectError(
      byLink(`https://open.spotify.com/track/${HARBOR.spotify}`),
      502,
      'Spotify did not answer, please try again.',
    );
  });

  it('needs a token', async () => {
    await expectError(
      byLink(`https://youtu.be/${HARBOR.youtube}`, null),
      401,
      'Missing bearer token',
    );
  });
});

describe('GET /song-data/{providerSongId}/{musicProvider}/providers', () => {
  it('finds the song at every provider: by ISRC (Spotify, Apple, 7digital) or title, artist and duration', async () => {
    const song = await providers(HARBOR.spotify, 'spotify');
    expect(song.musicProviders).toEqual(HARBOR_PROVIDERS);
    expect(Object.keys(song.thumbnails).sort()).toEqual(Object.keys(HARBOR_PROVIDERS).sort());
    expect(Object.keys(song.links).sort()).toEqual(Object.keys(HARBOR_PROVIDERS).sort());
    expect(song.links.youtube).toBe(`https://www.youtube.com/watch?v=${HARBOR.youtube}`);
    expect(song.previews.length).toBeGreaterThan(0);
    expect(song.streamUrls.audius?.http).toMatch(/\/v1\/tracks\/aHarbor1\/stream/);
  });

  it('starts from any provider; soundcloud is another name of soundCloudPublic', async () => {
    const song = await providers(String(HARBOR.soundcloud), 'soundcloud');
    expect(song.musicProviders).toEqual({ ...HARBOR_PROVIDERS });
    expect(song.trackName).toBe('Midnight Harbor');
  });

  it('leaves out a provider that fails and answers the rest', async () => {
    const quay = { name: 'Quay Light', artist: 'Pier Five', isrc: 'USPF12400001' };
    w.sevenDigital.tracks.set(
      '7301',
      sevenDigitalTrack(7301, {
        title: quay.name,
        artist: { id: 5, name: quay.artist },
        duration: 180,
        isrc: quay.isrc,
      }),
    );
    w.spotify.tracks.set(
      'QuaySpotifyTrack000001',
      spotifyTrack('QuaySpotifyTrack000001', {
        name: quay.name,
        artists: [{ id: 'p', name: quay.artist }],
        duration_ms: 181_000,
        external_ids: { isrc: quay.isrc },
      }),
    );
    w.apple.songs.set(
      '1440000301',
      appleSong('1440000301', { name: quay.name, artistName: quay.artist, isrc: quay.isrc }),
    );
    w.audius.tracks.set(
      'aQuay1',
      audiusTrack('aQuay1', {
        title: quay.name,
        duration: 182,
        user: { id: 'p5', name: quay.artist },
      }),
    );
    w.youtube.videos.set(
      'QuayLight01',
      youtubeVideo('QuayLight01', 'PT3M', { title: quay.name, channelTitle: quay.artist }),
    );
    w.apple.failing = true;
    w.youtube.failing = true;
    const song = await providers('7301', 'sevenDigital');
    expect(song.musicProviders).toEqual({
      sevenDigital: '7301',
      spotify: 'QuaySpotifyTrack000001',
      audius: 'aQuay1',
    });
  });

  it('does not match a different song', async () => {
    w.spotify.tracks.set(
      'LonelySpotifyTrack0001',
      spotifyTrack('LonelySpotifyTrack0001', {
        name: 'Lonely Tune',
        external_ids: { isrc: 'ZZZZZ0000001' },
      }),
    );
    const song = await providers('LonelySpotifyTrack0001', 'spotify');
    expect(song.musicProviders).toEqual({ spotify: 'LonelySpotifyTrack0001' });
  });

  it('refuses an id that is not one of the provider, and answers 404 for an unknown one', async () => {
    await expectError(
      providers('abc', 'spotify'),
      400,
      'providerSongId: must be a Spotify track id (22 letters and digits)',
    );
    await expectError(providers('x', 'pandora'), 400, /^musicProvider: Invalid option/);
    await expectError(providers('99999', 'apple'), 404, 'This song was not found at Apple Music.');
  });

  it('uploadService answers the catalogue song as stored', async () => {
    const upload = await addCatalogueSong(w.s, { trackName: 'Home Grown', artistName: 'Our Band' });
    const before = w.providerRequests();
    const song = await providers(upload.songShortId, 'uploadService');
    expect(song).toMatchObject({
      id: upload.id,
      songShortId: upload.songShortId,
      trackName: 'Home Grown',
    });
    expect(w.providerRequests()).toBe(before);
    await expectError(providers('zzzzzzzzzz', 'uploadService'), 404, 'Song not found.');
  });
});

describe('GET …/service and lazy completion (SONG-DATA-LAZY-1)', () => {
  it('is for services (staff, superUser) only', async () => {
    await expectError(
      w.s
        .as(user)
        .call(e.service, { params: { providerSongId: HARBOR.apple, musicProvider: 'apple' } }),
      403,
      'You do not have the role this action needs',
    );
  });

  it('imports the song with every provider it found, once', async () => {
    const call = () =>
      w.s
        .as(staff)
        .call(e.service, { params: { providerSongId: HARBOR.apple, musicProvider: 'apple' } });
    const first = await call();
    expect(first.id).toEqual(expect.any(Number));
    expect(first.musicProviders).toEqual(HARBOR_PROVIDERS);
    const stored = await w.s
      .as(user)
      .call(catalogue.song, { params: { songId: String(first.id) } });
    expect(stored).toMatchObject({
      status: 'UNVERIFIED',
      isrc: HARBOR.isrc,
      musicProviders: HARBOR_PROVIDERS,
    });
    expect((await call()).id).toBe(first.id);
  });

  it('a catalogue song with several providers, thumbnails and links is answered without asking the providers', async () => {
    const before = w.providerRequests();
    const song = await providers(HARBOR.spotify, 'spotify');
    expect(w.providerRequests()).toBe(before);
    expect(song.id).toEqual(expect.any(Number));
    expect(song.musicProviders).toEqual(HARBOR_PROVIDERS);
  });

  it('a catalogue song that still needs completion is completed and stored', async () => {
    w.spotify.tracks.set(
      'TideSpotifyTrack000001',
      spotifyTrack('TideSpotifyTrack000001', {
        name: 'Tide Song',
        artists: [{ id: 't', name: 'Tide Band' }],
        duration_ms: 150_000,
        external_ids: { isrc: 'USTD12400001' },
      }),
    );
    const { song } = await w.s.as(user).call(catalogue.trackImport, {
      body: { musicProvider: 'spotify', providerId: 'TideSpotifyTrack000001' },
    });
    expect(song.musicProviders).toEqual({ spotify: 'TideSpotifyTrack000001' });
    w.apple.songs.set('1440000077', {
      id: '1440000077',
      attributes: {
        name: 'Tide Song',
        artistName: 'Tide Band',
        durationInMillis: 151_000,
        isrc: 'USTD12400001',
        url: 'https://music.apple.com/us/song/tide/1440000077',
        artwork: { url: 'https://art/{w}x{h}.jpg' },
      },
    });
    const completed = await providers('TideSpotifyTrack000001', 'spotify');
    expect(completed).toMatchObject({
      id: song.id,
      musicProviders: { spotify: 'TideSpotifyTrack000001', apple: '1440000077' },
    });
    const stored = await w.s
      .as(user)
      .call(catalogue.song, { params: { songId: song.songShortId } });
    expect(stored.musicProviders).toEqual({
      spotify: 'TideSpotifyTrack000001',
      apple: '1440000077',
    });
    expect(stored.links.apple).toBe('https://music.apple.com/us/song/tide/1440000077');
  });
});

describe('bare GET /song-data', () => {
  it('takes a link, or a provider id; providers=true matches the rest', async () => {
    const q = (query: Record<string, unknown>) =>
      w.s.as(user).call(e.query, { query: query as never });
    expect((await q({ link: `https://youtu.be/${HARBOR.youtube}` })).musicProviders).toEqual(
      expect.objectContaining({ youtube: HARBOR.youtube }),
    );
    const one = await q({
      providerSongId: String(HARBOR.sevenDigital),
      musicProvider: 'sevenDigital',
    });
    expect(one.trackName).toBe('Midnight Harbor');
    const all = await q({ link: 'https://audius.co/novalights/midnight-harbor', providers: true });
    expect(all.musicProviders).toEqual(HARBOR_PROVIDERS);
  });

  it('refuses both forms at once, or neither', async () => {
    const msg = 'link: send either link, or providerSongId and musicProvider';
    await expectError(w.s.as(user).call(e.query, { query: {} }), 400, msg);
    await expectError(
      w.s.as(user).call(e.query, {
        query: { link: 'https://youtu.be/x', providerSongId: '1', musicProvider: 'apple' },
      }),
      400,
      msg,
    );
    await expectError(w.s.as(user).call(e.query, { query: { providerSongId: '1' } }), 400, msg);
  });

  it('guests may read song data', async () => {
    const guest = (await w.s.client.call(authEndpoints.guest, {})).accessToken;
    expect((await byLink(`https://youtu.be/${HARBOR.youtube}`, guest)).trackName).toBe(
      'Midnight Harbor',
    );
  });
});
