import { addHarbor, HARBOR, startPlaylistWorld, type PlaylistWorld } from './test-kit';

/** Test setup shared by the playlist service's test files (imported by tests only). */

/** Midnight Harbor's id at every provider, as a song's `musicProviders` names them. */
export const HARBOR_PROVIDERS = {
  sevenDigital: String(HARBOR.sevenDigital),
  spotify: HARBOR.spotify,
  apple: HARBOR.apple,
  soundCloudPublic: String(HARBOR.soundcloud),
  audius: HARBOR.audius,
  youtube: HARBOR.youtube,
};

/** A started world and the token of a user signed in to its server. */
export interface HarborWorld {
  w: PlaylistWorld;
  user: string;
}

/**
 * Every provider fake and a server using them (plus `env`), a signed-in user, and "Midnight
 * Harbor" (test-kit HARBOR) at every provider.
 */
export async function startHarborWorld(env: Record<string, string> = {}): Promise<HarborWorld> {
  const w = await startPlaylistWorld(env);
  const user = (await w.s.createUser()).token;
  addHarbor(w);
  return { w, user };
}

/** The fakes answer normally again: no provider failing, none refusing tokens. */
export function answerNormally(w: PlaylistWorld): void {
  w.apple.failing = false;
  w.youtube.failing = false;
  w.analysis.failing = false;
  w.spotify.refuseNext = 0;
  w.soundcloud.refuseNext = 0;
}
