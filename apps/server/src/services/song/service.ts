import type { SongDto, SongListRes, SongSearchQuery, SongSearchRes } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import { fail } from '../../platform/errors';
import { coverSvg } from './cover';
import { SongRepository, type SongRow } from './repository';

/** A catalogue row as clients see it. */
export function toSongDto(row: SongRow): SongDto {
  return {
    id: row.id,
    songShortId: row.shortId,
    trackName: row.trackName,
    artistName: row.artistName,
    genre: row.genre,
    duration: row.duration,
    isrc: row.isrc,
    explicit: row.explicit,
    musicProviders: row.musicProviders,
    thumbnails: row.thumbnails,
    links: row.links,
    previews: row.previews,
    streamUrls: row.streamUrls,
    albumName: row.albumName,
    releaseYear: row.releaseYear,
    status: row.status,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Rows were read with one extra row to tell whether another page follows. */
function page(rows: SongRow[], limit: number, offset: number) {
  const more = rows.length > limit;
  return {
    songs: rows.slice(0, limit).map(toSongDto),
    next: more ? offset + limit : null,
  };
}

/** The song catalogue: search, lists, one song, its cover. */
export class SongService {
  readonly repo: SongRepository;

  constructor(db: Db) {
    this.repo = new SongRepository(db);
  }

  async search(query: SongSearchQuery): Promise<SongSearchRes> {
    const term = (query.term || query.q || '').trim();
    const rows = await this.repo.search(
      term,
      { noExplicit: query.explicit === false },
      query.limit,
      query.offset,
    );
    return page(rows, query.limit, query.offset);
  }

  /** Verified songs; `anyone` keeps only those anyone may play anywhere (not explicit). */
  async list(anyone: boolean, limit: number, offset: number): Promise<SongListRes> {
    const { rows, total } = await this.repo.listVerified({ noExplicit: anyone }, limit, offset);
    return { ...page(rows, limit, offset), total };
  }

  async row(id: string): Promise<SongRow> {
    const row = await this.repo.byIdOrShortId(id);
    if (!row) throw fail('SONG_NOT_FOUND');
    return row;
  }

  async get(id: string): Promise<SongDto> {
    return toSongDto(await this.row(id));
  }

  async cover(id: string): Promise<string> {
    const row = await this.row(id);
    return coverSvg({ id: row.shortId, genre: row.genre, trackName: row.trackName });
  }
}
