import { createHash } from 'node:crypto';
import type { AlbumDto, ArtistDto, SongDto } from '@tt/protocol';
import { fail } from '../../../platform/errors';
import type { AlbumGroup, SongsPort } from '../../../platform/ports';
import type { Platform } from '../../../platform/service';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A stable 10-character id from names (no case, trimmed): albums and artists have no table. */
export function nameShortId(kind: 'album' | 'artist', ...names: string[]): string {
  const digest = createHash('sha256')
    .update([kind, ...names.map((n) => n.trim().toLowerCase())].join('\u0000'))
    .digest();
  let out = '';
  for (let i = 0; i < 10; i += 1) out += BASE32[digest[i] % 32];
  return out;
}

const toAlbum = (g: AlbumGroup): AlbumDto => ({
  albumShortId: nameShortId('album', g.artistName, g.albumName),
  albumName: g.albumName,
  artistShortId: nameShortId('artist', g.artistName),
  artistName: g.artistName,
  releaseYear: g.releaseYear,
  thumbnail: g.thumbnail,
  songsNumber: g.songs,
});

/** Albums and artists, derived from the catalogue's verified songs (through the songs port). */
export class AlbumService {
  constructor(private readonly platform: Platform) {}

  private get songs(): SongsPort {
    const songs = this.platform.ports.songs;
    if (!songs) throw fail('CATALOGUE_UNAVAILABLE');
    return songs;
  }

  async albums(): Promise<AlbumDto[]> {
    return (await this.songs.albums()).map(toAlbum);
  }

  async artists(): Promise<{ artist: ArtistDto; albums: AlbumDto[] }[]> {
    const byArtist = new Map<string, AlbumDto[]>();
    for (const album of await this.albums()) {
      const list = byArtist.get(album.artistShortId) ?? [];
      list.push(album);
      byArtist.set(album.artistShortId, list);
    }
    return [...byArtist.values()].map((albums) => ({
      artist: {
        artistShortId: albums[0].artistShortId,
        artistName: albums[0].artistName,
        albumsNumber: albums.length,
        songsNumber: albums.reduce((n, a) => n + a.songsNumber, 0),
        thumbnail: albums.find((a) => a.thumbnail)?.thumbnail ?? null,
      },
      albums,
    }));
  }

  async album(albumShortId: string): Promise<{ album: AlbumDto; songs: SongDto[] }> {
    const album = (await this.albums()).find((a) => a.albumShortId === albumShortId);
    if (!album) throw fail('ALBUM_NOT_FOUND');
    return { album, songs: await this.songs.albumSongs(album.artistName, album.albumName) };
  }

  async songWithAlbum(songShortId: string): Promise<{ song: SongDto; album: AlbumDto | null }> {
    const song = await this.songs.get(songShortId);
    if (!song) throw fail('SONG_NOT_FOUND');
    const id = song.albumName ? nameShortId('album', song.artistName, song.albumName) : null;
    const album = id ? ((await this.albums()).find((a) => a.albumShortId === id) ?? null) : null;
    return { song, album };
  }

  songsWithAlbum(take: number, skip: number) {
    return this.songs.songsWithAlbum(take, skip);
  }

  async artist(artistShortId: string): Promise<{ artist: ArtistDto; albums: AlbumDto[] }> {
    const found = (await this.artists()).find((a) => a.artist.artistShortId === artistShortId);
    if (!found) throw fail('ARTIST_NOT_FOUND');
    return found;
  }

  async albumsOfArtists(artistShortIds: string[]): Promise<AlbumDto[]> {
    const wanted = new Set(artistShortIds);
    return (await this.albums()).filter((a) => wanted.has(a.artistShortId));
  }
}
