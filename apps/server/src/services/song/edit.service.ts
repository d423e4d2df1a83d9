import { nextSongStatus } from '@tt/rules';
import {
  type OkResponse,
  type SongDto,
  type SongListRes,
  type SongMetadataBody,
  type SongStatus,
  type SongTagsPatch,
} from '@tt/protocol';
import type { AuthContext } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { requireAccess } from '../../platform/access';
import type { Platform } from '../../platform/service';
import { removeSongFiles } from './files';
import type { NewSong, SongRepository, SongRow } from './repository';
import { toSongDto } from './service';
import { SongTranscoder } from './transcode';

/** The tag columns a patch sets: empty optional tags become null; absent ones stay as they are. */
function tagColumns(patch: SongTagsPatch): Partial<NewSong> {
  const out: Partial<NewSong> = {};
  if (patch.trackName !== undefined) out.trackName = patch.trackName;
  if (patch.artistName !== undefined) out.artistName = patch.artistName;
  if (patch.genre !== undefined) out.genre = patch.genre || null;
  if (patch.albumName !== undefined) out.albumName = patch.albumName || null;
  if (patch.releaseYear !== undefined) out.releaseYear = patch.releaseYear;
  if (patch.isrc !== undefined) out.isrc = patch.isrc || null;
  if (patch.explicit !== undefined) out.explicit = patch.explicit;
  return out;
}

/**
 * What an uploader does with their songs afterwards: tag edits (PATCH /songs/{id}, POST
 * /metadata, which also sends a MISSING_METADATA upload on to verification), deletion and the
 * list of their uploads.
 */
export class SongEditService {
  private readonly transcoder: SongTranscoder;

  constructor(
    private readonly platform: Platform,
    private readonly repo: SongRepository,
  ) {
    this.transcoder = new SongTranscoder(platform, repo);
  }

  private async row(id: string): Promise<SongRow> {
    const row = await this.repo.byIdOrShortId(id);
    if (!row) throw fail('SONG_NOT_FOUND');
    return row;
  }

  /** POST /metadata: every tag at once. */
  metadata(auth: AuthContext, body: SongMetadataBody): Promise<SongDto> {
    const { songId, ...tags } = body;
    return this.editTags(auth, String(songId), tags);
  }

  /** The uploader, a moderator or an admin changes tags (catalogue songs: staff only). */
  async editTags(auth: AuthContext, id: string, patch: SongTagsPatch): Promise<SongDto> {
    const row = await this.row(id);
    requireAccess(auth, 'song.edit', { ownerUuid: row.uploadedBy });
    const columns = tagColumns(patch);

    if (row.status === 'MISSING_METADATA') {
      const trackName = columns.trackName ?? row.trackName;
      const artistName = columns.artistName ?? row.artistName;
      if (trackName && artistName) {
        const moved = await this.repo.transition(row.id, ['MISSING_METADATA'], {
          ...columns,
          status: nextSongStatus(row.status, 'metadataCompleted')!,
        });
        if (moved) return toSongDto(await this.transcoder.enqueue(moved));
        // Moved meanwhile (deleted, or completed by another call): a plain edit below.
      }
    }
    const updated = await this.repo.update(row.id, columns);
    if (!updated) throw fail('SONG_NOT_FOUND');
    return toSongDto(updated);
  }

  /** The uploader or an admin deletes a song: its row, key, uploaded file and HLS files. */
  async delete(auth: AuthContext, id: string): Promise<OkResponse> {
    const row = await this.row(id);
    requireAccess(auth, 'song.delete', { ownerUuid: row.uploadedBy });
    await this.repo.delete(row.id);
    await removeSongFiles(this.platform.storage, row.shortId);
    this.platform.log.info({ shortId: row.shortId, by: auth.uuid }, 'song deleted');
    return { success: true };
  }

  /** The caller's uploads, newest first. */
  async mine(
    auth: AuthContext,
    status: SongStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<SongListRes> {
    const { rows, total } = await this.repo.listByUploader(auth.uuid, status, limit, offset);
    return {
      songs: rows.slice(0, limit).map(toSongDto),
      next: rows.length > limit ? offset + limit : null,
      total,
    };
  }
}
