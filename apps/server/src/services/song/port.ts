import type { SongProvider, SongStreamUrls } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import type { ProviderData, SongsPort } from '../../platform/ports';
import type { ProviderSong } from '../../platform/providers/http';
import {
  CatalogueRepository,
  type CatalogueRow,
  type NewCatalogueRow,
} from './catalogue.repository';
import { AlbumRepository } from './albums.repository';
import { SongRepository } from './repository';
import { toSongDto } from './service';
import { newSongShortId } from './short-id';

type ProviderMap = Partial<Record<SongProvider, string>>;

/** Entries of a provider map with a non-empty string value. */
function filled(map: ProviderMap | undefined): ProviderMap {
  const out: ProviderMap = {};
  for (const [k, v] of Object.entries(map ?? {})) {
    if (typeof v === 'string' && v.trim() !== '') out[k as SongProvider] = v;
  }
  return out;
}

/**
 * The change provider data makes to a stored song, or null when it changes nothing.
 * Provider ids already stored are kept (they name the song); links, thumbnails and stream URLs
 * are refreshed per provider; new previews replace the old ones; ISRC, genre, album and year
 * only fill gaps.
 */
export function mergeProviderData(
  row: CatalogueRow,
  data: ProviderData,
): Partial<NewCatalogueRow> | null {
  const patch: Partial<NewCatalogueRow> = {};
  const musicProviders = { ...filled(data.musicProviders), ...row.musicProviders };
  const thumbnails = { ...row.thumbnails, ...filled(data.thumbnails) };
  const links = { ...row.links, ...filled(data.links) };
  const streamUrls: Partial<Record<SongProvider, SongStreamUrls>> = {
    ...row.streamUrls,
    ...(data.streamUrls ?? {}),
  };
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(musicProviders, row.musicProviders)) patch.musicProviders = musicProviders;
  if (!same(thumbnails, row.thumbnails)) patch.thumbnails = thumbnails;
  if (!same(links, row.links)) patch.links = links;
  if (!same(streamUrls, row.streamUrls)) patch.streamUrls = streamUrls;
  const previews = [...new Set(data.previews ?? [])];
  if (previews.length > 0 && !same(previews, row.previews)) patch.previews = previews;
  if (!row.isrc && data.isrc) patch.isrc = data.isrc;
  if (!row.genre && data.genre) patch.genre = data.genre;
  if (!row.albumName && data.albumName) patch.albumName = data.albumName;
  if (row.releaseYear == null && data.releaseYear != null) patch.releaseYear = data.releaseYear;
  return Object.keys(patch).length > 0 ? patch : null;
}

/** A provider song as a new catalogue row: UNVERIFIED (it has no audio of ours). */
function newRow(song: ProviderSong): NewCatalogueRow {
  return {
    shortId: newSongShortId(),
    trackName: song.trackName.slice(0, 500) || 'Unknown title',
    artistName: song.artistName.slice(0, 500) || 'Unknown artist',
    genre: song.genre,
    duration: Math.max(0, Math.round(song.duration)),
    isrc: song.isrc,
    explicit: song.explicit,
    musicProviders: filled(song.musicProviders),
    thumbnails: filled(song.thumbnails),
    links: filled(song.links),
    previews: song.previews,
    streamUrls: song.streamUrls,
    albumName: song.albumName,
    releaseYear: song.releaseYear,
    status: 'UNVERIFIED',
    uploadedBy: null,
  };
}

/** The SongsPort (platform/ports.ts) the playlist service uses; installed by the song service. */
export function createSongsPort(db: Db): SongsPort {
  const repo = new CatalogueRepository(db);
  const uploads = new SongRepository(db);
  const albums = new AlbumRepository(db);

  async function importWith(r: CatalogueRepository, song: ProviderSong) {
    const ids = Object.entries(filled(song.musicProviders)) as [SongProvider, string][];
    for (const [provider, id] of ids) {
      const [existing] = await r.byProviderIds(provider, [id]);
      if (existing) return { row: existing, created: false };
    }
    const [sameIsrc] = song.isrc ? await r.byIsrc(song.isrc) : [];
    if (sameIsrc) return { row: sameIsrc, created: false };
    for (let attempt = 0; attempt < 3; attempt++) {
      const created = await r.insert(newRow(song));
      if (created) return { row: created, created: true };
    }
    throw new Error('Could not find a free song short id');
  }

  return {
    async search(term, { noExplicit, relevance, limit, offset }) {
      const rows = await repo.searchVerified(term, { noExplicit, relevance }, limit, offset);
      return {
        songs: rows.slice(0, limit).map(toSongDto),
        next: rows.length > limit ? offset + limit : null,
      };
    },

    albums: () => albums.groups(),

    async albumSongs(artistName, albumName) {
      return (await albums.songsOf(artistName, albumName)).map(toSongDto);
    },

    async songsWithAlbum(take, skip) {
      const { rows, total } = await albums.withAlbum(take, skip);
      return {
        songs: rows.map(toSongDto),
        next: skip + rows.length < total ? skip + take : null,
        total,
      };
    },

    async uploadsOf(userUuid, { verifiedOnly, limit, offset }) {
      const { rows, total } = await uploads.listByUploader(
        userUuid,
        verifiedOnly ? 'VERIFIED' : undefined,
        limit,
        offset,
      );
      return {
        songs: rows.map(toSongDto),
        next: offset + rows.length < total ? offset + limit : null,
        total,
      };
    },

    async get(id) {
      const row = await repo.byIdOrShortId(id);
      return row ? toSongDto(row) : null;
    },

    async findByProviderIds(provider, ids) {
      return (await repo.byProviderIds(provider, [...new Set(ids)])).map(toSongDto);
    },

    async findByIsrc(isrc) {
      return (await repo.byIsrc(isrc)).map(toSongDto);
    },

    async importProviderSong(song) {
      const keys = [
        ...Object.entries(filled(song.musicProviders)).map(([p, id]) => `song-import:${p}:${id}`),
        ...(song.isrc ? [`song-import:isrc:${song.isrc.toUpperCase()}`] : []),
      ];
      return repo.locked(keys, async (r) => {
        const { row, created } = await importWith(r, song);
        if (created) return { song: toSongDto(row), created };
        const patch = mergeProviderData(row, song);
        const updated = patch ? await r.update(row.id, patch) : row;
        return { song: toSongDto(updated ?? row), created };
      });
    },

    async updateProviderData(id, data) {
      return repo.locked([`song-update:${id}`], async (r) => {
        const row = await r.byIdOrShortId(String(id));
        if (!row) return null;
        const patch = mergeProviderData(row, data);
        const updated = patch ? await r.update(row.id, patch) : row;
        return toSongDto(updated ?? row);
      });
    },

    async list(filter) {
      const { rows, total } = await repo.list(filter);
      return {
        songs: rows.slice(0, filter.limit).map(toSongDto),
        next: rows.length > filter.limit ? filter.offset + filter.limit : null,
        total,
      };
    },

    async providerSongsAfter(afterId, limit, provider) {
      return (await repo.providerSongsAfter(afterId, limit, provider)).map(toSongDto);
    },
  };
}
