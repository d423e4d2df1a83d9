import { execFile } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { authEndpoints, moderationEndpoints, type SongDto } from '@tt/protocol';
import { signUpUnverified } from '../user/auth/security.testing';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { ffmpegPath, ffprobePath, sniffAudioType } from './hls';
import { UPLOAD_PATH, createUploader, form, pollSong, tone, upload } from './upload.fixtures';

const run = promisify(execFile);

let s: TestServer;
let tmp: string;
let uploader: string;
let plain: string;
let guest: string;
/** An 8-second 440 Hz tone with title and artist tags. */
let tagged: Buffer;
/** The same tone without tags. */
let untagged: Buffer;

beforeAll(async () => {
  s = await startTestServer();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-song-upload-'));
  tagged = await tone(tmp, 'tagged.mp3', 8, {
    title: 'Test Tone',
    artist: 'Oscillator',
    genre: 'Ambient',
    album: 'Sines',
    date: '2024',
  });
  untagged = await tone(tmp, 'untagged.mp3', 8);
  uploader = (await createUploader(s)).token;
  plain = (await s.createUser()).token;
  guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
}, 180_000);
afterAll(async () => {
  await s.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

async function get(url: string, token?: string) {
  const res = await fetch(`${s.url}${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Whether the uploaded file of a song is still in storage. */
const sourceKept = async (shortId: string) =>
  (await s.app.platform.storage.get(`song-sources/${shortId}`)) !== null;

/**
 * Whether the uploaded file is dropped once the song settled: the job deletes it just after the
 * status moves, so this waits (up to 30 s) for the deletion rather than racing it.
 */
async function sourceDropped(shortId: string): Promise<boolean> {
  for (let i = 0; i < 300; i += 1) {
    if (!(await sourceKept(shortId))) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe('magic bytes', () => {
  it('recognises the audio types and nothing else', () => {
    const pad = (b: number[]) => Buffer.concat([Buffer.from(b), Buffer.alloc(16)]);
    expect(sniffAudioType(Buffer.concat([Buffer.from('ID3'), Buffer.alloc(16)]))).toBe('mp3');
    expect(sniffAudioType(pad([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3');
    expect(sniffAudioType(pad([0xff, 0xf1, 0x50, 0x80]))).toBe('aac');
    expect(sniffAudioType(Buffer.from('\0\0\0\x20ftypM4A \0\0\0\0', 'latin1'))).toBe('m4a');
    expect(sniffAudioType(Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'))).toBe('wav');
    expect(sniffAudioType(Buffer.from('fLaC\0\0\0\x22\0\0\0\0', 'latin1'))).toBe('flac');
    expect(sniffAudioType(Buffer.from('OggS\0\x02\0\0\0\0\0\0', 'latin1'))).toBe('ogg');
    expect(sniffAudioType(Buffer.from('just some text, not audio'))).toBeNull();
    expect(sniffAudioType(Buffer.from('RIFF\0\0\0\0AVI LIST', 'latin1'))).toBeNull();
  });
});

describe('POST /upload/song → VALID_FILE_TYPE → song.transcode → VERIFIED', () => {
  let answer: { status: number; body: SongDto };
  let song: SongDto;

  beforeAll(async () => {
    const res = await fetch(`${s.url}${UPLOAD_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${uploader}` },
      body: form(tagged, 'tone.mp3'),
    });
    answer = { status: res.status, body: (await res.json()) as SongDto };
    song = await pollSong(s, answer.body.songShortId);
  }, 120_000);

  it('answers 201 at once with the stored song, its tags read, waiting for verification', () => {
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      trackName: 'Test Tone',
      artistName: 'Oscillator',
      genre: 'Ambient',
      albumName: 'Sines',
      releaseYear: 2024,
      status: 'VALID_FILE_TYPE',
      musicProviders: {},
      streamUrls: {},
    });
    expect(answer.body.uploadedBy).not.toBeNull();
  });

  it('is verified by the transcode job, with its HLS stream and the decoded duration', async () => {
    expect(song).toMatchObject({
      id: answer.body.id,
      trackName: 'Test Tone',
      artistName: 'Oscillator',
      status: 'VERIFIED',
      musicProviders: { uploadService: song.songShortId },
      thumbnails: { uploadService: `/api/song-service/songs/${song.songShortId}/cover.svg` },
      streamUrls: {
        uploadService: { hls: `/api/song-service/songs/${song.songShortId}/hls-playlist` },
      },
    });
    expect(song.duration).toBeGreaterThanOrEqual(7);
    expect(song.duration).toBeLessThanOrEqual(9);
    // The HLS rendition replaces the uploaded file.
    expect(await sourceDropped(song.songShortId)).toBe(true);
  });

  it('serves a playlist, a key through a URL signed for the caller, and segments that decrypt to AAC', async () => {
    // Without a token the playlist names the bare key route (which refuses: hls-keys.test.ts).
    const bare = await get(`/api/song-service/songs/${song.songShortId}/hls-playlist`);
    expect(bare.bytes.toString()).toContain(
      `URI="/api/song-service/songs/hls/key?songId=${song.songShortId}"`,
    );
    const { res, bytes } = await get(
      `/api/song-service/songs/${song.songShortId}/hls-playlist`,
      plain,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
    const m3u8 = bytes.toString('utf8');
    expect(m3u8).toMatch(/^#EXTM3U/);
    expect(m3u8).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(m3u8).toContain('#EXT-X-ENDLIST');

    const keyLine = m3u8.split('\n').find((l) => l.startsWith('#EXT-X-KEY:'))!;
    expect(keyLine).toContain('METHOD=AES-128');
    const keyUri = /URI="([^"]+)"/.exec(keyLine)![1];
    expect(keyUri).toMatch(
      new RegExp(
        `^/api/song-service/songs/hls/key\\?songId=${song.songShortId}&exp=\\d+&sig=[\\w-]+&uid=`,
      ),
    );
    const iv = Buffer.from(/IV=0x([0-9a-fA-F]{32})/.exec(keyLine)![1], 'hex');

    const segments = m3u8.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(segments.length).toBeGreaterThanOrEqual(2); // 8 s in 6-second segments
    for (const uri of segments) {
      expect(uri).toMatch(
        new RegExp(`^/api/song-service/songs/${song.songShortId}/hls/seg\\d{5}\\.ts$`),
      );
    }

    // The key: 403 for another token, 16 bytes for the user it was signed for, with their token
    // or without one (SEC-HLS-KEY-4, a native player); a guest (a preview) gets its own URL.
    const anonymous = await get(keyUri);
    expect(anonymous.res.status).toBe(200);
    expect((await get(keyUri, guest)).res.status).toBe(403);
    const guestPlaylist = await get(
      `/api/song-service/songs/${song.songShortId}/hls-playlist`,
      guest,
    );
    const guestUri = /URI="([^"]+)"/.exec(guestPlaylist.bytes.toString())![1];
    const asGuest = await get(guestUri, guest);
    expect(asGuest.res.status).toBe(200);
    const { res: keyRes, bytes: key } = await get(keyUri, plain);
    expect(keyRes.status).toBe(200);
    expect(keyRes.headers.get('content-type')).toBe('application/octet-stream');
    expect(key.length).toBe(16);
    expect(asGuest.bytes.equals(key)).toBe(true);

    const { res: segRes, bytes: encrypted } = await get(segments[0]);
    expect(segRes.status).toBe(200);
    expect(encrypted[0]).not.toBe(0x47); // not plain MPEG-TS
    const decipher = createDecipheriv('aes-128-cbc', key, iv);
    const plainTs = Buffer.concat([decipher.update(encrypted), decipher.final()]);
    expect(plainTs[0]).toBe(0x47); // MPEG-TS sync byte
    const tsPath = path.join(tmp, 'seg.ts');
    await fs.writeFile(tsPath, plainTs);
    const { stdout } = await run(ffprobePath(), [
      ...['-v', 'error', '-select_streams', 'a:0'],
      ...['-show_entries', 'stream=codec_name,codec_type', '-of', 'json', tsPath],
    ]);
    const probe = JSON.parse(stdout) as { streams: { codec_name: string; codec_type: string }[] };
    expect(probe.streams[0]).toMatchObject({ codec_name: 'aac', codec_type: 'audio' });
    // Decodes without errors, too.
    await run(ffmpegPath(), ['-v', 'error', '-xerror', '-i', tsPath, '-f', 'null', '-']);

    // The segments are also reachable by numeric id; unknown segments are 404.
    const byNumeric = await get(`/api/song-service/songs/${song.id}/hls/seg00000.ts`);
    expect(byNumeric.bytes.equals(encrypted)).toBe(true);
    expect((await get(`/api/song-service/songs/${song.id}/hls/seg99999.ts`)).res.status).toBe(404);
    expect((await get(`/api/song-service/songs/${song.id}/hls/index.m3u8`)).res.status).toBe(400);
  }, 120_000);
});

describe('POST /upload/song refusals and statuses', () => {
  it('needs the uploadMusic capability', async () => {
    await expectError(
      upload(s, plain, form(tagged, 'tone.mp3')),
      403,
      'Uploading music needs the uploadMusic capability.',
    );
  });

  it('SEC-UNVERIFIED-1: an unverified account uploads nothing, the capability notwithstanding', async () => {
    const u = await signUpUnverified(s);
    const moderator = await s.createUser({ roles: ['user', 'moderator'] });
    const uuid = String(decodeJwt(u.token).uuid);
    await s.as(moderator.token).call(moderationEndpoints.addCapability, {
      params: { id: uuid, capability: 'uploadMusic' },
    });
    await expectError(
      upload(s, u.token, form(tagged, 'tone.mp3')),
      403,
      'Verify your e-mail address to do this.',
    );
  });

  it('SEC-INPUT-1: a form field holding a control character answers 400 naming it', async () => {
    await expectError(
      upload(s, uploader, form(tagged, 'tone.mp3', { trackName: 'a\u0000b' })),
      400,
      'body.trackName: must not contain control characters',
    );
  });

  it('refuses guests and anonymous callers', async () => {
    await expectError(upload(s, guest, form(tagged, 'tone.mp3')), 403);
    await expectError(upload(s, null, form(tagged, 'tone.mp3')), 401);
  });

  it('refuses a file that is not audio with 415', async () => {
    await expectError(
      upload(
        s,
        uploader,
        form(Buffer.from('hello, this is a text file\n'.repeat(10)), 'notes.txt'),
      ),
      415,
      /Unsupported audio file type/,
    );
  });

  it('refuses a request without a file', async () => {
    const fd = new FormData();
    fd.append('trackName', 'Nothing');
    await expectError(
      s.as(uploader).raw({ method: 'POST', path: UPLOAD_PATH, formData: fd }),
      400,
      'Send one audio file.',
    );
  });

  it('stops at MISSING_METADATA without title and artist tags, keeps the file, and the playlist is 403', async () => {
    const song = await upload(s, uploader, form(untagged, 'untagged.mp3'));
    expect(song).toMatchObject({
      status: 'MISSING_METADATA',
      trackName: '',
      artistName: '',
      streamUrls: {},
    });
    expect(song.duration).toBe(8); // from the file's header
    // Nothing more happens until the uploader gives the tags (POST /metadata).
    expect((await pollSong(s, song.songShortId)).status).toBe('MISSING_METADATA');
    expect(await sourceKept(song.songShortId)).toBe(true);
    for (const url of [
      `/api/song-service/songs/${song.songShortId}/hls-playlist`,
      `/api/song-service/songs/${song.songShortId}/hls/seg00000.ts`,
    ]) {
      const { res, bytes } = await get(url);
      expect(res.status).toBe(403);
      expect(JSON.parse(bytes.toString()).message).toBe('Song is not verified');
    }
    const key = await get(`/api/song-service/songs/hls/key?songId=${song.songShortId}`, plain);
    expect(key.res.status).toBe(403);
  }, 120_000);

  it('stops at MISSING_METADATA when only the title is known', async () => {
    const song = await upload(
      s,
      uploader,
      form(untagged, 'untagged.mp3', { trackName: 'Only A Title' }),
    );
    expect(song).toMatchObject({
      status: 'MISSING_METADATA',
      trackName: 'Only A Title',
      artistName: '',
    });
  });

  it('takes trackName and artistName from the form when the tags lack them', async () => {
    const answer = await upload(
      s,
      uploader,
      form(untagged, 'untagged.mp3', { trackName: 'Form Title', artistName: 'Form Artist' }),
    );
    expect(answer.status).toBe('VALID_FILE_TYPE');
    expect(await pollSong(s, answer.songShortId)).toMatchObject({
      trackName: 'Form Title',
      artistName: 'Form Artist',
      status: 'VERIFIED',
    });
  }, 120_000);

  it('marks VERIFICATION_ERROR when ffmpeg cannot decode the file', async () => {
    // MP3 magic bytes, but no audio frames.
    const broken = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(4096, 7)]);
    const answer = await upload(
      s,
      uploader,
      form(broken, 'broken.mp3', { trackName: 'Broken', artistName: 'Nobody' }),
    );
    expect(answer.status).toBe('VALID_FILE_TYPE');
    const song = await pollSong(s, answer.songShortId);
    expect(song.status).toBe('VERIFICATION_ERROR');
    expect(song.streamUrls).toEqual({});
    expect(await sourceDropped(song.songShortId)).toBe(true);
    const { res } = await get(`/api/song-service/songs/${song.songShortId}/hls-playlist`);
    expect(res.status).toBe(403);
  }, 120_000);

  it('marks UNVERIFIED a file that decodes but is shorter than 5 seconds', async () => {
    const clip = await tone(tmp, 'clip.mp3', 2, { title: 'Blip', artist: 'Oscillator' });
    const answer = await upload(s, uploader, form(clip, 'clip.mp3'));
    expect(answer.status).toBe('VALID_FILE_TYPE');
    const song = await pollSong(s, answer.songShortId);
    expect(song).toMatchObject({ status: 'UNVERIFIED', duration: 2, streamUrls: {} });
    const { res } = await get(`/api/song-service/songs/${song.songShortId}/hls-playlist`);
    expect(res.status).toBe(403);
  }, 120_000);

  it('marks UNVERIFIED a file longer than 20 minutes', async () => {
    const long = await tone(tmp, 'long.mp3', 21 * 60, { title: 'Drone', artist: 'Oscillator' });
    const answer = await upload(s, uploader, form(long, 'long.mp3'));
    const song = await pollSong(s, answer.songShortId);
    expect(song.status).toBe('UNVERIFIED');
    expect(song.duration).toBeGreaterThan(20 * 60);
  }, 120_000);

  it('verifies a song of exactly 5 seconds', async () => {
    const short = await tone(tmp, 'five.mp3', 5, { title: 'Five', artist: 'Oscillator' });
    const answer = await upload(s, uploader, form(short, 'five.mp3'));
    expect((await pollSong(s, answer.songShortId)).status).toBe('VERIFIED');
  }, 120_000);

  it('answers 413 for a file above the size limit', async () => {
    const small = await startTestServer({ SONG_UPLOAD_MAX_BYTES: '4096' });
    try {
      const user = await createUploader(small);
      await expectError(
        small.as(user.token).raw({
          method: 'POST',
          path: UPLOAD_PATH,
          formData: form(tagged, 'tone.mp3'),
        }),
        413,
        /File is too large/,
      );
    } finally {
      await small.close();
    }
  }, 120_000);

  it('unknown songs are 404 (their key, never signed, is 403)', async () => {
    const { res } = await get('/api/song-service/songs/zzzzzzzzzz/hls-playlist');
    expect(res.status).toBe(404);
    const key = await get('/api/song-service/songs/hls/key?songId=zzzzzzzzzz', plain);
    expect(key.res.status).toBe(403);
  });
});
