import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import type { TestServer } from '../../../test/harness';
import { SongRepository } from './repository';
import { createUploader, form, pollSong, transcodeSuite, upload } from './upload.fixtures';
import { SongUploadService } from './upload.service';

/**
 * The song.transcode job beyond the happy path: a full queue and a missing ffmpeg postpone the
 * verification (VERIFICATION_POSTPONED) and it is tried again; a restart resumes lost jobs;
 * ingest() runs the same pipeline for the demo catalogue.
 */

const suite = transcodeSuite('transcode', 'Queue Tone');

describe('VERIFICATION_POSTPONED', () => {
  it('postpones an upload when too many transcodes wait, and verifies it on the retry', async () => {
    const s = await suite.server({
      SONG_TRANSCODE_MAX_PENDING: '0',
      SONG_TRANSCODE_RETRY_DELAY: '1s',
    });
    const { token } = await createUploader(s);
    const answer = await upload(s, token, form(suite.tagged, 'tone.mp3'));
    expect(answer.status).toBe('VERIFICATION_POSTPONED');
    expect((await pollSong(s, answer.songShortId)).status).toBe('VERIFIED');
  }, 120_000);

  it('postpones while ffmpeg is unavailable, and verifies once it is back', async () => {
    const bin = path.join(suite.tmp, 'bin');
    const s = await suite.server({
      FFMPEG_PATH: path.join(bin, 'ffmpeg'),
      FFPROBE_PATH: path.join(bin, 'ffprobe'),
      SONG_TRANSCODE_RETRY_DELAY: '1s',
    });
    const { token } = await createUploader(s);
    const answer = await upload(s, token, form(suite.tagged, 'tone.mp3'));
    expect(answer.status).toBe('VALID_FILE_TYPE');
    const postponed = await pollSong(s, answer.songShortId, (st) => st !== 'VALID_FILE_TYPE');
    expect(postponed.status).toBe('VERIFICATION_POSTPONED');

    // ffmpeg is installed: the next retry verifies the song.
    await fs.mkdir(bin, { recursive: true });
    await fs.symlink('/usr/bin/ffmpeg', path.join(bin, 'ffmpeg'));
    await fs.symlink('/usr/bin/ffprobe', path.join(bin, 'ffprobe'));
    const song = await pollSong(s, answer.songShortId);
    expect(song.status).toBe('VERIFIED');
    expect(song.streamUrls.uploadService?.hls).toBe(
      `/api/song-service/songs/${song.songShortId}/hls-playlist`,
    );
  }, 120_000);
});

if (process.env.REDIS_URL) {
  console.log('restart test skipped: with REDIS_URL, BullMQ keeps the jobs across a restart');
}

describe.skipIf(!!process.env.REDIS_URL)('a restart (in-process queue)', () => {
  it('queues again the songs whose job was lost', async () => {
    // The retry is an hour away, and the in-process queue loses it with the process.
    const first = await suite.server(
      { SONG_TRANSCODE_MAX_PENDING: '0', SONG_TRANSCODE_RETRY_DELAY: '1h' },
      { keep: true },
    );
    const { token } = await createUploader(first);
    const answer = await upload(first, token, form(suite.tagged, 'tone.mp3'));
    expect(answer.status).toBe('VERIFICATION_POSTPONED');
    await first.close();
    suite.forget(first);

    const second = await suite.server({}, { reuse: first });
    expect((await pollSong(second, answer.songShortId)).status).toBe('VERIFIED');
  }, 120_000);
});

describe('ingest() (the demo catalogue)', () => {
  let s: TestServer;
  let ingest: SongUploadService['ingest'];

  beforeAll(async () => {
    s = await suite.server();
    const uploads = new SongUploadService(s.app.platform, new SongRepository(s.app.platform.db));
    ingest = (input) => uploads.ingest(input);
  });

  it('runs the upload pipeline without a capability; the given tags win over the file', async () => {
    const answer = await ingest({
      data: suite.tagged,
      fileName: 'catalogue.mp3',
      trackName: '  Catalogue Track ',
      artistName: 'House Band',
      genre: 'Jazz',
      albumName: null,
      releaseYear: 1999,
      uploadedBy: null,
    });
    expect(answer).toMatchObject({
      trackName: 'Catalogue Track',
      artistName: 'House Band',
      genre: 'Jazz',
      albumName: null,
      releaseYear: 1999,
      status: 'VALID_FILE_TYPE',
      uploadedBy: null,
    });
    const song = await pollSong(s, answer.songShortId);
    expect(song).toMatchObject({
      status: 'VERIFIED',
      musicProviders: { uploadService: song.songShortId },
    });
  }, 120_000);

  it('refuses a file that is not audio, keeping nothing', async () => {
    const before = await new SongRepository(s.app.platform.db).withStatus(['PENDING_UPLOAD']);
    const err = await ingest({
      data: Buffer.from('not audio at all, just text'),
      fileName: 'notes.txt',
      trackName: 'Notes',
      artistName: 'Nobody',
      uploadedBy: null,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 415, code: 'SONG_FILE_TYPE_UNSUPPORTED' });
    const after = await new SongRepository(s.app.platform.db).withStatus(['PENDING_UPLOAD']);
    expect(after).toHaveLength(before.length);
  });
});
