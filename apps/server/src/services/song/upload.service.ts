import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { parseBuffer } from 'music-metadata';
import { songHlsPaths, type SongDto } from '@tt/protocol';
import type { AuthContext } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { readSingleFileUpload } from '../../platform/multipart';
import type { Platform } from '../../platform/service';
import { AUDIO_MIME, rewritePlaylist, sniffAudioType, transcodeToHls } from './hls';
import type { SongRepository, SongRow } from './repository';
import { coverPath, newSongShortId } from './short-id';
import { toSongDto } from './service';

const MAX_TEXT = 200;

interface Upload {
  data: Buffer;
  fileName: string;
  trackName?: string;
  artistName?: string;
}

/** A form field or tag as stored: trimmed, at most 200 characters, undefined when empty. */
function clean(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().slice(0, MAX_TEXT);
  return text.length > 0 ? text : undefined;
}

/** Where a song's HLS files live in the platform file storage. */
const hlsKey = (shortId: string, file: string) => `hls/${shortId}/${file}`;

/**
 * POST /upload/song and the song's encrypted HLS: the file is checked (magic bytes, size), its
 * tags read with music-metadata, then ffmpeg transcodes it to AES-128 HLS in platform storage
 * under hls/<shortId>/ and the key goes to song_hls_keys.
 *
 * The transcode runs inside the upload request for now (a few seconds for a song); a job queue
 * (and VERIFICATION_POSTPONED) comes later.
 */
export class SongUploadService {
  constructor(
    private readonly platform: Platform,
    private readonly repo: SongRepository,
  ) {}

  private async readUpload(request: FastifyRequest): Promise<Upload> {
    const { file, fields } = await readSingleFileUpload(request, {
      maxBytes: this.platform.config.SONG_UPLOAD_MAX_BYTES,
      what: 'audio',
    });
    if (!file) throw fail('SONG_FILE_MISSING');
    return {
      ...file,
      trackName: clean(fields.trackName),
      artistName: clean(fields.artistName),
    };
  }

  async upload(auth: AuthContext | null, request: FastifyRequest): Promise<SongDto> {
    if (!auth) throw fail('UNAUTHORIZED');
    const capabilities = (await this.platform.ports.users?.capabilities(auth.uuid)) ?? [];
    if (!capabilities.includes('uploadMusic')) throw fail('SONG_UPLOAD_FORBIDDEN');
    const upload = await this.readUpload(request);

    const shortId = newSongShortId();
    const fallbackTitle = clean(path.parse(upload.fileName).name) ?? 'Untitled';
    let row = await this.repo.insert({
      shortId,
      trackName: upload.trackName ?? fallbackTitle,
      artistName: upload.artistName ?? '',
      status: 'PENDING_UPLOAD',
      uploadedBy: auth.uuid,
    });

    const type = sniffAudioType(upload.data);
    if (!type) {
      // Nothing of the file is kept: the row would only ever say "not audio".
      await this.repo.delete(row.id);
      throw fail('SONG_FILE_TYPE_UNSUPPORTED');
    }
    row = await this.repo.update(row.id, { status: 'VALID_FILE_TYPE' });

    const tags = await this.readTags(upload.data, AUDIO_MIME[type]);
    const trackName = upload.trackName ?? tags.trackName;
    const artistName = upload.artistName ?? tags.artistName;
    const metadata = {
      genre: tags.genre ?? null,
      duration: tags.duration,
      isrc: tags.isrc ?? null,
      albumName: tags.albumName ?? null,
      releaseYear: tags.releaseYear ?? null,
    };
    if (!trackName || !artistName) {
      row = await this.repo.update(row.id, {
        ...metadata,
        ...(trackName ? { trackName } : {}),
        ...(artistName ? { artistName } : {}),
        status: 'MISSING_METADATA',
      });
      return toSongDto(row);
    }
    row = await this.repo.update(row.id, { ...metadata, trackName, artistName });
    return toSongDto(await this.transcode(row, upload.data));
  }

  /** Tags of the file; a file music-metadata cannot read has none. */
  private async readTags(data: Buffer, mimeType: string) {
    try {
      const { common, format } = await parseBuffer(data, { mimeType, size: data.length });
      const year = common.year;
      return {
        trackName: clean(common.title),
        artistName: clean(common.artist),
        genre: clean(common.genre?.[0]),
        duration: Math.max(0, Math.round(format.duration ?? 0)),
        isrc: clean(common.isrc?.[0]),
        albumName: clean(common.album),
        releaseYear: year && Number.isInteger(year) && year > 0 && year < 10000 ? year : undefined,
      };
    } catch (err) {
      this.platform.log.warn({ err }, 'song upload: unreadable tags');
      return { duration: 0 } as {
        trackName?: string;
        artistName?: string;
        genre?: string;
        duration: number;
        isrc?: string;
        albumName?: string;
        releaseYear?: number;
      };
    }
  }

  /** Encrypted HLS into storage, the key into song_hls_keys: VERIFIED, or VERIFICATION_ERROR. */
  private async transcode(row: SongRow, data: Buffer): Promise<SongRow> {
    const { shortId } = row;
    let rendition;
    try {
      rendition = await transcodeToHls(data, songHlsPaths.key(shortId));
    } catch (err) {
      this.platform.log.warn({ err, shortId }, 'song upload: transcode failed');
      return this.repo.update(row.id, { status: 'VERIFICATION_ERROR' });
    }
    const storage = this.platform.storage;
    for (const [name, bytes] of rendition.segments) await storage.put(hlsKey(shortId, name), bytes);
    await storage.put(hlsKey(shortId, 'index.m3u8'), Buffer.from(rendition.playlist));
    await this.repo.saveHlsKey(row.id, rendition.key, rendition.iv);
    return this.repo.update(row.id, {
      status: 'VERIFIED',
      musicProviders: { uploadService: shortId },
      thumbnails: { uploadService: coverPath(shortId) },
      streamUrls: { uploadService: { hls: songHlsPaths.playlist(shortId) } },
    });
  }

  private async verifiedRow(id: string): Promise<SongRow> {
    const row = await this.repo.byIdOrShortId(id);
    if (!row) throw fail('SONG_NOT_FOUND');
    if (row.status !== 'VERIFIED') throw fail('SONG_NOT_VERIFIED');
    return row;
  }

  /** The m3u8 of a verified song, its segment URIs pointing at GET /songs/{id}/hls/{segment}. */
  async playlist(id: string): Promise<string> {
    const row = await this.verifiedRow(id);
    const stored = await this.platform.storage.get(hlsKey(row.shortId, 'index.m3u8'));
    if (!stored) throw fail('SONG_HLS_NOT_FOUND');
    return rewritePlaylist(stored.toString('utf8'), (name) =>
      songHlsPaths.segment(row.shortId, name),
    );
  }

  /** One encrypted segment of a verified song. */
  async segment(id: string, segment: string): Promise<Buffer> {
    const row = await this.verifiedRow(id);
    const bytes = await this.platform.storage.get(hlsKey(row.shortId, segment));
    if (!bytes) throw fail('SONG_HLS_NOT_FOUND');
    return bytes;
  }

  /** The 16 key bytes of a verified song's segments. */
  async key(shortId: string): Promise<Buffer> {
    const row = await this.verifiedRow(shortId);
    const key = await this.repo.hlsKey(row.id);
    if (!key) throw fail('SONG_HLS_NOT_FOUND');
    return key;
  }
}
