import { z } from 'zod';
import { endpoint, OkResponse } from '../contract';
import { SERVICE_ROLES } from '../enums';
import {
  AddCrateSongsBody,
  AddCrateSongsRes,
  AddPlaylistTrackBody,
  CopyCrateBody,
  CrateDto,
  CrateIdParam,
  CratesPage,
  CratesPageQuery,
  CrateSongParam,
  CrateSongsPage,
  CrateSongsPageQuery,
  CreateCrateBody,
  CrateExportDto,
  CurrentPositionBody,
  ExportCrateBody,
  ImportCrateBody,
  MoveCrateSongBody,
  PlaylistTrackParam,
  SpecialCrateParam,
  SpecialCrateSongParam,
  UpdateCrateBody,
  UserUuidParam,
} from './crate';

const P = 'playlist' as const;

/**
 * Crates of the playlist service (spec §7 "Playlist service"). Only the owner changes a crate; any
 * signed-in user may read another's crates and starred list, never their queue.
 */
export const crateEndpoints = {
  create: endpoint({
    service: P,
    method: 'POST',
    path: '/crate',
    auth: 'user',
    summary: 'Creates a crate; without a name it is "New Playlist #" and the lowest unused number',
    body: CreateCrateBody,
    response: CrateDto,
    status: 201,
  }),
  copy: endpoint({
    service: P,
    method: 'PUT',
    path: '/crate/{id}/copy',
    auth: 'user',
    summary:
      "Appends every song of crate srcCrateId (yours, or another user's readable crate) to your crate {id}",
    params: CrateIdParam,
    body: CopyCrateBody,
    response: CrateDto,
  }),
  listMine: endpoint({
    service: P,
    method: 'GET',
    path: '/crate/user',
    auth: 'user',
    summary:
      'Your crates, newest first (limit ≤ 100, offset); the queue and starred list are not in it',
    query: CratesPageQuery,
    response: CratesPage,
  }),
  get: endpoint({
    service: P,
    method: 'GET',
    path: '/crate/{id}',
    auth: 'authenticated',
    summary: 'One crate with its first page of songs',
    params: CrateIdParam,
    response: CrateDto,
  }),
  listOfUser: endpoint({
    service: P,
    method: 'GET',
    path: '/crate/user/{userUuid}',
    auth: 'authenticated',
    summary: "A user's crates (limit ≤ 100, offset), without the queue",
    params: UserUuidParam,
    query: CratesPageQuery,
    response: CratesPage,
  }),
  listOfUserService: endpoint({
    service: P,
    method: 'GET',
    path: '/crate/user/service/{userUuid}',
    auth: SERVICE_ROLES,
    summary: 'Service route: every crate of a user, the special ones included',
    params: UserUuidParam,
    query: CratesPageQuery,
    response: CratesPage,
  }),
  songs: endpoint({
    service: P,
    method: 'GET',
    path: '/crate/{id}/songs',
    auth: 'authenticated',
    summary: 'Songs of a crate by position (limit ≤ 300, offset)',
    params: CrateIdParam,
    query: CrateSongsPageQuery,
    response: CrateSongsPage,
  }),
  addSongs: endpoint({
    service: P,
    method: 'POST',
    path: '/crate/{id}/songs',
    auth: 'user',
    summary:
      'Adds songs (catalogue ids or short ids, or provider songs) at `position` or the bottom; a song the crate already holds is left out',
    params: CrateIdParam,
    body: AddCrateSongsBody,
    response: AddCrateSongsRes,
    status: 201,
  }),
  currentPosition: endpoint({
    service: P,
    method: 'PUT',
    path: '/crate/{id}/current-position',
    auth: 'user',
    summary: 'Sets the position the owner is at',
    params: CrateIdParam,
    body: CurrentPositionBody,
    response: CrateDto,
  }),
  removeSong: endpoint({
    service: P,
    method: 'DELETE',
    path: '/crate/{id}/songs/{crateSongUuid}',
    auth: 'user',
    summary: 'Removes one song; the songs below move up',
    params: CrateSongParam,
    response: CrateDto,
  }),
  moveSong: endpoint({
    service: P,
    method: 'PUT',
    path: '/crate/{id}/songs/{crateSongUuid}/position',
    auth: 'user',
    summary: 'Moves one song to newPosition (past the end = the bottom); positions stay dense',
    params: CrateSongParam,
    body: MoveCrateSongBody,
    response: CrateDto,
  }),
  remove: endpoint({
    service: P,
    method: 'DELETE',
    path: '/crate/{id}',
    auth: 'user',
    summary: 'Deletes a crate you made (the queue and starred list cannot be deleted)',
    params: CrateIdParam,
    response: OkResponse,
  }),
  update: endpoint({
    service: P,
    method: 'PATCH',
    path: '/crate/{id}',
    auth: 'user',
    summary: 'Renames a crate or changes its description',
    params: CrateIdParam,
    body: UpdateCrateBody,
    response: CrateDto,
  }),
  shuffle: endpoint({
    service: P,
    method: 'POST',
    path: '/crate/{id}/songs/shuffle',
    auth: 'user',
    summary: 'Shuffles the songs of a crate',
    params: CrateIdParam,
    response: CrateDto,
  }),
  clear: endpoint({
    service: P,
    method: 'DELETE',
    path: '/crate/{id}/songs',
    auth: 'user',
    summary: 'Removes every song of a crate',
    params: CrateIdParam,
    response: CrateDto,
  }),
  serviceAll: endpoint({
    service: P,
    method: 'GET',
    path: '/crate/service/all-crates',
    auth: SERVICE_ROLES,
    summary: 'Service route: every crate (limit ≤ 100, offset)',
    query: CratesPageQuery,
    response: CratesPage,
  }),
  serviceSongs: endpoint({
    service: P,
    method: 'GET',
    path: '/crate/service/{crateShortId}/songs',
    auth: SERVICE_ROLES,
    summary: 'Service route: the songs of a crate by its short id',
    params: z.object({ crateShortId: z.string().min(1).max(32) }),
    query: CrateSongsPageQuery,
    response: CrateSongsPage,
  }),
  addTrackV1: endpoint({
    service: P,
    method: 'POST',
    path: '/api/v1/playlists/{crateUuid}/tracks',
    auth: 'user',
    summary:
      'Adds a catalogue song to your crate: at the bottom (append, the default) or the top; a song the crate already holds is left out',
    params: PlaylistTrackParam,
    body: AddPlaylistTrackBody,
    response: AddCrateSongsRes,
    status: 201,
  }),
};

