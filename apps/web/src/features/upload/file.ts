import { SONG_UPLOAD_MAX_BYTES, type SongStatus } from '@tt/protocol';

/** Pure rules of the upload page (no React): which files go up, and what a song status means. */

/** File name endings of the audio the song service takes (MP3, M4A/AAC, WAV, FLAC, Ogg). */
export const AUDIO_EXTENSIONS = ['.mp3', '.m4a', '.aac', '.mp4', '.wav', '.flac', '.ogg', '.oga'];

/** The file picker's filter. */
export const AUDIO_ACCEPT = ['audio/*', ...AUDIO_EXTENSIONS].join(',');

export type FileProblem = 'type' | 'size' | 'empty';

/**
 * Why a picked file cannot go up, checked before sending it: not audio (by type, or by name when
 * the browser gives no type), empty, or over `maxBytes` (the server's limit). Null when it may go.
 * The server checks again (magic bytes, size) and has the last word.
 */
export function fileProblem(
  file: Pick<File, 'name' | 'type' | 'size'>,
  maxBytes = SONG_UPLOAD_MAX_BYTES,
): FileProblem | null {
  const name = file.name.toLowerCase();
  const audio =
    file.type.startsWith('audio/') ||
    ((file.type === '' || file.type === 'application/octet-stream' || file.type === 'video/mp4') &&
      AUDIO_EXTENSIONS.some((ext) => name.endsWith(ext)));
  if (!audio) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > maxBytes) return 'size';
  return null;
}

/** 1536 → "1.5 KB", 52428800 → "50 MB" (binary units, as the server counts them). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 || Number.isInteger(value) ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/**
 * Statuses of a song still on its way (PENDING_UPLOAD, VALID_FILE_TYPE, VERIFICATION_POSTPONED):
 * the page asks again every 2 seconds.
 */
export const PROCESSING_STATUSES: readonly SongStatus[] = [
  'PENDING_UPLOAD',
  'VALID_FILE_TYPE',
  'VERIFICATION_POSTPONED',
];

export const STATUS_POLL_MS = 2_000;

export const isProcessing = (status: SongStatus) => PROCESSING_STATUSES.includes(status);

/** How a status looks: ready, busy, needs the uploader, or failed. */
export function statusTone(status: SongStatus): 'ready' | 'busy' | 'action' | 'failed' {
  if (status === 'VERIFIED') return 'ready';
  if (isProcessing(status)) return 'busy';
  if (status === 'MISSING_METADATA') return 'action';
  return 'failed';
}
