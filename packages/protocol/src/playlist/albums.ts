import { z } from 'zod';
import { endpoint } from '../contract';
import { SongDto } from '../song/dto';

const P = 'playlist' as const;

/** An album of the catalogue: verified songs sharing an artist and an album name. */
export const AlbumDto = z.object({
  albumShortId: z.string(),
  albumName: z.string(),
  artistShortId: z.string(),
  artistName: z.string(),
  releaseYear: z.number().int().nullable(),
  thumbnail: z.string().nullable(),
  songsNumber: z.number().int(),
});
export type AlbumDto = z.infer<typeof AlbumDto>;

export const ArtistDto = z.object({
  artistShortId: z.string(),
  artistName: z.string(),
  albumsNumber: z.number().int(),
  songsNumber: z.number().int(),
  thumbnail: z.string().nullable(),
});
export type ArtistDto = z.infer<typeof ArtistDto>;

/** Album and artist short ids: 10 characters, derived from the names. */
const shortId = z.string().regex(/^[a-z2-7]{10}$/, 'must be a 10-character short id');
/** These service lists page by take (at most 500, default 100) and skip. */
const takeSkip = z.object({
  take: z.coerce.number().int().min(1).max(500).default(100),
  skip: z.coerce.number().int().min(0).default(0),
});

export const AlbumsRes = z.object({ albums: z.array(AlbumDto) });
export const ArtistsRes = z.object({ artists: z.array(ArtistDto) });
export const AlbumSongsRes = z.object({ album: AlbumDto, songs: z.array(SongDto) });
export const AlbumSongPageRes = z.object({
  songs: z.array(SongDto),
  total: z.number().int(),
  next: z.number().int().nullable(),
});
export const AlbumOfSongRes = z.object({ song: SongDto, album: AlbumDto.nullable() });
export const ArtistAlbumsRes = z.object({ artist: ArtistDto, albums: z.array(AlbumDto) });
export const AlbumsByArtistsBody = z.object({
  artistShortIds: z.array(shortId).min(1).max(100),
});

/** Service routes of albums and artists: staff and superUser. */
export const albumEndpoints = {
  allAlbums: endpoint({
    service: P,
    method: 'GET',
    path: '/albums/service/all-albums',
    auth: 'service.call',
    summary: 'Every album of the catalogue (verified songs grouped by artist and album name)',
    response: AlbumsRes,
  }),
  allSongs: endpoint({
    service: P,
    method: 'GET',
    path: '/albums/service/all-songs',
    auth: 'service.call',
    summary: 'Every song on an album, by artist and album (take ≤ 500, skip)',
    query: takeSkip,
    response: AlbumSongPageRes,
  }),
  albumSongs: endpoint({
    service: P,
    method: 'GET',
    path: '/albums/service/{albumShortId}/songs',
    auth: 'service.call',
    summary: 'An album and its songs',
    params: z.object({ albumShortId: shortId }),
    response: AlbumSongsRes,
  }),
  songOfAlbum: endpoint({
    service: P,
    method: 'GET',
    path: '/albums/service/{songShortId}/song',
    auth: 'service.call',
    summary: 'A song by its short id, with the album it is on (or null)',
    params: z.object({ songShortId: z.string().min(1).max(64) }),
    response: AlbumOfSongRes,
  }),
  allArtists: endpoint({
    service: P,
    method: 'GET',
    path: '/artists/service/all-artists',
    auth: 'service.call',
    summary: 'Every artist with an album in the catalogue',
    response: ArtistsRes,
  }),
  albumsByArtists: endpoint({
    service: P,
    method: 'POST',
    path: '/artists/service/albums-by-artists',
    auth: 'service.call',
    summary: 'The albums of these artists (1–100 artist short ids; unknown ones add nothing)',
    body: AlbumsByArtistsBody,
    response: AlbumsRes,
  }),
  artistAlbums: endpoint({
    service: P,
    method: 'GET',
    path: '/artists/service/{artistShortId}/albums',
    auth: 'service.call',
    summary: 'An artist and their albums',
    params: z.object({ artistShortId: shortId }),
    response: ArtistAlbumsRes,
  }),
};