/**
 * Imports of provider playlists, kept apart until the import job is mounted (the auth coverage
 * test requires every exported `*Endpoints` group to be served).
 */
export const crateImportEndpoints = {
  importPlaylist: endpoint({
    service: P,
    method: 'POST',
    path: '/crate/import',
    auth: 'user',
    summary:
      'Makes a crate from a provider playlist link (Spotify, Apple Music, SoundCloud, YouTube, Audius); a background job fills it (importStatus IN_PROGRESS → COMPLETE or FAILED)',
    body: ImportCrateBody,
    response: CrateDto,
    status: 202,
  }),
};

/**
 * Exports of a crate to the user's own library at Spotify or Apple Music, with the token they
 * connected (user service); only songs with an id at that provider go in.
 */
export const crateExportEndpoints = {
  spotify: endpoint({
    service: P,
    method: 'POST',
    path: '/exports/spotify',
    auth: 'user',
    summary:
      'Makes a private Spotify playlist of a crate you can read, with your connected Spotify account',
    body: ExportCrateBody,
    response: CrateExportDto,
    status: 201,
  }),
  apple: endpoint({
    service: P,
    method: 'POST',
    path: '/exports/apple',
    auth: 'user',
    summary:
      'Makes an Apple Music library playlist of a crate you can read, with your Music-User-Token',
    body: ExportCrateBody,
    response: CrateExportDto,
    status: 201,
  }),
};

/** The same set for the special crates: /crate/special/queue ("default") and /crate/special/likes ("tt-stars"). */
export const specialCrateEndpoints = {
  get: endpoint({
    service: P,
    method: 'GET',
    path: '/crate/special/{special}',
    auth: 'user',
    summary: 'Your queue or starred list (created with your account)',
    params: SpecialCrateParam,
    response: CrateDto,
  }),
  songs: endpoint({
    service: P,
    method: 'GET',
    path: '/crate/special/{special}/songs',
    auth: 'user',
    summary: 'Songs of your queue or starred list (limit ≤ 300, offset)',
    params: SpecialCrateParam,
    query: CrateSongsPageQuery,
    response: CrateSongsPage,
  }),
  addSongs: endpoint({
    service: P,
    method: 'POST',
    path: '/crate/special/{special}/songs',
    auth: 'user',
    summary: 'Adds songs to your queue or starred list',
    params: SpecialCrateParam,
    body: AddCrateSongsBody,
    response: AddCrateSongsRes,
    status: 201,
  }),
  currentPosition: endpoint({
    service: P,
    method: 'PUT',
    path: '/crate/special/{special}/current-position',
    auth: 'user',
    summary: 'Sets the position of your queue or starred list',
    params: SpecialCrateParam,
    body: CurrentPositionBody,
    response: CrateDto,
  }),
  removeSong: endpoint({
    service: P,
    method: 'DELETE',
    path: '/crate/special/{special}/songs/{crateSongUuid}',
    auth: 'user',
    summary: 'Removes one song of your queue or starred list',
    params: SpecialCrateSongParam,
    response: CrateDto,
  }),
  moveSong: endpoint({
    service: P,
    method: 'PUT',
    path: '/crate/special/{special}/songs/{crateSongUuid}/position',
    auth: 'user',
    summary: 'Moves one song of your queue or starred list',
    params: SpecialCrateSongParam,
    body: MoveCrateSongBody,
    response: CrateDto,
  }),
  shuffle: endpoint({
    service: P,
    method: 'POST',
    path: '/crate/special/{special}/songs/shuffle',
    auth: 'user',
    summary: 'Shuffles your queue or starred list',
    params: SpecialCrateParam,
    response: CrateDto,
  }),
  clear: endpoint({
    service: P,
    method: 'DELETE',
    path: '/crate/special/{special}/songs',
    auth: 'user',
    summary: 'Empties your queue or starred list',
    params: SpecialCrateParam,
    response: CrateDto,
  }),
};
