import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { parseBuffer } from 'music-metadata';
import { nextSongStatus } from '@tt/rules';
import type { SongDto, SongHlsKeyQuery } from '@tt/protocol';
import type { AuthContext } from '../../platform/auth';
import { requireAccessWith } from '../../platform/access';
import { fail } from '../../platform/errors';
import { readSingleFileUpload } from '../../platform/multipart';
import type { Platform } from '../../platform/service';
import { songFiles } from './files';
import { AUDIO_MIME, rewritePlaylist, sniffAudioType } from './hls';
import { HlsKeyAccess } from './hls-access';
import type { SongRepository, SongRow } from './repository';
import { newSongShortId } from './short-id';
import { toSongDto } from './service';
import { SongTranscoder } from './transcode';

const MAX_TEXT = 200;

/** A form field or tag as stored: trimmed, at most 200 characters, undefined when empty. */
function clean(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().slice(0, MAX_TEXT);
  return text.length > 0 ? text : undefined;
}

/** A file on its way in, with what the caller knows of it (which wins over the file's tags). */
interface Intake {
  data: Buffer;
  fileName: string;
  trackName?: string;
  artistName?: string;
  genre?: string;
  albumName?: string;
  releaseYear?: number;
  uploadedBy: string | null;
}

interface Tags {
  trackName?: string;
  artistName?: string;
  genre?: string;
  duration: number;
  isrc?: string;
  albumName?: string;
  releaseYear?: number;
}

const validYear = (year: number | null | undefined) =>
  year && Number.isInteger(year) && year > 0 && year < 10000 ? year : undefined;

/** An external transcoder's rendition: the playlist lives elsewhere. */
const isExternal = (url: string | undefined) => !!url && /^https?:\/\//.test(url);

/**
 * Uploads (POST /upload/song, and ingest() for the demo catalogue) and the encrypted HLS of
 * verified songs. An upload is checked (magic bytes, size), stored, its tags read with
 * music-metadata, then verified in the background by a `song.transcode` job (transcode.ts).
 */
export class SongUploadService {
  private readonly transcoder: SongTranscoder;
  private readonly access: HlsKeyAccess;

  constructor(
    private readonly platform: Platform,
    private readonly repo: SongRepository,
  ) {
    this.transcoder = new SongTranscoder(platform, repo);
    this.access = new HlsKeyAccess(platform);
  }

  async upload(auth: AuthContext | null, request: FastifyRequest): Promise<SongDto> {
    if (!auth) throw fail('UNAUTHORIZED');
    await requireAccessWith(this.platform.ports, auth, 'song.upload');
    const { file, fields } = await readSingleFileUpload(request, {
      maxBytes: this.platform.config.SONG_UPLOAD_MAX_BYTES,
      what: 'audio',
    });
    if (!file) throw fail('SONG_FILE_MISSING');
    return this.intake({
      ...file,
      trackName: clean(fields.trackName),
      artistName: clean(fields.artistName),
      uploadedBy: auth.uuid,
    });
  }

  /**
   * A song for the catalogue, through the same pipeline as an upload (type check, tags, the
   * transcode job) without the capability check. The given tags win over the file's.
   */
  async ingest(input: {
    data: Buffer;
    fileName: string;
    trackName: string;
    artistName: string;
    genre?: string | null;
    albumName?: string | null;
    releaseYear?: number | null;
    uploadedBy: string | null;
  }): Promise<SongDto> {
    return this.intake({
      data: input.data,
      fileName: input.fileName,
      trackName: clean(input.trackName),
      artistName: clean(input.artistName),
      genre: clean(input.genre),
      albumName: clean(input.albumName),
      releaseYear: validYear(input.releaseYear),
      uploadedBy: input.uploadedBy,
    });
  }

