import { and, asc, count, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { SongProvider } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import type { AlbumGroup } from '../../platform/ports';
import type { SongRow } from './repository';
import { songs } from './schema';

/** Songs that make up albums: verified, with an album name. */
const onAlbum = and(
  eq(songs.status, 'VERIFIED'),
  isNotNull(songs.albumName),
  ne(songs.albumName, ''),
);

/** Albums and artists of the catalogue, as groups of its verified songs by artist and album name. */
export class AlbumRepository {
  constructor(private readonly db: Db) {}

  async groups(): Promise<AlbumGroup[]> {
    const rows = await this.db
      .select({
        artistName: songs.artistName,
        albumName: sql<string>`${songs.albumName}`,
        songs: count(),
        releaseYear: sql<number | null>`min(${songs.releaseYear})`,
        thumbnails: sql<
          Partial<Record<SongProvider, string>>
        >`(array_agg(${songs.thumbnails} order by ${songs.id}))[1]`,
      })
      .from(songs)
      .where(onAlbum)
      .groupBy(songs.artistName, songs.albumName)
      .orderBy(asc(songs.artistName), asc(songs.albumName));
    return rows.map((r) => ({
      artistName: r.artistName,
      albumName: r.albumName,
      songs: Number(r.songs),
      releaseYear: r.releaseYear === null ? null : Number(r.releaseYear),
      thumbnail: Object.values(r.thumbnails ?? {}).find((v) => typeof v === 'string' && v) ?? null,
    }));
  }

  /** The songs of one album, in the order they entered the catalogue. */
  async songsOf(artistName: string, albumName: string): Promise<SongRow[]> {
    return this.db
      .select()
      .from(songs)
      .where(and(onAlbum, eq(songs.artistName, artistName), eq(songs.albumName, albumName)))
      .orderBy(asc(songs.id));
  }

  /** Every album song, by album then entry order; `take` from `skip`, with the total. */
  async withAlbum(take: number, skip: number): Promise<{ rows: SongRow[]; total: number }> {
    const [{ total }] = await this.db.select({ total: count() }).from(songs).where(onAlbum);
    const rows = await this.db
      .select()
      .from(songs)
      .where(onAlbum)
      .orderBy(asc(songs.artistName), asc(songs.albumName), asc(songs.id))
      .limit(take)
      .offset(skip);
    return { rows, total: Number(total) };
  }
}
