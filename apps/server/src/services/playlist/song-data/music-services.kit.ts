import { deezerTrack, startFakeDeezer, type FakeDeezer } from '../../../../test/fakes/deezer';
import { napsterTrack, startFakeNapster, type FakeNapster } from '../../../../test/fakes/napster';
import { startFakeTidal, tidalTrack, type FakeTidal } from '../../../../test/fakes/tidal';
import { HARBOR, type PlaylistWorld } from '../test-kit';
import { startHarborWorld } from '../test-setup';

/**
 * The playlist world (every provider a local fake, "Midnight Harbor" everywhere) plus local
 * Deezer, Napster and TIDAL fakes, where Midnight Harbor has the same ISRC (test and e2e setup).
 */
export interface MusicServicesWorld {
  w: PlaylistWorld;
  user: string;
  deezer: FakeDeezer;
  napster: FakeNapster;
  tidal: FakeTidal;
  close(): Promise<void>;
}

/** Midnight Harbor's ids at the services added by MUSIC-PROVIDERS-1. */
export const HARBOR_MORE = { deezer: '3135556', napster: 'tra.5156528', tidal: '75413016' };

export async function startMusicServicesWorld(
  env: Record<string, string> = {},
): Promise<MusicServicesWorld> {
  const [deezer, napster, tidal] = await Promise.all([
    startFakeDeezer(),
    startFakeNapster(),
    startFakeTidal(),
  ]);
  const { w, user } = await startHarborWorld({
    DEEZER_ENABLED: 'true',
    DEEZER_API_URL: deezer.url,
    NAPSTER_API_URL: napster.url,
    NAPSTER_API_KEY: napster.apiKey,
    TIDAL_API_URL: tidal.options.apiUrl,
    TIDAL_TOKEN_URL: tidal.options.tokenUrl,
    TIDAL_CLIENT_ID: tidal.options.clientId,
    TIDAL_CLIENT_SECRET: tidal.options.clientSecret,
    ...env,
  });
  deezer.tracks.set(
    HARBOR_MORE.deezer,
    deezerTrack(Number(HARBOR_MORE.deezer), {
      title: 'Midnight Harbor',
      artist: { id: 1, name: 'Nova Lights' },
      duration: 200,
      isrc: HARBOR.isrc,
    }),
  );
  napster.tracks.set(
    HARBOR_MORE.napster,
    napsterTrack(5156528, {
      name: 'Midnight Harbor',
      artistName: 'Nova Lights',
      playbackSeconds: 201,
      isrc: HARBOR.isrc,
    }),
  );
  tidal.tracks.set(
    HARBOR_MORE.tidal,
    tidalTrack(HARBOR_MORE.tidal, { title: 'Midnight Harbor', isrc: HARBOR.isrc }),
  );
  return {
    w,
    user,
    deezer,
    napster,
    tidal,
    async close() {
      await w.close();
      await Promise.all([deezer.close(), napster.close(), tidal.close()]);
    },
  };
}
