import { SONG_STATUSES, type SongStatus } from '@tt/protocol';
import { describe, expect, it } from 'vitest';
import {
  SONG_MAX_SECONDS,
  SONG_MIN_SECONDS,
  awaitsVerification,
  isSettledSongStatus,
  nextSongStatus,
  songDurationVerdict,
  type SongStatusEvent,
} from './index';

const EVENTS: SongStatusEvent[] = [
  'fileTypeValid',
  'metadataMissing',
  'metadataCompleted',
  'verified',
  'notPlayable',
  'verificationFailed',
  'verificationPostponed',
];

/** Every allowed move, as `FROM -event-> TO`. */
function allowed(): string[] {
  const out: string[] = [];
  for (const from of SONG_STATUSES) {
    for (const event of EVENTS) {
      const to = nextSongStatus(from, event);
      if (to) out.push(`${from} -${event}-> ${to}`);
    }
  }
  return out.sort();
}

describe('song status transitions', () => {
  it('allows exactly the moves of the upload pipeline', () => {
    expect(allowed()).toEqual(
      [
        'PENDING_UPLOAD -fileTypeValid-> VALID_FILE_TYPE',
        'VALID_FILE_TYPE -metadataMissing-> MISSING_METADATA',
        'MISSING_METADATA -metadataCompleted-> VALID_FILE_TYPE',
        'VALID_FILE_TYPE -verified-> VERIFIED',
        'VALID_FILE_TYPE -notPlayable-> UNVERIFIED',
        'VALID_FILE_TYPE -verificationFailed-> VERIFICATION_ERROR',
        'VALID_FILE_TYPE -verificationPostponed-> VERIFICATION_POSTPONED',
        'VERIFICATION_POSTPONED -verified-> VERIFIED',
        'VERIFICATION_POSTPONED -notPlayable-> UNVERIFIED',
        'VERIFICATION_POSTPONED -verificationFailed-> VERIFICATION_ERROR',
        'VERIFICATION_POSTPONED -verificationPostponed-> VERIFICATION_POSTPONED',
        'VERIFICATION_ERROR -verified-> VERIFIED',
      ].sort(),
    );
  });

  it('keeps VERIFIED and UNVERIFIED final', () => {
    for (const event of EVENTS) {
      expect(nextSongStatus('VERIFIED', event)).toBeNull();
      expect(nextSongStatus('UNVERIFIED', event)).toBeNull();
    }
  });

  it('never verifies a song whose metadata is missing or whose file was not accepted', () => {
    for (const from of ['PENDING_UPLOAD', 'MISSING_METADATA'] as SongStatus[]) {
      expect(nextSongStatus(from, 'verified')).toBeNull();
      expect(nextSongStatus(from, 'verificationPostponed')).toBeNull();
    }
  });

  it('runs a verification only on songs waiting for one', () => {
    expect(SONG_STATUSES.filter(awaitsVerification)).toEqual([
      'VALID_FILE_TYPE',
      'VERIFICATION_POSTPONED',
    ]);
  });

  it('calls a song settled once the pipeline has nothing more to do by itself', () => {
    expect(SONG_STATUSES.filter(isSettledSongStatus)).toEqual([
      'MISSING_METADATA',
      'VERIFIED',
      'UNVERIFIED',
      'VERIFICATION_ERROR',
    ]);
  });
});

describe('playable song length', () => {
  it('is 5 seconds to 20 minutes, both included', () => {
    expect([SONG_MIN_SECONDS, SONG_MAX_SECONDS]).toEqual([5, 1200]);
    expect(songDurationVerdict(0)).toBe('tooShort');
    expect(songDurationVerdict(4.99)).toBe('tooShort');
    expect(songDurationVerdict(5)).toBe('playable');
    expect(songDurationVerdict(215.4)).toBe('playable');
    expect(songDurationVerdict(1200)).toBe('playable');
    expect(songDurationVerdict(1200.5)).toBe('tooLong');
    expect(songDurationVerdict(Number.NaN)).toBe('tooShort');
  });
});
