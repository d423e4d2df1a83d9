import type { SongStatus } from '@tt/protocol';

/**
 * The life of an uploaded song, from one `SongStatus` to the next:
 *
 *   PENDING_UPLOAD ─fileTypeValid→ VALID_FILE_TYPE ─metadataMissing→ MISSING_METADATA
 *   MISSING_METADATA ─metadataCompleted→ VALID_FILE_TYPE (queued for verification again)
 *   VALID_FILE_TYPE | VERIFICATION_POSTPONED ─verified→ VERIFIED
 *                                            ─notPlayable→ UNVERIFIED
 *                                            ─verificationFailed→ VERIFICATION_ERROR
 *                                            ─verificationPostponed→ VERIFICATION_POSTPONED
 *   VERIFICATION_ERROR ─verified→ VERIFIED (an external transcoder succeeded on a later try)
 *
 * VERIFIED and UNVERIFIED are final. A file that is not audio never gets past PENDING_UPLOAD
 * (the upload is refused and the song removed).
 */
export type SongStatusEvent =
  /** The bytes are a supported audio type and the file is stored. */
  | 'fileTypeValid'
  /** Neither the tags nor the form give a title and an artist. */
  | 'metadataMissing'
  /** The uploader gave the missing title and artist. */
  | 'metadataCompleted'
  /** Transcoded to HLS and of a playable length. */
  | 'verified'
  /** The audio decodes but is not a playable song (see songDurationVerdict). */
  | 'notPlayable'
  /** The transcoder could not decode the file. */
  | 'verificationFailed'
  /** No transcoder free now (queue full, ffmpeg unavailable): tried again later. */
  | 'verificationPostponed';

const AWAITING_VERIFICATION = ['VALID_FILE_TYPE', 'VERIFICATION_POSTPONED'] as const;

const TRANSITIONS: Record<SongStatusEvent, readonly [readonly SongStatus[], SongStatus]> = {
  fileTypeValid: [['PENDING_UPLOAD'], 'VALID_FILE_TYPE'],
  metadataMissing: [['VALID_FILE_TYPE'], 'MISSING_METADATA'],
  metadataCompleted: [['MISSING_METADATA'], 'VALID_FILE_TYPE'],
  verified: [[...AWAITING_VERIFICATION, 'VERIFICATION_ERROR'], 'VERIFIED'],
  notPlayable: [AWAITING_VERIFICATION, 'UNVERIFIED'],
  verificationFailed: [AWAITING_VERIFICATION, 'VERIFICATION_ERROR'],
  verificationPostponed: [AWAITING_VERIFICATION, 'VERIFICATION_POSTPONED'],
};

/** The status a song in `current` moves to on `event`, or null when the event does not apply. */
export function nextSongStatus(current: SongStatus, event: SongStatusEvent): SongStatus | null {
  const [from, to] = TRANSITIONS[event];
  return from.includes(current) ? to : null;
}

/** Whether a verification (transcode) may run on a song in this status. */
export function awaitsVerification(status: SongStatus): boolean {
  return (AWAITING_VERIFICATION as readonly SongStatus[]).includes(status);
}

/**
 * Whether the upload pipeline is done with the song: nothing more happens to it by itself
 * (MISSING_METADATA waits for the uploader; the others are outcomes of a verification).
 */
export function isSettledSongStatus(status: SongStatus): boolean {
  return !['PENDING_UPLOAD', 'VALID_FILE_TYPE', 'VERIFICATION_POSTPONED'].includes(status);
}

/** Shortest playable song: anything shorter is a clip, a test tone or a mistake. */
export const SONG_MIN_SECONDS = 5;
/** Longest playable song: 20 minutes (a DJ set or a podcast is not a song to queue in a room). */
export const SONG_MAX_SECONDS = 20 * 60;

/** Whether decoded audio of this length (seconds) makes a playable song. */
export function songDurationVerdict(seconds: number): 'playable' | 'tooShort' | 'tooLong' {
  if (!(seconds >= SONG_MIN_SECONDS)) return 'tooShort';
  if (seconds > SONG_MAX_SECONDS) return 'tooLong';
  return 'playable';
}