  /** PENDING_UPLOAD → VALID_FILE_TYPE → MISSING_METADATA, or a queued transcode. */
  private async intake(input: Intake): Promise<SongDto> {
    const row = await this.repo.insert({
      shortId: newSongShortId(),
      trackName: input.trackName ?? '',
      artistName: input.artistName ?? '',
      status: 'PENDING_UPLOAD',
      uploadedBy: input.uploadedBy,
    });
    const type = sniffAudioType(input.data);
    if (!type) {
      // Nothing of the file is kept: the row would only ever say "not audio".
      await this.repo.delete(row.id);
      throw fail('SONG_FILE_TYPE_UNSUPPORTED');
    }
    try {
      await this.platform.storage.put(songFiles.source(row.shortId), input.data);
    } catch (err) {
      await this.repo.delete(row.id);
      throw err;
    }

    const tags = await this.readTags(input.data, AUDIO_MIME[type], input.fileName);
    const trackName = input.trackName ?? tags.trackName;
    const artistName = input.artistName ?? tags.artistName;
    const accepted = await this.repo.transition(row.id, ['PENDING_UPLOAD'], {
      status: nextSongStatus(row.status, 'fileTypeValid')!,
      trackName: trackName ?? '',
      artistName: artistName ?? '',
      genre: input.genre ?? tags.genre ?? null,
      duration: tags.duration,
      isrc: tags.isrc ?? null,
      albumName: input.albumName ?? tags.albumName ?? null,
      releaseYear: input.releaseYear ?? tags.releaseYear ?? null,
    });
    // Deleted while the file was being read.
    if (!accepted) throw fail('SONG_NOT_FOUND');
    if (!trackName || !artistName) {
      const waiting = await this.repo.transition(accepted.id, [accepted.status], {
        status: nextSongStatus(accepted.status, 'metadataMissing')!,
      });
      return toSongDto(waiting ?? accepted);
    }
    return toSongDto(await this.transcoder.enqueue(accepted));
  }

  /** Tags of the file; a file music-metadata cannot read has none. */
  private async readTags(data: Buffer, mimeType: string, fileName: string): Promise<Tags> {
    try {
      const { common, format } = await parseBuffer(data, { mimeType, size: data.length });
      return {
        trackName: clean(common.title),
        artistName: clean(common.artist),
        genre: clean(common.genre?.[0]),
        duration: Math.max(0, Math.round(format.duration ?? 0)),
        isrc: clean(common.isrc?.[0]),
        albumName: clean(common.album),
        releaseYear: validYear(common.year),
      };
    } catch (err) {
      this.platform.log.warn({ err, fileName: path.basename(fileName) }, 'song upload: no tags');
      return { duration: 0 };
    }
  }

  private async verifiedRow(id: string): Promise<SongRow> {
    const row = await this.repo.byIdOrShortId(id);
    if (!row) throw fail('SONG_NOT_FOUND');
    if (row.status !== 'VERIFIED') throw fail('SONG_NOT_VERIFIED');
    return row;
  }

  /**
   * The m3u8 of a verified song, its segment URIs pointing at GET /songs/{id}/hls/{segment} and,
   * for a caller who may hear it (SEC-HLS-KEY-2/3), its key URI signed for them (SEC-HLS-KEY-1);
   * or where an external transcoder put it.
   */
  async playlist(
    id: string,
    auth: AuthContext | null,
  ): Promise<{ m3u8: string } | { redirect: string }> {
    const row = await this.verifiedRow(id);
    const stored = await this.platform.storage.get(songFiles.hls(row.shortId, 'index.m3u8'));
    if (!stored) {
      const external = row.streamUrls.uploadService?.hls;
      if (external && isExternal(external)) return { redirect: external };
      throw fail('SONG_HLS_NOT_FOUND');
    }
    const keyUrl =
      auth && (await this.access.mayHear(auth, row))
        ? await this.access.keyUrl(row.shortId, auth.uuid)
        : null;
    return { m3u8: rewritePlaylist(stored.toString('utf8'), row.shortId, keyUrl) };
  }

  /** One encrypted segment of a verified song. */
  async segment(id: string, segment: string): Promise<Buffer> {
    const row = await this.verifiedRow(id);
    const bytes = await this.platform.storage.get(songFiles.hls(row.shortId, segment));
    if (!bytes) throw fail('SONG_HLS_NOT_FOUND');
    return bytes;
  }

  /** The 16 key bytes of a verified song's segments, through a URL signed for the caller. */
  async key(auth: AuthContext | null, query: SongHlsKeyQuery): Promise<Buffer> {
    await this.access.check(auth, query);
    const row = await this.verifiedRow(query.songId);
    const key = await this.repo.hlsKey(row.id);
    if (!key) throw fail('SONG_HLS_NOT_FOUND');
    return key;
  }
}
