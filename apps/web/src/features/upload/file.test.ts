import { describe, expect, it } from 'vitest';
import { SONG_STATUSES, SONG_UPLOAD_MAX_BYTES } from '@tt/protocol';
import { fileProblem, formatBytes, isProcessing, statusTone } from './file';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('upload: which files go up', () => {
  it('takes audio by type, or by name when the browser gives no type', () => {
    expect(fileProblem(file('a.mp3', 'audio/mpeg'))).toBeNull();
    expect(fileProblem(file('a.flac', ''))).toBeNull();
    expect(fileProblem(file('a.m4a', 'video/mp4'))).toBeNull();
    expect(fileProblem(file('notes.txt', 'text/plain'))).toBe('type');
    expect(fileProblem(file('cover.png', 'image/png'))).toBe('type');
    expect(fileProblem(file('clip.mp4', 'video/webm'))).toBe('type');
  });

  it("refuses empty files and files over the server's limit (50 MB)", () => {
    expect(SONG_UPLOAD_MAX_BYTES).toBe(50 * 1024 * 1024);
    expect(fileProblem(file('a.mp3', 'audio/mpeg', 0))).toBe('empty');
    expect(fileProblem(file('a.mp3', 'audio/mpeg', SONG_UPLOAD_MAX_BYTES))).toBeNull();
    expect(fileProblem(file('a.mp3', 'audio/mpeg', SONG_UPLOAD_MAX_BYTES + 1))).toBe('size');
  });

  it('writes sizes as the server does', () => {
    expect(formatBytes(SONG_UPLOAD_MAX_BYTES)).toBe('50 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(3.25 * 1024 * 1024)).toBe('3.3 MB');
  });
});

describe('upload: song statuses', () => {
  it('polls only while the song is on its way', () => {
    expect(SONG_STATUSES.filter(isProcessing)).toEqual([
      'PENDING_UPLOAD',
      'VALID_FILE_TYPE',
      'VERIFICATION_POSTPONED',
    ]);
  });

  it('gives every status a tone', () => {
    expect(Object.fromEntries(SONG_STATUSES.map((s) => [s, statusTone(s)]))).toEqual({
      PENDING_UPLOAD: 'busy',
      VALID_FILE_TYPE: 'busy',
      MISSING_METADATA: 'action',
      VERIFIED: 'ready',
      UNVERIFIED: 'failed',
      VERIFICATION_ERROR: 'failed',
      VERIFICATION_POSTPONED: 'busy',
    });
  });
});
