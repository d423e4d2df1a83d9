import type { SongDto } from '@tt/protocol';
import { startFakeApple, appleSong, type FakeApple } from '../../../test/fakes/apple';
import { startFakeAudius, audiusTrack, type FakeAudius } from '../../../test/fakes/audius';
import { startFakeMusicAnalysis, type FakeMusicAnalysis } from '../../../test/fakes/music-analysis';
import {
  startFakeSevenDigital,
  sevenDigitalTrack,
  type FakeSevenDigital,
} from '../../../test/fakes/seven-digital';
import {
  startFakeSoundcloud,
  soundcloudTrack,
  type FakeSoundcloud,
} from '../../../test/fakes/soundcloud';
import { startFakeSpotify, spotifyTrack, type FakeSpotify } from '../../../test/fakes/spotify';
import { startFakeYoutube, youtubeVideo, type FakeYoutube } from '../../../test/fakes/youtube';
import { startTestServer, type TestServer } from '../../../test/harness';
import { CatalogueRepository } from '../song/catalogue.repository';
import { toSongDto } from '../song/service';
import { coverPath, newSongShortId } from '../song/short-id';

/** Every music provider and the music-analysis service as local fakes, and a server using them. */
export interface PlaylistWorld {
  s: TestServer;
  spotify: FakeSpotify;
  apple: FakeApple;
  soundcloud: FakeSoundcloud;
  audius: FakeAudius;
  youtube: FakeYoutube;
  sevenDigital: FakeSevenDigital;
  analysis: FakeMusicAnalysis;
  /** Requests every provider fake has answered so far. */
  providerRequests(): number;
  close(): Promise<void>;
}

/**
 * "Midnight Harbor" by Nova Lights (ISRC USNL12400001, about 200 s) at every provider: found by
 * ISRC at Spotify, Apple and 7digital, by title, artist and duration elsewhere.
 */
export const HARBOR = {
  isrc: 'USNL12400001',
  spotify: '0MidnightHarborSpotify',
  apple: '1440000001',
  soundcloud: 5001,
  audius: 'aHarbor1',
  youtube: 'MHarbor0001',
  sevenDigital: 7001,
};

export function addHarbor(w: PlaylistWorld): void {
  w.spotify.tracks.set(
    HARBOR.spotify,
    spotifyTrack(HARBOR.spotify, {
      name: 'Midnight Harbor',
      artists: [{ id: 'nova', name: 'Nova Lights' }],
      duration_ms: 200_000,
      explicit: false,
      external_ids: { isrc: HARBOR.isrc },
    }),
  );
  w.apple.songs.set(
    HARBOR.apple,
    appleSong(HARBOR.apple, {
      name: 'Midnight Harbor',
      artistName: 'Nova Lights',
      durationInMillis: 201_000,
      isrc: HARBOR.isrc,
      contentRating: undefined,
    }),
  );
  w.soundcloud.tracks.set(
    String(HARBOR.soundcloud),
    soundcloudTrack(HARBOR.soundcloud, {
      title: 'Midnight Harbor',
      duration: 198_000,
      user: { id: 9, username: 'novalights' },
      publisher_metadata: { artist: 'Nova Lights' },
      permalink_url: 'https://soundcloud.com/novalights/midnight-harbor',
    }),
  );
  w.audius.tracks.set(
    HARBOR.audius,
    audiusTrack(HARBOR.audius, {
      title: 'Midnight Harbor',
      duration: 203,
      user: { id: 'u9', name: 'Nova Lights', handle: 'novalights' },
      permalink: '/novalights/midnight-harbor',
    }),
  );
  w.youtube.videos.set(
    HARBOR.youtube,
    youtubeVideo(HARBOR.youtube, 'PT3M22S', {
      title: 'Midnight Harbor',
      channelTitle: 'Nova Lights - Topic',
    }),
  );
  w.sevenDigital.tracks.set(
    String(HARBOR.sevenDigital),
    sevenDigitalTrack(HARBOR.sevenDigital, {
      title: 'Midnight Harbor',
      artist: { id: 1, name: 'Nova Lights', appearsAs: 'Nova Lights' },
      duration: 200,
      isrc: HARBOR.isrc,
      url: 'https://us.7digital.com/artist/nova-lights/release/harbor-900?trackid=7001',
    }),
  );
}

/** Starts every fake and a server configured with all of them (plus `env`). */
export async function startPlaylistWorld(env: Record<string, string> = {}): Promise<PlaylistWorld> {
  const [spotify, apple, soundcloud, audius, youtube, sevenDigital, analysis] = await Promise.all([
    startFakeSpotify(),
    startFakeApple(),
    startFakeSoundcloud(),
    startFakeAudius(),
    startFakeYoutube(),
    startFakeSevenDigital(),
    startFakeMusicAnalysis(),
  ]);
  const s = await startTestServer({
    SPOTIFY_API_URL: spotify.url,
    SPOTIFY_TOKEN_URL: spotify.options.tokenUrl,
    SPOTIFY_CLIENT_ID: spotify.options.clientId,
    SPOTIFY_CLIENT_SECRET: spotify.options.clientSecret,
    APPLE_MUSIC_API_URL: apple.url,
    APPLE_MUSIC_TOKEN: apple.developerToken,
    SOUNDCLOUD_API_URL: soundcloud.url,
    SOUNDCLOUD_TOKEN_URL: soundcloud.options.tokenUrl,
    SOUNDCLOUD_CLIENT_ID: soundcloud.options.clientId,
    SOUNDCLOUD_CLIENT_SECRET: soundcloud.options.clientSecret,
    AUDIUS_API_URL: audius.url,
    AUDIUS_APP_NAME: 'tt-test',
    YOUTUBE_API_URL: youtube.url,
    YOUTUBE_API_KEY: youtube.apiKey,
    SEVENDIGITAL_API_URL: sevenDigital.url,
    SEVENDIGITAL_KEY: sevenDigital.consumerKey,
    MUSIC_ANALYSIS_URL: analysis.endpoint,
    MUSIC_ANALYSIS_TOKEN: analysis.token,
    ...env,
  });
  const fakes = [spotify, apple, soundcloud, audius, youtube, sevenDigital];
  return {
    s,
    spotify,
    apple,
    soundcloud,
    audius,
    youtube,
    sevenDigital,
    analysis,
    providerRequests: () => fakes.reduce((n, f) => n + f.requests.length, 0),
    async close() {
      await s.close();
      await Promise.all([...fakes, analysis].map((f) => f.close()));
    },
  };
}

/** Stores a catalogue song (by default a verified upload of ours) directly. */
export async function addCatalogueSong(
  s: TestServer,
  fields: { trackName: string; artistName: string } & Partial<
    Pick<
      SongDto,
      | 'genre'
      | 'duration'
      | 'explicit'
      | 'albumName'
      | 'isrc'
      | 'status'
      | 'musicProviders'
      | 'thumbnails'
      | 'links'
      | 'previews'
      | 'streamUrls'
    >
  >,
): Promise<SongDto> {
  const shortId = newSongShortId();
  const row = await new CatalogueRepository(s.app.platform.db).insert({
    shortId,
    duration: 180,
    status: 'VERIFIED',
    ...fields,
    musicProviders: fields.musicProviders ?? { uploadService: shortId },
    thumbnails: fields.thumbnails ?? { uploadService: coverPath(shortId) },
  });
  return toSongDto(row!);
}
