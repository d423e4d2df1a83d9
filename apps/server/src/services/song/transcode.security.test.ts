import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { songEndpoints } from '@tt/protocol';
import type { TestServer } from '../../../test/harness';
import { songFiles } from './files';
import { SongRepository } from './repository';
import { newSongShortId } from './short-id';
import { TRANSCODE_JOB, SongTranscoder } from './transcode';
import { createUploader, form, pollSong, transcodeSuite, upload } from './upload.fixtures';

/**
 * Transcode jobs that die or give up (SEC-JOBS-*), hostile uploads read by ffmpeg
 * (SEC-FFMPEG-1) and leftover temporary files (SEC-TMP-1). Each runs with the in-process queue,
 * and with BullMQ when REDIS_URL is set.
 */

const suite = transcodeSuite('sec', 'Sweep Tone');

/** A song awaiting verification whose job is gone (the process running it died). */
async function orphan(s: TestServer, status: 'VALID_FILE_TYPE' | 'PENDING_UPLOAD', age: number) {
  const repo = new SongRepository(s.app.platform.db);
  const shortId = newSongShortId();
  const past = new Date(Date.now() - age);
  const row = await repo.insert({
    shortId,
    trackName: 'Orphan',
    artistName: 'Crash',
    status,
    uploadedBy: null,
    createdAt: past,
    updatedAt: past,
  });
  await s.app.platform.storage.put(songFiles.source(shortId), suite.tagged);
  return row;
}

describe('SEC-JOBS-1: a transcode that gives up leaves the song in a final status', () => {
  it('SEC-JOBS-1: storage failing on every attempt ends in VERIFICATION_ERROR', async () => {
    const s = await suite.server();
    const storage = s.app.platform.storage;
    const put = storage.put.bind(storage);
    storage.put = async (key, data) => {
      if (key.startsWith('hls/')) throw new Error('disk full');
      return put(key, data);
    };
    const { token } = await createUploader(s);
    const answer = await upload(s, token, form(suite.tagged, 'tone.mp3'));
    expect(answer.status).toBe('VALID_FILE_TYPE');
    const song = await pollSong(s, answer.songShortId);
    expect(song.status).toBe('VERIFICATION_ERROR');
    // The uploaded file went with the verdict (deleted just after the status is committed, so it
    // may lag the status by a moment); no half-written rendition is left.
    const source = songFiles.source(answer.songShortId);
    for (let i = 0; i < 100 && (await storage.get(source)) !== null; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await storage.get(source)).toBeNull();
    expect(await storage.get(songFiles.hls(answer.songShortId, 'index.m3u8'))).toBeNull();
  }, 120_000);
});

describe('SEC-JOBS-2: the sweep queues again songs whose job was lost', () => {
  it('SEC-JOBS-2: a song left awaiting verification past the grace is verified; an unfinished upload is removed', async () => {
    const s = await suite.server({ SONG_TRANSCODE_GRACE: '1s' });
    const stuck = await orphan(s, 'VALID_FILE_TYPE', 60_000);
    const unfinished = await orphan(s, 'PENDING_UPLOAD', 60_000);
    // No restart: the periodic sweep finds it (with BullMQ, a start would not have either).
    const song = await pollSong(s, stuck.shortId);
    expect(song.status).toBe('VERIFIED');
    const repo = new SongRepository(s.app.platform.db);
    for (;;) {
      if (!(await repo.byIdOrShortId(unfinished.shortId))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await s.app.platform.storage.get(songFiles.source(unfinished.shortId))).toBeNull();
  }, 120_000);

  it('SEC-JOBS-2: a restart queues the lost job again, whichever queue', async () => {
    const first = await suite.server({}, { keep: true });
    const stuck = await orphan(first, 'VALID_FILE_TYPE', 60 * 60_000);
    await first.close();
    suite.forget(first);
    const second = await suite.server({ SONG_TRANSCODE_GRACE: '1m' }, { reuse: first });
    expect((await pollSong(second, stuck.shortId)).status).toBe('VERIFIED');
  }, 120_000);

  it('SEC-JOBS-2: a song whose job still waits is not queued twice (idempotent job ids)', async () => {
    const s = await suite.server({
      SONG_TRANSCODE_MAX_PENDING: '0',
      SONG_TRANSCODE_RETRY_DELAY: '1h',
      SONG_TRANSCODE_GRACE: '1s',
    });
    const { token } = await createUploader(s);
    const answer = await upload(s, token, form(suite.tagged, 'tone.mp3'));
    expect(answer.status).toBe('VERIFICATION_POSTPONED');
    // Past the grace: the sweep looks at it, and finds its delayed job under the same id.
    await new Promise((r) => setTimeout(r, 1500));
    const transcoder = new SongTranscoder(s.app.platform, new SongRepository(s.app.platform.db));
    expect(await transcoder.sweep()).toBeGreaterThanOrEqual(1);
    expect(await s.app.platform.jobs.pending(TRANSCODE_JOB)).toBe(0);
    const song = await s.client.call(songEndpoints.get, { params: { id: answer.songShortId } });
    expect(song.status).toBe('VERIFICATION_POSTPONED');
  }, 60_000);
});

describe('SEC-FFMPEG-1: ffmpeg reads an upload only as the type its bytes say', () => {
  it('SEC-FFMPEG-1: ID3 + #EXTM3U naming a local file is not read as a playlist', async () => {
    const s = await suite.server();
    // A playable local file the playlist names: read, it would make the upload a good song.
    const secret = path.join(suite.tmp, 'secret.mp3');
    await fs.writeFile(secret, suite.tagged);
    const playlist = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:10',
      '#EXTINF:8.0,',
      secret,
      '#EXT-X-ENDLIST',
      '',
    ].join('\n');
    const id3 = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
    const hostile = Buffer.concat([id3, Buffer.from(playlist)]);
    const { token } = await createUploader(s);
    const answer = await upload(
      s,
      token,
      form(hostile, 'list.mp3', { trackName: 'Not A Song', artistName: 'Nobody' }),
    );
    const song = await pollSong(s, answer.songShortId);
    expect(song.status).not.toBe('VERIFIED');
    expect(song.status).toBe('VERIFICATION_ERROR');
    const hls = await s.app.platform.storage.get(songFiles.hls(answer.songShortId, 'index.m3u8'));
    expect(hls).toBeNull();
  }, 120_000);
});

describe('SEC-TMP-1: leftover transcode files', () => {
  it('SEC-TMP-1: a start removes transcode files older than the grace, and keeps younger ones', async () => {
    const first = await suite.server({}, { keep: true });
    await first.close();
    suite.forget(first);
    const root = path.join(first.dataDir, 'tmp', 'transcode');
    const stale = path.join(root, 'hls-dead');
    const fresh = path.join(root, 'audio-running');
    for (const dir of [stale, fresh]) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, 'input'), 'bytes');
    }
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await fs.utimes(stale, hourAgo, hourAgo);
    await suite.server({ SONG_TRANSCODE_GRACE: '15m' }, { reuse: first });
    await expect(fs.stat(stale)).rejects.toThrow();
    expect((await fs.stat(path.join(fresh, 'input'))).isFile()).toBe(true);
  });
});
