import { playlistCatalogueEndpoints, type MinimalSongDto } from '@tt/protocol';
import { importBeforeAdd, importRefusal } from '@tt/rules';
import { api, ApiError } from '../../lib/api';
import {
  crateEndpoints,
  CRATE_SONGS_PAGE,
  specialCrateEndpoints,
  type AddCrateSongsRes,
  type CrateDto,
  type CrateSongsPage,
  type SpecialCrate,
} from './contract';

/** Which crate a screen shows: one the user made (by uuid) or a special one (queue, likes). */
export type CrateRef = { id: string } | { special: SpecialCrate };

/** The route segment of a crate: its uuid, or `queue` / `likes`. */
export function refKey(ref: CrateRef): string {
  return 'special' in ref ? ref.special : ref.id;
}

export function refFromParam(param: string): CrateRef {
  return param === 'queue' || param === 'likes' ? { special: param } : { id: param };
}

/* One function per crate call; a special crate uses its /crate/special/{special} twin. */

export function fetchCrate(ref: CrateRef, signal?: AbortSignal): Promise<CrateDto> {
  return 'special' in ref
    ? api.call(specialCrateEndpoints.get, { params: ref }, { signal })
    : api.call(crateEndpoints.get, { params: ref }, { signal });
}

export function fetchSongsPage(
  ref: CrateRef,
  offset: number,
  signal?: AbortSignal,
): Promise<CrateSongsPage> {
  const query = { limit: CRATE_SONGS_PAGE, offset };
  return 'special' in ref
    ? api.call(specialCrateEndpoints.songs, { params: ref, query }, { signal })
    : api.call(crateEndpoints.songs, { params: ref, query }, { signal });
}

/**
 * CRATE-IMPORT-2: a provider song is imported to the catalogue first, then the catalogue song is
 * added; when it cannot be imported nothing is added and the refusal is thrown.
 */
export async function addSongs(
  ref: CrateRef,
  found: MinimalSongDto[],
  position?: number,
): Promise<AddCrateSongsRes> {
  const importTrack = (body: { musicProvider: string; providerId: string }) =>
    api.call(playlistCatalogueEndpoints.trackImport, { body });
  const songs = await Promise.all(
    found.map((song) =>
      importBeforeAdd(song, importTrack, (code) => importRefusal(code, ApiError)),
    ),
  );
  const body = { songs, position };
  return 'special' in ref
    ? api.call(specialCrateEndpoints.addSongs, { params: ref, body })
    : api.call(crateEndpoints.addSongs, { params: ref, body });
}

export function removeSong(ref: CrateRef, crateSongUuid: string): Promise<CrateDto> {
  return 'special' in ref
    ? api.call(specialCrateEndpoints.removeSong, { params: { ...ref, crateSongUuid } })
    : api.call(crateEndpoints.removeSong, { params: { ...ref, crateSongUuid } });
}

export function moveSong(
  ref: CrateRef,
  crateSongUuid: string,
  newPosition: number,
): Promise<CrateDto> {
  const body = { newPosition };
  return 'special' in ref
    ? api.call(specialCrateEndpoints.moveSong, { params: { ...ref, crateSongUuid }, body })
    : api.call(crateEndpoints.moveSong, { params: { ...ref, crateSongUuid }, body });
}

export function shuffleCrate(ref: CrateRef): Promise<CrateDto> {
  return 'special' in ref
    ? api.call(specialCrateEndpoints.shuffle, { params: ref })
    : api.call(crateEndpoints.shuffle, { params: ref });
}

export function clearCrate(ref: CrateRef): Promise<CrateDto> {
  return 'special' in ref
    ? api.call(specialCrateEndpoints.clear, { params: ref })
    : api.call(crateEndpoints.clear, { params: ref });
}
